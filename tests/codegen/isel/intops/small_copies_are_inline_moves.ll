; A 13-byte memcpy is inline moves (8 + 4 + 1 bytes), no call.
; RUN: rcc-par -stop-after=finalize-isel -relocation-model=static %s -o - | FileCheck %s
; RUN: rcc-par -stop-after=finalize-isel -relocation-model=static %s -o - | FileCheck %s --check-prefix=NONE
; CHECK-LABEL: {{^}}name: f{{$}}
; CHECK-DAG: MOV64rm %1, 1, $noreg, 0,
; CHECK-DAG: MOV32mr %0, 1, $noreg, 8,
; CHECK-DAG: MOV8mr %0, 1, $noreg, 12,
; NONE-LABEL: {{^}}name: f{{$}}
; NONE-NOT: CALL

declare void @llvm.memcpy.p0.p0.i64(ptr, ptr, i64, i1)
declare void @llvm.memmove.p0.p0.i64(ptr, ptr, i64, i1)
declare void @llvm.memset.p0.i64(ptr, i8, i64, i1)
define void @f(ptr %d, ptr %s) {
  call void @llvm.memcpy.p0.p0.i64(ptr %d, ptr %s, i64 13, i1 false)
  ret void
}
