; stores are mov or xchg.
; RUN: rcc-par -stop-after=finalize-isel -relocation-model=static -verify-machineinstrs %s -o - | FileCheck %s --check-prefix=COUNT1
; RUN: rcc-par -stop-after=finalize-isel -relocation-model=static -verify-machineinstrs %s -o - | FileCheck %s --check-prefix=COUNT2
; RUN: rcc-par -stop-after=finalize-isel -relocation-model=static -verify-machineinstrs %s -o - | FileCheck %s --check-prefix=COUNT3
; COUNT1-LABEL: {{^}}name: f{{$}}
; COUNT1: XCHG32rm
; COUNT1-NOT: XCHG32rm
; COUNT2-LABEL: {{^}}name: f{{$}}
; COUNT2: MOV8mr
; COUNT2-NOT: MOV8mr
; COUNT3-LABEL: {{^}}name: f{{$}}
; COUNT3: MOV64mi32
; COUNT3-NOT: MOV64mi32

define void @f(ptr %p, i32 %v, i8 %b) {
  store atomic i32 %v, ptr %p seq_cst, align 4
  store atomic i8 %b, ptr %p release, align 1
  store atomic i64 5, ptr %p monotonic, align 8
  ret void
}
