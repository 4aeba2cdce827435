; Inline asm in LLVM IR spellings that C cannot write: explicit fixed
; registers ({rdi}, ={eax}, ={rdx}), ${N:mod} templates with $( $| $)
; dialect groups, ${:uid} labels, elementtype memory operands, an asm
; without sideeffect and one with alignstack, a struct of outputs, and
; module-level asm defining a function and data. main prints each result.
module asm "\09.text"
module asm "\09.globl\09ir_twice"
module asm "\09.type\09ir_twice,@function"
module asm "ir_twice:"
module asm "\09leaq\09(%rdi,%rdi), %rax"
module asm "\09retq"
module asm "\09.size\09ir_twice, .-ir_twice"
module asm "\09.data"
module asm "\09.globl\09ir_word"
module asm "ir_word:\09.long\090x5a5a"

@.fmt = private unnamed_addr constant [5 x i8] c"%lx\0A\00"
@ir_word = external global i32
@cell = dso_local global i64 100
declare i32 @printf(ptr, ...)
declare i64 @ir_twice(i64)

define internal void @show(i64 %v) noinline {
  %r = call i32 (ptr, ...) @printf(ptr @.fmt, i64 %v)
  ret void
}

define internal i32 @fixed(i32 %a, i64 %b) noinline {
  %r = call i32 asm "leal 7(${1:q},$2), $0", "={eax},{ecx},{rdi},~{dirflag},~{fpsr},~{flags}"(i32 %a, i64 %b)
  ret i32 %r
}

define internal i64 @mods(i64 %a) noinline {
  %r = call i64 asm "$(movl ${1:k}, ${0:k}$|mov ${0:k}, ${1:k}$)\0A\09shlq $$3, ${0:q}", "=&r,r,~{dirflag},~{fpsr},~{flags}"(i64 %a)
  ret i64 %r
}

define internal i64 @divide(i64 %hi, i64 %lo, i64 %d) noinline {
  %s = call { i64, i64 } asm "divq $4", "={rax},={rdx},0,1,r,~{dirflag},~{fpsr},~{flags}"(i64 %lo, i64 %hi, i64 %d)
  %q = extractvalue { i64, i64 } %s, 0
  %r = extractvalue { i64, i64 } %s, 1
  %x = mul i64 %q, 1000
  %y = add i64 %x, %r
  ret i64 %y
}

define internal i32 @labels(i32 %a) noinline {
  %r = call i32 asm "movl $1, $0\0A\09testl $0, $0\0A\09jns .Lpos${:uid}\0A\09negl $0\0A.Lpos${:uid}:", "=r,r,~{dirflag},~{fpsr},~{flags}"(i32 %a)
  ret i32 %r
}

define internal void @memory(ptr %p) noinline {
  call void asm sideeffect alignstack "addq $$5, $0\0A\09addq $$6, $1", "=*m,*m,~{memory},~{dirflag},~{fpsr},~{flags}"(ptr elementtype(i64) %p, ptr elementtype(i64) @cell)
  ret void
}

define internal i8 @bytes(i8 %a, i16 %b) noinline {
  %r = call i8 asm "addb ${2:b}, $0", "=q,0,r,~{dirflag},~{fpsr},~{flags}"(i8 %a, i16 %b)
  ret i8 %r
}

define i32 @main() {
  %slot = alloca i64
  store i64 1, ptr %slot
  %a = call i64 @ir_twice(i64 21)
  call void @show(i64 %a)
  %w = load i32, ptr @ir_word
  %w64 = zext i32 %w to i64
  call void @show(i64 %w64)
  %f = call i32 @fixed(i32 10, i64 20)
  %f64 = zext i32 %f to i64
  call void @show(i64 %f64)
  %m = call i64 @mods(i64 u0x1234567800000009)
  call void @show(i64 %m)
  %d = call i64 @divide(i64 1, i64 5, i64 7)
  call void @show(i64 %d)
  %l1 = call i32 @labels(i32 -5)
  %l2 = call i32 @labels(i32 6)
  %l = add i32 %l1, %l2
  %l64 = zext i32 %l to i64
  call void @show(i64 %l64)
  call void @memory(ptr %slot)
  %s = load i64, ptr %slot
  call void @show(i64 %s)
  %c = load i64, ptr @cell
  call void @show(i64 %c)
  %b = call i8 @bytes(i8 200, i16 300)
  %b64 = zext i8 %b to i64
  call void @show(i64 %b64)
  ret i32 0
}
