; operands: fixed letters take the width of the value.
; RUN: rcc-par -stop-after=finalize-isel -relocation-model=static -verify-machineinstrs %s -o - | FileCheck %s --check-prefix=ASM
; ASM-LABEL: {{^}}name: f{{$}}
; ASM: INLINEASM
; ASM-SAME: def $ax, $dx

define i16 @f(i16 %a) {
  %r = call i16 asm "", "=a,d"(i16 %a)
  ret i16 %r
}
