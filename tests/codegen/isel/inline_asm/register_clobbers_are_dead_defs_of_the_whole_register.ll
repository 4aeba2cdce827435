; operands: register clobbers are dead defs of the whole register.
; RUN: rcc-par -stop-after=finalize-isel -relocation-model=static -verify-machineinstrs %s -o - | FileCheck %s --check-prefix=ASM
; ASM-LABEL: {{^}}name: f{{$}}
; ASM: INLINEASM
; ASM-SAME: implicit-def early-clobber dead $rbx
; ASM-SAME: implicit-def early-clobber dead $r11
; ASM-SAME: implicit-def early-clobber dead $eflags

define void @f() {
  call void asm sideeffect "", "~{ebx},~{r11},~{memory},~{dirflag},~{fpsr},~{cc}"()
  ret void
}
