; The low half is stored (and the store ordered first) before the high half
; is needed: the glue group still keeps ADD and ADC together, with nothing
; but copies between them.
; RUN: rcc-par -stop-after=finalize-isel -relocation-model=static -verify-machineinstrs %s -o - | FileCheck %s
; CHECK-LABEL: {{^}}name: f{{$}}
; CHECK: ADD64rr
; A line whose opcode is not COPY (regex has no lookahead: spell it out).
; CHECK-NOT: {{^ *([^ ]+ = )?([A-BD-Z]|C[A-NP-Z]|CO[A-OQ-Z]|COP[A-XZ])}}
; CHECK: ADC64rr

define void @f(i128 %a, i128 %b, ptr %p, ptr %q) {
  %s = add i128 %a, %b
  %lo = trunc i128 %s to i64
  store i64 %lo, ptr %p
  %x = mul i64 %lo, %lo
  store i64 %x, ptr %q
  %h = lshr i128 %s, 64
  %hi = trunc i128 %h to i64
  store i64 %hi, ptr %q
  ret void
}
