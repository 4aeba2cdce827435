; loop with phis selects.
; RUN: rcc-par -stop-after=finalize-isel -relocation-model=static %s -o - | FileCheck %s
; RUN: rcc-par -stop-after=finalize-isel -relocation-model=static %s -o - | FileCheck %s --check-prefix=COUNT
; CHECK-LABEL: {{^}}name: sum{{$}}
; the load folds into the add
; CHECK-DAG: ADD64rm
; CHECK-DAG: JCC_1
; CHECK-DAG: RET64
; CHECK-DAG: $rdi
; COUNT-LABEL: {{^}}name: sum{{$}}
; COUNT: = PHI
; COUNT: = PHI
; COUNT-NOT: = PHI

define i64 @sum(ptr %p, i64 %n) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i1, %loop ]
  %s = phi i64 [ 0, %entry ], [ %s1, %loop ]
  %q = getelementptr inbounds i64, ptr %p, i64 %i
  %v = load i64, ptr %q, align 8
  %s1 = add i64 %s, %v
  %i1 = add i64 %i, 1
  %c = icmp ult i64 %i1, %n
  br i1 %c, label %loop, label %exit
exit:
  ret i64 %s1
}
