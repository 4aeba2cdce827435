; constexpr: float bitcast expression moves the bits.
; RUN: rcc-par -stop-after=finalize-isel -relocation-model=static -verify-machineinstrs %s -o - | FileCheck %s
; CHECK-LABEL: {{^}}name: f{{$}}
; CHECK-DAG: $rax = COPY

define i64 @f() {
  ret i64 bitcast (double 1.0 to i64)
}
