; minnum and maxnum are inline.
; RUN: rcc-par -stop-after=finalize-isel -relocation-model=static -verify-machineinstrs %s -o - | FileCheck %s
; CHECK-LABEL: {{^}}name: f{{$}}
; CHECK-DAG: MINSDrr %1
; CHECK-DAG: CMPSDrri %0
; CHECK-DAG: MAXSSrr %3
; CHECK-DAG: CMPSSrri %2
; CHECK-DAG: ANDNPDrr
; CHECK-DAG: ORPSrr

declare double @llvm.minnum.f64(double, double)
declare float @llvm.maxnum.f32(float, float)
define double @f(double %a, double %b, float %c, float %d) {
  %m = call double @llvm.minnum.f64(double %a, double %b)
  %x = call float @llvm.maxnum.f32(float %c, float %d)
  %e = fpext float %x to double
  %r = fadd double %m, %e
  ret double %r
}
