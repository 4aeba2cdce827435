; Switch lowering shapes: jump tables (holes, an explicit default case, a
; phi reached from the table and from the range check), bit tests (one to
; three destinations, with and without a bias), a balanced search tree over
; sparse 64-bit values including the extremes, case ranges, i8/i16
; conditions with negative cases, a switch with no cases, a switch in a
; loop whose back edge feeds the header's phis, and unreachable defaults. Each routine is probed over
; a window of values plus the type's extremes; one checksum line per routine.
; Hand-written for rcc's differential tests (scripts/difftest.sh).
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

@fmt = private unnamed_addr constant [12 x i8] c"%s %016llx\0A\00", align 1
@n_table = private unnamed_addr constant [6 x i8] c"table\00", align 1
@n_bits = private unnamed_addr constant [5 x i8] c"bits\00", align 1
@n_tree = private unnamed_addr constant [5 x i8] c"tree\00", align 1
@n_i8 = private unnamed_addr constant [3 x i8] c"i8\00", align 1
@n_i16 = private unnamed_addr constant [4 x i8] c"i16\00", align 1
@n_none = private unnamed_addr constant [5 x i8] c"none\00", align 1
@n_loop = private unnamed_addr constant [5 x i8] c"loop\00", align 1
@n_covered = private unnamed_addr constant [8 x i8] c"covered\00", align 1

declare i32 @printf(ptr, ...)

; Dense: a table over 10..23 with holes, 15 sent to the default explicitly.
define internal i64 @table(i32 %x) noinline {
entry:
  switch i32 %x, label %def [
    i32 10, label %a
    i32 11, label %b
    i32 12, label %c
    i32 13, label %a
    i32 15, label %def
    i32 16, label %d
    i32 17, label %e
    i32 19, label %b
    i32 20, label %c
    i32 21, label %d
    i32 23, label %e ]
a:
  br label %join
b:
  br label %join
c:
  ret i64 300
d:
  br label %join
e:
  %ex = mul i32 %x, 7
  %ez = sext i32 %ex to i64
  br label %join
def:
  br label %join
join:
  %r = phi i64 [ 100, %a ], [ 200, %b ], [ 400, %d ], [ %ez, %e ], [ -1, %def ]
  ret i64 %r
}

; Bit tests: three destinations with a range each in 33..72 (three
; clusters are too few for a table; biased by 33), one destination among
; 1..41 (unbiased), plus a lone far case.
define internal i64 @bits(i32 %x) noinline {
entry:
  switch i32 %x, label %def [
    i32 33, label %a
    i32 34, label %a
    i32 50, label %b
    i32 51, label %b
    i32 70, label %c
    i32 71, label %c
    i32 72, label %c
    i32 1000, label %far ]
a:
  ret i64 1
b:
  ret i64 2
c:
  ret i64 3
far:
  ret i64 4
def:
  %s = call i64 @bits1(i32 %x)
  ret i64 %s
}

define internal i64 @bits1(i32 %x) noinline {
entry:
  switch i32 %x, label %no [
    i32 1, label %yes
    i32 17, label %yes
    i32 40, label %yes
    i32 41, label %yes ]
yes:
  ret i64 10
no:
  ret i64 0
}

; Sparse 64-bit values: a search tree, with the extremes as cases.
define internal i64 @tree(i64 %x) noinline {
entry:
  switch i64 %x, label %def [
    i64 -9223372036854775808, label %a
    i64 9223372036854775807, label %b
    i64 1099511627776, label %c
    i64 -1099511627776, label %d
    i64 0, label %e
    i64 7, label %f
    i64 1000000, label %g
    i64 -42, label %a
    i64 123456789012, label %b
    i64 -5000000000, label %c ]
a:
  ret i64 11
b:
  ret i64 12
c:
  ret i64 13
d:
  ret i64 14
e:
  ret i64 15
f:
  ret i64 16
g:
  ret i64 17
def:
  ret i64 -2
}

; i8 with negative and extreme cases, ranges and a table in the middle.
define internal i64 @sw_i8(i8 %x) noinline {
entry:
  switch i8 %x, label %def [
    i8 -128, label %a
    i8 -127, label %b
    i8 -1, label %c
    i8 0, label %d
    i8 1, label %a
    i8 2, label %b
    i8 3, label %c
    i8 4, label %d
    i8 5, label %a
    i8 126, label %b
    i8 127, label %c ]
a:
  ret i64 21
b:
  ret i64 22
c:
  ret i64 23
d:
  ret i64 24
def:
  %w = zext i8 %x to i64
  ret i64 %w
}

; i16 case ranges (runs of values to one destination).
define internal i64 @sw_i16(i16 %x) noinline {
entry:
  switch i16 %x, label %def [
    i16 100, label %a
    i16 101, label %a
    i16 102, label %a
    i16 103, label %a
    i16 104, label %b
    i16 105, label %b
    i16 106, label %b
    i16 -300, label %c
    i16 -299, label %c
    i16 -298, label %c
    i16 -297, label %c
    i16 32767, label %d
    i16 -32768, label %d
    i16 5000, label %e
    i16 5001, label %e ]
a:
  ret i64 31
b:
  ret i64 32
c:
  ret i64 33
d:
  ret i64 34
e:
  ret i64 35
def:
  ret i64 -3
}

define internal i64 @none(i32 %x) noinline {
entry:
  switch i32 %x, label %only []
only:
  %w = sext i32 %x to i64
  ret i64 %w
}

; A state machine: the switch's back edge feeds the loop header's phis.
define internal i64 @loop(i32 %start) noinline {
entry:
  br label %head
head:
  %s = phi i32 [ %start, %entry ], [ %s1, %one ], [ %s2, %two ], [ %s3, %three ]
  %n = phi i64 [ 0, %entry ], [ %n1, %one ], [ %n1, %two ], [ %n1, %three ]
  %n1 = add i64 %n, 1
  %done = icmp ugt i64 %n, 40
  br i1 %done, label %out, label %disp
disp:
  %m = and i32 %s, 7
  switch i32 %m, label %out [
    i32 0, label %one
    i32 1, label %two
    i32 2, label %three
    i32 3, label %one
    i32 5, label %two
    i32 6, label %three ]
one:
  %s1 = add i32 %s, 3
  br label %head
two:
  %s2 = mul i32 %s, 5
  br label %head
three:
  %s3 = xor i32 %s, 12345
  br label %head
out:
  %w = zext i32 %s to i64
  %r = mul i64 %w, %n
  ret i64 %r
}

define internal i64 @mix(i64 %h, i64 %v) {
  %x = xor i64 %h, %v
  %m = mul i64 %x, 1099511628211
  ret i64 %m
}

define internal void @report(ptr %name, i64 %h) {
  %c = call i32 (ptr, ...) @printf(ptr @fmt, ptr %name, i64 %h)
  ret void
}

define i32 @main() {
entry:
  br label %loop
loop:
  %i = phi i32 [ -1200, %entry ], [ %i1, %loop ]
  %ht = phi i64 [ 0, %entry ], [ %ht1, %loop ]
  %hb = phi i64 [ 0, %entry ], [ %hb1, %loop ]
  %h8 = phi i64 [ 0, %entry ], [ %h81, %loop ]
  %h16 = phi i64 [ 0, %entry ], [ %h161, %loop ]
  %hn = phi i64 [ 0, %entry ], [ %hn1, %loop ]
  %hl = phi i64 [ 0, %entry ], [ %hl1, %loop ]
  %hc = phi i64 [ 0, %entry ], [ %hc2, %loop ]
  %rt = call i64 @table(i32 %i)
  %ht1 = call i64 @mix(i64 %ht, i64 %rt)
  %rb = call i64 @bits(i32 %i)
  %hb1 = call i64 @mix(i64 %hb, i64 %rb)
  %i8 = trunc i32 %i to i8
  %r8 = call i64 @sw_i8(i8 %i8)
  %h81 = call i64 @mix(i64 %h8, i64 %r8)
  %i16 = trunc i32 %i to i16
  %r16 = call i64 @sw_i16(i16 %i16)
  %x16 = mul i16 %i16, 29
  %r16b = call i64 @sw_i16(i16 %x16)
  %h16a = call i64 @mix(i64 %h16, i64 %r16)
  %h161 = call i64 @mix(i64 %h16a, i64 %r16b)
  %rn = call i64 @none(i32 %i)
  %hn1 = call i64 @mix(i64 %hn, i64 %rn)
  %rl = call i64 @loop(i32 %i)
  %hl1 = call i64 @mix(i64 %hl, i64 %rl)
  %rc = call i64 @covered(i32 %i)
  %hc1 = call i64 @mix(i64 %hc, i64 %rc)
  %rcb = call i64 @covered_bits(i32 %i)
  %hc2 = call i64 @mix(i64 %hc1, i64 %rcb)
  %i1 = add i32 %i, 1
  %more = icmp slt i32 %i1, 6000
  br i1 %more, label %loop, label %tree
tree:
  %x0 = call i64 @tree(i64 -9223372036854775808)
  %x1 = call i64 @tree(i64 9223372036854775807)
  %x2 = call i64 @tree(i64 1099511627776)
  %x3 = call i64 @tree(i64 1099511627777)
  %x4 = call i64 @tree(i64 -1099511627776)
  %x5 = call i64 @tree(i64 0)
  %x6 = call i64 @tree(i64 7)
  %x7 = call i64 @tree(i64 8)
  %x8 = call i64 @tree(i64 1000000)
  %x9 = call i64 @tree(i64 -42)
  %x10 = call i64 @tree(i64 123456789012)
  %x11 = call i64 @tree(i64 -5000000000)
  %x12 = call i64 @tree(i64 -9223372036854775807)
  %x13 = call i64 @tree(i64 -1)
  %t0 = call i64 @mix(i64 0, i64 %x0)
  %t1 = call i64 @mix(i64 %t0, i64 %x1)
  %t2 = call i64 @mix(i64 %t1, i64 %x2)
  %t3 = call i64 @mix(i64 %t2, i64 %x3)
  %t4 = call i64 @mix(i64 %t3, i64 %x4)
  %t5 = call i64 @mix(i64 %t4, i64 %x5)
  %t6 = call i64 @mix(i64 %t5, i64 %x6)
  %t7 = call i64 @mix(i64 %t6, i64 %x7)
  %t8 = call i64 @mix(i64 %t7, i64 %x8)
  %t9 = call i64 @mix(i64 %t8, i64 %x9)
  %t10 = call i64 @mix(i64 %t9, i64 %x10)
  %t11 = call i64 @mix(i64 %t10, i64 %x11)
  %t12 = call i64 @mix(i64 %t11, i64 %x12)
  %t13 = call i64 @mix(i64 %t12, i64 %x13)
  %e0 = call i64 @sw_i8(i8 -128)
  %e1 = call i64 @sw_i8(i8 127)
  %e2 = call i64 @sw_i16(i16 -32768)
  %e3 = call i64 @sw_i16(i16 32767)
  %h8e = call i64 @mix(i64 %h81, i64 %e0)
  %h8f = call i64 @mix(i64 %h8e, i64 %e1)
  %h16e = call i64 @mix(i64 %h161, i64 %e2)
  %h16f = call i64 @mix(i64 %h16e, i64 %e3)
  call void @report(ptr @n_table, i64 %ht1)
  call void @report(ptr @n_bits, i64 %hb1)
  call void @report(ptr @n_tree, i64 %t13)
  call void @report(ptr @n_i8, i64 %h8f)
  call void @report(ptr @n_i16, i64 %h16f)
  call void @report(ptr @n_none, i64 %hn1)
  call void @report(ptr @n_loop, i64 %hl1)
  call void @report(ptr @n_covered, i64 %hc2)
  ret i32 0
}

; An unreachable default: the last cluster of a leaf is not tested, a
; table has no range check.
define internal i64 @covered(i32 %x) noinline {
entry:
  %m = and i32 %x, 7
  switch i32 %m, label %unr [
    i32 0, label %a
    i32 1, label %b
    i32 2, label %c
    i32 3, label %a
    i32 4, label %b
    i32 5, label %c
    i32 6, label %a
    i32 7, label %d ]
a:
  ret i64 41
b:
  ret i64 42
c:
  ret i64 43
d:
  ret i64 44
unr:
  unreachable
}

define internal i64 @covered_bits(i32 %x) noinline {
entry:
  %m = and i32 %x, 31
  %big = icmp ugt i32 %m, 20
  br i1 %big, label %out, label %sw
sw:
  switch i32 %m, label %unr [
    i32 0, label %a
    i32 3, label %a
    i32 7, label %b
    i32 8, label %b
    i32 9, label %b
    i32 14, label %a
    i32 1, label %c
    i32 2, label %c
    i32 4, label %c
    i32 5, label %c
    i32 6, label %c
    i32 10, label %c
    i32 11, label %c
    i32 12, label %c
    i32 13, label %c
    i32 15, label %c
    i32 16, label %c
    i32 17, label %c
    i32 18, label %c
    i32 19, label %c
    i32 20, label %c ]
a:
  ret i64 51
b:
  ret i64 52
c:
  ret i64 53
out:
  ret i64 54
unr:
  unreachable
}
