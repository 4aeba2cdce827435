; wider integers are four parts.
; RUN: rcc-par -stop-after=finalize-isel -relocation-model=static -verify-machineinstrs %s -o - | FileCheck %s
; RUN: rcc-par -stop-after=finalize-isel -relocation-model=static -verify-machineinstrs %s -o - | FileCheck %s --check-prefix=COUNT1
; RUN: rcc-par -stop-after=finalize-isel -relocation-model=static -verify-machineinstrs %s -o - | FileCheck %s --check-prefix=COUNT2
; RUN: rcc-par -stop-after=finalize-isel -relocation-model=static -verify-machineinstrs %s -o - | FileCheck %s --check-prefix=COUNT3
; RUN: rcc-par -stop-after=finalize-isel -relocation-model=static -verify-machineinstrs %s -o - | FileCheck %s --check-prefix=COUNT4
; CHECK-LABEL: {{^}}name: f{{$}}
; A csmith bit-field container: i136 = 17 bytes, promoted to i256.
; CHECK-DAG: SHRD64rri8
; 16 + 1 bytes each way.
; COUNT1-LABEL: {{^}}name: f{{$}}
; COUNT1: MOV64rm
; COUNT1: MOV64rm
; COUNT1-NOT: MOV64rm
; COUNT2-LABEL: {{^}}name: f{{$}}
; COUNT2: MOVZX32rm8
; COUNT2-NOT: MOVZX32rm8
; COUNT3-LABEL: {{^}}name: f{{$}}
; COUNT3: MOV64mr
; COUNT3: MOV64mr
; COUNT3-NOT: MOV64mr
; COUNT4-LABEL: {{^}}name: f{{$}}
; COUNT4: MOV8mr
; COUNT4-NOT: MOV8mr

define i32 @f(ptr %p, i64 %a) {
  %v = load volatile i136, ptr %p, align 1
  %s = lshr i136 %v, 73
  %m = and i136 %s, 4194303
  %t = trunc i136 %m to i32
  %z = zext i64 %a to i136
  %y = shl i136 %z, 70
  %o = or i136 %v, %y
  store volatile i136 %o, ptr %p, align 1
  ret i32 %t
}
