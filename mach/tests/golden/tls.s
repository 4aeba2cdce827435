	.text
	.file	"tls.ll"
	.type	t,@object
	.section	.tdata,"awT",@progbits
	.globl	t
	.p2align	2, 0x0
t:
	.long	3
	.size	t, 4
	.type	tz,@object
	.section	.tbss,"awT",@nobits
	.globl	tz
	.p2align	2, 0x0
tz:
	.long	0
	.size	tz, 4
	.type	ti,@object
	.p2align	2, 0x0
ti:
	.long	0
	.size	ti, 4
	.type	tie,@object
	.section	.tdata,"awT",@progbits
	.globl	tie
	.p2align	4, 0x0
tie:
	.quad	1
	.quad	2
	.quad	3
	.quad	4
	.size	tie, 32
	.type	tle,@object
	.p2align	3, 0x0
tle:
	.quad	t
	.size	tle, 8
	.type	tld,@object
	.section	.tbss,"awT",@nobits
	.globl	tld
tld:
	.zero	20
	.size	tld, 20
	.type	tw,@object
	.section	.tdata,"awT",@progbits
	.weak	tw
	.p2align	2, 0x0
tw:
	.long	5
	.size	tw, 4
	.type	tsec,@object
	.section	.tdata.custom,"awT",@progbits
	.globl	tsec
	.p2align	2, 0x0
tsec:
	.long	1
	.size	tsec, 4
	.section	".note.GNU-stack","",@progbits
