; A module flag that changes the code and is not implemented fails the
; module, naming the flag and its value; a zero value is no request.
; RUN: not rcc-par -O2 -filetype=asm %s -o - 2>&1 | FileCheck %s --check-prefix=ERR
; ERR: error: module flag 'SkipRaxSetup' = 1 is not supported (llc leaves %al unset before variadic calls)
target triple = "x86_64-unknown-linux-gnu"

define void @f() {
  ret void
}

!llvm.module.flags = !{!0, !1}
!0 = !{i32 1, !"SemanticInterposition", i32 0}
!1 = !{i32 1, !"SkipRaxSetup", i32 1}
