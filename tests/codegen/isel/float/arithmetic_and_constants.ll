; arithmetic and constants.
; RUN: rcc-par -stop-after=finalize-isel -relocation-model=static -verify-machineinstrs %s -o - | FileCheck %s
; CHECK-LABEL: {{^}}name: f{{$}}
; CHECK-DAG: ADDSDrr
; CHECK-DAG: SUBSDrr
; CHECK-DAG: MULSDrr
; CHECK-DAG: DIVSDrr
; CHECK-DAG: XORPSrm
; CHECK-DAG: MOVSDrm
; CHECK-DAG: MULSSrr
; CHECK-DAG: MOVSSrm
; +0.0 is an xorps
; CHECK-DAG: XORPSrr
; CHECK-DAG: $xmm0

define double @f(double %a, double %b) {
  %s = fadd double %a, %b
  %d = fsub double %s, 1.5
  %m = fmul double %d, %a
  %q = fdiv double %m, 0.0
  %n = fneg double %q
  ret double %n
}
define float @g(float %a) {
  %s = fmul float %a, 2.0
  ret float %s
}
