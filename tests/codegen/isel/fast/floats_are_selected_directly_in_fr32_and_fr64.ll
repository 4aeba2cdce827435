; -O0 selects float and double values directly, in FR32/FR64 registers as the DAG path's rows (and llc-19 -O0): loads and stores (movsd), arithmetic (addsd with a constant-pool operand loaded first, +0.0 as xorps), conversions (cvtss2sd, cvtsi2sd from i32 and i64, cvtsd2ss, cvttsd2si; to i16 through i32), a bitcast to i64 (movq), fcmp as ucomisd and setcc (oeq: sete and setnp; une: setne or setp; olt with the operands swapped: seta), a call with double, i32 and float arguments and a double result, a double phi and double returns in xmm0.
; RUN: rcc-par -O0 -stop-after=finalize-isel %s -o - | FileCheck %s
; RUN: rcc-par -O0 -stats -stop-after=finalize-isel %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=STATS
; CHECK-LABEL: {{^}}name: f{{$}}
; CHECK: [[X:%[0-9]+]]:fr64 = COPY $xmm0
; CHECK-NEXT: [[Y:%[0-9]+]]:fr32 = COPY $xmm1
; CHECK: MOVSDmr %stack.0, 1, $noreg, 0, $noreg, [[X]]
; CHECK-NEXT: [[V:%[0-9]+]]:fr64 = MOVSDrm %stack.0, 1, $noreg, 0, $noreg
; CHECK-NEXT: [[C:%[0-9]+]]:fr64 = MOVSDrm $rip, 1, $noreg, %const.0, $noreg
; CHECK-NEXT: [[S:%[0-9]+]]:fr64 = ADDSDrr [[V]](tied-def 0), [[C]]
; CHECK-NEXT: [[U:%[0-9]+]]:fr64 = IMPLICIT_DEF
; CHECK-NEXT: [[Z:%[0-9]+]]:fr64 = XORPSrr [[U]](tied-def 0), [[U]]
; CHECK-NEXT: [[P:%[0-9]+]]:fr64 = MULSDrr [[S]](tied-def 0), [[Z]]
; CHECK-NEXT: [[Q:%[0-9]+]]:fr64 = SUBSDrr [[P]](tied-def 0), [[X]]
; CHECK-NEXT: [[R:%[0-9]+]]:fr64 = DIVSDrr [[Q]](tied-def 0), [[V]]
; CHECK-NEXT: [[E:%[0-9]+]]:fr64 = CVTSS2SDrr [[Y]]
; CHECK-NEXT: IMPLICIT_DEF
; CHECK-NEXT: [[I:%[0-9]+]]:fr64 = CVTSI2SDrr {{%[0-9]+}}(tied-def 0), {{%[0-9]+}}
; CHECK-NEXT: IMPLICIT_DEF
; CHECK-NEXT: {{%[0-9]+}}:fr32 = CVTSI2SS64rr {{%[0-9]+}}(tied-def 0), {{%[0-9]+}}
; CHECK-NEXT: {{%[0-9]+}}:fr32 = CVTSD2SSrr [[R]]
; CHECK-NEXT: {{%[0-9]+}}:gr32 = CVTTSD2SIrr [[E]]
; CHECK-NEXT: [[T:%[0-9]+]]:gr32 = CVTTSS2SIrr
; CHECK-NEXT: {{%[0-9]+}}:gr16 = COPY [[T]].sub_16bit
; CHECK-NEXT: {{%[0-9]+}}:gr64 = MOVPQIto64rr [[I]]
; CHECK-NEXT: UCOMISDrr [[R]], [[E]], implicit-def $eflags
; CHECK-NEXT: [[E1:%[0-9]+]]:gr8 = SETCCr 4, implicit $eflags
; CHECK-NEXT: [[E2:%[0-9]+]]:gr8 = SETCCr 11, implicit $eflags
; CHECK-NEXT: [[OEQ:%[0-9]+]]:gr8 = AND8rr [[E1]](tied-def 0), [[E2]], implicit-def dead $eflags
; CHECK-NEXT: [[TWO:%[0-9]+]]:fr64 = MOVSDrm $rip, 1, $noreg, %const.1, $noreg
; CHECK-NEXT: UCOMISDrr [[R]], [[TWO]], implicit-def $eflags
; CHECK-NEXT: [[N1:%[0-9]+]]:gr8 = SETCCr 5, implicit $eflags
; CHECK-NEXT: [[N2:%[0-9]+]]:gr8 = SETCCr 10, implicit $eflags
; CHECK-NEXT: OR8rr [[N1]](tied-def 0), [[N2]], implicit-def dead $eflags
; CHECK-NEXT: UCOMISDrr [[I]], [[R]], implicit-def $eflags
; CHECK-NEXT: SETCCr 7, implicit $eflags
; CHECK: $xmm0 = COPY [[R]]
; CHECK-NEXT: $edi = COPY
; CHECK-NEXT: $xmm1 = COPY
; CHECK-NEXT: CALL64pcrel32 @g
; CHECK: [[W:%[0-9]+]]:fr64 = COPY $xmm0
; CHECK: TEST8ri [[OEQ]], 1, implicit-def $eflags
; CHECK: [[PH:%[0-9]+]]:fr64 = PHI
; CHECK: MOVSDmr {{%[0-9]+}}, 1, $noreg, 0, $noreg, [[PH]]
; CHECK-NEXT: $xmm0 = COPY [[PH]]
; CHECK-NEXT: RET64 implicit $xmm0
; STATS: 3 finalize-isel - fast-isel: blocks selected directly
; STATS-NOT: fallback

@d = global double 0.0
@sink = global i64 0
@sink1 = global i8 0

declare double @g(double, i32, float)

define double @f(double %x, float %y, i32 %n, i64 %m) {
entry:
  %a = alloca double
  store double %x, ptr %a
  %v = load double, ptr %a
  %s = fadd double %v, 1.5
  %p = fmul double %s, 0.0
  %q = fsub double %p, %x
  %r = fdiv double %q, %v
  %e = fpext float %y to double
  %i = sitofp i32 %n to double
  %j = sitofp i64 %m to float
  %t = fptrunc double %r to float
  %k = fptosi double %e to i32
  %l = fptosi float %j to i16
  %b = bitcast double %i to i64
  %c = fcmp oeq double %r, %e
  %u = fcmp une double %r, 2.0
  %o = fcmp olt double %r, %i
  %ou = or i1 %u, %o
  %z = fcmp true double %r, %i
  %zz = and i1 %ou, %z
  %l64 = sext i16 %l to i64
  %bl = add i64 %b, %l64
  store i64 %bl, ptr @sink
  %z8 = zext i1 %zz to i8
  store i8 %z8, ptr @sink1
  %w = call double @g(double %r, i32 %k, float %t)
  br i1 %c, label %x1, label %x2
x1:
  %ph = phi double [ %w, %entry ]
  store double %ph, ptr @d
  ret double %ph
x2:
  ret double 0.0
}
