; A constant offset from a symbol folds into its displacement only as llc's isOffsetSuitableForCodeModel allows (small code model: -2^31 <= offset < 16 MiB); a larger one is a register (movabsq, or the displacement beside a lea of the symbol), never a truncated or link-failing RIP-relative addend.
; RUN: rcc-par -O2 -relocation-model=pic -filetype=asm %s -o - | FileCheck %s
; RUN: rcc-par -O2 -relocation-model=static -filetype=asm %s -o - | FileCheck %s --check-prefix=STATIC
; RUN: rcc-par -O0 -relocation-model=pic -filetype=asm %s -o - | FileCheck %s --check-prefix=O0
; CHECK-LABEL: {{^}}huge_value:
; CHECK: leaq .Ld$local(%rip), %r[[B:[a-z]+]]
; CHECK: movabsq $-8846744073709551616, %r[[C:[a-z]+]]
; CHECK: addq
; CHECK-LABEL: {{^}}huge_load:
; CHECK-DAG: movabsq $4294967296, %r[[C:[a-z]+]]
; CHECK-DAG: leaq .Ld$local(%rip), %r[[B:[a-z]+]]
; CHECK: movq (%r{{[a-z]+}},%r{{[a-z]+}}), %rax
; CHECK-LABEL: {{^}}at_16mib_load:
; CHECK: leaq .Ld$local(%rip), %rax
; CHECK-NEXT: movq 16777216(%rax), %rax
; CHECK-LABEL: {{^}}below_16mib_load:
; CHECK: movq .Ld$local+16777215(%rip), %rax
; CHECK-LABEL: {{^}}minus_16mib_load:
; CHECK: movq .Ld$local-16777216(%rip), %rax
; CHECK-LABEL: {{^}}minus_2gib_load:
; CHECK: movq .Ld$local-2147483648(%rip), %rax
; CHECK-LABEL: {{^}}at_16mib_value:
; CHECK: leaq .Ld$local(%rip), %rax
; CHECK-NEXT: addq $16777216, %rax
; CHECK-LABEL: {{^}}past_minus_2gib_value:
; CHECK: movabsq $-2147483649,
; CHECK-LABEL: {{^}}sum_of_two_offsets:
; CHECK: leaq .Ld$local(%rip), %rax
; CHECK-NEXT: movq 16777224(%rax), %rax
; CHECK-NOT: .Ld$local+1677721{{[6-9]}}
; CHECK-NOT: .Ld$local+{{[0-9][0-9][0-9][0-9][0-9][0-9][0-9][0-9][0-9]}}
; CHECK-NOT: .Ld$local-{{[0-9][0-9][0-9][0-9][0-9][0-9][0-9][0-9][0-9][0-9][0-9]}}
; STATIC-LABEL: {{^}}huge_load:
; STATIC-DAG: movabsq $4294967296,
; STATIC-DAG: leaq d(%rip),
; STATIC-LABEL: {{^}}at_16mib_load:
; STATIC: leaq d(%rip), %rax
; STATIC-NEXT: movq 16777216(%rax), %rax
; STATIC-NOT: d+1677721{{[6-9]}}
; STATIC-NOT: d+{{[0-9][0-9][0-9][0-9][0-9][0-9][0-9][0-9][0-9]}}
; O0-LABEL: {{^}}huge_value:
; O0: movabsq $-8846744073709551616,
; O0-LABEL: {{^}}huge_load:
; O0: movabsq $4294967296,
; O0-LABEL: {{^}}at_16mib_value:
; O0: leaq .Ld$local(%rip), %rax
; O0-NEXT: addq $16777216, %rax
; O0-NOT: .Ld$local+{{[0-9][0-9][0-9][0-9][0-9][0-9][0-9][0-9][0-9][0-9]}}

@d = dso_local global [4 x i64] zeroinitializer

define ptr @huge_value() {
  ret ptr getelementptr (i8, ptr @d, i64 9600000000000000000)
}

define i64 @huge_load() {
  %v = load i64, ptr getelementptr (i8, ptr @d, i64 4294967296)
  ret i64 %v
}

define i64 @at_16mib_load() {
  %v = load i64, ptr getelementptr (i8, ptr @d, i64 16777216)
  ret i64 %v
}

define i64 @below_16mib_load() {
  %v = load i64, ptr getelementptr (i8, ptr @d, i64 16777215)
  ret i64 %v
}

define i64 @minus_16mib_load() {
  %v = load i64, ptr getelementptr (i8, ptr @d, i64 -16777216)
  ret i64 %v
}

define i64 @minus_2gib_load() {
  %v = load i64, ptr getelementptr (i8, ptr @d, i64 -2147483648)
  ret i64 %v
}

define ptr @at_16mib_value() {
  ret ptr getelementptr (i8, ptr @d, i64 16777216)
}

define ptr @past_minus_2gib_value() {
  ret ptr getelementptr (i8, ptr @d, i64 -2147483649)
}

define i64 @sum_of_two_offsets() {
  %p = getelementptr i8, ptr getelementptr (i8, ptr @d, i64 16777200), i64 24
  %v = load i64, ptr %p
  ret i64 %v
}
