; -fcf-protection=full (the module flags cf-protection-branch and
; cf-protection-return): llc-19's .note.gnu.property (IBT and SHSTK bits)
; and endbr64 placement (x86-indirect-branch-tracking): at the entry of
; external and address-taken functions but not nocf_check ones, after a
; returns_twice call, at a blockaddress target; jump tables are reached by
; a notrack jump and their targets get none.
; RUN: rcc-par -O2 -relocation-model=pic %s -o - | FileCheck %s
; RUN: rcc-par -O0 -relocation-model=pic %s -o - | FileCheck %s --check-prefix=O0

target triple = "x86_64-unknown-linux-gnu"
@fp = global ptr @internal_taken
declare void @ext()
declare i32 @setjmp(ptr) returns_twice
define void @pub() {
  ret void
}
define internal void @internal_taken() {
  ret void
}
define internal void @internal_notaken() {
  ret void
}
define void @caller(ptr %b) {
  call void @internal_notaken()
  %r = call i32 @setjmp(ptr %b)
  call void @ext()
  ret void
}
define void @nocf() nocf_check {
  ret void
}
define i32 @sw(i32 %x) {
  switch i32 %x, label %d [ i32 0, label %a  i32 1, label %b  i32 2, label %c  i32 3, label %e i32 4, label %f ]
a: ret i32 1
b: ret i32 7
c: ret i32 3
e: ret i32 9
f: ret i32 11
d: ret i32 0
}
define ptr @ba() {
  br label %l
l:
  ret ptr blockaddress(@ba, %l)
}
; A block whose address a global initializer takes.
@tbl = internal global [1 x ptr] [ptr blockaddress(@gb, %t)]
define internal i32 @gb(i32 %x) {
  %p = load ptr, ptr @tbl
  indirectbr ptr %p, [label %t]
t:
  ret i32 %x
}
define i32 @use_gb() {
  %r = call i32 @gb(i32 3)
  ret i32 %r
}

!llvm.module.flags = !{!0, !1}
!0 = !{i32 8, !"cf-protection-branch", i32 1}
!1 = !{i32 8, !"cf-protection-return", i32 1}

; CHECK: .section .note.gnu.property,"a",@note
; CHECK-NEXT: .p2align 3, 0x0
; CHECK-NEXT: .long 4
; CHECK-NEXT: .long 16
; CHECK-NEXT: .long 5
; CHECK-NEXT: .asciz "GNU"
; CHECK-NEXT: .long 3221225474
; CHECK-NEXT: .long 4
; CHECK-NEXT: .long 3
; CHECK-NEXT: .p2align 3, 0x0
; CHECK-NEXT: .text
; CHECK-NEXT: .file
; CHECK-LABEL: {{^}}pub:
; CHECK-NEXT: .cfi_startproc
; CHECK-NEXT: endbr64
; CHECK-NEXT: retq
; CHECK-LABEL: {{^}}internal_taken:
; CHECK-NEXT: .cfi_startproc
; CHECK-NEXT: endbr64
; CHECK-NEXT: retq
; CHECK-LABEL: {{^}}internal_notaken:
; CHECK-NEXT: .cfi_startproc
; CHECK-NEXT: retq
; CHECK-LABEL: {{^}}caller:
; CHECK-NEXT: .cfi_startproc
; CHECK-NEXT: endbr64
; CHECK-NEXT: pushq %rbx
; CHECK: callq internal_notaken
; CHECK-NEXT: movq %rbx, %rdi
; CHECK-NEXT: callq setjmp@PLT
; CHECK-NEXT: endbr64
; CHECK-NEXT: callq ext@PLT
; CHECK-LABEL: {{^}}nocf:
; CHECK-NEXT: .cfi_startproc
; CHECK-NEXT: retq
; CHECK-LABEL: {{^}}sw:
; CHECK-NEXT: .cfi_startproc
; CHECK-NEXT: endbr64
; CHECK: notrack jmpq *%rax
; CHECK-NOT: endbr64
; CHECK-LABEL: {{^}}ba:
; CHECK-NEXT: .cfi_startproc
; CHECK-NEXT: endbr64
; CHECK-NEXT: {{^}}.L{{.*}}:
; CHECK-NEXT: endbr64
; CHECK-NEXT: leaq .L{{.*}}(%rip), %rax
; CHECK-NEXT: retq

; O0-LABEL: {{^}}caller:
; O0: endbr64
; O0: callq setjmp@PLT
; O0-NEXT: endbr64
; O0-LABEL: {{^}}nocf:
; O0-NEXT: .cfi_startproc
; O0-NEXT: retq
; O0-LABEL: {{^}}sw:
; O0-NEXT: .cfi_startproc
; O0-NEXT: endbr64
; O0: notrack jmpq *%r{{[a-z0-9]+}}

; CHECK-LABEL: {{^}}gb:
; CHECK-NEXT: .cfi_startproc
; CHECK-NOT: endbr64
; CHECK: jmpq *
; CHECK-NEXT: {{^}}.L{{.*}}:
; CHECK-NEXT: endbr64
; CHECK-NEXT: movl %edi, %eax
