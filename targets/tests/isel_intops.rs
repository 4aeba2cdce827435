//! Instruction selection of the integer constructs: call-boundary
//! extension, switch lowering, integer intrinsics and memory intrinsics.
//! Each test parses real IR, selects every defined function and checks the
//! machine code's shape (MIR text).

use rcc_mach::printer::print_function;
use rcc_mach::MachFunction;
use rcc_targets::x86_64::isel::function::{select_function, IselCtx};
use rcc_targets::x86_64::X86Info;

/// The MIR of every defined function of `src`, or the first error.
fn select(src: &str) -> Result<String, String> {
    let m = rcc_ir::parse_module(src.to_string(), "t.ll").map_err(|e| e.message.to_string())?;
    let dl = m.data_layout()?;
    let mut out = String::new();
    let mut cx = IselCtx::default();
    for &g in m.order.iter().filter(|&&g| m.body(g).is_some()) {
        let mut mf = MachFunction::new(g);
        select_function(&m, &dl, g, &mut mf, &mut cx).map_err(|e| e.to_string())?;
        print_function(&mut out, &mf, &m, &X86Info, "isel");
    }
    if std::env::var_os("RCC_SHOW").is_some() {
        println!("{out}");
    }
    Ok(out)
}

fn sel(src: &str) -> String {
    select(src).unwrap_or_else(|e| panic!("{e}"))
}

mod call_extension {
    use super::*;

    #[test]
    fn narrow_arguments_are_extended_by_attribute() {
        let mir = sel("declare void @g(i8 signext, i16 zeroext, i1 zeroext, i8)
define void @f(i8 %a, i16 %b, i1 zeroext %c) {
  call void @g(i8 %a, i16 %b, i1 %c, i8 %a)
  ret void
}
");
        assert!(mir.contains("%3:gr32 = MOVSX32rr8 %0"), "{mir}");
        assert!(mir.contains("%6:gr32 = MOVZX32rr8 %0"), "{mir}");
        assert!(mir.contains("MOVZX32rr16 %1"), "{mir}");
        assert!(mir.contains("$edi = COPY"), "{mir}");
        assert!(mir.contains("$esi = COPY"), "{mir}");
        assert!(!mir.contains("$dil = COPY"), "{mir}");
        // The i1 is trusted to be 0/1 (zeroext): no mask.
        assert!(!mir.contains("AND8ri"), "{mir}");
    }

    #[test]
    fn call_site_attributes_count_too() {
        let mir = sel("declare void @g(i8)
define void @f(i8 %a) {
  call void @g(i8 signext %a)
  ret void
}
");
        assert!(mir.contains("MOVSX32rr8"), "{mir}");
    }

    #[test]
    fn narrow_returns_pass_unextended_like_llc() {
        let mir = sel("define signext i8 @f(i8 signext %a) {
  ret i8 %a
}
define zeroext i1 @b(i32 %x) {
  %c = icmp eq i32 %x, 0
  ret i1 %c
}
");
        assert!(mir.contains("$al = COPY %0"), "{mir}");
        assert!(!mir.contains("MOVSX"), "{mir}");
        assert!(mir.contains("SETCCr 4"), "{mir}");
    }

    #[test]
    fn i1_without_zeroext_is_masked() {
        let mir = sel("declare i1 @g(i1)
define i1 @f(i1 %a) {
  %r = call i1 @g(i1 %a)
  %x = xor i1 %r, %a
  ret i1 %x
}
");
        // Once for the argument, once for the call result.
        assert_eq!(mir.matches("AND8ri").count(), 2, "{mir}");
    }
}

/// A module of one function `@f` with body `body`, plus `decls`.
fn func(sig: &str, body: &str, decls: &str) -> String {
    sel(&format!("{decls}\ndefine {sig} {{\n{body}\n}}\n"))
}

mod intrinsics {
    use super::*;

    #[test]
    fn min_max_abs_are_compare_and_cmov() {
        let mir = func(
            "i32 @f(i32 %a, i32 %b)",
            "%m = call i32 @llvm.umin.i32(i32 %a, i32 %b)\n%x = call i32 @llvm.smax.i32(i32 %m, i32 %b)\n%r = call i32 @llvm.abs.i32(i32 %x, i1 false)\nret i32 %r",
            "declare i32 @llvm.umin.i32(i32, i32)\ndeclare i32 @llvm.smax.i32(i32, i32)\ndeclare i32 @llvm.abs.i32(i32, i1)",
        );
        assert_eq!(mir.matches("CMOV32rr").count(), 3, "{mir}");
        assert!(mir.contains(", 2, implicit $eflags"), "ult: {mir}");
        assert!(mir.contains(", 15, implicit $eflags"), "sgt: {mir}");
        assert!(mir.contains(", 12, implicit $eflags"), "slt: {mir}");
        assert!(mir.contains("NEG32r"), "{mir}");
    }

    #[test]
    fn funnel_shifts_of_one_value_are_rotates() {
        let mir = func(
            "i64 @f(i64 %a, i64 %b, i64 %c)",
            "%r = call i64 @llvm.fshl.i64(i64 %a, i64 %a, i64 %c)\n%s = call i64 @llvm.fshr.i64(i64 %r, i64 %r, i64 70)\n%t = call i64 @llvm.fshl.i64(i64 %s, i64 %b, i64 3)\nret i64 %t",
            "declare i64 @llvm.fshl.i64(i64, i64, i64)\ndeclare i64 @llvm.fshr.i64(i64, i64, i64)",
        );
        assert!(mir.contains("ROL64rCL"), "{mir}");
        assert!(
            mir.contains("ROR64ri %3(tied-def 0), 6,"),
            "70 mod 64: {mir}"
        );
        assert!(mir.contains("SHL64ri %4(tied-def 0), 3,"), "{mir}");
        assert!(mir.contains("SHR64ri %1(tied-def 0), 61,"), "{mir}");
    }

    #[test]
    fn bit_counts_without_popcnt_or_lzcnt() {
        let mir = func(
            "i32 @f(i32 %a, i16 %h)",
            "%p = call i32 @llvm.ctpop.i32(i32 %a)\n%l = call i32 @llvm.ctlz.i32(i32 %p, i1 false)\n%t = call i16 @llvm.cttz.i16(i16 %h, i1 true)\n%w = zext i16 %t to i32\n%b = call i32 @llvm.bswap.i32(i32 %l)\n%r = add i32 %b, %w\nret i32 %r",
            "declare i32 @llvm.ctpop.i32(i32)\ndeclare i32 @llvm.ctlz.i32(i32, i1)\ndeclare i16 @llvm.cttz.i16(i16, i1)\ndeclare i32 @llvm.bswap.i32(i32)",
        );
        assert!(!mir.contains("POPCNT") && !mir.contains("LZCNT"), "{mir}");
        assert!(mir.contains("IMUL32rri %"), "ctpop's byte sum: {mir}");
        assert!(mir.contains("= BSR32rr"), "{mir}");
        assert!(mir.contains("= MOV32ri 63"), "zero case of ctlz: {mir}");
        assert!(mir.contains("CMOV32rr"), "{mir}");
        assert!(mir.contains("XOR32ri8 %"), "{mir}");
        assert!(mir.contains("= BSF16rr"), "{mir}");
        assert!(!mir.contains("MOV16ri"), "cttz zero is poison: {mir}");
        assert!(mir.contains("BSWAP32r"), "{mir}");
    }

    #[test]
    fn overflow_intrinsics_give_value_and_flag() {
        let mir = func(
            "i32 @f(i32 %a, i32 %b, ptr %p)",
            "%t = call {i32, i1} @llvm.usub.with.overflow.i32(i32 %a, i32 %b)\n%v = extractvalue {i32, i1} %t, 0\n%o = extractvalue {i32, i1} %t, 1\nstore i32 %v, ptr %p\n%u = call {i32, i1} @llvm.smul.with.overflow.i32(i32 %a, i32 %b)\n%o2 = extractvalue {i32, i1} %u, 1\n%x = xor i1 %o, %o2\n%z = zext i1 %x to i32\nret i32 %z",
            "declare {i32, i1} @llvm.usub.with.overflow.i32(i32, i32)\ndeclare {i32, i1} @llvm.smul.with.overflow.i32(i32, i32)",
        );
        assert!(mir.contains("CMP32rr %0, %1"), "{mir}");
        assert!(mir.contains("SETCCr 2,"), "carry: {mir}");
        assert!(mir.contains("SETCCr 0,"), "overflow: {mir}");
        assert!(mir.contains("SUB32rr"), "the value: {mir}");
        assert!(mir.contains("IMUL32rr"), "{mir}");
    }

    #[test]
    fn saturating_add_selects_the_bound() {
        let mir = func(
            "i16 @f(i16 %a, i16 %b)",
            "%r = call i16 @llvm.sadd.sat.i16(i16 %a, i16 %b)\nret i16 %r",
            "declare i16 @llvm.sadd.sat.i16(i16, i16)",
        );
        assert!(mir.contains("SETCCr 0,"), "{mir}");
        assert!(mir.contains("SAR16ri"), "{mir}");
        assert!(mir.contains("XOR16ri"), "{mir}");
        assert!(mir.contains("CMOV16rr"), "{mir}");
    }

    #[test]
    fn hints_traps_and_prefetches() {
        let mir = func(
            "i64 @f(ptr %p, i64 %x)",
            "%e = call i64 @llvm.expect.i64(i64 %x, i64 1)\n%s = call i64 @llvm.objectsize.i64.p0(ptr %p, i1 false, i1 false, i1 false)\n%m = call i64 @llvm.objectsize.i64.p0(ptr %p, i1 true, i1 false, i1 false)\ncall void @llvm.prefetch.p0(ptr %p, i32 1, i32 0, i32 1)\ncall void @llvm.prefetch.p0(ptr %p, i32 0, i32 3, i32 0)\ncall void @llvm.debugtrap()\n%a = add i64 %e, %s\n%b = add i64 %a, %m\nret i64 %b",
            "declare i64 @llvm.expect.i64(i64, i64)\ndeclare i64 @llvm.objectsize.i64.p0(ptr, i1, i1, i1)\ndeclare void @llvm.prefetch.p0(ptr, i32, i32, i32)\ndeclare void @llvm.debugtrap()",
        );
        assert!(mir.contains("ADD64ri8 %1(tied-def 0), -1"), "{mir}");
        assert_eq!(
            mir.matches("PREFETCH").count(),
            1,
            "icache prefetch dropped: {mir}"
        );
        assert!(mir.contains("PREFETCHNTA"), "{mir}");
        assert!(mir.contains("INT3"), "{mir}");
        let mir = func(
            "void @f()",
            "call void @llvm.trap()\nunreachable",
            "declare void @llvm.trap()",
        );
        assert!(mir.contains("UD2"), "{mir}");
    }

    #[test]
    fn unknown_intrinsics_stay_named_errors() {
        let e = select(
            "declare i32 @llvm.x86.rdpid()\ndefine i32 @f() {\n  %r = call i32 @llvm.x86.rdpid()\n  ret i32 %r\n}\n",
        )
        .unwrap_err();
        assert!(e.contains("llvm.x86.rdpid"), "{e}");
    }
}

mod memory_intrinsics {
    use super::*;

    const DECLS: &str = "declare void @llvm.memcpy.p0.p0.i64(ptr, ptr, i64, i1)
declare void @llvm.memmove.p0.p0.i64(ptr, ptr, i64, i1)
declare void @llvm.memset.p0.i64(ptr, i8, i64, i1)";

    #[test]
    fn small_copies_are_inline_moves() {
        let mir = func(
            "void @f(ptr %d, ptr %s)",
            "call void @llvm.memcpy.p0.p0.i64(ptr %d, ptr %s, i64 13, i1 false)\nret void",
            DECLS,
        );
        assert!(mir.contains("MOV64rm %1, 1, $noreg, 0,"), "{mir}");
        assert!(mir.contains("MOV32mr %0, 1, $noreg, 8,"), "{mir}");
        assert!(mir.contains("MOV8mr %0, 1, $noreg, 12,"), "{mir}");
        assert!(!mir.contains("CALL"), "{mir}");
    }

    #[test]
    fn memmove_loads_everything_first() {
        let mir = func(
            "void @f(ptr %d, ptr %s)",
            "call void @llvm.memmove.p0.p0.i64(ptr %d, ptr %s, i64 24, i1 false)\nret void",
            DECLS,
        );
        let last_load = mir.rfind("MOV64rm").unwrap();
        let first_store = mir.find("MOV64mr").unwrap();
        assert!(last_load < first_store, "{mir}");
    }

    #[test]
    fn memset_replicates_the_byte() {
        let mir = func(
            "void @f(ptr %d, i8 %v)",
            "call void @llvm.memset.p0.i64(ptr %d, i8 %v, i64 12, i1 false)\ncall void @llvm.memset.p0.i64(ptr %d, i8 0, i64 4, i1 false)\nret void",
            DECLS,
        );
        assert!(mir.contains("MOV64ri 72340172838076673"), "{mir}");
        assert!(mir.contains("IMUL64rr"), "{mir}");
        // The 4-byte piece stores the low half (a truncating store).
        assert!(
            mir.contains("MOV32mr %0, 1, $noreg, 8, $noreg, %5.sub_32bit"),
            "the 4-byte piece: {mir}"
        );
        assert!(mir.contains("MOV32mi %0, 1, $noreg, 0, $noreg, 0"), "{mir}");
    }

    #[test]
    fn large_or_variable_lengths_call_the_library() {
        let mir = func(
            "void @f(ptr %d, ptr %s, i64 %n, i8 %v)",
            "call void @llvm.memcpy.p0.p0.i64(ptr %d, ptr %s, i64 %n, i1 false)\ncall void @llvm.memmove.p0.p0.i64(ptr %d, ptr %s, i64 100, i1 false)\ncall void @llvm.memset.p0.i64(ptr %d, i8 %v, i64 1000, i1 false)\nret void",
            DECLS,
        );
        assert!(mir.contains("CALL64pcrel32 &memcpy,"), "{mir}");
        assert!(mir.contains("CALL64pcrel32 &memmove,"), "{mir}");
        assert!(mir.contains("CALL64pcrel32 &memset,"), "{mir}");
        assert!(
            mir.contains("MOVZX32rr8 %3"),
            "memset's int argument: {mir}"
        );
    }
}
