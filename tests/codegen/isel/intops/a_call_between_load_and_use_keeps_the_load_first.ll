; A call between a load and its use: the load still folds into the SUB,
; which stays before the call.
; RUN: rcc-par -stop-after=finalize-isel -relocation-model=static %s -o - | FileCheck %s
; CHECK-LABEL: {{^}}name: f{{$}}
; CHECK: SUB32rm
; CHECK: CALL64pcrel32

declare void @g()
define i32 @f(ptr %p, i32 %x) {
  %a = load i32, ptr %p
  call void @g()
  %s = sub i32 %x, %a
  ret i32 %s
}
