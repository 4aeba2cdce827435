; select extensions truncation.
; RUN: rcc-par -stop-after=finalize-isel -relocation-model=static -verify-machineinstrs %s -o - | FileCheck %s
; RUN: rcc-par -stop-after=finalize-isel -relocation-model=static -verify-machineinstrs %s -o - | FileCheck %s --check-prefix=COUNT1
; RUN: rcc-par -stop-after=finalize-isel -relocation-model=static -verify-machineinstrs %s -o - | FileCheck %s --check-prefix=COUNT2
; CHECK-LABEL: {{^}}name: f{{$}}
; CHECK-DAG: MOVSX64rr32
; COUNT1-LABEL: {{^}}name: f{{$}}
; COUNT1: CMOV64rr
; COUNT1: CMOV64rr
; COUNT1-NOT: CMOV64rr
; sign of both sexts
; COUNT2-LABEL: {{^}}name: f{{$}}
; COUNT2: SAR64ri
; COUNT2: SAR64ri
; COUNT2-NOT: SAR64ri

define i128 @f(i1 %c, i128 %a, i32 %x, i64 %y) {
  %s = sext i32 %x to i128
  %z = zext i64 %y to i128
  %t = select i1 %c, i128 %s, i128 %z
  %r = add i128 %t, %a
  %n = trunc i128 %r to i16
  %w = sext i16 %n to i128
  %o = xor i128 %w, %r
  ret i128 %o
}
