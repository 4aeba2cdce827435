; Vector compares: eq is PCMPEQ, ne is eq xor all-ones (all-ones is pcmpeqd
; x, x: a PXORrr), ult flips both sides' sign bits with a constant from the
; pool (two PXORrm); v2i64 eq without SSE4.1 (no PCMPEQQ) is a PCMPEQD and
; a PSHUFD of the halves.
; RUN: rcc-par -stop-after=finalize-isel -relocation-model=static -verify-machineinstrs %s -o - | FileCheck %s
; RUN: rcc-par -stop-after=finalize-isel -relocation-model=static -verify-machineinstrs %s -o - | FileCheck %s --check-prefix=NONE
; CHECK-LABEL: {{^}}name: eq{{$}}
; CHECK-DAG: PCMPEQDrr
; CHECK-DAG: PCMPEQWrr
; CHECK-DAG: PCMPGTBrr
; CHECK-DAG: PSHUFDri
; CHECK-DAG: PXORrr
; CHECK-DAG: PXORrm
; CHECK-DAG: PXORrm
; NONE-LABEL: {{^}}name: eq{{$}}
; NONE-NOT: PCMPEQQ

define <4 x i32> @eq(<4 x i32> %a, <4 x i32> %b) {
  %c = icmp eq <4 x i32> %a, %b
  %r = sext <4 x i1> %c to <4 x i32>
  ret <4 x i32> %r
}
define <8 x i16> @ne(<8 x i16> %a, <8 x i16> %b) {
  %c = icmp ne <8 x i16> %a, %b
  %r = sext <8 x i1> %c to <8 x i16>
  ret <8 x i16> %r
}
define <16 x i8> @ult(<16 x i8> %a, <16 x i8> %b) {
  %c = icmp ult <16 x i8> %a, %b
  %r = sext <16 x i1> %c to <16 x i8>
  ret <16 x i8> %r
}
define <2 x i64> @eq64(<2 x i64> %a, <2 x i64> %b) {
  %c = icmp eq <2 x i64> %a, %b
  %r = sext <2 x i1> %c to <2 x i64>
  ret <2 x i64> %r
}
