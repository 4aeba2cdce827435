; A block -fast-isel does not handle (here a call) falls back to the SelectionDAG as a whole and is counted by construct; the other two blocks are still selected directly. -fast-isel=false selects every block with the DAG.
; RUN: rcc-par -O0 -fast-isel -stats -stop-after=finalize-isel %s -o /dev/null 2>&1 | FileCheck %s
; RUN: rcc-par -O0 -fast-isel=false -stats -stop-after=finalize-isel %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=OFF
; CHECK: 2 finalize-isel - fast-isel: blocks selected directly
; CHECK-NEXT: 1 finalize-isel - fast-isel: blocks that fell back to the SelectionDAG
; CHECK-NEXT: 1 finalize-isel - fast-isel: fallback: call
; OFF-NOT: fast-isel

declare i32 @h(i32)

define i32 @f(i32 %a) {
entry:
  %c = icmp eq i32 %a, 0
  br i1 %c, label %t, label %e
t:
  %r = call i32 @h(i32 %a)
  ret i32 %r
e:
  ret i32 1
}
