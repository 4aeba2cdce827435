; operands: tied input names its output.
; RUN: rcc-par -stop-after=finalize-isel -relocation-model=static -verify-machineinstrs %s -o - | FileCheck %s --check-prefix=ASM
; ASM-LABEL: {{^}}name: f{{$}}
; ASM: INLINEASM
; ASM-SAME: , 7, %
; ASM-SAME: (tied-def 1)

define i64 @f(i64 %a) {
  %r = call i64 asm "addq $1, $0", "=r,i,0"(i64 7, i64 %a)
  ret i64 %r
}
