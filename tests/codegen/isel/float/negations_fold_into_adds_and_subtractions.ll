; An fadd/fsub absorbs a negated operand (LLVM's getNegatedExpression at
; cost Cheaper): x + a*(-b)*c is x - a*b*c, x - (-a) is x + a, m + (-a)
; is m - a, for scalars and vectors; no XORPS with a sign-mask constant
; is left. An fmul that something else reads keeps its negation (@keep),
; and at -O0 nothing changes.
; RUN: rcc-par -O2 -stop-after=finalize-isel -relocation-model=static -verify-machineinstrs %s -o - | FileCheck %s
; RUN: rcc-par -O0 -stop-after=finalize-isel -relocation-model=static -verify-machineinstrs %s -o - | FileCheck %s --check-prefix=O0
; CHECK-LABEL: {{^}}name: s{{$}}
; CHECK-NOT: XORPS
; CHECK: MULSDrr
; CHECK-NEXT: MULSDrr
; CHECK-NEXT: SUBSDrr
; CHECK-NOT: XORPS
; CHECK-LABEL: {{^}}name: v{{$}}
; CHECK-NOT: XORPS
; CHECK: ADDPDrr
; CHECK-NEXT: MULPDrr
; CHECK-NEXT: SUBPDrr
; CHECK-NOT: XORPS
; CHECK-LABEL: {{^}}name: d{{$}}
; CHECK-NOT: XORPS
; CHECK: DIVSDrr
; CHECK-NEXT: ADDSDrr
; CHECK-NOT: XORPS
; CHECK-LABEL: {{^}}name: keep{{$}}
; CHECK: XORPSrm
; CHECK: ADDSDrr
; O0-LABEL: {{^}}name: s{{$}}
; O0: XORPSrm
; O0: ADDSDrr

define double @s(double %x, double %a, double %b, double %c) {
  %nb = fneg double %b
  %m = fmul double %a, %nb
  %r = call double @llvm.fmuladd.f64(double %m, double %c, double %x)
  ret double %r
}

define <2 x double> @v(<2 x double> %x, <2 x double> %a, <2 x double> %b) {
  %na = fneg <2 x double> %a
  %r = fsub <2 x double> %x, %na
  %m = fmul <2 x double> %r, %b
  %s = fadd <2 x double> %m, %na
  ret <2 x double> %s
}

define double @d(double %x, double %a, double %b) {
  %na = fneg double %a
  %q = fdiv double %na, %b
  %r = fsub double %x, %q
  ret double %r
}

define double @keep(double %x, double %a, double %b, ptr %p) {
  %nb = fneg double %b
  %m = fmul double %a, %nb
  store double %m, ptr %p
  %r = fadd double %x, %m
  ret double %r
}

declare double @llvm.fmuladd.f64(double, double, double)
