; A 24-byte memmove loads everything before it stores anything (the
; ranges may overlap).
; RUN: rcc-par -stop-after=finalize-isel -relocation-model=static %s -o - | FileCheck %s
; CHECK-LABEL: {{^}}name: f{{$}}
; CHECK: MOV64rm
; CHECK-NOT: MOV64mr
; CHECK: MOV64rm
; CHECK-NOT: MOV64mr
; CHECK: MOV64rm
; CHECK-NOT: MOV64rm
; CHECK: MOV64mr
; CHECK-NOT: MOV64rm

declare void @llvm.memmove.p0.p0.i64(ptr, ptr, i64, i1)
define void @f(ptr %d, ptr %s) {
  call void @llvm.memmove.p0.p0.i64(ptr %d, ptr %s, i64 24, i1 false)
  ret void
}
