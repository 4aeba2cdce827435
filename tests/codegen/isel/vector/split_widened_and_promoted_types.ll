; split widened and promoted types.
; RUN: rcc-par -stop-after=finalize-isel -relocation-model=static -verify-machineinstrs %s -o - | FileCheck %s
; RUN: rcc-par -stop-after=finalize-isel -relocation-model=static -verify-machineinstrs %s -o - | FileCheck %s --check-prefix=COUNT1
; RUN: rcc-par -stop-after=finalize-isel -relocation-model=static -verify-machineinstrs %s -o - | FileCheck %s --check-prefix=COUNT2
; CHECK-LABEL: {{^}}name: split{{$}}
; <2 x i32> lives in the low half of a v4i32: an 8-byte load and
; store around the v4i32 multiply.
; CHECK-DAG: MOVQI2PQIrm
; CHECK-DAG: MOVPQI2QImr
; CHECK-DAG: PMULUDQrr
; The i1 lanes are 0/-1 in 32-bit lanes; zext masks them with 1.
; CHECK-DAG: PCMPGTDrr
; CHECK-DAG: PORrr
; Two halves: two loads, adds and stores at +0 and +16.
; COUNT1-LABEL: {{^}}name: split{{$}}
; COUNT1: PADDDrr
; COUNT1: PADDDrr
; COUNT1-NOT: PADDDrr
; COUNT2-LABEL: {{^}}name: split{{$}}
; COUNT2: MOVAPSmr
; COUNT2: MOVAPSmr
; COUNT2-NOT: MOVAPSmr

define void @split(ptr %p) {
  %a = load <8 x i32>, ptr %p, align 32
  %s = add <8 x i32> %a, %a
  store <8 x i32> %s, ptr %p, align 32
  ret void
}
define void @widen(ptr %p) {
  %a = load <2 x i32>, ptr %p, align 8
  %s = mul <2 x i32> %a, %a
  store <2 x i32> %s, ptr %p, align 8
  ret void
}
define <4 x i32> @promote(<4 x i32> %a, <4 x i32> %b) {
  %c = icmp eq <4 x i32> %a, %b
  %d = icmp sgt <4 x i32> %a, %b
  %e = or <4 x i1> %c, %d
  %r = zext <4 x i1> %e to <4 x i32>
  ret <4 x i32> %r
}
