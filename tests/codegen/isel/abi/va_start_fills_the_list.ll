; varargs: va start fills the list.
; RUN: rcc-par -stop-after=finalize-isel -relocation-model=static -verify-machineinstrs %s -o - | FileCheck %s
; CHECK-LABEL: {{^}}name: sum{{$}}
; CHECK-DAG: MOV32mi %stack.0, 1, $noreg, 0, $noreg, 8
; CHECK-DAG: MOV32mi %stack.0, 1, $noreg, 4, $noreg, 48
; overflow_arg_area = the first stack argument, reg_save_area.
; CHECK-DAG: LEA64r %stack.3, 1, $noreg, 0, $noreg
; CHECK-DAG: LEA64r %stack.2, 1, $noreg, 0, $noreg
; CHECK-DAG: MOV64mr %stack.0, 1, $noreg, 16, $noreg

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
