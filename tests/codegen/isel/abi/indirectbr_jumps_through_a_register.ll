; computed goto: indirectbr jumps through a register.
; RUN: rcc-par -stop-after=finalize-isel -relocation-model=static -verify-machineinstrs %s -o - | FileCheck %s
; CHECK-LABEL: {{^}}name: f{{$}}
; CHECK-DAG: JMP64r
; CHECK-DAG: successors: %bb.1, %bb.2
; CHECK-DAG: LEA64r $rip, 1, $noreg, blockaddress(%bb.1)
; CHECK-DAG: LEA64r $rip, 1, $noreg, blockaddress(%bb.2)
; CHECK-DAG: bb.1 (%ir-block.1), address-taken

define i32 @f(i1 %c) {
entry:
  %t = select i1 %c, ptr blockaddress(@f, %a), ptr blockaddress(@f, %b)
  indirectbr ptr %t, [label %a, label %b]
a:
  ret i32 1
b:
  ret i32 2
}
