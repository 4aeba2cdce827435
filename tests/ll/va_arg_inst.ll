; The va_arg instruction (clang expands va_arg itself on x86-64, so only
; hand-written IR uses it): integers, doubles and pointers read through a
; va_list until both the register save area (5 of 6 GPRs, 8 XMMs) and the
; overflow area are used.
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

@.fmt = private unnamed_addr constant [17 x i8] c"%ld %ld %d %.3f\0A\00"

define i64 @sum(i32 %n, ...) {
entry:
  %ap = alloca [1 x { i32, i32, ptr, ptr }], align 16
  call void @llvm.va_start.p0(ptr %ap)
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i1, %loop ]
  %s = phi i64 [ 0, %entry ], [ %s1, %loop ]
  %v = va_arg ptr %ap, i64
  %d = va_arg ptr %ap, double
  %w = va_arg ptr %ap, i32
  %di = fptosi double %d to i64
  %wi = sext i32 %w to i64
  %t0 = mul i64 %v, 3
  %t1 = add i64 %t0, %di
  %t = add i64 %t1, %wi
  %s2 = mul i64 %s, 7
  %s1 = add i64 %s2, %t
  %i1 = add i32 %i, 1
  %c = icmp slt i32 %i1, %n
  br i1 %c, label %loop, label %done
done:
  call void @llvm.va_end.p0(ptr %ap)
  ret i64 %s1
}

define float @fsum(i32 %n, ...) {
entry:
  %ap = alloca [1 x { i32, i32, ptr, ptr }], align 16
  call void @llvm.va_start.p0(ptr %ap)
  %a = va_arg ptr %ap, double
  %b = va_arg ptr %ap, ptr
  %x = load i32, ptr %b
  %xf = sitofp i32 %x to double
  %r = fadd double %a, %xf
  %f = fptrunc double %r to float
  call void @llvm.va_end.p0(ptr %ap)
  ret float %f
}

define i32 @main() {
  %g = alloca i32
  store i32 41, ptr %g
  %r = call i64 (i32, ...) @sum(i32 5, i64 1, double 2.5, i32 -3, i64 4, double 5.5, i32 6, i64 7, double 8.5, i32 -9, i64 10, double 11.5, i32 12, i64 13, double 14.5, i32 -15)
  %r2 = call i64 (i32, ...) @sum(i32 1, i64 100, double -2.0, i32 5)
  %f = call float (i32, ...) @fsum(i32 2, double 0.25, ptr %g)
  %fd = fpext float %f to double
  %n = call i32 (ptr, ...) @printf(ptr @.fmt, i64 %r, i64 %r2, i32 0, double %fd)
  ret i32 0
}

declare void @llvm.va_start.p0(ptr)
declare void @llvm.va_end.p0(ptr)
declare i32 @printf(ptr, ...)
