; Relative references in global initializers, which C cannot spell:
; 32-bit and 64-bit differences between symbol addresses (PC-relative
; relocations against data), a relative table read with
; llvm.load.relative, and constant GEPs into other globals.
; Hand-written for rcc's differential tests (scripts/difftest.sh).
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

@s0 = private unnamed_addr constant [6 x i8] c"alpha\00", align 1
@s1 = private unnamed_addr constant [5 x i8] c"beta\00", align 1
@s2 = private unnamed_addr constant [6 x i8] c"gamma\00", align 1
@s3 = private unnamed_addr constant [6 x i8] c"delta\00", align 1

; Offsets of each string from the table itself.
@rel_table = private unnamed_addr constant [4 x i32] [
  i32 trunc (i64 sub (i64 ptrtoint (ptr @s0 to i64), i64 ptrtoint (ptr @rel_table to i64)) to i32),
  i32 trunc (i64 sub (i64 ptrtoint (ptr @s1 to i64), i64 ptrtoint (ptr @rel_table to i64)) to i32),
  i32 trunc (i64 sub (i64 ptrtoint (ptr @s2 to i64), i64 ptrtoint (ptr @rel_table to i64)) to i32),
  i32 trunc (i64 sub (i64 ptrtoint (ptr @s3 to i64), i64 ptrtoint (ptr @rel_table to i64)) to i32)
], align 4

@numbers = internal global [8 x i64] [i64 10, i64 20, i64 30, i64 40, i64 50, i64 60, i64 70, i64 80], align 16

; A struct of relative offsets, each relative to its own field.
%reloff = type { i32, i64, i32 }
@self_rel = internal constant %reloff {
  i32 trunc (i64 sub (i64 ptrtoint (ptr getelementptr inbounds ([8 x i64], ptr @numbers, i64 0, i64 3) to i64), i64 ptrtoint (ptr @self_rel to i64)) to i32),
  i64 sub (i64 ptrtoint (ptr getelementptr inbounds ([8 x i64], ptr @numbers, i64 0, i64 5) to i64), i64 ptrtoint (ptr getelementptr inbounds (%reloff, ptr @self_rel, i32 0, i32 1) to i64)),
  i32 trunc (i64 sub (i64 ptrtoint (ptr getelementptr inbounds ([8 x i64], ptr @numbers, i64 0, i64 7) to i64), i64 ptrtoint (ptr getelementptr inbounds (%reloff, ptr @self_rel, i32 0, i32 2) to i64)) to i32)
}, align 8

; Pointers with constant offsets into other globals, and a pointer pair.
@ptrs = internal global [3 x ptr] [ptr getelementptr inbounds ([8 x i64], ptr @numbers, i64 0, i64 2), ptr getelementptr (i8, ptr @numbers, i64 56), ptr @s3], align 16
@distance = internal constant i64 sub (i64 ptrtoint (ptr getelementptr inbounds ([8 x i64], ptr @numbers, i64 0, i64 6) to i64), i64 ptrtoint (ptr @numbers to i64)), align 8

@fmt_s = private unnamed_addr constant [7 x i8] c"%d %s\0A\00", align 1
@fmt_n = private unnamed_addr constant [17 x i8] c"%ld %ld %ld %ld\0A\00", align 1
@fmt_ls = private unnamed_addr constant [8 x i8] c"%ld %s\0A\00", align 1

declare i32 @printf(ptr, ...)
declare ptr @llvm.load.relative.i32(ptr, i32)

define internal ptr @name(i32 %i) noinline {
  %off = shl i32 %i, 2
  %p = call ptr @llvm.load.relative.i32(ptr @rel_table, i32 %off)
  ret ptr %p
}

; Reads the relative table by hand: base + sext(entry).
define internal ptr @name_by_hand(i64 %i) noinline {
  %slot = getelementptr inbounds [4 x i32], ptr @rel_table, i64 0, i64 %i
  %rel = load i32, ptr %slot, align 4
  %ext = sext i32 %rel to i64
  %p = getelementptr i8, ptr @rel_table, i64 %ext
  ret ptr %p
}

define internal i64 @deref_rel(ptr %field) noinline {
  %rel = load i32, ptr %field, align 4
  %ext = sext i32 %rel to i64
  %p = getelementptr i8, ptr %field, i64 %ext
  %v = load i64, ptr %p, align 8
  ret i64 %v
}

define i32 @main() {
entry:
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %next, %loop ]
  %s = call ptr @name(i32 %i)
  %r1 = call i32 (ptr, ...) @printf(ptr @fmt_s, i32 %i, ptr %s)
  %i64 = zext i32 %i to i64
  %s2 = call ptr @name_by_hand(i64 %i64)
  %r2 = call i32 (ptr, ...) @printf(ptr @fmt_s, i32 %i, ptr %s2)
  %next = add i32 %i, 1
  %done = icmp eq i32 %next, 4
  br i1 %done, label %after, label %loop
after:
  %a = call i64 @deref_rel(ptr @self_rel)
  %f1 = getelementptr inbounds %reloff, ptr @self_rel, i32 0, i32 1
  %o1 = load i64, ptr %f1, align 8
  %p1 = getelementptr i8, ptr %f1, i64 %o1
  %b = load i64, ptr %p1, align 8
  %f2 = getelementptr inbounds %reloff, ptr @self_rel, i32 0, i32 2
  %c = call i64 @deref_rel(ptr %f2)
  %d = load i64, ptr @distance, align 8
  %r3 = call i32 (ptr, ...) @printf(ptr @fmt_n, i64 %a, i64 %b, i64 %c, i64 %d)
  %q0 = load ptr, ptr @ptrs, align 16
  %v0 = load i64, ptr %q0, align 8
  %q1p = getelementptr inbounds [3 x ptr], ptr @ptrs, i64 0, i64 1
  %q1 = load ptr, ptr %q1p, align 8
  %v1 = load i64, ptr %q1, align 8
  %q2p = getelementptr inbounds [3 x ptr], ptr @ptrs, i64 0, i64 2
  %q2 = load ptr, ptr %q2p, align 8
  %r4 = call i32 (ptr, ...) @printf(ptr @fmt_ls, i64 %v0, ptr %q2)
  %r5 = call i32 (ptr, ...) @printf(ptr @fmt_n, i64 %v1, i64 %v0, i64 %d, i64 %a)
  ret i32 0
}
