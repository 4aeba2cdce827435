; Sparse switch cases search a binary tree (pivot 100; six conditional
; branches), no jump table.
; RUN: rcc-par -stop-after=finalize-isel -relocation-model=static %s -o - | FileCheck %s
; RUN: rcc-par -stop-after=finalize-isel -relocation-model=static %s -o - | FileCheck %s --check-prefix=NONE
; RUN: rcc-par -stop-after=finalize-isel -relocation-model=static %s -o - | FileCheck %s --check-prefix=COUNT
; CHECK-LABEL: {{^}}name: f{{$}}
; CHECK-DAG: CMP32ri8 %1, 100
; CHECK-DAG: , 12, implicit $eflags
; NONE-LABEL: {{^}}name: f{{$}}
; NONE-NOT: jump-table
; COUNT-LABEL: {{^}}name: f{{$}}
; COUNT: JCC_1
; COUNT: JCC_1
; COUNT: JCC_1
; COUNT: JCC_1
; COUNT: JCC_1
; COUNT: JCC_1
; COUNT-NOT: JCC_1

define i32 @f(i32 %x) {
entry:
  switch i32 %x, label %def [ i32 -5, label %a i32 42, label %b i32 100, label %c i32 7000, label %d i32 123456, label %a ]
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
