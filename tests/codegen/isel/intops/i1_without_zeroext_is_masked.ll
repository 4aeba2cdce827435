; call extension: i1 without zeroext is masked.
; RUN: rcc-par -stop-after=finalize-isel -relocation-model=static %s -o - | FileCheck %s --check-prefix=COUNT
; Once for the argument, once for the call result.
; COUNT-LABEL: {{^}}name: f{{$}}
; COUNT: AND8ri
; COUNT: AND8ri
; COUNT-NOT: AND8ri

declare i1 @g(i1)
define i1 @f(i1 %a) {
  %r = call i1 @g(i1 %a)
  %x = xor i1 %r, %a
  ret i1 %x
}
