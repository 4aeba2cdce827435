; aggregate: aggregate call argument is split.
; RUN: rcc-par -stop-after=finalize-isel -relocation-model=static -verify-machineinstrs %s -o - | FileCheck %s
; CHECK-LABEL: {{^}}name: f{{$}}
; CHECK-DAG: $rdi = COPY
; CHECK-DAG: $esi = COPY

declare void @g({ i64, i32 })
define void @f(i64 %a) {
  %x = insertvalue { i64, i32 } undef, i64 %a, 0
  call void @g({ i64, i32 } %x)
  ret void
}
