; cheap code: a symbol with an index becomes a base register.
; RUN: rcc-par -stop-after=finalize-isel -relocation-model=static %s -o - | FileCheck %s
; CHECK-LABEL: {{^}}name: f{{$}}
; CHECK-DAG: LEA64r $rip, 1, $noreg, @tab
; CHECK-DAG: MOV32rm %1, 4, %0, 0,

@tab = global [256 x i32] zeroinitializer
define i32 @f(i64 %i) {
%p = getelementptr inbounds [256 x i32], ptr @tab, i64 0, i64 %i
%v = load i32, ptr %p
ret i32 %v
}
