//! Instruction selection of the integer constructs: call-boundary
//! extension, switch lowering, integer intrinsics and memory intrinsics.
//! Each test parses real IR, selects every defined function and checks the
//! machine code's shape (MIR text).

#[path = "support/isel.rs"]
mod support;

/// The MIR of every defined function of `src`, or the first error.
fn select(src: &str) -> Result<String, String> {
    select_with(src, false)
}

/// [`select`] for position-independent code or not.
fn select_with(src: &str, pic: bool) -> Result<String, String> {
    support::select_all(src, pic, false)
}

fn sel(src: &str) -> String {
    select(src).unwrap_or_else(|e| panic!("{e}"))
}

/// A module of one function `@f` with body `body`, plus `decls`.
fn func(sig: &str, body: &str, decls: &str) -> String {
    sel(&format!("{decls}\ndefine {sig} {{\n{body}\n}}\n"))
}

mod intrinsics {
    use super::*;

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

mod switches {
    use super::*;

    /// A switch on `i32 %x` with `cases` (`value dest` pairs over blocks
    /// a..d that return 1..4), default returning 0.
    fn switch(cases: &str, pic: bool) -> String {
        let cases: Vec<String> = cases
            .split(',')
            .map(|c| {
                let (v, d) = c.trim().split_once(' ').unwrap();
                format!("i32 {v}, label %{d}")
            })
            .collect();
        let src = format!(
            "define i32 @f(i32 %x) {{\nentry:\n  switch i32 %x, label %def [ {} ]\na:\n  ret i32 1\nb:\n  ret i32 2\nc:\n  ret i32 3\nd:\n  ret i32 4\ndef:\n  ret i32 0\n}}\n",
            cases.join(" ")
        );
        select_with(&src, pic).unwrap_or_else(|e| panic!("{e}"))
    }

    #[test]
    fn dense_cases_jump_through_a_table() {
        let mir = switch("0 a, 1 b, 2 c, 3 d, 5 a", true);
        assert!(mir.contains("CMP32ri8 %1, 5"), "range check: {mir}");
        assert!(mir.contains("bb.1 (%ir-block.1), address-taken"), "{mir}");
        assert!(
            mir.contains("LEA64r $rip, 1, $noreg, %jump-table.0"),
            "{mir}"
        );
        assert!(mir.contains("MOVSX64rm32"), "{mir}");
        assert!(mir.contains("JMP64r"), "{mir}");
        let mir = switch("0 a, 1 b, 2 c, 3 d, 5 a", false);
        assert!(mir.contains("JMP64m $noreg, 8, %"), "{mir}");
    }

    #[test]
    fn sparse_cases_search_a_tree() {
        let mir = switch("-5 a, 42 b, 100 c, 7000 d, 123456 a", false);
        assert!(mir.contains("CMP32ri8 %1, 100"), "the pivot: {mir}");
        assert!(
            mir.contains("JCC_1 %bb.6, 12,") || mir.contains(", 12, implicit $eflags"),
            "{mir}"
        );
        assert!(!mir.contains("jump-table"), "{mir}");
        assert_eq!(mir.matches("JCC_1").count(), 6, "{mir}");
    }

    #[test]
    fn few_destinations_in_a_word_are_bit_tests() {
        let mir = switch("33 a, 34 a, 50 b, 51 b, 70 c, 71 c, 72 c, 1000 d", false);
        assert_eq!(mir.matches("SHL64rCL").count(), 3, "{mir}");
        assert!(mir.contains("SUB32ri8"), "biased by 33: {mir}");
        assert!(mir.contains("CMP32ri8 %"), "{mir}");
        assert!(!mir.contains("jump-table"), "{mir}");
    }

    #[test]
    fn phis_get_one_input_per_machine_predecessor() {
        let mir = sel("define i32 @f(i32 %x) {
entry:
  switch i32 %x, label %join [ i32 1, label %join
                               i32 9, label %join
                               i32 40, label %other ]
other:
  br label %join
join:
  %r = phi i32 [ 5, %entry ], [ 5, %entry ], [ 5, %entry ], [ 6, %other ]
  ret i32 %r
}
");
        let phi = mir.lines().find(|l| l.contains("= PHI")).unwrap();
        // Cases to the default block need no test: one compare block
        // for 40 besides the head, each a predecessor of the join.
        assert_eq!(phi.matches("%bb.").count(), 2, "{mir}");
        let mir = sel("define i32 @f(i32 %x) {
entry:
  switch i32 %x, label %other []
other:
  ret i32 %x
}
");
        assert!(mir.contains("JMP_1 %bb.1"), "{mir}");
    }
}

mod load_folding {
    use super::*;

    #[test]
    fn loads_do_not_move_past_what_depends_on_them() {
        // %b is loaded after a store; folding %a into the add would need
        // %b first, folding %b is fine.
        let mir = func(
            "i32 @f(ptr %p, ptr %q)",
            "%a = load i32, ptr %p\nstore i32 1, ptr %q\n%b = load i32, ptr %q\n%s = add i32 %a, %b\nret i32 %s",
            "",
        );
        let load_a = mir.find("MOV32rm %0").expect("%a stays a load");
        let store = mir.find("MOV32mi %1").unwrap();
        let add = mir.find("ADD32rm").expect("%b folds");
        assert!(load_a < store && store < add, "{mir}");
        // A volatile load and a load with two uses stay loads.
        let mir = func(
            "i32 @f(ptr %p, i32 %x)",
            "%a = load volatile i32, ptr %p\n%s = add i32 %x, %a\n%b = load i32, ptr %p\n%t = add i32 %s, %b\n%u = mul i32 %t, %b\nret i32 %u",
            "",
        );
        assert_eq!(mir.matches("MOV32rm").count(), 2, "{mir}");
        assert!(
            !mir.contains("ADD32rm") && !mir.contains("IMUL32rm"),
            "{mir}"
        );
    }

    #[test]
    fn a_call_between_load_and_use_keeps_the_load_first() {
        let mir = func(
            "i32 @f(ptr %p, i32 %x)",
            "%a = load i32, ptr %p\ncall void @g()\n%s = sub i32 %x, %a\nret i32 %s",
            "declare void @g()",
        );
        let sub = mir.find("SUB32rm").expect("folded");
        let call = mir.find("CALL64pcrel32").unwrap();
        assert!(sub < call, "{mir}");
    }
}
