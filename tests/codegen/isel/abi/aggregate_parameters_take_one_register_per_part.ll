; aggregate: aggregate parameters take one register per part.
; %k in EDI, the pair in RSI and EDX, %p in RCX (the store goes through it).
; RUN: rcc-par -stop-after=finalize-isel -relocation-model=static -verify-machineinstrs %s -o - | FileCheck %s
; CHECK-LABEL: {{^}}name: f{{$}}
; CHECK-DAG: = COPY $rsi
; CHECK-DAG: = COPY $edx
; CHECK-DAG: [[P:%[0-9]+]]:gr64 = COPY $rcx
; CHECK: MOV32mr [[P]], 1, $noreg, 0, $noreg

define i64 @f(i32 %k, { i64, i32 } %a, ptr %p) {
  %x = extractvalue { i64, i32 } %a, 0
  %y = extractvalue { i64, i32 } %a, 1
  store i32 %y, ptr %p
  ret i64 %x
}
