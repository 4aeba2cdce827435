; Division by a constant uses the dividend's known leading zeros (LLVM's
; BuildUDIV): a 32-bit limb under a remainder shifted by `shl nuw nsw` has a
; clear sign bit, so 10^9 is one multiplication and one shift, without the
; pre-shift a full 64-bit dividend needs; a plain shl keeps it.
; RUN: rcc-par -O2 %s -o - | FileCheck %s
; CHECK-LABEL: {{^}}f:
; CHECK-NOT: shrq
; CHECK: movabsq $1237940039285380275, %
; CHECK: mulq
; CHECK: shrq $26, %
; CHECK-LABEL: {{^}}g:
; CHECK: shrq $9, %
; CHECK: movabsq $19342813113834067, %
; CHECK: mulq
; CHECK: shrq $11, %

define i64 @f(i64 %r, i32 %limb) {
  %h = shl nuw nsw i64 %r, 32
  %l = zext i32 %limb to i64
  %x = or disjoint i64 %h, %l
  %q = udiv i64 %x, 1000000000
  ret i64 %q
}

define i64 @g(i64 %r, i32 %limb) {
  %h = shl nuw i64 %r, 32
  %l = zext i32 %limb to i64
  %x = or disjoint i64 %h, %l
  %q = udiv i64 %x, 1000000000
  ret i64 %q
}
