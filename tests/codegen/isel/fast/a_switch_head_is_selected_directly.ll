; -O0 selects a block ending in a switch directly: its instructions, the switch value copied into the plan's register, and step 0 of the plan (here the jump table's range check: sub, cmp, ja, as llc-19 -O0 emits it); the jump-table step after it is selected by the DAG path. Every IR block counts in the statistics.
; RUN: rcc-par -O0 -stop-after=finalize-isel %s -o - | FileCheck %s
; RUN: rcc-par -O0 -stats -stop-after=finalize-isel %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=STATS
; CHECK-LABEL: {{^}}name: f{{$}}
; CHECK: [[V:%[0-9]+]]:gr32 = MOV32rm {{%[0-9]+}}, 1, $noreg, 12, $noreg
; CHECK-NEXT: [[A:%[0-9]+]]:gr32 = ADD32ri8 [[V]](tied-def 0), 100, implicit-def dead $eflags
; CHECK-NEXT: {{%[0-9]+}}:gr32 = COPY [[A]]
; CHECK-NEXT: [[D:%[0-9]+]]:gr32 = SUB32ri8 [[A]](tied-def 0), 1, implicit-def dead $eflags
; CHECK-NEXT: CMP32ri8 [[D]], 6, implicit-def $eflags
; CHECK-NEXT: JCC_1 %bb.5, 6, implicit $eflags
; CHECK-NEXT: JMP_1 %bb.4
; CHECK: JMP64r
; STATS: 5 finalize-isel - fast-isel: blocks selected directly
; STATS-NOT: fallback

define i32 @f(i32 %x, ptr %p) {
entry:
  %g = getelementptr inbounds i32, ptr %p, i64 3
  %v = load i32, ptr %g
  %a = add i32 %v, 100
  switch i32 %a, label %d [ i32 1, label %a1
                            i32 2, label %a2
                            i32 3, label %a3
                            i32 4, label %a1
                            i32 7, label %a2 ]
a1:
  ret i32 1
a2:
  ret i32 2
a3:
  ret i32 3
d:
  ret i32 0
}
