; reductions halve with shuffles.
; RUN: rcc-par -stop-after=finalize-isel -relocation-model=static -verify-machineinstrs %s -o - | FileCheck %s
; RUN: rcc-par -stop-after=finalize-isel -relocation-model=static -verify-machineinstrs %s -o - | FileCheck %s --check-prefix=COUNT1
; RUN: rcc-par -stop-after=finalize-isel -relocation-model=static -verify-machineinstrs %s -o - | FileCheck %s --check-prefix=COUNT2
; CHECK-LABEL: {{^}}name: f{{$}}
; CHECK-DAG: PSHUFDri
; CHECK-DAG: MOVPDI2DIrr
; COUNT1-LABEL: {{^}}name: f{{$}}
; COUNT1: PADDDrr
; COUNT1: PADDDrr
; COUNT1-NOT: PADDDrr
; COUNT2-LABEL: {{^}}name: f{{$}}
; COUNT2: PCMPGTDrr
; COUNT2: PCMPGTDrr
; COUNT2-NOT: PCMPGTDrr

declare i32 @llvm.vector.reduce.add.v4i32(<4 x i32>)
declare i32 @llvm.vector.reduce.smax.v4i32(<4 x i32>)
define i32 @f(<4 x i32> %v) {
  %a = call i32 @llvm.vector.reduce.add.v4i32(<4 x i32> %v)
  %m = call i32 @llvm.vector.reduce.smax.v4i32(<4 x i32> %v)
  %r = add i32 %a, %m
  ret i32 %r
}
