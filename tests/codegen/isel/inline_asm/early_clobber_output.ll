; operands: early clobber output.
; RUN: rcc-par -stop-after=finalize-isel -relocation-model=static -verify-machineinstrs %s -o - | FileCheck %s --check-prefix=ASM
; ASM-LABEL: {{^}}name: f{{$}}
; ASM: INLINEASM
; ASM-SAME: def early-clobber %

define i32 @f(i32 %a, i32 %b) {
  %r = call i32 asm "movl $1, $0; addl $2, $0", "=&r,r,r"(i32 %a, i32 %b)
  ret i32 %r
}
