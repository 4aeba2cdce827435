; Loads and stores in the segment address spaces (256 %gs, 257 %fs,
; 258 %ss): %fs:0 and %fs:16 are the thread control block's self pointers
; on x86-64 Linux (glibc), compared with pthread_self(); a thread-local
; variable written through its %fs-relative offset; %gs (base 0 for a
; Linux process) and %ss (base 0 in 64-bit mode) loads, stores,
; read-modify-writes, extensions and compares on ordinary memory.
; Prints one line per case.
; Hand-written for rcc's differential tests (scripts/difftest.sh).
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

@fmt = private unnamed_addr constant [11 x i8] c"%s %lld\0A\00\00\00", align 1
@n_fs0 = private unnamed_addr constant [9 x i8] c"fs0=self\00", align 1
@n_fs16 = private unnamed_addr constant [10 x i8] c"fs16=self\00", align 1
@n_tls = private unnamed_addr constant [4 x i8] c"tls\00", align 1
@n_gs = private unnamed_addr constant [3 x i8] c"gs\00", align 1
@n_ss = private unnamed_addr constant [3 x i8] c"ss\00", align 1
@n_cmp = private unnamed_addr constant [4 x i8] c"cmp\00", align 1

@tv = internal thread_local global i64 11, align 8
@cell = internal global [4 x i32] [i32 1, i32 -2, i32 300, i32 -40000], align 4

declare i32 @printf(ptr, ...)
declare i64 @pthread_self()

define internal void @show(ptr %name, i64 %v) noinline {
  call i32 (ptr, ...) @printf(ptr @fmt, ptr %name, i64 %v)
  ret void
}

define internal i64 @fs_word(i64 %off) noinline {
  %p = inttoptr i64 %off to ptr addrspace(257)
  %v = load i64, ptr addrspace(257) %p, align 8
  ret i64 %v
}

define internal void @fs_store(i64 %off, i64 %v) noinline {
  %p = inttoptr i64 %off to ptr addrspace(257)
  store i64 %v, ptr addrspace(257) %p, align 8
  ret void
}

define internal i32 @gs_mix(ptr %q, i64 %i) noinline {
  %a = ptrtoint ptr %q to i64
  %p = inttoptr i64 %a to ptr addrspace(256)
  %e = getelementptr i32, ptr addrspace(256) %p, i64 %i
  %v = load i32, ptr addrspace(256) %e, align 4
  %w = add i32 %v, 7
  store i32 %w, ptr addrspace(256) %e, align 4
  %b = load i8, ptr addrspace(256) %p, align 1
  %s = sext i8 %b to i32
  %r = mul i32 %w, %s
  ret i32 %r
}

define internal i64 @ss_sum(ptr %q) noinline {
  %a = ptrtoint ptr %q to i64
  %p = inttoptr i64 %a to ptr addrspace(258)
  %x = load i32, ptr addrspace(258) %p, align 4
  %e = getelementptr i32, ptr addrspace(258) %p, i64 3
  %y = load i32, ptr addrspace(258) %e, align 4
  %xs = sext i32 %x to i64
  %ys = sext i32 %y to i64
  %s = sub i64 %ys, %xs
  %f = getelementptr i32, ptr addrspace(258) %p, i64 2
  store i32 -9, ptr addrspace(258) %f, align 4
  ret i64 %s
}

define internal i32 @gs_cmp(ptr %q, i32 %k) noinline {
  %a = ptrtoint ptr %q to i64
  %p = inttoptr i64 %a to ptr addrspace(256)
  %v = load i32, ptr addrspace(256) %p, align 4
  %c = icmp slt i32 %v, %k
  %r = select i1 %c, i32 100, i32 200
  ret i32 %r
}

define i32 @main() {
  %self = call i64 @pthread_self()
  %f0 = call i64 @fs_word(i64 0)
  %c0 = icmp eq i64 %f0, %self
  %z0 = zext i1 %c0 to i64
  call void @show(ptr @n_fs0, i64 %z0)
  %f16 = call i64 @fs_word(i64 16)
  %c16 = icmp eq i64 %f16, %self
  %z16 = zext i1 %c16 to i64
  call void @show(ptr @n_fs16, i64 %z16)
  %tp = call ptr @llvm.threadlocal.address.p0(ptr @tv)
  %ta = ptrtoint ptr %tp to i64
  %off = sub i64 %ta, %f0
  %old = call i64 @fs_word(i64 %off)
  call void @fs_store(i64 %off, i64 123456789)
  %new = load i64, ptr %tp, align 8
  %sum = add i64 %old, %new
  call void @show(ptr @n_tls, i64 %sum)
  %g = call i32 @gs_mix(ptr @cell, i64 2)
  %g64 = sext i32 %g to i64
  call void @show(ptr @n_gs, i64 %g64)
  %s = call i64 @ss_sum(ptr @cell)
  %e2 = getelementptr i32, ptr @cell, i64 2
  %v2 = load i32, ptr %e2, align 4
  %v64 = sext i32 %v2 to i64
  %t = add i64 %s, %v64
  call void @show(ptr @n_ss, i64 %t)
  %k1 = call i32 @gs_cmp(ptr @cell, i32 5)
  %k2 = call i32 @gs_cmp(ptr @cell, i32 0)
  %kk = add i32 %k1, %k2
  %k64 = sext i32 %kk to i64
  call void @show(ptr @n_cmp, i64 %k64)
  ret i32 0
}

declare ptr @llvm.threadlocal.address.p0(ptr)
