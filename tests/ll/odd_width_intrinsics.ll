; Integer intrinsics on odd widths (promoted to the next legal type and kept
; zero-extended): overflow intrinsics on i12, i24 and i33 (judged at the odd
; width, products also beyond 64 bits), min/max, abs, ctlz/cttz (i5, i24),
; ctpop, bitreverse and bswap.i48, on values at and around the limits.
; Hand-written for rcc's differential tests (scripts/difftest.sh).
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

@fmt = private unnamed_addr constant [9 x i8] c"%d %llx\0A\00"
declare i32 @printf(ptr, ...)
declare {i33, i1} @llvm.smul.with.overflow.i33(i33, i33)
declare {i33, i1} @llvm.umul.with.overflow.i33(i33, i33)
declare {i24, i1} @llvm.sadd.with.overflow.i24(i24, i24)
declare {i24, i1} @llvm.uadd.with.overflow.i24(i24, i24)
declare {i12, i1} @llvm.ssub.with.overflow.i12(i12, i12)
declare {i12, i1} @llvm.usub.with.overflow.i12(i12, i12)
declare i24 @llvm.smax.i24(i24, i24)
declare i24 @llvm.umin.i24(i24, i24)
declare i24 @llvm.abs.i24(i24, i1)
declare i24 @llvm.ctlz.i24(i24, i1)
declare i24 @llvm.cttz.i24(i24, i1)
declare i5 @llvm.cttz.i5(i5, i1)
declare i5 @llvm.ctlz.i5(i5, i1)
declare i24 @llvm.ctpop.i24(i24)
declare i48 @llvm.bswap.i48(i48)
declare i24 @llvm.bitreverse.i24(i24)

define internal void @p(i32 %k, i64 %v) {
  call i32 (ptr, ...) @printf(ptr @fmt, i32 %k, i64 %v)
  ret void
}

define internal void @ovf33(i64 %a, i64 %b) noinline {
  %x = trunc i64 %a to i33
  %y = trunc i64 %b to i33
  %s = call {i33, i1} @llvm.smul.with.overflow.i33(i33 %x, i33 %y)
  %sv = extractvalue {i33, i1} %s, 0
  %so = extractvalue {i33, i1} %s, 1
  %u = call {i33, i1} @llvm.umul.with.overflow.i33(i33 %x, i33 %y)
  %uv = extractvalue {i33, i1} %u, 0
  %uo = extractvalue {i33, i1} %u, 1
  %sv64 = zext i33 %sv to i64
  %uv64 = zext i33 %uv to i64
  %so64 = zext i1 %so to i64
  %uo64 = zext i1 %uo to i64
  call void @p(i32 1, i64 %sv64)
  call void @p(i32 2, i64 %so64)
  call void @p(i32 3, i64 %uv64)
  call void @p(i32 4, i64 %uo64)
  ret void
}

define internal void @ovf24(i32 %a, i32 %b) noinline {
  %x = trunc i32 %a to i24
  %y = trunc i32 %b to i24
  %s = call {i24, i1} @llvm.sadd.with.overflow.i24(i24 %x, i24 %y)
  %sv = extractvalue {i24, i1} %s, 0
  %so = extractvalue {i24, i1} %s, 1
  %u = call {i24, i1} @llvm.uadd.with.overflow.i24(i24 %x, i24 %y)
  %uv = extractvalue {i24, i1} %u, 0
  %uo = extractvalue {i24, i1} %u, 1
  %x12 = trunc i32 %a to i12
  %y12 = trunc i32 %b to i12
  %d = call {i12, i1} @llvm.ssub.with.overflow.i12(i12 %x12, i12 %y12)
  %dv = extractvalue {i12, i1} %d, 0
  %do = extractvalue {i12, i1} %d, 1
  %e = call {i12, i1} @llvm.usub.with.overflow.i12(i12 %x12, i12 %y12)
  %ev = extractvalue {i12, i1} %e, 0
  %eo = extractvalue {i12, i1} %e, 1
  %mx = call i24 @llvm.smax.i24(i24 %x, i24 %y)
  %mn = call i24 @llvm.umin.i24(i24 %x, i24 %y)
  %ab = call i24 @llvm.abs.i24(i24 %x, i1 false)
  %lz = call i24 @llvm.ctlz.i24(i24 %x, i1 false)
  %tz = call i24 @llvm.cttz.i24(i24 %y, i1 false)
  %x5 = trunc i32 %a to i5
  %tz5 = call i5 @llvm.cttz.i5(i5 %x5, i1 false)
  %lz5 = call i5 @llvm.ctlz.i5(i5 %x5, i1 false)
  %pc = call i24 @llvm.ctpop.i24(i24 %x)
  %br = call i24 @llvm.bitreverse.i24(i24 %x)
  %w48 = zext i32 %a to i48
  %w48b = shl i48 %w48, 13
  %bs = call i48 @llvm.bswap.i48(i48 %w48b)
  %r1 = zext i24 %sv to i64
  %r2 = zext i1 %so to i64
  %r3 = zext i24 %uv to i64
  %r4 = zext i1 %uo to i64
  %r5 = zext i12 %dv to i64
  %r6 = zext i1 %do to i64
  %r7 = zext i12 %ev to i64
  %r8 = zext i1 %eo to i64
  %r9 = zext i24 %mx to i64
  %r10 = zext i24 %mn to i64
  %r11 = zext i24 %ab to i64
  %r12 = zext i24 %lz to i64
  %r13 = zext i24 %tz to i64
  %r14 = zext i5 %tz5 to i64
  %r15 = zext i5 %lz5 to i64
  %r16 = zext i24 %pc to i64
  %r17 = zext i24 %br to i64
  %r18 = zext i48 %bs to i64
  call void @p(i32 11, i64 %r1)
  call void @p(i32 12, i64 %r2)
  call void @p(i32 13, i64 %r3)
  call void @p(i32 14, i64 %r4)
  call void @p(i32 15, i64 %r5)
  call void @p(i32 16, i64 %r6)
  call void @p(i32 17, i64 %r7)
  call void @p(i32 18, i64 %r8)
  call void @p(i32 19, i64 %r9)
  call void @p(i32 20, i64 %r10)
  call void @p(i32 21, i64 %r11)
  call void @p(i32 22, i64 %r12)
  call void @p(i32 23, i64 %r13)
  call void @p(i32 24, i64 %r14)
  call void @p(i32 25, i64 %r15)
  call void @p(i32 26, i64 %r16)
  call void @p(i32 27, i64 %r17)
  call void @p(i32 28, i64 %r18)
  ret void
}

define i32 @main() {
  call void @ovf33(i64 65536, i64 65536)
  call void @ovf33(i64 131072, i64 65536)
  call void @ovf33(i64 -65536, i64 65536)
  call void @ovf33(i64 -131072, i64 65536)
  call void @ovf33(i64 8589934591, i64 8589934591)
  call void @ovf33(i64 4294967295, i64 3)
  call void @ovf33(i64 3, i64 5)
  call void @ovf24(i32 4194304, i32 4194304)
  call void @ovf24(i32 -4194304, i32 -4194305)
  call void @ovf24(i32 16777215, i32 1)
  call void @ovf24(i32 2047, i32 -1)
  call void @ovf24(i32 -2048, i32 1)
  call void @ovf24(i32 0, i32 0)
  call void @ovf24(i32 5, i32 1234567)
  call void @ovf24(i32 -8388608, i32 96)
  ret i32 0
}
