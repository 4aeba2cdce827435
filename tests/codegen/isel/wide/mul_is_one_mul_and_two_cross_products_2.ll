; mul is one mul and two cross products.
; RUN: rcc-par -stop-after=finalize-isel -relocation-model=static -verify-machineinstrs %s -o - | FileCheck %s --check-prefix=NONE
; RUN: rcc-par -stop-after=finalize-isel -relocation-model=static -verify-machineinstrs %s -o - | FileCheck %s --check-prefix=COUNT
; NONE-LABEL: {{^}}name: f{{$}}
; NONE-NOT: IMUL
; COUNT-LABEL: {{^}}name: f{{$}}
; COUNT: MUL64r{{ }}
; COUNT-NOT: MUL64r{{ }}

define i128 @f(i64 %a, i64 %b) {
  %x = zext i64 %a to i128
  %y = zext i64 %b to i128
  %m = mul i128 %x, %y
  ret i128 %m
}
