; A block -fast-isel does not handle (here an unsigned integer to floating-point conversion) falls back to the SelectionDAG as a whole and is counted by construct; the other two blocks, a call's included, are still selected directly. -fast-isel=false selects every block with the DAG.
; RUN: rcc-par -O0 -stats -stop-after=finalize-isel %s -o /dev/null 2>&1 | FileCheck %s
; RUN: rcc-par -O0 -fast-isel=false -stats -stop-after=finalize-isel %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=OFF
; CHECK: 2 finalize-isel - fast-isel: blocks selected directly
; CHECK-NEXT: 1 finalize-isel - fast-isel: blocks that fell back to the SelectionDAG
; CHECK-NEXT: 1 finalize-isel - fast-isel: fallback: floating point
; OFF-NOT: fast-isel

@d = global double 0.0

declare i32 @h(i32)

define i32 @f(i32 %a, double %x) {
entry:
  %r = call i32 @h(i32 %a)
  %c = icmp eq i32 %r, 0
  br i1 %c, label %t, label %e
t:
  %y = uitofp i32 %a to double
  store double %y, ptr @d
  ret i32 0
e:
  ret i32 1
}
