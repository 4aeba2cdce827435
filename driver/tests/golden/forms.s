addl $1, %eax
movq 8(%rax,%rcx,4), %rdx
movb %al, -8(%rsp)
leaq foo(%rip), %rax
movzbl (%rax), %eax
movslq %eax, %rcx
cltq
callq *%rax
jmpq *8(%rax)
jmp foo
je foo
fldt 8(%rsp)
faddp %st, %st(1)
fadd %st(1), %st
movsb
rep stosq
movq %fs:0x28, %rax
movl 0x1234, %eax
cvtsi2sdl (%rax), %xmm0
movaps (%rax), %xmm1
vmovaps 32(%rax), %ymm1
shll %cl, %eax
shll %eax
imull $7, %eax, %ecx
movabsl 0x1122, %eax
cmpeqps %xmm1, %xmm0
setne %al
cmovel %ecx, %eax
fildll (%rax)
fnstcw (%rax)
movq %xmm0, %rax
xchgl %eax, %ecx
pushq $5
movl -4(%rbp), %eax
movl (,%rax,8), %eax
retq
ret $8
movsd (%rax), %xmm0
nopw (%rax,%rax)
lock addl %eax, (%rcx)
