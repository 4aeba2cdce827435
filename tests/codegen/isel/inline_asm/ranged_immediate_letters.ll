; operands: ranged immediate letters.
; RUN: rcc-par -stop-after=finalize-isel -relocation-model=static -verify-machineinstrs %s -o - | FileCheck %s --check-prefix=ASM
; ASM-LABEL: {{^}}name: f{{$}}
; ASM: INLINEASM
; Z takes the 32-bit pattern of -1 (sign-extended from i32 here).
; ASM-SAME: , 31, -128, -1, %
; ASM: INLINEASM
; 40 is no I: the count goes to %ecx.
; ASM-SAME: , $ecx, %

define i32 @f(i32 %a) {
  %r = call i32 asm "shll $1, $0; addl $2, $0; orl $3, $0", "=r,I,K,Z,0"(i32 31, i32 -128, i32 -1, i32 %a)
  %s = call i32 asm "roll $1, $0", "=r,{cx}I,0"(i32 40, i32 %r)
  ret i32 %s
}
