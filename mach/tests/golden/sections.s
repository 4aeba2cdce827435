	.text
	.file	"sections.ll"
	.type	a,@object
	.section	foo,"aw",@progbits
	.globl	a
	.p2align	2, 0x0
a:
	.long	1
	.size	a, 4
	.type	b,@object
	.section	foo,"a",@progbits,unique,1
	.globl	b
	.p2align	2, 0x0
b:
	.long	2
	.size	b, 4
	.type	c,@object
	.section	bar,"a",@progbits
	.globl	c
	.p2align	2, 0x0
c:
	.long	3
	.size	c, 4
	.type	d,@object
	.section	baz,"aw",@progbits
	.globl	d
	.p2align	1, 0x0
d:
	.zero	16
	.size	d, 16
	.type	e,@object
	.globl	e
	.p2align	3, 0x0
e:
	.zero	16
	.size	e, 16
	.type	f,@object
	.section	.bss.mine,"aw",@nobits
	.globl	f
	.p2align	2, 0x0
f:
	.long	0
	.size	f, 4
	.type	g,@object
	.section	ptrs,"aw",@progbits
	.globl	g
	.p2align	3, 0x0
g:
	.quad	a
	.size	g, 8
	.type	h,@object
	.section	.note.mine,"aw",@note
	.globl	h
	.p2align	2, 0x0
h:
	.long	7
	.size	h, 4
	.type	k,@object
	.section	.data.x,"aw",@progbits
	.globl	k
	.p2align	4, 0x0
k:
	.long	8
	.size	k, 4
	.type	l,@object
	.section	"$weird.name","aw",@progbits
	.p2align	2, 0x0
l:
	.long	9
	.size	l, 4
	.type	m1,@object
	.section	mm,"aM",@progbits,4,unique,2
	.globl	m1
	.p2align	2, 0x0
m1:
	.long	1
	.size	m1, 4
	.type	m2,@object
	.section	mm,"aM",@progbits,8,unique,3
	.globl	m2
	.p2align	3, 0x0
m2:
	.quad	1
	.size	m2, 8
	.type	m3,@object
	.globl	m3
	.p2align	3, 0x0
m3:
	.quad	2
	.size	m3, 8
	.type	m4,@object
	.section	mm,"aw",@progbits
	.globl	m4
	.p2align	2, 0x0
m4:
	.long	1
	.size	m4, 4
	.type	x1,@object
	.section	.data,"a",@progbits,unique,4
	.globl	x1
	.p2align	2, 0x0
x1:
	.long	1
	.size	x1, 4
	.type	x2,@object
	.section	.rodata,"aw",@progbits,unique,5
	.globl	x2
	.p2align	2, 0x0
x2:
	.long	1
	.size	x2, 4
	.type	x3,@object
	.section	.rodata.str1.1,"a",@progbits,unique,6
	.globl	x3
	.p2align	2, 0x0
x3:
	.long	1
	.size	x3, 4
	.type	x4,@object
	.section	.rodata.cst4,"aM",@progbits,4
	.globl	x4
	.p2align	2, 0x0
x4:
	.long	1
	.size	x4, 4
	.type	x5,@object
	.section	.rodata.cst4,"a",@progbits,unique,7
	.globl	x5
	.p2align	2, 0x0
x5:
	.long	1
	.size	x5, 4
	.type	x6,@object
	.section	.debug_foo,"aw",@progbits
	.globl	x6
	.p2align	2, 0x0
x6:
	.long	1
	.size	x6, 4
	.type	x7,@object
	.section	.eh_frame,"aw",@progbits,unique,8
	.globl	x7
	.p2align	2, 0x0
x7:
	.long	1
	.size	x7, 4
	.type	.Lx8,@object
	.section	strs,"aMS",@progbits,1,unique,9
.Lx8:
	.asciz	"abc"
	.size	.Lx8, 4
	.type	r1,@object
	.section	kept,"awR",@progbits,unique,10
	.globl	r1
	.p2align	2, 0x0
r1:
	.long	1
	.size	r1, 4
	.type	r2,@object
	.section	kept,"awR",@progbits,unique,11
	.globl	r2
	.p2align	2, 0x0
r2:
	.long	2
	.size	r2, 4
	.section	".note.GNU-stack","",@progbits
