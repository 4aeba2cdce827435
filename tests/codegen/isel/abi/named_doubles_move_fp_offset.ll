; varargs: named doubles move fp_offset.
; One GPR and one XMM named: gp_offset 8, fp_offset 48 + 16; XMM0 (named)
; is not saved, XMM1 is the first saved.
; RUN: rcc-par -stop-after=finalize-isel -relocation-model=static -verify-machineinstrs %s -o - | FileCheck %s
; RUN: rcc-par -stop-after=finalize-isel -relocation-model=static -verify-machineinstrs %s -o - | FileCheck %s --check-prefix=NONE
; CHECK-LABEL: {{^}}name: f{{$}}
; CHECK-DAG: MOV32mi %stack.0, 1, $noreg, 0, $noreg, 8
; CHECK-DAG: MOV32mi %stack.0, 1, $noreg, 4, $noreg, 64
; CHECK-DAG: MOVAPSmr %stack.1, 1, $noreg, 64, $noreg, $xmm1
; NONE-LABEL: {{^}}name: f{{$}}
; NONE-NOT: , $xmm0{{$}}

define void @f(double %a, i32 %n, ...) {
  %ap = alloca [24 x i8], align 16
  call void @llvm.va_start.p0(ptr %ap)
  ret void
}
declare void @llvm.va_start.p0(ptr)
