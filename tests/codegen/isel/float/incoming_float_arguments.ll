; incoming float arguments.
; RUN: rcc-par -stop-after=finalize-isel -relocation-model=static -verify-machineinstrs %s -o - | FileCheck %s
; CHECK-LABEL: {{^}}name: f{{$}}
; CHECK-DAG: COPY $xmm7
; CHECK-DAG: COPY $edi
; The float and the last double come from the stack.
; CHECK-DAG: MOVSSrm %stack.0
; CHECK-DAG: MOVSDrm %stack.1

define double @f(double %a0, i32 %i, double %a1, double %a2, double %a3, double %a4, double %a5, double %a6, double %a7, float %s, double %t) {
  %e = fpext float %s to double
  %x = fadd double %a0, %e
  %y = fadd double %x, %t
  ret double %y
}
