; unsupported wide constructs are named.
; RUN: not rcc-par -stop-after=finalize-isel -relocation-model=static -verify-machineinstrs %s -o - 2>&1 | FileCheck %s --check-prefix=ERR
; ERR: {{:[0-9]+:[0-9]+: error: .*}}i256 argument

define i256 @f(i256 %a) {
  ret i256 %a
}
