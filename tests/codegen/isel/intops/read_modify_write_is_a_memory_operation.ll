; A store of an operation on a load of the same address is one memory
; instruction: register, immediate, inc/dec, not/neg and shift forms. The
; load stays separate when a store lies between it and the store of the
; result, when its value has another use, or when the addresses differ.
; RUN: rcc-par -stop-after=finalize-isel -relocation-model=static %s -o - | FileCheck %s
; CHECK-LABEL: {{^}}name: forms{{$}}
; CHECK: ADD32mr [[P:%[0-9]+]], 1, $noreg, 8, $noreg, {{%[0-9]+}}
; CHECK-NEXT: OR8mi [[P]], 1, $noreg, 16, $noreg, 4
; CHECK-NEXT: INC64m [[P]], 1, $noreg, 24, $noreg
; CHECK-NEXT: SUB16mi8 [[P]], 1, $noreg, 32, $noreg, 3
; CHECK-NEXT: NOT32m [[P]], 1, $noreg, 36, $noreg
; CHECK-NEXT: NEG64m [[P]], 1, $noreg, 40, $noreg
; CHECK-NEXT: SHL32mi [[P]], 1, $noreg, 48, $noreg, 3
; CHECK-NEXT: AND64mr [[P]], 1, $noreg, 56, $noreg, {{%[0-9]+}}
; CHECK-LABEL: {{^}}name: store_between{{$}}
; CHECK: ADD32rm
; CHECK-NEXT: MOV32mi
; CHECK-NEXT: MOV32mr
; CHECK-LABEL: {{^}}name: value_used_twice{{$}}
; CHECK: MOV32rm
; CHECK-NOT: ADD32mr
; CHECK-LABEL: {{^}}name: other_address{{$}}
; CHECK: ADD32rm
; CHECK-NEXT: MOV32mr

define void @forms(ptr %p, i32 %x, i64 %y) {
  %a0 = getelementptr i8, ptr %p, i64 8
  %v0 = load i32, ptr %a0
  %r0 = add i32 %v0, %x
  store i32 %r0, ptr %a0
  %a1 = getelementptr i8, ptr %p, i64 16
  %v1 = load i8, ptr %a1
  %r1 = or i8 %v1, 4
  store i8 %r1, ptr %a1
  %a2 = getelementptr i8, ptr %p, i64 24
  %v2 = load i64, ptr %a2
  %r2 = add i64 %v2, 1
  store i64 %r2, ptr %a2
  %a3 = getelementptr i8, ptr %p, i64 32
  %v3 = load i16, ptr %a3
  %r3 = sub i16 %v3, 3
  store i16 %r3, ptr %a3
  %a4 = getelementptr i8, ptr %p, i64 36
  %v4 = load i32, ptr %a4
  %r4 = xor i32 %v4, -1
  store i32 %r4, ptr %a4
  %a5 = getelementptr i8, ptr %p, i64 40
  %v5 = load i64, ptr %a5
  %r5 = sub i64 0, %v5
  store i64 %r5, ptr %a5
  %a6 = getelementptr i8, ptr %p, i64 48
  %v6 = load i32, ptr %a6
  %r6 = shl i32 %v6, 3
  store i32 %r6, ptr %a6
  %a7 = getelementptr i8, ptr %p, i64 56
  %v7 = load i64, ptr %a7
  %r7 = and i64 %y, %v7
  store i64 %r7, ptr %a7
  ret void
}
define void @store_between(ptr %p, ptr %q, i32 %x) {
  %v = load i32, ptr %p
  store i32 0, ptr %q
  %r = add i32 %v, %x
  store i32 %r, ptr %p
  ret void
}
define i32 @value_used_twice(ptr %p, i32 %x) {
  %v = load i32, ptr %p
  %r = add i32 %v, %x
  store i32 %r, ptr %p
  %s = mul i32 %v, %r
  ret i32 %s
}
define void @other_address(ptr %p, ptr %q, i32 %x) {
  %v = load i32, ptr %p
  %r = add i32 %v, %x
  store i32 %r, ptr %q
  ret void
}
