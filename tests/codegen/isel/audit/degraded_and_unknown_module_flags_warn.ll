; Module flags whose absence keeps the output correct, and flags rcc
; does not know, are warnings; the code is written.
; RUN: rcc-par -O2 -filetype=null %s -o - 2>&1 | FileCheck %s
; RUN: rcc-par -O2 -filetype=asm %s -o - | FileCheck %s --check-prefix=ASM
; CHECK: warning: module flag 'RtLibUseGOT' = 1 is ignored: library calls go through the PLT, not the GOT
; CHECK: warning: module flag 'a newer flag' = 3 is not known to rcc (a newer LLVM's?) and is ignored
; ASM-LABEL: {{^}}f:
target triple = "x86_64-unknown-linux-gnu"

define void @f() {
  ret void
}

!llvm.module.flags = !{!0, !1, !2}
!0 = !{i32 7, !"RtLibUseGOT", i32 1}
!1 = !{i32 1, !"a newer flag", i32 3}
!2 = !{i32 8, !"cf-protection-branch", i32 0}
