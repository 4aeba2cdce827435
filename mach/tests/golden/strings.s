	.text
	.file	"strings.c"
	.type	.L.str,@object
	.section	.rodata.str1.1,"aMS",@progbits,1
.L.str:
	.asciz	"hello"
	.size	.L.str, 6
	.type	.L.str.1,@object
.L.str.1:
	.asciz	"a\n"
	.size	.L.str.1, 3
	.type	.Linterior,@object
	.section	.rodata,"a",@progbits
.Linterior:
	.asciz	"he\000lo"
	.size	.Linterior, 6
	.type	unterminated,@object
unterminated:
	.ascii	"hello"
	.size	unterminated, 5
	.type	wide16,@object
	.section	.rodata.str2.2,"aMS",@progbits,2
	.globl	wide16
	.p2align	1, 0x0
wide16:
	.short	104
	.short	105
	.short	0
	.size	wide16, 6
	.type	wide32,@object
	.section	.rodata.str4.4,"aMS",@progbits,4
	.globl	wide32
	.p2align	2, 0x0
wide32:
	.long	104
	.long	105
	.long	0
	.size	wide32, 12
	.type	.Laligned16,@object
	.section	.rodata.str1.16,"aMS",@progbits,1
	.p2align	4, 0x0
.Laligned16:
	.asciz	"hello"
	.size	.Laligned16, 6
	.type	.Laligned4,@object
	.section	.rodata.str1.4,"aMS",@progbits,1
	.p2align	2, 0x0
.Laligned4:
	.asciz	"world"
	.size	.Laligned4, 6
	.type	.Llong,@object
	.section	.rodata.str1.16,"aMS",@progbits,1
	.p2align	4, 0x0
.Llong:
	.asciz	"hellohellohellohellohellohell"
	.size	.Llong, 30
	.type	.Lempty,@object
	.section	.rodata.str1.1,"aMS",@progbits,1
.Lempty:
	.zero	1
	.size	.Lempty, 1
	.type	.Ltwonul,@object
	.section	.rodata,"a",@progbits
.Ltwonul:
	.zero	2
	.size	.Ltwonul, 2
	.type	.Llocalua,@object
.Llocalua:
	.asciz	"abc"
	.size	.Llocalua, 4
	.type	.Lnamed,@object
.Lnamed:
	.asciz	"abc"
	.size	.Lnamed, 4
	.type	.Lbytes,@object
	.section	.rodata.str1.1,"aMS",@progbits,1
.Lbytes:
	.asciz	"xyz"
	.size	.Lbytes, 4
	.type	.Lwithundef,@object
	.section	.rodata,"a",@progbits
.Lwithundef:
	.byte	120
	.zero	1
	.byte	0
	.size	.Lwithundef, 3
	.type	repeated,@object
repeated:
	.zero	40,120
	.size	repeated, 40
	.type	.Lesc,@object
	.section	.rodata.str1.1,"aMS",@progbits,1
.Lesc:
	.asciz	"\"\\\t\377\001"
	.size	.Lesc, 6
	.type	.Lsec,@object
.Lsec:
	.asciz	"abc"
	.size	.Lsec, 4
	.ident	"rcc test strings"
	.ident	"rcc test strings"
	.section	".note.GNU-stack","",@progbits
