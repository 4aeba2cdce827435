; Constant i128 shifts are funnel shifts (SHLD/SHRD with an immediate) or
; moves of halves.
; RUN: rcc-par -stop-after=finalize-isel -relocation-model=static -verify-machineinstrs %s -o - | FileCheck %s
; RUN: rcc-par -stop-after=finalize-isel -relocation-model=static -verify-machineinstrs %s -o - | FileCheck %s --check-prefix=NONE
; RUN: rcc-par -stop-after=finalize-isel -relocation-model=static -verify-machineinstrs %s -o - | FileCheck %s --check-prefix=COUNT
; CHECK-LABEL: {{^}}name: shl_5{{$}}
; CHECK-DAG: SHLD64rri8
; CHECK-DAG: SHL64ri
; CHECK-LABEL: {{^}}name: lshr_5{{$}}
; CHECK-DAG: SHRD64rri8
; CHECK-DAG: SHR64ri
; shl by 64 is a move of halves.
; CHECK-LABEL: {{^}}name: shl_64{{$}}
; CHECK-LABEL: {{^}}name: ashr_70{{$}}
; NONE-LABEL: {{^}}name: shl_5{{$}}
; NONE-LABEL: {{^}}name: lshr_5{{$}}
; NONE-LABEL: {{^}}name: shl_64{{$}}
; NONE-NOT: SH
; NONE-LABEL: {{^}}name: ashr_70{{$}}
; NONE-NOT: SHRD
; COUNT-LABEL: {{^}}name: shl_5{{$}}
; COUNT-LABEL: {{^}}name: lshr_5{{$}}
; COUNT-LABEL: {{^}}name: shl_64{{$}}
; COUNT-LABEL: {{^}}name: ashr_70{{$}}
; COUNT: SAR64ri
; COUNT: SAR64ri
; COUNT-NOT: SAR64ri

define i128 @shl_5(i128 %a) {
  %r = shl i128 %a, 5
  ret i128 %r
}
define i128 @lshr_5(i128 %a) {
  %r = lshr i128 %a, 5
  ret i128 %r
}
define i128 @shl_64(i128 %a) {
  %r = shl i128 %a, 64
  ret i128 %r
}
define i128 @ashr_70(i128 %a) {
  %r = ashr i128 %a, 70
  ret i128 %r
}
