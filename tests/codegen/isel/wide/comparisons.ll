; i128 comparisons. Equality: xor the halves, or them, test. Orderings:
; compare the low halves, subtract with borrow the high ones. A sign test
; reads the high half only.
; RUN: rcc-par -stop-after=finalize-isel -relocation-model=static -verify-machineinstrs %s -o - | FileCheck %s
; RUN: rcc-par -stop-after=finalize-isel -relocation-model=static -verify-machineinstrs %s -o - | FileCheck %s --check-prefix=NONE
; RUN: rcc-par -stop-after=finalize-isel -relocation-model=static -verify-machineinstrs %s -o - | FileCheck %s --check-prefix=COUNT1
; RUN: rcc-par -stop-after=finalize-isel -relocation-model=static -verify-machineinstrs %s -o - | FileCheck %s --check-prefix=COUNT2
; RUN: rcc-par -stop-after=finalize-isel -relocation-model=static -verify-machineinstrs %s -o - | FileCheck %s --check-prefix=COUNT3
; CHECK-LABEL: {{^}}name: eq{{$}}
; CHECK-LABEL: {{^}}name: ne{{$}}
; CHECK-LABEL: {{^}}name: ult{{$}}
; CHECK-LABEL: {{^}}name: uge{{$}}
; CHECK-LABEL: {{^}}name: slt{{$}}
; CHECK-LABEL: {{^}}name: sge{{$}}
; CHECK-LABEL: {{^}}name: ugt{{$}}
; CHECK-LABEL: {{^}}name: ule{{$}}
; CHECK-LABEL: {{^}}name: sgt{{$}}
; CHECK-LABEL: {{^}}name: sle{{$}}
; A sign test reads the high half only.
; CHECK-LABEL: {{^}}name: slt_zero{{$}}
; CHECK-DAG: TEST64rr
; NONE-LABEL: {{^}}name: eq{{$}}
; NONE-NOT: SBB
; NONE-LABEL: {{^}}name: ne{{$}}
; NONE-NOT: SBB
; NONE-LABEL: {{^}}name: ult{{$}}
; NONE-LABEL: {{^}}name: uge{{$}}
; NONE-LABEL: {{^}}name: slt{{$}}
; NONE-LABEL: {{^}}name: sge{{$}}
; NONE-LABEL: {{^}}name: ugt{{$}}
; NONE-LABEL: {{^}}name: ule{{$}}
; NONE-LABEL: {{^}}name: sgt{{$}}
; NONE-LABEL: {{^}}name: sle{{$}}
; NONE-LABEL: {{^}}name: slt_zero{{$}}
; NONE-NOT: SBB
; COUNT1-LABEL: {{^}}name: eq{{$}}
; COUNT1: XOR64rr
; COUNT1: XOR64rr
; COUNT1-NOT: XOR64rr
; COUNT1-LABEL: {{^}}name: ne{{$}}
; COUNT1: XOR64rr
; COUNT1: XOR64rr
; COUNT1-NOT: XOR64rr
; COUNT1-LABEL: {{^}}name: ult{{$}}
; COUNT1: SUB64rr
; COUNT1-NOT: SUB64rr
; COUNT1-LABEL: {{^}}name: uge{{$}}
; COUNT1: SUB64rr
; COUNT1-NOT: SUB64rr
; COUNT1-LABEL: {{^}}name: slt{{$}}
; COUNT1: SUB64rr
; COUNT1-NOT: SUB64rr
; COUNT1-LABEL: {{^}}name: sge{{$}}
; COUNT1: SUB64rr
; COUNT1-NOT: SUB64rr
; COUNT1-LABEL: {{^}}name: ugt{{$}}
; COUNT1: SUB64rr
; COUNT1-NOT: SUB64rr
; COUNT1-LABEL: {{^}}name: ule{{$}}
; COUNT1: SUB64rr
; COUNT1-NOT: SUB64rr
; COUNT1-LABEL: {{^}}name: sgt{{$}}
; COUNT1: SUB64rr
; COUNT1-NOT: SUB64rr
; COUNT1-LABEL: {{^}}name: sle{{$}}
; COUNT1: SUB64rr
; COUNT1-NOT: SUB64rr
; COUNT1-LABEL: {{^}}name: slt_zero{{$}}
; COUNT2-LABEL: {{^}}name: eq{{$}}
; COUNT2: = OR64rr
; COUNT2-NOT: = OR64rr
; COUNT2-LABEL: {{^}}name: ne{{$}}
; COUNT2: = OR64rr
; COUNT2-NOT: = OR64rr
; COUNT2-LABEL: {{^}}name: ult{{$}}
; COUNT2: SBB64rr
; COUNT2-NOT: SBB64rr
; COUNT2-LABEL: {{^}}name: uge{{$}}
; COUNT2: SBB64rr
; COUNT2-NOT: SBB64rr
; COUNT2-LABEL: {{^}}name: slt{{$}}
; COUNT2: SBB64rr
; COUNT2-NOT: SBB64rr
; COUNT2-LABEL: {{^}}name: sge{{$}}
; COUNT2: SBB64rr
; COUNT2-NOT: SBB64rr
; COUNT2-LABEL: {{^}}name: ugt{{$}}
; COUNT2: SBB64rr
; COUNT2-NOT: SBB64rr
; COUNT2-LABEL: {{^}}name: ule{{$}}
; COUNT2: SBB64rr
; COUNT2-NOT: SBB64rr
; COUNT2-LABEL: {{^}}name: sgt{{$}}
; COUNT2: SBB64rr
; COUNT2-NOT: SBB64rr
; COUNT2-LABEL: {{^}}name: sle{{$}}
; COUNT2: SBB64rr
; COUNT2-NOT: SBB64rr
; COUNT2-LABEL: {{^}}name: slt_zero{{$}}
; COUNT3-LABEL: {{^}}name: eq{{$}}
; COUNT3-LABEL: {{^}}name: ne{{$}}
; COUNT3-LABEL: {{^}}name: ult{{$}}
; COUNT3: SETCCr
; COUNT3-NOT: SETCCr
; COUNT3-LABEL: {{^}}name: uge{{$}}
; COUNT3: SETCCr
; COUNT3-NOT: SETCCr
; COUNT3-LABEL: {{^}}name: slt{{$}}
; COUNT3: SETCCr
; COUNT3-NOT: SETCCr
; COUNT3-LABEL: {{^}}name: sge{{$}}
; COUNT3: SETCCr
; COUNT3-NOT: SETCCr
; COUNT3-LABEL: {{^}}name: ugt{{$}}
; COUNT3: SETCCr
; COUNT3-NOT: SETCCr
; COUNT3-LABEL: {{^}}name: ule{{$}}
; COUNT3: SETCCr
; COUNT3-NOT: SETCCr
; COUNT3-LABEL: {{^}}name: sgt{{$}}
; COUNT3: SETCCr
; COUNT3-NOT: SETCCr
; COUNT3-LABEL: {{^}}name: sle{{$}}
; COUNT3: SETCCr
; COUNT3-NOT: SETCCr
; COUNT3-LABEL: {{^}}name: slt_zero{{$}}

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
