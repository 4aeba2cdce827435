; byval sret: large odd sized byval copies its tail.
; RUN: rcc-par -stop-after=finalize-isel -relocation-model=static -verify-machineinstrs %s -o - | FileCheck %s
; CHECK-LABEL: {{^}}name: f{{$}}
; 25 quadwords, then 2 + 1 bytes at 200 and 202.
; CHECK-DAG: MOV64ri32 25
; CHECK-DAG: MOVSQ
; CHECK-DAG: MOV16mr $rsp, 1, $noreg, 200, $noreg
; CHECK-DAG: MOV8mr $rsp, 1, $noreg, 202, $noreg
; CHECK-DAG: ADJCALLSTACKDOWN 208, 0, 0

%B = type { [203 x i8] }
declare void @g(ptr byval(%B) align 1)
define void @f(ptr %p) {
  call void @g(ptr byval(%B) align 1 %p)
  ret void
}
