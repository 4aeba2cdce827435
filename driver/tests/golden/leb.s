	.text
f:	nop
.L1:	.zero 200
.L2:	jmp .L1
	jmp .L3
	.zero 100
.L3:	ret
	.section .rodata,"a",@progbits
	.uleb128 .L2-.L1
	.uleb128 .L3-f
	.sleb128 .L1-.L3
	.sleb128 -1, 63, 64, -64, -65, 127, 128
	.uleb128 0, 127, 128, 16383, 16384
	.uleb128 .Lx-.Ly
.Ly:	.zero 130
.Lx:
