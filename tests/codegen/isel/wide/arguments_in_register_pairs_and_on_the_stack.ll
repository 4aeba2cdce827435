; i128 arguments: a in rdi:rsi, b in rdx:rcx, c in r8, d on the stack (r9 is
; skipped), e on the stack: three loads (two halves and e), none from a fixed
; slot by address; the result in rax:rdx.
; RUN: rcc-par -stop-after=finalize-isel -relocation-model=static -verify-machineinstrs %s -o - | FileCheck %s
; RUN: rcc-par -stop-after=finalize-isel -relocation-model=static -verify-machineinstrs %s -o - | FileCheck %s --check-prefix=NONE
; RUN: rcc-par -stop-after=finalize-isel -relocation-model=static -verify-machineinstrs %s -o - | FileCheck %s --check-prefix=COUNT
; CHECK-LABEL: {{^}}name: f{{$}}
; CHECK-DAG: COPY $rdi
; CHECK-DAG: COPY $rsi
; CHECK-DAG: COPY $rdx
; CHECK-DAG: COPY $rcx
; CHECK-DAG: COPY $r8
; CHECK-DAG: $rax = COPY
; CHECK-DAG: $rdx = COPY
; NONE-LABEL: {{^}}name: f{{$}}
; NONE-NOT: COPY $r9
; NONE-NOT: MOV64rm %fixed
; COUNT-LABEL: {{^}}name: f{{$}}
; COUNT: = MOV64rm
; COUNT: = MOV64rm
; COUNT: = MOV64rm
; COUNT-NOT: = MOV64rm

define i128 @f(i128 %a, i128 %b, i64 %c, i128 %d, i64 %e) {
  %x = add i128 %a, %d
  %z = zext i64 %e to i128
  %y = add i128 %x, %z
  ret i128 %y
}
