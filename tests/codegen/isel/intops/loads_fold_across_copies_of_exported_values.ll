; load folding: copies into virtual registers (values read in other blocks,
; phi-edge copies) that lie on the chain between a load and its user do not
; touch memory, so the load still folds (LLVM chains them aside, PendingExports).
; RUN: rcc-par -O2 -stop-after=finalize-isel -relocation-model=static %s -o - | FileCheck %s
; CHECK-LABEL: {{^}}name: f{{$}}
; CHECK: MOV8rm
; CHECK-NOT: MOV8rm
; CHECK: CMP8rm
; CHECK-LABEL: {{^}}name: g{{$}}
; CHECK-NOT: MOV32rm
; CHECK: ADD32mr

define i64 @f(ptr %a, ptr %b, i64 %n) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i1, %latch ]
  %pa = getelementptr i8, ptr %a, i64 %i
  %pb = getelementptr i8, ptr %b, i64 %i
  %x = load i8, ptr %pa, align 1
  %y = load i8, ptr %pb, align 1
  %c = icmp eq i8 %x, %y
  br i1 %c, label %latch, label %exit
latch:
  %i1 = add i64 %i, 1
  %d = icmp eq i64 %i1, %n
  br i1 %d, label %exit, label %loop
exit:
  %r = phi i64 [ %i, %loop ], [ %n, %latch ]
  ret i64 %r
}

define i32 @g(ptr %p, i32 %x, i32 %y) {
entry:
  %a = load i32, ptr %p, align 4
  %m = mul i32 %x, %y
  %s = add i32 %a, %y
  store i32 %s, ptr %p, align 4
  %t = icmp sgt i32 %x, 0
  br i1 %t, label %pos, label %neg
pos:
  ret i32 %m
neg:
  ret i32 0
}
