; Math intrinsics (no SSE4.1 ROUNDSD on the baseline) and frem are library
; calls: floor, ceilf, trunc, rint, round, nearbyintf, lround, llrintf,
; ldexp, fma, pow, fmod, fmodf.
; RUN: rcc-par -stop-after=finalize-isel -relocation-model=static -verify-machineinstrs %s -o - | FileCheck %s
; CHECK-LABEL: {{^}}name: g{{$}}
; CHECK-DAG: CALL64pcrel32 &lround,
; CHECK-DAG: CALL64pcrel32 &llrintf,
; CHECK-DAG: CALL64pcrel32 &ldexp,
; CHECK-LABEL: {{^}}name: f{{$}}
; CHECK-DAG: CALL64pcrel32 &floor,
; CHECK-DAG: CALL64pcrel32 &ceilf,
; CHECK-DAG: CALL64pcrel32 &trunc,
; CHECK-DAG: CALL64pcrel32 &rint,
; CHECK-DAG: CALL64pcrel32 &round,
; CHECK-DAG: CALL64pcrel32 &nearbyintf,
; CHECK-DAG: CALL64pcrel32 &fma,
; CHECK-DAG: CALL64pcrel32 &pow,
; CHECK-DAG: CALL64pcrel32 &fmod,
; CHECK-DAG: CALL64pcrel32 &fmodf,

declare double @llvm.floor.f64(double)
declare float @llvm.ceil.f32(float)
declare double @llvm.trunc.f64(double)
declare double @llvm.rint.f64(double)
declare double @llvm.round.f64(double)
declare float @llvm.nearbyint.f32(float)
declare double @llvm.fma.f64(double, double, double)
declare double @llvm.pow.f64(double, double)
declare i64 @llvm.lround.i64.f64(double)
declare i64 @llvm.llrint.i64.f32(float)
declare double @llvm.ldexp.f64.i32(double, i32)
define i64 @g(double %a, float %b, i32 %n) {
  %1 = call i64 @llvm.lround.i64.f64(double %a)
  %2 = call i64 @llvm.llrint.i64.f32(float %b)
  %3 = call double @llvm.ldexp.f64.i32(double %a, i32 %n)
  %4 = fptosi double %3 to i64
  %5 = add i64 %1, %2
  %6 = add i64 %5, %4
  ret i64 %6
}
define double @f(double %a, float %b) {
  %1 = call double @llvm.floor.f64(double %a)
  %2 = call float @llvm.ceil.f32(float %b)
  %3 = call double @llvm.trunc.f64(double %1)
  %4 = call double @llvm.rint.f64(double %3)
  %5 = call double @llvm.round.f64(double %4)
  %6 = call float @llvm.nearbyint.f32(float %2)
  %7 = call double @llvm.fma.f64(double %5, double %5, double %a)
  %8 = call double @llvm.pow.f64(double %7, double %a)
  %9 = frem double %8, %a
  %10 = frem float %6, %b
  %11 = fpext float %10 to double
  %12 = fadd double %9, %11
  ret double %12
}
