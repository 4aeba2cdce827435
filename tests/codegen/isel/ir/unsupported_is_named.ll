; unsupported is named.
; RUN: not rcc-par -stop-after=finalize-isel -relocation-model=static %s -o - 2>&1 | FileCheck %s --check-prefix=ERR
; ERR: {{:[0-9]+:[0-9]+: error: .*}}half

define half @f(half %a) {
  ret half %a
}
