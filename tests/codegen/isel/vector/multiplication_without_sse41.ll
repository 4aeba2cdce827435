; Vector multiplication without SSE4.1 (no PMULLD): v4i32 is two PMULUDQs
; of the even and odd lanes, recombined (PUNPCKLDQ); v2i64 three PMULUDQs
; with shifts; v8i16 PMULLW; v16i8 widens, multiplies and packs.
; RUN: rcc-par -stop-after=finalize-isel -relocation-model=static -verify-machineinstrs %s -o - | FileCheck %s
; RUN: rcc-par -stop-after=finalize-isel -relocation-model=static -verify-machineinstrs %s -o - | FileCheck %s --check-prefix=NONE
; RUN: rcc-par -stop-after=finalize-isel -relocation-model=static -verify-machineinstrs %s -o - | FileCheck %s --check-prefix=COUNT
; CHECK-LABEL: {{^}}name: m32{{$}}
; CHECK-DAG: PMULLWrr
; CHECK-DAG: PUNPCKLDQrr
; CHECK-DAG: PSLLQri
; CHECK-DAG: PACKUSWBrr
; NONE-LABEL: {{^}}name: m32{{$}}
; NONE-NOT: PMULLD
; COUNT-LABEL: {{^}}name: m32{{$}}
; COUNT: PMULUDQrr
; COUNT: PMULUDQrr
; COUNT: PMULUDQrr
; COUNT: PMULUDQrr
; COUNT: PMULUDQrr
; COUNT-NOT: PMULUDQrr

define <4 x i32> @m32(<4 x i32> %a, <4 x i32> %b) {
  %r = mul <4 x i32> %a, %b
  ret <4 x i32> %r
}
define <8 x i16> @m16(<8 x i16> %a, <8 x i16> %b) {
  %r = mul <8 x i16> %a, %b
  ret <8 x i16> %r
}
define <2 x i64> @m64(<2 x i64> %a, <2 x i64> %b) {
  %r = mul <2 x i64> %a, %b
  ret <2 x i64> %r
}
define <16 x i8> @m8(<16 x i8> %a, <16 x i8> %b) {
  %r = mul <16 x i8> %a, %b
  ret <16 x i8> %r
}
