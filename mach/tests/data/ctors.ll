; Static constructors and destructors: .init_array/.fini_array with
; priority suffixes, sorted by priority, grouped with their comdat key.
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

$key = comdat any
@key = linkonce_odr global i32 0, comdat, align 4
@extkey = external global i32
@llvm.global_ctors = appending global [5 x { i32, ptr, ptr }] [{ i32, ptr, ptr } { i32 200, ptr @c1, ptr null }, { i32, ptr, ptr } { i32 65535, ptr @c2, ptr @key }, { i32, ptr, ptr } { i32 100, ptr @c3, ptr null }, { i32, ptr, ptr } { i32 65535, ptr @c4, ptr null }, { i32, ptr, ptr } { i32 200, ptr @c5, ptr @extkey }]
@llvm.global_dtors = appending global [2 x { i32, ptr, ptr }] [{ i32, ptr, ptr } { i32 65535, ptr @d1, ptr null }, { i32, ptr, ptr } { i32 101, ptr @d2, ptr null }]

declare void @c1()
declare void @c2()
declare void @c3()
declare void @c4()
declare void @c5()
declare void @d1()
declare void @d2()
