; A compare read by its block's branch and also as a successor phi's input from that block keeps its register (setcc, then test; jcc): only a compare whose one use is the branch is fused with it.
; RUN: rcc-par -O0 -stop-after=finalize-isel %s -o - | FileCheck %s
; CHECK-LABEL: {{^}}name: f{{$}}
; CHECK: CMP32ri8 {{%[0-9]+}}, 0, implicit-def $eflags
; CHECK-NEXT: [[C:%[0-9]+]]:gr8 = SETCCr 4, implicit $eflags
; CHECK: TEST8ri [[C]], 1, implicit-def $eflags
; CHECK-NEXT: JCC_1 %bb.1, 5, implicit $eflags

define i32 @f(i32 %a) {
entry:
  %c = icmp eq i32 %a, 0
  br i1 %c, label %t, label %e
t:
  br label %e
e:
  %p = phi i1 [ %c, %entry ], [ false, %t ]
  %r = zext i1 %p to i32
  ret i32 %r
}
