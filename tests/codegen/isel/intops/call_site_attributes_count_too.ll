; call extension: call site attributes count too.
; RUN: rcc-par -stop-after=finalize-isel -relocation-model=static %s -o - | FileCheck %s
; CHECK-LABEL: {{^}}name: f{{$}}
; CHECK-DAG: MOVSX32rr8

declare void @g(i8)
define void @f(i8 %a) {
  call void @g(i8 signext %a)
  ret void
}
