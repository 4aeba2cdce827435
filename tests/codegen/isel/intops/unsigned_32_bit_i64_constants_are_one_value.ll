; An i64 constant below 2^32 is one 64-bit value, MOV32ri64 (LLVM's
; pseudo), so the allocator never joins a 32-bit constant with its
; SUBREG_TO_REG; after allocation it is `movl` to the low half.
; RUN: rcc-par -stop-after=finalize-isel -relocation-model=static %s -o - | FileCheck %s --check-prefix=ISEL
; RUN: rcc-par -O2 -relocation-model=static %s -o - | FileCheck %s --check-prefix=ASM
; ISEL-LABEL: {{^}}name: big{{$}}
; ISEL: {{%[0-9]+}}:gr64 = MOV32ri64 4000000000
; ISEL-NOT: SUBREG_TO_REG
; ISEL-LABEL: {{^}}name: two_args{{$}}
; ISEL-NOT: SUBREG_TO_REG
; ASM-LABEL: big:
; ASM: movl $4000000000, %eax
; ASM-NEXT: retq
; ASM-LABEL: two_args:
; ASM: movl $1048576, %e{{si|di}}
; ASM-NOT: SUBREG
; ASM: callq g

define i64 @big() {
  ret i64 4000000000
}

declare void @g(i64, i64)

define void @two_args() {
  call void @g(i64 1048576, i64 1048576)
  ret void
}
