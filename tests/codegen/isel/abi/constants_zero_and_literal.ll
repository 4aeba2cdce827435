; aggregate: constants zero and literal.
; RUN: rcc-par -stop-after=finalize-isel -relocation-model=static -verify-machineinstrs %s -o - | FileCheck %s
; CHECK-LABEL: {{^}}name: f{{$}}
; CHECK-NOT: MOV8mi
; CHECK-DAG: MOV32mi %0, 1, $noreg, 0, $noreg, 0
; The two i8 fields are one i16 store (store merging, -O2).
; CHECK-DAG: MOV16mi %0, 1, $noreg, 4, $noreg, 0
; CHECK-DAG: MOV64mi32 %0, 1, $noreg, 8, $noreg, 0
; CHECK-DAG: MOV32mi %1, 1, $noreg, 0, $noreg, 7
; CHECK-DAG: MOV16mi %1, 1, $noreg, 4, $noreg, 25185
; CHECK-DAG: @g

%S = type { i32, [2 x i8], ptr }
@g = global i32 0
define void @f(ptr %p, ptr %q) {
  store %S zeroinitializer, ptr %p, align 8
  store %S { i32 7, [2 x i8] c"ab", ptr @g }, ptr %q, align 8
  ret void
}
