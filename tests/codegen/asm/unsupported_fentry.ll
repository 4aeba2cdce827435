; "fentry-call" (-mfentry: llc calls __fentry__ first thing) is a named
; error until it is implemented, never silently ignored.
; RUN: not rcc-par -O2 %s -o - 2>&1 | FileCheck %s
; CHECK: error: in function 'f': attribute "fentry-call"="true" is not supported (llc calls __fentry__ at the entry)

define void @f() "fentry-call"="true" {
  ret void
}
