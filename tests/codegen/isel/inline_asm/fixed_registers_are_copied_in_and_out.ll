; operands: fixed registers are copied in and out.
; RUN: rcc-par -stop-after=finalize-isel -relocation-model=static -verify-machineinstrs %s -o - | FileCheck %s --check-prefix=ASM
; RUN: rcc-par -stop-after=finalize-isel -relocation-model=static -verify-machineinstrs %s -o - | FileCheck %s
; ASM-LABEL: {{^}}name: f{{$}}
; ASM: INLINEASM
; ASM-SAME: def $eax, $eax, $rdi
; CHECK-LABEL: {{^}}name: f{{$}}
; CHECK-DAG: $eax = COPY %
; CHECK-DAG: $rdi = COPY %
; CHECK-DAG: {{ }}= COPY $eax

define i32 @f(i32 %a, i64 %p) {
  %r = call i32 asm "leal ($1,$2), $0", "={eax},{ax},{rdi}"(i32 %a, i64 %p)
  ret i32 %r
}
