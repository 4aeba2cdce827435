; multiplies by constants (LLVM's X86 combineMul, -O1 and up): an imul by
; an immediate takes three cycles, a shift, add or lea one.
; RUN: rcc-par -O2 %s -o - | FileCheck %s
; RUN: rcc-par -O0 %s -o - | FileCheck %s --check-prefix=O0
; 2^N+1 and 2^N-1: a shift and an add or sub.
; CHECK-LABEL: m257:
; CHECK: shll $8, %eax
; CHECK-NEXT: addl %edi, %eax
; CHECK-LABEL: m31:
; CHECK: shlq $5, %rax
; CHECK-NEXT: subq %rdi, %rax
; 9*5: two leas.
; CHECK-LABEL: m45:
; CHECK: leaq (%rdi,%rdi,8), %rax
; CHECK-NEXT: leaq (%rax,%rax,4), %rax
; 5*8: the shift first, the lea outside...
; CHECK-LABEL: m40:
; CHECK: shlq $3, %rdi
; CHECK-NEXT: leaq (%rdi,%rdi,4), %rax
; ...unless an add reads the product: then the lea first, and the shift
; becomes the scale of the add's lea.
; CHECK-LABEL: m40a:
; CHECK: leaq (%rdi,%rdi,4), %rax
; CHECK-NEXT: leaq (%rsi,%rax,8), %rax
; 2^N-2: (x << N) - (x + x).
; CHECK-LABEL: m30:
; CHECK: shll $5, %eax
; CHECK-NEXT: subl %ecx, %eax
; Not rewritten: 11 (LLVM's two-lea special forms), negative amounts, i16.
; CHECK-LABEL: m11:
; CHECK: imull $11, %edi, %eax
; CHECK-LABEL: mneg:
; CHECK: imull $-31, %edi, %eax
; CHECK-LABEL: m16:
; CHECK: imulw $257, %di, %ax
; At -O0 the multiply stays.
; O0-LABEL: m257:
; O0: imull $257

define i32 @m257(i32 %x) {
  %r = mul i32 %x, 257
  ret i32 %r
}
define i64 @m31(i64 %x) {
  %r = mul i64 %x, 31
  ret i64 %r
}
define i64 @m45(i64 %x) {
  %r = mul i64 %x, 45
  ret i64 %r
}
define i64 @m40(i64 %x) {
  %r = mul i64 %x, 40
  ret i64 %r
}
define i64 @m40a(i64 %x, i64 %y) {
  %r = mul i64 %x, 40
  %s = add i64 %r, %y
  ret i64 %s
}
define i32 @m30(i32 %x) {
  %r = mul i32 %x, 30
  ret i32 %r
}
define i32 @m11(i32 %x) {
  %r = mul i32 %x, 11
  ret i32 %r
}
define i32 @mneg(i32 %x) {
  %r = mul i32 %x, -31
  ret i32 %r
}
define i16 @m16(i16 %x) {
  %r = mul i16 %x, 257
  ret i16 %r
}
