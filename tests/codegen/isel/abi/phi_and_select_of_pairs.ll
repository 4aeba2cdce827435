; aggregate: phi and select of pairs.
; RUN: rcc-par -stop-after=finalize-isel -relocation-model=static -verify-machineinstrs %s -o - | FileCheck %s --check-prefix=COUNT1
; RUN: rcc-par -stop-after=finalize-isel -relocation-model=static -verify-machineinstrs %s -o - | FileCheck %s --check-prefix=COUNT2
; COUNT1-LABEL: {{^}}name: f{{$}}
; COUNT1: = PHI
; COUNT1: = PHI
; COUNT1-NOT: = PHI
; COUNT2-LABEL: {{^}}name: f{{$}}
; COUNT2: CMOV
; COUNT2: CMOV
; COUNT2-NOT: CMOV

define { i64, i32 } @f(i1 %c, ptr %p, ptr %q) {
entry:
  %a = load { i64, i32 }, ptr %p, align 8
  %b = load { i64, i32 }, ptr %q, align 8
  %s = select i1 %c, { i64, i32 } %a, { i64, i32 } %b
  br i1 %c, label %l, label %r
l:
  br label %j
r:
  br label %j
j:
  %m = phi { i64, i32 } [ %s, %l ], [ %a, %r ]
  ret { i64, i32 } %m
}
