; tls: the IR model is a floor: initialexec in shared-library code makes
; no call.
; RUN: rcc-par -stop-after=finalize-isel -relocation-model=pic -verify-machineinstrs %s -o - | FileCheck %s
; RUN: rcc-par -stop-after=finalize-isel -relocation-model=pic -verify-machineinstrs %s -o - | FileCheck %s --check-prefix=NONE
; CHECK-LABEL: {{^}}name: f{{$}}
; CHECK-DAG: @x [GotTpOff]
; NONE-LABEL: {{^}}name: f{{$}}
; NONE-NOT: TLS_

@x = external thread_local(initialexec) global i32
define i32 @f() {
  %a = load i32, ptr @x
  ret i32 %a
}
