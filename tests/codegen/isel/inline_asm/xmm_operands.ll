; operands: xmm operands.
; RUN: rcc-par -stop-after=finalize-isel -relocation-model=static -verify-machineinstrs %s -o - | FileCheck %s --check-prefix=ASM
; RUN: rcc-par -stop-after=finalize-isel -relocation-model=static -verify-machineinstrs %s -o - | FileCheck %s
; ASM-LABEL: {{^}}name: f{{$}}
; ASM: INLINEASM
; ASM-SAME: (tied-def 1)
; CHECK-LABEL: {{^}}name: f{{$}}
; CHECK-DAG: :fr64

define double @f(double %a, double %b) {
  %r = call double asm "addsd $2, $0", "=x,0,x"(double %a, double %b)
  ret double %r
}
