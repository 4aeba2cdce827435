; getelementptr on vectors of pointers.
; RUN: rcc-par -stop-after=finalize-isel -relocation-model=static -verify-machineinstrs %s -o - | FileCheck %s
; CHECK-LABEL: {{^}}name: f{{$}}
; 24-byte elements: the index times 24 (pmuludq), the splat base, the
; offsets 24 + 16 and the i16 lanes scaled by 2 (psllq).
; CHECK-DAG: PMULUDQrr
; CHECK-DAG: PSHUFDri
; CHECK-DAG: PADDQrr
; CHECK-DAG: PSLLQri

%S = type { i32, i64, [3 x i16] }
define <2 x ptr> @f(ptr %p, <2 x i64> %i) {
  %a = getelementptr inbounds %S, ptr %p, <2 x i64> %i
  %b = getelementptr inbounds %S, <2 x ptr> %a, i64 1, i32 2, <2 x i32> <i32 1, i32 2>
  ret <2 x ptr> %b
}
