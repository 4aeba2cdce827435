; Variable i128 shifts: one double shift and one single shift by CL, then a
; select of the halves on bit 6 of the count (TEST8ri, two CMOVs); the & 63
; is free (no AND64ri).
; RUN: rcc-par -stop-after=finalize-isel -relocation-model=static -verify-machineinstrs %s -o - | FileCheck %s --check-prefix=NONE
; RUN: rcc-par -stop-after=finalize-isel -relocation-model=static -verify-machineinstrs %s -o - | FileCheck %s --check-prefix=COUNT1
; RUN: rcc-par -stop-after=finalize-isel -relocation-model=static -verify-machineinstrs %s -o - | FileCheck %s --check-prefix=COUNT2
; RUN: rcc-par -stop-after=finalize-isel -relocation-model=static -verify-machineinstrs %s -o - | FileCheck %s --check-prefix=COUNT3
; RUN: rcc-par -stop-after=finalize-isel -relocation-model=static -verify-machineinstrs %s -o - | FileCheck %s --check-prefix=COUNT4
; NONE-LABEL: {{^}}name: shl{{$}}
; NONE-NOT: AND64ri
; NONE-LABEL: {{^}}name: lshr{{$}}
; NONE-NOT: AND64ri
; NONE-LABEL: {{^}}name: ashr{{$}}
; NONE-NOT: AND64ri
; COUNT1-LABEL: {{^}}name: shl{{$}}
; COUNT1: SHLD64rrCL
; COUNT1-NOT: SHLD64rrCL
; COUNT1-LABEL: {{^}}name: lshr{{$}}
; COUNT1: SHRD64rrCL
; COUNT1-NOT: SHRD64rrCL
; COUNT1-LABEL: {{^}}name: ashr{{$}}
; COUNT1: SHRD64rrCL
; COUNT1-NOT: SHRD64rrCL
; COUNT2-LABEL: {{^}}name: shl{{$}}
; COUNT2: SHL64rCL
; COUNT2-NOT: SHL64rCL
; COUNT2-LABEL: {{^}}name: lshr{{$}}
; COUNT2: SHR64rCL
; COUNT2-NOT: SHR64rCL
; COUNT2-LABEL: {{^}}name: ashr{{$}}
; COUNT2: SAR64rCL
; COUNT2-NOT: SAR64rCL
; COUNT3-LABEL: {{^}}name: shl{{$}}
; COUNT3: TEST8ri
; COUNT3: TEST8ri
; COUNT3-NOT: TEST8ri
; COUNT3-LABEL: {{^}}name: lshr{{$}}
; COUNT3: TEST8ri
; COUNT3: TEST8ri
; COUNT3-NOT: TEST8ri
; COUNT3-LABEL: {{^}}name: ashr{{$}}
; COUNT3: TEST8ri
; COUNT3: TEST8ri
; COUNT3-NOT: TEST8ri
; COUNT4-LABEL: {{^}}name: shl{{$}}
; COUNT4: CMOV64rr
; COUNT4: CMOV64rr
; COUNT4-NOT: CMOV64rr
; COUNT4-LABEL: {{^}}name: lshr{{$}}
; COUNT4: CMOV64rr
; COUNT4: CMOV64rr
; COUNT4-NOT: CMOV64rr
; COUNT4-LABEL: {{^}}name: ashr{{$}}
; COUNT4: CMOV64rr
; COUNT4: CMOV64rr
; COUNT4-NOT: CMOV64rr

define i128 @shl(i128 %a, i128 %s) {
  %r = shl i128 %a, %s
  ret i128 %r
}
define i128 @lshr(i128 %a, i128 %s) {
  %r = lshr i128 %a, %s
  ret i128 %r
}
define i128 @ashr(i128 %a, i128 %s) {
  %r = ashr i128 %a, %s
  ret i128 %r
}
