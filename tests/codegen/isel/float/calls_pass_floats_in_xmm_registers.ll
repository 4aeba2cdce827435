; SysV: floats in XMM0..7 in order, independent of the integer registers;
; the ninth float and the seventh integer go to the stack in argument order
; (the ninth double at 0, the seventh integer at 8, the last float at 16);
; a variadic call sets %al to the XMM registers used (printf: two).
; RUN: rcc-par -stop-after=finalize-isel -relocation-model=static -verify-machineinstrs %s -o - | FileCheck %s
; RUN: rcc-par -stop-after=finalize-isel -relocation-model=static -verify-machineinstrs %s -o - | FileCheck %s --check-prefix=NONE
; CHECK-LABEL: {{^}}name: f{{$}}
; CHECK-DAG: $xmm0 = COPY
; CHECK-DAG: $xmm1 = COPY
; CHECK-DAG: $xmm2 = COPY
; CHECK-DAG: $xmm3 = COPY
; CHECK-DAG: $xmm4 = COPY
; CHECK-DAG: $xmm5 = COPY
; CHECK-DAG: $xmm6 = COPY
; CHECK-DAG: $xmm7 = COPY
; CHECK-DAG: MOVSDmr $rsp, 1, $noreg, 0,
; CHECK-DAG: MOV64mr $rsp, 1, $noreg, 8,
; CHECK-DAG: MOVSSmr $rsp, 1, $noreg, 16,
; CHECK-DAG: ADJCALLSTACKDOWN 32
; CHECK-DAG: implicit-def $xmm0
; CHECK-DAG: $al = MOV8ri 2
; NONE-LABEL: {{^}}name: f{{$}}
; NONE-NOT: $xmm8

declare double @g(double, i32, float, double, double, double, double, double, double, double, i64, i64, i64, i64, i64, i64, float)
declare i32 @printf(ptr, ...)
define double @f(double %a, float %b, ptr %p) {
  %r = call double @g(double %a, i32 1, float %b, double %a, double %a, double %a, double %a, double %a, double %a, double %a, i64 2, i64 3, i64 4, i64 5, i64 6, i64 7, float %b)
  %n = call i32 (ptr, ...) @printf(ptr %p, double %r, i32 7, double %a)
  ret double %r
}
