; float vectors.
; RUN: rcc-par -stop-after=finalize-isel -relocation-model=static -verify-machineinstrs %s -o - | FileCheck %s
; CHECK-LABEL: {{^}}name: f{{$}}
; CHECK-DAG: ADDPSrr
; CHECK-DAG: MULPSrr
; CHECK-DAG: CMPPSrri
; CHECK-DAG: CVTDQ2PSrr
; CHECK-DAG: DIVPDrr
; CHECK-DAG: SHUFPDrri

define <4 x float> @f(<4 x float> %a, <4 x float> %b) {
  %s = fadd <4 x float> %a, %b
  %m = fmul <4 x float> %s, %a
  %c = fcmp olt <4 x float> %m, %b
  %r = select <4 x i1> %c, <4 x float> %m, <4 x float> %b
  ret <4 x float> %r
}
define <2 x double> @d(<2 x double> %a, <4 x i32> %i) {
  %c = sitofp <4 x i32> %i to <4 x float>
  %e = extractelement <4 x float> %c, i32 1
  %x = fpext float %e to double
  %v = insertelement <2 x double> %a, double %x, i32 1
  %q = fdiv <2 x double> %v, %a
  ret <2 x double> %q
}
