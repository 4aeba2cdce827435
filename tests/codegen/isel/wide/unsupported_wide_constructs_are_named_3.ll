; unsupported wide constructs are named.
; RUN: not rcc-par -stop-after=finalize-isel -relocation-model=static -verify-machineinstrs %s -o - 2>&1 | FileCheck %s --check-prefix=ERR
; ERR: {{:[0-9]+:[0-9]+: error: .*}}atomic store of type i128

define void @f(ptr %p, i128 %v) {
  store atomic i128 %v, ptr %p seq_cst, align 16
  ret void
}
