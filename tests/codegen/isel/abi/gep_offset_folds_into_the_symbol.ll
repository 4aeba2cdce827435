; constexpr: gep offset folds into the symbol.
; RUN: rcc-par -stop-after=finalize-isel -relocation-model=static -verify-machineinstrs %s -o - | FileCheck %s
; CHECK-LABEL: {{^}}name: f{{$}}
; CHECK-DAG: MOV32rm $rip, 1, $noreg, @g + 8

@g = global [4 x i32] zeroinitializer
define i32 @f() {
  %v = load i32, ptr getelementptr inbounds (i8, ptr @g, i64 8), align 4
  ret i32 %v
}
