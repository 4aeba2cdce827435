; -O0 selects blocks of loads, stores, GEPs, integer arithmetic, compares, casts and branches without a DAG: every value through its own register, a compare used only by the branch fused with it (cmp; jcc), GEP indices scaled by lea/imul, the load a sign extension reads folded into it (movswq).
; RUN: rcc-par -O0 -stop-after=finalize-isel -relocation-model=static %s -o - | FileCheck %s
; RUN: rcc-par -O0 -stats -stop-after=finalize-isel -relocation-model=static %s -o - 2>&1 | FileCheck %s --check-prefix=STATS
; CHECK-LABEL: {{^}}name: f{{$}}
; CHECK: MOV32mr %stack.0, 1, $noreg, 0, $noreg, [[A:%[0-9]+]]
; CHECK-NEXT: [[V:%[0-9]+]]:gr32 = MOV32rm %stack.0, 1, $noreg, 0, $noreg
; CHECK-NEXT: [[S:%[0-9]+]]:gr32 = ADD32rr [[V]](tied-def 0), {{%[0-9]+}}, implicit-def dead $eflags
; CHECK: CMP32ri8 [[S]], 10, implicit-def $eflags
; CHECK-NEXT: JCC_1 %bb.1, 12, implicit $eflags
; CHECK-NEXT: JMP_1 %bb.2
; CHECK: IMUL32rr
; CHECK: $eax = COPY
; CHECK-NEXT: RET64 implicit $eax
; CHECK-LABEL: {{^}}name: g{{$}}
; CHECK: IMUL64rri32 {{%[0-9]+}}, 32
; CHECK: MOVSX64rr32
; CHECK: LEA64r {{%[0-9]+}}, 2, {{%[0-9]+}}, 0, $noreg
; CHECK: LEA64r {{%[0-9]+}}, 1, $noreg, 4, $noreg
; CHECK-NEXT: MOVSX64rm16 {{%[0-9]+}}, 1, $noreg, 0, $noreg
; STATS: 4 finalize-isel - fast-isel: blocks selected directly

@gv0 = global i32 5

define i32 @f(i32 %a, i32 %b) {
entry:
  %x = alloca i32
  store i32 %a, ptr %x
  %v = load i32, ptr %x
  %s = add i32 %v, %b
  %c = icmp slt i32 %s, 10
  br i1 %c, label %t, label %e
t:
  %gv = load i32, ptr @gv0
  %m = mul i32 %gv, %s
  br label %e
e:
  %p = phi i32 [ %m, %t ], [ 7, %entry ]
  ret i32 %p
}

%S = type { i32, [10 x i16], i64 }

define i64 @g(ptr %p, i32 %i, i64 %j) {
  %a = getelementptr inbounds %S, ptr %p, i64 %j, i32 1, i32 %i
  %v = load i16, ptr %a
  %w = sext i16 %v to i64
  ret i64 %w
}
