; Metadata on functions and instructions that changes the code is an
; error naming it; metadata whose absence keeps the output correct is a
; warning; hints pass.
; RUN: not rcc-par -O2 -filetype=asm %s -o - 2>&1 | FileCheck %s --check-prefix=ERR
; ERR: warning: in function 'nt': metadata !nontemporal is ignored: ordinary loads and stores, not non-temporal ones
; ERR: {{:[0-9]+:[0-9]+: }}error: in function 'kcfi': metadata !kcfi_type is not supported
; ERR: {{:[0-9]+:[0-9]+: }}error: in function 'sanitized': metadata !func_sanitize is not supported
; ERR: {{:[0-9]+:[0-9]+: }}error: in function 'pcs': metadata !pcsections is not supported
; ERR-NOT: 'nt'
target triple = "x86_64-unknown-linux-gnu"

define void @kcfi() !kcfi_type !0 {
  ret void
}

define void @sanitized() !func_sanitize !1 {
  ret void
}

define i32 @pcs(ptr %p) {
  %v = load i32, ptr %p, !pcsections !2
  ret i32 %v
}

define void @nt(ptr %p) {
  store i32 1, ptr %p, !nontemporal !3
  ret void
}

!0 = !{i32 12345}
!1 = !{i32 3238382334, i32 42}
!2 = !{!"sec"}
!3 = !{i32 1}
