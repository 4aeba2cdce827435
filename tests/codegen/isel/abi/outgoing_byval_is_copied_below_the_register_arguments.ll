; byval sret: outgoing byval is copied below the register arguments.
; RUN: rcc-par -stop-after=finalize-isel -relocation-model=static -verify-machineinstrs %s -o - | FileCheck %s
; CHECK-LABEL: {{^}}name: f{{$}}
; 12 bytes (the allocation size): 8 + 4, at rsp + 0.
; CHECK-DAG: = MOV64rm %0, 1, $noreg, 0, $noreg
; CHECK-DAG: = MOV32rm %0, 1, $noreg, 8, $noreg
; CHECK-DAG: MOV64mr $rsp, 1, $noreg, 0, $noreg
; CHECK-DAG: MOV32mr $rsp, 1, $noreg, 8, $noreg
; A local is read through its frame object.
; CHECK-DAG: = MOV64rm %stack.0, 1, $noreg, 0, $noreg
; CHECK-DAG: ADJCALLSTACKDOWN 16, 0, 0
; The third argument still goes to the second register.
; CHECK-DAG: $rsi = COPY

%S = type { i32, i32, i32 }
declare void @g(i64, ptr byval(%S) align 8, i64)
define void @f(ptr %p) {
  %l = alloca %S, align 4
  call void @g(i64 1, ptr byval(%S) align 8 %p, i64 2)
  call void @g(i64 3, ptr byval(%S) align 8 %l, i64 4)
  ret void
}
