; intrinsics: overflow intrinsics give value and flag.
; RUN: rcc-par -stop-after=finalize-isel -relocation-model=static %s -o - | FileCheck %s
; CHECK-LABEL: {{^}}name: f{{$}}
; CHECK-DAG: CMP32rr %0, %1
; carry
; CHECK-DAG: SETCCr 2,
; overflow
; CHECK-DAG: SETCCr 0,
; the value
; CHECK-DAG: SUB32rr
; CHECK-DAG: IMUL32rr

declare {i32, i1} @llvm.usub.with.overflow.i32(i32, i32)
declare {i32, i1} @llvm.smul.with.overflow.i32(i32, i32)
define i32 @f(i32 %a, i32 %b, ptr %p) {
%t = call {i32, i1} @llvm.usub.with.overflow.i32(i32 %a, i32 %b)
%v = extractvalue {i32, i1} %t, 0
%o = extractvalue {i32, i1} %t, 1
store i32 %v, ptr %p
%u = call {i32, i1} @llvm.smul.with.overflow.i32(i32 %a, i32 %b)
%o2 = extractvalue {i32, i1} %u, 1
%x = xor i1 %o, %o2
%z = zext i1 %x to i32
ret i32 %z
}
