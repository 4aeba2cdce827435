; stack: dynamic alloca moves the stack pointer.
; RUN: rcc-par -stop-after=finalize-isel -relocation-model=static -verify-machineinstrs %s -o - | FileCheck %s
; CHECK-LABEL: {{^}}name: f{{$}}
; CHECK-DAG: = COPY $rsp
; CHECK-DAG: SUB64rr
; Rounded to 16, then aligned to 64.
; CHECK-DAG: AND64ri8 %
; CHECK-DAG: , -16,
; CHECK-DAG: , -64,
; CHECK-DAG: $rsp = COPY

declare void @use(ptr)
define void @f(i32 %n) {
  %p = alloca i32, i32 %n, align 64
  call void @use(ptr %p)
  ret void
}
