	.text
	.file	"relro.c"
	.type	x,@object
	.data
	.globl	x
	.p2align	2, 0x0
x:
	.long	1
	.size	x, 4
	.type	lx,@object
	.globl	lx
	.p2align	2, 0x0
lx:
.Llx$local:
	.long	2
	.size	lx, 4
	.type	s,@object
	.bss
	.globl	s
	.p2align	3, 0x0
s:
	.zero	32
	.size	s, 32
	.type	arr,@object
	.globl	arr
	.p2align	4, 0x0
arr:
	.zero	80
	.size	arr, 80
	.type	.L.str,@object
	.section	.rodata.str1.1,"aMS",@progbits,1
.L.str:
	.asciz	"abc"
	.size	.L.str, 4
	.type	p,@object
	.section	.data.rel.ro,"aw",@progbits
	.globl	p
	.p2align	3, 0x0
p:
	.quad	x
	.size	p, 8
	.type	pw,@object
	.data
	.globl	pw
	.p2align	3, 0x0
pw:
	.quad	x
	.size	pw, 8
	.type	pstr,@object
	.section	.data.rel.ro,"aw",@progbits
	.globl	pstr
	.p2align	3, 0x0
pstr:
	.quad	.L.str
	.size	pstr, 8
	.type	pgep,@object
	.globl	pgep
	.p2align	3, 0x0
pgep:
	.quad	s+24
	.size	pgep, 8
	.type	pgep2,@object
	.globl	pgep2
	.p2align	3, 0x0
pgep2:
	.quad	arr+24-5
	.size	pgep2, 8
	.type	pneg,@object
	.globl	pneg
	.p2align	3, 0x0
pneg:
	.quad	arr-8
	.size	pneg, 8
	.type	pext,@object
	.globl	pext
	.p2align	3, 0x0
pext:
	.quad	ext+16
	.size	pext, 8
	.type	pnull,@object
	.section	.rodata,"a",@progbits
	.globl	pnull
	.p2align	3, 0x0
pnull:
	.quad	0
	.size	pnull, 8
	.type	pint,@object
	.globl	pint
	.p2align	3, 0x0
pint:
	.quad	4096
	.size	pint, 8
	.type	pnullgep,@object
	.globl	pnullgep
	.p2align	3, 0x0
pnullgep:
	.quad	32
	.size	pnullgep, 8
	.type	asint,@object
	.section	.data.rel.ro,"aw",@progbits
	.globl	asint
	.p2align	3, 0x0
asint:
	.quad	x
	.size	asint, 8
	.type	asint32,@object
	.globl	asint32
	.p2align	2, 0x0
asint32:
	.long	x
	.size	asint32, 4
	.type	sum,@object
	.globl	sum
	.p2align	3, 0x0
sum:
	.quad	x+12
	.size	sum, 8
	.type	rel,@object
	.globl	rel
	.p2align	2, 0x0
rel:
	.long	x-rel
	.size	rel, 4
	.type	lrel,@object
	.section	.rodata,"a",@progbits
	.globl	lrel
	.p2align	2, 0x0
lrel:
.Llrel$local:
	.long	lx-lrel
	.size	lrel, 4
	.type	tbl.rel,@object
	.p2align	2, 0x0
tbl.rel:
	.long	.L.str-tbl.rel
	.long	.L.str-tbl.rel-3
	.size	tbl.rel, 8
	.type	relf,@object
	.section	.data.rel.ro,"aw",@progbits
	.globl	relf
	.p2align	2, 0x0
relf:
.Lrelf$local:
	.long	fn@PLT-relf
	.size	relf, 4
	.type	releq,@object
	.section	.rodata,"a",@progbits
	.globl	releq
	.p2align	2, 0x0
releq:
.Lreleq$local:
	.long	fn2@PLT-releq
	.size	releq, 4
	.type	fnptrs,@object
	.section	.data.rel.ro,"aw",@progbits
	.p2align	4, 0x0
fnptrs:
	.quad	fn
	.quad	fn2
	.quad	0
	.size	fnptrs, 24
	.type	mixed,@object
	.p2align	3, 0x0
mixed:
	.long	7
	.zero	4
	.quad	.L.str
	.ascii	"hi"
	.zero	6
	.quad	.L.str+2
	.size	mixed, 32
	.type	nocfi,@object
	.globl	nocfi
	.p2align	3, 0x0
nocfi:
	.quad	fn2
	.size	nocfi, 8
	.type	usesgot,@object
	.data
	.globl	usesgot
	.p2align	4, 0x0
usesgot:
	.quad	.Lgotequiv
	.quad	x
	.size	usesgot, 16
	.type	after,@object
	.globl	after
	.p2align	2, 0x0
after:
	.long	5
	.size	after, 4
	.type	.Lgotequiv,@object
	.section	.data.rel.ro,"aw",@progbits
	.p2align	3, 0x0
.Lgotequiv:
	.quad	x
	.size	.Lgotequiv, 8
	.section	".note.GNU-stack","",@progbits
