; operands: memory operands are addresses.
; RUN: rcc-par -stop-after=finalize-isel -relocation-model=static -verify-machineinstrs %s -o - | FileCheck %s --check-prefix=ASM
; ASM-LABEL: {{^}}name: f{{$}}
; ASM: INLINEASM
; ASM-SAME: [sideeffect]
; ASM-SAME: $rip, 1, $noreg, @g, $noreg
; ASM-SAME: , 1, $noreg, 12, $noreg

@g = global [4 x i32] zeroinitializer
define void @f(ptr %p) {
  %q = getelementptr i32, ptr %p, i64 3
  call void asm sideeffect "incl $0; incl $1", "=*m,*m,~{memory}"(ptr elementtype(i32) @g, ptr elementtype(i32) %q)
  ret void
}
