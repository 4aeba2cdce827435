	.text
	.file	"align.ll"
	.type	a1,@object
	.data
	.globl	a1
a1:
	.ascii	"0123456789abcdefghij"
	.size	a1, 20
	.type	a2,@object
	.globl	a2
	.p2align	2, 0x0
a2:
	.ascii	"0123456789abcdefghij"
	.size	a2, 20
	.type	a3,@object
	.globl	a3
	.p2align	5, 0x0
a3:
	.ascii	"0123456789abcdefghij"
	.size	a3, 20
	.type	a4,@object
	.globl	a4
	.p2align	3, 0x0
a4:
	.quad	1
	.quad	2
	.size	a4, 16
	.type	a5,@object
	.globl	a5
	.p2align	3, 0x0
a5:
	.quad	1
	.size	a5, 8
	.type	a6,@object
	.globl	a6
a6:
	.ascii	"0123456789abcdef"
	.size	a6, 16
	.type	a7,@object
	.globl	a7
	.p2align	4, 0x0
a7:
	.ascii	"0123456789abcdefg"
	.size	a7, 17
	.type	a8,@object
	.globl	a8
	.p2align	3, 0x0
a8:
	.byte	1
	.size	a8, 1
	.type	a9,@object
	.globl	a9
	.p2align	3, 0x0
a9:
	.byte	1
	.byte	2
	.size	a9, 2
	.type	a10,@object
	.globl	a10
	.p2align	2, 0x0
a10:
	.long	1
	.long	2
	.long	3
	.size	a10, 12
	.type	a11,@object
	.globl	a11
	.p2align	4, 0x0
a11:
	.long	1
	.long	2
	.long	3
	.long	4
	.long	5
	.size	a11, 20
	.type	a12,@object
	.globl	a12
	.p2align	4, 0x0
a12:
	.quad	1
	.quad	0
	.size	a12, 16
	.type	a13,@object
	.globl	a13
	.p2align	4, 0x0
a13:
	.quad	-9223372036854775808
	.short	16383
	.zero	6
	.size	a13, 16
	.type	a14,@object
	.globl	a14
	.p2align	6, 0x0
a14:
	.ascii	"ab"
	.size	a14, 2
	.type	a15,@object
	.globl	a15
a15:
	.byte	1
	.size	a15, 1
	.type	a16,@object
	.globl	a16
	.p2align	2, 0x0
a16:
	.byte	1
	.byte	2
	.byte	3
	.zero	1
	.size	a16, 4
	.type	a17,@object
	.bss
	.globl	a17
	.p2align	3, 0x0
a17:
	.quad	0
	.size	a17, 8
	.section	".note.GNU-stack","",@progbits
