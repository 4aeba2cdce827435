; intrinsics: narrow selects and overflow branches use the flags.
; RUN: rcc-par -stop-after=finalize-isel -relocation-model=static %s -o - | FileCheck %s
; RUN: rcc-par -stop-after=finalize-isel -relocation-model=static %s -o - | FileCheck %s --check-prefix=NONE
; CHECK-LABEL: {{^}}name: f{{$}}
; CHECK-DAG: CMP8rr %0, %1
; CHECK-DAG: CMOV32rr
; NONE-LABEL: {{^}}name: f{{$}}
; NONE-NOT: SETCCr

declare i8 @llvm.umin.i8(i8, i8)
define i8 @f(i8 %a, i8 %b) {
%m = call i8 @llvm.umin.i8(i8 %a, i8 %b)
ret i8 %m
}
