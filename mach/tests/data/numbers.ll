; Initializer layout: integers of odd widths, floating-point formats,
; vectors (including bit-packed ones), structs with padding, packed
; structs, nested aggregates, undef/poison parts.
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

%struct.S = type { i8, i32, i8 }
%struct.P = type <{ i8, i32, i8 }>
%struct.N = type { %struct.S, [2 x %struct.P], double, i16 }

@i1 = global i1 true
@i7 = global i7 -1
@i24 = global i24 1193046
@i48 = global i48 -2
@i96 = global i96 79228162514264337593543950335
@i128 = global i128 -3
@i200 = global i200 123456789012345678901234567890123456789
@h = global half 0xH3C00
@bf = global bfloat 0xR3F80
@f = global float 2.5
@d = global double -1.5
@ld = global x86_fp80 0xK4000C000000000000000
@q = global fp128 0xL00000000000000004000000000000000
@v4 = global <4 x i32> <i32 1, i32 2, i32 3, i32 4>
@v3f = global <3 x float> <float 1.0, float 2.0, float 3.0>
@v8i1 = global <8 x i1> <i1 1, i1 0, i1 1, i1 1, i1 0, i1 0, i1 0, i1 1>
@v3i24 = global <3 x i24> <i24 1, i24 -1, i24 256>
@v2ld = global <2 x x86_fp80> <x86_fp80 0xK3FFF8000000000000000, x86_fp80 0xKC0008000000000000000>
@vsplat = global <4 x i16> splat (i16 7)
@st = global %struct.S { i8 1, i32 2, i8 3 }, align 4
@pk = global %struct.P <{ i8 1, i32 2, i8 3 }>, align 1
@pkn = global %struct.P <{ i8 1, i32 2, i8 3 }>
@nested = global %struct.N { %struct.S { i8 9, i32 8, i8 7 }, [2 x %struct.P] [%struct.P <{ i8 1, i32 -1, i8 2 }>, %struct.P zeroinitializer], double 3.25, i16 -2 }
@withundef = global { i32, i64, i8 } { i32 undef, i64 5, i8 poison }
@arrs = global [2 x [3 x i16]] [[3 x i16] [i16 1, i16 2, i16 3], [3 x i16] [i16 -1, i16 0, i16 7]]
@rep = global [64 x i32] [i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1]
@dbl = constant [3 x double] [double 1.0, double 0.0, double -0.0]
@ldarr = global [2 x x86_fp80] [x86_fp80 0xK3FFF8000000000000000, x86_fp80 0xK00000000000000000000]
@ptrarr = global [2 x ptr] [ptr @i1, ptr null]
@cexpr = global i64 mul (i64 6, i64 7)
@bc = global i64 bitcast (double 1.0 to i64)
@c4 = private unnamed_addr constant i32 5
@c8 = private unnamed_addr constant [2 x i32] [i32 1, i32 2]
@c16 = private unnamed_addr constant <4 x float> <float 1.0, float 2.0, float 3.0, float 4.0>
@c32 = private unnamed_addr constant [8 x i32] [i32 1, i32 2, i32 3, i32 4, i32 1, i32 2, i32 3, i32 4]
@c12 = private unnamed_addr constant [3 x i32] [i32 1, i32 2, i32 3]
@cld = private unnamed_addr constant x86_fp80 0xK4000C000000000000000
