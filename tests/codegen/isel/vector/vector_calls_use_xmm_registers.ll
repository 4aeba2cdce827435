; vector calls use xmm registers.
; RUN: rcc-par -stop-after=finalize-isel -relocation-model=static -verify-machineinstrs %s -o - | FileCheck %s
; CHECK-LABEL: {{^}}name: f{{$}}
; CHECK-DAG: $xmm0
; CHECK-DAG: $xmm1
; CHECK-DAG: $edi

declare <4 x i32> @g(<4 x i32>, i32, <2 x double>)
define <4 x i32> @f(<4 x i32> %a, <2 x double> %d) {
  %r = call <4 x i32> @g(<4 x i32> %a, i32 1, <2 x double> %d)
  ret <4 x i32> %r
}
