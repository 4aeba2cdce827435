; Vector extensions and truncations: sext by unpack and arithmetic shift,
; zext by unpack with zero, v2i32 -> v2i64 sext with a PCMPGT for the sign,
; v8i32 -> v8i16 by PACKSSDW.
; RUN: rcc-par -stop-after=finalize-isel -relocation-model=static -verify-machineinstrs %s -o - | FileCheck %s
; CHECK-LABEL: {{^}}name: sx{{$}}
; CHECK-DAG: PUNPCKLWDrr
; CHECK-DAG: PSRADri
; CHECK-DAG: PUNPCKLBWrr
; CHECK-DAG: PCMPGTDrr
; CHECK-DAG: PACKSSDWrr

define <4 x i32> @sx(<4 x i16> %a) {
  %r = sext <4 x i16> %a to <4 x i32>
  ret <4 x i32> %r
}
define <8 x i16> @zx(<8 x i8> %a) {
  %r = zext <8 x i8> %a to <8 x i16>
  ret <8 x i16> %r
}
define <2 x i64> @sx64(<2 x i32> %a) {
  %r = sext <2 x i32> %a to <2 x i64>
  ret <2 x i64> %r
}
define void @tr(ptr %p) {
  %a = load <8 x i32>, ptr %p
  %r = trunc <8 x i32> %a to <8 x i16>
  store <8 x i16> %r, ptr %p
  ret void
}
