; Integer zero is MOV32r0 (LLVM's zero idiom) at every width: 64 bits as
; MOV32ri64 0 (a 32-bit write of the low half), 8 and 16 bits as its low
; part; after allocation it is `xorl` where the flags are dead and `movl $0`
; where they are live.
; RUN: rcc-par -stop-after=finalize-isel -relocation-model=static %s -o - | FileCheck %s --check-prefix=ISEL
; RUN: rcc-par -O2 -relocation-model=static %s -o - | FileCheck %s --check-prefix=ASM
; ISEL-LABEL: {{^}}name: z64{{$}}
; ISEL: {{%[0-9]+}}:gr64 = MOV32ri64 0
; ISEL-NOT: SUBREG_TO_REG
; ISEL-LABEL: {{^}}name: z32{{$}}
; ISEL: MOV32r0
; ISEL-NOT: MOV32ri
; ISEL-LABEL: {{^}}name: z16{{$}}
; ISEL: [[U:%[0-9]+]]:gr32 = MOV32r0
; ISEL-NEXT: COPY [[U]].sub_16bit
; ISEL-LABEL: {{^}}name: z8{{$}}
; ISEL: [[V:%[0-9]+]]:gr32 = MOV32r0
; ISEL-NEXT: COPY [[V]].sub_8bit
; ISEL-LABEL: {{^}}name: udiv32{{$}}
; ISEL: MOV32r0
; ISEL: DIV32r
; ASM-LABEL: z64:
; ASM: xorl %eax, %eax
; ASM-NEXT: retq
; ASM-LABEL: z32:
; ASM: xorl %eax, %eax
; ASM-LABEL: z16:
; ASM: xorl %eax, %eax
; ASM-LABEL: z8:
; ASM: xorl %eax, %eax
; ASM-LABEL: udiv32:
; ASM: xorl %edx, %edx
; ASM: divl

define i64 @z64() {
  ret i64 0
}
define i32 @z32() {
  ret i32 0
}
define i16 @z16() {
  ret i16 0
}
define i8 @z8() {
  ret i8 0
}
define i32 @udiv32(i32 %a, i32 %b) {
  %q = udiv i32 %a, %b
  ret i32 %q
}
