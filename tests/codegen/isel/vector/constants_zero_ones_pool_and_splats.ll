; Vector constants: zero is XORPS (as llc expands V_SET0), all-ones PCMPEQD, others from the constant
; pool; a splat of a scalar is MOVD and PSHUFD with immediate 0.
; RUN: rcc-par -stop-after=finalize-isel -relocation-model=static -verify-machineinstrs %s -o - | FileCheck %s
; CHECK-LABEL: {{^}}name: f{{$}}
; CHECK-DAG: XORPSrr
; CHECK-DAG: PCMPEQDrr
; CHECK-DAG: %const.0
; CHECK-DAG: MOVDI2PDIrr
; CHECK-DAG: PSHUFDri {{.*}}, 0{{$}}

define void @f(ptr %p, i32 %x) {
  store <4 x i32> zeroinitializer, ptr %p
  store <4 x i32> <i32 -1, i32 -1, i32 -1, i32 -1>, ptr %p
  store <4 x i32> <i32 1, i32 2, i32 3, i32 4>, ptr %p
  %i = insertelement <4 x i32> poison, i32 %x, i64 0
  %s = shufflevector <4 x i32> %i, <4 x i32> poison, <4 x i32> zeroinitializer
  store <4 x i32> %s, ptr %p
  ret void
}
