	.text
	.file	"aliases.ll"
	.type	i,@object
	.data
	.globl	i
	.p2align	4, 0x0
i:
	.long	1
	.long	2
	.long	3
	.long	4
	.size	i, 16
	.type	.Lpriv,@object
	.p2align	3, 0x0
.Lpriv:
	.quad	7
	.size	.Lpriv, 8
	.type	usesal,@object
	.globl	usesal
	.p2align	3, 0x0
usesal:
	.quad	.Lpal
	.size	usesal, 8
	.type	usesa1,@object
	.globl	usesa1
	.p2align	4, 0x0
usesa1:
	.quad	a1
	.quad	wal
	.quad	ial
	.size	usesa1, 24
	.type	reltoal,@object
	.section	.data.rel.ro,"aw",@progbits
	.globl	reltoal
	.p2align	2, 0x0
reltoal:
	.long	a1-reltoal
	.size	reltoal, 4
	.globl	a1
.set a1, i
	.globl	a2
.set a2, a1
	.globl	hid
	.hidden	hid
.set hid, i
	.globl	prot
	.protected	prot
.set prot, i
	.weak	wal
.set wal, i+4
	.weak	wodr
.set wodr, i+8
.set ial, i
.set .Lpal, i
	.globl	topriv
.set topriv, .Lpriv
	.size	topriv, 8
	.section	".note.GNU-stack","",@progbits
