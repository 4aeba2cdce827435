; Dynamic allocas are not probed yet (llc's PROBED_ALLOCA): a function with
; "probe-stack" and a dynamic alloca is a named error, never silently
; unprobed.
; RUN: not rcc-par -O2 %s -o - 2>&1 | FileCheck %s
; RUN: not rcc-par -O0 %s -o - 2>&1 | FileCheck %s
; CHECK: {{:[0-9]+:[0-9]+: }}error: in function 'dyn': unsupported: dynamic alloca in a function with "probe-stack"

declare void @use(ptr)

define void @dyn(i64 %n) #0 {
  %a = alloca i8, i64 %n
  call void @use(ptr %a)
  ret void
}

attributes #0 = { nounwind "probe-stack"="inline-asm" }
