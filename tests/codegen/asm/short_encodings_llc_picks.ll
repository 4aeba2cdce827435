; The shorter encodings llc picks: a sign extension of %eax into %rax is
; cltq, a register shifted by one is added to itself, a memory shift by
; one has no immediate. (The accumulator forms of full-width immediates
; change only the bytes; short_forms.rs's unit test checks them.)
; RUN: rcc-par -O2 -relocation-model=pic %s -o - | FileCheck %s
; CHECK-LABEL: sext:
; CHECK: cltq
; CHECK-LABEL: shl1:
; CHECK: addl %e{{ax|di}}, %eax
; CHECK-LABEL: shl1m:
; CHECK: shll 8(%rdi)

declare i32 @g()
define i64 @sext() {
  %v = call i32 @g()
  %x = sext i32 %v to i64
  ret i64 %x
}
define i32 @shl1(i32 %a) {
  %r = shl i32 %a, 1
  ret i32 %r
}
define void @shl1m(ptr %p) {
  %q = getelementptr i8, ptr %p, i64 8
  %v = load i32, ptr %q
  %r = shl i32 %v, 1
  store i32 %r, ptr %q
  ret void
}
