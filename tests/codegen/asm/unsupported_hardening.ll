; Hardening attributes not implemented yet are named errors, never
; silently ignored: stack protectors (ssp, sspstrong, sspreq from
; -fstack-protector*) and "fentry-call" (-mfentry).
; RUN: not rcc-par -O2 %s -o - 2>&1 | FileCheck %s
; RUN: not rcc-par -O0 %s -o - 2>&1 | FileCheck %s
; CHECK: error: in function 'f': attribute 'sspstrong' is not supported (llc inserts a stack protector)

define void @f() sspstrong {
  %a = alloca [16 x i8]
  store volatile i8 0, ptr %a
  ret void
}
