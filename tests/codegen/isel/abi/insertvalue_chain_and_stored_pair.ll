; aggregate: insertvalue chain and stored pair.
; RUN: rcc-par -stop-after=finalize-isel -relocation-model=static -verify-machineinstrs %s -o - | FileCheck %s
; CHECK-LABEL: {{^}}name: f{{$}}
; CHECK-DAG: MOV16mr %2, 1, $noreg, 8, $noreg
; CHECK-DAG: $dx = COPY

define { i64, i16 } @f(i64 %a, i64 %b, ptr %p) {
  %t = trunc i64 %b to i16
  %x = insertvalue { i64, i16 } poison, i64 %a, 0
  %y = insertvalue { i64, i16 } %x, i16 %t, 1
  store { i64, i16 } %y, ptr %p, align 8
  ret { i64, i16 } %y
}
