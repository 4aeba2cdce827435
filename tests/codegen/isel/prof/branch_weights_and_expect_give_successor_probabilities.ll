; Successor probabilities of a conditional branch come from its !prof
; branch_weights (scaled as LLVM's BranchProbabilityInfo: 90:10 is
; 0x73333333), else from llvm.expect on its condition (LowerExpectIntrinsic's
; 2000:1, directly or through icmp eq/ne with a constant;
; expect.with.probability's own probability). A branch to one block twice
; sums its weights; a branch without data has none (an even distribution).
; RUN: rcc-par -stop-after=finalize-isel -verify-machineinstrs %s -o - | FileCheck %s

declare i1 @llvm.expect.i1(i1, i1)
declare i64 @llvm.expect.i64(i64, i64)
declare i64 @llvm.expect.with.probability.i64(i64, i64, double)

; CHECK-LABEL: {{^}}name: prof{{$}}
; CHECK: successors: %bb.1(0x73333333), %bb.2(0x0ccccccd){{$}}
define i32 @prof(i1 %c) {
  br i1 %c, label %a, label %b, !prof !0
a:
  ret i32 1
b:
  ret i32 2
}

; LLVM 19's "expected" marker is skipped; weights are unsigned.
; CHECK-LABEL: {{^}}name: prof_expected{{$}}
; CHECK: successors: %bb.1(0x80000000), %bb.2(0x00000000){{$}}
define i32 @prof_expected(i1 %c) {
  br i1 %c, label %a, label %b, !prof !1
a:
  ret i32 1
b:
  ret i32 2
}

; CHECK-LABEL: {{^}}name: expect_i1{{$}}
; CHECK: successors: %bb.1(0x7fef9fcb), %bb.2(0x00106035){{$}}
define i32 @expect_i1(i1 %x) {
  %c = call i1 @llvm.expect.i1(i1 %x, i1 true)
  br i1 %c, label %a, label %b
a:
  ret i32 1
b:
  ret i32 2
}

; x != 0 expected false: the false side is likely.
; CHECK-LABEL: {{^}}name: expect_ne{{$}}
; CHECK: successors: %bb.1(0x00106035), %bb.2(0x7fef9fcb){{$}}
define i32 @expect_ne(i64 %x) {
  %e = call i64 @llvm.expect.i64(i64 %x, i64 0)
  %c = icmp ne i64 %e, 0
  br i1 %c, label %a, label %b
a:
  ret i32 1
b:
  ret i32 2
}

; Probability 0.75: weights ceil(0.75 * (2^31 - 2) + 1) and the rest.
; CHECK-LABEL: {{^}}name: expect_probability{{$}}
; CHECK: successors: %bb.1(0x5fffffff), %bb.2(0x20000001){{$}}
define i32 @expect_probability(i64 %x) {
  %e = call i64 @llvm.expect.with.probability.i64(i64 %x, i64 5, double 0.75)
  %c = icmp eq i64 %e, 5
  br i1 %c, label %a, label %b
a:
  ret i32 1
b:
  ret i32 2
}

; An explicit !prof wins over llvm.expect.
; CHECK-LABEL: {{^}}name: prof_wins{{$}}
; CHECK: successors: %bb.1(0x73333333), %bb.2(0x0ccccccd){{$}}
define i32 @prof_wins(i1 %x) {
  %c = call i1 @llvm.expect.i1(i1 %x, i1 false)
  br i1 %c, label %a, label %b, !prof !0
a:
  ret i32 1
b:
  ret i32 2
}

; CHECK-LABEL: {{^}}name: same_block{{$}}
; CHECK: successors: %bb.1(0x80000000){{$}}
define i32 @same_block(i1 %c) {
  br i1 %c, label %a, label %a, !prof !0
a:
  ret i32 1
}

; CHECK-LABEL: {{^}}name: no_data{{$}}
; CHECK: successors: %bb.1, %bb.2{{$}}
define i32 @no_data(i1 %c) {
  br i1 %c, label %a, label %b
a:
  ret i32 1
b:
  ret i32 2
}

; indirectbr and invoke weights, as llc-19 gives them (a destination
; listed twice sums).
; CHECK-LABEL: {{^}}name: ibr{{$}}
; CHECK: successors: %bb.1(0x60000000), %bb.2(0x20000000){{$}}
define i32 @ibr(ptr %p) {
  indirectbr ptr %p, [label %a, label %b, label %a], !prof !2
a:
  ret i32 1
b:
  ret i32 2
}

; CHECK-LABEL: {{^}}name: inv{{$}}
; CHECK: successors: %bb.1(0x7fdf43c6), %bb.2(0x0020bc3a){{$}}
declare void @may_throw()
declare i32 @__gxx_personality_v0(...)
define i32 @inv() personality ptr @__gxx_personality_v0 {
  invoke void @may_throw() to label %ok unwind label %lp, !prof !3
ok:
  ret i32 0
lp:
  %l = landingpad { ptr, i32 } cleanup
  ret i32 1
}

!0 = !{!"branch_weights", i32 90, i32 10}
!1 = !{!"branch_weights", !"expected", i32 -2147483648, i32 0}
!2 = !{!"branch_weights", i32 1, i32 2, i32 5}
!3 = !{!"branch_weights", i32 1000, i32 1}
