; A division and a remainder of the same operands are one DIV/IDIV when
; optimizing (LLVM's UDIVREM/SDIVREM): the quotient from EAX/RAX, the
; remainder from EDX/RDX.
; RUN: rcc-par -O2 -stop-after=finalize-isel -relocation-model=static %s -o - | FileCheck %s
; CHECK-LABEL: {{^}}name: udivrem32{{$}}
; CHECK: $eax = COPY
; CHECK: DIV32r
; CHECK-NOT: DIV32r
; CHECK: = COPY $eax
; CHECK: = COPY $edx
; CHECK-LABEL: {{^}}name: sdivrem64{{$}}
; CHECK: $rax = COPY
; CHECK: CQO
; CHECK: IDIV64r
; CHECK-NOT: IDIV64r
; CHECK: = COPY $rax
; CHECK: = COPY $rdx
; CHECK-LABEL: {{^}}name: ret

define i32 @udivrem32(i32 %a, i32 %b) {
  %q = udiv i32 %a, %b
  %r = urem i32 %a, %b
  %s = add i32 %q, %r
  ret i32 %s
}

define i64 @sdivrem64(i64 %a, i64 %b) {
  %q = sdiv i64 %a, %b
  %r = srem i64 %a, %b
  %s = xor i64 %q, %r
  ret i64 %s
}

define void @ret() {
  ret void
}
