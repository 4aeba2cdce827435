; compares and conversions read memory: ucomis takes a load with no other
; user, or a constant other than +0.0, as its memory operand on the side
; the predicate compares second (olt a, b is ogt b, a: the load is then the
; first IR operand); cvtsi2sd reads a loaded integer from memory.
; RUN: rcc-par -O2 -stop-after=finalize-isel -relocation-model=static -verify-machineinstrs %s -o - | FileCheck %s
; CHECK-LABEL: {{^}}name: gt{{$}}
; CHECK: UCOMISDrm %1, %0, 1, $noreg, 0, $noreg
; CHECK-NEXT: SETCCr 7
; CHECK-LABEL: {{^}}name: lt{{$}}
; CHECK: UCOMISDrm %1, %0, 1, $noreg, 0, $noreg
; CHECK-NEXT: JCC_1 %bb.1, 7
; CHECK-LABEL: {{^}}name: ne{{$}}
; CHECK: UCOMISDrm %1, %0, 1, $noreg, 0, $noreg
; CHECK-NEXT: JCC_1 %bb.1, 5
; CHECK-NEXT: JCC_1 %bb.1, 10
; CHECK-LABEL: {{^}}name: kc{{$}}
; CHECK: UCOMISSrm %0, $rip, 1, $noreg, %const.0, $noreg
; CHECK-LABEL: {{^}}name: cv{{$}}
; CHECK: CVTSI2SDrm undef %2(tied-def 0), %0, 1, $noreg, 0
; CHECK: CVTSI2SD64rm undef %3(tied-def 0), %1, 1, $noreg, 0
; CHECK-LABEL: {{^}}name: zero{{$}}
; CHECK: XORPSrr
; CHECK: UCOMISSrr
; CHECK-LABEL: {{^}}name: shared{{$}}
; CHECK: MOVSDrm
; CHECK: UCOMISDrr
define i32 @gt(ptr %p, double %x) {
  %a = load double, ptr %p
  %c = fcmp ogt double %x, %a
  %r = zext i1 %c to i32
  ret i32 %r
}
define i32 @lt(ptr %p, double %x) {
  %a = load double, ptr %p
  %c = fcmp olt double %a, %x
  br i1 %c, label %t, label %f
t:
  ret i32 1
f:
  ret i32 2
}
define i32 @ne(ptr %p, double %x) {
  %a = load double, ptr %p
  %c = fcmp une double %x, %a
  br i1 %c, label %t, label %f
t:
  ret i32 1
f:
  ret i32 2
}
define i32 @kc(float %x) {
  %c = fcmp oge float %x, 2.5
  br i1 %c, label %t, label %f
t:
  ret i32 1
f:
  ret i32 2
}
define double @cv(ptr %p, ptr %q) {
  %a = load i32, ptr %p
  %b = load i64, ptr %q
  %x = sitofp i32 %a to double
  %y = sitofp i64 %b to double
  %s = fadd double %x, %y
  ret double %s
}
define i32 @zero(float %x) {
  %c = fcmp oge float %x, 0.0
  br i1 %c, label %t, label %f
t:
  ret i32 1
f:
  ret i32 2
}
define double @shared(ptr %p, double %x) {
  %a = load double, ptr %p
  %c = fcmp ogt double %x, %a
  %r = select i1 %c, double %a, double %x
  ret double %r
}
