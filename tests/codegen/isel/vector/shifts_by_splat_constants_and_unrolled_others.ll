; shifts by splat constants and unrolled others.
; RUN: rcc-par -stop-after=finalize-isel -relocation-model=static -verify-machineinstrs %s -o - | FileCheck %s
; RUN: rcc-par -stop-after=finalize-isel -relocation-model=static -verify-machineinstrs %s -o - | FileCheck %s --check-prefix=COUNT
; CHECK-LABEL: {{^}}name: c{{$}}
; CHECK-DAG: PSLLDri
; CHECK-DAG: PSRLDri
; CHECK-DAG: PSRADri
; CHECK-DAG: PSRAWri
; A variable vector shift is unrolled to scalar shifts by %cl.
; COUNT-LABEL: {{^}}name: c{{$}}
; COUNT: SHL32rCL
; COUNT: SHL32rCL
; COUNT: SHL32rCL
; COUNT: SHL32rCL
; COUNT-NOT: SHL32rCL

define <4 x i32> @c(<4 x i32> %a) {
  %x = shl <4 x i32> %a, <i32 3, i32 3, i32 3, i32 3>
  %y = lshr <4 x i32> %x, <i32 1, i32 1, i32 1, i32 1>
  %z = ashr <4 x i32> %y, <i32 2, i32 2, i32 2, i32 2>
  ret <4 x i32> %z
}
define <8 x i16> @w(<8 x i16> %a) {
  %z = ashr <8 x i16> %a, <i16 15, i16 15, i16 15, i16 15, i16 15, i16 15, i16 15, i16 15>
  ret <8 x i16> %z
}
define <4 x i32> @v(<4 x i32> %a, <4 x i32> %s) {
  %z = shl <4 x i32> %a, %s
  ret <4 x i32> %z
}
