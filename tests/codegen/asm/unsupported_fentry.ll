; "fentry-call" (-mfentry: llc calls __fentry__ first thing) is a named
; error until it is implemented, never silently ignored.
; RUN: not rcc-par -O2 %s -o - 2>&1 | FileCheck %s
; CHECK: error: {{.*}}unsupported: "fentry-call"

define void @f() "fentry-call"="true" {
  ret void
}
