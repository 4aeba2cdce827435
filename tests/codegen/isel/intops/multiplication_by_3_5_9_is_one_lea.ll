; A 64-bit multiplication by 3, 5 or 9 is one lea of x + x * 2/4/8 (as
; llc's X86 combineMul / MatchAddress); by 6 = 2 * 3 it is an add (the
; shift by one) and a lea (combineMul; see
; multiplies_by_constants_become_shifts_adds_and_leas.ll); in an
; address whose base is taken (p + i * 3), the multiplication is its own lea
; and the load indexes by it.
; RUN: rcc-par -O2 -stop-after=finalize-isel -relocation-model=static %s -o - | FileCheck %s
; CHECK-LABEL: {{^}}name: m3{{$}}
; CHECK: = LEA64r %0, 2, %0, 0, $noreg
; CHECK-LABEL: {{^}}name: m9{{$}}
; CHECK: = LEA64r %0, 8, %0, 0, $noreg
; CHECK-LABEL: {{^}}name: m6{{$}}
; CHECK: [[D:%[0-9]+]]:gr64 = ADD64rr %0(tied-def 0), %0
; CHECK-NEXT: LEA64r [[D]], 2, [[D]], 0, $noreg
; CHECK-LABEL: {{^}}name: ld{{$}}
; CHECK: [[J:%[0-9]+]]:gr64 = LEA64r %1, 2, %1, 0, $noreg
; CHECK-NEXT: MOV64rm {{%[0-9]+}}, 1, [[J]], 0, $noreg
define i64 @m3(i64 %x) {
  %r = mul i64 %x, 3
  ret i64 %r
}
define i64 @m9(i64 %x) {
  %r = mul i64 %x, 9
  ret i64 %r
}
define i64 @m6(i64 %x) {
  %r = mul i64 %x, 6
  ret i64 %r
}
define i64 @ld(ptr %p, i64 %i) {
  %j = mul i64 %i, 3
  %q = getelementptr i8, ptr %p, i64 %j
  %v = load i64, ptr %q
  ret i64 %v
}
