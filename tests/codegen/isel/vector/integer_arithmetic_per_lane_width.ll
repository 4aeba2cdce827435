; integer arithmetic per lane width.
; RUN: rcc-par -stop-after=finalize-isel -relocation-model=static -verify-machineinstrs %s -o - | FileCheck %s
; CHECK-LABEL: {{^}}name: f{{$}}
; CHECK-DAG: PSUBBrr
; CHECK-DAG: PADDWrr
; CHECK-DAG: PANDrr
; CHECK-DAG: PORrr
; CHECK-DAG: PXORrr
; CHECK-DAG: PADDQrr

define void @f(ptr %p) {
  %b = load <16 x i8>, ptr %p
  %w = load <8 x i16>, ptr %p
  %d = load <4 x i32>, ptr %p
  %q = load <2 x i64>, ptr %p
  %b1 = sub <16 x i8> %b, %b
  %w1 = add <8 x i16> %w, %w
  %d1 = and <4 x i32> %d, %d
  %d2 = or <4 x i32> %d1, %d
  %q1 = xor <2 x i64> %q, %q
  %q2 = add <2 x i64> %q1, %q
  store <16 x i8> %b1, ptr %p
  store <8 x i16> %w1, ptr %p
  store <4 x i32> %d2, ptr %p
  store <2 x i64> %q2, ptr %p
  ret void
}
