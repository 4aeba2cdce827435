; call extension: narrow arguments are extended by attribute.
; RUN: rcc-par -stop-after=finalize-isel -relocation-model=static %s -o - | FileCheck %s
; RUN: rcc-par -stop-after=finalize-isel -relocation-model=static %s -o - | FileCheck %s --check-prefix=NONE
; CHECK-LABEL: {{^}}name: f{{$}}
; CHECK-DAG: %3:gr32 = MOVSX32rr8 %0
; CHECK-DAG: %6:gr32 = MOVZX32rr8 %0
; CHECK-DAG: MOVZX32rr16 %1
; CHECK-DAG: $edi = COPY
; CHECK-DAG: $esi = COPY
; NONE-LABEL: {{^}}name: f{{$}}
; NONE-NOT: $dil = COPY
; The i1 is trusted to be 0/1 (zeroext): no mask.
; NONE-NOT: AND8ri

declare void @g(i8 signext, i16 zeroext, i1 zeroext, i8)
define void @f(i8 %a, i16 %b, i1 zeroext %c) {
  call void @g(i8 %a, i16 %b, i1 %c, i8 %a)
  ret void
}
