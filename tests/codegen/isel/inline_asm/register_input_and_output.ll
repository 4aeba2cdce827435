; operands: register input and output.
; RUN: rcc-par -stop-after=finalize-isel -relocation-model=static -verify-machineinstrs %s -o - | FileCheck %s --check-prefix=ASM
; RUN: rcc-par -stop-after=finalize-isel -relocation-model=static -verify-machineinstrs %s -o - | FileCheck %s --check-prefix=COUNT
; ASM-LABEL: {{^}}name: f{{$}}
; ASM: INLINEASM "movl $1, $0", def %
; The flags clobber is an early-clobber dead def of EFLAGS.
; ASM-SAME: implicit-def early-clobber dead $eflags
; COUNT-LABEL: {{^}}name: f{{$}}
; COUNT: INLINEASM
; COUNT-NOT: INLINEASM

define i32 @f(i32 %a) {
  %r = call i32 asm "movl $1, $0", "=r,r,~{dirflag},~{fpsr},~{flags}"(i32 %a)
  ret i32 %r
}
