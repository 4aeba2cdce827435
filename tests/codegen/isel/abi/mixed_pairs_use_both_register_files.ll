; aggregate: mixed pairs use both register files.
; RUN: rcc-par -stop-after=finalize-isel -relocation-model=static -verify-machineinstrs %s -o - | FileCheck %s
; CHECK-LABEL: {{^}}name: f{{$}}
; CHECK-DAG: implicit-def $rax, implicit-def $xmm0
; CHECK-DAG: $xmm1 = COPY
; CHECK-DAG: RET64 implicit $xmm0, implicit $xmm1

declare { i64, double } @g()
define { double, double } @f(ptr %p) {
  %r = call { i64, double } @g()
  %a = extractvalue { i64, double } %r, 0
  store i64 %a, ptr %p
  %d = extractvalue { i64, double } %r, 1
  %x = insertvalue { double, double } undef, double %d, 0
  %y = insertvalue { double, double } %x, double 2.0, 1
  ret { double, double } %y
}
