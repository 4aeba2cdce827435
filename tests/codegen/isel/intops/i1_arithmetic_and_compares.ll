; promotion: i1 arithmetic and compares.
; RUN: rcc-par -stop-after=finalize-isel -relocation-model=static %s -o - | FileCheck %s
; CHECK-LABEL: {{^}}name: f{{$}}
; CHECK-DAG: XOR8rr
; CHECK-DAG: AND8rr
; CHECK-DAG: CMP8rr
; slt on i1 is ugt
; CHECK-DAG: SETCCr 7,


define i1 @f(i1 zeroext %a, i1 zeroext %b) {
%s = add i1 %a, %b
%m = mul i1 %s, %a
%q = sdiv i1 %m, %b
%r = urem i1 %q, %b
%o = or i1 %q, %r
%l = icmp slt i1 %o, %b
ret i1 %l
}
