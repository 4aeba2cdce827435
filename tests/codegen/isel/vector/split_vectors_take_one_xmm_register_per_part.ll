; split vectors take one xmm register per part.
; RUN: rcc-par -stop-after=finalize-isel -relocation-model=static -verify-machineinstrs %s -o - | FileCheck %s
; RUN: rcc-par -stop-after=finalize-isel -relocation-model=static -verify-machineinstrs %s -o - | FileCheck %s --check-prefix=COUNT
; CHECK-LABEL: {{^}}name: f{{$}}
; As llc: <4 x double> arguments in xmm0/xmm1 and xmm2/xmm3, the
; result in xmm0/xmm1.
; CHECK-DAG: $xmm0
; CHECK-DAG: $xmm1
; CHECK-DAG: $xmm2
; CHECK-DAG: $xmm3
; CHECK-DAG: implicit-def $xmm1
; COUNT-LABEL: {{^}}name: f{{$}}
; COUNT: ADDPDrr
; COUNT: ADDPDrr
; COUNT-NOT: ADDPDrr

define <4 x double> @f(<4 x double> %a, <4 x double> %b) {
  %r = fadd <4 x double> %a, %b
  ret <4 x double> %r
}
define <8 x i32> @g(<8 x i32> %a) {
  %r = call <8 x i32> @h(<8 x i32> %a, <8 x i32> %a)
  ret <8 x i32> %r
}
declare <8 x i32> @h(<8 x i32>, <8 x i32>)
