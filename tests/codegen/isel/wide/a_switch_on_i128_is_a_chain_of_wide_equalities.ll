; a switch on i128 is a chain of wide equalities.
; RUN: rcc-par -stop-after=finalize-isel -relocation-model=static -verify-machineinstrs %s -o - | FileCheck %s --check-prefix=NONE
; RUN: rcc-par -stop-after=finalize-isel -relocation-model=static -verify-machineinstrs %s -o - | FileCheck %s --check-prefix=COUNT
; NONE-LABEL: {{^}}name: f{{$}}
; NONE-NOT: JMP64m
; One test per case, in value order, no table.
; COUNT-LABEL: {{^}}name: f{{$}}
; COUNT: JCC_1
; COUNT: JCC_1
; COUNT: JCC_1
; COUNT-NOT: JCC_1

define i32 @f(i128 %x) {
  switch i128 %x, label %d [ i128 -1, label %a
                             i128 18446744073709551616, label %b
                             i128 7, label %a ]
a:
  ret i32 1
b:
  ret i32 2
d:
  ret i32 0
}
