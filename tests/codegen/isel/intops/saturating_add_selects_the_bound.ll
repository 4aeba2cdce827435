; intrinsics: saturating add selects the bound.
; RUN: rcc-par -stop-after=finalize-isel -relocation-model=static %s -o - | FileCheck %s
; CHECK-LABEL: {{^}}name: f{{$}}
; CHECK-DAG: SETCCr 0,
; CHECK-DAG: SAR16ri
; CHECK-DAG: XOR16ri
; CHECK-DAG: CMOV16rr

declare i16 @llvm.sadd.sat.i16(i16, i16)
define i16 @f(i16 %a, i16 %b) {
%r = call i16 @llvm.sadd.sat.i16(i16 %a, i16 %b)
ret i16 %r
}
