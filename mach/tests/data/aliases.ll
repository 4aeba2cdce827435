; Aliases as .set with linkage, visibility and sizes; aliases of aliases
; after their targets.
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@a2 = alias i32, ptr @a1
@i = global [4 x i32] [i32 1, i32 2, i32 3, i32 4], align 16
@a1 = alias i32, ptr @i
@hid = hidden alias i32, ptr @i
@prot = protected alias i32, ptr @i
@wal = weak alias i32, ptr getelementptr (i8, ptr @i, i64 4)
@wodr = weak_odr alias i32, ptr getelementptr inbounds ([4 x i32], ptr @i, i64 0, i64 2)
@ial = internal alias [4 x i32], ptr @i
@pal = private alias i32, ptr @i
@priv = private global i64 7, align 8
@topriv = alias i64, ptr @priv
@usesal = global ptr @pal, align 8
@usesa1 = global [3 x ptr] [ptr @a1, ptr @wal, ptr @ial], align 16
@reltoal = constant i32 trunc (i64 sub (i64 ptrtoint (ptr @a1 to i64), i64 ptrtoint (ptr @reltoal to i64)) to i32), align 4
