; Mergeable string sections: .rodata.str<W>.<A> for unnamed_addr constant
; arrays of i8/i16/i32 ending in their only NUL; everything else .rodata.
source_filename = "strings.c"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@.str = private unnamed_addr constant [6 x i8] c"hello\00", align 1
@.str.1 = private unnamed_addr constant [3 x i8] c"a\0A\00", align 1
@interior = private unnamed_addr constant [6 x i8] c"he\00lo\00", align 1
@unterminated = internal unnamed_addr constant [5 x i8] c"hello", align 1
@wide16 = unnamed_addr constant [3 x i16] [i16 104, i16 105, i16 0], align 2
@wide32 = unnamed_addr constant [3 x i32] [i32 104, i32 105, i32 0], align 4
@aligned16 = private unnamed_addr constant [6 x i8] c"hello\00", align 16
@aligned4 = private unnamed_addr constant [6 x i8] c"world\00", align 4
@long = private unnamed_addr constant [30 x i8] c"hellohellohellohellohellohell\00"
@empty = private unnamed_addr constant [1 x i8] zeroinitializer, align 1
@twonul = private unnamed_addr constant [2 x i8] zeroinitializer, align 1
@localua = private local_unnamed_addr constant [4 x i8] c"abc\00", align 1
@named = private constant [4 x i8] c"abc\00", align 1
@bytes = private unnamed_addr constant [4 x i8] [i8 120, i8 121, i8 122, i8 0], align 1
@withundef = private unnamed_addr constant [3 x i8] [i8 120, i8 undef, i8 0], align 1
@repeated = internal constant [40 x i8] c"xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx", align 1
@esc = private unnamed_addr constant [6 x i8] c"\22\5C\09\FF\01\00", align 1
@sec = private unnamed_addr constant [4 x i8] c"abc\00", section ".rodata.str1.1", align 1

!llvm.ident = !{!0, !0}
!0 = !{!"rcc test strings"}
