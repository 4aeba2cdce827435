; Truncation to i1 lanes and back spreads the low bit as 0 - (x & 1) (byte
; lanes have no arithmetic shift in SSE2): PAND and PSUB, no PSRA.
; RUN: rcc-par -stop-after=finalize-isel -relocation-model=static -verify-machineinstrs %s -o - | FileCheck %s
; RUN: rcc-par -stop-after=finalize-isel -relocation-model=static -verify-machineinstrs %s -o - | FileCheck %s --check-prefix=NONE
; CHECK-LABEL: {{^}}name: v16i8{{$}}
; CHECK-DAG: PAND
; CHECK-DAG: PSUB
; CHECK-LABEL: {{^}}name: v2i64{{$}}
; CHECK-DAG: PAND
; CHECK-DAG: PSUB
; NONE-LABEL: {{^}}name: v16i8{{$}}
; NONE-NOT: PSRA
; NONE-LABEL: {{^}}name: v2i64{{$}}
; NONE-NOT: PSRA

define <16 x i8> @v16i8(<16 x i8> %x) {
  %t = trunc <16 x i8> %x to <16 x i1>
  %s = sext <16 x i1> %t to <16 x i8>
  ret <16 x i8> %s
}
define <2 x i64> @v2i64(<2 x i64> %x) {
  %t = trunc <2 x i64> %x to <2 x i1>
  %s = sext <2 x i1> %t to <2 x i64>
  ret <2 x i64> %s
}
