; "probe-stack": llc-19's stack probes in the prologue. Up to 8 pages the
; probes are unrolled (a store after each page), larger frames use the
; loop on %r11, "stack-probe-size" changes the page, a realigned frame
; probes the realignment's page first, and a named probe is called with
; the size in %eax (and takes the red zone away). The checks are llc-19's
; output, CFI included (llc does not align the probe loop: its loop info
; does not know it; rcc's block placement may).
; RUN: rcc-par -O2 -relocation-model=pic %s -o - | FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"
declare void @use(ptr)
define void @small() #0 {
  %a = alloca [4000 x i8]
  call void @use(ptr %a)
  ret void
}
define void @mid() #0 {
  %a = alloca [10000 x i8]
  call void @use(ptr %a)
  ret void
}
define void @big() #0 {
  %a = alloca [100000 x i8]
  call void @use(ptr %a)
  ret void
}
define void @bigfp() #1 {
  %a = alloca [100000 x i8]
  call void @use(ptr %a)
  ret void
}
define void @leaf() #0 {
  %a = alloca [100000 x i8]
  store volatile i8 0, ptr %a
  ret void
}
define void @sz() #2 {
  %a = alloca [10000 x i8]
  call void @use(ptr %a)
  ret void
}
define void @call() #3 {
  %a = alloca [10000 x i8]
  call void @use(ptr %a)
  ret void
}
attributes #0 = { "probe-stack"="inline-asm" }
attributes #1 = { "probe-stack"="inline-asm" "frame-pointer"="all" }
attributes #2 = { "probe-stack"="inline-asm" "stack-probe-size"="1024" }
attributes #3 = { "probe-stack"="__rust_probestack" }
define void @realign() #0 {
  %a = alloca [100000 x i8], align 64
  call void @use(ptr %a)
  ret void
}
define void @realign2() #0 {
  %a = alloca [10000 x i8], align 64
  call void @use(ptr %a)
  ret void
}
define void @va(i32 %x, ...) #3 {
  %a = alloca [10000 x i8]
  call void @use(ptr %a)
  ret void
}
define void @leafcall() #3 {
  %a = alloca [10000 x i8]
  store volatile i8 0, ptr %a
  ret void
}
define void @csr(i64 %x) #0 {
  %a = alloca [100000 x i8]
  call void @use(ptr %a)
  %p = inttoptr i64 %x to ptr
  call void @use(ptr %p)
  ret void
}

; CHECK-LABEL: {{^}}small:
; CHECK-NEXT: .cfi_startproc
; CHECK-NEXT: subq $4008, %rsp
; CHECK-NEXT: .cfi_def_cfa_offset 4016
; CHECK-NEXT: leaq 8(%rsp), %rdi
; CHECK-NEXT: callq use@PLT
; CHECK-NEXT: addq $4008, %rsp
; CHECK-NEXT: .cfi_def_cfa_offset 8
; CHECK-NEXT: retq
; CHECK-LABEL: {{^}}mid:
; CHECK-NEXT: .cfi_startproc
; CHECK-NEXT: subq $4096, %rsp
; CHECK-NEXT: .cfi_adjust_cfa_offset 4096
; CHECK-NEXT: movq $0, (%rsp)
; CHECK-NEXT: subq $4096, %rsp
; CHECK-NEXT: .cfi_adjust_cfa_offset 4096
; CHECK-NEXT: movq $0, (%rsp)
; CHECK-NEXT: subq $1816, %rsp
; CHECK-NEXT: .cfi_def_cfa_offset 10016
; CHECK-NEXT: leaq 8(%rsp), %rdi
; CHECK-NEXT: callq use@PLT
; CHECK-NEXT: addq $10008, %rsp
; CHECK-NEXT: .cfi_def_cfa_offset 8
; CHECK-NEXT: retq
; CHECK-LABEL: {{^}}big:
; CHECK-NEXT: .cfi_startproc
; CHECK-NEXT: movq %rsp, %r11
; CHECK-NEXT: subq $98304, %r11
; CHECK-NEXT: .cfi_def_cfa_register %r11
; CHECK-NEXT: .cfi_adjust_cfa_offset 98304
; CHECK: {{^}}.LBB{{[0-9]+}}_1:
; CHECK-NEXT: subq $4096, %rsp
; CHECK-NEXT: movq $0, (%rsp)
; CHECK-NEXT: cmpq %r11, %rsp
; CHECK-NEXT: jne .LBB{{[0-9]+}}_1
; CHECK-NEXT: subq $1704, %rsp
; CHECK-NEXT: .cfi_def_cfa_register %rsp
; CHECK-NEXT: .cfi_def_cfa_offset 100016
; CHECK-NEXT: leaq 8(%rsp), %rdi
; CHECK-NEXT: callq use@PLT
; CHECK-NEXT: addq $100008, %rsp
; CHECK-NEXT: .cfi_def_cfa_offset 8
; CHECK-NEXT: retq
; CHECK-LABEL: {{^}}bigfp:
; CHECK-NEXT: .cfi_startproc
; CHECK-NEXT: pushq %rbp
; CHECK-NEXT: .cfi_def_cfa_offset 16
; CHECK-NEXT: .cfi_offset %rbp, -16
; CHECK-NEXT: movq %rsp, %rbp
; CHECK-NEXT: .cfi_def_cfa_register %rbp
; CHECK-NEXT: movq %rsp, %r11
; CHECK-NEXT: subq $98304, %r11
; CHECK: {{^}}.LBB{{[0-9]+}}_1:
; CHECK-NEXT: subq $4096, %rsp
; CHECK-NEXT: movq $0, (%rsp)
; CHECK-NEXT: cmpq %r11, %rsp
; CHECK-NEXT: jne .LBB{{[0-9]+}}_1
; CHECK-NEXT: subq $1696, %rsp
; CHECK-NEXT: leaq -100000(%rbp), %rdi
; CHECK-NEXT: callq use@PLT
; CHECK-NEXT: addq $100000, %rsp
; CHECK-NEXT: popq %rbp
; CHECK-NEXT: .cfi_def_cfa %rsp, 8
; CHECK-NEXT: retq
; CHECK-LABEL: {{^}}leaf:
; CHECK-NEXT: .cfi_startproc
; CHECK-NEXT: movq %rsp, %r11
; CHECK-NEXT: subq $98304, %r11
; CHECK-NEXT: .cfi_def_cfa_register %r11
; CHECK-NEXT: .cfi_adjust_cfa_offset 98304
; CHECK: {{^}}.LBB{{[0-9]+}}_1:
; CHECK-NEXT: subq $4096, %rsp
; CHECK-NEXT: movq $0, (%rsp)
; CHECK-NEXT: cmpq %r11, %rsp
; CHECK-NEXT: jne .LBB{{[0-9]+}}_1
; CHECK-NEXT: subq $1568, %rsp
; CHECK-NEXT: .cfi_def_cfa_register %rsp
; CHECK-NEXT: .cfi_def_cfa_offset 99880
; CHECK-NEXT: movb $0, -128(%rsp)
; CHECK-NEXT: addq $99872, %rsp
; CHECK-NEXT: .cfi_def_cfa_offset 8
; CHECK-NEXT: retq
; CHECK-LABEL: {{^}}sz:
; CHECK-NEXT: .cfi_startproc
; CHECK-NEXT: movq %rsp, %r11
; CHECK-NEXT: subq $9216, %r11
; CHECK-NEXT: .cfi_def_cfa_register %r11
; CHECK-NEXT: .cfi_adjust_cfa_offset 9216
; CHECK: {{^}}.LBB{{[0-9]+}}_1:
; CHECK-NEXT: subq $1024, %rsp
; CHECK-NEXT: movq $0, (%rsp)
; CHECK-NEXT: cmpq %r11, %rsp
; CHECK-NEXT: jne .LBB{{[0-9]+}}_1
; CHECK-NEXT: subq $792, %rsp
; CHECK-NEXT: .cfi_def_cfa_register %rsp
; CHECK-NEXT: .cfi_def_cfa_offset 10016
; CHECK-NEXT: leaq 8(%rsp), %rdi
; CHECK-NEXT: callq use@PLT
; CHECK-NEXT: addq $10008, %rsp
; CHECK-NEXT: .cfi_def_cfa_offset 8
; CHECK-NEXT: retq
; CHECK-LABEL: {{^}}call:
; CHECK-NEXT: .cfi_startproc
; CHECK-NEXT: movl $10008, %eax
; CHECK-NEXT: callq __rust_probestack
; CHECK-NEXT: subq %rax, %rsp
; CHECK-NEXT: .cfi_def_cfa_offset 10016
; CHECK-NEXT: leaq 8(%rsp), %rdi
; CHECK-NEXT: callq use@PLT
; CHECK-NEXT: addq $10008, %rsp
; CHECK-NEXT: .cfi_def_cfa_offset 8
; CHECK-NEXT: retq
; CHECK-LABEL: {{^}}realign:
; CHECK-NEXT: .cfi_startproc
; CHECK-NEXT: pushq %rbp
; CHECK-NEXT: .cfi_def_cfa_offset 16
; CHECK-NEXT: .cfi_offset %rbp, -16
; CHECK-NEXT: movq %rsp, %rbp
; CHECK-NEXT: .cfi_def_cfa_register %rbp
; CHECK-NEXT: andq $-64, %rsp
; CHECK-NEXT: subq $64, %rsp
; CHECK-NEXT: movq $0, (%rsp)
; CHECK-NEXT: movq %rsp, %r11
; CHECK-NEXT: subq $98304, %r11
; CHECK: {{^}}.LBB{{[0-9]+}}_1:
; CHECK-NEXT: subq $4096, %rsp
; CHECK-NEXT: movq $0, (%rsp)
; CHECK-NEXT: cmpq %r11, %rsp
; CHECK-NEXT: jne .LBB{{[0-9]+}}_1
; CHECK-NEXT: subq $1664, %rsp
; CHECK-NEXT: {{movq\s+%rsp|leaq\s+\(%rsp\)}}, %rdi
; CHECK-NEXT: callq use@PLT
; CHECK-NEXT: movq %rbp, %rsp
; CHECK-NEXT: popq %rbp
; CHECK-NEXT: .cfi_def_cfa %rsp, 8
; CHECK-NEXT: retq
; CHECK-LABEL: {{^}}realign2:
; CHECK-NEXT: .cfi_startproc
; CHECK-NEXT: pushq %rbp
; CHECK-NEXT: .cfi_def_cfa_offset 16
; CHECK-NEXT: .cfi_offset %rbp, -16
; CHECK-NEXT: movq %rsp, %rbp
; CHECK-NEXT: .cfi_def_cfa_register %rbp
; CHECK-NEXT: andq $-64, %rsp
; CHECK-NEXT: subq $4032, %rsp
; CHECK-NEXT: movq $0, (%rsp)
; CHECK-NEXT: subq $4096, %rsp
; CHECK-NEXT: movq $0, (%rsp)
; CHECK-NEXT: subq $1920, %rsp
; CHECK-NEXT: {{movq\s+%rsp|leaq\s+\(%rsp\)}}, %rdi
; CHECK-NEXT: callq use@PLT
; CHECK-NEXT: movq %rbp, %rsp
; CHECK-NEXT: popq %rbp
; CHECK-NEXT: .cfi_def_cfa %rsp, 8
; CHECK-NEXT: retq
; CHECK-LABEL: {{^}}va:
; CHECK-NEXT: .cfi_startproc
; CHECK-NEXT: movl $10008, %eax
; CHECK-NEXT: callq __rust_probestack
; CHECK-NEXT: subq %rax, %rsp
; CHECK-NEXT: .cfi_def_cfa_offset 10016
; CHECK-NEXT: leaq 8(%rsp), %rdi
; CHECK-NEXT: callq use@PLT
; CHECK-NEXT: addq $10008, %rsp
; CHECK-NEXT: .cfi_def_cfa_offset 8
; CHECK-NEXT: retq
; CHECK-LABEL: {{^}}leafcall:
; CHECK-NEXT: .cfi_startproc
; CHECK-NEXT: movl $10000, %eax
; CHECK-NEXT: callq __rust_probestack
; CHECK-NEXT: subq %rax, %rsp
; CHECK-NEXT: .cfi_def_cfa_offset 10008
; CHECK-NEXT: movb $0, (%rsp)
; CHECK-NEXT: addq $10000, %rsp
; CHECK-NEXT: .cfi_def_cfa_offset 8
; CHECK-NEXT: retq
; CHECK-LABEL: {{^}}csr:
; CHECK-NEXT: .cfi_startproc
; CHECK-NEXT: pushq %rbx
; CHECK-NEXT: .cfi_def_cfa_offset 16
; CHECK-NEXT: movq %rsp, %r11
; CHECK-NEXT: subq $98304, %r11
; CHECK-NEXT: .cfi_def_cfa_register %r11
; CHECK-NEXT: .cfi_adjust_cfa_offset 98304
; CHECK: {{^}}.LBB{{[0-9]+}}_1:
; CHECK-NEXT: subq $4096, %rsp
; CHECK-NEXT: movq $0, (%rsp)
; CHECK-NEXT: cmpq %r11, %rsp
; CHECK-NEXT: jne .LBB{{[0-9]+}}_1
; CHECK-NEXT: subq $1696, %rsp
; CHECK-NEXT: .cfi_def_cfa_register %rsp
; CHECK-NEXT: .cfi_def_cfa_offset 100016
; CHECK-NEXT: .cfi_offset %rbx, -16
; CHECK-NEXT: movq %rdi, %rbx
; CHECK-NEXT: {{movq\s+%rsp|leaq\s+\(%rsp\)}}, %rdi
; CHECK-NEXT: callq use@PLT
; CHECK-NEXT: movq %rbx, %rdi
; CHECK-NEXT: callq use@PLT
; CHECK-NEXT: addq $100000, %rsp
; CHECK-NEXT: .cfi_def_cfa_offset 16
; CHECK-NEXT: popq %rbx
; CHECK-NEXT: .cfi_def_cfa_offset 8
; CHECK-NEXT: retq
