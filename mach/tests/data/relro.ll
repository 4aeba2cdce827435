; Pointers in data: .data.rel.ro in PIC for constants needing dynamic
; relocations, .rodata in static; relative pointers between dso_local
; symbols stay in .rodata; GEP offsets from the data layout.
source_filename = "relro.c"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

%struct.S = type { i8, [3 x i32], { i16, ptr } }

@x = global i32 1, align 4
@lx = dso_local global i32 2, align 4
@s = global %struct.S zeroinitializer, align 8
@arr = global [10 x i64] zeroinitializer, align 16
@.str = private unnamed_addr constant [4 x i8] c"abc\00", align 1
@ext = external global i32
@p = constant ptr @x, align 8
@pw = global ptr @x, align 8
@pstr = constant ptr @.str, align 8
@pgep = constant ptr getelementptr inbounds (%struct.S, ptr @s, i64 0, i32 2, i32 1), align 8
@pgep2 = constant ptr getelementptr (i8, ptr getelementptr inbounds ([10 x i64], ptr @arr, i64 0, i64 3), i64 -5), align 8
@pneg = constant ptr getelementptr (i64, ptr @arr, i64 -1), align 8
@pext = constant ptr getelementptr (i8, ptr @ext, i64 16), align 8
@pnull = constant ptr null, align 8
@pint = constant ptr inttoptr (i64 4096 to ptr), align 8
@pnullgep = constant ptr getelementptr (%struct.S, ptr null, i64 1), align 8
@asint = constant i64 ptrtoint (ptr @x to i64), align 8
@asint32 = constant i32 ptrtoint (ptr @x to i32), align 4
@sum = constant i64 add (i64 ptrtoint (ptr @x to i64), i64 12), align 8
@rel = constant i32 trunc (i64 sub (i64 ptrtoint (ptr @x to i64), i64 ptrtoint (ptr @rel to i64)) to i32), align 4
@lrel = dso_local constant i32 trunc (i64 sub (i64 ptrtoint (ptr @lx to i64), i64 ptrtoint (ptr @lrel to i64)) to i32), align 4
@tbl.rel = internal unnamed_addr constant [2 x i32] [i32 trunc (i64 sub (i64 ptrtoint (ptr @.str to i64), i64 ptrtoint (ptr @tbl.rel to i64)) to i32), i32 trunc (i64 sub (i64 ptrtoint (ptr getelementptr inbounds (i8, ptr @.str, i64 1) to i64), i64 ptrtoint (ptr getelementptr inbounds ([2 x i32], ptr @tbl.rel, i64 0, i64 1) to i64)) to i32)], align 4
@relf = dso_local constant i32 trunc (i64 sub (i64 ptrtoint (ptr @fn to i64), i64 ptrtoint (ptr @relf to i64)) to i32), align 4
@releq = dso_local constant i32 trunc (i64 sub (i64 ptrtoint (ptr dso_local_equivalent @fn2 to i64), i64 ptrtoint (ptr @releq to i64)) to i32), align 4
@fnptrs = internal constant [3 x ptr] [ptr @fn, ptr @fn2, ptr null], align 16
@mixed = internal constant { i32, ptr, [2 x i8], ptr } { i32 7, ptr @.str, [2 x i8] c"hi", ptr getelementptr (i8, ptr @.str, i64 2) }, align 8
@nocfi = constant ptr no_cfi @fn2, align 8

declare void @fn() unnamed_addr
declare void @fn2()
@gotequiv = private unnamed_addr constant ptr @x, align 8
@usesgot = global [2 x ptr] [ptr @gotequiv, ptr @x], align 16
@after = global i32 5, align 4
