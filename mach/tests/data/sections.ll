; Explicit sections: flags from the global's kind, .bss./.tdata./.tbss.
; names forcing their kind, alignment honored exactly.
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@a = global i32 1, section "foo", align 4
@b = constant i32 2, section "foo", align 4
@c = constant i32 3, section "bar", align 4
@d = global [2 x i64] zeroinitializer, section "baz", align 2
@e = global { i64, i64 } zeroinitializer, section "baz"
@f = global i32 0, section ".bss.mine", align 4
@g = constant ptr @a, section "ptrs", align 8
@h = global i32 7, section ".note.mine", align 4
@k = global i32 8, section ".data.x", align 16
@l = internal global i32 9, section "$weird.name", align 4
@m1 = unnamed_addr constant i32 1, section "mm", align 4
@m2 = unnamed_addr constant i64 1, section "mm", align 8
@m3 = unnamed_addr constant i64 2, section "mm", align 8
@m4 = global i32 1, section "mm", align 4
@x1 = constant i32 1, section ".data", align 4
@x2 = global i32 1, section ".rodata", align 4
@x3 = constant i32 1, section ".rodata.str1.1", align 4
@x4 = unnamed_addr constant i32 1, section ".rodata.cst4", align 4
@x5 = constant i32 1, section ".rodata.cst4", align 4
@x6 = global i32 1, section ".debug_foo", align 4
@x7 = global i32 1, section ".eh_frame", align 4
@x8 = private unnamed_addr constant [4 x i8] c"abc\00", section "strs", align 1
@r1 = global i32 1, section "kept", align 4
@r2 = global i32 2, section "kept", align 4
@llvm.used = appending global [2 x ptr] [ptr @r1, ptr @r2], section "llvm.metadata"
