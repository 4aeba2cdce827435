	.text
	.file	"hello.c"
	.globl	main
	.p2align	4, 0x90
	.type	main,@function
main:
	.cfi_startproc
	pushq	%r14
	.cfi_def_cfa_offset 16
	pushq	%rbx
	.cfi_def_cfa_offset 24
	pushq	%rax
	.cfi_def_cfa_offset 32
	.cfi_offset %rbx, -24
	.cfi_offset %r14, -16
	movl	%edi, %ebx
	addl	$10, %ebx
	movl	$0, %r14d
	testl	%ebx, %ebx
	jne	.LBB0_2
.LBB0_1:
	movl	$0, %eax
	addq	$8, %rsp
	.cfi_def_cfa_offset 24
	popq	%rbx
	.cfi_def_cfa_offset 16
	popq	%r14
	.cfi_def_cfa_offset 8
	retq
.LBB0_2:
	.cfi_def_cfa_offset 32
	movl	%r14d, %edi
	callq	fib
	movl	%eax, %edx
	leaq	.L.str(%rip), %rdi
	movl	%r14d, %esi
	movb	$0, %al
	callq	printf@PLT
	addl	$1, %r14d
	cmpl	%ebx, %r14d
	je	.LBB0_1
	jmp	.LBB0_2
	.cfi_endproc
.Lfunc_end0:
	.size	main, .Lfunc_end0-main
	.p2align	4, 0x90
	.type	fib,@function
fib:
	.cfi_startproc
	pushq	%r14
	.cfi_def_cfa_offset 16
	pushq	%rbx
	.cfi_def_cfa_offset 24
	pushq	%rax
	.cfi_def_cfa_offset 32
	.cfi_offset %rbx, -24
	.cfi_offset %r14, -16
	movl	%edi, %ebx
	movl	$0, %r14d
	cmpl	$2, %ebx
	movl	$0, %eax
	jb	.LBB1_2
.LBB1_1:
	movl	%ebx, %edi
	addl	$-1, %edi
	callq	fib
	addl	%r14d, %eax
	addl	$-2, %ebx
	cmpl	$2, %ebx
	movl	%eax, %r14d
	jae	.LBB1_1
.LBB1_2:
	addl	%eax, %ebx
	movl	%ebx, %eax
	addq	$8, %rsp
	.cfi_def_cfa_offset 24
	popq	%rbx
	.cfi_def_cfa_offset 16
	popq	%r14
	.cfi_def_cfa_offset 8
	retq
	.cfi_endproc
.Lfunc_end1:
	.size	fib, .Lfunc_end1-fib
	.type	.L.str,@object
	.section	.rodata.str1.1,"aMS",@progbits,1
.L.str:
	.asciz	"fib(%u) = %u\n"
	.size	.L.str, 14
	.ident	"Debian clang version 19.1.7 (3~deb12u1)"
	.section	".note.GNU-stack","",@progbits
