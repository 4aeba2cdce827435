; aggregate: too many return registers is named.
; RUN: not rcc-par -stop-after=finalize-isel -relocation-model=static -verify-machineinstrs %s -o - 2>&1 | FileCheck %s --check-prefix=ERR
; ERR: {{:[0-9]+:[0-9]+: error: .*}}more than two integer return values

define { i64, i64, i64 } @f() {
  ret { i64, i64, i64 } zeroinitializer
}
