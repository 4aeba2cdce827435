	.text
	.file	"visibility.c"
	.hidden	hid
	.type	hid,@object
	.data
	.globl	hid
	.p2align	2, 0x0
hid:
	.long	1
	.size	hid, 4
	.protected	prot
	.type	prot,@object
	.globl	prot
	.p2align	2, 0x0
prot:
	.long	2
	.size	prot, 4
	.hidden	hdecl
	.protected	pdecl
	.type	pew,@object
	.globl	pew
	.p2align	3, 0x0
pew:
	.quad	ew
	.size	pew, 8
	.type	lcl,@object
	.globl	lcl
	.p2align	2, 0x0
lcl:
.Llcl$local:
	.long	3
	.size	lcl, 4
	.type	lclc,@object
	.section	.rodata,"a",@progbits
	.globl	lclc
	.p2align	2, 0x0
lclc:
.Llclc$local:
	.long	1
	.long	2
	.size	lclc, 8
	.type	plcl,@object
	.data
	.globl	plcl
	.p2align	3, 0x0
plcl:
.Lplcl$local:
	.quad	lcl
	.size	plcl, 8
	.type	"quoted name",@object
	.globl	"quoted name"
	.p2align	2, 0x0
"quoted name":
	.long	4
	.size	"quoted name", 4
	.type	raw,@object
	.globl	raw
	.p2align	2, 0x0
raw:
	.long	5
	.size	raw, 4
	.type	pq,@object
	.globl	pq
	.p2align	4, 0x0
pq:
	.quad	"quoted name"
	.quad	raw
	.size	pq, 16
	.type	pfns,@object
	.globl	pfns
	.p2align	4, 0x0
pfns:
	.quad	hfn
	.quad	wfn
	.size	pfns, 16
	.hidden	hfn
	.weak	wfn
	.weak	ew
	.section	".note.GNU-stack","",@progbits
