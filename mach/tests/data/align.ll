; Alignment: preferred alignment of the type (aggregates at least 8),
; explicit alignment raised to the ABI alignment, 16 for globals over 128
; bits without explicit alignment.
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@a1 = global [20 x i8] c"0123456789abcdefghij", align 1
@a2 = global [20 x i8] c"0123456789abcdefghij", align 4
@a3 = global [20 x i8] c"0123456789abcdefghij", align 32
@a4 = global [2 x i64] [i64 1, i64 2], align 2
@a5 = global i64 1, align 2
@a6 = global [16 x i8] c"0123456789abcdef"
@a7 = global [17 x i8] c"0123456789abcdefg"
@a8 = global { i8 } { i8 1 }
@a9 = global <{ i8, i8 }> <{ i8 1, i8 2 }>
@a10 = global [3 x i32] [i32 1, i32 2, i32 3]
@a11 = global [5 x i32] [i32 1, i32 2, i32 3, i32 4, i32 5]
@a12 = global i128 1
@a13 = global x86_fp80 0xK3FFF8000000000000000
@a14 = global [2 x i8] c"ab", align 64
@a15 = global i8 1
@a16 = global <3 x i8> <i8 1, i8 2, i8 3>
@a17 = global ptr null
