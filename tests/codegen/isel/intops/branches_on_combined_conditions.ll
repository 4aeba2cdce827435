; A branch on a single-use tree of logical and/or (also the select forms)
; branches on each leaf through new blocks, as llc's FindMergedConditions
; does, unless x86's cost rule (shouldKeepJumpConditionsTogether) or
; ShouldEmitAsBranches keeps the condition together. Every decision and
; probability here is llc-19 -O2's (-stop-after=finalize-isel).
; RUN: rcc-par -O2 -stop-after=finalize-isel -verify-machineinstrs %s -o - | FileCheck %s
; RUN: rcc-par -O0 -stop-after=finalize-isel -verify-machineinstrs %s -o - | FileCheck %s --check-prefix=O0

; At -O0 (llc's fast isel) every condition stays together.
; O0-NOT: {{^}}bb.3
declare void @f1()
declare void @f2()

; `a == 0 && *p > 5`: the load makes the right side dearer than x86's
; budget, so each compare branches; the second in a new block, LLVM's
; probabilities from even odds: (A + B/2, B/2), then normalize(A, B/2).
; CHECK-LABEL: {{^}}name: and_of_compares{{$}}
; CHECK-NOT: SETCCr
; CHECK: successors: %bb.3(0x60000000), %bb.2(0x20000000){{$}}
; CHECK: TEST32rr
; CHECK-NEXT: JCC_1 %bb.3, 4,
; CHECK: {{^}}bb.3:
; CHECK-NEXT: successors: %bb.1(0x55555555), %bb.2(0x2aaaaaab){{$}}
; CHECK-NEXT: CMP32ri8 %{{[0-9]+}}, 5,
; CHECK-NEXT: JCC_1 %bb.1, 15,
define void @and_of_compares(i32 %a, ptr %p) {
  %c1 = icmp eq i32 %a, 0
  %b = load i32, ptr %p
  %c2 = icmp sgt i32 %b, 5
  %c = and i1 %c1, %c2
  br i1 %c, label %t, label %e
t:
  call void @f1()
  ret void
e:
  call void @f2()
  ret void
}

; `select c1, true, c2` is an `or`: (A/2, A/2 + B), then normalize(A/2, B).
; CHECK-LABEL: {{^}}name: or_as_select{{$}}
; CHECK-NOT: SETCCr
; CHECK: successors: %bb.1(0x20000000), %bb.3(0x60000000){{$}}
; CHECK: JCC_1 %bb.1, 4,
; CHECK: {{^}}bb.3:
; CHECK-NEXT: successors: %bb.1(0x2aaaaaab), %bb.2(0x55555555){{$}}
; CHECK: JCC_1 %bb.1, 15,
define void @or_as_select(i32 %a, ptr %p) {
  %c1 = icmp eq i32 %a, 0
  %b = load i32, ptr %p
  %c2 = icmp sgt i32 %b, 5
  %c = select i1 %c1, i1 true, i1 %c2
  br i1 %c, label %t, label %e
t:
  call void @f1()
  ret void
e:
  call void @f2()
  ret void
}

; A nested tree of one operation: three leaves, three blocks in leaf order.
; CHECK-LABEL: {{^}}name: and_as_select_nested{{$}}
; CHECK-NOT: SETCCr
; CHECK: successors: %bb.4(0x70000000), %bb.2(0x10000000){{$}}
; CHECK: JCC_1 %bb.4, 5,
; CHECK: {{^}}bb.4:
; CHECK-NEXT: successors: %bb.3(0x6db6db6e), %bb.2(0x12492492){{$}}
; CHECK: JCC_1 %bb.3, 2,
; CHECK: {{^}}bb.3:
; CHECK-NEXT: successors: %bb.1(0x55555555), %bb.2(0x2aaaaaab){{$}}
; CHECK: JCC_1 %bb.1, 12,
define void @and_as_select_nested(i32 %a, ptr %p, ptr %q) {
  %c1 = icmp ne i32 %a, 0
  %b = load i32, ptr %p
  %c2 = icmp ult i32 %b, 100
  %d = load i64, ptr %q
  %c3 = icmp slt i64 %d, 0
  %x = select i1 %c1, i1 %c2, i1 false
  %c = select i1 %x, i1 %c3, i1 false
  br i1 %c, label %t, label %e
t:
  call void @f1()
  ret void
e:
  call void @f2()
  ret void
}

; `!(a == 0 || b > 5) && m < 50`: the `not` turns its `or` into an `and`
; of inverted compares (ne, le), one tree with the outer `and`.
; CHECK-LABEL: {{^}}name: not_inverts{{$}}
; CHECK-NOT: SETCCr
; CHECK: successors: %bb.4(0x70000000), %bb.2(0x10000000){{$}}
; CHECK: JCC_1 %bb.4, 5,
; CHECK: {{^}}bb.4:
; CHECK: JCC_1 %bb.3, 14,
; CHECK: {{^}}bb.3:
; CHECK: JCC_1 %bb.1, 12,
define void @not_inverts(i32 %a, ptr %p) {
  %c1 = icmp eq i32 %a, 0
  %b = load i32, ptr %p
  %c2 = icmp sgt i32 %b, 5
  %o = or i1 %c1, %c2
  %c = xor i1 %o, true
  %m = load i32, ptr %p
  %c4 = icmp slt i32 %m, 50
  %r = and i1 %c, %c4
  br i1 %r, label %t, label %e
t:
  call void @f1()
  ret void
e:
  call void @f2()
  ret void
}

; fcmp leaves: `olt` is `ja` on swapped operands; `oeq` branches to the
; false side on `une` (jne, jp).
; CHECK-LABEL: {{^}}name: fcmp_leaves{{$}}
; CHECK-NOT: SETCCr
; CHECK: UCOMISDrr
; CHECK-NEXT: JCC_1 %bb.1, 7,
; CHECK: {{^}}bb.3:
; CHECK: UCOMISDrr
; CHECK-NEXT: JCC_1 %bb.2, 5,
; CHECK-NEXT: JCC_1 %bb.2, 10,
; CHECK-NEXT: JMP_1 %bb.1
define void @fcmp_leaves(double %x, double %y, ptr %p) {
  %c1 = fcmp olt double %x, %y
  %z = load double, ptr %p
  %c2 = fcmp oeq double %z, %x
  %c = or i1 %c1, %c2
  br i1 %c, label %t, label %e
t:
  call void @f1()
  ret void
e:
  call void @f2()
  ret void
}

; The targets' PHIs name every step that reaches them; the phi-edge copies
; are made in the first block, and the second compare reads the load's
; register.
; CHECK-LABEL: {{^}}name: phis_in_targets{{$}}
; CHECK: JCC_1 %bb.3, 15,
; CHECK: {{^}}bb.3:
; CHECK: CMP32rr
; CHECK-NEXT: JCC_1 %bb.1, 4,
; CHECK: {{^}}bb.1
; CHECK-NEXT: PHI %{{[0-9]+}}, %bb.3{{$}}
; CHECK: {{^}}bb.2
; CHECK-NEXT: PHI %{{[0-9]+}}, %bb.0, %{{[0-9]+}}, %bb.3{{$}}
define i32 @phis_in_targets(i32 %a, ptr %p, i32 %v) {
entry:
  %c1 = icmp sgt i32 %a, 10
  %b = load i32, ptr %p
  %q = getelementptr i32, ptr %p, i64 1
  %w = load i32, ptr %q
  %c2 = icmp eq i32 %w, %v
  %c = and i1 %c1, %c2
  br i1 %c, label %t, label %e
t:
  %s = phi i32 [ %b, %entry ]
  ret i32 %s
e:
  %r = phi i32 [ %a, %entry ]
  ret i32 %r
}

; A hot `else` edge of an `and` (LLVM 19 calls successor 1 "IfTrue" and
; counts this as likely needing both sides): the cost rule decides (one
; compare of an argument: kept together).
; CHECK-LABEL: {{^}}name: hot_else_stays_one{{$}}
; CHECK: SETCCr
; CHECK: SETCCr
; CHECK-NOT: {{^}}bb.3
define void @hot_else_stays_one(i32 %a, i32 %b) {
  %c1 = icmp eq i32 %a, 0
  %c2 = icmp sgt i32 %b, 5
  %c = and i1 %c1, %c2
  br i1 %c, label %t, label %e, !prof !1
t:
  call void @f1()
  ret void
e:
  call void @f2()
  ret void
}

; Compares of arguments cost less than x86's budget (2): one condition.
; CHECK-LABEL: {{^}}name: kept_together{{$}}
; CHECK: SETCCr
; CHECK: SETCCr
; CHECK-NOT: {{^}}bb.3
define void @kept_together(i32 %a, i32 %b) {
  %c1 = icmp eq i32 %a, 0
  %c2 = icmp sgt i32 %b, 5
  %c = and i1 %c1, %c2
  br i1 %c, label %t, label %e
t:
  call void @f1()
  ret void
e:
  call void @f2()
  ret void
}

; Two compares of the same operands stay one condition (ShouldEmitAsBranches),
; which the combiner makes one compare: a < b || b == a is a <= b.
; CHECK-LABEL: {{^}}name: same_operands_stay_one{{$}}
; CHECK-NOT: SETCCr
; CHECK: CMP32rm
; CHECK-NEXT: JCC_1 %bb.1, 14,
; CHECK-NOT: {{^}}bb.3
define void @same_operands_stay_one(i32 %a, ptr %p) {
  %b = load i32, ptr %p
  %c1 = icmp slt i32 %a, %b
  %c2 = icmp eq i32 %b, %a
  %c = or i1 %c1, %c2
  br i1 %c, label %t, label %e
t:
  call void @f1()
  ret void
e:
  call void @f2()
  ret void
}

; `a == null && b == null` stays one condition, `(a | b) == 0`.
; CHECK-LABEL: {{^}}name: both_null_stays_one{{$}}
; CHECK-NOT: SETCCr
; CHECK: OR64rm
; CHECK: JCC_1 %bb.1, 4,
; CHECK-NOT: {{^}}bb.3
define void @both_null_stays_one(ptr %a, ptr %p) {
  %b = load ptr, ptr %p
  %c1 = icmp eq ptr %a, null
  %c2 = icmp eq ptr %b, null
  %c = and i1 %c1, %c2
  br i1 %c, label %t, label %e
t:
  call void @f1()
  ret void
e:
  call void @f2()
  ret void
}

; A hot `then` edge of an `and` (successor 0, LLVM's "IfFalse": its
; unlikely case, bias -1): branch on each whatever the cost, with the
; profile's probabilities scaled.
; CHECK-LABEL: {{^}}name: hot_then_splits{{$}}
; CHECK-NOT: SETCCr
; CHECK: successors: %bb.3(0x7f5dc83d), %bb.2(0x00a237c3){{$}}
; CHECK: {{^}}bb.3:
; CHECK-NEXT: successors: %bb.1(0x7f5cf9a2), %bb.2(0x00a3065e){{$}}
define void @hot_then_splits(i32 %a, i32 %b) {
  %c1 = icmp eq i32 %a, 0
  %c2 = icmp sgt i32 %b, 5
  %c = and i1 %c1, %c2
  br i1 %c, label %t, label %e, !prof !0
t:
  call void @f1()
  ret void
e:
  call void @f2()
  ret void
}

!0 = !{!"branch_weights", i32 100, i32 1}
!1 = !{!"branch_weights", i32 1, i32 100}
