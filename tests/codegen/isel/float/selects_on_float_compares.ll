; Selects on float compares: integer results use CMOV directly (two for
; oeq/une), float results go through the general registers (two MOVDs out,
; one back).
; RUN: rcc-par -stop-after=finalize-isel -relocation-model=static -verify-machineinstrs %s -o - | FileCheck %s
; RUN: rcc-par -stop-after=finalize-isel -relocation-model=static -verify-machineinstrs %s -o - | FileCheck %s --check-prefix=NONE
; RUN: rcc-par -stop-after=finalize-isel -relocation-model=static -verify-machineinstrs %s -o - | FileCheck %s --check-prefix=COUNT1
; RUN: rcc-par -stop-after=finalize-isel -relocation-model=static -verify-machineinstrs %s -o - | FileCheck %s --check-prefix=COUNT2
; RUN: rcc-par -stop-after=finalize-isel -relocation-model=static -verify-machineinstrs %s -o - | FileCheck %s --check-prefix=COUNT3
; CHECK-LABEL: {{^}}name: f_oeq{{$}}
; CHECK-LABEL: {{^}}name: g_oeq{{$}}
; CHECK-LABEL: {{^}}name: f_ogt{{$}}
; CHECK-LABEL: {{^}}name: g_ogt{{$}}
; CHECK-LABEL: {{^}}name: f_oge{{$}}
; CHECK-LABEL: {{^}}name: g_oge{{$}}
; CHECK-LABEL: {{^}}name: f_olt{{$}}
; CHECK-LABEL: {{^}}name: g_olt{{$}}
; CHECK-LABEL: {{^}}name: f_ole{{$}}
; CHECK-LABEL: {{^}}name: g_ole{{$}}
; CHECK-LABEL: {{^}}name: f_one{{$}}
; CHECK-LABEL: {{^}}name: g_one{{$}}
; CHECK-LABEL: {{^}}name: f_ord{{$}}
; CHECK-LABEL: {{^}}name: g_ord{{$}}
; CHECK-LABEL: {{^}}name: f_uno{{$}}
; CHECK-LABEL: {{^}}name: g_uno{{$}}
; CHECK-LABEL: {{^}}name: f_ueq{{$}}
; CHECK-LABEL: {{^}}name: g_ueq{{$}}
; CHECK-LABEL: {{^}}name: f_ugt{{$}}
; CHECK-LABEL: {{^}}name: g_ugt{{$}}
; CHECK-LABEL: {{^}}name: f_uge{{$}}
; CHECK-LABEL: {{^}}name: g_uge{{$}}
; CHECK-LABEL: {{^}}name: f_ult{{$}}
; CHECK-LABEL: {{^}}name: g_ult{{$}}
; CHECK-LABEL: {{^}}name: f_ule{{$}}
; CHECK-LABEL: {{^}}name: g_ule{{$}}
; CHECK-LABEL: {{^}}name: f_une{{$}}
; CHECK-LABEL: {{^}}name: g_une{{$}}
; On a condition in a register.
; CHECK-LABEL: {{^}}name: on_register{{$}}
; CHECK-DAG: TEST8ri
; CHECK-DAG: CMOV64rr
; CHECK-DAG: MOV64toPQIrr
; NONE-LABEL: {{^}}name: f_oeq{{$}}
; NONE-NOT: SETCC
; NONE-LABEL: {{^}}name: g_oeq{{$}}
; NONE-NOT: SETCC
; NONE-LABEL: {{^}}name: f_ogt{{$}}
; NONE-NOT: SETCC
; NONE-LABEL: {{^}}name: g_ogt{{$}}
; NONE-NOT: SETCC
; NONE-LABEL: {{^}}name: f_oge{{$}}
; NONE-NOT: SETCC
; NONE-LABEL: {{^}}name: g_oge{{$}}
; NONE-NOT: SETCC
; NONE-LABEL: {{^}}name: f_olt{{$}}
; NONE-NOT: SETCC
; NONE-LABEL: {{^}}name: g_olt{{$}}
; NONE-NOT: SETCC
; NONE-LABEL: {{^}}name: f_ole{{$}}
; NONE-NOT: SETCC
; NONE-LABEL: {{^}}name: g_ole{{$}}
; NONE-NOT: SETCC
; NONE-LABEL: {{^}}name: f_one{{$}}
; NONE-NOT: SETCC
; NONE-LABEL: {{^}}name: g_one{{$}}
; NONE-NOT: SETCC
; NONE-LABEL: {{^}}name: f_ord{{$}}
; NONE-NOT: SETCC
; NONE-LABEL: {{^}}name: g_ord{{$}}
; NONE-NOT: SETCC
; NONE-LABEL: {{^}}name: f_uno{{$}}
; NONE-NOT: SETCC
; NONE-LABEL: {{^}}name: g_uno{{$}}
; NONE-NOT: SETCC
; NONE-LABEL: {{^}}name: f_ueq{{$}}
; NONE-NOT: SETCC
; NONE-LABEL: {{^}}name: g_ueq{{$}}
; NONE-NOT: SETCC
; NONE-LABEL: {{^}}name: f_ugt{{$}}
; NONE-NOT: SETCC
; NONE-LABEL: {{^}}name: g_ugt{{$}}
; NONE-NOT: SETCC
; NONE-LABEL: {{^}}name: f_uge{{$}}
; NONE-NOT: SETCC
; NONE-LABEL: {{^}}name: g_uge{{$}}
; NONE-NOT: SETCC
; NONE-LABEL: {{^}}name: f_ult{{$}}
; NONE-NOT: SETCC
; NONE-LABEL: {{^}}name: g_ult{{$}}
; NONE-NOT: SETCC
; NONE-LABEL: {{^}}name: f_ule{{$}}
; NONE-NOT: SETCC
; NONE-LABEL: {{^}}name: g_ule{{$}}
; NONE-NOT: SETCC
; NONE-LABEL: {{^}}name: f_une{{$}}
; NONE-NOT: SETCC
; NONE-LABEL: {{^}}name: g_une{{$}}
; NONE-NOT: SETCC
; NONE-LABEL: {{^}}name: on_register{{$}}
; COUNT1-LABEL: {{^}}name: f_oeq{{$}}
; COUNT1: CMOV64rr
; COUNT1: CMOV64rr
; COUNT1-NOT: CMOV64rr
; COUNT1-LABEL: {{^}}name: g_oeq{{$}}
; COUNT1: CMOV32rr
; COUNT1: CMOV32rr
; COUNT1-NOT: CMOV32rr
; COUNT1-LABEL: {{^}}name: f_ogt{{$}}
; COUNT1: CMOV64rr
; COUNT1-NOT: CMOV64rr
; COUNT1-LABEL: {{^}}name: g_ogt{{$}}
; COUNT1: CMOV32rr
; COUNT1-NOT: CMOV32rr
; COUNT1-LABEL: {{^}}name: f_oge{{$}}
; COUNT1: CMOV64rr
; COUNT1-NOT: CMOV64rr
; COUNT1-LABEL: {{^}}name: g_oge{{$}}
; COUNT1: CMOV32rr
; COUNT1-NOT: CMOV32rr
; COUNT1-LABEL: {{^}}name: f_olt{{$}}
; COUNT1: CMOV64rr
; COUNT1-NOT: CMOV64rr
; COUNT1-LABEL: {{^}}name: g_olt{{$}}
; COUNT1: CMOV32rr
; COUNT1-NOT: CMOV32rr
; COUNT1-LABEL: {{^}}name: f_ole{{$}}
; COUNT1: CMOV64rr
; COUNT1-NOT: CMOV64rr
; COUNT1-LABEL: {{^}}name: g_ole{{$}}
; COUNT1: CMOV32rr
; COUNT1-NOT: CMOV32rr
; COUNT1-LABEL: {{^}}name: f_one{{$}}
; COUNT1: CMOV64rr
; COUNT1-NOT: CMOV64rr
; COUNT1-LABEL: {{^}}name: g_one{{$}}
; COUNT1: CMOV32rr
; COUNT1-NOT: CMOV32rr
; COUNT1-LABEL: {{^}}name: f_ord{{$}}
; COUNT1: CMOV64rr
; COUNT1-NOT: CMOV64rr
; COUNT1-LABEL: {{^}}name: g_ord{{$}}
; COUNT1: CMOV32rr
; COUNT1-NOT: CMOV32rr
; COUNT1-LABEL: {{^}}name: f_uno{{$}}
; COUNT1: CMOV64rr
; COUNT1-NOT: CMOV64rr
; COUNT1-LABEL: {{^}}name: g_uno{{$}}
; COUNT1: CMOV32rr
; COUNT1-NOT: CMOV32rr
; COUNT1-LABEL: {{^}}name: f_ueq{{$}}
; COUNT1: CMOV64rr
; COUNT1-NOT: CMOV64rr
; COUNT1-LABEL: {{^}}name: g_ueq{{$}}
; COUNT1: CMOV32rr
; COUNT1-NOT: CMOV32rr
; COUNT1-LABEL: {{^}}name: f_ugt{{$}}
; COUNT1: CMOV64rr
; COUNT1-NOT: CMOV64rr
; COUNT1-LABEL: {{^}}name: g_ugt{{$}}
; COUNT1: CMOV32rr
; COUNT1-NOT: CMOV32rr
; COUNT1-LABEL: {{^}}name: f_uge{{$}}
; COUNT1: CMOV64rr
; COUNT1-NOT: CMOV64rr
; COUNT1-LABEL: {{^}}name: g_uge{{$}}
; COUNT1: CMOV32rr
; COUNT1-NOT: CMOV32rr
; COUNT1-LABEL: {{^}}name: f_ult{{$}}
; COUNT1: CMOV64rr
; COUNT1-NOT: CMOV64rr
; COUNT1-LABEL: {{^}}name: g_ult{{$}}
; COUNT1: CMOV32rr
; COUNT1-NOT: CMOV32rr
; COUNT1-LABEL: {{^}}name: f_ule{{$}}
; COUNT1: CMOV64rr
; COUNT1-NOT: CMOV64rr
; COUNT1-LABEL: {{^}}name: g_ule{{$}}
; COUNT1: CMOV32rr
; COUNT1-NOT: CMOV32rr
; COUNT1-LABEL: {{^}}name: f_une{{$}}
; COUNT1: CMOV64rr
; COUNT1: CMOV64rr
; COUNT1-NOT: CMOV64rr
; COUNT1-LABEL: {{^}}name: g_une{{$}}
; COUNT1: CMOV32rr
; COUNT1: CMOV32rr
; COUNT1-NOT: CMOV32rr
; COUNT1-LABEL: {{^}}name: on_register{{$}}
; COUNT2-LABEL: {{^}}name: f_oeq{{$}}
; COUNT2-LABEL: {{^}}name: g_oeq{{$}}
; COUNT2: MOVPDI2DIrr
; COUNT2: MOVPDI2DIrr
; COUNT2-NOT: MOVPDI2DIrr
; COUNT2-LABEL: {{^}}name: f_ogt{{$}}
; COUNT2-LABEL: {{^}}name: g_ogt{{$}}
; COUNT2: MOVPDI2DIrr
; COUNT2: MOVPDI2DIrr
; COUNT2-NOT: MOVPDI2DIrr
; COUNT2-LABEL: {{^}}name: f_oge{{$}}
; COUNT2-LABEL: {{^}}name: g_oge{{$}}
; COUNT2: MOVPDI2DIrr
; COUNT2: MOVPDI2DIrr
; COUNT2-NOT: MOVPDI2DIrr
; COUNT2-LABEL: {{^}}name: f_olt{{$}}
; COUNT2-LABEL: {{^}}name: g_olt{{$}}
; COUNT2: MOVPDI2DIrr
; COUNT2: MOVPDI2DIrr
; COUNT2-NOT: MOVPDI2DIrr
; COUNT2-LABEL: {{^}}name: f_ole{{$}}
; COUNT2-LABEL: {{^}}name: g_ole{{$}}
; COUNT2: MOVPDI2DIrr
; COUNT2: MOVPDI2DIrr
; COUNT2-NOT: MOVPDI2DIrr
; COUNT2-LABEL: {{^}}name: f_one{{$}}
; COUNT2-LABEL: {{^}}name: g_one{{$}}
; COUNT2: MOVPDI2DIrr
; COUNT2: MOVPDI2DIrr
; COUNT2-NOT: MOVPDI2DIrr
; COUNT2-LABEL: {{^}}name: f_ord{{$}}
; COUNT2-LABEL: {{^}}name: g_ord{{$}}
; COUNT2: MOVPDI2DIrr
; COUNT2: MOVPDI2DIrr
; COUNT2-NOT: MOVPDI2DIrr
; COUNT2-LABEL: {{^}}name: f_uno{{$}}
; COUNT2-LABEL: {{^}}name: g_uno{{$}}
; COUNT2: MOVPDI2DIrr
; COUNT2: MOVPDI2DIrr
; COUNT2-NOT: MOVPDI2DIrr
; COUNT2-LABEL: {{^}}name: f_ueq{{$}}
; COUNT2-LABEL: {{^}}name: g_ueq{{$}}
; COUNT2: MOVPDI2DIrr
; COUNT2: MOVPDI2DIrr
; COUNT2-NOT: MOVPDI2DIrr
; COUNT2-LABEL: {{^}}name: f_ugt{{$}}
; COUNT2-LABEL: {{^}}name: g_ugt{{$}}
; COUNT2: MOVPDI2DIrr
; COUNT2: MOVPDI2DIrr
; COUNT2-NOT: MOVPDI2DIrr
; COUNT2-LABEL: {{^}}name: f_uge{{$}}
; COUNT2-LABEL: {{^}}name: g_uge{{$}}
; COUNT2: MOVPDI2DIrr
; COUNT2: MOVPDI2DIrr
; COUNT2-NOT: MOVPDI2DIrr
; COUNT2-LABEL: {{^}}name: f_ult{{$}}
; COUNT2-LABEL: {{^}}name: g_ult{{$}}
; COUNT2: MOVPDI2DIrr
; COUNT2: MOVPDI2DIrr
; COUNT2-NOT: MOVPDI2DIrr
; COUNT2-LABEL: {{^}}name: f_ule{{$}}
; COUNT2-LABEL: {{^}}name: g_ule{{$}}
; COUNT2: MOVPDI2DIrr
; COUNT2: MOVPDI2DIrr
; COUNT2-NOT: MOVPDI2DIrr
; COUNT2-LABEL: {{^}}name: f_une{{$}}
; COUNT2-LABEL: {{^}}name: g_une{{$}}
; COUNT2: MOVPDI2DIrr
; COUNT2: MOVPDI2DIrr
; COUNT2-NOT: MOVPDI2DIrr
; COUNT2-LABEL: {{^}}name: on_register{{$}}
; COUNT3-LABEL: {{^}}name: f_oeq{{$}}
; COUNT3-LABEL: {{^}}name: g_oeq{{$}}
; COUNT3: MOVDI2PDIrr
; COUNT3-NOT: MOVDI2PDIrr
; COUNT3-LABEL: {{^}}name: f_ogt{{$}}
; COUNT3-LABEL: {{^}}name: g_ogt{{$}}
; COUNT3: MOVDI2PDIrr
; COUNT3-NOT: MOVDI2PDIrr
; COUNT3-LABEL: {{^}}name: f_oge{{$}}
; COUNT3-LABEL: {{^}}name: g_oge{{$}}
; COUNT3: MOVDI2PDIrr
; COUNT3-NOT: MOVDI2PDIrr
; COUNT3-LABEL: {{^}}name: f_olt{{$}}
; COUNT3-LABEL: {{^}}name: g_olt{{$}}
; COUNT3: MOVDI2PDIrr
; COUNT3-NOT: MOVDI2PDIrr
; COUNT3-LABEL: {{^}}name: f_ole{{$}}
; COUNT3-LABEL: {{^}}name: g_ole{{$}}
; COUNT3: MOVDI2PDIrr
; COUNT3-NOT: MOVDI2PDIrr
; COUNT3-LABEL: {{^}}name: f_one{{$}}
; COUNT3-LABEL: {{^}}name: g_one{{$}}
; COUNT3: MOVDI2PDIrr
; COUNT3-NOT: MOVDI2PDIrr
; COUNT3-LABEL: {{^}}name: f_ord{{$}}
; COUNT3-LABEL: {{^}}name: g_ord{{$}}
; COUNT3: MOVDI2PDIrr
; COUNT3-NOT: MOVDI2PDIrr
; COUNT3-LABEL: {{^}}name: f_uno{{$}}
; COUNT3-LABEL: {{^}}name: g_uno{{$}}
; COUNT3: MOVDI2PDIrr
; COUNT3-NOT: MOVDI2PDIrr
; COUNT3-LABEL: {{^}}name: f_ueq{{$}}
; COUNT3-LABEL: {{^}}name: g_ueq{{$}}
; COUNT3: MOVDI2PDIrr
; COUNT3-NOT: MOVDI2PDIrr
; COUNT3-LABEL: {{^}}name: f_ugt{{$}}
; COUNT3-LABEL: {{^}}name: g_ugt{{$}}
; COUNT3: MOVDI2PDIrr
; COUNT3-NOT: MOVDI2PDIrr
; COUNT3-LABEL: {{^}}name: f_uge{{$}}
; COUNT3-LABEL: {{^}}name: g_uge{{$}}
; COUNT3: MOVDI2PDIrr
; COUNT3-NOT: MOVDI2PDIrr
; COUNT3-LABEL: {{^}}name: f_ult{{$}}
; COUNT3-LABEL: {{^}}name: g_ult{{$}}
; COUNT3: MOVDI2PDIrr
; COUNT3-NOT: MOVDI2PDIrr
; COUNT3-LABEL: {{^}}name: f_ule{{$}}
; COUNT3-LABEL: {{^}}name: g_ule{{$}}
; COUNT3: MOVDI2PDIrr
; COUNT3-NOT: MOVDI2PDIrr
; COUNT3-LABEL: {{^}}name: f_une{{$}}
; COUNT3-LABEL: {{^}}name: g_une{{$}}
; COUNT3: MOVDI2PDIrr
; COUNT3-NOT: MOVDI2PDIrr
; COUNT3-LABEL: {{^}}name: on_register{{$}}

define i64 @f_oeq(double %a, double %b, i64 %x, i64 %y) {
  %c = fcmp oeq double %a, %b
  %r = select i1 %c, i64 %x, i64 %y
  ret i64 %r
}
define float @g_oeq(float %a, float %b, float %x, float %y) {
  %c = fcmp oeq float %a, %b
  %r = select i1 %c, float %x, float %y
  ret float %r
}
define i64 @f_ogt(double %a, double %b, i64 %x, i64 %y) {
  %c = fcmp ogt double %a, %b
  %r = select i1 %c, i64 %x, i64 %y
  ret i64 %r
}
define float @g_ogt(float %a, float %b, float %x, float %y) {
  %c = fcmp ogt float %a, %b
  %r = select i1 %c, float %x, float %y
  ret float %r
}
define i64 @f_oge(double %a, double %b, i64 %x, i64 %y) {
  %c = fcmp oge double %a, %b
  %r = select i1 %c, i64 %x, i64 %y
  ret i64 %r
}
define float @g_oge(float %a, float %b, float %x, float %y) {
  %c = fcmp oge float %a, %b
  %r = select i1 %c, float %x, float %y
  ret float %r
}
define i64 @f_olt(double %a, double %b, i64 %x, i64 %y) {
  %c = fcmp olt double %a, %b
  %r = select i1 %c, i64 %x, i64 %y
  ret i64 %r
}
define float @g_olt(float %a, float %b, float %x, float %y) {
  %c = fcmp olt float %a, %b
  %r = select i1 %c, float %x, float %y
  ret float %r
}
define i64 @f_ole(double %a, double %b, i64 %x, i64 %y) {
  %c = fcmp ole double %a, %b
  %r = select i1 %c, i64 %x, i64 %y
  ret i64 %r
}
define float @g_ole(float %a, float %b, float %x, float %y) {
  %c = fcmp ole float %a, %b
  %r = select i1 %c, float %x, float %y
  ret float %r
}
define i64 @f_one(double %a, double %b, i64 %x, i64 %y) {
  %c = fcmp one double %a, %b
  %r = select i1 %c, i64 %x, i64 %y
  ret i64 %r
}
define float @g_one(float %a, float %b, float %x, float %y) {
  %c = fcmp one float %a, %b
  %r = select i1 %c, float %x, float %y
  ret float %r
}
define i64 @f_ord(double %a, double %b, i64 %x, i64 %y) {
  %c = fcmp ord double %a, %b
  %r = select i1 %c, i64 %x, i64 %y
  ret i64 %r
}
define float @g_ord(float %a, float %b, float %x, float %y) {
  %c = fcmp ord float %a, %b
  %r = select i1 %c, float %x, float %y
  ret float %r
}
define i64 @f_uno(double %a, double %b, i64 %x, i64 %y) {
  %c = fcmp uno double %a, %b
  %r = select i1 %c, i64 %x, i64 %y
  ret i64 %r
}
define float @g_uno(float %a, float %b, float %x, float %y) {
  %c = fcmp uno float %a, %b
  %r = select i1 %c, float %x, float %y
  ret float %r
}
define i64 @f_ueq(double %a, double %b, i64 %x, i64 %y) {
  %c = fcmp ueq double %a, %b
  %r = select i1 %c, i64 %x, i64 %y
  ret i64 %r
}
define float @g_ueq(float %a, float %b, float %x, float %y) {
  %c = fcmp ueq float %a, %b
  %r = select i1 %c, float %x, float %y
  ret float %r
}
define i64 @f_ugt(double %a, double %b, i64 %x, i64 %y) {
  %c = fcmp ugt double %a, %b
  %r = select i1 %c, i64 %x, i64 %y
  ret i64 %r
}
define float @g_ugt(float %a, float %b, float %x, float %y) {
  %c = fcmp ugt float %a, %b
  %r = select i1 %c, float %x, float %y
  ret float %r
}
define i64 @f_uge(double %a, double %b, i64 %x, i64 %y) {
  %c = fcmp uge double %a, %b
  %r = select i1 %c, i64 %x, i64 %y
  ret i64 %r
}
define float @g_uge(float %a, float %b, float %x, float %y) {
  %c = fcmp uge float %a, %b
  %r = select i1 %c, float %x, float %y
  ret float %r
}
define i64 @f_ult(double %a, double %b, i64 %x, i64 %y) {
  %c = fcmp ult double %a, %b
  %r = select i1 %c, i64 %x, i64 %y
  ret i64 %r
}
define float @g_ult(float %a, float %b, float %x, float %y) {
  %c = fcmp ult float %a, %b
  %r = select i1 %c, float %x, float %y
  ret float %r
}
define i64 @f_ule(double %a, double %b, i64 %x, i64 %y) {
  %c = fcmp ule double %a, %b
  %r = select i1 %c, i64 %x, i64 %y
  ret i64 %r
}
define float @g_ule(float %a, float %b, float %x, float %y) {
  %c = fcmp ule float %a, %b
  %r = select i1 %c, float %x, float %y
  ret float %r
}
define i64 @f_une(double %a, double %b, i64 %x, i64 %y) {
  %c = fcmp une double %a, %b
  %r = select i1 %c, i64 %x, i64 %y
  ret i64 %r
}
define float @g_une(float %a, float %b, float %x, float %y) {
  %c = fcmp une float %a, %b
  %r = select i1 %c, float %x, float %y
  ret float %r
}
define double @on_register(i1 %c, double %x, double %y) {
  %r = select i1 %c, double %x, double %y
  ret double %r
}
