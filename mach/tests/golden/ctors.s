	.text
	.file	"ctors.ll"
	.type	key,@object
	.section	.bss.key,"awG",@nobits,key,comdat
	.weak	key
	.p2align	2, 0x0
key:
	.long	0
	.size	key, 4
	.section	.init_array.100,"aw",@init_array
	.p2align	3, 0x0
	.quad	c3
	.section	.init_array.200,"aw",@init_array
	.p2align	3, 0x0
	.quad	c1
	.section	.init_array,"awG",@init_array,key,comdat
	.p2align	3, 0x0
	.quad	c2
	.section	.init_array,"aw",@init_array
	.p2align	3, 0x0
	.quad	c4
	.section	.fini_array.101,"aw",@fini_array
	.p2align	3, 0x0
	.quad	d2
	.section	.fini_array,"aw",@fini_array
	.p2align	3, 0x0
	.quad	d1
	.section	".note.GNU-stack","",@progbits
