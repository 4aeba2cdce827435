; A branch on a float compare folds it (no SETCC): one conditional jump per
; condition code to the true block bb.1, in order; oeq is inverted and
; branches to the false block bb.2 on une (NE 5, then P 10).
; RUN: rcc-par -stop-after=finalize-isel -relocation-model=static -verify-machineinstrs %s -o - | FileCheck %s
; RUN: rcc-par -stop-after=finalize-isel -relocation-model=static -verify-machineinstrs %s -o - | FileCheck %s --check-prefix=NONE
; RUN: rcc-par -stop-after=finalize-isel -relocation-model=static -verify-machineinstrs %s -o - | FileCheck %s --check-prefix=SEQ
; CHECK-LABEL: {{^}}name: br_oeq{{$}}
; CHECK-DAG: UCOMISDrr %0, %1
; CHECK-LABEL: {{^}}name: br_ogt{{$}}
; CHECK-DAG: UCOMISDrr %0, %1
; CHECK-LABEL: {{^}}name: br_oge{{$}}
; CHECK-DAG: UCOMISDrr %0, %1
; CHECK-LABEL: {{^}}name: br_olt{{$}}
; CHECK-DAG: UCOMISDrr %1, %0
; CHECK-LABEL: {{^}}name: br_ole{{$}}
; CHECK-DAG: UCOMISDrr %1, %0
; CHECK-LABEL: {{^}}name: br_one{{$}}
; CHECK-DAG: UCOMISDrr %0, %1
; CHECK-LABEL: {{^}}name: br_ord{{$}}
; CHECK-DAG: UCOMISDrr %0, %1
; CHECK-LABEL: {{^}}name: br_uno{{$}}
; CHECK-DAG: UCOMISDrr %0, %1
; CHECK-LABEL: {{^}}name: br_ueq{{$}}
; CHECK-DAG: UCOMISDrr %0, %1
; CHECK-LABEL: {{^}}name: br_ugt{{$}}
; CHECK-DAG: UCOMISDrr %1, %0
; CHECK-LABEL: {{^}}name: br_uge{{$}}
; CHECK-DAG: UCOMISDrr %1, %0
; CHECK-LABEL: {{^}}name: br_ult{{$}}
; CHECK-DAG: UCOMISDrr %0, %1
; CHECK-LABEL: {{^}}name: br_ule{{$}}
; CHECK-DAG: UCOMISDrr %0, %1
; CHECK-LABEL: {{^}}name: br_une{{$}}
; CHECK-DAG: UCOMISDrr %0, %1
; NONE-LABEL: {{^}}name: br_oeq{{$}}
; NONE-NOT: SETCC
; NONE-LABEL: {{^}}name: br_ogt{{$}}
; NONE-NOT: SETCC
; NONE-LABEL: {{^}}name: br_oge{{$}}
; NONE-NOT: SETCC
; NONE-LABEL: {{^}}name: br_olt{{$}}
; NONE-NOT: SETCC
; NONE-LABEL: {{^}}name: br_ole{{$}}
; NONE-NOT: SETCC
; NONE-LABEL: {{^}}name: br_one{{$}}
; NONE-NOT: SETCC
; NONE-LABEL: {{^}}name: br_ord{{$}}
; NONE-NOT: SETCC
; NONE-LABEL: {{^}}name: br_uno{{$}}
; NONE-NOT: SETCC
; NONE-LABEL: {{^}}name: br_ueq{{$}}
; NONE-NOT: SETCC
; NONE-LABEL: {{^}}name: br_ugt{{$}}
; NONE-NOT: SETCC
; NONE-LABEL: {{^}}name: br_uge{{$}}
; NONE-NOT: SETCC
; NONE-LABEL: {{^}}name: br_ult{{$}}
; NONE-NOT: SETCC
; NONE-LABEL: {{^}}name: br_ule{{$}}
; NONE-NOT: SETCC
; NONE-LABEL: {{^}}name: br_une{{$}}
; NONE-NOT: SETCC
; SEQ-LABEL: {{^}}name: br_oeq{{$}}
; SEQ: JCC_1 %bb.2, 5,
; SEQ: JCC_1 %bb.2, 10,
; SEQ-NOT: JCC_1
; SEQ-LABEL: {{^}}name: br_ogt{{$}}
; SEQ: JCC_1 %bb.1, 7,
; SEQ-NOT: JCC_1
; SEQ-LABEL: {{^}}name: br_oge{{$}}
; SEQ: JCC_1 %bb.1, 3,
; SEQ-NOT: JCC_1
; SEQ-LABEL: {{^}}name: br_olt{{$}}
; SEQ: JCC_1 %bb.1, 7,
; SEQ-NOT: JCC_1
; SEQ-LABEL: {{^}}name: br_ole{{$}}
; SEQ: JCC_1 %bb.1, 3,
; SEQ-NOT: JCC_1
; SEQ-LABEL: {{^}}name: br_one{{$}}
; SEQ: JCC_1 %bb.1, 5,
; SEQ-NOT: JCC_1
; SEQ-LABEL: {{^}}name: br_ord{{$}}
; SEQ: JCC_1 %bb.1, 11,
; SEQ-NOT: JCC_1
; SEQ-LABEL: {{^}}name: br_uno{{$}}
; SEQ: JCC_1 %bb.1, 10,
; SEQ-NOT: JCC_1
; SEQ-LABEL: {{^}}name: br_ueq{{$}}
; SEQ: JCC_1 %bb.1, 4,
; SEQ-NOT: JCC_1
; SEQ-LABEL: {{^}}name: br_ugt{{$}}
; SEQ: JCC_1 %bb.1, 2,
; SEQ-NOT: JCC_1
; SEQ-LABEL: {{^}}name: br_uge{{$}}
; SEQ: JCC_1 %bb.1, 6,
; SEQ-NOT: JCC_1
; SEQ-LABEL: {{^}}name: br_ult{{$}}
; SEQ: JCC_1 %bb.1, 2,
; SEQ-NOT: JCC_1
; SEQ-LABEL: {{^}}name: br_ule{{$}}
; SEQ: JCC_1 %bb.1, 6,
; SEQ-NOT: JCC_1
; SEQ-LABEL: {{^}}name: br_une{{$}}
; SEQ: JCC_1 %bb.1, 5,
; SEQ: JCC_1 %bb.1, 10,
; SEQ-NOT: JCC_1

define double @br_oeq(double %a, double %b) {
entry:
  %c = fcmp oeq double %a, %b
  br i1 %c, label %t, label %e
t:
  ret double %a
e:
  ret double %b
}
define double @br_ogt(double %a, double %b) {
entry:
  %c = fcmp ogt double %a, %b
  br i1 %c, label %t, label %e
t:
  ret double %a
e:
  ret double %b
}
define double @br_oge(double %a, double %b) {
entry:
  %c = fcmp oge double %a, %b
  br i1 %c, label %t, label %e
t:
  ret double %a
e:
  ret double %b
}
define double @br_olt(double %a, double %b) {
entry:
  %c = fcmp olt double %a, %b
  br i1 %c, label %t, label %e
t:
  ret double %a
e:
  ret double %b
}
define double @br_ole(double %a, double %b) {
entry:
  %c = fcmp ole double %a, %b
  br i1 %c, label %t, label %e
t:
  ret double %a
e:
  ret double %b
}
define double @br_one(double %a, double %b) {
entry:
  %c = fcmp one double %a, %b
  br i1 %c, label %t, label %e
t:
  ret double %a
e:
  ret double %b
}
define double @br_ord(double %a, double %b) {
entry:
  %c = fcmp ord double %a, %b
  br i1 %c, label %t, label %e
t:
  ret double %a
e:
  ret double %b
}
define double @br_uno(double %a, double %b) {
entry:
  %c = fcmp uno double %a, %b
  br i1 %c, label %t, label %e
t:
  ret double %a
e:
  ret double %b
}
define double @br_ueq(double %a, double %b) {
entry:
  %c = fcmp ueq double %a, %b
  br i1 %c, label %t, label %e
t:
  ret double %a
e:
  ret double %b
}
define double @br_ugt(double %a, double %b) {
entry:
  %c = fcmp ugt double %a, %b
  br i1 %c, label %t, label %e
t:
  ret double %a
e:
  ret double %b
}
define double @br_uge(double %a, double %b) {
entry:
  %c = fcmp uge double %a, %b
  br i1 %c, label %t, label %e
t:
  ret double %a
e:
  ret double %b
}
define double @br_ult(double %a, double %b) {
entry:
  %c = fcmp ult double %a, %b
  br i1 %c, label %t, label %e
t:
  ret double %a
e:
  ret double %b
}
define double @br_ule(double %a, double %b) {
entry:
  %c = fcmp ule double %a, %b
  br i1 %c, label %t, label %e
t:
  ret double %a
e:
  ret double %b
}
define double @br_une(double %a, double %b) {
entry:
  %c = fcmp une double %a, %b
  br i1 %c, label %t, label %e
t:
  ret double %a
e:
  ret double %b
}
