; intrinsics: min max abs are compare and cmov.
; RUN: rcc-par -stop-after=finalize-isel -relocation-model=static %s -o - | FileCheck %s
; RUN: rcc-par -stop-after=finalize-isel -relocation-model=static %s -o - | FileCheck %s --check-prefix=COUNT
; CHECK-LABEL: {{^}}name: f{{$}}
; ult
; CHECK-DAG: , 2, implicit $eflags
; sgt
; CHECK-DAG: , 15, implicit $eflags
; slt
; CHECK-DAG: , 12, implicit $eflags
; CHECK-DAG: NEG32r
; COUNT-LABEL: {{^}}name: f{{$}}
; COUNT: CMOV32rr
; COUNT: CMOV32rr
; COUNT: CMOV32rr
; COUNT-NOT: CMOV32rr

declare i32 @llvm.umin.i32(i32, i32)
declare i32 @llvm.smax.i32(i32, i32)
declare i32 @llvm.abs.i32(i32, i1)
define i32 @f(i32 %a, i32 %b) {
%m = call i32 @llvm.umin.i32(i32 %a, i32 %b)
%x = call i32 @llvm.smax.i32(i32 %m, i32 %b)
%r = call i32 @llvm.abs.i32(i32 %x, i1 false)
ret i32 %r
}
