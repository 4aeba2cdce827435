; i128 calls pass register pairs, and division calls the runtime
; (__divti3, __umodti3): three calls. g's i128 is in rsi:rdx after the
; i64 in rdi; the i128 result comes back in rax:rdx.
; RUN: rcc-par -stop-after=finalize-isel -relocation-model=static -verify-machineinstrs %s -o - | FileCheck %s
; RUN: rcc-par -stop-after=finalize-isel -relocation-model=static -verify-machineinstrs %s -o - | FileCheck %s --check-prefix=COUNT
; CHECK-LABEL: {{^}}name: f{{$}}
; CHECK: ADJCALLSTACKDOWN
; CHECK-DAG: $rsi = COPY
; CHECK-DAG: $rdx = COPY
; CHECK: CALL64pcrel32 @g
; CHECK-SAME: implicit-def $rdx
; CHECK-DAG: __divti3
; CHECK-DAG: __umodti3
; COUNT-LABEL: {{^}}name: f{{$}}
; COUNT: CALL64pcrel32
; COUNT: CALL64pcrel32
; COUNT: CALL64pcrel32
; COUNT-NOT: CALL64pcrel32

declare i128 @g(i64, i128)
define i128 @f(i128 %a, i128 %b) {
  %r = call i128 @g(i64 1, i128 %a)
  %q = sdiv i128 %r, %b
  %m = urem i128 %q, %a
  ret i128 %m
}
