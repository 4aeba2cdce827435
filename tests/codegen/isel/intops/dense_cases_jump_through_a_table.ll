; Dense switch cases jump through a table after a range check: in PIC the
; table's address is RIP-relative and its 32-bit entries are sign-extended
; and added (MOVSX64rm32, JMP64r); the targets are address-taken. Static
; code jumps through 8-byte entries directly.
; RUN: rcc-par -stop-after=finalize-isel -relocation-model=pic %s -o - | FileCheck %s --check-prefix=PIC
; RUN: rcc-par -stop-after=finalize-isel -relocation-model=static %s -o - | FileCheck %s --check-prefix=STATIC
; PIC-LABEL: {{^}}name: f{{$}}
; PIC-DAG: CMP32ri8 %1, 5
; PIC-DAG: bb.1 (%ir-block.1), address-taken
; PIC-DAG: LEA64r $rip, 1, $noreg, %jump-table.0
; PIC-DAG: MOVSX64rm32
; PIC-DAG: JMP64r
; STATIC-LABEL: {{^}}name: f{{$}}
; STATIC: JMP64m $noreg, 8, %

define i32 @f(i32 %x) {
entry:
  switch i32 %x, label %def [ i32 0, label %a i32 1, label %b i32 2, label %c i32 3, label %d i32 5, label %a ]
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