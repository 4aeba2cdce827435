; memset replicates the byte by multiplying with 0x0101010101010101; the
; 4-byte piece stores the low half (a truncating store); a zero memset
; stores an immediate.
; RUN: rcc-par -stop-after=finalize-isel -relocation-model=static %s -o - | FileCheck %s
; CHECK-LABEL: {{^}}name: f{{$}}
; CHECK-DAG: MOV64ri 72340172838076673
; CHECK-DAG: IMUL64rr
; CHECK-DAG: MOV32mr %0, 1, $noreg, 8, $noreg, %5.sub_32bit
; CHECK-DAG: MOV32mi %0, 1, $noreg, 0, $noreg, 0

declare void @llvm.memcpy.p0.p0.i64(ptr, ptr, i64, i1)
declare void @llvm.memmove.p0.p0.i64(ptr, ptr, i64, i1)
declare void @llvm.memset.p0.i64(ptr, i8, i64, i1)
define void @f(ptr %d, i8 %v) {
  call void @llvm.memset.p0.i64(ptr %d, i8 %v, i64 12, i1 false)
  call void @llvm.memset.p0.i64(ptr %d, i8 0, i64 4, i1 false)
  ret void
}
