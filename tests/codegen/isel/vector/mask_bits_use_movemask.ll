; mask bits use movemask.
; RUN: rcc-par -stop-after=finalize-isel -relocation-model=static -verify-machineinstrs %s -o - | FileCheck %s --check-prefix=COUNT
; COUNT-LABEL: {{^}}name: f{{$}}
; COUNT: PMOVMSKBrr
; COUNT: PMOVMSKBrr
; COUNT-NOT: PMOVMSKBrr

define i16 @f(<16 x i8> %a, <16 x i8> %b) {
  %c = icmp eq <16 x i8> %a, %b
  %m = bitcast <16 x i1> %c to i16
  ret i16 %m
}
define i8 @g(<8 x i16> %a, <8 x i16> %b) {
  %c = icmp sgt <8 x i16> %a, %b
  %m = bitcast <8 x i1> %c to i8
  ret i8 %m
}
