; varargs: unnamed registers are saved.
; One named integer: RSI..R9 at 8..40, then XMM0..7 at 48..160; RDI (named)
; is not saved.
; RUN: rcc-par -stop-after=finalize-isel -relocation-model=static -verify-machineinstrs %s -o - | FileCheck %s
; RUN: rcc-par -stop-after=finalize-isel -relocation-model=static -verify-machineinstrs %s -o - | FileCheck %s --check-prefix=NONE
; CHECK-LABEL: {{^}}name: sum{{$}}
; CHECK-DAG: MOV64mr %stack.2, 1, $noreg, 8, $noreg, $rsi
; CHECK-DAG: MOV64mr %stack.2, 1, $noreg, 40, $noreg, $r9
; CHECK-DAG: MOVAPSmr %stack.2, 1, $noreg, 48, $noreg, $xmm0
; CHECK-DAG: MOVAPSmr %stack.2, 1, $noreg, 160, $noreg, $xmm7
; NONE-LABEL: {{^}}name: sum{{$}}
; NONE-NOT: , $rdi{{$}}

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
