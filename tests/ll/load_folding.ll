; Loads that instruction selection may fold into their user (an ALU
; operand, a compare, an extension) next to stores, calls and other loads
; that must stay on the right side of them: a load before a store to the
; same place, two chained loads feeding one add, a load before a call that
; changes the loaded variable, a compare used twice, a volatile load, and
; loads of every width. Prints one checksum line per case.
; Hand-written for rcc's differential tests (scripts/difftest.sh).
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

@fmt = private unnamed_addr constant [12 x i8] c"%s %016llx\0A\00", align 1
@n_store = private unnamed_addr constant [6 x i8] c"store\00", align 1
@n_two = private unnamed_addr constant [4 x i8] c"two\00", align 1
@n_call = private unnamed_addr constant [5 x i8] c"call\00", align 1
@n_cmp = private unnamed_addr constant [4 x i8] c"cmp\00", align 1
@n_vol = private unnamed_addr constant [4 x i8] c"vol\00", align 1
@n_ext = private unnamed_addr constant [4 x i8] c"ext\00", align 1

@g = internal global i32 5, align 4
@h = internal global i64 7, align 8
@b8 = internal global i8 -3, align 1
@w16 = internal global i16 -1234, align 2

declare i32 @printf(ptr, ...)

define internal void @bump(i32 %by) noinline {
  %v = load i32, ptr @g, align 4
  %n = add i32 %v, %by
  store i32 %n, ptr @g, align 4
  ret void
}

; The load must read the old value although the store comes before the add.
define internal i32 @load_then_store(ptr %p, i32 %x) noinline {
  %a = load i32, ptr %p, align 4
  store i32 %x, ptr %p, align 4
  %s = add i32 %x, %a
  %t = load i32, ptr %p, align 4
  %u = sub i32 %s, %t
  %w = xor i32 %u, %a
  ret i32 %w
}

; Two loads on one chain feeding one add; the second depends on a store
; between them.
define internal i64 @two_loads(ptr %p, ptr %q) noinline {
  %a = load i64, ptr %p, align 8
  store i64 99, ptr %q, align 8
  %b = load i64, ptr %q, align 8
  %s = add i64 %a, %b
  %m = mul i64 %s, %b
  %o = or i64 %m, %a
  ret i64 %o
}

; A call between the load and its use changes the variable.
define internal i32 @across_call(i32 %k) noinline {
  %a = load i32, ptr @g, align 4
  call void @bump(i32 %k)
  %s = sub i32 %k, %a
  %b = load i32, ptr @g, align 4
  %c = and i32 %s, %b
  ret i32 %c
}

; One compare feeding a branch and a value; a compare of a load with a
; constant and with a register, in both operand orders.
define internal i32 @compares(ptr %p, i32 %x) noinline {
entry:
  %a = load i32, ptr %p, align 4
  %c = icmp slt i32 %a, 100
  %z = zext i1 %c to i32
  br i1 %c, label %lo, label %hi
lo:
  %b = load i32, ptr %p, align 4
  %d = icmp ugt i32 %x, %b
  br i1 %d, label %x1, label %x2
hi:
  %e = load i32, ptr %p, align 4
  %f = icmp eq i32 %e, %x
  %fz = zext i1 %f to i32
  %r0 = add i32 %fz, 40
  ret i32 %r0
x1:
  %r1 = add i32 %z, 10
  ret i32 %r1
x2:
  %r2 = add i32 %z, 20
  ret i32 %r2
}

; A volatile load is never folded away from its place.
define internal i32 @volatile_load(ptr %p, i32 %x) noinline {
  %a = load volatile i32, ptr %p, align 4
  store volatile i32 %x, ptr %p, align 4
  %s = add i32 %a, %x
  ret i32 %s
}

; Extensions of loads of every width.
define internal i64 @extends() noinline {
  %a = load i8, ptr @b8, align 1
  %a1 = sext i8 %a to i64
  %a2 = load i8, ptr @b8, align 1
  %a3 = zext i8 %a2 to i32
  %a4 = zext i32 %a3 to i64
  %w = load i16, ptr @w16, align 2
  %w1 = sext i16 %w to i32
  %w2 = sext i32 %w1 to i64
  %w3 = load i16, ptr @w16, align 2
  %w4 = zext i16 %w3 to i64
  %g = load i32, ptr @g, align 4
  %g1 = sext i32 %g to i64
  %g2 = load i32, ptr @g, align 4
  %g3 = zext i32 %g2 to i64
  %h = load i64, ptr @h, align 8
  %s1 = add i64 %a1, %a4
  %s2 = add i64 %s1, %w2
  %s3 = mul i64 %s2, %w4
  %s4 = add i64 %s3, %g1
  %s5 = xor i64 %s4, %g3
  %s6 = sub i64 %s5, %h
  ret i64 %s6
}

define internal void @report(ptr %name, i64 %h) {
  %c = call i32 (ptr, ...) @printf(ptr @fmt, ptr %name, i64 %h)
  ret void
}

define i32 @main() {
entry:
  %slot = alloca i32, align 4
  %s64 = alloca [2 x i64], align 8
  %q = getelementptr inbounds i64, ptr %s64, i64 1
  store i32 17, ptr %slot, align 4
  %r1 = call i32 @load_then_store(ptr %slot, i32 1000)
  %r1w = sext i32 %r1 to i64
  call void @report(ptr @n_store, i64 %r1w)
  store i64 5, ptr %s64, align 8
  store i64 6, ptr %q, align 8
  %r2 = call i64 @two_loads(ptr %s64, ptr %q)
  %r2b = call i64 @two_loads(ptr %s64, ptr %s64)
  %r2c = xor i64 %r2, %r2b
  call void @report(ptr @n_two, i64 %r2c)
  %r3 = call i32 @across_call(i32 12)
  %r3b = call i32 @across_call(i32 -7)
  %r3c = mul i32 %r3, %r3b
  %r3w = zext i32 %r3c to i64
  call void @report(ptr @n_call, i64 %r3w)
  store i32 50, ptr %slot, align 4
  %c1 = call i32 @compares(ptr %slot, i32 60)
  %c2 = call i32 @compares(ptr %slot, i32 40)
  store i32 500, ptr %slot, align 4
  %c3 = call i32 @compares(ptr %slot, i32 500)
  %c4 = call i32 @compares(ptr %slot, i32 5)
  %c12 = mul i32 %c1, 1000
  %c123 = add i32 %c12, %c2
  %c1234 = mul i32 %c123, 1000
  %cs = add i32 %c1234, %c3
  %cs2 = mul i32 %cs, 100
  %cs3 = add i32 %cs2, %c4
  %cw = zext i32 %cs3 to i64
  call void @report(ptr @n_cmp, i64 %cw)
  store i32 3, ptr %slot, align 4
  %v = call i32 @volatile_load(ptr %slot, i32 4)
  %vw = zext i32 %v to i64
  call void @report(ptr @n_vol, i64 %vw)
  %e = call i64 @extends()
  call void @report(ptr @n_ext, i64 %e)
  ret i32 0
}
