; calls and branches select.
; RUN: rcc-par -stop-after=finalize-isel -relocation-model=static %s -o - | FileCheck %s
; RUN: rcc-par -stop-after=finalize-isel -relocation-model=static %s -o - | FileCheck %s --check-prefix=COUNT
; CHECK-LABEL: {{^}}name: f{{$}}
; CHECK-DAG: CALL64pcrel32
; CHECK-DAG: ADJCALLSTACKDOWN
; COUNT-LABEL: {{^}}name: f{{$}}
; COUNT: RET64
; COUNT: RET64
; COUNT-NOT: RET64

declare i32 @g(i32)
define i32 @f(i32 %a) {
entry:
  %c = icmp sgt i32 %a, 10
  br i1 %c, label %big, label %small
big:
  %r = call i32 @g(i32 %a)
  ret i32 %r
small:
  %x = shl i32 %a, 3
  ret i32 %x
}
