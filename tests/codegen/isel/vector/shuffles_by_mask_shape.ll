; shuffles by mask shape.
; RUN: rcc-par -stop-after=finalize-isel -relocation-model=static -verify-machineinstrs %s -o - | FileCheck %s
; RUN: rcc-par -stop-after=finalize-isel -relocation-model=static -verify-machineinstrs %s -o - | FileCheck %s --check-prefix=NONE
; CHECK-LABEL: {{^}}name: rev{{$}}
; CHECK-DAG: PSHUFDri
; CHECK-DAG: PUNPCKLDQrr
; CHECK-DAG: SHUFPSrri
; CHECK-DAG: PSHUFLWri
; CHECK-DAG: PSHUFHWri
; A byte shuffle goes through words: zero-extended halves, word
; shuffles, packuswb.
; CHECK-DAG: PUNPCKHBWrr
; CHECK-DAG: PACKUSWBrr
; NONE-LABEL: {{^}}name: rev{{$}}
; NONE-NOT: %stack.

define <4 x i32> @rev(<4 x i32> %a) {
  %r = shufflevector <4 x i32> %a, <4 x i32> poison, <4 x i32> <i32 3, i32 2, i32 1, i32 0>
  ret <4 x i32> %r
}
define <4 x i32> @unpck(<4 x i32> %a, <4 x i32> %b) {
  %r = shufflevector <4 x i32> %a, <4 x i32> %b, <4 x i32> <i32 0, i32 4, i32 1, i32 5>
  ret <4 x i32> %r
}
define <4 x i32> @two(<4 x i32> %a, <4 x i32> %b) {
  %r = shufflevector <4 x i32> %a, <4 x i32> %b, <4 x i32> <i32 3, i32 6, i32 1, i32 4>
  ret <4 x i32> %r
}
define <8 x i16> @lohi(<8 x i16> %a) {
  %r = shufflevector <8 x i16> %a, <8 x i16> poison, <8 x i32> <i32 1, i32 0, i32 3, i32 2, i32 7, i32 6, i32 5, i32 4>
  ret <8 x i16> %r
}
define <16 x i8> @any(<16 x i8> %a) {
  %r = shufflevector <16 x i8> %a, <16 x i8> poison, <16 x i32> <i32 1, i32 0, i32 3, i32 2, i32 5, i32 4, i32 7, i32 6, i32 15, i32 14, i32 13, i32 12, i32 11, i32 10, i32 9, i32 8>
  ret <16 x i8> %r
}
