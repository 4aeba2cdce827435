; Visibility of definitions and declarations, extern_weak references, and
; the .L<name>$local aliases of dso_local definitions in PIC modules that
; are not PIE (no "PIE Level" flag).
source_filename = "dir/visibility.c"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@hid = hidden global i32 1, align 4
@prot = protected global i32 2, align 4
@hdecl = external hidden global i32
@pdecl = external protected global i32
@ew = extern_weak global i32
@pew = global ptr @ew, align 8
@lcl = dso_local global i32 3, align 4
@lclc = dso_local constant [2 x i32] [i32 1, i32 2], align 4
@plcl = dso_local global ptr @lcl, align 8
@"quoted name" = global i32 4, align 4
@"\01raw" = global i32 5, align 4
@pq = global [2 x ptr] [ptr @"quoted name", ptr @"\01raw"], align 16

declare hidden void @hfn()
declare extern_weak void @wfn()
@pfns = global [2 x ptr] [ptr @hfn, ptr @wfn], align 16

!llvm.module.flags = !{!0}
!0 = !{i32 8, !"PIC Level", i32 2}
