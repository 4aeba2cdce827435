; stack: alloca outside the entry block is dynamic.
; RUN: rcc-par -stop-after=finalize-isel -relocation-model=static -verify-machineinstrs %s -o - | FileCheck %s
; RUN: rcc-par -stop-after=finalize-isel -relocation-model=static -verify-machineinstrs %s -o - | FileCheck %s --check-prefix=NONE
; CHECK-LABEL: {{^}}name: f{{$}}
; CHECK-DAG: $rsp = COPY
; NONE-LABEL: {{^}}name: f{{$}}
; NONE-NOT: %stack.0

define i32 @f(i1 %c) {
entry:
  br i1 %c, label %a, label %b
a:
  %p = alloca i32, align 4
  store i32 5, ptr %p
  %v = load i32, ptr %p
  ret i32 %v
b:
  ret i32 0
}
