; aligned loads fold into operands.
; RUN: rcc-par -stop-after=finalize-isel -relocation-model=static -verify-machineinstrs %s -o - | FileCheck %s --check-prefix=COUNT1
; RUN: rcc-par -stop-after=finalize-isel -relocation-model=static -verify-machineinstrs %s -o - | FileCheck %s --check-prefix=COUNT2
; SSE memory operands must be 16-byte aligned: only f folds.
; COUNT1-LABEL: {{^}}name: f{{$}}
; COUNT1: PADDDrm
; COUNT1-NOT: PADDDrm
; COUNT2-LABEL: {{^}}name: f{{$}}
; COUNT2: MOVUPSrm
; COUNT2-NOT: MOVUPSrm

define <4 x i32> @f(<4 x i32> %a, ptr %p) {
  %b = load <4 x i32>, ptr %p, align 16
  %r = add <4 x i32> %a, %b
  ret <4 x i32> %r
}
define <4 x i32> @g(<4 x i32> %a, ptr %p) {
  %b = load <4 x i32>, ptr %p, align 4
  %r = add <4 x i32> %a, %b
  ret <4 x i32> %r
}
