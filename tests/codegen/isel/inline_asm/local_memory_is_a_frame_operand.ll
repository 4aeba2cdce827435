; operands: local memory is a frame operand.
; RUN: rcc-par -stop-after=finalize-isel -relocation-model=static -verify-machineinstrs %s -o - | FileCheck %s --check-prefix=ASM
; ASM-LABEL: {{^}}name: f{{$}}
; ASM: INLINEASM
; ASM-SAME: %stack.0, 1, $noreg, 0, $noreg

define i32 @f() {
  %x = alloca i32
  store i32 1, ptr %x
  call void asm "incl $0", "=*m"(ptr elementtype(i32) %x)
  %v = load i32, ptr %x
  ret i32 %v
}
