; Thread-local data: .tdata and .tbss, STT_TLS symbols.
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@t = thread_local global i32 3, align 4
@tz = thread_local global i32 0, align 4
@ti = internal thread_local global i32 0, align 4
@tie = thread_local(initialexec) global [4 x i64] [i64 1, i64 2, i64 3, i64 4], align 16
@tle = internal thread_local(localexec) global ptr @t, align 8
@tld = thread_local(localdynamic) global [20 x i8] zeroinitializer, align 1
@tw = weak thread_local global i32 5, align 4
@tsec = thread_local global i32 1, section ".tdata.custom", align 4
