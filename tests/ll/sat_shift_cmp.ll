; Saturating shifts (`sshl.sat`, `ushl.sat`) and three-way compares
; (`scmp`, `ucmp`, as rustc writes for Ord::cmp) at i8..i128: every pair of
; a fixed set of values (shift amounts reduced below the width); main
; prints one hash per width.
@.fmt = private unnamed_addr constant [14 x i8] c"i%d: %016llx\0A\00"
@vals = internal constant [12 x i64] [i64 0, i64 1, i64 -1, i64 2, i64 3, i64 127, i64 -128, i64 255, i64 32767, i64 -32768, i64 9223372036854775807, i64 -6148914691236517206]
declare i32 @printf(ptr, ...)
define internal i64 @mix(i64 %h, i64 %v) {
  %a = xor i64 %h, %v
  %b = mul i64 %a, 1099511628211
  %c = lshr i64 %b, 29
  %d = xor i64 %b, %c
  ret i64 %d
}
declare i8 @llvm.sshl.sat.i8(i8, i8)
declare i8 @llvm.ushl.sat.i8(i8, i8)
declare i8 @llvm.scmp.i8.i8(i8, i8)
declare i32 @llvm.ucmp.i32.i8(i8, i8)
define internal i64 @ops_8(i64 %h0, i64 %x, i64 %y, i64 %z) noinline {
  %a0 = trunc i64 %x to i8
  %hi = add i8 0, 0
  %hs = add i8 %hi, 0
  %a = xor i8 %a0, %hs
  %b0 = trunc i64 %y to i8
  %b = urem i8 %b0, 8
  %s = call i8 @llvm.sshl.sat.i8(i8 %a, i8 %b)
  %u = call i8 @llvm.ushl.sat.i8(i8 %a, i8 %b)
  %c = call i8 @llvm.scmp.i8.i8(i8 %a, i8 %b0)
  %d = call i32 @llvm.ucmp.i32.i8(i8 %a, i8 %b0)
  %s64 = sext i8 %s to i64
  %u64 = zext i8 %u to i64
  %sh = add i8 0, 0
  %uh = add i8 0, 0
  %sh64 = add i64 0, 0
  %uh64 = add i64 0, 0
  %c64 = sext i8 %c to i64
  %d64 = sext i32 %d to i64
  %h1 = call i64 @mix(i64 %h0, i64 %s64)
  %h2 = call i64 @mix(i64 %h1, i64 %u64)
  %h3 = call i64 @mix(i64 %h2, i64 %sh64)
  %h4 = call i64 @mix(i64 %h3, i64 %uh64)
  %h5 = call i64 @mix(i64 %h4, i64 %c64)
  %h6 = call i64 @mix(i64 %h5, i64 %d64)
  ret i64 %h6
}
define internal void @run_8() {
entry:
  br label %outer
outer:
  %i = phi i64 [ 0, %entry ], [ %i1, %outer_next ]
  %h = phi i64 [ 0, %entry ], [ %hn, %outer_next ]
  %pi = getelementptr [12 x i64], ptr @vals, i64 0, i64 %i
  %x = load volatile i64, ptr %pi
  br label %inner
inner:
  %j = phi i64 [ 0, %outer ], [ %j1, %inner ]
  %g = phi i64 [ %h, %outer ], [ %g1, %inner ]
  %pj = getelementptr [12 x i64], ptr @vals, i64 0, i64 %j
  %y = load volatile i64, ptr %pj
  %z = xor i64 %x, %y
  %g1 = call i64 @ops_8(i64 %g, i64 %x, i64 %y, i64 %z)
  %j1 = add i64 %j, 1
  %jm = icmp ult i64 %j1, 12
  br i1 %jm, label %inner, label %outer_next
outer_next:
  %hn = phi i64 [ %g1, %inner ]
  %i1 = add i64 %i, 1
  %im = icmp ult i64 %i1, 12
  br i1 %im, label %outer, label %done
done:
  %r = call i32 (ptr, ...) @printf(ptr @.fmt, i32 8, i64 %hn)
  ret void
}
declare i16 @llvm.sshl.sat.i16(i16, i16)
declare i16 @llvm.ushl.sat.i16(i16, i16)
declare i8 @llvm.scmp.i8.i16(i16, i16)
declare i32 @llvm.ucmp.i32.i16(i16, i16)
define internal i64 @ops_16(i64 %h0, i64 %x, i64 %y, i64 %z) noinline {
  %a0 = trunc i64 %x to i16
  %hi = add i16 0, 0
  %hs = add i16 %hi, 0
  %a = xor i16 %a0, %hs
  %b0 = trunc i64 %y to i16
  %b = urem i16 %b0, 16
  %s = call i16 @llvm.sshl.sat.i16(i16 %a, i16 %b)
  %u = call i16 @llvm.ushl.sat.i16(i16 %a, i16 %b)
  %c = call i8 @llvm.scmp.i8.i16(i16 %a, i16 %b0)
  %d = call i32 @llvm.ucmp.i32.i16(i16 %a, i16 %b0)
  %s64 = sext i16 %s to i64
  %u64 = zext i16 %u to i64
  %sh = add i16 0, 0
  %uh = add i16 0, 0
  %sh64 = add i64 0, 0
  %uh64 = add i64 0, 0
  %c64 = sext i8 %c to i64
  %d64 = sext i32 %d to i64
  %h1 = call i64 @mix(i64 %h0, i64 %s64)
  %h2 = call i64 @mix(i64 %h1, i64 %u64)
  %h3 = call i64 @mix(i64 %h2, i64 %sh64)
  %h4 = call i64 @mix(i64 %h3, i64 %uh64)
  %h5 = call i64 @mix(i64 %h4, i64 %c64)
  %h6 = call i64 @mix(i64 %h5, i64 %d64)
  ret i64 %h6
}
define internal void @run_16() {
entry:
  br label %outer
outer:
  %i = phi i64 [ 0, %entry ], [ %i1, %outer_next ]
  %h = phi i64 [ 0, %entry ], [ %hn, %outer_next ]
  %pi = getelementptr [12 x i64], ptr @vals, i64 0, i64 %i
  %x = load volatile i64, ptr %pi
  br label %inner
inner:
  %j = phi i64 [ 0, %outer ], [ %j1, %inner ]
  %g = phi i64 [ %h, %outer ], [ %g1, %inner ]
  %pj = getelementptr [12 x i64], ptr @vals, i64 0, i64 %j
  %y = load volatile i64, ptr %pj
  %z = xor i64 %x, %y
  %g1 = call i64 @ops_16(i64 %g, i64 %x, i64 %y, i64 %z)
  %j1 = add i64 %j, 1
  %jm = icmp ult i64 %j1, 12
  br i1 %jm, label %inner, label %outer_next
outer_next:
  %hn = phi i64 [ %g1, %inner ]
  %i1 = add i64 %i, 1
  %im = icmp ult i64 %i1, 12
  br i1 %im, label %outer, label %done
done:
  %r = call i32 (ptr, ...) @printf(ptr @.fmt, i32 16, i64 %hn)
  ret void
}
declare i32 @llvm.sshl.sat.i32(i32, i32)
declare i32 @llvm.ushl.sat.i32(i32, i32)
declare i8 @llvm.scmp.i8.i32(i32, i32)
declare i32 @llvm.ucmp.i32.i32(i32, i32)
define internal i64 @ops_32(i64 %h0, i64 %x, i64 %y, i64 %z) noinline {
  %a0 = trunc i64 %x to i32
  %hi = add i32 0, 0
  %hs = add i32 %hi, 0
  %a = xor i32 %a0, %hs
  %b0 = trunc i64 %y to i32
  %b = urem i32 %b0, 32
  %s = call i32 @llvm.sshl.sat.i32(i32 %a, i32 %b)
  %u = call i32 @llvm.ushl.sat.i32(i32 %a, i32 %b)
  %c = call i8 @llvm.scmp.i8.i32(i32 %a, i32 %b0)
  %d = call i32 @llvm.ucmp.i32.i32(i32 %a, i32 %b0)
  %s64 = sext i32 %s to i64
  %u64 = zext i32 %u to i64
  %sh = add i32 0, 0
  %uh = add i32 0, 0
  %sh64 = add i64 0, 0
  %uh64 = add i64 0, 0
  %c64 = sext i8 %c to i64
  %d64 = sext i32 %d to i64
  %h1 = call i64 @mix(i64 %h0, i64 %s64)
  %h2 = call i64 @mix(i64 %h1, i64 %u64)
  %h3 = call i64 @mix(i64 %h2, i64 %sh64)
  %h4 = call i64 @mix(i64 %h3, i64 %uh64)
  %h5 = call i64 @mix(i64 %h4, i64 %c64)
  %h6 = call i64 @mix(i64 %h5, i64 %d64)
  ret i64 %h6
}
define internal void @run_32() {
entry:
  br label %outer
outer:
  %i = phi i64 [ 0, %entry ], [ %i1, %outer_next ]
  %h = phi i64 [ 0, %entry ], [ %hn, %outer_next ]
  %pi = getelementptr [12 x i64], ptr @vals, i64 0, i64 %i
  %x = load volatile i64, ptr %pi
  br label %inner
inner:
  %j = phi i64 [ 0, %outer ], [ %j1, %inner ]
  %g = phi i64 [ %h, %outer ], [ %g1, %inner ]
  %pj = getelementptr [12 x i64], ptr @vals, i64 0, i64 %j
  %y = load volatile i64, ptr %pj
  %z = xor i64 %x, %y
  %g1 = call i64 @ops_32(i64 %g, i64 %x, i64 %y, i64 %z)
  %j1 = add i64 %j, 1
  %jm = icmp ult i64 %j1, 12
  br i1 %jm, label %inner, label %outer_next
outer_next:
  %hn = phi i64 [ %g1, %inner ]
  %i1 = add i64 %i, 1
  %im = icmp ult i64 %i1, 12
  br i1 %im, label %outer, label %done
done:
  %r = call i32 (ptr, ...) @printf(ptr @.fmt, i32 32, i64 %hn)
  ret void
}
declare i64 @llvm.sshl.sat.i64(i64, i64)
declare i64 @llvm.ushl.sat.i64(i64, i64)
declare i8 @llvm.scmp.i8.i64(i64, i64)
declare i32 @llvm.ucmp.i32.i64(i64, i64)
define internal i64 @ops_64(i64 %h0, i64 %x, i64 %y, i64 %z) noinline {
  %a0 = add i64 %x, 0
  %hi = add i64 0, 0
  %hs = add i64 %hi, 0
  %a = xor i64 %a0, %hs
  %b0 = add i64 %y, 0
  %b = urem i64 %b0, 64
  %s = call i64 @llvm.sshl.sat.i64(i64 %a, i64 %b)
  %u = call i64 @llvm.ushl.sat.i64(i64 %a, i64 %b)
  %c = call i8 @llvm.scmp.i8.i64(i64 %a, i64 %b0)
  %d = call i32 @llvm.ucmp.i32.i64(i64 %a, i64 %b0)
  %s64 = add i64 %s, 0
  %u64 = add i64 %u, 0
  %sh = add i64 0, 0
  %uh = add i64 0, 0
  %sh64 = add i64 0, 0
  %uh64 = add i64 0, 0
  %c64 = sext i8 %c to i64
  %d64 = sext i32 %d to i64
  %h1 = call i64 @mix(i64 %h0, i64 %s64)
  %h2 = call i64 @mix(i64 %h1, i64 %u64)
  %h3 = call i64 @mix(i64 %h2, i64 %sh64)
  %h4 = call i64 @mix(i64 %h3, i64 %uh64)
  %h5 = call i64 @mix(i64 %h4, i64 %c64)
  %h6 = call i64 @mix(i64 %h5, i64 %d64)
  ret i64 %h6
}
define internal void @run_64() {
entry:
  br label %outer
outer:
  %i = phi i64 [ 0, %entry ], [ %i1, %outer_next ]
  %h = phi i64 [ 0, %entry ], [ %hn, %outer_next ]
  %pi = getelementptr [12 x i64], ptr @vals, i64 0, i64 %i
  %x = load volatile i64, ptr %pi
  br label %inner
inner:
  %j = phi i64 [ 0, %outer ], [ %j1, %inner ]
  %g = phi i64 [ %h, %outer ], [ %g1, %inner ]
  %pj = getelementptr [12 x i64], ptr @vals, i64 0, i64 %j
  %y = load volatile i64, ptr %pj
  %z = xor i64 %x, %y
  %g1 = call i64 @ops_64(i64 %g, i64 %x, i64 %y, i64 %z)
  %j1 = add i64 %j, 1
  %jm = icmp ult i64 %j1, 12
  br i1 %jm, label %inner, label %outer_next
outer_next:
  %hn = phi i64 [ %g1, %inner ]
  %i1 = add i64 %i, 1
  %im = icmp ult i64 %i1, 12
  br i1 %im, label %outer, label %done
done:
  %r = call i32 (ptr, ...) @printf(ptr @.fmt, i32 64, i64 %hn)
  ret void
}
declare i128 @llvm.sshl.sat.i128(i128, i128)
declare i128 @llvm.ushl.sat.i128(i128, i128)
declare i8 @llvm.scmp.i8.i128(i128, i128)
declare i32 @llvm.ucmp.i32.i128(i128, i128)
define internal i64 @ops_128(i64 %h0, i64 %x, i64 %y, i64 %z) noinline {
  %a0 = sext i64 %x to i128
  %hi = zext i64 %z to i128
  %hs = shl i128 %hi, 64
  %a = xor i128 %a0, %hs
  %b0 = zext i64 %y to i128
  %b = urem i128 %b0, 128
  %s = call i128 @llvm.sshl.sat.i128(i128 %a, i128 %b)
  %u = call i128 @llvm.ushl.sat.i128(i128 %a, i128 %b)
  %c = call i8 @llvm.scmp.i8.i128(i128 %a, i128 %b0)
  %d = call i32 @llvm.ucmp.i32.i128(i128 %a, i128 %b0)
  %s64 = trunc i128 %s to i64
  %u64 = trunc i128 %u to i64
  %sh = lshr i128 %s, 64
  %uh = lshr i128 %u, 64
  %sh64 = trunc i128 %sh to i64
  %uh64 = trunc i128 %uh to i64
  %c64 = sext i8 %c to i64
  %d64 = sext i32 %d to i64
  %h1 = call i64 @mix(i64 %h0, i64 %s64)
  %h2 = call i64 @mix(i64 %h1, i64 %u64)
  %h3 = call i64 @mix(i64 %h2, i64 %sh64)
  %h4 = call i64 @mix(i64 %h3, i64 %uh64)
  %h5 = call i64 @mix(i64 %h4, i64 %c64)
  %h6 = call i64 @mix(i64 %h5, i64 %d64)
  ret i64 %h6
}
define internal void @run_128() {
entry:
  br label %outer
outer:
  %i = phi i64 [ 0, %entry ], [ %i1, %outer_next ]
  %h = phi i64 [ 0, %entry ], [ %hn, %outer_next ]
  %pi = getelementptr [12 x i64], ptr @vals, i64 0, i64 %i
  %x = load volatile i64, ptr %pi
  br label %inner
inner:
  %j = phi i64 [ 0, %outer ], [ %j1, %inner ]
  %g = phi i64 [ %h, %outer ], [ %g1, %inner ]
  %pj = getelementptr [12 x i64], ptr @vals, i64 0, i64 %j
  %y = load volatile i64, ptr %pj
  %z = xor i64 %x, %y
  %g1 = call i64 @ops_128(i64 %g, i64 %x, i64 %y, i64 %z)
  %j1 = add i64 %j, 1
  %jm = icmp ult i64 %j1, 12
  br i1 %jm, label %inner, label %outer_next
outer_next:
  %hn = phi i64 [ %g1, %inner ]
  %i1 = add i64 %i, 1
  %im = icmp ult i64 %i1, 12
  br i1 %im, label %outer, label %done
done:
  %r = call i32 (ptr, ...) @printf(ptr @.fmt, i32 128, i64 %hn)
  ret void
}
; An odd result width (kept zero-extended): scmp/ucmp to i2.
declare i2 @llvm.scmp.i2.i32(i32, i32)
declare i2 @llvm.ucmp.i2.i32(i32, i32)
@.odd = private unnamed_addr constant [11 x i8] c"i2: %d %d\0A\00"
define internal void @run_odd() {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i1, %loop ]
  %pi = getelementptr [12 x i64], ptr @vals, i64 0, i64 %i
  %x64 = load volatile i64, ptr %pi
  %x = trunc i64 %x64 to i32
  %s = call i2 @llvm.scmp.i2.i32(i32 %x, i32 3)
  %u = call i2 @llvm.ucmp.i2.i32(i32 %x, i32 3)
  %s32 = zext i2 %s to i32
  %u32 = zext i2 %u to i32
  %r = call i32 (ptr, ...) @printf(ptr @.odd, i32 %s32, i32 %u32)
  %i1 = add i64 %i, 1
  %m = icmp ult i64 %i1, 12
  br i1 %m, label %loop, label %done
done:
  ret void
}
define i32 @main() {
  call void @run_odd()
  call void @run_8()
  call void @run_16()
  call void @run_32()
  call void @run_64()
  call void @run_128()
  ret i32 0
}
