; load folding: single use loads become memory operands.
; RUN: rcc-par -stop-after=finalize-isel -relocation-model=static %s -o - | FileCheck %s
; RUN: rcc-par -stop-after=finalize-isel -relocation-model=static %s -o - | FileCheck %s --check-prefix=NONE
; CHECK-LABEL: {{^}}name: f{{$}}
; CHECK-DAG: ADD32rm %1(tied-def 0), %0, 1, $noreg, 0,
; CHECK-DAG: CMP32mi8 %2, 1, $noreg, 0, $noreg, 7
; CHECK-DAG: MOVSX64rm16 %2,
; NONE-LABEL: {{^}}name: f{{$}}
; NONE-NOT: MOV32rm


define i64 @f(ptr %p, i32 %x, ptr %q) {
%a = load i32, ptr %p
%s = add i32 %x, %a
%b = load i32, ptr %q
%c = icmp slt i32 %b, 7
%z = zext i1 %c to i32
%t = xor i32 %s, %z
%w = load i16, ptr %q
%e = sext i16 %w to i64
%r = zext i32 %t to i64
%u = add i64 %r, %e
ret i64 %u
}
