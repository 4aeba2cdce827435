; The loop block copies %i into the exit phi's edge register before its
; branch. The copy stays off the chain until the terminator, so the second
; byte load still folds into the compare (LLVM's PendingExports); before,
; it was loaded into a register and compared with CMP8rr.
; RUN: rcc-par -O2 -stop-after=finalize-isel -relocation-model=static %s -o - | FileCheck %s
; CHECK-LABEL: {{^}}name: f{{$}}
; CHECK: bb.1
; CHECK: MOV8rm
; CHECK-NEXT: COPY
; CHECK-NEXT: CMP8rm
; CHECK-NEXT: JCC_1
define i64 @f(ptr %p, ptr %q, i64 %n) {
entry:
  br label %loop
loop:
  %i = phi i64 [0, %entry], [%i1, %latch]
  %pa = getelementptr i8, ptr %p, i64 %i
  %pb = getelementptr i8, ptr %q, i64 %i
  %a = load i8, ptr %pa
  %b = load i8, ptr %pb
  %c = icmp eq i8 %a, %b
  br i1 %c, label %latch, label %out
latch:
  %i1 = add i64 %i, 1
  %d = icmp ult i64 %i1, %n
  br i1 %d, label %loop, label %out
out:
  %r = phi i64 [%i, %loop], [%n, %latch]
  ret i64 %r
}
