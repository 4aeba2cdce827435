; bitcasts move between register files.
; RUN: rcc-par -stop-after=finalize-isel -relocation-model=static -verify-machineinstrs %s -o - | FileCheck %s
; CHECK-LABEL: {{^}}name: f{{$}}
; CHECK-DAG: MOVPQIto64rr
; CHECK-DAG: MOVDI2PDIrr
; CHECK-DAG: MOVPDI2DIrr
; CHECK-DAG: MOV64toPQIrr

define i64 @f(double %a, i32 %b) {
  %x = bitcast double %a to i64
  %f = bitcast i32 %b to float
  %y = bitcast float %f to i32
  %z = zext i32 %y to i64
  %s = add i64 %x, %z
  ret i64 %s
}
define double @g(i64 %a) {
  %d = bitcast i64 %a to double
  ret double %d
}
