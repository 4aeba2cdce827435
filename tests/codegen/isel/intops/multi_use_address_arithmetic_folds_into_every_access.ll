; addressing modes: address arithmetic with several users folds into every access.
; RUN: rcc-par -O2 -stop-after=finalize-isel -relocation-model=pic %s -o - | FileCheck %s
; A `shl` by 3 feeding two addresses is the scale of both (LLVM's
; matchAddress takes multi-use adds and shifts apart), and a GEP indexing
; `sym+80` keeps the 80 out of the symbol, so both addresses share one
; `lea` of the symbol.
; CHECK-LABEL: {{^}}name: g{{$}}
; CHECK: %2:gr64 = MOV64rm %0, 8, %1, 0,
; CHECK-NEXT: ADD64rm %2(tied-def 0), %0, 8, %1, 8,
; CHECK-NOT: SHL64ri
; CHECK-LABEL: {{^}}name: f{{$}}
; CHECK: [[S:%[0-9]+]]:gr64 = LEA64r $rip, 1, $noreg, @stat, $noreg
; CHECK-NOT: LEA64r
; CHECK: MOV64rm [[S]], 8, [[I:%[0-9]+]], 0,
; CHECK: [[S]], 8, [[I]], 80,

@stat = dso_local global [20 x i64] zeroinitializer

define i64 @g(ptr %s, i64 %i) {
  %k = shl i64 %i, 3
  %p = getelementptr inbounds i8, ptr %s, i64 %k
  %a = load i64, ptr %p
  %q = getelementptr inbounds i8, ptr %p, i64 8
  %b = load i64, ptr %q
  %r = add i64 %a, %b
  ret i64 %r
}

define i64 @f(i64 %x) {
  %p = getelementptr inbounds [10 x i64], ptr @stat, i64 0, i64 %x
  %a = load i64, ptr %p
  %q = getelementptr inbounds [10 x i64], ptr getelementptr inbounds (i8, ptr @stat, i64 80), i64 0, i64 %x
  %b = load i64, ptr %q
  %r = add i64 %a, %b
  ret i64 %r
}
