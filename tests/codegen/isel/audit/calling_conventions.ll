; Calling conventions that are the C convention on x86-64 compile as it
; (llc's CC_X86_64 sends them to CC_X86_64_C); the others, on a
; definition or a call, are errors naming the function.
; RUN: not rcc-par -O2 -filetype=asm %s -o - 2>&1 | FileCheck %s --check-prefix=ERR
; ERR: {{:[0-9]+:[0-9]+: }}error: in function 'swift': the function's calling convention 'swiftcc' is not supported
; ERR: {{:[0-9]+:[0-9]+: }}error: in function 'tail': the function's calling convention 'tailcc' is not supported
; ERR: {{:[0-9]+:[0-9]+: }}error: in function 'calls_preserve_most': a call's calling convention 'preserve_mostcc' is not supported
; ERR: {{:[0-9]+:[0-9]+: }}error: in function 'numbered': the function's calling convention 'cc 1023' is not supported
; ERR-NOT: 'std'
; ERR-NOT: 'fast'
; ERR-NOT: 'cold'
target triple = "x86_64-unknown-linux-gnu"

define x86_stdcallcc i32 @std(i32 %a) {
  ret i32 %a
}

define fastcc i32 @fast(i32 %a) {
  %r = call x86_fastcallcc i32 @cold(i32 %a)
  ret i32 %r
}

define x86_fastcallcc i32 @cold(i32 %a) {
  ret i32 %a
}

define swiftcc i32 @swift(i32 %a) {
  ret i32 %a
}

define tailcc i32 @tail(i32 %a) {
  ret i32 %a
}

declare preserve_mostcc void @pm()

define void @calls_preserve_most() {
  call preserve_mostcc void @pm()
  ret void
}

define cc 1023 void @numbered() {
  ret void
}
