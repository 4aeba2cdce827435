; The compare-exchange loop splits block a (entry bb.0, a bb.1, m bb.2, the
; loop bb.3, the rest of a bb.4): the phi in m must name a's last part,
; bb.4, and not bb.1.
; RUN: rcc-par -stop-after=finalize-isel -relocation-model=static -verify-machineinstrs %s -o - | FileCheck %s
; CHECK-LABEL: {{^}}name: f{{$}}
; CHECK-LABEL: {{^ *}}bb.2{{\b}}
; CHECK: = PHI {{%[0-9]+, %bb.4, %[0-9]+, %bb.0$|%[0-9]+, %bb.0, %[0-9]+, %bb.4$}}

define i64 @f(ptr %p, i64 %v, i1 %c) {
entry:
  br i1 %c, label %a, label %m
a:
  %x = atomicrmw nand ptr %p, i64 %v seq_cst
  br label %m
m:
  %r = phi i64 [ %x, %a ], [ 0, %entry ]
  ret i64 %r
}
