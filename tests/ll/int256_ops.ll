; Integers wider than 128 bits (promoted to i256 and expanded into four
; i64 parts): csmith-style bit-field containers (i136 loads, masks,
; constant shifts, read-modify-write stores), i168 add/sub, shifts,
; ordered compares, selects and stores, an i160 loop phi. main prints
; a hash of results and memory per function.
@.fmt = private unnamed_addr constant [12 x i8] c"%s %016llx\0A\00"
@vals = internal global [7 x i64] [i64 0, i64 1, i64 77, i64 -9223372036854775808, i64 -1, i64 1311768467463790320, i64 5000], align 16
@buf = internal global [96 x i8] zeroinitializer, align 16
@.n.bitf = private unnamed_addr constant [5 x i8] c"bitf\00"
@.n.ops168 = private unnamed_addr constant [7 x i8] c"ops168\00"
@.n.phi160 = private unnamed_addr constant [7 x i8] c"phi160\00"
declare i32 @printf(ptr, ...)
define internal i64 @mix(i64 %h, i64 %v) {
  %a = xor i64 %h, %v
  %b = mul i64 %a, 1099511628211
  %c = lshr i64 %b, 29
  %d = xor i64 %b, %c
  ret i64 %d
}

define internal i64 @bitf(ptr %p, i64 %a, i64 %b) noinline {
  %v = load volatile i136, ptr %p, align 1
  %m = and i136 %v, 511
  %t = trunc i136 %m to i32
  %s = lshr i136 %v, 73
  %m2 = and i136 %s, 4194303
  %t2 = trunc i136 %m2 to i32
  %sh = shl i136 %v, 63
  %as = ashr i136 %sh, 112
  %t3 = trunc i136 %as to i32
  %za = zext i64 %a to i136
  %zs = shl i136 %za, 70
  %cl = and i136 %v, -1180591620717411303425
  %nv = or i136 %cl, %zs
  store volatile i136 %nv, ptr %p, align 1
  %c = icmp eq i136 %nv, %v
  %cz = zext i1 %c to i32
  %r1 = add i32 %t, %t2
  %r2 = xor i32 %r1, %t3
  %r3 = add i32 %r2, %cz
  %r = zext i32 %r3 to i64
  ret i64 %r }
define internal i64 @ops168(ptr %p, i64 %a, i64 %b) noinline {
  %q = getelementptr [3 x i168], ptr %p, i64 0, i64 1
  %x = load i168, ptr %p, align 8
  %y = load i168, ptr %q, align 8
  %sa = sext i64 %a to i168
  %zb = zext i64 %b to i168
  %s = add i168 %x, %sa
  %d = sub i168 %y, %zb
  %o = xor i168 %s, %d
  %sh = shl i168 %o, 100
  %sr = lshr i168 %sh, 37
  %sr2 = ashr i168 %o, 150
  %lt = icmp slt i168 %s, %d
  %ult = icmp ugt i168 %s, %d
  %sel = select i1 %lt, i168 %sr, i168 %sr2
  %q2 = getelementptr [3 x i168], ptr %p, i64 0, i64 2
  store i168 %sel, ptr %q2, align 8
  %t = trunc i168 %sel to i64
  %u = lshr i168 %sel, 64
  %t2 = trunc i168 %u to i64
  %u2 = lshr i168 %sel, 128
  %t3 = trunc i168 %u2 to i64
  %z1 = zext i1 %lt to i64
  %z2 = zext i1 %ult to i64
  %z2s = shl i64 %z2, 1
  %h1 = xor i64 %t, %t2
  %h2 = mul i64 %h1, 31
  %h3 = xor i64 %h2, %t3
  %h4 = add i64 %h3, %z1
  %h5 = add i64 %h4, %z2s
  ret i64 %h5 }
define internal i64 @phi160(ptr %p, i64 %a, i64 %b) noinline {
entry:
  %x = zext i64 %a to i160
  %c = icmp ugt i64 %b, 1000
  br i1 %c, label %l, label %e
l:
  %v = phi i160 [ %x, %entry ], [ %v2, %l ]
  %i = phi i64 [ 0, %entry ], [ %i1, %l ]
  %v1 = shl i160 %v, 13
  %v2 = xor i160 %v1, %x
  %i1 = add i64 %i, 1
  %d = icmp ult i64 %i1, 9
  br i1 %d, label %l, label %e
e:
  %r = phi i160 [ %x, %entry ], [ %v2, %l ]
  %lo = trunc i160 %r to i64
  %h = lshr i160 %r, 96
  %hi = trunc i160 %h to i64
  %s = add i64 %lo, %hi
  ret i64 %s }

define internal void @run(ptr %f, ptr %name) {
entry:
  br label %outer
outer:
  %i = phi i64 [ 0, %entry ], [ %i1, %outer.next ]
  %h = phi i64 [ 0, %entry ], [ %h3, %outer.next ]
  %pa = getelementptr [7 x i64], ptr @vals, i64 0, i64 %i
  %a = load i64, ptr %pa, align 8
  br label %inner
inner:
  %j = phi i64 [ 0, %outer ], [ %j1, %next ]
  %hh = phi i64 [ %h, %outer ], [ %hs, %next ]
  %pb = getelementptr [7 x i64], ptr @vals, i64 0, i64 %j
  %b = load i64, ptr %pb, align 8
  br label %fill
fill:
  %k = phi i64 [ 0, %inner ], [ %k1, %fill ]
  %k37 = mul i64 %k, 37
  %i11 = mul i64 %i, 11
  %s1 = add i64 %k37, %i11
  %s2 = add i64 %s1, %j
  %byte = trunc i64 %s2 to i8
  %pk = getelementptr [96 x i8], ptr @buf, i64 0, i64 %k
  store i8 %byte, ptr %pk, align 1
  %k1 = add i64 %k, 1
  %kc = icmp ult i64 %k1, 96
  br i1 %kc, label %fill, label %call
call:
  %r = call i64 %f(ptr @buf, i64 %a, i64 %b)
  %m1 = call i64 @mix(i64 %hh, i64 %r)
  br label %sum
sum:
  %q = phi i64 [ 0, %call ], [ %q1, %sum.loop ]
  %hq = phi i64 [ %m1, %call ], [ %hq1, %sum.loop ]
  %qdone = icmp eq i64 %q, 12
  br i1 %qdone, label %next, label %sum.loop
sum.loop:
  %pq = getelementptr [12 x i64], ptr @buf, i64 0, i64 %q
  %w = load i64, ptr %pq, align 8
  %hq1 = call i64 @mix(i64 %hq, i64 %w)
  %q1 = add i64 %q, 1
  br label %sum
next:
  %hs = phi i64 [ %hq, %sum ]
  %j1 = add i64 %j, 1
  %jc = icmp ult i64 %j1, 7
  br i1 %jc, label %inner, label %outer.next
outer.next:
  %h3 = phi i64 [ %hs, %next ]
  %i1 = add i64 %i, 1
  %ic = icmp ult i64 %i1, 7
  br i1 %ic, label %outer, label %done
done:
  call i32 (ptr, ...) @printf(ptr @.fmt, ptr %name, i64 %h3)
  ret void
}
define i32 @main() {
  call void @run(ptr @bitf, ptr @.n.bitf)
  call void @run(ptr @ops168, ptr @.n.ops168)
  call void @run(ptr @phi160, ptr @.n.phi160)
  ret i32 0
}
