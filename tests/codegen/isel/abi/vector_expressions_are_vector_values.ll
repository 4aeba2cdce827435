; constexpr: vector expressions are vector values.
; RUN: rcc-par -stop-after=finalize-isel -relocation-model=static -verify-machineinstrs %s -o - | FileCheck %s
; CHECK-LABEL: {{^}}name: f{{$}}
; The <2 x i32> constant is a v4i32 (widened) from the pool; its
; low 64 bits are the i64.
; CHECK-DAG: [01, 00, 00, 00, 02, 00, 00, 00
; CHECK-DAG: MOVPQIto64rr

define i64 @f() {
  ret i64 bitcast (<2 x i32> <i32 1, i32 2> to i64)
}
