; constexpr: casts and relative differences.
; RUN: rcc-par -stop-after=finalize-isel -relocation-model=static -verify-machineinstrs %s -o - | FileCheck %s
; CHECK-LABEL: {{^}}name: f{{$}}
; CHECK-DAG: @a
; CHECK-DAG: @b
; CHECK-DAG: SUB64rr

@a = global i32 0
@b = global i32 0
define i64 @f() {
  %x = add i64 sub (i64 ptrtoint (ptr @a to i64), i64 ptrtoint (ptr @b to i64)), 4
  ret i64 %x
}
