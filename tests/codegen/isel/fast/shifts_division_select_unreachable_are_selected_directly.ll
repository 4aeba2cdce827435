; -O0 selects shifts (by an immediate, or by %cl from the amount's low byte), division and remainder (one DIV/IDIV; 8 and 16 bits extended to 32), select (test; cmov, i1 and i8 in 32 bits) and unreachable without a DAG.
; RUN: rcc-par -O0 -stop-after=finalize-isel -relocation-model=static %s -o - | FileCheck %s
; RUN: rcc-par -O0 -stats -stop-after=finalize-isel -relocation-model=static %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=STATS
; CHECK-LABEL: {{^}}name: sh{{$}}
; CHECK: [[A:%[0-9]+]]:gr8 = COPY %1.sub_8bit
; CHECK-NEXT: $cl = COPY [[A]]
; CHECK-NEXT: [[S:%[0-9]+]]:gr32 = SHL32rCL %0(tied-def 0), implicit-def dead $eflags, implicit $cl
; CHECK-NEXT: SHR32ri [[S]](tied-def 0), 3, implicit-def dead $eflags
; CHECK: SAR8rCL
; CHECK: SAR16rCL
; CHECK-LABEL: {{^}}name: dv{{$}}
; CHECK: $eax = COPY %0
; CHECK-NEXT: CDQ implicit-def $eax, implicit-def $edx, implicit $eax
; CHECK-NEXT: IDIV32r %1,
; CHECK-NEXT: {{%[0-9]+}}:gr32 = COPY $eax
; CHECK: MOV32r0
; CHECK: DIV32r %1,
; CHECK: MOVSX32rr8
; CHECK: IDIV32r
; CHECK: CQO
; CHECK: IDIV64r
; CHECK-LABEL: {{^}}name: sel{{$}}
; CHECK: [[C:%[0-9]+]]:gr8 = SETCCr 12, implicit $eflags
; CHECK-NEXT: TEST8ri [[C]], 1, implicit-def $eflags
; CHECK-NEXT: CMOV32rr %1(tied-def 0), %0, 5, implicit $eflags
; CHECK: MOVZX32rr8
; CHECK: CMOV32rr
; CHECK: CMOV64rr
; CHECK-LABEL: {{^}}name: u{{$}}
; CHECK-NOT: RET64
; CHECK: bb.2
; STATS: 6 finalize-isel - fast-isel: blocks selected directly
; STATS-NOT: fallback

define i32 @sh(i32 %a, i32 %b, i8 %c, i16 %d) {
  %1 = shl i32 %a, %b
  %2 = lshr i32 %1, 3
  %3 = ashr i8 %c, %c
  %4 = sext i8 %3 to i32
  %5 = add i32 %2, %4
  %6 = ashr i16 %d, %d
  %7 = sext i16 %6 to i32
  %8 = add i32 %5, %7
  ret i32 %8
}

define i64 @dv(i32 %a, i32 %b, i8 %c, i8 %d, i64 %f, i64 %g) {
  %1 = sdiv i32 %a, %b
  %2 = urem i32 %a, %b
  %3 = add i32 %1, %2
  %4 = sdiv i8 %c, %d
  %5 = sext i8 %4 to i32
  %6 = add i32 %3, %5
  %7 = srem i64 %f, %g
  %8 = sext i32 %6 to i64
  %9 = add i64 %7, %8
  ret i64 %9
}

define i32 @sel(i32 %a, i32 %b, i8 %c, ptr %p, ptr %q) {
  %1 = icmp slt i32 %a, %b
  %2 = select i1 %1, i32 %a, i32 %b
  %3 = icmp eq i8 %c, 0
  %4 = select i1 %3, i8 %c, i8 7
  %5 = zext i8 %4 to i32
  %6 = add i32 %2, %5
  %7 = select i1 %1, ptr %p, ptr %q
  %8 = load i32, ptr %7
  %9 = add i32 %6, %8
  ret i32 %9
}

define void @u(i32 %a) {
  %c = icmp eq i32 %a, 0
  br i1 %c, label %x, label %y
x:
  unreachable
y:
  ret void
}
