; operands: several outputs of several widths.
; RUN: rcc-par -stop-after=finalize-isel -relocation-model=static -verify-machineinstrs %s -o - | FileCheck %s --check-prefix=ASM
; RUN: rcc-par -stop-after=finalize-isel -relocation-model=static -verify-machineinstrs %s -o - | FileCheck %s --check-prefix=DEFS
; ASM-LABEL: {{^}}name: f{{$}}
; ASM: INLINEASM
; ASM-SAME: (tied-def 1)
; ASM-SAME: (tied-def 2)
; Exactly four register outputs on the INLINEASM line.
; DEFS-LABEL: {{^}}name: f{{$}}
; DEFS: INLINEASM
; DEFS-SAME: def %
; DEFS-SAME: def %
; DEFS-SAME: def %
; DEFS-SAME: def %
; DEFS-NOT: def %
; DEFS-SAME: {{$}}

define i64 @f(i8 %a, i16 %b) {
  %s = call { i8, i16, i64, ptr } asm "", "=q,=r,=r,=r,0,1"(i8 %a, i16 %b)
  %x = extractvalue { i8, i16, i64, ptr } %s, 2
  ret i64 %x
}
