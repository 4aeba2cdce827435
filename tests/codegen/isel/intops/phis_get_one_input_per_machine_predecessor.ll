; Switch cases to the default block need no test: besides the head, one
; compare block for 40, so the join's PHI has one input per machine
; predecessor (two). An empty switch is a jump to the default.
; RUN: rcc-par -stop-after=finalize-isel -relocation-model=static %s -o - | FileCheck %s
; CHECK-LABEL: {{^}}name: f{{$}}
; CHECK: = PHI {{%[0-9]+, %bb\.[0-9]+, %[0-9]+, %bb\.[0-9]+$}}
; CHECK-LABEL: {{^}}name: empty{{$}}
; CHECK: JMP_1 %bb.1

define i32 @f(i32 %x) {
entry:
  switch i32 %x, label %join [ i32 1, label %join
                               i32 9, label %join
                               i32 40, label %other ]
other:
  br label %join
join:
  %r = phi i32 [ 5, %entry ], [ 5, %entry ], [ 5, %entry ], [ 6, %other ]
  ret i32 %r
}
define i32 @empty(i32 %x) {
entry:
  switch i32 %x, label %other []
other:
  ret i32 %x
}
