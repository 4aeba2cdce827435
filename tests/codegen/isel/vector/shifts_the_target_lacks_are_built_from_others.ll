; shifts the target lacks are built from others.
; RUN: rcc-par -stop-after=finalize-isel -relocation-model=static -verify-machineinstrs %s -o - | FileCheck %s
; RUN: rcc-par -stop-after=finalize-isel -relocation-model=static -verify-machineinstrs %s -o - | FileCheck %s --check-prefix=NONE
; CHECK-LABEL: {{^}}name: b{{$}}
; Bytes shift as words with a mask; arithmetic right shifts of bytes
; and quadwords are ((x >>u c) ^ m) - m.
; CHECK-DAG: PSRLWri
; CHECK-DAG: PANDrm
; CHECK-DAG: PSUBBrm
; CHECK-DAG: PSRLQri
; CHECK-DAG: PSUBQrm
; NONE-LABEL: {{^}}name: b{{$}}
; NONE-NOT: SAR

define <16 x i8> @b(<16 x i8> %x) {
  %r = ashr <16 x i8> %x, <i8 3, i8 3, i8 3, i8 3, i8 3, i8 3, i8 3, i8 3, i8 3, i8 3, i8 3, i8 3, i8 3, i8 3, i8 3, i8 3>
  ret <16 x i8> %r
}
define <2 x i64> @q(<2 x i64> %x) {
  %r = ashr <2 x i64> %x, <i64 5, i64 5>
  ret <2 x i64> %r
}
