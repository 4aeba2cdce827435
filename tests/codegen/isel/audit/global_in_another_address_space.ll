; A global variable outside address space 0 is an error naming it.
; RUN: not rcc-par -O2 -filetype=asm %s -o - 2>&1 | FileCheck %s --check-prefix=ERR
; ERR: error: global 'g': address space 1 is not supported
target triple = "x86_64-unknown-linux-gnu"

@g = addrspace(1) global i32 0

define i32 @f() {
  ret i32 0
}
