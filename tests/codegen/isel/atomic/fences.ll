; fences.
; RUN: rcc-par -stop-after=finalize-isel -relocation-model=static -verify-machineinstrs %s -o - | FileCheck %s --check-prefix=COUNT
; COUNT-LABEL: {{^}}name: f{{$}}
; COUNT: MFENCE
; COUNT-NOT: MFENCE

define void @f() {
  fence seq_cst
  fence acquire
  fence release
  fence syncscope("singlethread") seq_cst
  ret void
}
