; Every fcmp predicate on float and double: UCOMISS/UCOMISD (operands swapped
; where the condition needs it) and one SETCC per condition code (x86 codes:
; B 2, AE 3, E 4, NE 5, BE 6, A 7, P 10, NP 11; oeq is E and NP, une NE or P).
; RUN: rcc-par -stop-after=finalize-isel -relocation-model=static -verify-machineinstrs %s -o - | FileCheck %s
; RUN: rcc-par -stop-after=finalize-isel -relocation-model=static -verify-machineinstrs %s -o - | FileCheck %s --check-prefix=COUNT
; CHECK-LABEL: {{^}}name: oeq_float{{$}}
; CHECK-DAG: UCOMISSrr %0, %1
; CHECK-DAG: SETCCr 4,
; CHECK-DAG: SETCCr 11,
; CHECK-LABEL: {{^}}name: oeq_double{{$}}
; CHECK-DAG: UCOMISDrr %0, %1
; CHECK-DAG: SETCCr 4,
; CHECK-DAG: SETCCr 11,
; CHECK-LABEL: {{^}}name: ogt_float{{$}}
; CHECK-DAG: UCOMISSrr %0, %1
; CHECK-DAG: SETCCr 7,
; CHECK-LABEL: {{^}}name: ogt_double{{$}}
; CHECK-DAG: UCOMISDrr %0, %1
; CHECK-DAG: SETCCr 7,
; CHECK-LABEL: {{^}}name: oge_float{{$}}
; CHECK-DAG: UCOMISSrr %0, %1
; CHECK-DAG: SETCCr 3,
; CHECK-LABEL: {{^}}name: oge_double{{$}}
; CHECK-DAG: UCOMISDrr %0, %1
; CHECK-DAG: SETCCr 3,
; CHECK-LABEL: {{^}}name: olt_float{{$}}
; CHECK-DAG: UCOMISSrr %1, %0
; CHECK-DAG: SETCCr 7,
; CHECK-LABEL: {{^}}name: olt_double{{$}}
; CHECK-DAG: UCOMISDrr %1, %0
; CHECK-DAG: SETCCr 7,
; CHECK-LABEL: {{^}}name: ole_float{{$}}
; CHECK-DAG: UCOMISSrr %1, %0
; CHECK-DAG: SETCCr 3,
; CHECK-LABEL: {{^}}name: ole_double{{$}}
; CHECK-DAG: UCOMISDrr %1, %0
; CHECK-DAG: SETCCr 3,
; CHECK-LABEL: {{^}}name: one_float{{$}}
; CHECK-DAG: UCOMISSrr %0, %1
; CHECK-DAG: SETCCr 5,
; CHECK-LABEL: {{^}}name: one_double{{$}}
; CHECK-DAG: UCOMISDrr %0, %1
; CHECK-DAG: SETCCr 5,
; CHECK-LABEL: {{^}}name: ord_float{{$}}
; CHECK-DAG: UCOMISSrr %0, %1
; CHECK-DAG: SETCCr 11,
; CHECK-LABEL: {{^}}name: ord_double{{$}}
; CHECK-DAG: UCOMISDrr %0, %1
; CHECK-DAG: SETCCr 11,
; CHECK-LABEL: {{^}}name: uno_float{{$}}
; CHECK-DAG: UCOMISSrr %0, %1
; CHECK-DAG: SETCCr 10,
; CHECK-LABEL: {{^}}name: uno_double{{$}}
; CHECK-DAG: UCOMISDrr %0, %1
; CHECK-DAG: SETCCr 10,
; CHECK-LABEL: {{^}}name: ueq_float{{$}}
; CHECK-DAG: UCOMISSrr %0, %1
; CHECK-DAG: SETCCr 4,
; CHECK-LABEL: {{^}}name: ueq_double{{$}}
; CHECK-DAG: UCOMISDrr %0, %1
; CHECK-DAG: SETCCr 4,
; CHECK-LABEL: {{^}}name: ugt_float{{$}}
; CHECK-DAG: UCOMISSrr %1, %0
; CHECK-DAG: SETCCr 2,
; CHECK-LABEL: {{^}}name: ugt_double{{$}}
; CHECK-DAG: UCOMISDrr %1, %0
; CHECK-DAG: SETCCr 2,
; CHECK-LABEL: {{^}}name: uge_float{{$}}
; CHECK-DAG: UCOMISSrr %1, %0
; CHECK-DAG: SETCCr 6,
; CHECK-LABEL: {{^}}name: uge_double{{$}}
; CHECK-DAG: UCOMISDrr %1, %0
; CHECK-DAG: SETCCr 6,
; CHECK-LABEL: {{^}}name: ult_float{{$}}
; CHECK-DAG: UCOMISSrr %0, %1
; CHECK-DAG: SETCCr 2,
; CHECK-LABEL: {{^}}name: ult_double{{$}}
; CHECK-DAG: UCOMISDrr %0, %1
; CHECK-DAG: SETCCr 2,
; CHECK-LABEL: {{^}}name: ule_float{{$}}
; CHECK-DAG: UCOMISSrr %0, %1
; CHECK-DAG: SETCCr 6,
; CHECK-LABEL: {{^}}name: ule_double{{$}}
; CHECK-DAG: UCOMISDrr %0, %1
; CHECK-DAG: SETCCr 6,
; CHECK-LABEL: {{^}}name: une_float{{$}}
; CHECK-DAG: UCOMISSrr %0, %1
; CHECK-DAG: SETCCr 5,
; CHECK-DAG: SETCCr 10,
; CHECK-LABEL: {{^}}name: une_double{{$}}
; CHECK-DAG: UCOMISDrr %0, %1
; CHECK-DAG: SETCCr 5,
; CHECK-DAG: SETCCr 10,
; COUNT-LABEL: {{^}}name: oeq_float{{$}}
; COUNT: SETCCr
; COUNT: SETCCr
; COUNT-NOT: SETCCr
; COUNT-LABEL: {{^}}name: oeq_double{{$}}
; COUNT: SETCCr
; COUNT: SETCCr
; COUNT-NOT: SETCCr
; COUNT-LABEL: {{^}}name: ogt_float{{$}}
; COUNT: SETCCr
; COUNT-NOT: SETCCr
; COUNT-LABEL: {{^}}name: ogt_double{{$}}
; COUNT: SETCCr
; COUNT-NOT: SETCCr
; COUNT-LABEL: {{^}}name: oge_float{{$}}
; COUNT: SETCCr
; COUNT-NOT: SETCCr
; COUNT-LABEL: {{^}}name: oge_double{{$}}
; COUNT: SETCCr
; COUNT-NOT: SETCCr
; COUNT-LABEL: {{^}}name: olt_float{{$}}
; COUNT: SETCCr
; COUNT-NOT: SETCCr
; COUNT-LABEL: {{^}}name: olt_double{{$}}
; COUNT: SETCCr
; COUNT-NOT: SETCCr
; COUNT-LABEL: {{^}}name: ole_float{{$}}
; COUNT: SETCCr
; COUNT-NOT: SETCCr
; COUNT-LABEL: {{^}}name: ole_double{{$}}
; COUNT: SETCCr
; COUNT-NOT: SETCCr
; COUNT-LABEL: {{^}}name: one_float{{$}}
; COUNT: SETCCr
; COUNT-NOT: SETCCr
; COUNT-LABEL: {{^}}name: one_double{{$}}
; COUNT: SETCCr
; COUNT-NOT: SETCCr
; COUNT-LABEL: {{^}}name: ord_float{{$}}
; COUNT: SETCCr
; COUNT-NOT: SETCCr
; COUNT-LABEL: {{^}}name: ord_double{{$}}
; COUNT: SETCCr
; COUNT-NOT: SETCCr
; COUNT-LABEL: {{^}}name: uno_float{{$}}
; COUNT: SETCCr
; COUNT-NOT: SETCCr
; COUNT-LABEL: {{^}}name: uno_double{{$}}
; COUNT: SETCCr
; COUNT-NOT: SETCCr
; COUNT-LABEL: {{^}}name: ueq_float{{$}}
; COUNT: SETCCr
; COUNT-NOT: SETCCr
; COUNT-LABEL: {{^}}name: ueq_double{{$}}
; COUNT: SETCCr
; COUNT-NOT: SETCCr
; COUNT-LABEL: {{^}}name: ugt_float{{$}}
; COUNT: SETCCr
; COUNT-NOT: SETCCr
; COUNT-LABEL: {{^}}name: ugt_double{{$}}
; COUNT: SETCCr
; COUNT-NOT: SETCCr
; COUNT-LABEL: {{^}}name: uge_float{{$}}
; COUNT: SETCCr
; COUNT-NOT: SETCCr
; COUNT-LABEL: {{^}}name: uge_double{{$}}
; COUNT: SETCCr
; COUNT-NOT: SETCCr
; COUNT-LABEL: {{^}}name: ult_float{{$}}
; COUNT: SETCCr
; COUNT-NOT: SETCCr
; COUNT-LABEL: {{^}}name: ult_double{{$}}
; COUNT: SETCCr
; COUNT-NOT: SETCCr
; COUNT-LABEL: {{^}}name: ule_float{{$}}
; COUNT: SETCCr
; COUNT-NOT: SETCCr
; COUNT-LABEL: {{^}}name: ule_double{{$}}
; COUNT: SETCCr
; COUNT-NOT: SETCCr
; COUNT-LABEL: {{^}}name: une_float{{$}}
; COUNT: SETCCr
; COUNT: SETCCr
; COUNT-NOT: SETCCr
; COUNT-LABEL: {{^}}name: une_double{{$}}
; COUNT: SETCCr
; COUNT: SETCCr
; COUNT-NOT: SETCCr

define i32 @oeq_float(float %a, float %b) {
  %c = fcmp oeq float %a, %b
  %z = zext i1 %c to i32
  ret i32 %z
}
define i32 @oeq_double(double %a, double %b) {
  %c = fcmp oeq double %a, %b
  %z = zext i1 %c to i32
  ret i32 %z
}
define i32 @ogt_float(float %a, float %b) {
  %c = fcmp ogt float %a, %b
  %z = zext i1 %c to i32
  ret i32 %z
}
define i32 @ogt_double(double %a, double %b) {
  %c = fcmp ogt double %a, %b
  %z = zext i1 %c to i32
  ret i32 %z
}
define i32 @oge_float(float %a, float %b) {
  %c = fcmp oge float %a, %b
  %z = zext i1 %c to i32
  ret i32 %z
}
define i32 @oge_double(double %a, double %b) {
  %c = fcmp oge double %a, %b
  %z = zext i1 %c to i32
  ret i32 %z
}
define i32 @olt_float(float %a, float %b) {
  %c = fcmp olt float %a, %b
  %z = zext i1 %c to i32
  ret i32 %z
}
define i32 @olt_double(double %a, double %b) {
  %c = fcmp olt double %a, %b
  %z = zext i1 %c to i32
  ret i32 %z
}
define i32 @ole_float(float %a, float %b) {
  %c = fcmp ole float %a, %b
  %z = zext i1 %c to i32
  ret i32 %z
}
define i32 @ole_double(double %a, double %b) {
  %c = fcmp ole double %a, %b
  %z = zext i1 %c to i32
  ret i32 %z
}
define i32 @one_float(float %a, float %b) {
  %c = fcmp one float %a, %b
  %z = zext i1 %c to i32
  ret i32 %z
}
define i32 @one_double(double %a, double %b) {
  %c = fcmp one double %a, %b
  %z = zext i1 %c to i32
  ret i32 %z
}
define i32 @ord_float(float %a, float %b) {
  %c = fcmp ord float %a, %b
  %z = zext i1 %c to i32
  ret i32 %z
}
define i32 @ord_double(double %a, double %b) {
  %c = fcmp ord double %a, %b
  %z = zext i1 %c to i32
  ret i32 %z
}
define i32 @uno_float(float %a, float %b) {
  %c = fcmp uno float %a, %b
  %z = zext i1 %c to i32
  ret i32 %z
}
define i32 @uno_double(double %a, double %b) {
  %c = fcmp uno double %a, %b
  %z = zext i1 %c to i32
  ret i32 %z
}
define i32 @ueq_float(float %a, float %b) {
  %c = fcmp ueq float %a, %b
  %z = zext i1 %c to i32
  ret i32 %z
}
define i32 @ueq_double(double %a, double %b) {
  %c = fcmp ueq double %a, %b
  %z = zext i1 %c to i32
  ret i32 %z
}
define i32 @ugt_float(float %a, float %b) {
  %c = fcmp ugt float %a, %b
  %z = zext i1 %c to i32
  ret i32 %z
}
define i32 @ugt_double(double %a, double %b) {
  %c = fcmp ugt double %a, %b
  %z = zext i1 %c to i32
  ret i32 %z
}
define i32 @uge_float(float %a, float %b) {
  %c = fcmp uge float %a, %b
  %z = zext i1 %c to i32
  ret i32 %z
}
define i32 @uge_double(double %a, double %b) {
  %c = fcmp uge double %a, %b
  %z = zext i1 %c to i32
  ret i32 %z
}
define i32 @ult_float(float %a, float %b) {
  %c = fcmp ult float %a, %b
  %z = zext i1 %c to i32
  ret i32 %z
}
define i32 @ult_double(double %a, double %b) {
  %c = fcmp ult double %a, %b
  %z = zext i1 %c to i32
  ret i32 %z
}
define i32 @ule_float(float %a, float %b) {
  %c = fcmp ule float %a, %b
  %z = zext i1 %c to i32
  ret i32 %z
}
define i32 @ule_double(double %a, double %b) {
  %c = fcmp ule double %a, %b
  %z = zext i1 %c to i32
  ret i32 %z
}
define i32 @une_float(float %a, float %b) {
  %c = fcmp une float %a, %b
  %z = zext i1 %c to i32
  ret i32 %z
}
define i32 @une_double(double %a, double %b) {
  %c = fcmp une double %a, %b
  %z = zext i1 %c to i32
  ret i32 %z
}
