; -O0 direct selection folds as llc-19 -O0 (FastISel) does: a constant operand is the instruction's immediate (the 8-bit form when it fits: addl $100, imull $3, cmpl $0), a GEP with a constant offset (and one index scaled by 1, 2, 4 or 8) is the displacement of the load or store right after it, a load whose only use is the extension, compare or arithmetic right after it is that instruction's memory operand (movzbl 4(%rdi), addl -4(%rsp), cmpl $0, -4(%rsp)), and an instruction nobody reads is not selected.
; RUN: rcc-par -O0 -stop-after=finalize-isel %s -o - | FileCheck %s
; RUN: rcc-par -O0 -stats -stop-after=finalize-isel %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=STATS
; CHECK-LABEL: {{^}}name: f{{$}}
; CHECK: MOV32mi %stack.0, 1, $noreg, 0, $noreg, 5
; CHECK-NEXT: MOV8mi %stack.1, 1, $noreg, 4, $noreg, 7
; CHECK-NEXT: [[Z:%[0-9]+]]:gr32 = MOVZX32rm8 [[P:%[0-9]+]], 1, $noreg, 4, $noreg
; CHECK-NEXT: MOVSX64rm16 [[P]], 2, {{%[0-9]+}}, 6, $noreg
; CHECK-NEXT: [[X:%[0-9]+]]:gr32 = ADD32ri8 [[Z]](tied-def 0), 100, implicit-def dead $eflags
; CHECK-NEXT: [[Y:%[0-9]+]]:gr32 = ADD32rm [[X]](tied-def 0), %stack.0, 1, $noreg, 0, $noreg, implicit-def dead $eflags
; CHECK-NEXT: IMUL32rri8 [[Y]], 3, implicit-def dead $eflags
; CHECK-NEXT: COPY
; CHECK-NEXT: CMP32mi8 %stack.0, 1, $noreg, 0, $noreg, 0, implicit-def $eflags
; CHECK-NEXT: JCC_1 %bb.1, 5, implicit $eflags
; STATS: 3 finalize-isel - fast-isel: blocks selected directly

%struct.S = type { i32, i8, [4 x i16] }

define i32 @f(ptr %p, i64 %i) {
entry:
  %a = alloca i32
  %s = alloca %struct.S
  store i32 5, ptr %a
  %f1 = getelementptr inbounds %struct.S, ptr %s, i32 0, i32 1
  store i8 7, ptr %f1
  %b = getelementptr inbounds %struct.S, ptr %p, i32 0, i32 1
  %c = load i8, ptr %b
  %z = zext i8 %c to i32
  %e = getelementptr inbounds %struct.S, ptr %p, i64 0, i32 2, i64 %i
  %h = load i16, ptr %e
  %hs = sext i16 %h to i64
  %dead = add i64 %hs, 1
  %v = load i32, ptr %a
  %x = add i32 %z, 100
  %w = load i32, ptr %a
  %y = add i32 %x, %w
  %m = mul i32 %y, 3
  %q = load i32, ptr %a
  %cmp = icmp ne i32 %q, 0
  br i1 %cmp, label %t, label %e2
t:
  ret i32 %m
e2:
  ret i32 0
}
