; loads and stores by alignment.
; RUN: rcc-par -stop-after=finalize-isel -relocation-model=static -verify-machineinstrs %s -o - | FileCheck %s
; CHECK-LABEL: {{^}}name: f{{$}}
; CHECK-DAG: MOVAPSrm
; CHECK-DAG: MOVUPSrm
; CHECK-DAG: PADDDrr
; CHECK-DAG: MOVUPSmr
; CHECK-DAG: MOVAPSmr

define void @f(ptr %p, ptr %q) {
  %a = load <4 x i32>, ptr %p, align 16
  %b = load <16 x i8>, ptr %q, align 1
  %c = bitcast <16 x i8> %b to <4 x i32>
  %s = add <4 x i32> %a, %c
  store <4 x i32> %s, ptr %q, align 4
  store <4 x i32> %s, ptr %p, align 16
  ret void
}
