; x86 address matching: `or disjoint` is a sum (LLVM's isADDLike), so
; clang's `a[i | 1]` after aligning `i` folds the `| 1` into the
; displacement instead of computing it with `orq $1`. A plain `or` (bits
; may overlap) stays an instruction.
; RUN: rcc-par -O2 -relocation-model=static %s -o - | FileCheck %s
; CHECK-LABEL: f:
; CHECK-NOT: orq
; CHECK: movq 8(%rdi,%rsi,8), %rax
; CHECK-LABEL: g:
; CHECK: orq $1, %rsi

define i64 @f(ptr %a, i64 %i) {
  %j = shl i64 %i, 1
  %k = or disjoint i64 %j, 1
  %p = getelementptr inbounds i64, ptr %a, i64 %k
  %v = load i64, ptr %p
  ret i64 %v
}

define i64 @g(ptr %a, i64 %i) {
  %k = or i64 %i, 1
  %p = getelementptr inbounds i64, ptr %a, i64 %k
  %v = load i64, ptr %p
  ret i64 %v
}
