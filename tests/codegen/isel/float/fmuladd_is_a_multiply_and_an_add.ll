; llvm.fmuladd is a multiply and an add (no FMA on the baseline), no call.
; RUN: rcc-par -stop-after=finalize-isel -relocation-model=static -verify-machineinstrs %s -o - | FileCheck %s
; RUN: rcc-par -stop-after=finalize-isel -relocation-model=static -verify-machineinstrs %s -o - | FileCheck %s --check-prefix=NONE
; CHECK-LABEL: {{^}}name: f{{$}}
; CHECK-DAG: MULSSrr
; CHECK-DAG: ADDSSrr
; NONE-LABEL: {{^}}name: f{{$}}
; NONE-NOT: CALL

declare float @llvm.fmuladd.f32(float, float, float)
define float @f(float %a, float %b, float %c) {
  %r = call float @llvm.fmuladd.f32(float %a, float %b, float %c)
  ret float %r
}
