; `(x & m) == 0` and its relatives are TEST: with an immediate, with a
; register, with a folded load; an eq/ne test of a mask of the low byte
; tests only that byte (of a register or of memory). A mask with bits
; above the low byte, or a signed compare, keeps the full width.
; RUN: rcc-par -stop-after=finalize-isel -relocation-model=static %s -o - | FileCheck %s
; CHECK-LABEL: {{^}}name: byte_of_reg{{$}}
; CHECK: TEST8ri {{%[0-9]+}}.sub_8bit, 4
; CHECK-NEXT: SETCCr 4
; CHECK-LABEL: {{^}}name: byte_of_mem{{$}}
; CHECK: TEST8mi {{%[0-9]+}}, 1, $noreg, 68, $noreg, 4
; CHECK-NEXT: JCC_1
; CHECK-LABEL: {{^}}name: wide_mask{{$}}
; CHECK: TEST32ri {{%[0-9]+}}, 256
; CHECK-LABEL: {{^}}name: sign_extended_64{{$}}
; CHECK: TEST64ri32 {{%[0-9]+}}, -16
; CHECK-LABEL: {{^}}name: signed_keeps_width{{$}}
; CHECK: TEST32ri {{%[0-9]+}}, 255
; CHECK-NEXT: SETCCr 12
; CHECK-LABEL: {{^}}name: two_regs{{$}}
; CHECK: TEST64rr
; CHECK-NEXT: CMOV64rr
; CHECK-LABEL: {{^}}name: mem_and_reg{{$}}
; CHECK: TEST32mr
; CHECK-LABEL: {{^}}name: mem_wide{{$}}
; CHECK: TEST16mi {{%[0-9]+}}, 1, $noreg, 0, $noreg, 514
; CHECK-LABEL: {{^}}name: load_and_const_stays_immediate{{$}}
; CHECK: MOV32rm
; CHECK-NEXT: AND32ri8 {{%[0-9]+}}(tied-def 0), 12
; CHECK-LABEL: {{^}}name: load_times_const{{$}}
; CHECK: IMUL32rmi8 {{%[0-9]+}}, 1, $noreg, 0, $noreg, 100

define i1 @byte_of_reg(i32 %a) {
  %m = and i32 %a, 4
  %c = icmp eq i32 %m, 0
  ret i1 %c
}
define i32 @byte_of_mem(ptr %p) {
  %q = getelementptr i8, ptr %p, i64 68
  %v = load i16, ptr %q
  %m = and i16 %v, 4
  %c = icmp ne i16 %m, 0
  br i1 %c, label %t, label %f
t:
  ret i32 1
f:
  ret i32 2
}
define i1 @wide_mask(i32 %a) {
  %m = and i32 %a, 256
  %c = icmp ne i32 %m, 0
  ret i1 %c
}
define i1 @sign_extended_64(i64 %a) {
  %m = and i64 %a, -16
  %c = icmp ne i64 %m, 0
  ret i1 %c
}
define i1 @signed_keeps_width(i32 %a) {
  %m = and i32 %a, 255
  %c = icmp slt i32 %m, 0
  ret i1 %c
}
define i64 @two_regs(i64 %a, i64 %b, i64 %x, i64 %y) {
  %m = and i64 %a, %b
  %c = icmp eq i64 %m, 0
  %r = select i1 %c, i64 %x, i64 %y
  ret i64 %r
}
define i1 @mem_and_reg(ptr %p, i32 %b) {
  %v = load i32, ptr %p
  %m = and i32 %v, %b
  %c = icmp eq i32 %m, 0
  ret i1 %c
}
define i1 @mem_wide(ptr %p) {
  %v = load i16, ptr %p
  %m = and i16 %v, 514
  %c = icmp eq i16 %m, 0
  ret i1 %c
}
define i32 @load_and_const_stays_immediate(ptr %p) {
  %v = load i32, ptr %p
  %m = and i32 %v, 12
  ret i32 %m
}
define i32 @load_times_const(ptr %p) {
  %v = load i32, ptr %p
  %m = mul i32 %v, 100
  ret i32 %m
}
