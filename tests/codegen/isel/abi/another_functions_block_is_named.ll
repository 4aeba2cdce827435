; computed goto: another functions block is named.
; RUN: not rcc-par -stop-after=finalize-isel -relocation-model=static -verify-machineinstrs %s -o - 2>&1 | FileCheck %s --check-prefix=ERR
; ERR: {{:[0-9]+:[0-9]+: error: .*}}another function

define ptr @f() {
  ret ptr blockaddress(@g, %x)
}
define void @g() {
entry:
  br label %x
x:
  ret void
}
