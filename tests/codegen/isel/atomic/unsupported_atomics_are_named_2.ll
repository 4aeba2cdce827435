; unsupported atomics are named.
; RUN: not rcc-par -stop-after=finalize-isel -relocation-model=static -verify-machineinstrs %s -o - 2>&1 | FileCheck %s --check-prefix=ERR
; ERR: {{:[0-9]+:[0-9]+: error: .*}}atomicrmw of type i128

define void @f(ptr %p, i128 %v) {
  %r = atomicrmw xchg ptr %p, i128 %v seq_cst
  ret void
}
