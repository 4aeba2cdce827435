; Few destinations within a 64-bit window are bit tests: one SHL64rCL per
; destination, the value biased by 33, a range compare, no jump table.
; RUN: rcc-par -stop-after=finalize-isel -relocation-model=static %s -o - | FileCheck %s
; RUN: rcc-par -stop-after=finalize-isel -relocation-model=static %s -o - | FileCheck %s --check-prefix=NONE
; RUN: rcc-par -stop-after=finalize-isel -relocation-model=static %s -o - | FileCheck %s --check-prefix=COUNT
; CHECK-LABEL: {{^}}name: f{{$}}
; CHECK-DAG: SUB32ri8
; CHECK-DAG: CMP32ri8 %
; NONE-LABEL: {{^}}name: f{{$}}
; NONE-NOT: jump-table
; COUNT-LABEL: {{^}}name: f{{$}}
; COUNT: SHL64rCL
; COUNT: SHL64rCL
; COUNT: SHL64rCL
; COUNT-NOT: SHL64rCL

define i32 @f(i32 %x) {
entry:
  switch i32 %x, label %def [ i32 33, label %a i32 34, label %a i32 50, label %b i32 51, label %b i32 70, label %c i32 71, label %c i32 72, label %c i32 1000, label %d ]
a:
  ret i32 1
b:
  ret i32 2
c:
  ret i32 3
d:
  ret i32 4
def:
  ret i32 0
}
