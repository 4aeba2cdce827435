; constexpr: pointer to narrow int truncates.
; RUN: rcc-par -stop-after=finalize-isel -relocation-model=static -verify-machineinstrs %s -o - | FileCheck %s
; CHECK-LABEL: {{^}}name: f{{$}}
; CHECK-DAG: @a + -4
; CHECK-DAG: sub_32bit

@a = global i32 0
define i32 @f() {
  ret i32 ptrtoint (ptr getelementptr (i8, ptr @a, i64 -4) to i32)
}
