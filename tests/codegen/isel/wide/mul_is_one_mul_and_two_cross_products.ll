; mul is one mul and two cross products.
; RUN: rcc-par -stop-after=finalize-isel -relocation-model=static -verify-machineinstrs %s -o - | FileCheck %s --check-prefix=COUNT1
; RUN: rcc-par -stop-after=finalize-isel -relocation-model=static -verify-machineinstrs %s -o - | FileCheck %s --check-prefix=COUNT2
; RUN: rcc-par -stop-after=finalize-isel -relocation-model=static -verify-machineinstrs %s -o - | FileCheck %s --check-prefix=COUNT3
; A 64 x 64 -> 128 product is the MUL alone.
; COUNT1-LABEL: {{^}}name: f{{$}}
; COUNT1: MUL64r{{ }}
; COUNT1-NOT: MUL64r{{ }}
; COUNT2-LABEL: {{^}}name: f{{$}}
; COUNT2: IMUL64rr
; COUNT2: IMUL64rr
; COUNT2-NOT: IMUL64rr
; COUNT3-LABEL: {{^}}name: f{{$}}
; COUNT3: ADD64rr
; COUNT3: ADD64rr
; COUNT3-NOT: ADD64rr

define i128 @f(i128 %a, i128 %b) {
  %m = mul i128 %a, %b
  ret i128 %m
}
