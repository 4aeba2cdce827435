; byval sret: large byval uses rep movsq.
; RUN: rcc-par -stop-after=finalize-isel -relocation-model=static -verify-machineinstrs %s -o - | FileCheck %s
; CHECK-LABEL: {{^}}name: f{{$}}
; CHECK-DAG: MOV64ri32 24
; CHECK-DAG: REP_PREFIX
; CHECK-DAG: MOVSQ
; CHECK-DAG: implicit $rcx
; CHECK-DAG: ADJCALLSTACKDOWN 192, 0, 0

%B = type { [24 x i64] }
declare void @g(ptr byval(%B) align 8)
define void @f(ptr %p) {
  call void @g(ptr byval(%B) align 8 %p)
  ret void
}
