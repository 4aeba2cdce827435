; Atomics on one thread: load/store atomic at each ordering, atomicrmw
; of every integer operation (result read and unread, register and
; constant operands), cmpxchg (value and success, in and across blocks),
; fences, at 8, 16, 32 and 64 bits; loops of atomics. main prints a hash
; per function of results and memory around the location.
@.fmt = private unnamed_addr constant [15 x i8] c"%-16s %016llx\0A\00"
@vals = internal global [16 x i64] [i64 0, i64 1, i64 5, i64 77, i64 128, i64 255, i64 32767, i64 32768, i64 65534, i64 2147483647, i64 2147483648, i64 3735928559, i64 -9223372036854775808, i64 9223372036854775807, i64 -1, i64 1311768467463790320], align 16
@buf = internal global [4 x i64] zeroinitializer, align 16
@.n.rmw_xchg_8_1 = private unnamed_addr constant [13 x i8] c"rmw_xchg_8_1\00"
@.n.rmw_xchg_8_0 = private unnamed_addr constant [13 x i8] c"rmw_xchg_8_0\00"
@.n.rmw_add_8_1 = private unnamed_addr constant [12 x i8] c"rmw_add_8_1\00"
@.n.rmw_add_8_0 = private unnamed_addr constant [12 x i8] c"rmw_add_8_0\00"
@.n.rmw_sub_8_1 = private unnamed_addr constant [12 x i8] c"rmw_sub_8_1\00"
@.n.rmw_sub_8_0 = private unnamed_addr constant [12 x i8] c"rmw_sub_8_0\00"
@.n.rmw_and_8_1 = private unnamed_addr constant [12 x i8] c"rmw_and_8_1\00"
@.n.rmw_and_8_0 = private unnamed_addr constant [12 x i8] c"rmw_and_8_0\00"
@.n.rmw_nand_8_1 = private unnamed_addr constant [13 x i8] c"rmw_nand_8_1\00"
@.n.rmw_nand_8_0 = private unnamed_addr constant [13 x i8] c"rmw_nand_8_0\00"
@.n.rmw_or_8_1 = private unnamed_addr constant [11 x i8] c"rmw_or_8_1\00"
@.n.rmw_or_8_0 = private unnamed_addr constant [11 x i8] c"rmw_or_8_0\00"
@.n.rmw_xor_8_1 = private unnamed_addr constant [12 x i8] c"rmw_xor_8_1\00"
@.n.rmw_xor_8_0 = private unnamed_addr constant [12 x i8] c"rmw_xor_8_0\00"
@.n.rmw_max_8_1 = private unnamed_addr constant [12 x i8] c"rmw_max_8_1\00"
@.n.rmw_max_8_0 = private unnamed_addr constant [12 x i8] c"rmw_max_8_0\00"
@.n.rmw_min_8_1 = private unnamed_addr constant [12 x i8] c"rmw_min_8_1\00"
@.n.rmw_min_8_0 = private unnamed_addr constant [12 x i8] c"rmw_min_8_0\00"
@.n.rmw_umax_8_1 = private unnamed_addr constant [13 x i8] c"rmw_umax_8_1\00"
@.n.rmw_umax_8_0 = private unnamed_addr constant [13 x i8] c"rmw_umax_8_0\00"
@.n.rmw_umin_8_1 = private unnamed_addr constant [13 x i8] c"rmw_umin_8_1\00"
@.n.rmw_umin_8_0 = private unnamed_addr constant [13 x i8] c"rmw_umin_8_0\00"
@.n.rmw_uinc_wrap_8_1 = private unnamed_addr constant [18 x i8] c"rmw_uinc_wrap_8_1\00"
@.n.rmw_uinc_wrap_8_0 = private unnamed_addr constant [18 x i8] c"rmw_uinc_wrap_8_0\00"
@.n.rmw_udec_wrap_8_1 = private unnamed_addr constant [18 x i8] c"rmw_udec_wrap_8_1\00"
@.n.rmw_udec_wrap_8_0 = private unnamed_addr constant [18 x i8] c"rmw_udec_wrap_8_0\00"
@.n.rmwc_add_8 = private unnamed_addr constant [11 x i8] c"rmwc_add_8\00"
@.n.rmwc_sub_8 = private unnamed_addr constant [11 x i8] c"rmwc_sub_8\00"
@.n.rmwc_and_8 = private unnamed_addr constant [11 x i8] c"rmwc_and_8\00"
@.n.rmwc_or_8 = private unnamed_addr constant [10 x i8] c"rmwc_or_8\00"
@.n.rmwc_xor_8 = private unnamed_addr constant [11 x i8] c"rmwc_xor_8\00"
@.n.cas_8 = private unnamed_addr constant [6 x i8] c"cas_8\00"
@.n.ld_8_monotonic = private unnamed_addr constant [15 x i8] c"ld_8_monotonic\00"
@.n.ld_8_acquire = private unnamed_addr constant [13 x i8] c"ld_8_acquire\00"
@.n.ld_8_seq_cst = private unnamed_addr constant [13 x i8] c"ld_8_seq_cst\00"
@.n.st_8_monotonic = private unnamed_addr constant [15 x i8] c"st_8_monotonic\00"
@.n.stc_8_monotonic = private unnamed_addr constant [16 x i8] c"stc_8_monotonic\00"
@.n.st_8_release = private unnamed_addr constant [13 x i8] c"st_8_release\00"
@.n.stc_8_release = private unnamed_addr constant [14 x i8] c"stc_8_release\00"
@.n.st_8_seq_cst = private unnamed_addr constant [13 x i8] c"st_8_seq_cst\00"
@.n.stc_8_seq_cst = private unnamed_addr constant [14 x i8] c"stc_8_seq_cst\00"
@.n.rmw_xchg_16_1 = private unnamed_addr constant [14 x i8] c"rmw_xchg_16_1\00"
@.n.rmw_xchg_16_0 = private unnamed_addr constant [14 x i8] c"rmw_xchg_16_0\00"
@.n.rmw_add_16_1 = private unnamed_addr constant [13 x i8] c"rmw_add_16_1\00"
@.n.rmw_add_16_0 = private unnamed_addr constant [13 x i8] c"rmw_add_16_0\00"
@.n.rmw_sub_16_1 = private unnamed_addr constant [13 x i8] c"rmw_sub_16_1\00"
@.n.rmw_sub_16_0 = private unnamed_addr constant [13 x i8] c"rmw_sub_16_0\00"
@.n.rmw_and_16_1 = private unnamed_addr constant [13 x i8] c"rmw_and_16_1\00"
@.n.rmw_and_16_0 = private unnamed_addr constant [13 x i8] c"rmw_and_16_0\00"
@.n.rmw_nand_16_1 = private unnamed_addr constant [14 x i8] c"rmw_nand_16_1\00"
@.n.rmw_nand_16_0 = private unnamed_addr constant [14 x i8] c"rmw_nand_16_0\00"
@.n.rmw_or_16_1 = private unnamed_addr constant [12 x i8] c"rmw_or_16_1\00"
@.n.rmw_or_16_0 = private unnamed_addr constant [12 x i8] c"rmw_or_16_0\00"
@.n.rmw_xor_16_1 = private unnamed_addr constant [13 x i8] c"rmw_xor_16_1\00"
@.n.rmw_xor_16_0 = private unnamed_addr constant [13 x i8] c"rmw_xor_16_0\00"
@.n.rmw_max_16_1 = private unnamed_addr constant [13 x i8] c"rmw_max_16_1\00"
@.n.rmw_max_16_0 = private unnamed_addr constant [13 x i8] c"rmw_max_16_0\00"
@.n.rmw_min_16_1 = private unnamed_addr constant [13 x i8] c"rmw_min_16_1\00"
@.n.rmw_min_16_0 = private unnamed_addr constant [13 x i8] c"rmw_min_16_0\00"
@.n.rmw_umax_16_1 = private unnamed_addr constant [14 x i8] c"rmw_umax_16_1\00"
@.n.rmw_umax_16_0 = private unnamed_addr constant [14 x i8] c"rmw_umax_16_0\00"
@.n.rmw_umin_16_1 = private unnamed_addr constant [14 x i8] c"rmw_umin_16_1\00"
@.n.rmw_umin_16_0 = private unnamed_addr constant [14 x i8] c"rmw_umin_16_0\00"
@.n.rmw_uinc_wrap_16_1 = private unnamed_addr constant [19 x i8] c"rmw_uinc_wrap_16_1\00"
@.n.rmw_uinc_wrap_16_0 = private unnamed_addr constant [19 x i8] c"rmw_uinc_wrap_16_0\00"
@.n.rmw_udec_wrap_16_1 = private unnamed_addr constant [19 x i8] c"rmw_udec_wrap_16_1\00"
@.n.rmw_udec_wrap_16_0 = private unnamed_addr constant [19 x i8] c"rmw_udec_wrap_16_0\00"
@.n.rmwc_add_16 = private unnamed_addr constant [12 x i8] c"rmwc_add_16\00"
@.n.rmwc_sub_16 = private unnamed_addr constant [12 x i8] c"rmwc_sub_16\00"
@.n.rmwc_and_16 = private unnamed_addr constant [12 x i8] c"rmwc_and_16\00"
@.n.rmwc_or_16 = private unnamed_addr constant [11 x i8] c"rmwc_or_16\00"
@.n.rmwc_xor_16 = private unnamed_addr constant [12 x i8] c"rmwc_xor_16\00"
@.n.cas_16 = private unnamed_addr constant [7 x i8] c"cas_16\00"
@.n.ld_16_monotonic = private unnamed_addr constant [16 x i8] c"ld_16_monotonic\00"
@.n.ld_16_acquire = private unnamed_addr constant [14 x i8] c"ld_16_acquire\00"
@.n.ld_16_seq_cst = private unnamed_addr constant [14 x i8] c"ld_16_seq_cst\00"
@.n.st_16_monotonic = private unnamed_addr constant [16 x i8] c"st_16_monotonic\00"
@.n.stc_16_monotonic = private unnamed_addr constant [17 x i8] c"stc_16_monotonic\00"
@.n.st_16_release = private unnamed_addr constant [14 x i8] c"st_16_release\00"
@.n.stc_16_release = private unnamed_addr constant [15 x i8] c"stc_16_release\00"
@.n.st_16_seq_cst = private unnamed_addr constant [14 x i8] c"st_16_seq_cst\00"
@.n.stc_16_seq_cst = private unnamed_addr constant [15 x i8] c"stc_16_seq_cst\00"
@.n.rmw_xchg_32_1 = private unnamed_addr constant [14 x i8] c"rmw_xchg_32_1\00"
@.n.rmw_xchg_32_0 = private unnamed_addr constant [14 x i8] c"rmw_xchg_32_0\00"
@.n.rmw_add_32_1 = private unnamed_addr constant [13 x i8] c"rmw_add_32_1\00"
@.n.rmw_add_32_0 = private unnamed_addr constant [13 x i8] c"rmw_add_32_0\00"
@.n.rmw_sub_32_1 = private unnamed_addr constant [13 x i8] c"rmw_sub_32_1\00"
@.n.rmw_sub_32_0 = private unnamed_addr constant [13 x i8] c"rmw_sub_32_0\00"
@.n.rmw_and_32_1 = private unnamed_addr constant [13 x i8] c"rmw_and_32_1\00"
@.n.rmw_and_32_0 = private unnamed_addr constant [13 x i8] c"rmw_and_32_0\00"
@.n.rmw_nand_32_1 = private unnamed_addr constant [14 x i8] c"rmw_nand_32_1\00"
@.n.rmw_nand_32_0 = private unnamed_addr constant [14 x i8] c"rmw_nand_32_0\00"
@.n.rmw_or_32_1 = private unnamed_addr constant [12 x i8] c"rmw_or_32_1\00"
@.n.rmw_or_32_0 = private unnamed_addr constant [12 x i8] c"rmw_or_32_0\00"
@.n.rmw_xor_32_1 = private unnamed_addr constant [13 x i8] c"rmw_xor_32_1\00"
@.n.rmw_xor_32_0 = private unnamed_addr constant [13 x i8] c"rmw_xor_32_0\00"
@.n.rmw_max_32_1 = private unnamed_addr constant [13 x i8] c"rmw_max_32_1\00"
@.n.rmw_max_32_0 = private unnamed_addr constant [13 x i8] c"rmw_max_32_0\00"
@.n.rmw_min_32_1 = private unnamed_addr constant [13 x i8] c"rmw_min_32_1\00"
@.n.rmw_min_32_0 = private unnamed_addr constant [13 x i8] c"rmw_min_32_0\00"
@.n.rmw_umax_32_1 = private unnamed_addr constant [14 x i8] c"rmw_umax_32_1\00"
@.n.rmw_umax_32_0 = private unnamed_addr constant [14 x i8] c"rmw_umax_32_0\00"
@.n.rmw_umin_32_1 = private unnamed_addr constant [14 x i8] c"rmw_umin_32_1\00"
@.n.rmw_umin_32_0 = private unnamed_addr constant [14 x i8] c"rmw_umin_32_0\00"
@.n.rmw_uinc_wrap_32_1 = private unnamed_addr constant [19 x i8] c"rmw_uinc_wrap_32_1\00"
@.n.rmw_uinc_wrap_32_0 = private unnamed_addr constant [19 x i8] c"rmw_uinc_wrap_32_0\00"
@.n.rmw_udec_wrap_32_1 = private unnamed_addr constant [19 x i8] c"rmw_udec_wrap_32_1\00"
@.n.rmw_udec_wrap_32_0 = private unnamed_addr constant [19 x i8] c"rmw_udec_wrap_32_0\00"
@.n.rmwc_add_32 = private unnamed_addr constant [12 x i8] c"rmwc_add_32\00"
@.n.rmwc_sub_32 = private unnamed_addr constant [12 x i8] c"rmwc_sub_32\00"
@.n.rmwc_and_32 = private unnamed_addr constant [12 x i8] c"rmwc_and_32\00"
@.n.rmwc_or_32 = private unnamed_addr constant [11 x i8] c"rmwc_or_32\00"
@.n.rmwc_xor_32 = private unnamed_addr constant [12 x i8] c"rmwc_xor_32\00"
@.n.cas_32 = private unnamed_addr constant [7 x i8] c"cas_32\00"
@.n.ld_32_monotonic = private unnamed_addr constant [16 x i8] c"ld_32_monotonic\00"
@.n.ld_32_acquire = private unnamed_addr constant [14 x i8] c"ld_32_acquire\00"
@.n.ld_32_seq_cst = private unnamed_addr constant [14 x i8] c"ld_32_seq_cst\00"
@.n.st_32_monotonic = private unnamed_addr constant [16 x i8] c"st_32_monotonic\00"
@.n.stc_32_monotonic = private unnamed_addr constant [17 x i8] c"stc_32_monotonic\00"
@.n.st_32_release = private unnamed_addr constant [14 x i8] c"st_32_release\00"
@.n.stc_32_release = private unnamed_addr constant [15 x i8] c"stc_32_release\00"
@.n.st_32_seq_cst = private unnamed_addr constant [14 x i8] c"st_32_seq_cst\00"
@.n.stc_32_seq_cst = private unnamed_addr constant [15 x i8] c"stc_32_seq_cst\00"
@.n.rmw_xchg_64_1 = private unnamed_addr constant [14 x i8] c"rmw_xchg_64_1\00"
@.n.rmw_xchg_64_0 = private unnamed_addr constant [14 x i8] c"rmw_xchg_64_0\00"
@.n.rmw_add_64_1 = private unnamed_addr constant [13 x i8] c"rmw_add_64_1\00"
@.n.rmw_add_64_0 = private unnamed_addr constant [13 x i8] c"rmw_add_64_0\00"
@.n.rmw_sub_64_1 = private unnamed_addr constant [13 x i8] c"rmw_sub_64_1\00"
@.n.rmw_sub_64_0 = private unnamed_addr constant [13 x i8] c"rmw_sub_64_0\00"
@.n.rmw_and_64_1 = private unnamed_addr constant [13 x i8] c"rmw_and_64_1\00"
@.n.rmw_and_64_0 = private unnamed_addr constant [13 x i8] c"rmw_and_64_0\00"
@.n.rmw_nand_64_1 = private unnamed_addr constant [14 x i8] c"rmw_nand_64_1\00"
@.n.rmw_nand_64_0 = private unnamed_addr constant [14 x i8] c"rmw_nand_64_0\00"
@.n.rmw_or_64_1 = private unnamed_addr constant [12 x i8] c"rmw_or_64_1\00"
@.n.rmw_or_64_0 = private unnamed_addr constant [12 x i8] c"rmw_or_64_0\00"
@.n.rmw_xor_64_1 = private unnamed_addr constant [13 x i8] c"rmw_xor_64_1\00"
@.n.rmw_xor_64_0 = private unnamed_addr constant [13 x i8] c"rmw_xor_64_0\00"
@.n.rmw_max_64_1 = private unnamed_addr constant [13 x i8] c"rmw_max_64_1\00"
@.n.rmw_max_64_0 = private unnamed_addr constant [13 x i8] c"rmw_max_64_0\00"
@.n.rmw_min_64_1 = private unnamed_addr constant [13 x i8] c"rmw_min_64_1\00"
@.n.rmw_min_64_0 = private unnamed_addr constant [13 x i8] c"rmw_min_64_0\00"
@.n.rmw_umax_64_1 = private unnamed_addr constant [14 x i8] c"rmw_umax_64_1\00"
@.n.rmw_umax_64_0 = private unnamed_addr constant [14 x i8] c"rmw_umax_64_0\00"
@.n.rmw_umin_64_1 = private unnamed_addr constant [14 x i8] c"rmw_umin_64_1\00"
@.n.rmw_umin_64_0 = private unnamed_addr constant [14 x i8] c"rmw_umin_64_0\00"
@.n.rmw_uinc_wrap_64_1 = private unnamed_addr constant [19 x i8] c"rmw_uinc_wrap_64_1\00"
@.n.rmw_uinc_wrap_64_0 = private unnamed_addr constant [19 x i8] c"rmw_uinc_wrap_64_0\00"
@.n.rmw_udec_wrap_64_1 = private unnamed_addr constant [19 x i8] c"rmw_udec_wrap_64_1\00"
@.n.rmw_udec_wrap_64_0 = private unnamed_addr constant [19 x i8] c"rmw_udec_wrap_64_0\00"
@.n.rmwc_add_64 = private unnamed_addr constant [12 x i8] c"rmwc_add_64\00"
@.n.rmwc_sub_64 = private unnamed_addr constant [12 x i8] c"rmwc_sub_64\00"
@.n.rmwc_and_64 = private unnamed_addr constant [12 x i8] c"rmwc_and_64\00"
@.n.rmwc_or_64 = private unnamed_addr constant [11 x i8] c"rmwc_or_64\00"
@.n.rmwc_xor_64 = private unnamed_addr constant [12 x i8] c"rmwc_xor_64\00"
@.n.cas_64 = private unnamed_addr constant [7 x i8] c"cas_64\00"
@.n.ld_64_monotonic = private unnamed_addr constant [16 x i8] c"ld_64_monotonic\00"
@.n.ld_64_acquire = private unnamed_addr constant [14 x i8] c"ld_64_acquire\00"
@.n.ld_64_seq_cst = private unnamed_addr constant [14 x i8] c"ld_64_seq_cst\00"
@.n.st_64_monotonic = private unnamed_addr constant [16 x i8] c"st_64_monotonic\00"
@.n.stc_64_monotonic = private unnamed_addr constant [17 x i8] c"stc_64_monotonic\00"
@.n.st_64_release = private unnamed_addr constant [14 x i8] c"st_64_release\00"
@.n.stc_64_release = private unnamed_addr constant [15 x i8] c"stc_64_release\00"
@.n.st_64_seq_cst = private unnamed_addr constant [14 x i8] c"st_64_seq_cst\00"
@.n.stc_64_seq_cst = private unnamed_addr constant [15 x i8] c"stc_64_seq_cst\00"
@.n.phiafter = private unnamed_addr constant [9 x i8] c"phiafter\00"
@.n.loopcas = private unnamed_addr constant [8 x i8] c"loopcas\00"
@.n.casx = private unnamed_addr constant [5 x i8] c"casx\00"
declare i32 @printf(ptr, ...)
define internal i64 @mix(i64 %h, i64 %v) {
  %a = xor i64 %h, %v
  %b = mul i64 %a, 1099511628211
  %c = lshr i64 %b, 29
  %d = xor i64 %b, %c
  ret i64 %d
}

define internal i64 @rmw_xchg_8_1(ptr %p, i64 %v64) noinline {
  %v = trunc i64 %v64 to i8
  %r = atomicrmw xchg ptr %p, i8 %v seq_cst, align 1
  %z = zext i8 %r to i64
  ret i64 %z
}
define internal i64 @rmw_xchg_8_0(ptr %p, i64 %v64) noinline {
  %v = trunc i64 %v64 to i8
  %r = atomicrmw xchg ptr %p, i8 %v seq_cst, align 1
  ret i64 0
}
define internal i64 @rmw_add_8_1(ptr %p, i64 %v64) noinline {
  %v = trunc i64 %v64 to i8
  %r = atomicrmw add ptr %p, i8 %v seq_cst, align 1
  %z = zext i8 %r to i64
  ret i64 %z
}
define internal i64 @rmw_add_8_0(ptr %p, i64 %v64) noinline {
  %v = trunc i64 %v64 to i8
  %r = atomicrmw add ptr %p, i8 %v seq_cst, align 1
  ret i64 0
}
define internal i64 @rmw_sub_8_1(ptr %p, i64 %v64) noinline {
  %v = trunc i64 %v64 to i8
  %r = atomicrmw sub ptr %p, i8 %v seq_cst, align 1
  %z = zext i8 %r to i64
  ret i64 %z
}
define internal i64 @rmw_sub_8_0(ptr %p, i64 %v64) noinline {
  %v = trunc i64 %v64 to i8
  %r = atomicrmw sub ptr %p, i8 %v seq_cst, align 1
  ret i64 0
}
define internal i64 @rmw_and_8_1(ptr %p, i64 %v64) noinline {
  %v = trunc i64 %v64 to i8
  %r = atomicrmw and ptr %p, i8 %v seq_cst, align 1
  %z = zext i8 %r to i64
  ret i64 %z
}
define internal i64 @rmw_and_8_0(ptr %p, i64 %v64) noinline {
  %v = trunc i64 %v64 to i8
  %r = atomicrmw and ptr %p, i8 %v seq_cst, align 1
  ret i64 0
}
define internal i64 @rmw_nand_8_1(ptr %p, i64 %v64) noinline {
  %v = trunc i64 %v64 to i8
  %r = atomicrmw nand ptr %p, i8 %v seq_cst, align 1
  %z = zext i8 %r to i64
  ret i64 %z
}
define internal i64 @rmw_nand_8_0(ptr %p, i64 %v64) noinline {
  %v = trunc i64 %v64 to i8
  %r = atomicrmw nand ptr %p, i8 %v seq_cst, align 1
  ret i64 0
}
define internal i64 @rmw_or_8_1(ptr %p, i64 %v64) noinline {
  %v = trunc i64 %v64 to i8
  %r = atomicrmw or ptr %p, i8 %v seq_cst, align 1
  %z = zext i8 %r to i64
  ret i64 %z
}
define internal i64 @rmw_or_8_0(ptr %p, i64 %v64) noinline {
  %v = trunc i64 %v64 to i8
  %r = atomicrmw or ptr %p, i8 %v seq_cst, align 1
  ret i64 0
}
define internal i64 @rmw_xor_8_1(ptr %p, i64 %v64) noinline {
  %v = trunc i64 %v64 to i8
  %r = atomicrmw xor ptr %p, i8 %v seq_cst, align 1
  %z = zext i8 %r to i64
  ret i64 %z
}
define internal i64 @rmw_xor_8_0(ptr %p, i64 %v64) noinline {
  %v = trunc i64 %v64 to i8
  %r = atomicrmw xor ptr %p, i8 %v seq_cst, align 1
  ret i64 0
}
define internal i64 @rmw_max_8_1(ptr %p, i64 %v64) noinline {
  %v = trunc i64 %v64 to i8
  %r = atomicrmw max ptr %p, i8 %v seq_cst, align 1
  %z = zext i8 %r to i64
  ret i64 %z
}
define internal i64 @rmw_max_8_0(ptr %p, i64 %v64) noinline {
  %v = trunc i64 %v64 to i8
  %r = atomicrmw max ptr %p, i8 %v seq_cst, align 1
  ret i64 0
}
define internal i64 @rmw_min_8_1(ptr %p, i64 %v64) noinline {
  %v = trunc i64 %v64 to i8
  %r = atomicrmw min ptr %p, i8 %v seq_cst, align 1
  %z = zext i8 %r to i64
  ret i64 %z
}
define internal i64 @rmw_min_8_0(ptr %p, i64 %v64) noinline {
  %v = trunc i64 %v64 to i8
  %r = atomicrmw min ptr %p, i8 %v seq_cst, align 1
  ret i64 0
}
define internal i64 @rmw_umax_8_1(ptr %p, i64 %v64) noinline {
  %v = trunc i64 %v64 to i8
  %r = atomicrmw umax ptr %p, i8 %v seq_cst, align 1
  %z = zext i8 %r to i64
  ret i64 %z
}
define internal i64 @rmw_umax_8_0(ptr %p, i64 %v64) noinline {
  %v = trunc i64 %v64 to i8
  %r = atomicrmw umax ptr %p, i8 %v seq_cst, align 1
  ret i64 0
}
define internal i64 @rmw_umin_8_1(ptr %p, i64 %v64) noinline {
  %v = trunc i64 %v64 to i8
  %r = atomicrmw umin ptr %p, i8 %v seq_cst, align 1
  %z = zext i8 %r to i64
  ret i64 %z
}
define internal i64 @rmw_umin_8_0(ptr %p, i64 %v64) noinline {
  %v = trunc i64 %v64 to i8
  %r = atomicrmw umin ptr %p, i8 %v seq_cst, align 1
  ret i64 0
}
define internal i64 @rmw_uinc_wrap_8_1(ptr %p, i64 %v64) noinline {
  %v = trunc i64 %v64 to i8
  %r = atomicrmw uinc_wrap ptr %p, i8 %v seq_cst, align 1
  %z = zext i8 %r to i64
  ret i64 %z
}
define internal i64 @rmw_uinc_wrap_8_0(ptr %p, i64 %v64) noinline {
  %v = trunc i64 %v64 to i8
  %r = atomicrmw uinc_wrap ptr %p, i8 %v seq_cst, align 1
  ret i64 0
}
define internal i64 @rmw_udec_wrap_8_1(ptr %p, i64 %v64) noinline {
  %v = trunc i64 %v64 to i8
  %r = atomicrmw udec_wrap ptr %p, i8 %v seq_cst, align 1
  %z = zext i8 %r to i64
  ret i64 %z
}
define internal i64 @rmw_udec_wrap_8_0(ptr %p, i64 %v64) noinline {
  %v = trunc i64 %v64 to i8
  %r = atomicrmw udec_wrap ptr %p, i8 %v seq_cst, align 1
  ret i64 0
}
define internal i64 @rmwc_add_8(ptr %p, i64 %v64) noinline {
  %r = atomicrmw add ptr %p, i8 77 monotonic, align 1
  ret i64 0
}
define internal i64 @rmwc_sub_8(ptr %p, i64 %v64) noinline {
  %r = atomicrmw sub ptr %p, i8 77 monotonic, align 1
  ret i64 0
}
define internal i64 @rmwc_and_8(ptr %p, i64 %v64) noinline {
  %r = atomicrmw and ptr %p, i8 77 monotonic, align 1
  ret i64 0
}
define internal i64 @rmwc_or_8(ptr %p, i64 %v64) noinline {
  %r = atomicrmw or ptr %p, i8 77 monotonic, align 1
  ret i64 0
}
define internal i64 @rmwc_xor_8(ptr %p, i64 %v64) noinline {
  %r = atomicrmw xor ptr %p, i8 77 monotonic, align 1
  ret i64 0
}
define internal i64 @cas_8(ptr %p, i64 %v64) noinline {
  %v = trunc i64 %v64 to i8
  %e = load i8, ptr %p
  %c = xor i8 %e, %v
  %s = and i8 %v, 1
  %cmp = icmp eq i8 %s, 0
  %exp = select i1 %cmp, i8 %e, i8 %c
  %r = cmpxchg ptr %p, i8 %exp, i8 %v seq_cst seq_cst, align 1
  %old = extractvalue { i8, i1 } %r, 0
  %ok = extractvalue { i8, i1 } %r, 1
  %z = zext i8 %old to i64
  %k = zext i1 %ok to i64
  %k2 = shl i64 %k, 63
  %res = xor i64 %z, %k2
  ret i64 %res
}
define internal i64 @ld_8_monotonic(ptr %p, i64 %v64) noinline {
  %r = load atomic i8, ptr %p monotonic, align 1
  %z = zext i8 %r to i64
  ret i64 %z
}
define internal i64 @ld_8_acquire(ptr %p, i64 %v64) noinline {
  %r = load atomic i8, ptr %p acquire, align 1
  %z = zext i8 %r to i64
  ret i64 %z
}
define internal i64 @ld_8_seq_cst(ptr %p, i64 %v64) noinline {
  %r = load atomic i8, ptr %p seq_cst, align 1
  %z = zext i8 %r to i64
  ret i64 %z
}
define internal i64 @st_8_monotonic(ptr %p, i64 %v64) noinline {
  %v = trunc i64 %v64 to i8
  store atomic i8 %v, ptr %p monotonic, align 1
  fence seq_cst
  fence acquire
  ret i64 1
}
define internal i64 @stc_8_monotonic(ptr %p, i64 %v64) noinline {
  store atomic i8 -3, ptr %p monotonic, align 1
  fence syncscope("singlethread") seq_cst
  ret i64 1
}
define internal i64 @st_8_release(ptr %p, i64 %v64) noinline {
  %v = trunc i64 %v64 to i8
  store atomic i8 %v, ptr %p release, align 1
  fence seq_cst
  fence acquire
  ret i64 1
}
define internal i64 @stc_8_release(ptr %p, i64 %v64) noinline {
  store atomic i8 -3, ptr %p release, align 1
  fence syncscope("singlethread") seq_cst
  ret i64 1
}
define internal i64 @st_8_seq_cst(ptr %p, i64 %v64) noinline {
  %v = trunc i64 %v64 to i8
  store atomic i8 %v, ptr %p seq_cst, align 1
  fence seq_cst
  fence acquire
  ret i64 1
}
define internal i64 @stc_8_seq_cst(ptr %p, i64 %v64) noinline {
  store atomic i8 -3, ptr %p seq_cst, align 1
  fence syncscope("singlethread") seq_cst
  ret i64 1
}
define internal i64 @rmw_xchg_16_1(ptr %p, i64 %v64) noinline {
  %v = trunc i64 %v64 to i16
  %r = atomicrmw xchg ptr %p, i16 %v seq_cst, align 2
  %z = zext i16 %r to i64
  ret i64 %z
}
define internal i64 @rmw_xchg_16_0(ptr %p, i64 %v64) noinline {
  %v = trunc i64 %v64 to i16
  %r = atomicrmw xchg ptr %p, i16 %v seq_cst, align 2
  ret i64 0
}
define internal i64 @rmw_add_16_1(ptr %p, i64 %v64) noinline {
  %v = trunc i64 %v64 to i16
  %r = atomicrmw add ptr %p, i16 %v seq_cst, align 2
  %z = zext i16 %r to i64
  ret i64 %z
}
define internal i64 @rmw_add_16_0(ptr %p, i64 %v64) noinline {
  %v = trunc i64 %v64 to i16
  %r = atomicrmw add ptr %p, i16 %v seq_cst, align 2
  ret i64 0
}
define internal i64 @rmw_sub_16_1(ptr %p, i64 %v64) noinline {
  %v = trunc i64 %v64 to i16
  %r = atomicrmw sub ptr %p, i16 %v seq_cst, align 2
  %z = zext i16 %r to i64
  ret i64 %z
}
define internal i64 @rmw_sub_16_0(ptr %p, i64 %v64) noinline {
  %v = trunc i64 %v64 to i16
  %r = atomicrmw sub ptr %p, i16 %v seq_cst, align 2
  ret i64 0
}
define internal i64 @rmw_and_16_1(ptr %p, i64 %v64) noinline {
  %v = trunc i64 %v64 to i16
  %r = atomicrmw and ptr %p, i16 %v seq_cst, align 2
  %z = zext i16 %r to i64
  ret i64 %z
}
define internal i64 @rmw_and_16_0(ptr %p, i64 %v64) noinline {
  %v = trunc i64 %v64 to i16
  %r = atomicrmw and ptr %p, i16 %v seq_cst, align 2
  ret i64 0
}
define internal i64 @rmw_nand_16_1(ptr %p, i64 %v64) noinline {
  %v = trunc i64 %v64 to i16
  %r = atomicrmw nand ptr %p, i16 %v seq_cst, align 2
  %z = zext i16 %r to i64
  ret i64 %z
}
define internal i64 @rmw_nand_16_0(ptr %p, i64 %v64) noinline {
  %v = trunc i64 %v64 to i16
  %r = atomicrmw nand ptr %p, i16 %v seq_cst, align 2
  ret i64 0
}
define internal i64 @rmw_or_16_1(ptr %p, i64 %v64) noinline {
  %v = trunc i64 %v64 to i16
  %r = atomicrmw or ptr %p, i16 %v seq_cst, align 2
  %z = zext i16 %r to i64
  ret i64 %z
}
define internal i64 @rmw_or_16_0(ptr %p, i64 %v64) noinline {
  %v = trunc i64 %v64 to i16
  %r = atomicrmw or ptr %p, i16 %v seq_cst, align 2
  ret i64 0
}
define internal i64 @rmw_xor_16_1(ptr %p, i64 %v64) noinline {
  %v = trunc i64 %v64 to i16
  %r = atomicrmw xor ptr %p, i16 %v seq_cst, align 2
  %z = zext i16 %r to i64
  ret i64 %z
}
define internal i64 @rmw_xor_16_0(ptr %p, i64 %v64) noinline {
  %v = trunc i64 %v64 to i16
  %r = atomicrmw xor ptr %p, i16 %v seq_cst, align 2
  ret i64 0
}
define internal i64 @rmw_max_16_1(ptr %p, i64 %v64) noinline {
  %v = trunc i64 %v64 to i16
  %r = atomicrmw max ptr %p, i16 %v seq_cst, align 2
  %z = zext i16 %r to i64
  ret i64 %z
}
define internal i64 @rmw_max_16_0(ptr %p, i64 %v64) noinline {
  %v = trunc i64 %v64 to i16
  %r = atomicrmw max ptr %p, i16 %v seq_cst, align 2
  ret i64 0
}
define internal i64 @rmw_min_16_1(ptr %p, i64 %v64) noinline {
  %v = trunc i64 %v64 to i16
  %r = atomicrmw min ptr %p, i16 %v seq_cst, align 2
  %z = zext i16 %r to i64
  ret i64 %z
}
define internal i64 @rmw_min_16_0(ptr %p, i64 %v64) noinline {
  %v = trunc i64 %v64 to i16
  %r = atomicrmw min ptr %p, i16 %v seq_cst, align 2
  ret i64 0
}
define internal i64 @rmw_umax_16_1(ptr %p, i64 %v64) noinline {
  %v = trunc i64 %v64 to i16
  %r = atomicrmw umax ptr %p, i16 %v seq_cst, align 2
  %z = zext i16 %r to i64
  ret i64 %z
}
define internal i64 @rmw_umax_16_0(ptr %p, i64 %v64) noinline {
  %v = trunc i64 %v64 to i16
  %r = atomicrmw umax ptr %p, i16 %v seq_cst, align 2
  ret i64 0
}
define internal i64 @rmw_umin_16_1(ptr %p, i64 %v64) noinline {
  %v = trunc i64 %v64 to i16
  %r = atomicrmw umin ptr %p, i16 %v seq_cst, align 2
  %z = zext i16 %r to i64
  ret i64 %z
}
define internal i64 @rmw_umin_16_0(ptr %p, i64 %v64) noinline {
  %v = trunc i64 %v64 to i16
  %r = atomicrmw umin ptr %p, i16 %v seq_cst, align 2
  ret i64 0
}
define internal i64 @rmw_uinc_wrap_16_1(ptr %p, i64 %v64) noinline {
  %v = trunc i64 %v64 to i16
  %r = atomicrmw uinc_wrap ptr %p, i16 %v seq_cst, align 2
  %z = zext i16 %r to i64
  ret i64 %z
}
define internal i64 @rmw_uinc_wrap_16_0(ptr %p, i64 %v64) noinline {
  %v = trunc i64 %v64 to i16
  %r = atomicrmw uinc_wrap ptr %p, i16 %v seq_cst, align 2
  ret i64 0
}
define internal i64 @rmw_udec_wrap_16_1(ptr %p, i64 %v64) noinline {
  %v = trunc i64 %v64 to i16
  %r = atomicrmw udec_wrap ptr %p, i16 %v seq_cst, align 2
  %z = zext i16 %r to i64
  ret i64 %z
}
define internal i64 @rmw_udec_wrap_16_0(ptr %p, i64 %v64) noinline {
  %v = trunc i64 %v64 to i16
  %r = atomicrmw udec_wrap ptr %p, i16 %v seq_cst, align 2
  ret i64 0
}
define internal i64 @rmwc_add_16(ptr %p, i64 %v64) noinline {
  %r = atomicrmw add ptr %p, i16 77 monotonic, align 2
  ret i64 0
}
define internal i64 @rmwc_sub_16(ptr %p, i64 %v64) noinline {
  %r = atomicrmw sub ptr %p, i16 77 monotonic, align 2
  ret i64 0
}
define internal i64 @rmwc_and_16(ptr %p, i64 %v64) noinline {
  %r = atomicrmw and ptr %p, i16 77 monotonic, align 2
  ret i64 0
}
define internal i64 @rmwc_or_16(ptr %p, i64 %v64) noinline {
  %r = atomicrmw or ptr %p, i16 77 monotonic, align 2
  ret i64 0
}
define internal i64 @rmwc_xor_16(ptr %p, i64 %v64) noinline {
  %r = atomicrmw xor ptr %p, i16 77 monotonic, align 2
  ret i64 0
}
define internal i64 @cas_16(ptr %p, i64 %v64) noinline {
  %v = trunc i64 %v64 to i16
  %e = load i16, ptr %p
  %c = xor i16 %e, %v
  %s = and i16 %v, 1
  %cmp = icmp eq i16 %s, 0
  %exp = select i1 %cmp, i16 %e, i16 %c
  %r = cmpxchg ptr %p, i16 %exp, i16 %v seq_cst seq_cst, align 2
  %old = extractvalue { i16, i1 } %r, 0
  %ok = extractvalue { i16, i1 } %r, 1
  %z = zext i16 %old to i64
  %k = zext i1 %ok to i64
  %k2 = shl i64 %k, 63
  %res = xor i64 %z, %k2
  ret i64 %res
}
define internal i64 @ld_16_monotonic(ptr %p, i64 %v64) noinline {
  %r = load atomic i16, ptr %p monotonic, align 2
  %z = zext i16 %r to i64
  ret i64 %z
}
define internal i64 @ld_16_acquire(ptr %p, i64 %v64) noinline {
  %r = load atomic i16, ptr %p acquire, align 2
  %z = zext i16 %r to i64
  ret i64 %z
}
define internal i64 @ld_16_seq_cst(ptr %p, i64 %v64) noinline {
  %r = load atomic i16, ptr %p seq_cst, align 2
  %z = zext i16 %r to i64
  ret i64 %z
}
define internal i64 @st_16_monotonic(ptr %p, i64 %v64) noinline {
  %v = trunc i64 %v64 to i16
  store atomic i16 %v, ptr %p monotonic, align 2
  fence seq_cst
  fence acquire
  ret i64 1
}
define internal i64 @stc_16_monotonic(ptr %p, i64 %v64) noinline {
  store atomic i16 -3, ptr %p monotonic, align 2
  fence syncscope("singlethread") seq_cst
  ret i64 1
}
define internal i64 @st_16_release(ptr %p, i64 %v64) noinline {
  %v = trunc i64 %v64 to i16
  store atomic i16 %v, ptr %p release, align 2
  fence seq_cst
  fence acquire
  ret i64 1
}
define internal i64 @stc_16_release(ptr %p, i64 %v64) noinline {
  store atomic i16 -3, ptr %p release, align 2
  fence syncscope("singlethread") seq_cst
  ret i64 1
}
define internal i64 @st_16_seq_cst(ptr %p, i64 %v64) noinline {
  %v = trunc i64 %v64 to i16
  store atomic i16 %v, ptr %p seq_cst, align 2
  fence seq_cst
  fence acquire
  ret i64 1
}
define internal i64 @stc_16_seq_cst(ptr %p, i64 %v64) noinline {
  store atomic i16 -3, ptr %p seq_cst, align 2
  fence syncscope("singlethread") seq_cst
  ret i64 1
}
define internal i64 @rmw_xchg_32_1(ptr %p, i64 %v64) noinline {
  %v = trunc i64 %v64 to i32
  %r = atomicrmw xchg ptr %p, i32 %v seq_cst, align 4
  %z = zext i32 %r to i64
  ret i64 %z
}
define internal i64 @rmw_xchg_32_0(ptr %p, i64 %v64) noinline {
  %v = trunc i64 %v64 to i32
  %r = atomicrmw xchg ptr %p, i32 %v seq_cst, align 4
  ret i64 0
}
define internal i64 @rmw_add_32_1(ptr %p, i64 %v64) noinline {
  %v = trunc i64 %v64 to i32
  %r = atomicrmw add ptr %p, i32 %v seq_cst, align 4
  %z = zext i32 %r to i64
  ret i64 %z
}
define internal i64 @rmw_add_32_0(ptr %p, i64 %v64) noinline {
  %v = trunc i64 %v64 to i32
  %r = atomicrmw add ptr %p, i32 %v seq_cst, align 4
  ret i64 0
}
define internal i64 @rmw_sub_32_1(ptr %p, i64 %v64) noinline {
  %v = trunc i64 %v64 to i32
  %r = atomicrmw sub ptr %p, i32 %v seq_cst, align 4
  %z = zext i32 %r to i64
  ret i64 %z
}
define internal i64 @rmw_sub_32_0(ptr %p, i64 %v64) noinline {
  %v = trunc i64 %v64 to i32
  %r = atomicrmw sub ptr %p, i32 %v seq_cst, align 4
  ret i64 0
}
define internal i64 @rmw_and_32_1(ptr %p, i64 %v64) noinline {
  %v = trunc i64 %v64 to i32
  %r = atomicrmw and ptr %p, i32 %v seq_cst, align 4
  %z = zext i32 %r to i64
  ret i64 %z
}
define internal i64 @rmw_and_32_0(ptr %p, i64 %v64) noinline {
  %v = trunc i64 %v64 to i32
  %r = atomicrmw and ptr %p, i32 %v seq_cst, align 4
  ret i64 0
}
define internal i64 @rmw_nand_32_1(ptr %p, i64 %v64) noinline {
  %v = trunc i64 %v64 to i32
  %r = atomicrmw nand ptr %p, i32 %v seq_cst, align 4
  %z = zext i32 %r to i64
  ret i64 %z
}
define internal i64 @rmw_nand_32_0(ptr %p, i64 %v64) noinline {
  %v = trunc i64 %v64 to i32
  %r = atomicrmw nand ptr %p, i32 %v seq_cst, align 4
  ret i64 0
}
define internal i64 @rmw_or_32_1(ptr %p, i64 %v64) noinline {
  %v = trunc i64 %v64 to i32
  %r = atomicrmw or ptr %p, i32 %v seq_cst, align 4
  %z = zext i32 %r to i64
  ret i64 %z
}
define internal i64 @rmw_or_32_0(ptr %p, i64 %v64) noinline {
  %v = trunc i64 %v64 to i32
  %r = atomicrmw or ptr %p, i32 %v seq_cst, align 4
  ret i64 0
}
define internal i64 @rmw_xor_32_1(ptr %p, i64 %v64) noinline {
  %v = trunc i64 %v64 to i32
  %r = atomicrmw xor ptr %p, i32 %v seq_cst, align 4
  %z = zext i32 %r to i64
  ret i64 %z
}
define internal i64 @rmw_xor_32_0(ptr %p, i64 %v64) noinline {
  %v = trunc i64 %v64 to i32
  %r = atomicrmw xor ptr %p, i32 %v seq_cst, align 4
  ret i64 0
}
define internal i64 @rmw_max_32_1(ptr %p, i64 %v64) noinline {
  %v = trunc i64 %v64 to i32
  %r = atomicrmw max ptr %p, i32 %v seq_cst, align 4
  %z = zext i32 %r to i64
  ret i64 %z
}
define internal i64 @rmw_max_32_0(ptr %p, i64 %v64) noinline {
  %v = trunc i64 %v64 to i32
  %r = atomicrmw max ptr %p, i32 %v seq_cst, align 4
  ret i64 0
}
define internal i64 @rmw_min_32_1(ptr %p, i64 %v64) noinline {
  %v = trunc i64 %v64 to i32
  %r = atomicrmw min ptr %p, i32 %v seq_cst, align 4
  %z = zext i32 %r to i64
  ret i64 %z
}
define internal i64 @rmw_min_32_0(ptr %p, i64 %v64) noinline {
  %v = trunc i64 %v64 to i32
  %r = atomicrmw min ptr %p, i32 %v seq_cst, align 4
  ret i64 0
}
define internal i64 @rmw_umax_32_1(ptr %p, i64 %v64) noinline {
  %v = trunc i64 %v64 to i32
  %r = atomicrmw umax ptr %p, i32 %v seq_cst, align 4
  %z = zext i32 %r to i64
  ret i64 %z
}
define internal i64 @rmw_umax_32_0(ptr %p, i64 %v64) noinline {
  %v = trunc i64 %v64 to i32
  %r = atomicrmw umax ptr %p, i32 %v seq_cst, align 4
  ret i64 0
}
define internal i64 @rmw_umin_32_1(ptr %p, i64 %v64) noinline {
  %v = trunc i64 %v64 to i32
  %r = atomicrmw umin ptr %p, i32 %v seq_cst, align 4
  %z = zext i32 %r to i64
  ret i64 %z
}
define internal i64 @rmw_umin_32_0(ptr %p, i64 %v64) noinline {
  %v = trunc i64 %v64 to i32
  %r = atomicrmw umin ptr %p, i32 %v seq_cst, align 4
  ret i64 0
}
define internal i64 @rmw_uinc_wrap_32_1(ptr %p, i64 %v64) noinline {
  %v = trunc i64 %v64 to i32
  %r = atomicrmw uinc_wrap ptr %p, i32 %v seq_cst, align 4
  %z = zext i32 %r to i64
  ret i64 %z
}
define internal i64 @rmw_uinc_wrap_32_0(ptr %p, i64 %v64) noinline {
  %v = trunc i64 %v64 to i32
  %r = atomicrmw uinc_wrap ptr %p, i32 %v seq_cst, align 4
  ret i64 0
}
define internal i64 @rmw_udec_wrap_32_1(ptr %p, i64 %v64) noinline {
  %v = trunc i64 %v64 to i32
  %r = atomicrmw udec_wrap ptr %p, i32 %v seq_cst, align 4
  %z = zext i32 %r to i64
  ret i64 %z
}
define internal i64 @rmw_udec_wrap_32_0(ptr %p, i64 %v64) noinline {
  %v = trunc i64 %v64 to i32
  %r = atomicrmw udec_wrap ptr %p, i32 %v seq_cst, align 4
  ret i64 0
}
define internal i64 @rmwc_add_32(ptr %p, i64 %v64) noinline {
  %r = atomicrmw add ptr %p, i32 77 monotonic, align 4
  ret i64 0
}
define internal i64 @rmwc_sub_32(ptr %p, i64 %v64) noinline {
  %r = atomicrmw sub ptr %p, i32 77 monotonic, align 4
  ret i64 0
}
define internal i64 @rmwc_and_32(ptr %p, i64 %v64) noinline {
  %r = atomicrmw and ptr %p, i32 77 monotonic, align 4
  ret i64 0
}
define internal i64 @rmwc_or_32(ptr %p, i64 %v64) noinline {
  %r = atomicrmw or ptr %p, i32 77 monotonic, align 4
  ret i64 0
}
define internal i64 @rmwc_xor_32(ptr %p, i64 %v64) noinline {
  %r = atomicrmw xor ptr %p, i32 77 monotonic, align 4
  ret i64 0
}
define internal i64 @cas_32(ptr %p, i64 %v64) noinline {
  %v = trunc i64 %v64 to i32
  %e = load i32, ptr %p
  %c = xor i32 %e, %v
  %s = and i32 %v, 1
  %cmp = icmp eq i32 %s, 0
  %exp = select i1 %cmp, i32 %e, i32 %c
  %r = cmpxchg ptr %p, i32 %exp, i32 %v seq_cst seq_cst, align 4
  %old = extractvalue { i32, i1 } %r, 0
  %ok = extractvalue { i32, i1 } %r, 1
  %z = zext i32 %old to i64
  %k = zext i1 %ok to i64
  %k2 = shl i64 %k, 63
  %res = xor i64 %z, %k2
  ret i64 %res
}
define internal i64 @ld_32_monotonic(ptr %p, i64 %v64) noinline {
  %r = load atomic i32, ptr %p monotonic, align 4
  %z = zext i32 %r to i64
  ret i64 %z
}
define internal i64 @ld_32_acquire(ptr %p, i64 %v64) noinline {
  %r = load atomic i32, ptr %p acquire, align 4
  %z = zext i32 %r to i64
  ret i64 %z
}
define internal i64 @ld_32_seq_cst(ptr %p, i64 %v64) noinline {
  %r = load atomic i32, ptr %p seq_cst, align 4
  %z = zext i32 %r to i64
  ret i64 %z
}
define internal i64 @st_32_monotonic(ptr %p, i64 %v64) noinline {
  %v = trunc i64 %v64 to i32
  store atomic i32 %v, ptr %p monotonic, align 4
  fence seq_cst
  fence acquire
  ret i64 1
}
define internal i64 @stc_32_monotonic(ptr %p, i64 %v64) noinline {
  store atomic i32 -3, ptr %p monotonic, align 4
  fence syncscope("singlethread") seq_cst
  ret i64 1
}
define internal i64 @st_32_release(ptr %p, i64 %v64) noinline {
  %v = trunc i64 %v64 to i32
  store atomic i32 %v, ptr %p release, align 4
  fence seq_cst
  fence acquire
  ret i64 1
}
define internal i64 @stc_32_release(ptr %p, i64 %v64) noinline {
  store atomic i32 -3, ptr %p release, align 4
  fence syncscope("singlethread") seq_cst
  ret i64 1
}
define internal i64 @st_32_seq_cst(ptr %p, i64 %v64) noinline {
  %v = trunc i64 %v64 to i32
  store atomic i32 %v, ptr %p seq_cst, align 4
  fence seq_cst
  fence acquire
  ret i64 1
}
define internal i64 @stc_32_seq_cst(ptr %p, i64 %v64) noinline {
  store atomic i32 -3, ptr %p seq_cst, align 4
  fence syncscope("singlethread") seq_cst
  ret i64 1
}
define internal i64 @rmw_xchg_64_1(ptr %p, i64 %v64) noinline {
  %v = add i64 %v64, 0
  %r = atomicrmw xchg ptr %p, i64 %v seq_cst, align 8
  %z = add i64 %r, 0
  ret i64 %z
}
define internal i64 @rmw_xchg_64_0(ptr %p, i64 %v64) noinline {
  %v = add i64 %v64, 0
  %r = atomicrmw xchg ptr %p, i64 %v seq_cst, align 8
  ret i64 0
}
define internal i64 @rmw_add_64_1(ptr %p, i64 %v64) noinline {
  %v = add i64 %v64, 0
  %r = atomicrmw add ptr %p, i64 %v seq_cst, align 8
  %z = add i64 %r, 0
  ret i64 %z
}
define internal i64 @rmw_add_64_0(ptr %p, i64 %v64) noinline {
  %v = add i64 %v64, 0
  %r = atomicrmw add ptr %p, i64 %v seq_cst, align 8
  ret i64 0
}
define internal i64 @rmw_sub_64_1(ptr %p, i64 %v64) noinline {
  %v = add i64 %v64, 0
  %r = atomicrmw sub ptr %p, i64 %v seq_cst, align 8
  %z = add i64 %r, 0
  ret i64 %z
}
define internal i64 @rmw_sub_64_0(ptr %p, i64 %v64) noinline {
  %v = add i64 %v64, 0
  %r = atomicrmw sub ptr %p, i64 %v seq_cst, align 8
  ret i64 0
}
define internal i64 @rmw_and_64_1(ptr %p, i64 %v64) noinline {
  %v = add i64 %v64, 0
  %r = atomicrmw and ptr %p, i64 %v seq_cst, align 8
  %z = add i64 %r, 0
  ret i64 %z
}
define internal i64 @rmw_and_64_0(ptr %p, i64 %v64) noinline {
  %v = add i64 %v64, 0
  %r = atomicrmw and ptr %p, i64 %v seq_cst, align 8
  ret i64 0
}
define internal i64 @rmw_nand_64_1(ptr %p, i64 %v64) noinline {
  %v = add i64 %v64, 0
  %r = atomicrmw nand ptr %p, i64 %v seq_cst, align 8
  %z = add i64 %r, 0
  ret i64 %z
}
define internal i64 @rmw_nand_64_0(ptr %p, i64 %v64) noinline {
  %v = add i64 %v64, 0
  %r = atomicrmw nand ptr %p, i64 %v seq_cst, align 8
  ret i64 0
}
define internal i64 @rmw_or_64_1(ptr %p, i64 %v64) noinline {
  %v = add i64 %v64, 0
  %r = atomicrmw or ptr %p, i64 %v seq_cst, align 8
  %z = add i64 %r, 0
  ret i64 %z
}
define internal i64 @rmw_or_64_0(ptr %p, i64 %v64) noinline {
  %v = add i64 %v64, 0
  %r = atomicrmw or ptr %p, i64 %v seq_cst, align 8
  ret i64 0
}
define internal i64 @rmw_xor_64_1(ptr %p, i64 %v64) noinline {
  %v = add i64 %v64, 0
  %r = atomicrmw xor ptr %p, i64 %v seq_cst, align 8
  %z = add i64 %r, 0
  ret i64 %z
}
define internal i64 @rmw_xor_64_0(ptr %p, i64 %v64) noinline {
  %v = add i64 %v64, 0
  %r = atomicrmw xor ptr %p, i64 %v seq_cst, align 8
  ret i64 0
}
define internal i64 @rmw_max_64_1(ptr %p, i64 %v64) noinline {
  %v = add i64 %v64, 0
  %r = atomicrmw max ptr %p, i64 %v seq_cst, align 8
  %z = add i64 %r, 0
  ret i64 %z
}
define internal i64 @rmw_max_64_0(ptr %p, i64 %v64) noinline {
  %v = add i64 %v64, 0
  %r = atomicrmw max ptr %p, i64 %v seq_cst, align 8
  ret i64 0
}
define internal i64 @rmw_min_64_1(ptr %p, i64 %v64) noinline {
  %v = add i64 %v64, 0
  %r = atomicrmw min ptr %p, i64 %v seq_cst, align 8
  %z = add i64 %r, 0
  ret i64 %z
}
define internal i64 @rmw_min_64_0(ptr %p, i64 %v64) noinline {
  %v = add i64 %v64, 0
  %r = atomicrmw min ptr %p, i64 %v seq_cst, align 8
  ret i64 0
}
define internal i64 @rmw_umax_64_1(ptr %p, i64 %v64) noinline {
  %v = add i64 %v64, 0
  %r = atomicrmw umax ptr %p, i64 %v seq_cst, align 8
  %z = add i64 %r, 0
  ret i64 %z
}
define internal i64 @rmw_umax_64_0(ptr %p, i64 %v64) noinline {
  %v = add i64 %v64, 0
  %r = atomicrmw umax ptr %p, i64 %v seq_cst, align 8
  ret i64 0
}
define internal i64 @rmw_umin_64_1(ptr %p, i64 %v64) noinline {
  %v = add i64 %v64, 0
  %r = atomicrmw umin ptr %p, i64 %v seq_cst, align 8
  %z = add i64 %r, 0
  ret i64 %z
}
define internal i64 @rmw_umin_64_0(ptr %p, i64 %v64) noinline {
  %v = add i64 %v64, 0
  %r = atomicrmw umin ptr %p, i64 %v seq_cst, align 8
  ret i64 0
}
define internal i64 @rmw_uinc_wrap_64_1(ptr %p, i64 %v64) noinline {
  %v = add i64 %v64, 0
  %r = atomicrmw uinc_wrap ptr %p, i64 %v seq_cst, align 8
  %z = add i64 %r, 0
  ret i64 %z
}
define internal i64 @rmw_uinc_wrap_64_0(ptr %p, i64 %v64) noinline {
  %v = add i64 %v64, 0
  %r = atomicrmw uinc_wrap ptr %p, i64 %v seq_cst, align 8
  ret i64 0
}
define internal i64 @rmw_udec_wrap_64_1(ptr %p, i64 %v64) noinline {
  %v = add i64 %v64, 0
  %r = atomicrmw udec_wrap ptr %p, i64 %v seq_cst, align 8
  %z = add i64 %r, 0
  ret i64 %z
}
define internal i64 @rmw_udec_wrap_64_0(ptr %p, i64 %v64) noinline {
  %v = add i64 %v64, 0
  %r = atomicrmw udec_wrap ptr %p, i64 %v seq_cst, align 8
  ret i64 0
}
define internal i64 @rmwc_add_64(ptr %p, i64 %v64) noinline {
  %r = atomicrmw add ptr %p, i64 77 monotonic, align 8
  ret i64 0
}
define internal i64 @rmwc_sub_64(ptr %p, i64 %v64) noinline {
  %r = atomicrmw sub ptr %p, i64 77 monotonic, align 8
  ret i64 0
}
define internal i64 @rmwc_and_64(ptr %p, i64 %v64) noinline {
  %r = atomicrmw and ptr %p, i64 77 monotonic, align 8
  ret i64 0
}
define internal i64 @rmwc_or_64(ptr %p, i64 %v64) noinline {
  %r = atomicrmw or ptr %p, i64 77 monotonic, align 8
  ret i64 0
}
define internal i64 @rmwc_xor_64(ptr %p, i64 %v64) noinline {
  %r = atomicrmw xor ptr %p, i64 77 monotonic, align 8
  ret i64 0
}
define internal i64 @cas_64(ptr %p, i64 %v64) noinline {
  %v = add i64 %v64, 0
  %e = load i64, ptr %p
  %c = xor i64 %e, %v
  %s = and i64 %v, 1
  %cmp = icmp eq i64 %s, 0
  %exp = select i1 %cmp, i64 %e, i64 %c
  %r = cmpxchg ptr %p, i64 %exp, i64 %v seq_cst seq_cst, align 8
  %old = extractvalue { i64, i1 } %r, 0
  %ok = extractvalue { i64, i1 } %r, 1
  %z = add i64 %old, 0
  %k = zext i1 %ok to i64
  %k2 = shl i64 %k, 63
  %res = xor i64 %z, %k2
  ret i64 %res
}
define internal i64 @ld_64_monotonic(ptr %p, i64 %v64) noinline {
  %r = load atomic i64, ptr %p monotonic, align 8
  %z = add i64 %r, 0
  ret i64 %z
}
define internal i64 @ld_64_acquire(ptr %p, i64 %v64) noinline {
  %r = load atomic i64, ptr %p acquire, align 8
  %z = add i64 %r, 0
  ret i64 %z
}
define internal i64 @ld_64_seq_cst(ptr %p, i64 %v64) noinline {
  %r = load atomic i64, ptr %p seq_cst, align 8
  %z = add i64 %r, 0
  ret i64 %z
}
define internal i64 @st_64_monotonic(ptr %p, i64 %v64) noinline {
  %v = add i64 %v64, 0
  store atomic i64 %v, ptr %p monotonic, align 8
  fence seq_cst
  fence acquire
  ret i64 1
}
define internal i64 @stc_64_monotonic(ptr %p, i64 %v64) noinline {
  store atomic i64 -3, ptr %p monotonic, align 8
  fence syncscope("singlethread") seq_cst
  ret i64 1
}
define internal i64 @st_64_release(ptr %p, i64 %v64) noinline {
  %v = add i64 %v64, 0
  store atomic i64 %v, ptr %p release, align 8
  fence seq_cst
  fence acquire
  ret i64 1
}
define internal i64 @stc_64_release(ptr %p, i64 %v64) noinline {
  store atomic i64 -3, ptr %p release, align 8
  fence syncscope("singlethread") seq_cst
  ret i64 1
}
define internal i64 @st_64_seq_cst(ptr %p, i64 %v64) noinline {
  %v = add i64 %v64, 0
  store atomic i64 %v, ptr %p seq_cst, align 8
  fence seq_cst
  fence acquire
  ret i64 1
}
define internal i64 @stc_64_seq_cst(ptr %p, i64 %v64) noinline {
  store atomic i64 -3, ptr %p seq_cst, align 8
  fence syncscope("singlethread") seq_cst
  ret i64 1
}
define internal i64 @phiafter(ptr %p, i64 %v) noinline {
entry:
  %c = icmp ugt i64 %v, 100
  br i1 %c, label %a, label %b
a:
  %x = atomicrmw and ptr %p, i64 %v seq_cst
  %y = atomicrmw max ptr %p, i64 %x seq_cst
  br label %m
b:
  %z = atomicrmw or ptr %p, i64 %v seq_cst
  br label %m
m:
  %r = phi i64 [ %y, %a ], [ %z, %b ]
  %q = atomicrmw umin ptr %p, i64 %r seq_cst
  %s = add i64 %q, %r
  ret i64 %s
}
define internal i64 @loopcas(ptr %p, i64 %v) noinline {
entry:
  br label %l
l:
  %i = phi i64 [ 0, %entry ], [ %i1, %l ]
  %acc = phi i64 [ %v, %entry ], [ %acc1, %l ]
  %x = atomicrmw nand ptr %p, i64 %acc seq_cst
  %acc1 = add i64 %acc, %x
  %i1 = add i64 %i, 1
  %c = icmp ult i64 %i1, 5
  br i1 %c, label %l, label %e
e:
  ret i64 %acc1
}
define internal i64 @casx(ptr %p, i64 %v) noinline {
entry:
  %e = load i64, ptr %p
  %r = cmpxchg ptr %p, i64 %v, i64 7 seq_cst seq_cst
  %r8 = cmpxchg ptr %p, i64 %e, i64 9 acquire monotonic
  %c = icmp ugt i64 %v, 3
  br i1 %c, label %a, label %b
a:
  %ok = extractvalue {i64,i1} %r, 1
  %ok8 = extractvalue {i64,i1} %r8, 1
  %z = zext i1 %ok to i64
  %z8 = zext i1 %ok8 to i64
  %z2 = shl i64 %z8, 1
  %zz = or i64 %z, %z2
  ret i64 %zz
b:
  %o = extractvalue {i64,i1} %r, 0
  %o8 = extractvalue {i64,i1} %r8, 0
  %s = add i64 %o, %o8
  ret i64 %s
}

define internal void @run(ptr %f, ptr %name) {
entry:
  br label %outer
outer:
  %i = phi i64 [ 0, %entry ], [ %i1, %outer.next ]
  %h = phi i64 [ 0, %entry ], [ %h3, %outer.next ]
  %pa = getelementptr [16 x i64], ptr @vals, i64 0, i64 %i
  %a = load i64, ptr %pa, align 8
  br label %inner
inner:
  %j = phi i64 [ 0, %outer ], [ %j1, %inner ]
  %hh = phi i64 [ %h, %outer ], [ %m4, %inner ]
  %pb = getelementptr [16 x i64], ptr @vals, i64 0, i64 %j
  %b = load i64, ptr %pb, align 8
  store i64 -6510615555426900571, ptr @buf, align 16
  %p1 = getelementptr i64, ptr @buf, i64 1
  %p2 = getelementptr i64, ptr @buf, i64 2
  store i64 %a, ptr %p1, align 8
  store i64 -6510615555426900571, ptr %p2, align 16
  %r = call i64 %f(ptr %p1, i64 %b)
  %w0 = load i64, ptr @buf, align 16
  %w1 = load i64, ptr %p1, align 8
  %w2 = load i64, ptr %p2, align 16
  %m1 = call i64 @mix(i64 %hh, i64 %r)
  %m2 = call i64 @mix(i64 %m1, i64 %w0)
  %m3 = call i64 @mix(i64 %m2, i64 %w1)
  %m4 = call i64 @mix(i64 %m3, i64 %w2)
  %j1 = add i64 %j, 1
  %jc = icmp ult i64 %j1, 16
  br i1 %jc, label %inner, label %outer.next
outer.next:
  %h3 = phi i64 [ %m4, %inner ]
  %i1 = add i64 %i, 1
  %ic = icmp ult i64 %i1, 16
  br i1 %ic, label %outer, label %done
done:
  call i32 (ptr, ...) @printf(ptr @.fmt, ptr %name, i64 %h3)
  ret void
}
define i32 @main() {
  call void @run(ptr @rmw_xchg_8_1, ptr @.n.rmw_xchg_8_1)
  call void @run(ptr @rmw_xchg_8_0, ptr @.n.rmw_xchg_8_0)
  call void @run(ptr @rmw_add_8_1, ptr @.n.rmw_add_8_1)
  call void @run(ptr @rmw_add_8_0, ptr @.n.rmw_add_8_0)
  call void @run(ptr @rmw_sub_8_1, ptr @.n.rmw_sub_8_1)
  call void @run(ptr @rmw_sub_8_0, ptr @.n.rmw_sub_8_0)
  call void @run(ptr @rmw_and_8_1, ptr @.n.rmw_and_8_1)
  call void @run(ptr @rmw_and_8_0, ptr @.n.rmw_and_8_0)
  call void @run(ptr @rmw_nand_8_1, ptr @.n.rmw_nand_8_1)
  call void @run(ptr @rmw_nand_8_0, ptr @.n.rmw_nand_8_0)
  call void @run(ptr @rmw_or_8_1, ptr @.n.rmw_or_8_1)
  call void @run(ptr @rmw_or_8_0, ptr @.n.rmw_or_8_0)
  call void @run(ptr @rmw_xor_8_1, ptr @.n.rmw_xor_8_1)
  call void @run(ptr @rmw_xor_8_0, ptr @.n.rmw_xor_8_0)
  call void @run(ptr @rmw_max_8_1, ptr @.n.rmw_max_8_1)
  call void @run(ptr @rmw_max_8_0, ptr @.n.rmw_max_8_0)
  call void @run(ptr @rmw_min_8_1, ptr @.n.rmw_min_8_1)
  call void @run(ptr @rmw_min_8_0, ptr @.n.rmw_min_8_0)
  call void @run(ptr @rmw_umax_8_1, ptr @.n.rmw_umax_8_1)
  call void @run(ptr @rmw_umax_8_0, ptr @.n.rmw_umax_8_0)
  call void @run(ptr @rmw_umin_8_1, ptr @.n.rmw_umin_8_1)
  call void @run(ptr @rmw_umin_8_0, ptr @.n.rmw_umin_8_0)
  call void @run(ptr @rmw_uinc_wrap_8_1, ptr @.n.rmw_uinc_wrap_8_1)
  call void @run(ptr @rmw_uinc_wrap_8_0, ptr @.n.rmw_uinc_wrap_8_0)
  call void @run(ptr @rmw_udec_wrap_8_1, ptr @.n.rmw_udec_wrap_8_1)
  call void @run(ptr @rmw_udec_wrap_8_0, ptr @.n.rmw_udec_wrap_8_0)
  call void @run(ptr @rmwc_add_8, ptr @.n.rmwc_add_8)
  call void @run(ptr @rmwc_sub_8, ptr @.n.rmwc_sub_8)
  call void @run(ptr @rmwc_and_8, ptr @.n.rmwc_and_8)
  call void @run(ptr @rmwc_or_8, ptr @.n.rmwc_or_8)
  call void @run(ptr @rmwc_xor_8, ptr @.n.rmwc_xor_8)
  call void @run(ptr @cas_8, ptr @.n.cas_8)
  call void @run(ptr @ld_8_monotonic, ptr @.n.ld_8_monotonic)
  call void @run(ptr @ld_8_acquire, ptr @.n.ld_8_acquire)
  call void @run(ptr @ld_8_seq_cst, ptr @.n.ld_8_seq_cst)
  call void @run(ptr @st_8_monotonic, ptr @.n.st_8_monotonic)
  call void @run(ptr @stc_8_monotonic, ptr @.n.stc_8_monotonic)
  call void @run(ptr @st_8_release, ptr @.n.st_8_release)
  call void @run(ptr @stc_8_release, ptr @.n.stc_8_release)
  call void @run(ptr @st_8_seq_cst, ptr @.n.st_8_seq_cst)
  call void @run(ptr @stc_8_seq_cst, ptr @.n.stc_8_seq_cst)
  call void @run(ptr @rmw_xchg_16_1, ptr @.n.rmw_xchg_16_1)
  call void @run(ptr @rmw_xchg_16_0, ptr @.n.rmw_xchg_16_0)
  call void @run(ptr @rmw_add_16_1, ptr @.n.rmw_add_16_1)
  call void @run(ptr @rmw_add_16_0, ptr @.n.rmw_add_16_0)
  call void @run(ptr @rmw_sub_16_1, ptr @.n.rmw_sub_16_1)
  call void @run(ptr @rmw_sub_16_0, ptr @.n.rmw_sub_16_0)
  call void @run(ptr @rmw_and_16_1, ptr @.n.rmw_and_16_1)
  call void @run(ptr @rmw_and_16_0, ptr @.n.rmw_and_16_0)
  call void @run(ptr @rmw_nand_16_1, ptr @.n.rmw_nand_16_1)
  call void @run(ptr @rmw_nand_16_0, ptr @.n.rmw_nand_16_0)
  call void @run(ptr @rmw_or_16_1, ptr @.n.rmw_or_16_1)
  call void @run(ptr @rmw_or_16_0, ptr @.n.rmw_or_16_0)
  call void @run(ptr @rmw_xor_16_1, ptr @.n.rmw_xor_16_1)
  call void @run(ptr @rmw_xor_16_0, ptr @.n.rmw_xor_16_0)
  call void @run(ptr @rmw_max_16_1, ptr @.n.rmw_max_16_1)
  call void @run(ptr @rmw_max_16_0, ptr @.n.rmw_max_16_0)
  call void @run(ptr @rmw_min_16_1, ptr @.n.rmw_min_16_1)
  call void @run(ptr @rmw_min_16_0, ptr @.n.rmw_min_16_0)
  call void @run(ptr @rmw_umax_16_1, ptr @.n.rmw_umax_16_1)
  call void @run(ptr @rmw_umax_16_0, ptr @.n.rmw_umax_16_0)
  call void @run(ptr @rmw_umin_16_1, ptr @.n.rmw_umin_16_1)
  call void @run(ptr @rmw_umin_16_0, ptr @.n.rmw_umin_16_0)
  call void @run(ptr @rmw_uinc_wrap_16_1, ptr @.n.rmw_uinc_wrap_16_1)
  call void @run(ptr @rmw_uinc_wrap_16_0, ptr @.n.rmw_uinc_wrap_16_0)
  call void @run(ptr @rmw_udec_wrap_16_1, ptr @.n.rmw_udec_wrap_16_1)
  call void @run(ptr @rmw_udec_wrap_16_0, ptr @.n.rmw_udec_wrap_16_0)
  call void @run(ptr @rmwc_add_16, ptr @.n.rmwc_add_16)
  call void @run(ptr @rmwc_sub_16, ptr @.n.rmwc_sub_16)
  call void @run(ptr @rmwc_and_16, ptr @.n.rmwc_and_16)
  call void @run(ptr @rmwc_or_16, ptr @.n.rmwc_or_16)
  call void @run(ptr @rmwc_xor_16, ptr @.n.rmwc_xor_16)
  call void @run(ptr @cas_16, ptr @.n.cas_16)
  call void @run(ptr @ld_16_monotonic, ptr @.n.ld_16_monotonic)
  call void @run(ptr @ld_16_acquire, ptr @.n.ld_16_acquire)
  call void @run(ptr @ld_16_seq_cst, ptr @.n.ld_16_seq_cst)
  call void @run(ptr @st_16_monotonic, ptr @.n.st_16_monotonic)
  call void @run(ptr @stc_16_monotonic, ptr @.n.stc_16_monotonic)
  call void @run(ptr @st_16_release, ptr @.n.st_16_release)
  call void @run(ptr @stc_16_release, ptr @.n.stc_16_release)
  call void @run(ptr @st_16_seq_cst, ptr @.n.st_16_seq_cst)
  call void @run(ptr @stc_16_seq_cst, ptr @.n.stc_16_seq_cst)
  call void @run(ptr @rmw_xchg_32_1, ptr @.n.rmw_xchg_32_1)
  call void @run(ptr @rmw_xchg_32_0, ptr @.n.rmw_xchg_32_0)
  call void @run(ptr @rmw_add_32_1, ptr @.n.rmw_add_32_1)
  call void @run(ptr @rmw_add_32_0, ptr @.n.rmw_add_32_0)
  call void @run(ptr @rmw_sub_32_1, ptr @.n.rmw_sub_32_1)
  call void @run(ptr @rmw_sub_32_0, ptr @.n.rmw_sub_32_0)
  call void @run(ptr @rmw_and_32_1, ptr @.n.rmw_and_32_1)
  call void @run(ptr @rmw_and_32_0, ptr @.n.rmw_and_32_0)
  call void @run(ptr @rmw_nand_32_1, ptr @.n.rmw_nand_32_1)
  call void @run(ptr @rmw_nand_32_0, ptr @.n.rmw_nand_32_0)
  call void @run(ptr @rmw_or_32_1, ptr @.n.rmw_or_32_1)
  call void @run(ptr @rmw_or_32_0, ptr @.n.rmw_or_32_0)
  call void @run(ptr @rmw_xor_32_1, ptr @.n.rmw_xor_32_1)
  call void @run(ptr @rmw_xor_32_0, ptr @.n.rmw_xor_32_0)
  call void @run(ptr @rmw_max_32_1, ptr @.n.rmw_max_32_1)
  call void @run(ptr @rmw_max_32_0, ptr @.n.rmw_max_32_0)
  call void @run(ptr @rmw_min_32_1, ptr @.n.rmw_min_32_1)
  call void @run(ptr @rmw_min_32_0, ptr @.n.rmw_min_32_0)
  call void @run(ptr @rmw_umax_32_1, ptr @.n.rmw_umax_32_1)
  call void @run(ptr @rmw_umax_32_0, ptr @.n.rmw_umax_32_0)
  call void @run(ptr @rmw_umin_32_1, ptr @.n.rmw_umin_32_1)
  call void @run(ptr @rmw_umin_32_0, ptr @.n.rmw_umin_32_0)
  call void @run(ptr @rmw_uinc_wrap_32_1, ptr @.n.rmw_uinc_wrap_32_1)
  call void @run(ptr @rmw_uinc_wrap_32_0, ptr @.n.rmw_uinc_wrap_32_0)
  call void @run(ptr @rmw_udec_wrap_32_1, ptr @.n.rmw_udec_wrap_32_1)
  call void @run(ptr @rmw_udec_wrap_32_0, ptr @.n.rmw_udec_wrap_32_0)
  call void @run(ptr @rmwc_add_32, ptr @.n.rmwc_add_32)
  call void @run(ptr @rmwc_sub_32, ptr @.n.rmwc_sub_32)
  call void @run(ptr @rmwc_and_32, ptr @.n.rmwc_and_32)
  call void @run(ptr @rmwc_or_32, ptr @.n.rmwc_or_32)
  call void @run(ptr @rmwc_xor_32, ptr @.n.rmwc_xor_32)
  call void @run(ptr @cas_32, ptr @.n.cas_32)
  call void @run(ptr @ld_32_monotonic, ptr @.n.ld_32_monotonic)
  call void @run(ptr @ld_32_acquire, ptr @.n.ld_32_acquire)
  call void @run(ptr @ld_32_seq_cst, ptr @.n.ld_32_seq_cst)
  call void @run(ptr @st_32_monotonic, ptr @.n.st_32_monotonic)
  call void @run(ptr @stc_32_monotonic, ptr @.n.stc_32_monotonic)
  call void @run(ptr @st_32_release, ptr @.n.st_32_release)
  call void @run(ptr @stc_32_release, ptr @.n.stc_32_release)
  call void @run(ptr @st_32_seq_cst, ptr @.n.st_32_seq_cst)
  call void @run(ptr @stc_32_seq_cst, ptr @.n.stc_32_seq_cst)
  call void @run(ptr @rmw_xchg_64_1, ptr @.n.rmw_xchg_64_1)
  call void @run(ptr @rmw_xchg_64_0, ptr @.n.rmw_xchg_64_0)
  call void @run(ptr @rmw_add_64_1, ptr @.n.rmw_add_64_1)
  call void @run(ptr @rmw_add_64_0, ptr @.n.rmw_add_64_0)
  call void @run(ptr @rmw_sub_64_1, ptr @.n.rmw_sub_64_1)
  call void @run(ptr @rmw_sub_64_0, ptr @.n.rmw_sub_64_0)
  call void @run(ptr @rmw_and_64_1, ptr @.n.rmw_and_64_1)
  call void @run(ptr @rmw_and_64_0, ptr @.n.rmw_and_64_0)
  call void @run(ptr @rmw_nand_64_1, ptr @.n.rmw_nand_64_1)
  call void @run(ptr @rmw_nand_64_0, ptr @.n.rmw_nand_64_0)
  call void @run(ptr @rmw_or_64_1, ptr @.n.rmw_or_64_1)
  call void @run(ptr @rmw_or_64_0, ptr @.n.rmw_or_64_0)
  call void @run(ptr @rmw_xor_64_1, ptr @.n.rmw_xor_64_1)
  call void @run(ptr @rmw_xor_64_0, ptr @.n.rmw_xor_64_0)
  call void @run(ptr @rmw_max_64_1, ptr @.n.rmw_max_64_1)
  call void @run(ptr @rmw_max_64_0, ptr @.n.rmw_max_64_0)
  call void @run(ptr @rmw_min_64_1, ptr @.n.rmw_min_64_1)
  call void @run(ptr @rmw_min_64_0, ptr @.n.rmw_min_64_0)
  call void @run(ptr @rmw_umax_64_1, ptr @.n.rmw_umax_64_1)
  call void @run(ptr @rmw_umax_64_0, ptr @.n.rmw_umax_64_0)
  call void @run(ptr @rmw_umin_64_1, ptr @.n.rmw_umin_64_1)
  call void @run(ptr @rmw_umin_64_0, ptr @.n.rmw_umin_64_0)
  call void @run(ptr @rmw_uinc_wrap_64_1, ptr @.n.rmw_uinc_wrap_64_1)
  call void @run(ptr @rmw_uinc_wrap_64_0, ptr @.n.rmw_uinc_wrap_64_0)
  call void @run(ptr @rmw_udec_wrap_64_1, ptr @.n.rmw_udec_wrap_64_1)
  call void @run(ptr @rmw_udec_wrap_64_0, ptr @.n.rmw_udec_wrap_64_0)
  call void @run(ptr @rmwc_add_64, ptr @.n.rmwc_add_64)
  call void @run(ptr @rmwc_sub_64, ptr @.n.rmwc_sub_64)
  call void @run(ptr @rmwc_and_64, ptr @.n.rmwc_and_64)
  call void @run(ptr @rmwc_or_64, ptr @.n.rmwc_or_64)
  call void @run(ptr @rmwc_xor_64, ptr @.n.rmwc_xor_64)
  call void @run(ptr @cas_64, ptr @.n.cas_64)
  call void @run(ptr @ld_64_monotonic, ptr @.n.ld_64_monotonic)
  call void @run(ptr @ld_64_acquire, ptr @.n.ld_64_acquire)
  call void @run(ptr @ld_64_seq_cst, ptr @.n.ld_64_seq_cst)
  call void @run(ptr @st_64_monotonic, ptr @.n.st_64_monotonic)
  call void @run(ptr @stc_64_monotonic, ptr @.n.stc_64_monotonic)
  call void @run(ptr @st_64_release, ptr @.n.st_64_release)
  call void @run(ptr @stc_64_release, ptr @.n.stc_64_release)
  call void @run(ptr @st_64_seq_cst, ptr @.n.st_64_seq_cst)
  call void @run(ptr @stc_64_seq_cst, ptr @.n.stc_64_seq_cst)
  call void @run(ptr @phiafter, ptr @.n.phiafter)
  call void @run(ptr @loopcas, ptr @.n.loopcas)
  call void @run(ptr @casx, ptr @.n.casx)
  ret i32 0
}
