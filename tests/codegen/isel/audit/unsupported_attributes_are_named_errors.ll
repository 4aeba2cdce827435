; Attributes that change the code and are not implemented are errors
; naming the function and the attribute; the other functions compile.
; RUN: not rcc-par -O2 -filetype=asm %s -o - 2>&1 | FileCheck %s --check-prefix=ERR
; ERR: {{:[0-9]+:[0-9]+: }}error: in function 'naked': attribute 'naked' is not supported (llc omits the prologue and the epilogue)
; ERR: {{:[0-9]+:[0-9]+: }}error: in function 'zero_regs': attribute "zero-call-used-regs"="used-gpr" is not supported
; ERR: {{:[0-9]+:[0-9]+: }}error: in function 'split': attribute "split-stack" is not supported
; ERR: {{:[0-9]+:[0-9]+: }}error: in function 'xray': attribute "function-instrument"="xray-always" is not supported
; ERR: {{:[0-9]+:[0-9]+: }}error: in function 'fentry': attribute "fentry-call"="true" is not supported
; ERR: {{:[0-9]+:[0-9]+: }}error: in function 'ssp': attribute 'sspstrong' is not supported
; ERR: {{:[0-9]+:[0-9]+: }}error: in function 'patchable': attribute "patchable-function-entry"="2" is not supported
; ERR: {{:[0-9]+:[0-9]+: }}error: in function 'thunk': attribute 'fn_ret_thunk_extern' is not supported
; ERR: {{:[0-9]+:[0-9]+: }}error: in function 'inline_nest': attribute 'nest' is not supported
; ERR-NOT: 'fine'
target triple = "x86_64-unknown-linux-gnu"

define i32 @naked(i32 %a) naked {
  unreachable
}

define i32 @zero_regs(i32 %a) #0 {
  ret i32 %a
}

define i32 @split(i32 %a) #1 {
  ret i32 %a
}

define i32 @xray(i32 %a) #2 {
  ret i32 %a
}

define i32 @fentry(i32 %a) #3 {
  ret i32 %a
}

define i32 @ssp(i32 %a) sspstrong {
  ret i32 %a
}

define i32 @probe_call(i32 %a) #4 {
  ret i32 %a
}

define i32 @patchable(i32 %a) #5 {
  ret i32 %a
}

define void @thunk() fn_ret_thunk_extern {
  ret void
}

define void @nocf() nocf_check {
  ret void
}

define i32 @inline_nest(ptr nest %p) {
  ret i32 0
}

define i32 @fine(i32 %a) #6 {
  ret i32 %a
}

attributes #0 = { "zero-call-used-regs"="used-gpr" }
attributes #1 = { "split-stack" }
attributes #2 = { "function-instrument"="xray-always" }
attributes #3 = { "fentry-call"="true" }
attributes #4 = { "probe-stack"="__probestack" }
attributes #5 = { "patchable-function-entry"="2" }
attributes #6 = { "zero-call-used-regs"="skip" "function-instrument"="xray-never" "disable-tail-calls"="false" }
