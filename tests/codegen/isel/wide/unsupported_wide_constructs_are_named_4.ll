; unsupported wide constructs are named.
; RUN: not rcc-par -stop-after=finalize-isel -relocation-model=static -verify-machineinstrs %s -o - 2>&1 | FileCheck %s --check-prefix=ERR
; ERR: {{:[0-9]+:[0-9]+: error: .*}}i256 operation (SRem

define void @f(ptr %p) {
  %a = load i256, ptr %p
  %r = srem i256 %a, 7
  store i256 %r, ptr %p
  ret void
}
