; An `or disjoint` is an add without carries, so it may be one lea as an add
; is (LLVM's lea64addr roots include `or`); a plain `or` stays an `or`.
; RUN: rcc-par -O2 -stop-after=finalize-isel -relocation-model=static %s -o - | FileCheck %s
; CHECK-LABEL: {{^}}name: f{{$}}
; CHECK: LEA64r %0, 1, %0, 1, $noreg
; CHECK-NOT: OR64ri8
; CHECK-LABEL: {{^}}name: g{{$}}
; CHECK-NOT: LEA64r
; CHECK: OR64ri8

define i64 @f(i64 %x, ptr %p) {
  %s = shl i64 %x, 1
  %o = or disjoint i64 %s, 1
  store i64 %s, ptr %p
  ret i64 %o
}

define i64 @g(i64 %x, ptr %p) {
  %s = shl i64 %x, 1
  %o = or i64 %s, 1
  store i64 %s, ptr %p
  ret i64 %o
}
