; cheap code: constants move right and powers of two shift.
; RUN: rcc-par -stop-after=finalize-isel -relocation-model=static %s -o - | FileCheck %s
; CHECK-LABEL: {{^}}name: f{{$}}
; CHECK-DAG: SHL32ri %0(tied-def 0), 3
; CHECK-DAG: CMP32ri8 %1, 5
; 5 < m is m > 5
; CHECK-DAG: SETCCr 15,


define i32 @f(i32 %a) {
%m = mul i32 8, %a
%c = icmp slt i32 5, %m
%z = zext i1 %c to i32
ret i32 %z
}
