; `p[i - 1]` with `add nsw` extended to i64: the extension moves before the
; add (LLVM's promoteExtBeforeAdd) and the constant becomes the
; displacement, so both accesses share one extension of %i.
; RUN: rcc-par -O2 -relocation-model=static %s -o - | FileCheck %s
; CHECK-LABEL: {{^}}f:
; CHECK: movslq %esi, %[[I:[a-z0-9]+]]
; CHECK-DAG: -8(%rdi,%[[I]],8)
; CHECK-DAG: -16(%rdi,%[[I]],8)
; CHECK: retq

define i64 @f(ptr %p, i32 %i) {
  %a = add nsw i32 %i, -1
  %ae = sext i32 %a to i64
  %pa = getelementptr i64, ptr %p, i64 %ae
  %va = load i64, ptr %pa
  %b = add nsw i32 %i, -2
  %be = sext i32 %b to i64
  %pb = getelementptr i64, ptr %p, i64 %be
  %vb = load i64, ptr %pb
  %s = add i64 %va, %vb
  ret i64 %s
}
