; shuffles without a pattern go through the stack.
; RUN: rcc-par -stop-after=finalize-isel -relocation-model=static -verify-machineinstrs %s -o - | FileCheck %s
; RUN: rcc-par -stop-after=finalize-isel -relocation-model=static -verify-machineinstrs %s -o - | FileCheck %s --check-prefix=COUNT
; CHECK-LABEL: {{^}}name: f{{$}}
; Bytes from both halves of a two-input shuffle, mixed.
; CHECK-DAG: PSHUFDri
; CHECK-DAG: PSHUFLWri
; CHECK-DAG: PSHUFHWri
; COUNT-LABEL: {{^}}name: f{{$}}
; COUNT: MOV8mr
; COUNT: MOV8mr
; COUNT: MOV8mr
; COUNT: MOV8mr
; COUNT: MOV8mr
; COUNT: MOV8mr
; COUNT: MOV8mr
; COUNT: MOV8mr
; COUNT: MOV8mr
; COUNT: MOV8mr
; COUNT: MOV8mr
; COUNT: MOV8mr
; COUNT: MOV8mr
; COUNT: MOV8mr
; COUNT: MOV8mr
; COUNT: MOV8mr
; COUNT-NOT: MOV8mr

define <16 x i8> @f(<16 x i8> %a, <16 x i8> %b) {
  %r = shufflevector <16 x i8> %a, <16 x i8> %b, <16 x i32> <i32 5, i32 17, i32 9, i32 30, i32 2, i32 3, i32 4, i32 6, i32 7, i32 8, i32 10, i32 11, i32 12, i32 13, i32 14, i32 0>
  ret <16 x i8> %r
}
define <16 x i8> @rev(<16 x i8> %a) {
  %r = shufflevector <16 x i8> %a, <16 x i8> poison, <16 x i32> <i32 15, i32 14, i32 13, i32 12, i32 11, i32 10, i32 9, i32 8, i32 7, i32 6, i32 5, i32 4, i32 3, i32 2, i32 1, i32 0>
  ret <16 x i8> %r
}
