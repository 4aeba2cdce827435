; intrinsics: odd widths judge overflow at their width.
; RUN: rcc-par -stop-after=finalize-isel -relocation-model=static %s -o - | FileCheck %s
; CHECK-LABEL: {{^}}name: f{{$}}
; Sign-extended from 33 bits (shl+sar), multiplied in 64 bits,
; and the product compared with itself re-extended.
; CHECK-DAG: SAR64ri
; CHECK-DAG: SHL64ri %3(tied-def 0), 31
; CHECK-DAG: IMUL64rr
; CHECK-DAG: SETCCr 5,

declare {i33, i1} @llvm.smul.with.overflow.i33(i33, i33)
define i1 @f(i33 %a, i33 %b) {
%t = call {i33, i1} @llvm.smul.with.overflow.i33(i33 %a, i33 %b)
%o = extractvalue {i33, i1} %t, 1
ret i1 %o
}
