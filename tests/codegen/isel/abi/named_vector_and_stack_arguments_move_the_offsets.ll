; varargs: named vector and stack arguments move the offsets.
; RUN: rcc-par -stop-after=finalize-isel -relocation-model=static -verify-machineinstrs %s -o - | FileCheck %s
; RUN: rcc-par -stop-after=finalize-isel -relocation-model=static -verify-machineinstrs %s -o - | FileCheck %s --check-prefix=NONE
; CHECK-LABEL: {{^}}name: f{{$}}
; All six registers named: gp_offset 48; the 7th named argument
; is on the stack, so unnamed ones start 8 bytes further.
; CHECK-DAG: MOV32mi %stack.0, 1, $noreg, 0, $noreg, 48
; CHECK-DAG: %stack.3
; NONE-LABEL: {{^}}name: f{{$}}
; NONE-NOT: MOV64mr %stack.1

define void @f(i64 %a, i64 %b, i64 %c, i64 %d, i64 %e, i64 %f, i64 %g, ...) {
  %ap = alloca [24 x i8], align 16
  call void @llvm.va_start.p0(ptr %ap)
  ret void
}
declare void @llvm.va_start.p0(ptr)
