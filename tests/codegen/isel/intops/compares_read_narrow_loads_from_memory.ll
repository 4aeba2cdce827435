; A compare of a zero- or sign-extended load with a constant that fits the
; loaded width compares the narrow load in memory (LLVM narrows compares of
; extending loads): cmpb $5, (%rdi). A compare feeding a select folds its
; load too (cmp + cmov), as does a mask test feeding a select.
; RUN: rcc-par -O2 -relocation-model=pic %s -o - | FileCheck %s
; CHECK-LABEL: {{^}}b:
; CHECK: cmpb $5, (%rdi)
; CHECK-NEXT: jne
; CHECK-LABEL: {{^}}s:
; CHECK: cmpb $-3, (%rdi)
; CHECK-LABEL: {{^}}e:
; CHECK: cmpb $5, (%rdi)
; CHECK-NEXT: cmovbl
; CHECK-LABEL: {{^}}m:
; CHECK: testb $4, (%rdi)
; CHECK-NEXT: cmovnel

define i32 @b(ptr %p) {
  %v = load i8, ptr %p
  %z = zext i8 %v to i32
  %c = icmp eq i32 %z, 5
  br i1 %c, label %t, label %f
t:
  ret i32 1
f:
  ret i32 2
}

define i32 @s(ptr %p) {
  %v = load i8, ptr %p
  %z = sext i8 %v to i32
  %c = icmp slt i32 %z, -3
  br i1 %c, label %t, label %f
t:
  ret i32 1
f:
  ret i32 2
}

define i32 @e(ptr %p) {
  %v = load i8, ptr %p
  %c = icmp ult i8 %v, 5
  %s = select i1 %c, i32 7, i32 9
  ret i32 %s
}

define i32 @m(ptr %p, i32 %x, i32 %y) {
  %v = load i32, ptr %p
  %a = and i32 %v, 4
  %c = icmp ne i32 %a, 0
  %s = select i1 %c, i32 %x, i32 %y
  ret i32 %s
}
