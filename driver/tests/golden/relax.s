	.text
	.globl	g
f:
	jmp	.Lfar
	jne	.Lnear
	.zero	120, 0x90
.Lnear:
	je	.Lfar
	.p2align	4, 0x90
	.zero	7, 0x90
.Lfar:
	jmp	f
	jmp	g
	addl	$(.Lfar-.Lnear), %eax
	addq	$ext, %rax
	.zero	130, 0x90
g:
	jmp	.Lnear
	callq	ext@PLT
	movq	ext@GOTPCREL(%rip), %rax
	retq
