; COMDAT groups (.data.<name> etc. with the group), weak/linkonce linkage,
; llvm.used (SHF_GNU_RETAIN, unique name), llvm.compiler.used (nothing).
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

$cd = comdat any
$grp = comdat any
$cz = comdat any
$cro = comdat any
$cstr = comdat any

@cd = linkonce_odr global i32 1, comdat, align 4
@in_grp1 = linkonce_odr global i64 2, comdat($grp), align 8
@in_grp2 = internal global i64 3, comdat($grp), align 8
@cz = linkonce_odr global [4 x i32] zeroinitializer, comdat, align 16
@cro = linkonce_odr constant ptr @cd, comdat, align 8
@cstr = linkonce_odr unnamed_addr constant [3 x i8] c"ab\00", comdat, align 1
@wk = weak global i32 1, align 4
@wodr = weak_odr constant i32 2, align 4
@lo = linkonce global i32 3, align 4
@kept = internal global i32 4, align 4
@keptz = internal global i32 0, align 4
@keptc = internal unnamed_addr constant [3 x i8] c"ab\00", align 1
@kept2 = global [2 x i16] [i16 1, i16 2], align 2
@llvm.used = appending global [4 x ptr] [ptr @kept, ptr @keptz, ptr @keptc, ptr @kept2], section "llvm.metadata"
@cu = internal global i32 9, align 4
@llvm.compiler.used = appending global [1 x ptr] [ptr @cu], section "llvm.metadata"
