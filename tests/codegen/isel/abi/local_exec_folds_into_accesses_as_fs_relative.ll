; tls: local-exec folds into accesses as fs-relative.
; The load and the store: %fs:y@TPOFF(,%i,4) and %fs:y@TPOFF. The address as
; a value keeps the thread pointer (lea ignores segments).
; RUN: rcc-par -stop-after=finalize-isel -relocation-model=static -verify-machineinstrs %s -o - | FileCheck %s
; RUN: rcc-par -stop-after=finalize-isel -relocation-model=static -verify-machineinstrs %s -o - | FileCheck %s --check-prefix=COUNT
; CHECK-LABEL: {{^}}name: f{{$}}
; CHECK-DAG: 0, $fs
; COUNT-LABEL: {{^}}name: f{{$}}
; COUNT: @y [TpOff], $fs
; COUNT: @y [TpOff], $fs
; COUNT-NOT: @y [TpOff], $fs

@y = dso_local thread_local global [4 x i32] zeroinitializer
define ptr @f(i64 %i) {
  %p = getelementptr [4 x i32], ptr @y, i64 0, i64 %i
  %v = load i32, ptr %p
  store i32 %v, ptr @y
  ret ptr %p
}
