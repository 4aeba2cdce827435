; operands: q upper takes a register with a high byte.
; RUN: rcc-par -stop-after=finalize-isel -relocation-model=static -verify-machineinstrs %s -o - | FileCheck %s
; CHECK-LABEL: {{^}}name: f{{$}}
; CHECK-DAG: :gr32_abcd = COPY

define i8 @f(i32 %a) {
  %r = call i8 asm "movb ${1:h}, $0", "=r,Q"(i32 %a)
  ret i8 %r
}
