; wider integers are four parts.
; RUN: not rcc-par -stop-after=finalize-isel -relocation-model=static -verify-machineinstrs %s -o - 2>&1 | FileCheck %s --check-prefix=ERR
; ERR: {{:[0-9]+:[0-9]+: error: .*}}i256 operation (UDiv

define i64 @f(ptr %p) {
  %a = load i200, ptr %p
  %m = udiv i200 %a, %a
  %t = trunc i200 %m to i64
  ret i64 %t
}
