; byval sret: byval stack slots follow alignment.
; RUN: rcc-par -stop-after=finalize-isel -relocation-model=static -verify-machineinstrs %s -o - | FileCheck %s
; CHECK-LABEL: {{^}}name: f{{$}}
; 7th at 0, the 16-aligned copy at 16..32, the 9th at 32: 48 bytes.
; CHECK-DAG: MOV64mr $rsp, 1, $noreg, 16, $noreg
; CHECK-DAG: MOV64mr $rsp, 1, $noreg, 24, $noreg
; CHECK-DAG: MOV64mr $rsp, 1, $noreg, 32, $noreg
; CHECK-DAG: ADJCALLSTACKDOWN 48, 0, 0

%L = type { [2 x i64] }
declare void @g(i64, i64, i64, i64, i64, i64, i64, ptr byval(%L) align 16, i64)
define void @f(ptr %p) {
  call void @g(i64 1, i64 2, i64 3, i64 4, i64 5, i64 6, i64 7, ptr byval(%L) align 16 %p, i64 8)
  ret void
}
