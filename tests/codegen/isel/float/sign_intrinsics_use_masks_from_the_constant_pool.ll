; sign intrinsics use masks from the constant pool.
; RUN: rcc-par -stop-after=finalize-isel -relocation-model=static -verify-machineinstrs %s -o - | FileCheck %s
; RUN: rcc-par -stop-after=finalize-isel -relocation-model=static -verify-machineinstrs %s -o - | FileCheck %s --check-prefix=COUNT
; CHECK-LABEL: {{^}}name: f{{$}}
; CHECK-DAG: ANDPSrm
; CHECK-DAG: ORPSrr
; CHECK-DAG: SQRTSDr
; 16-byte masks: abs f64, abs f32, sign f32.
; COUNT-LABEL: {{^}}name: f{{$}}
; COUNT: align=16
; COUNT: align=16
; COUNT: align=16
; COUNT-NOT: align=16

declare double @llvm.fabs.f64(double)
declare float @llvm.copysign.f32(float, float)
declare double @llvm.sqrt.f64(double)
define double @f(double %a, float %b, float %c) {
  %x = call double @llvm.fabs.f64(double %a)
  %s = call float @llvm.copysign.f32(float %b, float %c)
  %e = fpext float %s to double
  %y = fadd double %x, %e
  %r = call double @llvm.sqrt.f64(double %y)
  ret double %r
}
