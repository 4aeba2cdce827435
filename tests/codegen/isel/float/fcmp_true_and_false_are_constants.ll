; fcmp true and fcmp false are constants: no compare.
; RUN: rcc-par -stop-after=finalize-isel -relocation-model=static -verify-machineinstrs %s -o - | FileCheck %s --check-prefix=NONE
; NONE-LABEL: {{^}}name: fcmp_true{{$}}
; NONE-NOT: UCOMISD
; NONE-LABEL: {{^}}name: fcmp_false{{$}}
; NONE-NOT: UCOMISD

define i32 @fcmp_true(double %a, double %b) {
  %c = fcmp true double %a, %b
  %z = zext i1 %c to i32
  ret i32 %z
}
define i32 @fcmp_false(double %a, double %b) {
  %c = fcmp false double %a, %b
  %z = zext i1 %c to i32
  ret i32 %z
}
