; call extension: narrow returns pass unextended like llc.
; RUN: rcc-par -stop-after=finalize-isel -relocation-model=static %s -o - | FileCheck %s
; RUN: rcc-par -stop-after=finalize-isel -relocation-model=static %s -o - | FileCheck %s --check-prefix=NONE
; CHECK-LABEL: {{^}}name: f{{$}}
; CHECK-DAG: $al = COPY %0
; CHECK-DAG: SETCCr 4
; NONE-LABEL: {{^}}name: f{{$}}
; NONE-NOT: MOVSX

define signext i8 @f(i8 signext %a) {
  ret i8 %a
}
define zeroext i1 @b(i32 %x) {
  %c = icmp eq i32 %x, 0
  ret i1 %c
}
