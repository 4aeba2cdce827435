; intrinsics: funnel shifts of one value are rotates.
; RUN: rcc-par -stop-after=finalize-isel -relocation-model=static %s -o - | FileCheck %s
; CHECK-LABEL: {{^}}name: f{{$}}
; CHECK-DAG: ROL64rCL
; 70 mod 64
; CHECK-DAG: ROR64ri %3(tied-def 0), 6,
; CHECK-DAG: SHL64ri %4(tied-def 0), 3,
; CHECK-DAG: SHR64ri %1(tied-def 0), 61,

declare i64 @llvm.fshl.i64(i64, i64, i64)
declare i64 @llvm.fshr.i64(i64, i64, i64)
define i64 @f(i64 %a, i64 %b, i64 %c) {
%r = call i64 @llvm.fshl.i64(i64 %a, i64 %a, i64 %c)
%s = call i64 @llvm.fshr.i64(i64 %r, i64 %r, i64 70)
%t = call i64 @llvm.fshl.i64(i64 %s, i64 %b, i64 3)
ret i64 %t
}
