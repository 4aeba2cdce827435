; cheap code: address arithmetic is one lea when worth it.
; RUN: rcc-par -stop-after=finalize-isel -relocation-model=static %s -o - | FileCheck %s
; RUN: rcc-par -stop-after=finalize-isel -relocation-model=static %s -o - | FileCheck %s --check-prefix=NONE
; CHECK-LABEL: {{^}}name: f{{$}}
; base + index*4 + 12: one lea; base + 8: an add.
; CHECK-DAG: LEA64r %0, 4, %1, 12, $noreg
; CHECK-DAG: ADD64ri8 %0(tied-def 0), 8
; NONE-LABEL: {{^}}name: f{{$}}
; NONE-NOT: SHL64ri


define ptr @f(ptr %p, i64 %i, ptr %q) {
%a = getelementptr inbounds i32, ptr %p, i64 %i
%b = getelementptr inbounds i8, ptr %a, i64 12
store ptr %b, ptr %q
%c = getelementptr inbounds i8, ptr %p, i64 8
ret ptr %c
}
