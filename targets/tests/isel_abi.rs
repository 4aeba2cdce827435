//! Instruction selection of memory-shaped values and the System V ABI
//! beyond scalars: constant expressions, aggregates, byval/sret, variadic
//! definitions, dynamic allocas. Real IR in, MIR text out; each test checks
//! the shape that makes the construct correct.

#[path = "support/isel.rs"]
mod support;

/// The MIR of the first function defined in `src`.
fn select(src: &str) -> Result<String, String> {
    support::select_first(src)
}

mod constexpr {
    use super::select;

    #[test]
    fn gep_offset_folds_into_the_symbol() {
        let mir = select(
            "@g = global [4 x i32] zeroinitializer
define i32 @f() {
  %v = load i32, ptr getelementptr inbounds (i8, ptr @g, i64 8), align 4
  ret i32 %v
}
",
        )
        .unwrap();
        assert!(mir.contains("MOV32rm $rip, 1, $noreg, @g + 8"), "{mir}");
    }

    #[test]
    fn address_constant_as_a_value_is_one_lea() {
        let mir = select(
            "%S = type { i64, [3 x i32] }
@s = global %S zeroinitializer
declare void @use(ptr)
define void @f() {
  call void @use(ptr getelementptr inbounds (%S, ptr @s, i64 0, i32 1, i64 2))
  ret void
}
",
        )
        .unwrap();
        assert!(mir.contains("LEA64r $rip, 1, $noreg, @s + 16"), "{mir}");
    }

    #[test]
    fn casts_and_relative_differences() {
        let mir = select(
            "@a = global i32 0
@b = global i32 0
define i64 @f() {
  %x = add i64 sub (i64 ptrtoint (ptr @a to i64), i64 ptrtoint (ptr @b to i64)), 4
  ret i64 %x
}
",
        )
        .unwrap();
        assert!(mir.contains("@a"), "{mir}");
        assert!(mir.contains("@b"), "{mir}");
        assert!(mir.contains("SUB64rr"), "{mir}");
    }

    #[test]
    fn pointer_to_narrow_int_truncates() {
        let mir = select(
            "@a = global i32 0
define i32 @f() {
  ret i32 ptrtoint (ptr getelementptr (i8, ptr @a, i64 -4) to i32)
}
",
        )
        .unwrap();
        assert!(mir.contains("@a + -4"), "{mir}");
        assert!(mir.contains("sub_32bit"), "{mir}");
    }

    #[test]
    fn float_bitcast_expression_moves_the_bits() {
        let mir = select(
            "define i64 @f() {
  ret i64 bitcast (double 1.0 to i64)
}
",
        )
        .unwrap();
        assert!(mir.contains("$rax = COPY"), "{mir}");
    }

    #[test]
    fn vector_expressions_are_vector_values() {
        // The <2 x i32> constant is a v4i32 (widened) from the pool; its
        // low 64 bits are the i64.
        let mir = select(
            "define i64 @f() {
  ret i64 bitcast (<2 x i32> <i32 1, i32 2> to i64)
}
",
        )
        .unwrap();
        assert!(mir.contains("[01, 00, 00, 00, 02, 00, 00, 00"), "{mir}");
        assert!(mir.contains("MOVPQIto64rr"), "{mir}");
    }
}

mod aggregate {
    use super::select;

    #[test]
    fn loaded_pair_is_returned_in_rax_rdx() {
        let mir = select(
            "define { i64, i32 } @f(ptr %p) {
  %v = load { i64, i32 }, ptr %p, align 8
  ret { i64, i32 } %v
}
",
        )
        .unwrap();
        assert!(mir.contains("MOV64rm %0, 1, $noreg, 0, $noreg"), "{mir}");
        assert!(mir.contains("MOV32rm %0, 1, $noreg, 8, $noreg"), "{mir}");
        assert!(mir.contains("$rax = COPY"), "{mir}");
        assert!(mir.contains("$edx = COPY"), "{mir}");
        assert!(mir.contains("RET64 implicit $rax, implicit $edx"), "{mir}");
    }

    #[test]
    fn call_results_come_from_rax_rdx() {
        let mir = select(
            "declare { i64, i64 } @g()
define void @f(ptr %p) {
  %r = call { i64, i64 } @g()
  %a = extractvalue { i64, i64 } %r, 0
  %b = extractvalue { i64, i64 } %r, 1
  store i64 %b, ptr %p, align 8
  %q = getelementptr i8, ptr %p, i64 8
  store i64 %a, ptr %q, align 8
  ret void
}
",
        )
        .unwrap();
        assert!(
            mir.contains("implicit-def $rax, implicit-def $rdx"),
            "{mir}"
        );
        let rdx = mir.lines().find(|l| l.contains("= COPY $rdx")).expect(&mir);
        let v = rdx
            .split_whitespace()
            .next()
            .unwrap()
            .split(':')
            .next()
            .unwrap();
        assert!(
            mir.contains(&format!("MOV64mr %0, 1, $noreg, 0, $noreg, {v}")),
            "{mir}"
        );
    }

    #[test]
    fn insertvalue_chain_and_stored_pair() {
        let mir = select(
            "define { i64, i16 } @f(i64 %a, i64 %b, ptr %p) {
  %t = trunc i64 %b to i16
  %x = insertvalue { i64, i16 } poison, i64 %a, 0
  %y = insertvalue { i64, i16 } %x, i16 %t, 1
  store { i64, i16 } %y, ptr %p, align 8
  ret { i64, i16 } %y
}
",
        )
        .unwrap();
        assert!(mir.contains("MOV16mr %2, 1, $noreg, 8, $noreg"), "{mir}");
        assert!(mir.contains("$dx = COPY"), "{mir}");
    }

    #[test]
    fn constants_zero_and_literal() {
        let mir = select(
            "%S = type { i32, [2 x i8], ptr }
@g = global i32 0
define void @f(ptr %p, ptr %q) {
  store %S zeroinitializer, ptr %p, align 8
  store %S { i32 7, [2 x i8] c\"ab\", ptr @g }, ptr %q, align 8
  ret void
}
",
        )
        .unwrap();
        assert!(mir.contains("MOV32mi %0, 1, $noreg, 0, $noreg, 0"), "{mir}");
        assert!(mir.contains("MOV8mi %0, 1, $noreg, 5, $noreg, 0"), "{mir}");
        assert!(
            mir.contains("MOV64mi32 %0, 1, $noreg, 8, $noreg, 0"),
            "{mir}"
        );
        assert!(mir.contains("MOV32mi %1, 1, $noreg, 0, $noreg, 7"), "{mir}");
        assert!(mir.contains("MOV8mi %1, 1, $noreg, 4, $noreg, 97"), "{mir}");
        assert!(mir.contains("MOV8mi %1, 1, $noreg, 5, $noreg, 98"), "{mir}");
        assert!(mir.contains("@g"), "{mir}");
    }

    #[test]
    fn phi_and_select_of_pairs() {
        let mir = select(
            "define { i64, i32 } @f(i1 %c, ptr %p, ptr %q) {
entry:
  %a = load { i64, i32 }, ptr %p, align 8
  %b = load { i64, i32 }, ptr %q, align 8
  %s = select i1 %c, { i64, i32 } %a, { i64, i32 } %b
  br i1 %c, label %l, label %r
l:
  br label %j
r:
  br label %j
j:
  %m = phi { i64, i32 } [ %s, %l ], [ %a, %r ]
  ret { i64, i32 } %m
}
",
        )
        .unwrap();
        assert_eq!(mir.matches("= PHI").count(), 2, "{mir}");
        assert_eq!(mir.matches("CMOV").count(), 2, "{mir}");
    }

    #[test]
    fn aggregate_call_argument_is_split() {
        let mir = select(
            "declare void @g({ i64, i32 })
define void @f(i64 %a) {
  %x = insertvalue { i64, i32 } undef, i64 %a, 0
  call void @g({ i64, i32 } %x)
  ret void
}
",
        )
        .unwrap();
        assert!(mir.contains("$rdi = COPY"), "{mir}");
        assert!(mir.contains("$esi = COPY"), "{mir}");
    }

    #[test]
    fn mixed_pairs_use_both_register_files() {
        let mir = select(
            "declare { i64, double } @g()
define { double, double } @f(ptr %p) {
  %r = call { i64, double } @g()
  %a = extractvalue { i64, double } %r, 0
  store i64 %a, ptr %p
  %d = extractvalue { i64, double } %r, 1
  %x = insertvalue { double, double } undef, double %d, 0
  %y = insertvalue { double, double } %x, double 2.0, 1
  ret { double, double } %y
}
",
        )
        .unwrap();
        assert!(
            mir.contains("implicit-def $rax, implicit-def $xmm0"),
            "{mir}"
        );
        assert!(mir.contains("$xmm1 = COPY"), "{mir}");
        assert!(
            mir.contains("RET64 implicit $xmm0, implicit $xmm1"),
            "{mir}"
        );
    }

    #[test]
    fn aggregate_parameters_take_one_register_per_part() {
        let mir = select(
            "define i64 @f(i32 %k, { i64, i32 } %a, ptr %p) {
  %x = extractvalue { i64, i32 } %a, 0
  %y = extractvalue { i64, i32 } %a, 1
  store i32 %y, ptr %p
  ret i64 %x
}
",
        )
        .unwrap();
        // %k in EDI, the pair in RSI and EDX, %p in RCX.
        assert!(mir.contains("= COPY $rsi"), "{mir}");
        assert!(mir.contains("= COPY $edx"), "{mir}");
        let p = mir
            .lines()
            .find(|l| l.contains("= COPY $rcx"))
            .and_then(|l| l.split_whitespace().next())
            .and_then(|d| d.split(':').next())
            .expect(&mir);
        assert!(
            mir.contains(&format!("MOV32mr {p}, 1, $noreg, 0, $noreg")),
            "{mir}"
        );
    }

    #[test]
    fn too_many_return_registers_is_named() {
        let e = select(
            "define { i64, i64, i64 } @f() {
  ret { i64, i64, i64 } zeroinitializer
}
",
        )
        .unwrap_err();
        assert!(e.contains("more than two integer return values"), "{e}");
    }
}

mod byval_sret {
    use super::select;

    #[test]
    fn incoming_byval_is_the_callers_stack_copy() {
        let mir = select(
            "%S = type { i64, i64, i64 }
define i64 @f(i64 %a, ptr byval(%S) align 8 %p, ptr byval(%S) align 8 %q) {
  %x = getelementptr i8, ptr %q, i64 16
  %v = load i64, ptr %x
  %w = load i64, ptr %p
  %s = add i64 %v, %w
  ret i64 %s
}
",
        )
        .unwrap();
        // Both copies are fixed objects read in place: no register holds
        // their address.
        assert!(
            mir.contains("MOV64rm %stack.1, 1, $noreg, 16, $noreg"),
            "{mir}"
        );
        // (The second load may be folded into the add.)
        assert!(mir.contains("%stack.0, 1, $noreg, 0, $noreg"), "{mir}");
        assert!(!mir.contains("$rsi"), "{mir}");
    }

    #[test]
    fn outgoing_byval_is_copied_below_the_register_arguments() {
        let mir = select(
            "%S = type { i32, i32, i32 }
declare void @g(i64, ptr byval(%S) align 8, i64)
define void @f(ptr %p) {
  %l = alloca %S, align 4
  call void @g(i64 1, ptr byval(%S) align 8 %p, i64 2)
  call void @g(i64 3, ptr byval(%S) align 8 %l, i64 4)
  ret void
}
",
        )
        .unwrap();
        // 12 bytes (the allocation size): 8 + 4, at rsp + 0.
        assert!(mir.contains("= MOV64rm %0, 1, $noreg, 0, $noreg"), "{mir}");
        assert!(mir.contains("= MOV32rm %0, 1, $noreg, 8, $noreg"), "{mir}");
        assert!(mir.contains("MOV64mr $rsp, 1, $noreg, 0, $noreg"), "{mir}");
        assert!(mir.contains("MOV32mr $rsp, 1, $noreg, 8, $noreg"), "{mir}");
        // A local is read through its frame object.
        assert!(
            mir.contains("= MOV64rm %stack.0, 1, $noreg, 0, $noreg"),
            "{mir}"
        );
        assert!(mir.contains("ADJCALLSTACKDOWN 16, 0, 0"), "{mir}");
        // The third argument still goes to the second register.
        assert!(mir.contains("$rsi = COPY"), "{mir}");
    }

    #[test]
    fn large_byval_uses_rep_movsq() {
        let mir = select(
            "%B = type { [24 x i64] }
declare void @g(ptr byval(%B) align 8)
define void @f(ptr %p) {
  call void @g(ptr byval(%B) align 8 %p)
  ret void
}
",
        )
        .unwrap();
        assert!(mir.contains("MOV64ri32 24"), "{mir}");
        assert!(mir.contains("REP_PREFIX"), "{mir}");
        assert!(mir.contains("MOVSQ"), "{mir}");
        assert!(mir.contains("implicit $rcx"), "{mir}");
        assert!(mir.contains("ADJCALLSTACKDOWN 192, 0, 0"), "{mir}");
    }

    #[test]
    fn large_odd_sized_byval_copies_its_tail() {
        let mir = select(
            "%B = type { [203 x i8] }
declare void @g(ptr byval(%B) align 1)
define void @f(ptr %p) {
  call void @g(ptr byval(%B) align 1 %p)
  ret void
}
",
        )
        .unwrap();
        // 25 quadwords, then 2 + 1 bytes at 200 and 202.
        assert!(mir.contains("MOV64ri32 25"), "{mir}");
        assert!(mir.contains("MOVSQ"), "{mir}");
        assert!(
            mir.contains("MOV16mr $rsp, 1, $noreg, 200, $noreg"),
            "{mir}"
        );
        assert!(mir.contains("MOV8mr $rsp, 1, $noreg, 202, $noreg"), "{mir}");
        assert!(mir.contains("ADJCALLSTACKDOWN 208, 0, 0"), "{mir}");
    }

    #[test]
    fn sret_pointer_is_returned_in_rax() {
        let mir = select(
            "%S = type { i64, i64, i64 }
define void @f(ptr sret(%S) align 8 %r, i64 %x) {
  store i64 %x, ptr %r
  ret void
}
",
        )
        .unwrap();
        assert!(mir.contains("$rax = COPY %0"), "{mir}");
        assert!(mir.contains("RET64 implicit $rax"), "{mir}");
    }

    #[test]
    fn byval_stack_slots_follow_alignment() {
        let mir = select(
            "%L = type { [2 x i64] }
declare void @g(i64, i64, i64, i64, i64, i64, i64, ptr byval(%L) align 16, i64)
define void @f(ptr %p) {
  call void @g(i64 1, i64 2, i64 3, i64 4, i64 5, i64 6, i64 7, ptr byval(%L) align 16 %p, i64 8)
  ret void
}
",
        )
        .unwrap();
        // 7th at 0, the 16-aligned copy at 16..32, the 9th at 32: 48 bytes.
        assert!(mir.contains("MOV64mr $rsp, 1, $noreg, 16, $noreg"), "{mir}");
        assert!(mir.contains("MOV64mr $rsp, 1, $noreg, 24, $noreg"), "{mir}");
        assert!(mir.contains("MOV64mr $rsp, 1, $noreg, 32, $noreg"), "{mir}");
        assert!(mir.contains("ADJCALLSTACKDOWN 48, 0, 0"), "{mir}");
    }

    #[test]
    fn inalloca_is_named() {
        let e = select(
            "%S = type { i64 }
declare void @g(ptr inalloca(%S))
define void @f(ptr %p) {
  call void @g(ptr inalloca(%S) %p)
  ret void
}
",
        )
        .unwrap_err();
        assert!(e.contains("inalloca"), "{e}");
    }
}

mod varargs {
    use super::select;

    const SUM: &str = "%struct.__va_list_tag = type { i32, i32, ptr, ptr }
define i64 @sum(i32 %n, ...) {
  %ap = alloca [1 x %struct.__va_list_tag], align 16
  %aq = alloca [1 x %struct.__va_list_tag], align 16
  call void @llvm.va_start.p0(ptr %ap)
  call void @llvm.va_copy.p0(ptr %aq, ptr %ap)
  %o = load i32, ptr %aq, align 16
  %r = zext i32 %o to i64
  call void @llvm.va_end.p0(ptr %aq)
  call void @llvm.va_end.p0(ptr %ap)
  ret i64 %r
}
declare void @llvm.va_start.p0(ptr)
declare void @llvm.va_copy.p0(ptr, ptr)
declare void @llvm.va_end.p0(ptr)
";

    #[test]
    fn unnamed_registers_are_saved() {
        let mir = select(SUM).unwrap();
        // One named integer: RSI..R9 at 8..40, then XMM0..7 at 48..160.
        assert!(!mir.contains(", $rdi\n"), "{mir}");
        assert!(
            mir.contains("MOV64mr %stack.2, 1, $noreg, 8, $noreg, $rsi"),
            "{mir}"
        );
        assert!(
            mir.contains("MOV64mr %stack.2, 1, $noreg, 40, $noreg, $r9"),
            "{mir}"
        );
        assert!(
            mir.contains("MOVAPSmr %stack.2, 1, $noreg, 48, $noreg, $xmm0"),
            "{mir}"
        );
        assert!(
            mir.contains("MOVAPSmr %stack.2, 1, $noreg, 160, $noreg, $xmm7"),
            "{mir}"
        );
    }

    #[test]
    fn va_start_fills_the_list() {
        let mir = select(SUM).unwrap();
        assert!(
            mir.contains("MOV32mi %stack.0, 1, $noreg, 0, $noreg, 8"),
            "{mir}"
        );
        assert!(
            mir.contains("MOV32mi %stack.0, 1, $noreg, 4, $noreg, 48"),
            "{mir}"
        );
        // overflow_arg_area = the first stack argument, reg_save_area.
        assert!(
            mir.contains("LEA64r %stack.3, 1, $noreg, 0, $noreg"),
            "{mir}"
        );
        assert!(
            mir.contains("LEA64r %stack.2, 1, $noreg, 0, $noreg"),
            "{mir}"
        );
        assert!(
            mir.contains("MOV64mr %stack.0, 1, $noreg, 16, $noreg"),
            "{mir}"
        );
    }

    #[test]
    fn va_copy_moves_24_bytes() {
        let mir = select(SUM).unwrap();
        for off in [0, 8, 16] {
            assert!(
                mir.contains(&format!("MOV64rm %stack.0, 1, $noreg, {off}, $noreg")),
                "{mir}"
            );
            assert!(
                mir.contains(&format!("MOV64mr %stack.1, 1, $noreg, {off}, $noreg")),
                "{mir}"
            );
        }
    }

    #[test]
    fn named_vector_and_stack_arguments_move_the_offsets() {
        let mir = select(
            "define void @f(i64 %a, i64 %b, i64 %c, i64 %d, i64 %e, i64 %f, i64 %g, ...) {
  %ap = alloca [24 x i8], align 16
  call void @llvm.va_start.p0(ptr %ap)
  ret void
}
declare void @llvm.va_start.p0(ptr)
",
        )
        .unwrap();
        // All six registers named: gp_offset 48; the 7th named argument
        // is on the stack, so unnamed ones start 8 bytes further.
        assert!(
            mir.contains("MOV32mi %stack.0, 1, $noreg, 0, $noreg, 48"),
            "{mir}"
        );
        assert!(!mir.contains("MOV64mr %stack.1"), "{mir}");
        assert!(mir.contains("%stack.3"), "{mir}");
    }

    #[test]
    fn named_doubles_move_fp_offset() {
        let mir = select(
            "define void @f(double %a, i32 %n, ...) {
  %ap = alloca [24 x i8], align 16
  call void @llvm.va_start.p0(ptr %ap)
  ret void
}
declare void @llvm.va_start.p0(ptr)
",
        )
        .unwrap();
        // One GPR and one XMM named: gp_offset 8, fp_offset 48 + 16.
        assert!(
            mir.contains("MOV32mi %stack.0, 1, $noreg, 0, $noreg, 8"),
            "{mir}"
        );
        assert!(
            mir.contains("MOV32mi %stack.0, 1, $noreg, 4, $noreg, 64"),
            "{mir}"
        );
        assert!(!mir.contains(", $xmm0\n"), "{mir}");
        assert!(
            mir.contains("MOVAPSmr %stack.1, 1, $noreg, 64, $noreg, $xmm1"),
            "{mir}"
        );
    }

    #[test]
    fn va_arg_instruction_selects_register_or_overflow_slot() {
        let mir = select(
            "define i32 @f(ptr %ap) {
  %v = va_arg ptr %ap, i32
  ret i32 %v
}
",
        )
        .unwrap();
        // gp_offset < 48 picks reg_save_area + gp_offset, else the
        // overflow area; both fields are written back; no branches.
        assert!(mir.contains("CMP32ri8 %"), "{mir}");
        assert!(mir.contains(", 48, implicit-def $eflags"), "{mir}");
        assert_eq!(mir.matches("CMOV").count(), 3, "{mir}");
        assert!(mir.contains("MOV32mr %0, 1, $noreg, 0, $noreg"), "{mir}");
        assert!(mir.contains("MOV64mr %0, 1, $noreg, 8, $noreg"), "{mir}");
        assert!(!mir.contains("JCC"), "{mir}");
    }

    #[test]
    fn va_arg_of_other_types_is_named() {
        let e = select(
            "define i128 @f(ptr %ap) {
  %v = va_arg ptr %ap, i128
  ret i128 %v
}
",
        )
        .unwrap_err();
        assert!(e.contains("i128"), "{e}");
    }
}

mod stack {
    use super::select;

    #[test]
    fn dynamic_alloca_moves_the_stack_pointer() {
        let mir = select(
            "declare void @use(ptr)
define void @f(i32 %n) {
  %p = alloca i32, i32 %n, align 64
  call void @use(ptr %p)
  ret void
}
",
        )
        .unwrap();
        assert!(mir.contains("= COPY $rsp"), "{mir}");
        assert!(mir.contains("SUB64rr"), "{mir}");
        // Rounded to 16, then aligned to 64.
        assert!(mir.contains("AND64ri8 %"), "{mir}");
        assert!(mir.contains(", -16,"), "{mir}");
        assert!(mir.contains(", -64,"), "{mir}");
        assert!(mir.contains("$rsp = COPY"), "{mir}");
    }

    #[test]
    fn alloca_outside_the_entry_block_is_dynamic() {
        let mir = select(
            "define i32 @f(i1 %c) {
entry:
  br i1 %c, label %a, label %b
a:
  %p = alloca i32, align 4
  store i32 5, ptr %p
  %v = load i32, ptr %p
  ret i32 %v
b:
  ret i32 0
}
",
        )
        .unwrap();
        assert!(mir.contains("$rsp = COPY"), "{mir}");
        assert!(!mir.contains("%stack.0"), "{mir}");
    }

    #[test]
    fn stacksave_and_stackrestore() {
        let mir = select(
            "define void @f(i64 %n) {
  %s = call ptr @llvm.stacksave.p0()
  %p = alloca i8, i64 %n, align 1
  store i8 0, ptr %p
  call void @llvm.stackrestore.p0(ptr %s)
  ret void
}
declare ptr @llvm.stacksave.p0()
declare void @llvm.stackrestore.p0(ptr)
",
        )
        .unwrap();
        let reads = mir.matches("= COPY $rsp").count();
        let writes = mir.matches("$rsp = COPY").count();
        assert_eq!((reads, writes), (2, 2), "{mir}");
        // The restore writes the saved value: the first read.
        let saved = mir
            .lines()
            .find(|l| l.contains("= COPY $rsp"))
            .and_then(|l| l.split_whitespace().next())
            .and_then(|d| d.split(':').next())
            .expect("a read");
        assert!(mir.contains(&format!("$rsp = COPY {saved}\n")), "{mir}");
    }
}

mod computed_goto {
    use super::select;

    #[test]
    fn indirectbr_jumps_through_a_register() {
        let mir = select(
            "define i32 @f(i1 %c) {
entry:
  %t = select i1 %c, ptr blockaddress(@f, %a), ptr blockaddress(@f, %b)
  indirectbr ptr %t, [label %a, label %b]
a:
  ret i32 1
b:
  ret i32 2
}
",
        )
        .unwrap();
        assert!(mir.contains("JMP64r"), "{mir}");
        assert!(mir.contains("successors: %bb.1, %bb.2"), "{mir}");
        assert!(
            mir.contains("LEA64r $rip, 1, $noreg, blockaddress(%bb.1)"),
            "{mir}"
        );
        assert!(
            mir.contains("LEA64r $rip, 1, $noreg, blockaddress(%bb.2)"),
            "{mir}"
        );
        assert!(mir.contains("bb.1 (%ir-block.1), address-taken"), "{mir}");
    }

    #[test]
    fn another_functions_block_is_named() {
        let e = select(
            "define ptr @f() {
  ret ptr blockaddress(@g, %x)
}
define void @g() {
entry:
  br label %x
x:
  ret void
}
",
        )
        .unwrap_err();
        assert!(e.contains("another function"), "{e}");
    }
}

/// Thread-local access models: local-exec and initial-exec in executables,
/// local-dynamic and general-dynamic (`__tls_get_addr`) in shared-library
/// code.
mod tls {
    use super::support::select_all;

    const SRC: &str = "@x = external thread_local global i32
@y = dso_local thread_local global i32 0
@z = internal thread_local global [4 x i32] zeroinitializer
define i32 @f() {
  %a = load i32, ptr @x
  %b = load i32, ptr @y
  %p = getelementptr [4 x i32], ptr @z, i64 0, i64 3
  %c = load i32, ptr %p
  %s = add i32 %a, %b
  %t = add i32 %s, %c
  ret i32 %t
}
";

    #[test]
    fn executables_use_the_thread_pointer() {
        let mir = select_all(SRC, false, true).unwrap();
        assert!(mir.contains("@x [GotTpOff]"), "{mir}");
        assert!(mir.contains("@y [TpOff]"), "{mir}");
        assert!(!mir.contains("TLS_"), "{mir}");
        let pie =
            format!("{SRC}!llvm.module.flags = !{{!0}}\n!0 = !{{i32 8, !\"PIE Level\", i32 2}}\n");
        let mir = select_all(&pie, true, true).unwrap();
        assert!(mir.contains("@y [TpOff]"), "{mir}");
        assert!(!mir.contains("TLS_"), "{mir}");
    }

    #[test]
    fn shared_library_code_calls_tls_get_addr() {
        let mir = select_all(SRC, true, true).unwrap();
        // One general-dynamic call for @x; the block's two local-dynamic
        // accesses share one call for the module's block.
        assert_eq!(mir.matches("TLS_addr64 ").count(), 1, "{mir}");
        assert!(mir.contains("@x [TlsGd]"), "{mir}");
        assert_eq!(mir.matches("TLS_base_addr64 ").count(), 1, "{mir}");
        assert!(mir.contains("@y [DtpOff]"), "{mir}");
        assert!(mir.contains("@z + 12 [DtpOff]"), "{mir}");
        assert_eq!(mir.matches("ADJCALLSTACKDOWN").count(), 2, "{mir}");
        assert!(mir.contains("__tls_get_addr"), "{mir}");
    }

    #[test]
    fn local_exec_folds_into_accesses_as_fs_relative() {
        let src = "@y = dso_local thread_local global [4 x i32] zeroinitializer
define ptr @f(i64 %i) {
  %p = getelementptr [4 x i32], ptr @y, i64 0, i64 %i
  %v = load i32, ptr %p
  store i32 %v, ptr @y
  ret ptr %p
}
";
        let mir = select_all(src, false, true).unwrap();
        // The load and the store: %fs:y@TPOFF(,%i,4) and %fs:y@TPOFF.
        assert_eq!(mir.matches("@y [TpOff], $fs").count(), 2, "{mir}");
        // The address as a value keeps the thread pointer (lea ignores
        // segments).
        assert!(mir.contains("0, $fs"), "{mir}");
    }

    #[test]
    fn the_ir_model_is_a_floor() {
        // `initialexec` in shared-library code: no call.
        let src = "@x = external thread_local(initialexec) global i32
define i32 @f() {
  %a = load i32, ptr @x
  ret i32 %a
}
";
        let mir = select_all(src, true, true).unwrap();
        assert!(mir.contains("@x [GotTpOff]"), "{mir}");
        assert!(!mir.contains("TLS_"), "{mir}");
    }
}
