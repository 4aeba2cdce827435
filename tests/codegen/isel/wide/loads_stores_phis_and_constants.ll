; i128 loads, stores, phis and constants: two halves each (one PHI per half);
; the halves go to offsets 16 and 24.
; RUN: rcc-par -stop-after=finalize-isel -relocation-model=static -verify-machineinstrs %s -o - | FileCheck %s
; RUN: rcc-par -stop-after=finalize-isel -relocation-model=static -verify-machineinstrs %s -o - | FileCheck %s --check-prefix=COUNT1
; RUN: rcc-par -stop-after=finalize-isel -relocation-model=static -verify-machineinstrs %s -o - | FileCheck %s --check-prefix=COUNT2
; RUN: rcc-par -stop-after=finalize-isel -relocation-model=static -verify-machineinstrs %s -o - | FileCheck %s --check-prefix=COUNT3
; CHECK-LABEL: {{^}}name: f{{$}}
; CHECK-DAG: , 16, $noreg
; CHECK-DAG: , 24, $noreg
; COUNT1-LABEL: {{^}}name: f{{$}}
; COUNT1: MOV64rm
; COUNT1: MOV64rm
; COUNT1-NOT: MOV64rm
; COUNT2-LABEL: {{^}}name: f{{$}}
; COUNT2: MOV64mr
; COUNT2: MOV64mr
; COUNT2-NOT: MOV64mr
; COUNT3-LABEL: {{^}}name: f{{$}}
; COUNT3: = PHI
; COUNT3: = PHI
; COUNT3-NOT: = PHI

define void @f(ptr %p, i1 %c) {
entry:
  %v = load i128, ptr %p, align 16
  br i1 %c, label %a, label %b
a:
  br label %m
b:
  br label %m
m:
  %x = phi i128 [ %v, %a ], [ 340282366920938463463374607431768211455, %b ]
  %q = getelementptr i8, ptr %p, i64 16
  store i128 %x, ptr %q, align 16
  ret void
}
