	.text
	.file	"comdat.ll"
	.type	cd,@object
	.section	.data.cd,"awG",@progbits,cd,comdat
	.weak	cd
	.p2align	2, 0x0
cd:
	.long	1
	.size	cd, 4
	.type	in_grp1,@object
	.section	.data.in_grp1,"awG",@progbits,grp,comdat
	.weak	in_grp1
	.p2align	3, 0x0
in_grp1:
	.quad	2
	.size	in_grp1, 8
	.type	in_grp2,@object
	.section	.data.in_grp2,"awG",@progbits,grp,comdat
	.p2align	3, 0x0
in_grp2:
	.quad	3
	.size	in_grp2, 8
	.type	cz,@object
	.section	.bss.cz,"awG",@nobits,cz,comdat
	.weak	cz
	.p2align	4, 0x0
cz:
	.zero	16
	.size	cz, 16
	.type	cro,@object
	.section	.data.rel.ro.cro,"awG",@progbits,cro,comdat
	.weak	cro
	.p2align	3, 0x0
cro:
	.quad	cd
	.size	cro, 8
	.type	cstr,@object
	.section	.rodata.str1.1.cstr,"aMSG",@progbits,1,cstr,comdat
	.weak	cstr
cstr:
	.asciz	"ab"
	.size	cstr, 3
	.type	wk,@object
	.data
	.weak	wk
	.p2align	2, 0x0
wk:
	.long	1
	.size	wk, 4
	.type	wodr,@object
	.section	.rodata,"a",@progbits
	.weak	wodr
	.p2align	2, 0x0
wodr:
	.long	2
	.size	wodr, 4
	.type	lo,@object
	.data
	.weak	lo
	.p2align	2, 0x0
lo:
	.long	3
	.size	lo, 4
	.type	kept,@object
	.section	.data.kept,"awR",@progbits
	.p2align	2, 0x0
kept:
	.long	4
	.size	kept, 4
	.type	keptz,@object
	.section	.bss.keptz,"awR",@nobits
	.p2align	2, 0x0
keptz:
	.long	0
	.size	keptz, 4
	.type	keptc,@object
	.section	.rodata.str1.1.keptc,"aMSR",@progbits,1
keptc:
	.asciz	"ab"
	.size	keptc, 3
	.type	kept2,@object
	.section	.data.kept2,"awR",@progbits
	.globl	kept2
	.p2align	1, 0x0
kept2:
	.short	1
	.short	2
	.size	kept2, 4
	.type	cu,@object
	.data
	.p2align	2, 0x0
cu:
	.long	9
	.size	cu, 4
	.section	".note.GNU-stack","",@progbits
