; Selects on float compares: integer results use CMOV directly (two for
; oeq/une), float results go through the general registers (two MOVDs out,
; one back).
; RUN: rcc-par -stop-after=finalize-isel -relocation-model=static -verify-machineinstrs %s -o - | FileCheck %s
; RUN: rcc-par -stop-after=finalize-isel -relocation-model=static -verify-machineinstrs %s -o - | FileCheck %s --check-prefix=NONE
; RUN: rcc-par -stop-after=finalize-isel -relocation-model=static -verify-machineinstrs %s -o - | FileCheck %s --check-prefix=COUNT1
; RUN: rcc-par -stop-after=finalize-isel -relocation-model=static -verify-machineinstrs %s -o - | FileCheck %s --check-prefix=COUNT2
; RUN: rcc-par -stop-after=finalize-isel -relocation-model=static -verify-machineinstrs %s -o - | FileCheck %s --check-prefix=COUNT3
; CHECK-LABEL: Machine code for function f_oeq:
; CHECK-LABEL: Machine code for function g_oeq:
; CHECK-LABEL: Machine code for function f_ogt:
; CHECK-LABEL: Machine code for function g_ogt:
; CHECK-LABEL: Machine code for function f_oge:
; CHECK-LABEL: Machine code for function g_oge:
; CHECK-LABEL: Machine code for function f_olt:
; CHECK-LABEL: Machine code for function g_olt:
; CHECK-LABEL: Machine code for function f_ole:
; CHECK-LABEL: Machine code for function g_ole:
; CHECK-LABEL: Machine code for function f_one:
; CHECK-LABEL: Machine code for function g_one:
; CHECK-LABEL: Machine code for function f_ord:
; CHECK-LABEL: Machine code for function g_ord:
; CHECK-LABEL: Machine code for function f_uno:
; CHECK-LABEL: Machine code for function g_uno:
; CHECK-LABEL: Machine code for function f_ueq:
; CHECK-LABEL: Machine code for function g_ueq:
; CHECK-LABEL: Machine code for function f_ugt:
; CHECK-LABEL: Machine code for function g_ugt:
; CHECK-LABEL: Machine code for function f_uge:
; CHECK-LABEL: Machine code for function g_uge:
; CHECK-LABEL: Machine code for function f_ult:
; CHECK-LABEL: Machine code for function g_ult:
; CHECK-LABEL: Machine code for function f_ule:
; CHECK-LABEL: Machine code for function g_ule:
; CHECK-LABEL: Machine code for function f_une:
; CHECK-LABEL: Machine code for function g_une:
; On a condition in a register.
; CHECK-LABEL: Machine code for function on_register:
; CHECK-DAG: TEST8ri
; CHECK-DAG: CMOV64rr
; CHECK-DAG: MOV64toPQIrr
; NONE-LABEL: Machine code for function f_oeq:
; NONE-NOT: SETCC
; NONE-LABEL: Machine code for function g_oeq:
; NONE-NOT: SETCC
; NONE-LABEL: Machine code for function f_ogt:
; NONE-NOT: SETCC
; NONE-LABEL: Machine code for function g_ogt:
; NONE-NOT: SETCC
; NONE-LABEL: Machine code for function f_oge:
; NONE-NOT: SETCC
; NONE-LABEL: Machine code for function g_oge:
; NONE-NOT: SETCC
; NONE-LABEL: Machine code for function f_olt:
; NONE-NOT: SETCC
; NONE-LABEL: Machine code for function g_olt:
; NONE-NOT: SETCC
; NONE-LABEL: Machine code for function f_ole:
; NONE-NOT: SETCC
; NONE-LABEL: Machine code for function g_ole:
; NONE-NOT: SETCC
; NONE-LABEL: Machine code for function f_one:
; NONE-NOT: SETCC
; NONE-LABEL: Machine code for function g_one:
; NONE-NOT: SETCC
; NONE-LABEL: Machine code for function f_ord:
; NONE-NOT: SETCC
; NONE-LABEL: Machine code for function g_ord:
; NONE-NOT: SETCC
; NONE-LABEL: Machine code for function f_uno:
; NONE-NOT: SETCC
; NONE-LABEL: Machine code for function g_uno:
; NONE-NOT: SETCC
; NONE-LABEL: Machine code for function f_ueq:
; NONE-NOT: SETCC
; NONE-LABEL: Machine code for function g_ueq:
; NONE-NOT: SETCC
; NONE-LABEL: Machine code for function f_ugt:
; NONE-NOT: SETCC
; NONE-LABEL: Machine code for function g_ugt:
; NONE-NOT: SETCC
; NONE-LABEL: Machine code for function f_uge:
; NONE-NOT: SETCC
; NONE-LABEL: Machine code for function g_uge:
; NONE-NOT: SETCC
; NONE-LABEL: Machine code for function f_ult:
; NONE-NOT: SETCC
; NONE-LABEL: Machine code for function g_ult:
; NONE-NOT: SETCC
; NONE-LABEL: Machine code for function f_ule:
; NONE-NOT: SETCC
; NONE-LABEL: Machine code for function g_ule:
; NONE-NOT: SETCC
; NONE-LABEL: Machine code for function f_une:
; NONE-NOT: SETCC
; NONE-LABEL: Machine code for function g_une:
; NONE-NOT: SETCC
; NONE-LABEL: Machine code for function on_register:
; COUNT1-LABEL: Machine code for function f_oeq:
; COUNT1: CMOV64rr
; COUNT1: CMOV64rr
; COUNT1-NOT: CMOV64rr
; COUNT1-LABEL: Machine code for function g_oeq:
; COUNT1: CMOV32rr
; COUNT1: CMOV32rr
; COUNT1-NOT: CMOV32rr
; COUNT1-LABEL: Machine code for function f_ogt:
; COUNT1: CMOV64rr
; COUNT1-NOT: CMOV64rr
; COUNT1-LABEL: Machine code for function g_ogt:
; COUNT1: CMOV32rr
; COUNT1-NOT: CMOV32rr
; COUNT1-LABEL: Machine code for function f_oge:
; COUNT1: CMOV64rr
; COUNT1-NOT: CMOV64rr
; COUNT1-LABEL: Machine code for function g_oge:
; COUNT1: CMOV32rr
; COUNT1-NOT: CMOV32rr
; COUNT1-LABEL: Machine code for function f_olt:
; COUNT1: CMOV64rr
; COUNT1-NOT: CMOV64rr
; COUNT1-LABEL: Machine code for function g_olt:
; COUNT1: CMOV32rr
; COUNT1-NOT: CMOV32rr
; COUNT1-LABEL: Machine code for function f_ole:
; COUNT1: CMOV64rr
; COUNT1-NOT: CMOV64rr
; COUNT1-LABEL: Machine code for function g_ole:
; COUNT1: CMOV32rr
; COUNT1-NOT: CMOV32rr
; COUNT1-LABEL: Machine code for function f_one:
; COUNT1: CMOV64rr
; COUNT1-NOT: CMOV64rr
; COUNT1-LABEL: Machine code for function g_one:
; COUNT1: CMOV32rr
; COUNT1-NOT: CMOV32rr
; COUNT1-LABEL: Machine code for function f_ord:
; COUNT1: CMOV64rr
; COUNT1-NOT: CMOV64rr
; COUNT1-LABEL: Machine code for function g_ord:
; COUNT1: CMOV32rr
; COUNT1-NOT: CMOV32rr
; COUNT1-LABEL: Machine code for function f_uno:
; COUNT1: CMOV64rr
; COUNT1-NOT: CMOV64rr
; COUNT1-LABEL: Machine code for function g_uno:
; COUNT1: CMOV32rr
; COUNT1-NOT: CMOV32rr
; COUNT1-LABEL: Machine code for function f_ueq:
; COUNT1: CMOV64rr
; COUNT1-NOT: CMOV64rr
; COUNT1-LABEL: Machine code for function g_ueq:
; COUNT1: CMOV32rr
; COUNT1-NOT: CMOV32rr
; COUNT1-LABEL: Machine code for function f_ugt:
; COUNT1: CMOV64rr
; COUNT1-NOT: CMOV64rr
; COUNT1-LABEL: Machine code for function g_ugt:
; COUNT1: CMOV32rr
; COUNT1-NOT: CMOV32rr
; COUNT1-LABEL: Machine code for function f_uge:
; COUNT1: CMOV64rr
; COUNT1-NOT: CMOV64rr
; COUNT1-LABEL: Machine code for function g_uge:
; COUNT1: CMOV32rr
; COUNT1-NOT: CMOV32rr
; COUNT1-LABEL: Machine code for function f_ult:
; COUNT1: CMOV64rr
; COUNT1-NOT: CMOV64rr
; COUNT1-LABEL: Machine code for function g_ult:
; COUNT1: CMOV32rr
; COUNT1-NOT: CMOV32rr
; COUNT1-LABEL: Machine code for function f_ule:
; COUNT1: CMOV64rr
; COUNT1-NOT: CMOV64rr
; COUNT1-LABEL: Machine code for function g_ule:
; COUNT1: CMOV32rr
; COUNT1-NOT: CMOV32rr
; COUNT1-LABEL: Machine code for function f_une:
; COUNT1: CMOV64rr
; COUNT1: CMOV64rr
; COUNT1-NOT: CMOV64rr
; COUNT1-LABEL: Machine code for function g_une:
; COUNT1: CMOV32rr
; COUNT1: CMOV32rr
; COUNT1-NOT: CMOV32rr
; COUNT1-LABEL: Machine code for function on_register:
; COUNT2-LABEL: Machine code for function f_oeq:
; COUNT2-LABEL: Machine code for function g_oeq:
; COUNT2: MOVPDI2DIrr
; COUNT2: MOVPDI2DIrr
; COUNT2-NOT: MOVPDI2DIrr
; COUNT2-LABEL: Machine code for function f_ogt:
; COUNT2-LABEL: Machine code for function g_ogt:
; COUNT2: MOVPDI2DIrr
; COUNT2: MOVPDI2DIrr
; COUNT2-NOT: MOVPDI2DIrr
; COUNT2-LABEL: Machine code for function f_oge:
; COUNT2-LABEL: Machine code for function g_oge:
; COUNT2: MOVPDI2DIrr
; COUNT2: MOVPDI2DIrr
; COUNT2-NOT: MOVPDI2DIrr
; COUNT2-LABEL: Machine code for function f_olt:
; COUNT2-LABEL: Machine code for function g_olt:
; COUNT2: MOVPDI2DIrr
; COUNT2: MOVPDI2DIrr
; COUNT2-NOT: MOVPDI2DIrr
; COUNT2-LABEL: Machine code for function f_ole:
; COUNT2-LABEL: Machine code for function g_ole:
; COUNT2: MOVPDI2DIrr
; COUNT2: MOVPDI2DIrr
; COUNT2-NOT: MOVPDI2DIrr
; COUNT2-LABEL: Machine code for function f_one:
; COUNT2-LABEL: Machine code for function g_one:
; COUNT2: MOVPDI2DIrr
; COUNT2: MOVPDI2DIrr
; COUNT2-NOT: MOVPDI2DIrr
; COUNT2-LABEL: Machine code for function f_ord:
; COUNT2-LABEL: Machine code for function g_ord:
; COUNT2: MOVPDI2DIrr
; COUNT2: MOVPDI2DIrr
; COUNT2-NOT: MOVPDI2DIrr
; COUNT2-LABEL: Machine code for function f_uno:
; COUNT2-LABEL: Machine code for function g_uno:
; COUNT2: MOVPDI2DIrr
; COUNT2: MOVPDI2DIrr
; COUNT2-NOT: MOVPDI2DIrr
; COUNT2-LABEL: Machine code for function f_ueq:
; COUNT2-LABEL: Machine code for function g_ueq:
; COUNT2: MOVPDI2DIrr
; COUNT2: MOVPDI2DIrr
; COUNT2-NOT: MOVPDI2DIrr
; COUNT2-LABEL: Machine code for function f_ugt:
; COUNT2-LABEL: Machine code for function g_ugt:
; COUNT2: MOVPDI2DIrr
; COUNT2: MOVPDI2DIrr
; COUNT2-NOT: MOVPDI2DIrr
; COUNT2-LABEL: Machine code for function f_uge:
; COUNT2-LABEL: Machine code for function g_uge:
; COUNT2: MOVPDI2DIrr
; COUNT2: MOVPDI2DIrr
; COUNT2-NOT: MOVPDI2DIrr
; COUNT2-LABEL: Machine code for function f_ult:
; COUNT2-LABEL: Machine code for function g_ult:
; COUNT2: MOVPDI2DIrr
; COUNT2: MOVPDI2DIrr
; COUNT2-NOT: MOVPDI2DIrr
; COUNT2-LABEL: Machine code for function f_ule:
; COUNT2-LABEL: Machine code for function g_ule:
; COUNT2: MOVPDI2DIrr
; COUNT2: MOVPDI2DIrr
; COUNT2-NOT: MOVPDI2DIrr
; COUNT2-LABEL: Machine code for function f_une:
; COUNT2-LABEL: Machine code for function g_une:
; COUNT2: MOVPDI2DIrr
; COUNT2: MOVPDI2DIrr
; COUNT2-NOT: MOVPDI2DIrr
; COUNT2-LABEL: Machine code for function on_register:
; COUNT3-LABEL: Machine code for function f_oeq:
; COUNT3-LABEL: Machine code for function g_oeq:
; COUNT3: MOVDI2PDIrr
; COUNT3-NOT: MOVDI2PDIrr
; COUNT3-LABEL: Machine code for function f_ogt:
; COUNT3-LABEL: Machine code for function g_ogt:
; COUNT3: MOVDI2PDIrr
; COUNT3-NOT: MOVDI2PDIrr
; COUNT3-LABEL: Machine code for function f_oge:
; COUNT3-LABEL: Machine code for function g_oge:
; COUNT3: MOVDI2PDIrr
; COUNT3-NOT: MOVDI2PDIrr
; COUNT3-LABEL: Machine code for function f_olt:
; COUNT3-LABEL: Machine code for function g_olt:
; COUNT3: MOVDI2PDIrr
; COUNT3-NOT: MOVDI2PDIrr
; COUNT3-LABEL: Machine code for function f_ole:
; COUNT3-LABEL: Machine code for function g_ole:
; COUNT3: MOVDI2PDIrr
; COUNT3-NOT: MOVDI2PDIrr
; COUNT3-LABEL: Machine code for function f_one:
; COUNT3-LABEL: Machine code for function g_one:
; COUNT3: MOVDI2PDIrr
; COUNT3-NOT: MOVDI2PDIrr
; COUNT3-LABEL: Machine code for function f_ord:
; COUNT3-LABEL: Machine code for function g_ord:
; COUNT3: MOVDI2PDIrr
; COUNT3-NOT: MOVDI2PDIrr
; COUNT3-LABEL: Machine code for function f_uno:
; COUNT3-LABEL: Machine code for function g_uno:
; COUNT3: MOVDI2PDIrr
; COUNT3-NOT: MOVDI2PDIrr
; COUNT3-LABEL: Machine code for function f_ueq:
; COUNT3-LABEL: Machine code for function g_ueq:
; COUNT3: MOVDI2PDIrr
; COUNT3-NOT: MOVDI2PDIrr
; COUNT3-LABEL: Machine code for function f_ugt:
; COUNT3-LABEL: Machine code for function g_ugt:
; COUNT3: MOVDI2PDIrr
; COUNT3-NOT: MOVDI2PDIrr
; COUNT3-LABEL: Machine code for function f_uge:
; COUNT3-LABEL: Machine code for function g_uge:
; COUNT3: MOVDI2PDIrr
; COUNT3-NOT: MOVDI2PDIrr
; COUNT3-LABEL: Machine code for function f_ult:
; COUNT3-LABEL: Machine code for function g_ult:
; COUNT3: MOVDI2PDIrr
; COUNT3-NOT: MOVDI2PDIrr
; COUNT3-LABEL: Machine code for function f_ule:
; COUNT3-LABEL: Machine code for function g_ule:
; COUNT3: MOVDI2PDIrr
; COUNT3-NOT: MOVDI2PDIrr
; COUNT3-LABEL: Machine code for function f_une:
; COUNT3-LABEL: Machine code for function g_une:
; COUNT3: MOVDI2PDIrr
; COUNT3-NOT: MOVDI2PDIrr
; COUNT3-LABEL: Machine code for function on_register:

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
