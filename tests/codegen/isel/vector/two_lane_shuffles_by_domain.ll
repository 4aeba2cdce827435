; two-lane shuffles by domain: the low (or high) lanes of two v2i64 are
; paired by punpcklqdq (punpckhqdq) in the integer domain, as llc selects;
; v2f64 and the other pairs are one shufpd.
; RUN: rcc-par -stop-after=finalize-isel -relocation-model=static -verify-machineinstrs %s -o - | FileCheck %s
; CHECK-LABEL: {{^}}name: low_longs{{$}}
; CHECK: PUNPCKLQDQrr %0(tied-def 0), %1
; CHECK-LABEL: {{^}}name: high_longs{{$}}
; CHECK: PUNPCKHQDQrr %0(tied-def 0), %1
; CHECK-LABEL: {{^}}name: crossed_longs{{$}}
; CHECK: SHUFPDrri %0(tied-def 0), %1, 1
; CHECK-LABEL: {{^}}name: low_doubles{{$}}
; CHECK: SHUFPDrri %0(tied-def 0), %1, 0

define <2 x i64> @low_longs(<2 x i64> %a, <2 x i64> %b) {
  %r = shufflevector <2 x i64> %a, <2 x i64> %b, <2 x i32> <i32 0, i32 2>
  ret <2 x i64> %r
}
define <2 x i64> @high_longs(<2 x i64> %a, <2 x i64> %b) {
  %r = shufflevector <2 x i64> %a, <2 x i64> %b, <2 x i32> <i32 1, i32 3>
  ret <2 x i64> %r
}
define <2 x i64> @crossed_longs(<2 x i64> %a, <2 x i64> %b) {
  %r = shufflevector <2 x i64> %a, <2 x i64> %b, <2 x i32> <i32 1, i32 2>
  ret <2 x i64> %r
}
define <2 x double> @low_doubles(<2 x double> %a, <2 x double> %b) {
  %r = shufflevector <2 x double> %a, <2 x double> %b, <2 x i32> <i32 0, i32 2>
  ret <2 x double> %r
}
