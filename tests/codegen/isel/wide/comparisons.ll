; i128 comparisons. Equality: xor the halves, or them, test. Orderings:
; compare the low halves, subtract with borrow the high ones. A sign test
; reads the high half only.
; RUN: rcc-par -stop-after=finalize-isel -relocation-model=static -verify-machineinstrs %s -o - | FileCheck %s
; RUN: rcc-par -stop-after=finalize-isel -relocation-model=static -verify-machineinstrs %s -o - | FileCheck %s --check-prefix=NONE
; RUN: rcc-par -stop-after=finalize-isel -relocation-model=static -verify-machineinstrs %s -o - | FileCheck %s --check-prefix=COUNT1
; RUN: rcc-par -stop-after=finalize-isel -relocation-model=static -verify-machineinstrs %s -o - | FileCheck %s --check-prefix=COUNT2
; RUN: rcc-par -stop-after=finalize-isel -relocation-model=static -verify-machineinstrs %s -o - | FileCheck %s --check-prefix=COUNT3
; CHECK-LABEL: Machine code for function eq:
; CHECK-LABEL: Machine code for function ne:
; CHECK-LABEL: Machine code for function ult:
; CHECK-LABEL: Machine code for function uge:
; CHECK-LABEL: Machine code for function slt:
; CHECK-LABEL: Machine code for function sge:
; CHECK-LABEL: Machine code for function ugt:
; CHECK-LABEL: Machine code for function ule:
; CHECK-LABEL: Machine code for function sgt:
; CHECK-LABEL: Machine code for function sle:
; A sign test reads the high half only.
; CHECK-LABEL: Machine code for function slt_zero:
; CHECK-DAG: TEST64rr
; NONE-LABEL: Machine code for function eq:
; NONE-NOT: SBB
; NONE-LABEL: Machine code for function ne:
; NONE-NOT: SBB
; NONE-LABEL: Machine code for function ult:
; NONE-LABEL: Machine code for function uge:
; NONE-LABEL: Machine code for function slt:
; NONE-LABEL: Machine code for function sge:
; NONE-LABEL: Machine code for function ugt:
; NONE-LABEL: Machine code for function ule:
; NONE-LABEL: Machine code for function sgt:
; NONE-LABEL: Machine code for function sle:
; NONE-LABEL: Machine code for function slt_zero:
; NONE-NOT: SBB
; COUNT1-LABEL: Machine code for function eq:
; COUNT1: XOR64rr
; COUNT1: XOR64rr
; COUNT1-NOT: XOR64rr
; COUNT1-LABEL: Machine code for function ne:
; COUNT1: XOR64rr
; COUNT1: XOR64rr
; COUNT1-NOT: XOR64rr
; COUNT1-LABEL: Machine code for function ult:
; COUNT1: SUB64rr
; COUNT1-NOT: SUB64rr
; COUNT1-LABEL: Machine code for function uge:
; COUNT1: SUB64rr
; COUNT1-NOT: SUB64rr
; COUNT1-LABEL: Machine code for function slt:
; COUNT1: SUB64rr
; COUNT1-NOT: SUB64rr
; COUNT1-LABEL: Machine code for function sge:
; COUNT1: SUB64rr
; COUNT1-NOT: SUB64rr
; COUNT1-LABEL: Machine code for function ugt:
; COUNT1: SUB64rr
; COUNT1-NOT: SUB64rr
; COUNT1-LABEL: Machine code for function ule:
; COUNT1: SUB64rr
; COUNT1-NOT: SUB64rr
; COUNT1-LABEL: Machine code for function sgt:
; COUNT1: SUB64rr
; COUNT1-NOT: SUB64rr
; COUNT1-LABEL: Machine code for function sle:
; COUNT1: SUB64rr
; COUNT1-NOT: SUB64rr
; COUNT1-LABEL: Machine code for function slt_zero:
; COUNT2-LABEL: Machine code for function eq:
; COUNT2: = OR64rr
; COUNT2-NOT: = OR64rr
; COUNT2-LABEL: Machine code for function ne:
; COUNT2: = OR64rr
; COUNT2-NOT: = OR64rr
; COUNT2-LABEL: Machine code for function ult:
; COUNT2: SBB64rr
; COUNT2-NOT: SBB64rr
; COUNT2-LABEL: Machine code for function uge:
; COUNT2: SBB64rr
; COUNT2-NOT: SBB64rr
; COUNT2-LABEL: Machine code for function slt:
; COUNT2: SBB64rr
; COUNT2-NOT: SBB64rr
; COUNT2-LABEL: Machine code for function sge:
; COUNT2: SBB64rr
; COUNT2-NOT: SBB64rr
; COUNT2-LABEL: Machine code for function ugt:
; COUNT2: SBB64rr
; COUNT2-NOT: SBB64rr
; COUNT2-LABEL: Machine code for function ule:
; COUNT2: SBB64rr
; COUNT2-NOT: SBB64rr
; COUNT2-LABEL: Machine code for function sgt:
; COUNT2: SBB64rr
; COUNT2-NOT: SBB64rr
; COUNT2-LABEL: Machine code for function sle:
; COUNT2: SBB64rr
; COUNT2-NOT: SBB64rr
; COUNT2-LABEL: Machine code for function slt_zero:
; COUNT3-LABEL: Machine code for function eq:
; COUNT3-LABEL: Machine code for function ne:
; COUNT3-LABEL: Machine code for function ult:
; COUNT3: SETCCr
; COUNT3-NOT: SETCCr
; COUNT3-LABEL: Machine code for function uge:
; COUNT3: SETCCr
; COUNT3-NOT: SETCCr
; COUNT3-LABEL: Machine code for function slt:
; COUNT3: SETCCr
; COUNT3-NOT: SETCCr
; COUNT3-LABEL: Machine code for function sge:
; COUNT3: SETCCr
; COUNT3-NOT: SETCCr
; COUNT3-LABEL: Machine code for function ugt:
; COUNT3: SETCCr
; COUNT3-NOT: SETCCr
; COUNT3-LABEL: Machine code for function ule:
; COUNT3: SETCCr
; COUNT3-NOT: SETCCr
; COUNT3-LABEL: Machine code for function sgt:
; COUNT3: SETCCr
; COUNT3-NOT: SETCCr
; COUNT3-LABEL: Machine code for function sle:
; COUNT3: SETCCr
; COUNT3-NOT: SETCCr
; COUNT3-LABEL: Machine code for function slt_zero:

define i32 @eq(i128 %a, i128 %b) {
  %c = icmp eq i128 %a, %b
  %z = zext i1 %c to i32
  ret i32 %z
}
define i32 @ne(i128 %a, i128 %b) {
  %c = icmp ne i128 %a, %b
  %z = zext i1 %c to i32
  ret i32 %z
}
define i32 @ult(i128 %a, i128 %b) {
  %c = icmp ult i128 %a, %b
  %z = zext i1 %c to i32
  ret i32 %z
}
define i32 @uge(i128 %a, i128 %b) {
  %c = icmp uge i128 %a, %b
  %z = zext i1 %c to i32
  ret i32 %z
}
define i32 @slt(i128 %a, i128 %b) {
  %c = icmp slt i128 %a, %b
  %z = zext i1 %c to i32
  ret i32 %z
}
define i32 @sge(i128 %a, i128 %b) {
  %c = icmp sge i128 %a, %b
  %z = zext i1 %c to i32
  ret i32 %z
}
define i32 @ugt(i128 %a, i128 %b) {
  %c = icmp ugt i128 %a, %b
  %z = zext i1 %c to i32
  ret i32 %z
}
define i32 @ule(i128 %a, i128 %b) {
  %c = icmp ule i128 %a, %b
  %z = zext i1 %c to i32
  ret i32 %z
}
define i32 @sgt(i128 %a, i128 %b) {
  %c = icmp sgt i128 %a, %b
  %z = zext i1 %c to i32
  ret i32 %z
}
define i32 @sle(i128 %a, i128 %b) {
  %c = icmp sle i128 %a, %b
  %z = zext i1 %c to i32
  ret i32 %z
}
define i32 @slt_zero(i128 %a, i128 %b) {
  %c = icmp slt i128 %a, 0
  %z = zext i1 %c to i32
  ret i32 %z
}
