; A musttail call rcc cannot make a sibling call is an error naming it,
; never a silent ordinary call.
; RUN: not rcc-par -stop-after=finalize-isel -relocation-model=pic %s -o - 2>&1 | FileCheck %s --check-prefix=ERR
; ERR-DAG: {{:[0-9]+:[0-9]+: }}error: in function 'stack': {{.*}}musttail
; ERR-DAG: {{:[0-9]+:[0-9]+: }}error: in function 'forward': {{.*}}musttail call forwarding variadic arguments

declare i32 @stack_callee(i32, i32, i32, i32, i32, i32, i32)
declare i32 @fwd_callee(i32, ...)

define i32 @stack(i32 %a, i32 %b, i32 %c, i32 %d, i32 %e, i32 %f, i32 %g) {
  %r = musttail call i32 @stack_callee(i32 %a, i32 %b, i32 %c, i32 %d, i32 %e, i32 %f, i32 %g)
  ret i32 %r
}
define i32 @forward(i32 %a, ...) {
  %r = musttail call i32 (i32, ...) @fwd_callee(i32 %a)
  ret i32 %r
}
