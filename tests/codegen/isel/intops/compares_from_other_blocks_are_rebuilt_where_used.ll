; compare sinking (LLVM's CodeGenPrepare sinkCmpExpression): a compare read
; in another block is built again there, so the flags are set where they
; are used instead of crossing blocks as an i1 that is tested again.
; RUN: rcc-par -O2 -stop-after=finalize-isel %s -o - | FileCheck %s
; RUN: rcc-par -O0 -stop-after=finalize-isel %s -o - | FileCheck %s --check-prefix=O0
; RUN: rcc-par -O2 -stats -filetype=null %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=STATS
; (sumStep) %is1 is computed once and branched on in two blocks: each
; compares the call's value itself, and no SETCC or TEST is left.
; CHECK-LABEL: {{^}}name: f{{$}}
; CHECK: {{^}}bb.0
; CHECK-NOT: SETCCr
; CHECK: {{^}}bb.1
; CHECK-NEXT: successors:
; CHECK-NEXT: CMP32ri8 [[T:%[0-9]+]], 1, implicit-def $eflags
; CHECK-NEXT: JCC_1 %bb.3, 4, implicit $eflags
; CHECK: {{^}}bb.2
; CHECK-NEXT: successors:
; CHECK-NEXT: CMP32ri8 [[T]], 1, implicit-def $eflags
; CHECK-NEXT: JCC_1 %bb.3, 4, implicit $eflags
; A select in another block: the fcmp is made next to it.
; CHECK-LABEL: {{^}}name: g{{$}}
; CHECK: {{^}}bb.0
; CHECK-NOT: UCOMISDrr
; CHECK: {{^}}bb.1
; CHECK: UCOMISDrr
; CHECK: CMOV
; A phi input is not rebuilt (LLVM does not sink for PHI nodes): the i1
; is made in its block and copied on the edge.
; CHECK-LABEL: {{^}}name: h{{$}}
; CHECK: {{^}}bb.0
; CHECK: CMP32ri8 {{%[0-9]+}}, 7, implicit-def $eflags
; CHECK-NEXT: SETCCr 15, implicit $eflags
; CHECK: {{^}}bb.1
; CHECK-NOT: CMP32
; CHECK: {{^}}bb.2
; No sinking at -O0 (CodeGenPrepare does not run there).
; O0-LABEL: {{^}}name: f{{$}}
; O0: SETCCr 4, implicit $eflags
; O0: {{^}}bb.1
; O0: TEST8ri
; STATS: 3 finalize-isel - codegenprepare: Number of uses of Cmp expressions replaced with uses of sunken Cmps

declare i32 @num(ptr)
declare void @use(i32)

define void @f(ptr %p, ptr %q) {
  %t = call i32 @num(ptr %p)
  %is1 = icmp eq i32 %t, 1
  %c = load i8, ptr %q
  %z = icmp eq i8 %c, 0
  br i1 %z, label %a, label %b
a:
  br i1 %is1, label %x, label %y
b:
  br i1 %is1, label %x, label %y
x:
  call void @use(i32 1)
  ret void
y:
  ret void
}

define double @g(double %a, double %b, i1 %c) {
  %lt = fcmp olt double %a, %b
  br i1 %c, label %s, label %e
s:
  %m = select i1 %lt, double %a, double %b
  ret double %m
e:
  ret double 0.0
}

define i32 @h(i32 %a, i1 %c) {
entry:
  %k = icmp sgt i32 %a, 7
  br i1 %c, label %s, label %e
s:
  br label %e
e:
  %p = phi i1 [ %k, %s ], [ false, %entry ]
  %r = zext i1 %p to i32
  ret i32 %r
}
