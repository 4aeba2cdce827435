; loads stores and cross block values.
; RUN: rcc-par -stop-after=finalize-isel -relocation-model=static -verify-machineinstrs %s -o - | FileCheck %s
; CHECK-LABEL: {{^}}name: f{{$}}
; CHECK-DAG: MOVSDrm
; CHECK-DAG: MOVSSrm
; CHECK-DAG: MOVSDmr
; CHECK-DAG: MOVSSmr
; CHECK-DAG: CVTSS2SDrr
; CHECK-DAG: CVTSD2SSrr
; CHECK-DAG: :fr64 = PHI

define double @f(ptr %p, ptr %q, i1 %c) {
entry:
  %a = load double, ptr %p, align 8
  %b = load float, ptr %q, align 4
  br i1 %c, label %t, label %j
t:
  %e = fpext float %b to double
  %s = fadd double %a, %e
  br label %j
j:
  %r = phi double [ %a, %entry ], [ %s, %t ]
  store double %r, ptr %p, align 8
  %h = fptrunc double %r to float
  store float %h, ptr %q, align 4
  ret double %r
}
