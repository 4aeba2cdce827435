; byval sret: sret pointer is returned in rax.
; RUN: rcc-par -stop-after=finalize-isel -relocation-model=static -verify-machineinstrs %s -o - | FileCheck %s
; CHECK-LABEL: {{^}}name: f{{$}}
; CHECK-DAG: $rax = COPY %0
; CHECK-DAG: RET64 implicit $rax

%S = type { i64, i64, i64 }
define void @f(ptr sret(%S) align 8 %r, i64 %x) {
  store i64 %x, ptr %r
  ret void
}
