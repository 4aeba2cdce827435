; Zero-initialized data: .comm for common linkage, .local + .comm for local
; zero data in plain .bss, .bss labels otherwise; undef and mixed
; zero/undef aggregates count as zero.
source_filename = "common.c"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@com = common global i32 0, align 4
@combig = common global [100 x i8] zeroinitializer, align 16
@comzero = common global [0 x i8] zeroinitializer, align 1
@icom = internal global i32 0, align 4
@pcom = private global [3 x i16] zeroinitializer, align 2
@izero = internal global [0 x i32] zeroinitializer, align 4
@ext0 = global i64 0, align 8
@weak0 = weak global i64 0, align 8
@u = global i32 undef, align 4
@mixed = internal global { i8, i8, i8, i8 } { i8 0, i8 0, i8 0, i8 undef }, align 4
@mixarr = global [2 x { i32, i32 }] [{ i32, i32 } { i32 0, i32 undef }, { i32, i32 } zeroinitializer], align 4
@negzero = global double -0.0, align 8
@poszero = global double 0.0, align 8
@nullp = internal global ptr null, align 8
@cz = constant i32 0, align 4
@czua = private unnamed_addr constant [2 x i32] zeroinitializer, align 4
@secz = global i32 0, section "mydata", align 4
@bsssec = global i32 0, section ".bss.named", align 4
@hidcom = hidden global i32 0, align 4
@protcom = protected global [8 x i8] zeroinitializer, align 1
