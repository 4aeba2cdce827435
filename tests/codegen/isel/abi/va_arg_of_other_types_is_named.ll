; varargs: va arg of other types is named.
; RUN: not rcc-par -stop-after=finalize-isel -relocation-model=static -verify-machineinstrs %s -o - 2>&1 | FileCheck %s --check-prefix=ERR
; ERR: {{:[0-9]+:[0-9]+: error: .*}}i128

define i128 @f(ptr %ap) {
  %v = va_arg ptr %ap, i128
  ret i128 %v
}
