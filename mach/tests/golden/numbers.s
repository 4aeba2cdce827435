	.text
	.file	"numbers.ll"
	.type	i1,@object
	.data
	.globl	i1
i1:
	.byte	1
	.size	i1, 1
	.type	i7,@object
	.globl	i7
i7:
	.byte	127
	.size	i7, 1
	.type	i24,@object
	.globl	i24
	.p2align	2, 0x0
i24:
	.short	13398
	.byte	18
	.zero	1
	.size	i24, 4
	.type	i48,@object
	.globl	i48
	.p2align	3, 0x0
i48:
	.long	4294967294
	.short	65535
	.zero	2
	.size	i48, 8
	.type	i96,@object
	.globl	i96
	.p2align	4, 0x0
i96:
	.quad	-1
	.long	4294967295
	.zero	4
	.size	i96, 16
	.type	i128,@object
	.globl	i128
	.p2align	4, 0x0
i128:
	.quad	-3
	.quad	-1
	.size	i128, 16
	.type	i200,@object
	.globl	i200
	.p2align	4, 0x0
i200:
	.quad	-6134004772338302699
	.quad	6692605942763486917
	.quad	0
	.byte	0
	.zero	7
	.size	i200, 32
	.type	h,@object
	.globl	h
	.p2align	1, 0x0
h:
	.short	15360
	.size	h, 2
	.type	bf,@object
	.globl	bf
	.p2align	1, 0x0
bf:
	.short	16256
	.size	bf, 2
	.type	f,@object
	.globl	f
	.p2align	2, 0x0
f:
	.long	1075838976
	.size	f, 4
	.type	d,@object
	.globl	d
	.p2align	3, 0x0
d:
	.quad	-4613937818241073152
	.size	d, 8
	.type	ld,@object
	.globl	ld
	.p2align	4, 0x0
ld:
	.quad	-4611686018427387904
	.short	16384
	.zero	6
	.size	ld, 16
	.type	q,@object
	.globl	q
	.p2align	4, 0x0
q:
	.quad	0
	.quad	4611686018427387904
	.size	q, 16
	.type	v4,@object
	.globl	v4
	.p2align	4, 0x0
v4:
	.long	1
	.long	2
	.long	3
	.long	4
	.size	v4, 16
	.type	v3f,@object
	.globl	v3f
	.p2align	4, 0x0
v3f:
	.long	1065353216
	.long	1073741824
	.long	1077936128
	.zero	4
	.size	v3f, 16
	.type	v8i1,@object
	.globl	v8i1
v8i1:
	.byte	141
	.size	v8i1, 1
	.type	v3i24,@object
	.globl	v3i24
	.p2align	4, 0x0
v3i24:
	.quad	72339068997861377
	.byte	0
	.zero	7
	.size	v3i24, 16
	.type	v2ld,@object
	.globl	v2ld
	.p2align	5, 0x0
v2ld:
	.quad	-9223372036854775808
	.quad	16383
	.long	3221258240
	.zero	12
	.size	v2ld, 32
	.type	vsplat,@object
	.globl	vsplat
	.p2align	3, 0x0
vsplat:
	.short	7
	.short	7
	.short	7
	.short	7
	.size	vsplat, 8
	.type	st,@object
	.globl	st
	.p2align	2, 0x0
st:
	.byte	1
	.zero	3
	.long	2
	.byte	3
	.zero	3
	.size	st, 12
	.type	pk,@object
	.globl	pk
pk:
	.byte	1
	.long	2
	.byte	3
	.size	pk, 6
	.type	pkn,@object
	.globl	pkn
	.p2align	3, 0x0
pkn:
	.byte	1
	.long	2
	.byte	3
	.size	pkn, 6
	.type	nested,@object
	.globl	nested
	.p2align	4, 0x0
nested:
	.byte	9
	.zero	3
	.long	8
	.byte	7
	.zero	3
	.byte	1
	.long	4294967295
	.byte	2
	.zero	6
	.quad	4614500768194494464
	.short	65534
	.zero	6
	.size	nested, 40
	.type	withundef,@object
	.globl	withundef
	.p2align	4, 0x0
withundef:
	.zero	4
	.zero	4
	.quad	5
	.zero	1
	.zero	7
	.size	withundef, 24
	.type	arrs,@object
	.globl	arrs
	.p2align	1, 0x0
arrs:
	.short	1
	.short	2
	.short	3
	.short	65535
	.short	0
	.short	7
	.size	arrs, 12
	.type	rep,@object
	.globl	rep
	.p2align	4, 0x0
rep:
	.zero	256,255
	.size	rep, 256
	.type	dbl,@object
	.section	.rodata,"a",@progbits
	.globl	dbl
	.p2align	4, 0x0
dbl:
	.quad	4607182418800017408
	.quad	0
	.quad	-9223372036854775808
	.size	dbl, 24
	.type	ldarr,@object
	.data
	.globl	ldarr
	.p2align	4, 0x0
ldarr:
	.quad	-9223372036854775808
	.short	16383
	.zero	6
	.quad	0
	.short	0
	.zero	6
	.size	ldarr, 32
	.type	ptrarr,@object
	.globl	ptrarr
	.p2align	3, 0x0
ptrarr:
	.quad	i1
	.quad	0
	.size	ptrarr, 16
	.type	cexpr,@object
	.globl	cexpr
	.p2align	3, 0x0
cexpr:
	.quad	42
	.size	cexpr, 8
	.type	bc,@object
	.globl	bc
	.p2align	3, 0x0
bc:
	.quad	4607182418800017408
	.size	bc, 8
	.type	.Lc4,@object
	.section	.rodata.cst4,"aM",@progbits,4
	.p2align	2, 0x0
.Lc4:
	.long	5
	.size	.Lc4, 4
	.type	.Lc8,@object
	.section	.rodata.cst8,"aM",@progbits,8
	.p2align	2, 0x0
.Lc8:
	.long	1
	.long	2
	.size	.Lc8, 8
	.type	.Lc16,@object
	.section	.rodata.cst16,"aM",@progbits,16
	.p2align	4, 0x0
.Lc16:
	.long	1065353216
	.long	1073741824
	.long	1077936128
	.long	1082130432
	.size	.Lc16, 16
	.type	.Lc32,@object
	.section	.rodata.cst32,"aM",@progbits,32
	.p2align	4, 0x0
.Lc32:
	.long	1
	.long	2
	.long	3
	.long	4
	.long	1
	.long	2
	.long	3
	.long	4
	.size	.Lc32, 32
	.type	.Lc12,@object
	.section	.rodata,"a",@progbits
	.p2align	2, 0x0
.Lc12:
	.long	1
	.long	2
	.long	3
	.size	.Lc12, 12
	.type	.Lcld,@object
	.section	.rodata.cst16,"aM",@progbits,16
	.p2align	4, 0x0
.Lcld:
	.quad	-4611686018427387904
	.short	16384
	.zero	6
	.size	.Lcld, 16
	.section	".note.GNU-stack","",@progbits
