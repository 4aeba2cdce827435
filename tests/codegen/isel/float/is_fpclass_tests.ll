; is fpclass tests.
; RUN: rcc-par -stop-after=finalize-isel -relocation-model=static -verify-machineinstrs %s -o - | FileCheck %s
; CHECK-LABEL: {{^}}name: f{{$}}
; The NaN test is an unordered self-compare; others test the bits.
; CHECK-DAG: UCOMISDrr %0, %0
; CHECK-DAG: MOVPQIto64rr
; CHECK-DAG: MOVPDI2DIrr

declare i1 @llvm.is.fpclass.f64(double, i32)
declare i1 @llvm.is.fpclass.f32(float, i32)
define i32 @f(double %a, float %b) {
  %n = call i1 @llvm.is.fpclass.f64(double %a, i32 3)
  %i = call i1 @llvm.is.fpclass.f64(double %a, i32 516)
  %z = call i1 @llvm.is.fpclass.f32(float %b, i32 96)
  %s = call i1 @llvm.is.fpclass.f32(float %b, i32 144)
  %o = or i1 %n, %i
  %p = or i1 %z, %s
  %q = xor i1 %o, %p
  %r = zext i1 %q to i32
  ret i32 %r
}
