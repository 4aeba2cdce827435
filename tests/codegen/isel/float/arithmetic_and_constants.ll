; arithmetic and constants.
; RUN: rcc-par -stop-after=finalize-isel -relocation-model=static -verify-machineinstrs %s -o - | FileCheck %s
; Constants other than +0.0 are constant-pool memory operands; +0.0 is an
; xorps; a load with no other user is the memory operand.
; CHECK-LABEL: {{^}}name: f{{$}}
; CHECK-DAG: ADDSDrr
; CHECK-DAG: SUBSDrm {{.*}}$rip, 1, $noreg, %const.0
; CHECK-DAG: MULSDrr
; CHECK-DAG: DIVSDrr
; CHECK-DAG: XORPSrm
; CHECK-DAG: XORPSrr
; CHECK-DAG: $xmm0
; CHECK-NOT: MOVSDrm
; CHECK-LABEL: {{^}}name: g{{$}}
; CHECK: MULSSrm {{.*}}$rip, 1, $noreg, %const.0
; CHECK-NOT: MOVSSrm
; CHECK-LABEL: {{^}}name: loads{{$}}
; CHECK: ADDSDrm %{{[0-9]+}}(tied-def 0), %0, 1, $noreg, 0
; CHECK: MULSDrm {{.*}}, %0, 1, $noreg, 8
; CHECK: SUBSDrm {{.*}}, %0, 1, $noreg, 16
; CHECK: DIVSSrm {{.*}}, %1, 1, $noreg, 0
; A load with another user is loaded once into a register.
; CHECK-LABEL: {{^}}name: shared{{$}}
; CHECK: MOVSDrm
; CHECK-NOT: {{ADD|MUL}}SDrm

define double @f(double %a, double %b) {
  %s = fadd double %a, %b
  %d = fsub double %s, 1.5
  %m = fmul double %d, %a
  %q = fdiv double %m, 0.0
  %n = fneg double %q
  ret double %n
}
define float @g(float %a) {
  %s = fmul float %a, 2.0
  ret float %s
}
define double @loads(ptr %p, ptr %q, double %x, float %y) {
  %a = load double, ptr %p
  %s = fadd double %x, %a
  %p1 = getelementptr double, ptr %p, i64 1
  %b = load double, ptr %p1
  %m = fmul double %b, %s
  %p2 = getelementptr double, ptr %p, i64 2
  %c = load double, ptr %p2
  %d = fsub double %m, %c
  %e = load float, ptr %q
  %f = fdiv float %y, %e
  %g = fpext float %f to double
  %r = fadd double %d, %g
  ret double %r
}
define double @shared(ptr %p, double %x) {
  %a = load double, ptr %p
  %s = fadd double %x, %a
  %m = fmul double %s, %a
  ret double %m
}
