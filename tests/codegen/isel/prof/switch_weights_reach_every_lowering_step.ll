; A switch's branch_weights (default first) give every block of its
; lowering the probabilities llc-19 gives them (values checked against
; llc-19 -O2 -stop-after=finalize-isel): pivots of the search tree carry
; their clusters and half the default's share each side, leaf tests the
; cluster against what is not yet handled, a jump table's destinations the
; sum of their cases with half the default's share through the holes, bit
; tests likewise. A switch on llvm.expect makes the expected case likely.
; RUN: rcc-par -O2 -stop-after=finalize-isel -verify-machineinstrs %s -o - | FileCheck %s

; CHECK-LABEL: {{^}}name: tree{{$}}
; CHECK: bb.0 (%ir-block.0):
; CHECK-NEXT: successors: %bb.5(0x4a9622a5), %bb.6(0x3569dd5b){{$}}
; CHECK: bb.5:
; CHECK-NEXT: successors: %bb.1(0x5294a529), %bb.7(0x2d6b5ad7){{$}}
; CHECK: bb.7:
; CHECK-NEXT: successors: %bb.2(0x745d1746), %bb.4(0x0ba2e8ba){{$}}
; CHECK: bb.6:
; CHECK-NEXT: successors: %bb.3(0x7350b881), %bb.8(0x0caf477f){{$}}
; CHECK: bb.8:
; CHECK-NEXT: successors: %bb.1(0x3a2e8ba1), %bb.9(0x45d1745f){{$}}
; CHECK: bb.9:
; CHECK-NEXT: successors: %bb.2(0x1555555d), %bb.4(0x6aaaaaa3){{$}}
define i32 @tree(i32 %x) {
  switch i32 %x, label %d [ i32 1, label %a
                            i32 100, label %b
                            i32 1000, label %c
                            i32 10000, label %a
                            i32 100000, label %b ], !prof !0
a:
  ret i32 1
b:
  ret i32 2
c:
  ret i32 3
d:
  ret i32 4
}

; CHECK-LABEL: {{^}}name: table{{$}}
; CHECK: bb.0 (%ir-block.0):
; CHECK-NEXT: successors: %bb.5(0x7d980f66), %bb.4(0x0267f09a){{$}}
; CHECK: bb.5:
; CHECK-NEXT: successors: %bb.1(0x6215941b), %bb.2(0x1902f14a), %bb.4(0x0273bd4d), %bb.3(0x0273bd4d){{$}}
define i32 @table(i32 %x) {
  switch i32 %x, label %d [ i32 1, label %a
                            i32 2, label %b
                            i32 3, label %a
                            i32 10, label %c
                            i32 20, label %b ], !prof !0
a:
  ret i32 1
b:
  ret i32 2
c:
  ret i32 3
d:
  ret i32 4
}

; CHECK-LABEL: {{^}}name: bits{{$}}
; CHECK: bb.0 (%ir-block.0):
; CHECK-NEXT: successors: %bb.4(0x7cc8aef4), %bb.3(0x0337510c){{$}}
; CHECK: bb.4:
; CHECK-NEXT: successors: %bb.1(0x67966eda), %bb.5(0x18699126){{$}}
; CHECK: bb.5:
; CHECK-NEXT: successors: %bb.2(0x6eb3e455), %bb.3(0x114c1bab){{$}}
define i32 @bits(i32 %x) {
  switch i32 %x, label %d [ i32 1, label %a
                            i32 20, label %a
                            i32 40, label %a
                            i32 50, label %b
                            i32 60, label %b ], !prof !1
a:
  ret i32 1
b:
  ret i32 2
d:
  ret i32 4
}

; Expecting 7: that case gets 2000, the default and the other case 1.
; CHECK-LABEL: {{^}}name: expect{{$}}
; CHECK: bb.0 (%ir-block.0):
; CHECK-NEXT: successors: %bb.1(0x00105e1d), %bb.4(0x7fefa1e3){{$}}
; CHECK: bb.4:
; CHECK-NEXT: successors: %bb.2(0x7fef9fcb), %bb.3(0x00106035){{$}}
declare i32 @llvm.expect.i32(i32, i32)
define i32 @expect(i32 %x) {
  %e = call i32 @llvm.expect.i32(i32 %x, i32 7)
  switch i32 %e, label %d [ i32 3, label %a
                            i32 7, label %b ]
a:
  ret i32 1
b:
  ret i32 2
d:
  ret i32 4
}

; CHECK-LABEL: {{^}}name: no_data{{$}}
; CHECK: successors: %bb.{{[0-9]+}}, %bb.{{[0-9]+}}{{$}}
define i32 @no_data(i32 %x) {
  switch i32 %x, label %d [ i32 3, label %a ]
a:
  ret i32 1
d:
  ret i32 4
}

!0 = !{!"branch_weights", i32 10, i32 100, i32 50, i32 100, i32 5, i32 1}
!1 = !{!"branch_weights", i32 10, i32 100, i32 50, i32 7, i32 30, i32 2}
