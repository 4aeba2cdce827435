; promotion: narrow multiply and divide.
; RUN: rcc-par -stop-after=finalize-isel -relocation-model=static %s -o - | FileCheck %s
; CHECK-LABEL: {{^}}name: f{{$}}
; CHECK-DAG: MUL8r
; CHECK-DAG: IDIV8r
; CHECK-DAG: DIV8r


define i8 @f(i8 %a, i8 %b) {
%m = mul i8 %a, %b
%d = sdiv i8 %m, %b
%r = urem i8 %d, %a
ret i8 %r
}
