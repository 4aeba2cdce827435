; selects with masks and scalar conditions.
; RUN: rcc-par -stop-after=finalize-isel -relocation-model=static -verify-machineinstrs %s -o - | FileCheck %s
; RUN: rcc-par -stop-after=finalize-isel -relocation-model=static -verify-machineinstrs %s -o - | FileCheck %s --check-prefix=COUNT1
; RUN: rcc-par -stop-after=finalize-isel -relocation-model=static -verify-machineinstrs %s -o - | FileCheck %s --check-prefix=COUNT2
; CHECK-LABEL: {{^}}name: m{{$}}
; The scalar condition is splat into a mask.
; CHECK-DAG: NEG32r
; CHECK-DAG: MOVDI2PDIrr
; CHECK-DAG: PSHUFDri
; COUNT1-LABEL: {{^}}name: m{{$}}
; COUNT1: PANDNrr
; COUNT1: PANDNrr
; COUNT1-NOT: PANDNrr
; COUNT2-LABEL: {{^}}name: m{{$}}
; COUNT2: PORrr
; COUNT2: PORrr
; COUNT2-NOT: PORrr

define <4 x i32> @m(<4 x i32> %a, <4 x i32> %b) {
  %c = icmp sgt <4 x i32> %a, %b
  %r = select <4 x i1> %c, <4 x i32> %a, <4 x i32> %b
  ret <4 x i32> %r
}
define <4 x i32> @s(i1 %c, <4 x i32> %a, <4 x i32> %b) {
  %r = select i1 %c, <4 x i32> %a, <4 x i32> %b
  ret <4 x i32> %r
}
