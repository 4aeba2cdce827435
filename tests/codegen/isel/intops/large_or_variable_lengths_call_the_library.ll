; Large or variable lengths call memcpy, memmove and memset (whose int
; argument is the zero-extended byte).
; RUN: rcc-par -stop-after=finalize-isel -relocation-model=static %s -o - | FileCheck %s
; CHECK-LABEL: {{^}}name: f{{$}}
; CHECK-DAG: CALL64pcrel32 &memcpy,
; CHECK-DAG: CALL64pcrel32 &memmove,
; CHECK-DAG: CALL64pcrel32 &memset,
; CHECK-DAG: MOVZX32rr8 %3

declare void @llvm.memcpy.p0.p0.i64(ptr, ptr, i64, i1)
declare void @llvm.memmove.p0.p0.i64(ptr, ptr, i64, i1)
declare void @llvm.memset.p0.i64(ptr, i8, i64, i1)
define void @f(ptr %d, ptr %s, i64 %n, i8 %v) {
  call void @llvm.memcpy.p0.p0.i64(ptr %d, ptr %s, i64 %n, i1 false)
  call void @llvm.memmove.p0.p0.i64(ptr %d, ptr %s, i64 100, i1 false)
  call void @llvm.memset.p0.i64(ptr %d, i8 %v, i64 1000, i1 false)
  ret void
}
