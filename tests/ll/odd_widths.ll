; Odd-width integers below 64 bits (promoted by type legalization):
; arithmetic, signed and unsigned division, shifts, compares, extensions,
; loads and stores of ceil(N/8) bytes, phis. main prints a hash per width.
@.fmt = private unnamed_addr constant [14 x i8] c"i%d: %016llx\0A\00"
@buf = global [16 x i8] zeroinitializer, align 16
declare i32 @printf(ptr, ...)
define internal i64 @mix(i64 %h, i64 %v) {
  %a = xor i64 %h, %v
  %b = mul i64 %a, 1099511628211
  %c = lshr i64 %b, 29
  %d = xor i64 %b, %c
  ret i64 %d
}
define internal i64 @ops_5(i64 %h0, i64 %x, i64 %y) noinline {
entry:
  %a = trunc i64 %x to i5
  %b0 = trunc i64 %y to i5
  %bz = icmp eq i5 %b0, 0
  %b = select i1 %bz, i5 3, i5 %b0
  %s = add i5 %a, %b
  %d = sub i5 %a, %b
  %m = mul i5 %a, %b
  %q = sdiv i5 %a, %b
  %r = srem i5 %a, %b
  %uq = udiv i5 %a, %b
  %ur = urem i5 %a, %b
  %sh = and i5 %b, 3
  %l = shl i5 %a, %sh
  %lr = lshr i5 %a, %sh
  %ar = ashr i5 %a, %sh
  %c1 = icmp slt i5 %a, %b
  %c2 = icmp ult i5 %a, %b
  %c3 = icmp sge i5 %d, 0
  %c4 = icmp eq i5 %s, %m
  %sel = select i1 %c1, i5 %q, i5 %r
  store i5 %m, ptr @buf, align 1
  %p = getelementptr i8, ptr @buf, i64 8
  store i5 %d, ptr %p, align 1
  %lm = load i5, ptr @buf, align 1
  %ld = load i5, ptr %p, align 1
  %raw = load i64, ptr @buf, align 16
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i1, %loop ]
  %acc = phi i5 [ %a, %entry ], [ %acc1, %loop ]
  %acc1 = mul i5 %acc, %b
  %i1 = add i32 %i, 1
  %more = icmp ult i32 %i1, 5
  br i1 %more, label %loop, label %done
done:
  %e1 = sext i5 %s to i64
  %e2 = zext i5 %d to i64
  %e3 = sext i5 %m to i64
  %e4 = sext i5 %sel to i64
  %e5 = zext i5 %uq to i64
  %e6 = zext i5 %ur to i64
  %e7 = sext i5 %l to i64
  %e8 = zext i5 %lr to i64
  %e9 = sext i5 %ar to i64
  %e10 = zext i1 %c1 to i64
  %e11 = zext i1 %c2 to i64
  %e12 = zext i1 %c3 to i64
  %e13 = zext i1 %c4 to i64
  %e14 = sext i5 %lm to i64
  %e15 = zext i5 %ld to i64
  %e16 = sext i5 %acc1 to i64
  %g = getelementptr i8, ptr @buf, i5 %d
  %e17 = ptrtoint ptr %g to i64
  %e18 = ptrtoint ptr @buf to i64
  %e19 = sub i64 %e17, %e18
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
  %h13 = call i64 @mix(i64 %h12, i64 %e13)
  %h14 = call i64 @mix(i64 %h13, i64 %e14)
  %h15 = call i64 @mix(i64 %h14, i64 %e15)
  %h16 = call i64 @mix(i64 %h15, i64 %e16)
  %h19 = call i64 @mix(i64 %h16, i64 %e19)
  %hr = call i64 @mix(i64 %h19, i64 %raw)
  ret i64 %hr
}
define internal i64 @ops_12(i64 %h0, i64 %x, i64 %y) noinline {
entry:
  %a = trunc i64 %x to i12
  %b0 = trunc i64 %y to i12
  %bz = icmp eq i12 %b0, 0
  %b = select i1 %bz, i12 3, i12 %b0
  %s = add i12 %a, %b
  %d = sub i12 %a, %b
  %m = mul i12 %a, %b
  %q = sdiv i12 %a, %b
  %r = srem i12 %a, %b
  %uq = udiv i12 %a, %b
  %ur = urem i12 %a, %b
  %sh = and i12 %b, 3
  %l = shl i12 %a, %sh
  %lr = lshr i12 %a, %sh
  %ar = ashr i12 %a, %sh
  %c1 = icmp slt i12 %a, %b
  %c2 = icmp ult i12 %a, %b
  %c3 = icmp sge i12 %d, 0
  %c4 = icmp eq i12 %s, %m
  %sel = select i1 %c1, i12 %q, i12 %r
  store i12 %m, ptr @buf, align 1
  %p = getelementptr i8, ptr @buf, i64 8
  store i12 %d, ptr %p, align 1
  %lm = load i12, ptr @buf, align 1
  %ld = load i12, ptr %p, align 1
  %raw = load i64, ptr @buf, align 16
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i1, %loop ]
  %acc = phi i12 [ %a, %entry ], [ %acc1, %loop ]
  %acc1 = mul i12 %acc, %b
  %i1 = add i32 %i, 1
  %more = icmp ult i32 %i1, 5
  br i1 %more, label %loop, label %done
done:
  %e1 = sext i12 %s to i64
  %e2 = zext i12 %d to i64
  %e3 = sext i12 %m to i64
  %e4 = sext i12 %sel to i64
  %e5 = zext i12 %uq to i64
  %e6 = zext i12 %ur to i64
  %e7 = sext i12 %l to i64
  %e8 = zext i12 %lr to i64
  %e9 = sext i12 %ar to i64
  %e10 = zext i1 %c1 to i64
  %e11 = zext i1 %c2 to i64
  %e12 = zext i1 %c3 to i64
  %e13 = zext i1 %c4 to i64
  %e14 = sext i12 %lm to i64
  %e15 = zext i12 %ld to i64
  %e16 = sext i12 %acc1 to i64
  %g = getelementptr i8, ptr @buf, i12 %d
  %e17 = ptrtoint ptr %g to i64
  %e18 = ptrtoint ptr @buf to i64
  %e19 = sub i64 %e17, %e18
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
  %h13 = call i64 @mix(i64 %h12, i64 %e13)
  %h14 = call i64 @mix(i64 %h13, i64 %e14)
  %h15 = call i64 @mix(i64 %h14, i64 %e15)
  %h16 = call i64 @mix(i64 %h15, i64 %e16)
  %h19 = call i64 @mix(i64 %h16, i64 %e19)
  %hr = call i64 @mix(i64 %h19, i64 %raw)
  ret i64 %hr
}
define internal i64 @ops_24(i64 %h0, i64 %x, i64 %y) noinline {
entry:
  %a = trunc i64 %x to i24
  %b0 = trunc i64 %y to i24
  %bz = icmp eq i24 %b0, 0
  %b = select i1 %bz, i24 3, i24 %b0
  %s = add i24 %a, %b
  %d = sub i24 %a, %b
  %m = mul i24 %a, %b
  %q = sdiv i24 %a, %b
  %r = srem i24 %a, %b
  %uq = udiv i24 %a, %b
  %ur = urem i24 %a, %b
  %sh = and i24 %b, 3
  %l = shl i24 %a, %sh
  %lr = lshr i24 %a, %sh
  %ar = ashr i24 %a, %sh
  %c1 = icmp slt i24 %a, %b
  %c2 = icmp ult i24 %a, %b
  %c3 = icmp sge i24 %d, 0
  %c4 = icmp eq i24 %s, %m
  %sel = select i1 %c1, i24 %q, i24 %r
  store i24 %m, ptr @buf, align 1
  %p = getelementptr i8, ptr @buf, i64 8
  store i24 %d, ptr %p, align 1
  %lm = load i24, ptr @buf, align 1
  %ld = load i24, ptr %p, align 1
  %raw = load i64, ptr @buf, align 16
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i1, %loop ]
  %acc = phi i24 [ %a, %entry ], [ %acc1, %loop ]
  %acc1 = mul i24 %acc, %b
  %i1 = add i32 %i, 1
  %more = icmp ult i32 %i1, 5
  br i1 %more, label %loop, label %done
done:
  %e1 = sext i24 %s to i64
  %e2 = zext i24 %d to i64
  %e3 = sext i24 %m to i64
  %e4 = sext i24 %sel to i64
  %e5 = zext i24 %uq to i64
  %e6 = zext i24 %ur to i64
  %e7 = sext i24 %l to i64
  %e8 = zext i24 %lr to i64
  %e9 = sext i24 %ar to i64
  %e10 = zext i1 %c1 to i64
  %e11 = zext i1 %c2 to i64
  %e12 = zext i1 %c3 to i64
  %e13 = zext i1 %c4 to i64
  %e14 = sext i24 %lm to i64
  %e15 = zext i24 %ld to i64
  %e16 = sext i24 %acc1 to i64
  %g = getelementptr i8, ptr @buf, i24 %d
  %e17 = ptrtoint ptr %g to i64
  %e18 = ptrtoint ptr @buf to i64
  %e19 = sub i64 %e17, %e18
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
  %h13 = call i64 @mix(i64 %h12, i64 %e13)
  %h14 = call i64 @mix(i64 %h13, i64 %e14)
  %h15 = call i64 @mix(i64 %h14, i64 %e15)
  %h16 = call i64 @mix(i64 %h15, i64 %e16)
  %h19 = call i64 @mix(i64 %h16, i64 %e19)
  %hr = call i64 @mix(i64 %h19, i64 %raw)
  ret i64 %hr
}
define internal i64 @ops_40(i64 %h0, i64 %x, i64 %y) noinline {
entry:
  %a = trunc i64 %x to i40
  %b0 = trunc i64 %y to i40
  %bz = icmp eq i40 %b0, 0
  %b = select i1 %bz, i40 3, i40 %b0
  %s = add i40 %a, %b
  %d = sub i40 %a, %b
  %m = mul i40 %a, %b
  %q = sdiv i40 %a, %b
  %r = srem i40 %a, %b
  %uq = udiv i40 %a, %b
  %ur = urem i40 %a, %b
  %sh = and i40 %b, 3
  %l = shl i40 %a, %sh
  %lr = lshr i40 %a, %sh
  %ar = ashr i40 %a, %sh
  %c1 = icmp slt i40 %a, %b
  %c2 = icmp ult i40 %a, %b
  %c3 = icmp sge i40 %d, 0
  %c4 = icmp eq i40 %s, %m
  %sel = select i1 %c1, i40 %q, i40 %r
  store i40 %m, ptr @buf, align 1
  %p = getelementptr i8, ptr @buf, i64 8
  store i40 %d, ptr %p, align 1
  %lm = load i40, ptr @buf, align 1
  %ld = load i40, ptr %p, align 1
  %raw = load i64, ptr @buf, align 16
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i1, %loop ]
  %acc = phi i40 [ %a, %entry ], [ %acc1, %loop ]
  %acc1 = mul i40 %acc, %b
  %i1 = add i32 %i, 1
  %more = icmp ult i32 %i1, 5
  br i1 %more, label %loop, label %done
done:
  %e1 = sext i40 %s to i64
  %e2 = zext i40 %d to i64
  %e3 = sext i40 %m to i64
  %e4 = sext i40 %sel to i64
  %e5 = zext i40 %uq to i64
  %e6 = zext i40 %ur to i64
  %e7 = sext i40 %l to i64
  %e8 = zext i40 %lr to i64
  %e9 = sext i40 %ar to i64
  %e10 = zext i1 %c1 to i64
  %e11 = zext i1 %c2 to i64
  %e12 = zext i1 %c3 to i64
  %e13 = zext i1 %c4 to i64
  %e14 = sext i40 %lm to i64
  %e15 = zext i40 %ld to i64
  %e16 = sext i40 %acc1 to i64
  %g = getelementptr i8, ptr @buf, i40 %d
  %e17 = ptrtoint ptr %g to i64
  %e18 = ptrtoint ptr @buf to i64
  %e19 = sub i64 %e17, %e18
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
  %h13 = call i64 @mix(i64 %h12, i64 %e13)
  %h14 = call i64 @mix(i64 %h13, i64 %e14)
  %h15 = call i64 @mix(i64 %h14, i64 %e15)
  %h16 = call i64 @mix(i64 %h15, i64 %e16)
  %h19 = call i64 @mix(i64 %h16, i64 %e19)
  %hr = call i64 @mix(i64 %h19, i64 %raw)
  ret i64 %hr
}
define internal i64 @ops_57(i64 %h0, i64 %x, i64 %y) noinline {
entry:
  %a = trunc i64 %x to i57
  %b0 = trunc i64 %y to i57
  %bz = icmp eq i57 %b0, 0
  %b = select i1 %bz, i57 3, i57 %b0
  %s = add i57 %a, %b
  %d = sub i57 %a, %b
  %m = mul i57 %a, %b
  %q = sdiv i57 %a, %b
  %r = srem i57 %a, %b
  %uq = udiv i57 %a, %b
  %ur = urem i57 %a, %b
  %sh = and i57 %b, 3
  %l = shl i57 %a, %sh
  %lr = lshr i57 %a, %sh
  %ar = ashr i57 %a, %sh
  %c1 = icmp slt i57 %a, %b
  %c2 = icmp ult i57 %a, %b
  %c3 = icmp sge i57 %d, 0
  %c4 = icmp eq i57 %s, %m
  %sel = select i1 %c1, i57 %q, i57 %r
  store i57 %m, ptr @buf, align 1
  %p = getelementptr i8, ptr @buf, i64 8
  store i57 %d, ptr %p, align 1
  %lm = load i57, ptr @buf, align 1
  %ld = load i57, ptr %p, align 1
  %raw = load i64, ptr @buf, align 16
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i1, %loop ]
  %acc = phi i57 [ %a, %entry ], [ %acc1, %loop ]
  %acc1 = mul i57 %acc, %b
  %i1 = add i32 %i, 1
  %more = icmp ult i32 %i1, 5
  br i1 %more, label %loop, label %done
done:
  %e1 = sext i57 %s to i64
  %e2 = zext i57 %d to i64
  %e3 = sext i57 %m to i64
  %e4 = sext i57 %sel to i64
  %e5 = zext i57 %uq to i64
  %e6 = zext i57 %ur to i64
  %e7 = sext i57 %l to i64
  %e8 = zext i57 %lr to i64
  %e9 = sext i57 %ar to i64
  %e10 = zext i1 %c1 to i64
  %e11 = zext i1 %c2 to i64
  %e12 = zext i1 %c3 to i64
  %e13 = zext i1 %c4 to i64
  %e14 = sext i57 %lm to i64
  %e15 = zext i57 %ld to i64
  %e16 = sext i57 %acc1 to i64
  %g = getelementptr i8, ptr @buf, i57 %d
  %e17 = ptrtoint ptr %g to i64
  %e18 = ptrtoint ptr @buf to i64
  %e19 = sub i64 %e17, %e18
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
  %h13 = call i64 @mix(i64 %h12, i64 %e13)
  %h14 = call i64 @mix(i64 %h13, i64 %e14)
  %h15 = call i64 @mix(i64 %h14, i64 %e15)
  %h16 = call i64 @mix(i64 %h15, i64 %e16)
  %h19 = call i64 @mix(i64 %h16, i64 %e19)
  %hr = call i64 @mix(i64 %h19, i64 %raw)
  ret i64 %hr
}
define i32 @main() {
entry:
  %w5_0_0 = call i64 @ops_5(i64 0, i64 0, i64 2147483647)
  %w5_0_3 = call i64 @ops_5(i64 %w5_0_0, i64 0, i64 -513105426295)
  %w5_0_6 = call i64 @ops_5(i64 %w5_0_3, i64 0, i64 123456789)
  %w5_0_9 = call i64 @ops_5(i64 %w5_0_6, i64 0, i64 7)
  %w5_1_2 = call i64 @ops_5(i64 %w5_0_9, i64 1, i64 31)
  %w5_1_5 = call i64 @ops_5(i64 %w5_1_2, i64 1, i64 -987654321)
  %w5_1_8 = call i64 @ops_5(i64 %w5_1_5, i64 1, i64 -1)
  %w5_1_11 = call i64 @ops_5(i64 %w5_1_8, i64 1, i64 0)
  %w5_2_1 = call i64 @ops_5(i64 %w5_1_11, i64 7, i64 -32)
  %w5_2_4 = call i64 @ops_5(i64 %w5_2_1, i64 7, i64 366503875925)
  %w5_2_7 = call i64 @ops_5(i64 %w5_2_4, i64 7, i64 -8)
  %w5_2_10 = call i64 @ops_5(i64 %w5_2_7, i64 7, i64 1)
  %w5_3_0 = call i64 @ops_5(i64 %w5_2_10, i64 -1, i64 2147483647)
  %w5_3_3 = call i64 @ops_5(i64 %w5_3_0, i64 -1, i64 -513105426295)
  %w5_3_6 = call i64 @ops_5(i64 %w5_3_3, i64 -1, i64 123456789)
  %w5_3_9 = call i64 @ops_5(i64 %w5_3_6, i64 -1, i64 7)
  %w5_4_2 = call i64 @ops_5(i64 %w5_3_9, i64 -8, i64 31)
  %w5_4_5 = call i64 @ops_5(i64 %w5_4_2, i64 -8, i64 -987654321)
  %w5_4_8 = call i64 @ops_5(i64 %w5_4_5, i64 -8, i64 -1)
  %w5_4_11 = call i64 @ops_5(i64 %w5_4_8, i64 -8, i64 0)
  %w5_5_1 = call i64 @ops_5(i64 %w5_4_11, i64 123456789, i64 -32)
  %w5_5_4 = call i64 @ops_5(i64 %w5_5_1, i64 123456789, i64 366503875925)
  %w5_5_7 = call i64 @ops_5(i64 %w5_5_4, i64 123456789, i64 -8)
  %w5_5_10 = call i64 @ops_5(i64 %w5_5_7, i64 123456789, i64 1)
  %w5_6_0 = call i64 @ops_5(i64 %w5_5_10, i64 -987654321, i64 2147483647)
  %w5_6_3 = call i64 @ops_5(i64 %w5_6_0, i64 -987654321, i64 -513105426295)
  %w5_6_6 = call i64 @ops_5(i64 %w5_6_3, i64 -987654321, i64 123456789)
  %w5_6_9 = call i64 @ops_5(i64 %w5_6_6, i64 -987654321, i64 7)
  %w5_7_2 = call i64 @ops_5(i64 %w5_6_9, i64 366503875925, i64 31)
  %w5_7_5 = call i64 @ops_5(i64 %w5_7_2, i64 366503875925, i64 -987654321)
  %w5_7_8 = call i64 @ops_5(i64 %w5_7_5, i64 366503875925, i64 -1)
  %w5_7_11 = call i64 @ops_5(i64 %w5_7_8, i64 366503875925, i64 0)
  %w5_8_1 = call i64 @ops_5(i64 %w5_7_11, i64 -513105426295, i64 -32)
  %w5_8_4 = call i64 @ops_5(i64 %w5_8_1, i64 -513105426295, i64 366503875925)
  %w5_8_7 = call i64 @ops_5(i64 %w5_8_4, i64 -513105426295, i64 -8)
  %w5_8_10 = call i64 @ops_5(i64 %w5_8_7, i64 -513105426295, i64 1)
  %w5_9_0 = call i64 @ops_5(i64 %w5_8_10, i64 31, i64 2147483647)
  %w5_9_3 = call i64 @ops_5(i64 %w5_9_0, i64 31, i64 -513105426295)
  %w5_9_6 = call i64 @ops_5(i64 %w5_9_3, i64 31, i64 123456789)
  %w5_9_9 = call i64 @ops_5(i64 %w5_9_6, i64 31, i64 7)
  %w5_10_2 = call i64 @ops_5(i64 %w5_9_9, i64 -32, i64 31)
  %w5_10_5 = call i64 @ops_5(i64 %w5_10_2, i64 -32, i64 -987654321)
  %w5_10_8 = call i64 @ops_5(i64 %w5_10_5, i64 -32, i64 -1)
  %w5_10_11 = call i64 @ops_5(i64 %w5_10_8, i64 -32, i64 0)
  %w5_11_1 = call i64 @ops_5(i64 %w5_10_11, i64 2147483647, i64 -32)
  %w5_11_4 = call i64 @ops_5(i64 %w5_11_1, i64 2147483647, i64 366503875925)
  %w5_11_7 = call i64 @ops_5(i64 %w5_11_4, i64 2147483647, i64 -8)
  %w5_11_10 = call i64 @ops_5(i64 %w5_11_7, i64 2147483647, i64 1)
  call i32 (ptr, ...) @printf(ptr @.fmt, i32 5, i64 %w5_11_10)
  %w12_0_0 = call i64 @ops_12(i64 0, i64 0, i64 2147483647)
  %w12_0_3 = call i64 @ops_12(i64 %w12_0_0, i64 0, i64 -513105426295)
  %w12_0_6 = call i64 @ops_12(i64 %w12_0_3, i64 0, i64 123456789)
  %w12_0_9 = call i64 @ops_12(i64 %w12_0_6, i64 0, i64 7)
  %w12_1_2 = call i64 @ops_12(i64 %w12_0_9, i64 1, i64 31)
  %w12_1_5 = call i64 @ops_12(i64 %w12_1_2, i64 1, i64 -987654321)
  %w12_1_8 = call i64 @ops_12(i64 %w12_1_5, i64 1, i64 -1)
  %w12_1_11 = call i64 @ops_12(i64 %w12_1_8, i64 1, i64 0)
  %w12_2_1 = call i64 @ops_12(i64 %w12_1_11, i64 7, i64 -32)
  %w12_2_4 = call i64 @ops_12(i64 %w12_2_1, i64 7, i64 366503875925)
  %w12_2_7 = call i64 @ops_12(i64 %w12_2_4, i64 7, i64 -8)
  %w12_2_10 = call i64 @ops_12(i64 %w12_2_7, i64 7, i64 1)
  %w12_3_0 = call i64 @ops_12(i64 %w12_2_10, i64 -1, i64 2147483647)
  %w12_3_3 = call i64 @ops_12(i64 %w12_3_0, i64 -1, i64 -513105426295)
  %w12_3_6 = call i64 @ops_12(i64 %w12_3_3, i64 -1, i64 123456789)
  %w12_3_9 = call i64 @ops_12(i64 %w12_3_6, i64 -1, i64 7)
  %w12_4_2 = call i64 @ops_12(i64 %w12_3_9, i64 -8, i64 31)
  %w12_4_5 = call i64 @ops_12(i64 %w12_4_2, i64 -8, i64 -987654321)
  %w12_4_8 = call i64 @ops_12(i64 %w12_4_5, i64 -8, i64 -1)
  %w12_4_11 = call i64 @ops_12(i64 %w12_4_8, i64 -8, i64 0)
  %w12_5_1 = call i64 @ops_12(i64 %w12_4_11, i64 123456789, i64 -32)
  %w12_5_4 = call i64 @ops_12(i64 %w12_5_1, i64 123456789, i64 366503875925)
  %w12_5_7 = call i64 @ops_12(i64 %w12_5_4, i64 123456789, i64 -8)
  %w12_5_10 = call i64 @ops_12(i64 %w12_5_7, i64 123456789, i64 1)
  %w12_6_0 = call i64 @ops_12(i64 %w12_5_10, i64 -987654321, i64 2147483647)
  %w12_6_3 = call i64 @ops_12(i64 %w12_6_0, i64 -987654321, i64 -513105426295)
  %w12_6_6 = call i64 @ops_12(i64 %w12_6_3, i64 -987654321, i64 123456789)
  %w12_6_9 = call i64 @ops_12(i64 %w12_6_6, i64 -987654321, i64 7)
  %w12_7_2 = call i64 @ops_12(i64 %w12_6_9, i64 366503875925, i64 31)
  %w12_7_5 = call i64 @ops_12(i64 %w12_7_2, i64 366503875925, i64 -987654321)
  %w12_7_8 = call i64 @ops_12(i64 %w12_7_5, i64 366503875925, i64 -1)
  %w12_7_11 = call i64 @ops_12(i64 %w12_7_8, i64 366503875925, i64 0)
  %w12_8_1 = call i64 @ops_12(i64 %w12_7_11, i64 -513105426295, i64 -32)
  %w12_8_4 = call i64 @ops_12(i64 %w12_8_1, i64 -513105426295, i64 366503875925)
  %w12_8_7 = call i64 @ops_12(i64 %w12_8_4, i64 -513105426295, i64 -8)
  %w12_8_10 = call i64 @ops_12(i64 %w12_8_7, i64 -513105426295, i64 1)
  %w12_9_0 = call i64 @ops_12(i64 %w12_8_10, i64 31, i64 2147483647)
  %w12_9_3 = call i64 @ops_12(i64 %w12_9_0, i64 31, i64 -513105426295)
  %w12_9_6 = call i64 @ops_12(i64 %w12_9_3, i64 31, i64 123456789)
  %w12_9_9 = call i64 @ops_12(i64 %w12_9_6, i64 31, i64 7)
  %w12_10_2 = call i64 @ops_12(i64 %w12_9_9, i64 -32, i64 31)
  %w12_10_5 = call i64 @ops_12(i64 %w12_10_2, i64 -32, i64 -987654321)
  %w12_10_8 = call i64 @ops_12(i64 %w12_10_5, i64 -32, i64 -1)
  %w12_10_11 = call i64 @ops_12(i64 %w12_10_8, i64 -32, i64 0)
  %w12_11_1 = call i64 @ops_12(i64 %w12_10_11, i64 2147483647, i64 -32)
  %w12_11_4 = call i64 @ops_12(i64 %w12_11_1, i64 2147483647, i64 366503875925)
  %w12_11_7 = call i64 @ops_12(i64 %w12_11_4, i64 2147483647, i64 -8)
  %w12_11_10 = call i64 @ops_12(i64 %w12_11_7, i64 2147483647, i64 1)
  call i32 (ptr, ...) @printf(ptr @.fmt, i32 12, i64 %w12_11_10)
  %w24_0_0 = call i64 @ops_24(i64 0, i64 0, i64 2147483647)
  %w24_0_3 = call i64 @ops_24(i64 %w24_0_0, i64 0, i64 -513105426295)
  %w24_0_6 = call i64 @ops_24(i64 %w24_0_3, i64 0, i64 123456789)
  %w24_0_9 = call i64 @ops_24(i64 %w24_0_6, i64 0, i64 7)
  %w24_1_2 = call i64 @ops_24(i64 %w24_0_9, i64 1, i64 31)
  %w24_1_5 = call i64 @ops_24(i64 %w24_1_2, i64 1, i64 -987654321)
  %w24_1_8 = call i64 @ops_24(i64 %w24_1_5, i64 1, i64 -1)
  %w24_1_11 = call i64 @ops_24(i64 %w24_1_8, i64 1, i64 0)
  %w24_2_1 = call i64 @ops_24(i64 %w24_1_11, i64 7, i64 -32)
  %w24_2_4 = call i64 @ops_24(i64 %w24_2_1, i64 7, i64 366503875925)
  %w24_2_7 = call i64 @ops_24(i64 %w24_2_4, i64 7, i64 -8)
  %w24_2_10 = call i64 @ops_24(i64 %w24_2_7, i64 7, i64 1)
  %w24_3_0 = call i64 @ops_24(i64 %w24_2_10, i64 -1, i64 2147483647)
  %w24_3_3 = call i64 @ops_24(i64 %w24_3_0, i64 -1, i64 -513105426295)
  %w24_3_6 = call i64 @ops_24(i64 %w24_3_3, i64 -1, i64 123456789)
  %w24_3_9 = call i64 @ops_24(i64 %w24_3_6, i64 -1, i64 7)
  %w24_4_2 = call i64 @ops_24(i64 %w24_3_9, i64 -8, i64 31)
  %w24_4_5 = call i64 @ops_24(i64 %w24_4_2, i64 -8, i64 -987654321)
  %w24_4_8 = call i64 @ops_24(i64 %w24_4_5, i64 -8, i64 -1)
  %w24_4_11 = call i64 @ops_24(i64 %w24_4_8, i64 -8, i64 0)
  %w24_5_1 = call i64 @ops_24(i64 %w24_4_11, i64 123456789, i64 -32)
  %w24_5_4 = call i64 @ops_24(i64 %w24_5_1, i64 123456789, i64 366503875925)
  %w24_5_7 = call i64 @ops_24(i64 %w24_5_4, i64 123456789, i64 -8)
  %w24_5_10 = call i64 @ops_24(i64 %w24_5_7, i64 123456789, i64 1)
  %w24_6_0 = call i64 @ops_24(i64 %w24_5_10, i64 -987654321, i64 2147483647)
  %w24_6_3 = call i64 @ops_24(i64 %w24_6_0, i64 -987654321, i64 -513105426295)
  %w24_6_6 = call i64 @ops_24(i64 %w24_6_3, i64 -987654321, i64 123456789)
  %w24_6_9 = call i64 @ops_24(i64 %w24_6_6, i64 -987654321, i64 7)
  %w24_7_2 = call i64 @ops_24(i64 %w24_6_9, i64 366503875925, i64 31)
  %w24_7_5 = call i64 @ops_24(i64 %w24_7_2, i64 366503875925, i64 -987654321)
  %w24_7_8 = call i64 @ops_24(i64 %w24_7_5, i64 366503875925, i64 -1)
  %w24_7_11 = call i64 @ops_24(i64 %w24_7_8, i64 366503875925, i64 0)
  %w24_8_1 = call i64 @ops_24(i64 %w24_7_11, i64 -513105426295, i64 -32)
  %w24_8_4 = call i64 @ops_24(i64 %w24_8_1, i64 -513105426295, i64 366503875925)
  %w24_8_7 = call i64 @ops_24(i64 %w24_8_4, i64 -513105426295, i64 -8)
  %w24_8_10 = call i64 @ops_24(i64 %w24_8_7, i64 -513105426295, i64 1)
  %w24_9_0 = call i64 @ops_24(i64 %w24_8_10, i64 31, i64 2147483647)
  %w24_9_3 = call i64 @ops_24(i64 %w24_9_0, i64 31, i64 -513105426295)
  %w24_9_6 = call i64 @ops_24(i64 %w24_9_3, i64 31, i64 123456789)
  %w24_9_9 = call i64 @ops_24(i64 %w24_9_6, i64 31, i64 7)
  %w24_10_2 = call i64 @ops_24(i64 %w24_9_9, i64 -32, i64 31)
  %w24_10_5 = call i64 @ops_24(i64 %w24_10_2, i64 -32, i64 -987654321)
  %w24_10_8 = call i64 @ops_24(i64 %w24_10_5, i64 -32, i64 -1)
  %w24_10_11 = call i64 @ops_24(i64 %w24_10_8, i64 -32, i64 0)
  %w24_11_1 = call i64 @ops_24(i64 %w24_10_11, i64 2147483647, i64 -32)
  %w24_11_4 = call i64 @ops_24(i64 %w24_11_1, i64 2147483647, i64 366503875925)
  %w24_11_7 = call i64 @ops_24(i64 %w24_11_4, i64 2147483647, i64 -8)
  %w24_11_10 = call i64 @ops_24(i64 %w24_11_7, i64 2147483647, i64 1)
  call i32 (ptr, ...) @printf(ptr @.fmt, i32 24, i64 %w24_11_10)
  %w40_0_0 = call i64 @ops_40(i64 0, i64 0, i64 2147483647)
  %w40_0_3 = call i64 @ops_40(i64 %w40_0_0, i64 0, i64 -513105426295)
  %w40_0_6 = call i64 @ops_40(i64 %w40_0_3, i64 0, i64 123456789)
  %w40_0_9 = call i64 @ops_40(i64 %w40_0_6, i64 0, i64 7)
  %w40_1_2 = call i64 @ops_40(i64 %w40_0_9, i64 1, i64 31)
  %w40_1_5 = call i64 @ops_40(i64 %w40_1_2, i64 1, i64 -987654321)
  %w40_1_8 = call i64 @ops_40(i64 %w40_1_5, i64 1, i64 -1)
  %w40_1_11 = call i64 @ops_40(i64 %w40_1_8, i64 1, i64 0)
  %w40_2_1 = call i64 @ops_40(i64 %w40_1_11, i64 7, i64 -32)
  %w40_2_4 = call i64 @ops_40(i64 %w40_2_1, i64 7, i64 366503875925)
  %w40_2_7 = call i64 @ops_40(i64 %w40_2_4, i64 7, i64 -8)
  %w40_2_10 = call i64 @ops_40(i64 %w40_2_7, i64 7, i64 1)
  %w40_3_0 = call i64 @ops_40(i64 %w40_2_10, i64 -1, i64 2147483647)
  %w40_3_3 = call i64 @ops_40(i64 %w40_3_0, i64 -1, i64 -513105426295)
  %w40_3_6 = call i64 @ops_40(i64 %w40_3_3, i64 -1, i64 123456789)
  %w40_3_9 = call i64 @ops_40(i64 %w40_3_6, i64 -1, i64 7)
  %w40_4_2 = call i64 @ops_40(i64 %w40_3_9, i64 -8, i64 31)
  %w40_4_5 = call i64 @ops_40(i64 %w40_4_2, i64 -8, i64 -987654321)
  %w40_4_8 = call i64 @ops_40(i64 %w40_4_5, i64 -8, i64 -1)
  %w40_4_11 = call i64 @ops_40(i64 %w40_4_8, i64 -8, i64 0)
  %w40_5_1 = call i64 @ops_40(i64 %w40_4_11, i64 123456789, i64 -32)
  %w40_5_4 = call i64 @ops_40(i64 %w40_5_1, i64 123456789, i64 366503875925)
  %w40_5_7 = call i64 @ops_40(i64 %w40_5_4, i64 123456789, i64 -8)
  %w40_5_10 = call i64 @ops_40(i64 %w40_5_7, i64 123456789, i64 1)
  %w40_6_0 = call i64 @ops_40(i64 %w40_5_10, i64 -987654321, i64 2147483647)
  %w40_6_3 = call i64 @ops_40(i64 %w40_6_0, i64 -987654321, i64 -513105426295)
  %w40_6_6 = call i64 @ops_40(i64 %w40_6_3, i64 -987654321, i64 123456789)
  %w40_6_9 = call i64 @ops_40(i64 %w40_6_6, i64 -987654321, i64 7)
  %w40_7_2 = call i64 @ops_40(i64 %w40_6_9, i64 366503875925, i64 31)
  %w40_7_5 = call i64 @ops_40(i64 %w40_7_2, i64 366503875925, i64 -987654321)
  %w40_7_8 = call i64 @ops_40(i64 %w40_7_5, i64 366503875925, i64 -1)
  %w40_7_11 = call i64 @ops_40(i64 %w40_7_8, i64 366503875925, i64 0)
  %w40_8_1 = call i64 @ops_40(i64 %w40_7_11, i64 -513105426295, i64 -32)
  %w40_8_4 = call i64 @ops_40(i64 %w40_8_1, i64 -513105426295, i64 366503875925)
  %w40_8_7 = call i64 @ops_40(i64 %w40_8_4, i64 -513105426295, i64 -8)
  %w40_8_10 = call i64 @ops_40(i64 %w40_8_7, i64 -513105426295, i64 1)
  %w40_9_0 = call i64 @ops_40(i64 %w40_8_10, i64 31, i64 2147483647)
  %w40_9_3 = call i64 @ops_40(i64 %w40_9_0, i64 31, i64 -513105426295)
  %w40_9_6 = call i64 @ops_40(i64 %w40_9_3, i64 31, i64 123456789)
  %w40_9_9 = call i64 @ops_40(i64 %w40_9_6, i64 31, i64 7)
  %w40_10_2 = call i64 @ops_40(i64 %w40_9_9, i64 -32, i64 31)
  %w40_10_5 = call i64 @ops_40(i64 %w40_10_2, i64 -32, i64 -987654321)
  %w40_10_8 = call i64 @ops_40(i64 %w40_10_5, i64 -32, i64 -1)
  %w40_10_11 = call i64 @ops_40(i64 %w40_10_8, i64 -32, i64 0)
  %w40_11_1 = call i64 @ops_40(i64 %w40_10_11, i64 2147483647, i64 -32)
  %w40_11_4 = call i64 @ops_40(i64 %w40_11_1, i64 2147483647, i64 366503875925)
  %w40_11_7 = call i64 @ops_40(i64 %w40_11_4, i64 2147483647, i64 -8)
  %w40_11_10 = call i64 @ops_40(i64 %w40_11_7, i64 2147483647, i64 1)
  call i32 (ptr, ...) @printf(ptr @.fmt, i32 40, i64 %w40_11_10)
  %w57_0_0 = call i64 @ops_57(i64 0, i64 0, i64 2147483647)
  %w57_0_3 = call i64 @ops_57(i64 %w57_0_0, i64 0, i64 -513105426295)
  %w57_0_6 = call i64 @ops_57(i64 %w57_0_3, i64 0, i64 123456789)
  %w57_0_9 = call i64 @ops_57(i64 %w57_0_6, i64 0, i64 7)
  %w57_1_2 = call i64 @ops_57(i64 %w57_0_9, i64 1, i64 31)
  %w57_1_5 = call i64 @ops_57(i64 %w57_1_2, i64 1, i64 -987654321)
  %w57_1_8 = call i64 @ops_57(i64 %w57_1_5, i64 1, i64 -1)
  %w57_1_11 = call i64 @ops_57(i64 %w57_1_8, i64 1, i64 0)
  %w57_2_1 = call i64 @ops_57(i64 %w57_1_11, i64 7, i64 -32)
  %w57_2_4 = call i64 @ops_57(i64 %w57_2_1, i64 7, i64 366503875925)
  %w57_2_7 = call i64 @ops_57(i64 %w57_2_4, i64 7, i64 -8)
  %w57_2_10 = call i64 @ops_57(i64 %w57_2_7, i64 7, i64 1)
  %w57_3_0 = call i64 @ops_57(i64 %w57_2_10, i64 -1, i64 2147483647)
  %w57_3_3 = call i64 @ops_57(i64 %w57_3_0, i64 -1, i64 -513105426295)
  %w57_3_6 = call i64 @ops_57(i64 %w57_3_3, i64 -1, i64 123456789)
  %w57_3_9 = call i64 @ops_57(i64 %w57_3_6, i64 -1, i64 7)
  %w57_4_2 = call i64 @ops_57(i64 %w57_3_9, i64 -8, i64 31)
  %w57_4_5 = call i64 @ops_57(i64 %w57_4_2, i64 -8, i64 -987654321)
  %w57_4_8 = call i64 @ops_57(i64 %w57_4_5, i64 -8, i64 -1)
  %w57_4_11 = call i64 @ops_57(i64 %w57_4_8, i64 -8, i64 0)
  %w57_5_1 = call i64 @ops_57(i64 %w57_4_11, i64 123456789, i64 -32)
  %w57_5_4 = call i64 @ops_57(i64 %w57_5_1, i64 123456789, i64 366503875925)
  %w57_5_7 = call i64 @ops_57(i64 %w57_5_4, i64 123456789, i64 -8)
  %w57_5_10 = call i64 @ops_57(i64 %w57_5_7, i64 123456789, i64 1)
  %w57_6_0 = call i64 @ops_57(i64 %w57_5_10, i64 -987654321, i64 2147483647)
  %w57_6_3 = call i64 @ops_57(i64 %w57_6_0, i64 -987654321, i64 -513105426295)
  %w57_6_6 = call i64 @ops_57(i64 %w57_6_3, i64 -987654321, i64 123456789)
  %w57_6_9 = call i64 @ops_57(i64 %w57_6_6, i64 -987654321, i64 7)
  %w57_7_2 = call i64 @ops_57(i64 %w57_6_9, i64 366503875925, i64 31)
  %w57_7_5 = call i64 @ops_57(i64 %w57_7_2, i64 366503875925, i64 -987654321)
  %w57_7_8 = call i64 @ops_57(i64 %w57_7_5, i64 366503875925, i64 -1)
  %w57_7_11 = call i64 @ops_57(i64 %w57_7_8, i64 366503875925, i64 0)
  %w57_8_1 = call i64 @ops_57(i64 %w57_7_11, i64 -513105426295, i64 -32)
  %w57_8_4 = call i64 @ops_57(i64 %w57_8_1, i64 -513105426295, i64 366503875925)
  %w57_8_7 = call i64 @ops_57(i64 %w57_8_4, i64 -513105426295, i64 -8)
  %w57_8_10 = call i64 @ops_57(i64 %w57_8_7, i64 -513105426295, i64 1)
  %w57_9_0 = call i64 @ops_57(i64 %w57_8_10, i64 31, i64 2147483647)
  %w57_9_3 = call i64 @ops_57(i64 %w57_9_0, i64 31, i64 -513105426295)
  %w57_9_6 = call i64 @ops_57(i64 %w57_9_3, i64 31, i64 123456789)
  %w57_9_9 = call i64 @ops_57(i64 %w57_9_6, i64 31, i64 7)
  %w57_10_2 = call i64 @ops_57(i64 %w57_9_9, i64 -32, i64 31)
  %w57_10_5 = call i64 @ops_57(i64 %w57_10_2, i64 -32, i64 -987654321)
  %w57_10_8 = call i64 @ops_57(i64 %w57_10_5, i64 -32, i64 -1)
  %w57_10_11 = call i64 @ops_57(i64 %w57_10_8, i64 -32, i64 0)
  %w57_11_1 = call i64 @ops_57(i64 %w57_10_11, i64 2147483647, i64 -32)
  %w57_11_4 = call i64 @ops_57(i64 %w57_11_1, i64 2147483647, i64 366503875925)
  %w57_11_7 = call i64 @ops_57(i64 %w57_11_4, i64 2147483647, i64 -8)
  %w57_11_10 = call i64 @ops_57(i64 %w57_11_7, i64 2147483647, i64 1)
  call i32 (ptr, ...) @printf(ptr @.fmt, i32 57, i64 %w57_11_10)
  ret i32 0
}
