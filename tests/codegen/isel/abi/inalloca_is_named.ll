; byval sret: inalloca is named.
; RUN: not rcc-par -stop-after=finalize-isel -relocation-model=static -verify-machineinstrs %s -o - 2>&1 | FileCheck %s --check-prefix=ERR
; ERR: {{:[0-9]+:[0-9]+: error: .*}}inalloca

%S = type { i64 }
declare void @g(ptr inalloca(%S))
define void @f(ptr %p) {
  call void @g(ptr inalloca(%S) %p)
  ret void
}
