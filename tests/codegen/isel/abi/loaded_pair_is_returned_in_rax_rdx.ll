; aggregate: loaded pair is returned in rax rdx.
; RUN: rcc-par -stop-after=finalize-isel -relocation-model=static -verify-machineinstrs %s -o - | FileCheck %s
; CHECK-LABEL: {{^}}name: f{{$}}
; CHECK-DAG: MOV64rm %0, 1, $noreg, 0, $noreg
; CHECK-DAG: MOV32rm %0, 1, $noreg, 8, $noreg
; CHECK-DAG: $rax = COPY
; CHECK-DAG: $edx = COPY
; CHECK-DAG: RET64 implicit $rax, implicit $edx

define { i64, i32 } @f(ptr %p) {
  %v = load { i64, i32 }, ptr %p, align 8
  ret { i64, i32 } %v
}
