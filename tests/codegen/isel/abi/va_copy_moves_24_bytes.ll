; varargs: va_copy moves 24 bytes (three 8-byte loads from the source list,
; three stores to the copy).
; RUN: rcc-par -stop-after=finalize-isel -relocation-model=static -verify-machineinstrs %s -o - | FileCheck %s
; CHECK-LABEL: {{^}}name: sum{{$}}
; CHECK-DAG: MOV64rm %stack.0, 1, $noreg, 0, $noreg
; CHECK-DAG: MOV64mr %stack.1, 1, $noreg, 0, $noreg
; CHECK-DAG: MOV64rm %stack.0, 1, $noreg, 8, $noreg
; CHECK-DAG: MOV64mr %stack.1, 1, $noreg, 8, $noreg
; CHECK-DAG: MOV64rm %stack.0, 1, $noreg, 16, $noreg
; CHECK-DAG: MOV64mr %stack.1, 1, $noreg, 16, $noreg

%struct.__va_list_tag = type { i32, i32, ptr, ptr }
define i64 @sum(i32 %n, ...) {
  %ap = alloca [1 x %struct.__va_list_tag], align 16
  %aq = alloca [1 x %struct.__va_list_tag], align 16
  call void @llvm.va_start.p0(ptr %ap)
  call void @llvm.va_copy.p0(ptr %aq, ptr %ap)
  %o = load i32, ptr %aq, align 16
  %r = zext i32 %o to i64
  call void @llvm.va_end.p0(ptr %aq)
  call void @llvm.va_end.p0(ptr %ap)
  ret i64 %r
}
declare void @llvm.va_start.p0(ptr)
declare void @llvm.va_copy.p0(ptr, ptr)
declare void @llvm.va_end.p0(ptr)
