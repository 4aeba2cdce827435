; varargs: va arg instruction selects register or overflow slot.
; RUN: rcc-par -stop-after=finalize-isel -relocation-model=static -verify-machineinstrs %s -o - | FileCheck %s
; RUN: rcc-par -stop-after=finalize-isel -relocation-model=static -verify-machineinstrs %s -o - | FileCheck %s --check-prefix=NONE
; RUN: rcc-par -stop-after=finalize-isel -relocation-model=static -verify-machineinstrs %s -o - | FileCheck %s --check-prefix=COUNT
; CHECK-LABEL: {{^}}name: f{{$}}
; gp_offset < 48 picks reg_save_area + gp_offset, else the
; overflow area; both fields are written back; no branches.
; CHECK-DAG: CMP32ri8 %
; CHECK-DAG: , 48, implicit-def $eflags
; CHECK-DAG: MOV32mr %0, 1, $noreg, 0, $noreg
; CHECK-DAG: MOV64mr %0, 1, $noreg, 8, $noreg
; NONE-LABEL: {{^}}name: f{{$}}
; NONE-NOT: JCC
; COUNT-LABEL: {{^}}name: f{{$}}
; COUNT: CMOV
; COUNT: CMOV
; COUNT: CMOV
; COUNT-NOT: CMOV

define i32 @f(ptr %ap) {
  %v = va_arg ptr %ap, i32
  ret i32 %v
}
