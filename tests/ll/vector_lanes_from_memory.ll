; Vectors built from lanes loaded from memory, with stores to the same
; addresses between the loads and after them (the selector folds a lane's
; load into its movd/movq only where memory order allows), a lane loaded
; twice, a loaded lane also used as a scalar, and gathers from a 2-D
; array as the vectorizer writes them. main prints each result's lanes.
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

@M = global [8 x [8 x i32]] zeroinitializer, align 16
@L = global [4 x i64] [i64 11, i64 -22, i64 33, i64 -44], align 16
@f4 = private constant [16 x i8] c"%s %d %d %d %d\0A\00"
@f2 = private constant [12 x i8] c"%s %ld %ld\0A\00"
@n.gather = private constant [7 x i8] c"gather\00"
@n.between = private constant [8 x i8] c"between\00"
@n.after = private constant [6 x i8] c"after\00"
@n.twice = private constant [6 x i8] c"twice\00"
@n.scalar = private constant [7 x i8] c"scalar\00"
@n.longs = private constant [6 x i8] c"longs\00"
@n.longs2 = private constant [7 x i8] c"longs2\00"

declare i32 @printf(ptr, ...)

; Column %j of @M, rows %i .. %i+3, times a loaded row.
define internal <4 x i32> @gather(i64 %i, i64 %j) noinline {
  %i1 = or disjoint i64 %i, 1
  %i2 = or disjoint i64 %i, 2
  %i3 = or disjoint i64 %i, 3
  %p0 = getelementptr inbounds [8 x [8 x i32]], ptr @M, i64 0, i64 %i, i64 %j
  %p1 = getelementptr inbounds [8 x [8 x i32]], ptr @M, i64 0, i64 %i1, i64 %j
  %p2 = getelementptr inbounds [8 x [8 x i32]], ptr @M, i64 0, i64 %i2, i64 %j
  %p3 = getelementptr inbounds [8 x [8 x i32]], ptr @M, i64 0, i64 %i3, i64 %j
  %a = load i32, ptr %p0, align 4
  %b = load i32, ptr %p1, align 4
  %c = load i32, ptr %p2, align 4
  %d = load i32, ptr %p3, align 4
  %v0 = insertelement <4 x i32> poison, i32 %a, i64 0
  %v1 = insertelement <4 x i32> %v0, i32 %b, i64 1
  %v2 = insertelement <4 x i32> %v1, i32 %c, i64 2
  %v3 = insertelement <4 x i32> %v2, i32 %d, i64 3
  %row = getelementptr inbounds [8 x [8 x i32]], ptr @M, i64 0, i64 %j, i64 0
  %r = load <4 x i32>, ptr %row, align 16
  %m = mul <4 x i32> %v3, %r
  ret <4 x i32> %m
}

; Each lane's address is written right after it is read: lane k must
; see the old value.
define internal <4 x i32> @between(ptr %p) noinline {
  %p1 = getelementptr i32, ptr %p, i64 1
  %a = load i32, ptr %p, align 4
  store i32 100, ptr %p, align 4
  %b = load i32, ptr %p1, align 4
  store i32 200, ptr %p1, align 4
  %c = load i32, ptr %p, align 4
  %d = load i32, ptr %p1, align 4
  store i32 300, ptr %p, align 4
  %v0 = insertelement <4 x i32> poison, i32 %a, i64 0
  %v1 = insertelement <4 x i32> %v0, i32 %b, i64 1
  %v2 = insertelement <4 x i32> %v1, i32 %c, i64 2
  %v3 = insertelement <4 x i32> %v2, i32 %d, i64 3
  ret <4 x i32> %v3
}

; The stores come after every load, and one overwrites a loaded lane
; through another pointer that may alias.
define internal <4 x i32> @after(ptr %p, ptr %q, i32 %x) noinline {
  %p2 = getelementptr i32, ptr %p, i64 2
  %a = load i32, ptr %p, align 4
  %b = load i32, ptr %p2, align 4
  store i32 %x, ptr %q, align 4
  %v0 = insertelement <4 x i32> poison, i32 %b, i64 0
  %v1 = insertelement <4 x i32> %v0, i32 %x, i64 1
  %v2 = insertelement <4 x i32> %v1, i32 %a, i64 2
  %v3 = insertelement <4 x i32> %v2, i32 %x, i64 3
  store i32 7, ptr %p2, align 4
  ret <4 x i32> %v3
}

define internal <4 x i32> @twice(ptr %p) noinline {
  %a = load i32, ptr %p, align 4
  %p1 = getelementptr i32, ptr %p, i64 3
  %b = load volatile i32, ptr %p1, align 4
  %v0 = insertelement <4 x i32> poison, i32 %a, i64 0
  %v1 = insertelement <4 x i32> %v0, i32 %b, i64 1
  %v2 = insertelement <4 x i32> %v1, i32 %a, i64 2
  %v3 = insertelement <4 x i32> %v2, i32 %b, i64 3
  ret <4 x i32> %v3
}

define internal <4 x i32> @scalar(ptr %p, ptr %out) noinline {
  %a = load i32, ptr %p, align 4
  %p1 = getelementptr i32, ptr %p, i64 1
  %b = load i32, ptr %p1, align 4
  %s = add i32 %a, 5
  store i32 %s, ptr %out, align 4
  %v0 = insertelement <4 x i32> poison, i32 %s, i64 0
  %v1 = insertelement <4 x i32> %v0, i32 %a, i64 1
  %v2 = insertelement <4 x i32> %v1, i32 %b, i64 2
  %v3 = insertelement <4 x i32> %v2, i32 %a, i64 3
  ret <4 x i32> %v3
}

define internal <2 x i64> @longs(ptr %p, i64 %x) noinline {
  %p3 = getelementptr i64, ptr %p, i64 3
  %a = load i64, ptr %p3, align 8
  store i64 %x, ptr %p3, align 8
  %v0 = insertelement <2 x i64> poison, i64 %x, i64 0
  %v1 = insertelement <2 x i64> %v0, i64 %a, i64 1
  ret <2 x i64> %v1
}

define internal <2 x i64> @longs2(ptr %p) noinline {
  %p1 = getelementptr i64, ptr %p, i64 1
  %a = load i64, ptr %p1, align 8
  %b = load i64, ptr %p, align 8
  %v0 = insertelement <2 x i64> poison, i64 %a, i64 0
  %v1 = insertelement <2 x i64> %v0, i64 %b, i64 1
  %s = add <2 x i64> %v1, <i64 1, i64 2>
  ret <2 x i64> %s
}

define internal void @print4(ptr %n, <4 x i32> %v) noinline {
  %a = extractelement <4 x i32> %v, i64 0
  %b = extractelement <4 x i32> %v, i64 1
  %c = extractelement <4 x i32> %v, i64 2
  %d = extractelement <4 x i32> %v, i64 3
  call i32 (ptr, ...) @printf(ptr @f4, ptr %n, i32 %a, i32 %b, i32 %c, i32 %d)
  ret void
}

define internal void @print2(ptr %n, <2 x i64> %v) noinline {
  %a = extractelement <2 x i64> %v, i64 0
  %b = extractelement <2 x i64> %v, i64 1
  call i32 (ptr, ...) @printf(ptr @f2, ptr %n, i64 %a, i64 %b)
  ret void
}

define i32 @main() {
entry:
  br label %fill
fill:
  %k = phi i64 [ 0, %entry ], [ %k1, %fill ]
  %p = getelementptr inbounds i32, ptr @M, i64 %k
  %t = trunc i64 %k to i32
  %v = mul i32 %t, 37
  %w = sub i32 %v, 900
  store i32 %w, ptr %p, align 4
  %k1 = add i64 %k, 1
  %done = icmp eq i64 %k1, 64
  br i1 %done, label %run, label %fill
run:
  %g0 = call <4 x i32> @gather(i64 0, i64 3)
  call void @print4(ptr @n.gather, <4 x i32> %g0)
  %g1 = call <4 x i32> @gather(i64 4, i64 6)
  call void @print4(ptr @n.gather, <4 x i32> %g1)
  %row5 = getelementptr inbounds [8 x [8 x i32]], ptr @M, i64 0, i64 5, i64 2
  %b = call <4 x i32> @between(ptr %row5)
  call void @print4(ptr @n.between, <4 x i32> %b)
  %row6 = getelementptr inbounds [8 x [8 x i32]], ptr @M, i64 0, i64 6, i64 0
  %row6b = getelementptr inbounds [8 x [8 x i32]], ptr @M, i64 0, i64 6, i64 2
  %a1 = call <4 x i32> @after(ptr %row6, ptr %row6, i32 -5)
  call void @print4(ptr @n.after, <4 x i32> %a1)
  %a2 = call <4 x i32> @after(ptr %row6, ptr %row6b, i32 -6)
  call void @print4(ptr @n.after, <4 x i32> %a2)
  %a3 = call <4 x i32> @after(ptr %row6, ptr %row6b, i32 -7)
  call void @print4(ptr @n.after, <4 x i32> %a3)
  %row7 = getelementptr inbounds [8 x [8 x i32]], ptr @M, i64 0, i64 7, i64 1
  %t2 = call <4 x i32> @twice(ptr %row7)
  call void @print4(ptr @n.twice, <4 x i32> %t2)
  %row3 = getelementptr inbounds [8 x [8 x i32]], ptr @M, i64 0, i64 3, i64 3
  %s = call <4 x i32> @scalar(ptr %row3, ptr %row3)
  call void @print4(ptr @n.scalar, <4 x i32> %s)
  %l1 = call <2 x i64> @longs(ptr @L, i64 99)
  call void @print2(ptr @n.longs, <2 x i64> %l1)
  %l2 = call <2 x i64> @longs(ptr @L, i64 98)
  call void @print2(ptr @n.longs, <2 x i64> %l2)
  %l3 = call <2 x i64> @longs2(ptr @L)
  call void @print2(ptr @n.longs2, <2 x i64> %l3)
  ret i32 0
}
