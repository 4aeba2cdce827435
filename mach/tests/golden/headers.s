	.text
	.file	"headers.c"
	.globl	plain
	.p2align	4, 0x90
	.type	plain,@function
plain:
	retq
.Lfunc_end0:
	.size	plain, .Lfunc_end0-plain
	.p2align	4, 0x90
	.type	internal,@function
internal:
	retq
.Lfunc_end1:
	.size	internal, .Lfunc_end1-internal
	.hidden	hidden
	.globl	hidden
	.p2align	4, 0x90
	.type	hidden,@function
hidden:
	retq
.Lfunc_end2:
	.size	hidden, .Lfunc_end2-hidden
	.protected	protected
	.globl	protected
	.p2align	4, 0x90
	.type	protected,@function
protected:
	retq
.Lfunc_end3:
	.size	protected, .Lfunc_end3-protected
	.weak	weak
	.p2align	4, 0x90
	.type	weak,@function
weak:
	retq
.Lfunc_end4:
	.size	weak, .Lfunc_end4-weak
	.weak	weak_odr
	.p2align	4, 0x90
	.type	weak_odr,@function
weak_odr:
	retq
.Lfunc_end5:
	.size	weak_odr, .Lfunc_end5-weak_odr
	.section	.text.cf,"axG",@progbits,cf,comdat
	.weak	cf
	.p2align	4, 0x90
	.type	cf,@function
cf:
	retq
.Lfunc_end6:
	.size	cf, .Lfunc_end6-cf
	.section	foo,"ax",@progbits
	.globl	insec
	.p2align	4, 0x90
	.type	insec,@function
insec:
	retq
.Lfunc_end7:
	.size	insec, .Lfunc_end7-insec
	.section	bar,"ax",@progbits
	.globl	insec2
	.p2align	1, 0x90
	.type	insec2,@function
insec2:
	retq
.Lfunc_end8:
	.size	insec2, .Lfunc_end8-insec2
	.text
	.globl	align64
	.p2align	6, 0x90
	.type	align64,@function
align64:
	retq
.Lfunc_end9:
	.size	align64, .Lfunc_end9-align64
	.globl	small
	.type	small,@function
small:
	retq
.Lfunc_end10:
	.size	small, .Lfunc_end10-small
	.globl	small8
	.p2align	3, 0x90
	.type	small8,@function
small8:
	retq
.Lfunc_end11:
	.size	small8, .Lfunc_end11-small8
	.globl	local
	.p2align	4, 0x90
	.type	local,@function
local:
.Llocal$local:
	.type	.Llocal$local,@function
	retq
.Lfunc_end12:
	.size	local, .Lfunc_end12-local
	.size	.Llocal$local, .Lfunc_end12-local
	.section	.text.unlikely.,"ax",@progbits
	.globl	cold
	.p2align	4, 0x90
	.type	cold,@function
cold:
	retq
.Lfunc_end13:
	.size	cold, .Lfunc_end13-cold
	.section	.text.hot.,"ax",@progbits
	.globl	hot
	.p2align	4, 0x90
	.type	hot,@function
hot:
	retq
.Lfunc_end14:
	.size	hot, .Lfunc_end14-hot
	.section	.text.kept,"axR",@progbits
	.globl	kept
	.p2align	4, 0x90
	.type	kept,@function
kept:
	retq
.Lfunc_end15:
	.size	kept, .Lfunc_end15-kept
	.text
	.globl	prefixed
	.p2align	4, 0x90
	.type	prefixed,@function
	.long	305419896
prefixed:
	retq
.Lfunc_end16:
	.size	prefixed, .Lfunc_end16-prefixed
	.p2align	4, 0x90
	.type	.Lpriv,@function
.Lpriv:
	retq
.Lfunc_end17:
	.size	.Lpriv, .Lfunc_end17-.Lpriv
	.type	data,@object
	.section	foo,"aw",@progbits,unique,1
	.globl	data
	.p2align	2, 0x0
data:
	.long	1
	.size	data, 4
	.type	fp,@object
	.data
	.globl	fp
	.p2align	3, 0x0
fp:
	.quad	internal
	.size	fp, 8
	.type	pp,@object
	.globl	pp
	.p2align	3, 0x0
pp:
	.quad	.Lpriv
	.size	pp, 8
	.section	".note.GNU-stack","",@progbits
