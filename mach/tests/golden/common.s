	.text
	.file	"common.c"
	.type	com,@object
	.comm	com,4,4
	.type	combig,@object
	.comm	combig,100,16
	.type	comzero,@object
	.comm	comzero,1,1
	.type	icom,@object
	.local	icom
	.comm	icom,4,4
	.type	.Lpcom,@object
	.local	.Lpcom
	.comm	.Lpcom,6,2
	.type	izero,@object
	.local	izero
	.comm	izero,1,4
	.type	ext0,@object
	.bss
	.globl	ext0
	.p2align	3, 0x0
ext0:
	.quad	0
	.size	ext0, 8
	.type	weak0,@object
	.weak	weak0
	.p2align	3, 0x0
weak0:
	.quad	0
	.size	weak0, 8
	.type	u,@object
	.globl	u
	.p2align	2, 0x0
u:
	.zero	4
	.size	u, 4
	.type	mixed,@object
	.local	mixed
	.comm	mixed,4,4
	.type	mixarr,@object
	.globl	mixarr
	.p2align	2, 0x0
mixarr:
	.long	0
	.zero	4
	.zero	8
	.size	mixarr, 16
	.type	negzero,@object
	.data
	.globl	negzero
	.p2align	3, 0x0
negzero:
	.quad	-9223372036854775808
	.size	negzero, 8
	.type	poszero,@object
	.bss
	.globl	poszero
	.p2align	3, 0x0
poszero:
	.quad	0
	.size	poszero, 8
	.type	nullp,@object
	.local	nullp
	.comm	nullp,8,8
	.type	cz,@object
	.section	.rodata,"a",@progbits
	.globl	cz
	.p2align	2, 0x0
cz:
	.long	0
	.size	cz, 4
	.type	.Lczua,@object
	.section	.rodata.cst8,"aM",@progbits,8
	.p2align	2, 0x0
.Lczua:
	.zero	8
	.size	.Lczua, 8
	.type	secz,@object
	.section	mydata,"aw",@progbits
	.globl	secz
	.p2align	2, 0x0
secz:
	.long	0
	.size	secz, 4
	.type	bsssec,@object
	.section	.bss.named,"aw",@nobits
	.globl	bsssec
	.p2align	2, 0x0
bsssec:
	.long	0
	.size	bsssec, 4
	.hidden	hidcom
	.type	hidcom,@object
	.bss
	.globl	hidcom
	.p2align	2, 0x0
hidcom:
	.long	0
	.size	hidcom, 4
	.protected	protcom
	.type	protcom,@object
	.globl	protcom
protcom:
	.zero	8
	.size	protcom, 8
	.section	".note.GNU-stack","",@progbits
