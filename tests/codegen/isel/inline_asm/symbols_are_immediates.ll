; operands: symbols are immediates.
; RUN: rcc-par -stop-after=finalize-isel -relocation-model=static -verify-machineinstrs %s -o - | FileCheck %s --check-prefix=ASM
; ASM-LABEL: {{^}}name: f{{$}}
; ASM: INLINEASM
; ASM-SAME: @g

@g = global i32 0
define void @f() {
  call void asm sideeffect ".quad $0", "i"(ptr @g)
  ret void
}
