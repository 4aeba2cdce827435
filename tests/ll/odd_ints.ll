; Integer types C does not have: i1, i3, i7, i17, i24, i33, i48, i65 and
; i96 arithmetic, division, shifts, comparisons and extensions (type
; legalisation by promotion and expansion), a switch on an i7, overflow
; intrinsics on i33, and an irreducible loop. Prints one line per family.
; Hand-written for rcc's differential tests (scripts/difftest.sh).
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

@fmt = private unnamed_addr constant [12 x i8] c"%s %016llx\0A\00", align 1
@n_i17 = private unnamed_addr constant [4 x i8] c"i17\00", align 1
@n_i33 = private unnamed_addr constant [4 x i8] c"i33\00", align 1
@n_i48 = private unnamed_addr constant [4 x i8] c"i48\00", align 1
@n_i65 = private unnamed_addr constant [4 x i8] c"i65\00", align 1
@n_sw = private unnamed_addr constant [7 x i8] c"switch\00", align 1
@n_ovf = private unnamed_addr constant [4 x i8] c"ovf\00", align 1
@n_irr = private unnamed_addr constant [12 x i8] c"irreducible\00", align 1
@n_i1 = private unnamed_addr constant [3 x i8] c"i1\00", align 1

declare i32 @printf(ptr, ...)
declare { i33, i1 } @llvm.sadd.with.overflow.i33(i33, i33)
declare { i33, i1 } @llvm.umul.with.overflow.i33(i33, i33)

; h = (h ^ v) * prime, over i64.
define internal i64 @mix(i64 %h, i64 %v) alwaysinline {
  %x = xor i64 %h, %v
  %m = mul i64 %x, 1099511628211
  ret i64 %m
}

; One routine per width: a, b from the loop counters; every operation's
; result is extended to i64 and mixed.
define internal i64 @ops_i17(i64 %h0, i17 %a, i17 %b) noinline {
  %add = add i17 %a, %b
  %sub = sub i17 %a, %b
  %mul = mul i17 %a, %b
  %bz = icmp eq i17 %b, 0
  %bs = select i1 %bz, i17 1, i17 %b
  %ud = udiv i17 %a, %bs
  %ur = urem i17 %a, %bs
  %m1 = icmp eq i17 %bs, -1
  %bs2 = select i1 %m1, i17 3, i17 %bs
  %sd = sdiv i17 %a, %bs2
  %sr = srem i17 %a, %bs2
  %amt = urem i17 %b, 17
  %shl = shl i17 %a, %amt
  %lshr = lshr i17 %a, %amt
  %ashr = ashr i17 %a, %amt
  %lt = icmp slt i17 %a, %b
  %ult = icmp ult i17 %a, %b
  %e1 = sext i17 %add to i64
  %e2 = zext i17 %sub to i64
  %e3 = sext i17 %mul to i64
  %e4 = zext i17 %ud to i64
  %e5 = zext i17 %ur to i64
  %e6 = sext i17 %sd to i64
  %e7 = sext i17 %sr to i64
  %e8 = zext i17 %shl to i64
  %e9 = zext i17 %lshr to i64
  %e10 = sext i17 %ashr to i64
  %e11 = zext i1 %lt to i64
  %e12 = zext i1 %ult to i64
  %h1 = call i64 @mix(i64 %h0, i64 %e1)
  %h2 = call i64 @mix(i64 %h1, i64 %e2)
  %h3 = call i64 @mix(i64 %h2, i64 %e3)
  %h4 = call i64 @mix(i64 %h3, i64 %e4)
  %h5 = call i64 @mix(i64 %h4, i64 %e5)
  %h6 = call i64 @mix(i64 %h5, i64 %e6)
  %h7 = call i64 @mix(i64 %h6, i64 %e7)
  %h8 = call i64 @mix(i64 %h7, i64 %e8)
  %h9 = call i64 @mix(i64 %h8, i64 %e9)
  %h10 = call i64 @mix(i64 %h9, i64 %e10)
  %h11 = call i64 @mix(i64 %h10, i64 %e11)
  %h12 = call i64 @mix(i64 %h11, i64 %e12)
  ret i64 %h12
}

define internal i64 @ops_i33(i64 %h0, i33 %a, i33 %b) noinline {
  %add = add i33 %a, %b
  %mul = mul i33 %a, %b
  %bz = icmp eq i33 %b, 0
  %bs = select i1 %bz, i33 7, i33 %b
  %ud = udiv i33 %a, %bs
  %m1 = icmp eq i33 %bs, -1
  %bs2 = select i1 %m1, i33 5, i33 %bs
  %sr = srem i33 %a, %bs2
  %amt = urem i33 %b, 33
  %ashr = ashr i33 %a, %amt
  %shl = shl i33 %b, %amt
  %gt = icmp sgt i33 %a, %b
  %e1 = sext i33 %add to i64
  %e2 = zext i33 %mul to i64
  %e3 = zext i33 %ud to i64
  %e4 = sext i33 %sr to i64
  %e5 = sext i33 %ashr to i64
  %e6 = zext i33 %shl to i64
  %e7 = zext i1 %gt to i64
  %h1 = call i64 @mix(i64 %h0, i64 %e1)
  %h2 = call i64 @mix(i64 %h1, i64 %e2)
  %h3 = call i64 @mix(i64 %h2, i64 %e3)
  %h4 = call i64 @mix(i64 %h3, i64 %e4)
  %h5 = call i64 @mix(i64 %h4, i64 %e5)
  %h6 = call i64 @mix(i64 %h5, i64 %e6)
  %h7 = call i64 @mix(i64 %h6, i64 %e7)
  ret i64 %h7
}

define internal i64 @ops_i65(i64 %h0, i65 %a, i65 %b) noinline {
  %add = add i65 %a, %b
  %mul = mul i65 %a, %b
  %bz = icmp eq i65 %b, 0
  %bs = select i1 %bz, i65 9, i65 %b
  %ud = udiv i65 %a, %bs
  %amt = urem i65 %b, 65
  %ashr = ashr i65 %a, %amt
  %shl = shl i65 %a, %amt
  %lt = icmp slt i65 %a, %b
  %t1 = trunc i65 %add to i64
  %s1 = lshr i65 %add, 64
  %t2 = trunc i65 %s1 to i64
  %t3 = trunc i65 %mul to i64
  %s3 = lshr i65 %mul, 1
  %t4 = trunc i65 %s3 to i64
  %t5 = trunc i65 %ud to i64
  %t6 = trunc i65 %ashr to i64
  %s6 = lshr i65 %ashr, 64
  %t7 = trunc i65 %s6 to i64
  %t8 = trunc i65 %shl to i64
  %e9 = zext i1 %lt to i64
  %h1 = call i64 @mix(i64 %h0, i64 %t1)
  %h2 = call i64 @mix(i64 %h1, i64 %t2)
  %h3 = call i64 @mix(i64 %h2, i64 %t3)
  %h4 = call i64 @mix(i64 %h3, i64 %t4)
  %h5 = call i64 @mix(i64 %h4, i64 %t5)
  %h6 = call i64 @mix(i64 %h5, i64 %t6)
  %h7 = call i64 @mix(i64 %h6, i64 %t7)
  %h8 = call i64 @mix(i64 %h7, i64 %t8)
  %h9 = call i64 @mix(i64 %h8, i64 %e9)
  ret i64 %h9
}

; i3, i24, i48 and i96 in one routine, with loads and stores of the odd
; widths through memory.
define internal i64 @ops_mem(i64 %h0, i64 %x, i64 %y) noinline {
  %buf = alloca [32 x i8], align 16
  %a3 = trunc i64 %x to i3
  %b3 = trunc i64 %y to i3
  %c3 = mul i3 %a3, %b3
  %d3 = add i3 %c3, 3
  %e3 = sext i3 %d3 to i64
  %a24 = trunc i64 %x to i24
  %b24 = trunc i64 %y to i24
  %c24 = xor i24 %a24, %b24
  %d24 = mul i24 %c24, 4097
  store i24 %d24, ptr %buf, align 1
  %p48 = getelementptr inbounds i8, ptr %buf, i64 3
  %a48 = trunc i64 %x to i48
  %b48 = trunc i64 %y to i48
  %c48 = mul i48 %a48, %b48
  store i48 %c48, ptr %p48, align 1
  %p96 = getelementptr inbounds i8, ptr %buf, i64 9
  %x96 = sext i64 %x to i96
  %y96 = zext i64 %y to i96
  %m96 = mul i96 %x96, %y96
  %s96 = ashr i96 %m96, 7
  store i96 %s96, ptr %p96, align 1
  %l24 = load i24, ptr %buf, align 1
  %l48 = load i48, ptr %p48, align 1
  %l96 = load i96, ptr %p96, align 1
  %f24 = sext i24 %l24 to i64
  %f48 = zext i48 %l48 to i64
  %f96lo = trunc i96 %l96 to i64
  %f96s = lshr i96 %l96, 64
  %f96hi = trunc i96 %f96s to i64
  %h1 = call i64 @mix(i64 %h0, i64 %e3)
  %h2 = call i64 @mix(i64 %h1, i64 %f24)
  %h3 = call i64 @mix(i64 %h2, i64 %f48)
  %h4 = call i64 @mix(i64 %h3, i64 %f96lo)
  %h5 = call i64 @mix(i64 %h4, i64 %f96hi)
  ret i64 %h5
}

define internal i64 @switch_i7(i7 %v) noinline {
  switch i7 %v, label %def [
    i7 0, label %a
    i7 1, label %b
    i7 2, label %c
    i7 3, label %d
    i7 4, label %a
    i7 5, label %b
    i7 -1, label %c
    i7 -64, label %d
    i7 63, label %a
  ]
a:
  ret i64 11
b:
  ret i64 22
c:
  ret i64 33
d:
  ret i64 44
def:
  %z = zext i7 %v to i64
  ret i64 %z
}

; Two entries into a two-block cycle.
define internal i64 @irreducible(i64 %n, i1 %which) noinline {
entry:
  br i1 %which, label %left, label %right
left:
  %l.acc = phi i64 [ 1, %entry ], [ %r.next, %right ]
  %l.i = phi i64 [ 0, %entry ], [ %r.i, %right ]
  %l.next = mul i64 %l.acc, 3
  %l.i2 = add i64 %l.i, 1
  %l.done = icmp uge i64 %l.i2, %n
  br i1 %l.done, label %exit, label %right
right:
  %r.acc = phi i64 [ 2, %entry ], [ %l.next, %left ]
  %r.i = phi i64 [ 0, %entry ], [ %l.i2, %left ]
  %r.next = add i64 %r.acc, 7
  %r.done = icmp uge i64 %r.i, %n
  br i1 %r.done, label %exit, label %left
exit:
  %res = phi i64 [ %l.next, %left ], [ %r.next, %right ]
  ret i64 %res
}

define internal i64 @bools(i64 %x, i64 %y) noinline {
  %a = trunc i64 %x to i1
  %b = trunc i64 %y to i1
  %c = add i1 %a, %b
  %d = mul i1 %a, %b
  %e = sub i1 %c, %d
  %f = xor i1 %e, true
  %g = select i1 %f, i64 100, i64 200
  %h = zext i1 %c to i64
  %i = sext i1 %e to i64
  %j = add i64 %g, %h
  %k = add i64 %j, %i
  ret i64 %k
}

define i32 @main() {
entry:
  br label %outer
outer:
  %i = phi i64 [ -40, %entry ], [ %i.next, %outer.latch ]
  %h17 = phi i64 [ 14695981039346656037, %entry ], [ %h17.n, %outer.latch ]
  %h33 = phi i64 [ 14695981039346656037, %entry ], [ %h33.n, %outer.latch ]
  %h65 = phi i64 [ 14695981039346656037, %entry ], [ %h65.n, %outer.latch ]
  %hm = phi i64 [ 14695981039346656037, %entry ], [ %hm.n, %outer.latch ]
  br label %inner
inner:
  %j = phi i64 [ -40, %outer ], [ %j.next, %inner ]
  %g17 = phi i64 [ %h17, %outer ], [ %g17.n, %inner ]
  %g33 = phi i64 [ %h33, %outer ], [ %g33.n, %inner ]
  %g65 = phi i64 [ %h65, %outer ], [ %g65.n, %inner ]
  %gm = phi i64 [ %hm, %outer ], [ %gm.n, %inner ]
  %ai = mul i64 %i, 2654435761
  %bj = mul i64 %j, 40503
  %a17 = trunc i64 %ai to i17
  %b17 = trunc i64 %bj to i17
  %g17.n = call i64 @ops_i17(i64 %g17, i17 %a17, i17 %b17)
  %a33 = trunc i64 %ai to i33
  %b33 = trunc i64 %bj to i33
  %g33.n = call i64 @ops_i33(i64 %g33, i33 %a33, i33 %b33)
  %a65 = sext i64 %ai to i65
  %b65 = zext i64 %bj to i65
  %g65.n = call i64 @ops_i65(i64 %g65, i65 %a65, i65 %b65)
  %gm.n = call i64 @ops_mem(i64 %gm, i64 %ai, i64 %bj)
  %j.next = add i64 %j, 3
  %j.done = icmp sgt i64 %j.next, 40
  br i1 %j.done, label %outer.latch, label %inner
outer.latch:
  %h17.n = phi i64 [ %g17.n, %inner ]
  %h33.n = phi i64 [ %g33.n, %inner ]
  %h65.n = phi i64 [ %g65.n, %inner ]
  %hm.n = phi i64 [ %gm.n, %inner ]
  %i.next = add i64 %i, 7
  %i.done = icmp sgt i64 %i.next, 40
  br i1 %i.done, label %report, label %outer
report:
  %p1 = call i32 (ptr, ...) @printf(ptr @fmt, ptr @n_i17, i64 %h17.n)
  %p2 = call i32 (ptr, ...) @printf(ptr @fmt, ptr @n_i33, i64 %h33.n)
  %p3 = call i32 (ptr, ...) @printf(ptr @fmt, ptr @n_i65, i64 %h65.n)
  %p4 = call i32 (ptr, ...) @printf(ptr @fmt, ptr @n_i48, i64 %hm.n)
  br label %sw
sw:
  %k = phi i64 [ 0, %report ], [ %k.next, %sw ]
  %hs = phi i64 [ 0, %report ], [ %hs.n, %sw ]
  %k7 = trunc i64 %k to i7
  %sv = call i64 @switch_i7(i7 %k7)
  %hs.m = mul i64 %hs, 31
  %hs.n = add i64 %hs.m, %sv
  %k.next = add i64 %k, 1
  %k.done = icmp eq i64 %k.next, 140
  br i1 %k.done, label %ovf, label %sw
ovf:
  %o = phi i64 [ 0, %sw ], [ %o.next, %ovf ]
  %ho = phi i64 [ 0, %sw ], [ %ho.n, %ovf ]
  %oa = mul i64 %o, 987654321
  %oa33 = trunc i64 %oa to i33
  %ob33 = trunc i64 %o to i33
  %s = call { i33, i1 } @llvm.sadd.with.overflow.i33(i33 %oa33, i33 %oa33)
  %u = call { i33, i1 } @llvm.umul.with.overflow.i33(i33 %oa33, i33 %ob33)
  %sv1 = extractvalue { i33, i1 } %s, 0
  %so1 = extractvalue { i33, i1 } %s, 1
  %uv1 = extractvalue { i33, i1 } %u, 0
  %uo1 = extractvalue { i33, i1 } %u, 1
  %x1 = sext i33 %sv1 to i64
  %x2 = zext i1 %so1 to i64
  %x3 = zext i33 %uv1 to i64
  %x4 = zext i1 %uo1 to i64
  %ho1 = call i64 @mix(i64 %ho, i64 %x1)
  %ho2 = call i64 @mix(i64 %ho1, i64 %x2)
  %ho3 = call i64 @mix(i64 %ho2, i64 %x3)
  %ho.n = call i64 @mix(i64 %ho3, i64 %x4)
  %o.next = add i64 %o, 1
  %o.done = icmp eq i64 %o.next, 100
  br i1 %o.done, label %fin, label %ovf
fin:
  %p5 = call i32 (ptr, ...) @printf(ptr @fmt, ptr @n_sw, i64 %hs.n)
  %p6 = call i32 (ptr, ...) @printf(ptr @fmt, ptr @n_ovf, i64 %ho.n)
  %ir1 = call i64 @irreducible(i64 10, i1 true)
  %ir2 = call i64 @irreducible(i64 9, i1 false)
  %ir = xor i64 %ir1, %ir2
  %p7 = call i32 (ptr, ...) @printf(ptr @fmt, ptr @n_irr, i64 %ir)
  %b1 = call i64 @bools(i64 1, i64 0)
  %b2 = call i64 @bools(i64 1, i64 1)
  %b3 = call i64 @bools(i64 0, i64 0)
  %bm = mul i64 %b1, 1000000
  %bn = mul i64 %b2, 1000
  %bs1 = add i64 %bm, %bn
  %bs = add i64 %bs1, %b3
  %p8 = call i32 (ptr, ...) @printf(ptr @fmt, ptr @n_i1, i64 %bs)
  ret i32 0
}
