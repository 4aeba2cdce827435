; i128 by expansion into i64 halves (type legalization): add/sub carry
; chains, mul, shifts by constants and variables, every comparison,
; select, extensions, truncation, loads/stores, phis across a loop,
; register-pair and stack arguments, calls of the runtime library for
; division and float conversions. main prints a hash per function.
; Generated from scratch sources; see docs/legalize.md (wide integers).
@.fmt = private unnamed_addr constant [14 x i8] c"%-8s %016llx\0A\00"
@.fmt2 = private unnamed_addr constant [21 x i8] c"%-8s %016llx%016llx\0A\00"
@vals = internal global [15 x i128] [i128 0, i128 1, i128 3, i128 64, i128 65, i128 127, i128 18446744073709551615, i128 18446744073709551616, i128 170141183460469231731687303715884105727, i128 -170141183460469231731687303715884105728, i128 -1, i128 1512366075204170947332355369683137040, i128 68915718020162848918556923512, i128 -7, i128 92233720368547758150], align 16
@.n.add = private unnamed_addr constant [4 x i8] c"add\00"
@.n.sub = private unnamed_addr constant [4 x i8] c"sub\00"
@.n.mul = private unnamed_addr constant [4 x i8] c"mul\00"
@.n.and = private unnamed_addr constant [4 x i8] c"and\00"
@.n.or = private unnamed_addr constant [3 x i8] c"or\00"
@.n.xor = private unnamed_addr constant [4 x i8] c"xor\00"
@.n.shl = private unnamed_addr constant [4 x i8] c"shl\00"
@.n.lshr = private unnamed_addr constant [5 x i8] c"lshr\00"
@.n.ashr = private unnamed_addr constant [5 x i8] c"ashr\00"
@.n.shlc = private unnamed_addr constant [5 x i8] c"shlc\00"
@.n.lshrc = private unnamed_addr constant [6 x i8] c"lshrc\00"
@.n.ashrc = private unnamed_addr constant [6 x i8] c"ashrc\00"
@.n.cmps = private unnamed_addr constant [5 x i8] c"cmps\00"
@.n.sel = private unnamed_addr constant [4 x i8] c"sel\00"
@.n.sdiv = private unnamed_addr constant [5 x i8] c"sdiv\00"
@.n.udiv = private unnamed_addr constant [5 x i8] c"udiv\00"
@.n.srem = private unnamed_addr constant [5 x i8] c"srem\00"
@.n.urem = private unnamed_addr constant [5 x i8] c"urem\00"
@.n.exts = private unnamed_addr constant [5 x i8] c"exts\00"
@.n.mem = private unnamed_addr constant [4 x i8] c"mem\00"
@.n.loop = private unnamed_addr constant [5 x i8] c"loop\00"
@.n.caller = private unnamed_addr constant [7 x i8] c"caller\00"
@.n.bits = private unnamed_addr constant [5 x i8] c"bits\00"
@.n.funnel = private unnamed_addr constant [7 x i8] c"funnel\00"
@.n.ovf = private unnamed_addr constant [4 x i8] c"ovf\00"
@.n.sat = private unnamed_addr constant [4 x i8] c"sat\00"
@.n.aggr = private unnamed_addr constant [5 x i8] c"aggr\00"
declare i32 @printf(ptr, ...)
define internal i64 @mix(i64 %h, i64 %v) {
  %a = xor i64 %h, %v
  %b = mul i64 %a, 1099511628211
  %c = lshr i64 %b, 29
  %d = xor i64 %b, %c
  ret i64 %d
}

define internal i128 @add(i128 %a, i128 %b) noinline { %r = add i128 %a, %b
 ret i128 %r }
define internal i128 @sub(i128 %a, i128 %b) noinline { %r = sub i128 %a, %b
 ret i128 %r }
define internal i128 @mul(i128 %a, i128 %b) noinline { %r = mul i128 %a, %b
 ret i128 %r }
define internal i128 @and(i128 %a, i128 %b) noinline { %r = and i128 %a, %b
 ret i128 %r }
define internal i128 @or(i128 %a, i128 %b) noinline { %r = or i128 %a, %b
 ret i128 %r }
define internal i128 @xor(i128 %a, i128 %b) noinline { %r = xor i128 %a, %b
 ret i128 %r }
define internal i128 @shl(i128 %a, i128 %b) noinline { %m = and i128 %b, 127
 %r = shl i128 %a, %m
 ret i128 %r }
define internal i128 @lshr(i128 %a, i128 %b) noinline { %m = and i128 %b, 127
 %r = lshr i128 %a, %m
 ret i128 %r }
define internal i128 @ashr(i128 %a, i128 %b) noinline { %m = and i128 %b, 127
 %r = ashr i128 %a, %m
 ret i128 %r }
define internal i128 @shlc(i128 %a, i128 %b) noinline { %r = shl i128 %a, 5
 %r2 = shl i128 %a, 64
 %r3 = shl i128 %a, 70
 %x = xor i128 %r, %r2
 %y = xor i128 %x, %r3
 ret i128 %y }
define internal i128 @lshrc(i128 %a, i128 %b) noinline { %r = lshr i128 %a, 5
 %r2 = lshr i128 %a, 64
 %r3 = lshr i128 %a, 127
 %x = xor i128 %r, %r2
 %y = add i128 %x, %r3
 ret i128 %y }
define internal i128 @ashrc(i128 %a, i128 %b) noinline { %r = ashr i128 %a, 63
 %r2 = ashr i128 %a, 64
 %r3 = ashr i128 %a, 100
 %x = xor i128 %r, %r2
 %y = add i128 %x, %r3
 ret i128 %y }
define internal i128 @cmps(i128 %a, i128 %b) noinline {
  %c0 = icmp eq i128 %a, %b
  %c1 = icmp ne i128 %a, %b
  %c2 = icmp ugt i128 %a, %b
  %c3 = icmp uge i128 %a, %b
  %c4 = icmp ult i128 %a, %b
  %c5 = icmp ule i128 %a, %b
  %c6 = icmp sgt i128 %a, %b
  %c7 = icmp sge i128 %a, %b
  %c8 = icmp slt i128 %a, %b
  %c9 = icmp sle i128 %a, %b
  %c10 = icmp slt i128 %a, 0
  %c11 = icmp sgt i128 %a, -1
  %c12 = icmp eq i128 %a, 0
  %c13 = icmp ult i128 %a, 18446744073709551616
  %z0 = zext i1 %c0 to i128
  %z1 = zext i1 %c1 to i128
  %z2 = zext i1 %c2 to i128
  %z3 = zext i1 %c3 to i128
  %z4 = zext i1 %c4 to i128
  %z5 = zext i1 %c5 to i128
  %z6 = zext i1 %c6 to i128
  %z7 = zext i1 %c7 to i128
  %z8 = zext i1 %c8 to i128
  %z9 = zext i1 %c9 to i128
  %z10 = zext i1 %c10 to i128
  %z11 = zext i1 %c11 to i128
  %z12 = zext i1 %c12 to i128
  %z13 = zext i1 %c13 to i128
  %s1 = shl i128 %z1, 1
  %s2 = shl i128 %z2, 2
  %s3 = shl i128 %z3, 3
  %s4 = shl i128 %z4, 4
  %s5 = shl i128 %z5, 5
  %s6 = shl i128 %z6, 66
  %s7 = shl i128 %z7, 77
  %s8 = shl i128 %z8, 88
  %s9 = shl i128 %z9, 99
  %s10 = shl i128 %z10, 110
  %s11 = shl i128 %z11, 111
  %s12 = shl i128 %z12, 112
  %s13 = shl i128 %z13, 113
  %o1 = or i128 %z0, %s1
  %o2 = or i128 %o1, %s2
  %o3 = or i128 %o2, %s3
  %o4 = or i128 %o3, %s4
  %o5 = or i128 %o4, %s5
  %o6 = or i128 %o5, %s6
  %o7 = or i128 %o6, %s7
  %o8 = or i128 %o7, %s8
  %o9 = or i128 %o8, %s9
  %o10 = or i128 %o9, %s10
  %o11 = or i128 %o10, %s11
  %o12 = or i128 %o11, %s12
  %o13 = or i128 %o12, %s13
  ret i128 %o13 }
define internal i128 @sel(i128 %a, i128 %b) noinline { %c = icmp slt i128 %a, %b
  %r = select i1 %c, i128 %a, i128 %b
  ret i128 %r }
define internal i128 @sdiv(i128 %a, i128 %b) noinline { %r = sdiv i128 %a, %b
 ret i128 %r }
define internal i128 @udiv(i128 %a, i128 %b) noinline { %r = udiv i128 %a, %b
 ret i128 %r }
define internal i128 @srem(i128 %a, i128 %b) noinline { %r = srem i128 %a, %b
 ret i128 %r }
define internal i128 @urem(i128 %a, i128 %b) noinline { %r = urem i128 %a, %b
 ret i128 %r }
define internal i128 @exts(i128 %a, i128 %b) noinline {
  %t = trunc i128 %a to i64
  %t32 = trunc i128 %b to i32
  %t8 = trunc i128 %a to i8
  %z = zext i64 %t to i128
  %s = sext i32 %t32 to i128
  %s8 = sext i8 %t8 to i128
  %x = mul i128 %z, 3
  %y = add i128 %x, %s
  %w = xor i128 %y, %s8
  ret i128 %w }
define internal i128 @mem(i128 %a, i128 %b) noinline {
  %p = alloca [4 x i128], align 16
  %q = getelementptr [4 x i128], ptr %p, i64 0, i64 2
  store i128 %a, ptr %q
  store i128 %b, ptr %p
  %v = load i128, ptr %q
  %w = load i128, ptr %p
  %r = sub i128 %v, %w
  ret i128 %r }
define internal i128 @loop(i128 %a, i128 %b) noinline {
entry:
  %n = and i128 %b, 15
  br label %l
l:
  %i = phi i128 [ 0, %entry ], [ %i1, %l ]
  %acc = phi i128 [ %a, %entry ], [ %acc1, %l ]
  %acc1 = mul i128 %acc, 12345678901234567890123
  %i1 = add i128 %i, 1
  %c = icmp ult i128 %i1, %n
  br i1 %c, label %l, label %e
e:
  %r = xor i128 %acc1, %i1
  ret i128 %r }
declare i128 @ext(i128, i128, i64, i128, i64)
define internal i128 @callee(i128 %a, i128 %b, i64 %c, i128 %d, i64 %e) noinline {
  %x = add i128 %a, %b
  %ze = zext i64 %c to i128
  %y = mul i128 %x, %ze
  %z = sub i128 %y, %d
  %se = sext i64 %e to i128
  %w = xor i128 %z, %se
  ret i128 %w }
define internal i128 @caller(i128 %a, i128 %b) noinline {
  %r = call i128 @callee(i128 %a, i128 %b, i64 7, i128 %b, i64 -3)
  %r2 = call i128 @callee7(i64 1, i64 2, i64 3, i64 4, i64 5, i64 6, i64 7, i128 %r, i128 %a)
  ret i128 %r2 }
define internal i128 @callee7(i64 %a1, i64 %a2, i64 %a3, i64 %a4, i64 %a5, i64 %a6, i64 %a7, i128 %x, i128 %y) noinline {
  %s = sext i64 %a7 to i128
  %t = add i128 %x, %s
  %u = mul i128 %t, %y
  %z = zext i64 %a5 to i128
  %v = add i128 %u, %z
  ret i128 %v }
declare i128 @llvm.ctpop.i128(i128)
declare i128 @llvm.bitreverse.i128(i128)
declare i128 @llvm.bswap.i128(i128)
declare i128 @llvm.ctlz.i128(i128, i1)
declare i128 @llvm.cttz.i128(i128, i1)
declare i128 @llvm.fshl.i128(i128, i128, i128)
declare i128 @llvm.fshr.i128(i128, i128, i128)
declare {i128, i1} @llvm.uadd.with.overflow.i128(i128, i128)
declare {i128, i1} @llvm.usub.with.overflow.i128(i128, i128)
declare {i128, i1} @llvm.sadd.with.overflow.i128(i128, i128)
declare {i128, i1} @llvm.ssub.with.overflow.i128(i128, i128)
declare i128 @llvm.sadd.sat.i128(i128, i128)
declare i128 @llvm.uadd.sat.i128(i128, i128)
declare i128 @llvm.ssub.sat.i128(i128, i128)
declare i128 @llvm.usub.sat.i128(i128, i128)
declare i128 @llvm.smax.i128(i128, i128)
declare i128 @llvm.umin.i128(i128, i128)
declare i128 @llvm.abs.i128(i128, i1)
define internal i128 @bits(i128 %a, i128 %b) noinline {
  %p = call i128 @llvm.ctpop.i128(i128 %a)
  %r = call i128 @llvm.bitreverse.i128(i128 %b)
  %s = call i128 @llvm.bswap.i128(i128 %a)
  %l = call i128 @llvm.ctlz.i128(i128 %b, i1 false)
  %t = call i128 @llvm.cttz.i128(i128 %a, i1 false)
  %o = or i128 %b, 1024
  %l2 = call i128 @llvm.ctlz.i128(i128 %o, i1 true)
  %t2 = call i128 @llvm.cttz.i128(i128 %o, i1 true)
  %x1 = xor i128 %p, %r
  %x2 = xor i128 %x1, %s
  %x3 = mul i128 %l, 1000003
  %x4 = add i128 %x2, %x3
  %x5 = shl i128 %t, 17
  %x6 = add i128 %x4, %x5
  %x7 = shl i128 %l2, 34
  %x8 = xor i128 %x6, %x7
  %x9 = shl i128 %t2, 50
  %y = xor i128 %x8, %x9
  ret i128 %y }
define internal i128 @funnel(i128 %a, i128 %b) noinline {
  %f1 = call i128 @llvm.fshl.i128(i128 %a, i128 %b, i128 %b)
  %f2 = call i128 @llvm.fshr.i128(i128 %a, i128 %b, i128 %a)
  %f3 = call i128 @llvm.fshl.i128(i128 %a, i128 %a, i128 %b)
  %f4 = call i128 @llvm.fshr.i128(i128 %b, i128 %b, i128 %a)
  %f5 = call i128 @llvm.fshl.i128(i128 %a, i128 %b, i128 67)
  %f6 = call i128 @llvm.fshr.i128(i128 %a, i128 %a, i128 5)
  %x1 = xor i128 %f1, %f2
  %x2 = add i128 %x1, %f3
  %x3 = mul i128 %x2, %f4
  %x4 = xor i128 %x3, %f5
  %x5 = sub i128 %x4, %f6
  ret i128 %x5 }
define internal i128 @ovf(i128 %a, i128 %b) noinline {
  %u = call {i128, i1} @llvm.uadd.with.overflow.i128(i128 %a, i128 %b)
  %us = call {i128, i1} @llvm.usub.with.overflow.i128(i128 %a, i128 %b)
  %s = call {i128, i1} @llvm.sadd.with.overflow.i128(i128 %a, i128 %b)
  %ss = call {i128, i1} @llvm.ssub.with.overflow.i128(i128 %a, i128 %b)
  %u0 = extractvalue {i128, i1} %u, 0
  %u1 = extractvalue {i128, i1} %u, 1
  %us1 = extractvalue {i128, i1} %us, 1
  %s1 = extractvalue {i128, i1} %s, 1
  %ss0 = extractvalue {i128, i1} %ss, 0
  %ss1 = extractvalue {i128, i1} %ss, 1
  %z1 = zext i1 %u1 to i128
  %z2 = zext i1 %us1 to i128
  %z3 = zext i1 %s1 to i128
  %z4 = zext i1 %ss1 to i128
  %q2 = shl i128 %z2, 1
  %q3 = shl i128 %z3, 70
  %q4 = shl i128 %z4, 127
  %o1 = or i128 %z1, %q2
  %o2 = or i128 %o1, %q3
  %o3 = or i128 %o2, %q4
  %m = mul i128 %u0, 7
  %x = xor i128 %o3, %m
  %y = add i128 %x, %ss0
  ret i128 %y }
define internal i128 @sat(i128 %a, i128 %b) noinline {
  %s1 = call i128 @llvm.sadd.sat.i128(i128 %a, i128 %b)
  %s2 = call i128 @llvm.uadd.sat.i128(i128 %a, i128 %b)
  %s3 = call i128 @llvm.ssub.sat.i128(i128 %a, i128 %b)
  %s4 = call i128 @llvm.usub.sat.i128(i128 %a, i128 %b)
  %m1 = call i128 @llvm.smax.i128(i128 %a, i128 %b)
  %m2 = call i128 @llvm.umin.i128(i128 %a, i128 %b)
  %ab = call i128 @llvm.abs.i128(i128 %a, i1 false)
  %x1 = xor i128 %s1, %s2
  %x2 = mul i128 %x1, 3
  %x3 = xor i128 %x2, %s3
  %x4 = mul i128 %x3, 5
  %x5 = xor i128 %x4, %s4
  %x6 = mul i128 %x5, 7
  %x7 = xor i128 %x6, %m1
  %x8 = mul i128 %x7, 11
  %x9 = xor i128 %x8, %m2
  %y = add i128 %x9, %ab
  ret i128 %y }
define internal i128 @aggr(i128 %a, i128 %b) noinline {
entry:
  %u = call {i128, i1} @llvm.uadd.with.overflow.i128(i128 %a, i128 %b)
  %lo = trunc i128 %b to i64
  %s = insertvalue { i64, i128, i32 } undef, i64 %lo, 0
  %t = insertvalue { i64, i128, i32 } %s, i128 %a, 1
  %t2 = insertvalue { i64, i128, i32 } %t, i32 7, 2
  %c = icmp ult i64 %lo, 1000
  br i1 %c, label %x, label %y
x:
  %t3 = insertvalue { i64, i128, i32 } %t2, i128 %b, 1
  br label %y
y:
  %p = phi { i64, i128, i32 } [ %t2, %entry ], [ %t3, %x ]
  %v = extractvalue { i64, i128, i32 } %p, 1
  %w = extractvalue { i64, i128, i32 } %p, 0
  %k = extractvalue { i64, i128, i32 } %p, 2
  %o = extractvalue {i128, i1} %u, 1
  %r = extractvalue {i128, i1} %u, 0
  %ww = zext i64 %w to i128
  %kk = zext i32 %k to i128
  %oo = zext i1 %o to i128
  %x1 = mul i128 %v, %ww
  %x2 = add i128 %x1, %kk
  %x3 = xor i128 %x2, %r
  %x4 = shl i128 %oo, 100
  %x5 = or i128 %x3, %x4
  ret i128 %x5 }

define internal double @a(i128 %x) noinline { %r = sitofp i128 %x to double
 ret double %r }
define internal double @b(i128 %x) noinline { %r = uitofp i128 %x to double
 ret double %r }
define internal float @c(i128 %x) noinline { %r = sitofp i128 %x to float
 ret float %r }
define internal float @d(i128 %x) noinline { %r = uitofp i128 %x to float
 ret float %r }
define internal i128 @e(double %x) noinline { %r = fptosi double %x to i128
 ret i128 %r }
define internal i128 @f(double %x) noinline { %r = fptoui double %x to i128
 ret i128 %r }
define internal i128 @g(float %x) noinline { %r = fptosi float %x to i128
 ret i128 %r }
define internal i128 @h(float %x) noinline { %r = fptoui float %x to i128
 ret i128 %r }

define internal void @run(ptr %f, ptr %name, i1 %div) {
entry:
  br label %outer
outer:
  %i = phi i64 [ 0, %entry ], [ %i1, %outer.next ]
  %h = phi i64 [ 0, %entry ], [ %h3, %outer.next ]
  %pa = getelementptr [15 x i128], ptr @vals, i64 0, i64 %i
  %a = load i128, ptr %pa, align 16
  br label %inner
inner:
  %j = phi i64 [ 0, %outer ], [ %j1, %inner.next ]
  %hh = phi i64 [ %h, %outer ], [ %h2, %inner.next ]
  %pb = getelementptr [15 x i128], ptr @vals, i64 0, i64 %j
  %b = load i128, ptr %pb, align 16
  %bz = icmp eq i128 %b, 0
  %amin = icmp eq i128 %a, -170141183460469231731687303715884105728
  %bm1 = icmp eq i128 %b, -1
  %ovf = and i1 %amin, %bm1
  %bad0 = or i1 %bz, %ovf
  %bad = and i1 %bad0, %div
  br i1 %bad, label %inner.next, label %call
call:
  %r = call i128 %f(i128 %a, i128 %b)
  %lo = trunc i128 %r to i64
  %hi0 = lshr i128 %r, 64
  %hi = trunc i128 %hi0 to i64
  %m1 = call i64 @mix(i64 %hh, i64 %lo)
  %m2 = call i64 @mix(i64 %m1, i64 %hi)
  %show0 = icmp eq i64 %i, 11
  %show1 = icmp eq i64 %j, 3
  %show = and i1 %show0, %show1
  br i1 %show, label %print, label %inner.next
print:
  call i32 (ptr, ...) @printf(ptr @.fmt2, ptr %name, i64 %hi, i64 %lo)
  br label %inner.next
inner.next:
  %h2 = phi i64 [ %hh, %inner ], [ %m2, %call ], [ %m2, %print ]
  %j1 = add i64 %j, 1
  %jc = icmp ult i64 %j1, 15
  br i1 %jc, label %inner, label %outer.next
outer.next:
  %h3 = phi i64 [ %h2, %inner.next ]
  %i1 = add i64 %i, 1
  %ic = icmp ult i64 %i1, 15
  br i1 %ic, label %outer, label %done
done:
  call i32 (ptr, ...) @printf(ptr @.fmt, ptr %name, i64 %h3)
  ret void
}
define internal void @conversions() {
entry:
  br label %l
l:
  %i = phi i64 [ 0, %entry ], [ %i1, %l ]
  %h = phi i64 [ 0, %entry ], [ %h8, %l ]
  %p = getelementptr [15 x i128], ptr @vals, i64 0, i64 %i
  %v = load i128, ptr %p, align 16
  %d1 = call double @a(i128 %v)
  %d2 = call double @b(i128 %v)
  %f3 = call float @c(i128 %v)
  %f4 = call float @d(i128 %v)
  %b1 = bitcast double %d1 to i64
  %b2 = bitcast double %d2 to i64
  %b3 = bitcast float %f3 to i32
  %b4 = bitcast float %f4 to i32
  %z3 = zext i32 %b3 to i64
  %z4 = zext i32 %b4 to i64
  %h1 = call i64 @mix(i64 %h, i64 %b1)
  %h2 = call i64 @mix(i64 %h1, i64 %b2)
  %h3 = call i64 @mix(i64 %h2, i64 %z3)
  %h4 = call i64 @mix(i64 %h3, i64 %z4)
  %sh = lshr i128 %v, 30
  %s = trunc i128 %sh to i64
  %sd = sitofp i64 %s to double
  %e = call i128 @e(double %sd)
  %ab = call double @llvm.fabs.f64(double %sd)
  %f = call i128 @f(double %ab)
  %sf = fptrunc double %sd to float
  %g = call i128 @g(float %sf)
  %abf = fptrunc double %ab to float
  %hh = call i128 @h(float %abf)
  %x1 = xor i128 %e, %f
  %x2 = xor i128 %x1, %g
  %x3 = xor i128 %x2, %hh
  %t1 = trunc i128 %x3 to i64
  %u = lshr i128 %x3, 64
  %t2 = trunc i128 %u to i64
  %h5 = call i64 @mix(i64 %h4, i64 %t1)
  %h6 = call i64 @mix(i64 %h5, i64 %t2)
  %o40 = trunc i128 %v to i40
  %of40 = sitofp i40 %o40 to double
  %o65 = trunc i128 %v to i65
  %of65 = sitofp i65 %o65 to double
  %ou65 = uitofp i65 %o65 to float
  %oi65 = fptosi double %sd to i65
  %oh65 = ashr i65 %oi65, 3
  %ob1 = bitcast double %of40 to i64
  %ob2 = bitcast double %of65 to i64
  %ob3 = bitcast float %ou65 to i32
  %ob3z = zext i32 %ob3 to i64
  %ob4 = trunc i65 %oh65 to i64
  %h7 = call i64 @mix(i64 %h6, i64 %ob1)
  %h7b = call i64 @mix(i64 %h7, i64 %ob2)
  %h7c = call i64 @mix(i64 %h7b, i64 %ob3z)
  %h8 = call i64 @mix(i64 %h7c, i64 %ob4)
  %i1 = add i64 %i, 1
  %c = icmp ult i64 %i1, 15
  br i1 %c, label %l, label %done
done:
  call i32 (ptr, ...) @printf(ptr @.fmt, ptr @.n.conv, i64 %h8)
  ret void
}
declare double @llvm.fabs.f64(double)
@.n.conv = private unnamed_addr constant [5 x i8] c"conv\00"
define i32 @main() {
  call void @run(ptr @add, ptr @.n.add, i1 false)
  call void @run(ptr @sub, ptr @.n.sub, i1 false)
  call void @run(ptr @mul, ptr @.n.mul, i1 false)
  call void @run(ptr @and, ptr @.n.and, i1 false)
  call void @run(ptr @or, ptr @.n.or, i1 false)
  call void @run(ptr @xor, ptr @.n.xor, i1 false)
  call void @run(ptr @shl, ptr @.n.shl, i1 false)
  call void @run(ptr @lshr, ptr @.n.lshr, i1 false)
  call void @run(ptr @ashr, ptr @.n.ashr, i1 false)
  call void @run(ptr @shlc, ptr @.n.shlc, i1 false)
  call void @run(ptr @lshrc, ptr @.n.lshrc, i1 false)
  call void @run(ptr @ashrc, ptr @.n.ashrc, i1 false)
  call void @run(ptr @cmps, ptr @.n.cmps, i1 false)
  call void @run(ptr @sel, ptr @.n.sel, i1 false)
  call void @run(ptr @sdiv, ptr @.n.sdiv, i1 true)
  call void @run(ptr @udiv, ptr @.n.udiv, i1 true)
  call void @run(ptr @srem, ptr @.n.srem, i1 true)
  call void @run(ptr @urem, ptr @.n.urem, i1 true)
  call void @run(ptr @exts, ptr @.n.exts, i1 false)
  call void @run(ptr @mem, ptr @.n.mem, i1 false)
  call void @run(ptr @loop, ptr @.n.loop, i1 false)
  call void @run(ptr @caller, ptr @.n.caller, i1 false)
  call void @run(ptr @bits, ptr @.n.bits, i1 false)
  call void @run(ptr @funnel, ptr @.n.funnel, i1 false)
  call void @run(ptr @ovf, ptr @.n.ovf, i1 false)
  call void @run(ptr @sat, ptr @.n.sat, i1 false)
  call void @run(ptr @aggr, ptr @.n.aggr, i1 false)
  call void @conversions()
  ret i32 0
}
