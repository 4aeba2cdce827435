//! Verifier tests: one hand-written snippet per check, grouped by family,
//! each asserting the message and the reported line; plus the corpus.

use rcc_ir::{parse_module, verify_module, Diagnostic, Module};

fn parse(src: &str) -> Module {
    match parse_module(src.to_string(), "t.ll") {
        Ok(m) => m,
        Err(d) => panic!("snippet does not parse:\n{d}"),
    }
}

/// Asserts that `src` fails verification on `line` with `needle` in the message,
/// and that verifying while parsing (`parse_and_verify_timed`, each body on
/// the worker that parsed it) reports exactly the same error.
fn fails(src: &str, line: u32, needle: &str) {
    let m = parse(src);
    fails_module(&m, line, needle);
    let e = verify_module(&m).expect_err("verifier accepted");
    let want = Diagnostic::locate("t.ll", &m.text, &e).to_string();
    let mut t = rcc_ir::ParseTimes::default();
    match rcc_ir::parse_and_verify_timed(src.to_string(), "t.ll", &mut t) {
        Ok(_) => panic!("parse_and_verify_timed accepted:\n{src}"),
        Err(d) => assert_eq!(d.to_string(), want),
    }
}

fn fails_module(m: &Module, line: u32, needle: &str) {
    let Err(e) = verify_module(m) else {
        panic!("verifier accepted:\n{}", m.text);
    };
    let d = Diagnostic::locate("t.ll", &m.text, &e);
    assert!(
        d.message.contains(needle),
        "message {:?} lacks {needle:?}",
        d.message
    );
    assert_eq!(d.line, line, "wrong line for {d}");
}

fn passes(src: &str) {
    let m = parse(src);
    if let Err(e) = verify_module(&m) {
        panic!("{}", Diagnostic::locate("t.ll", &m.text, &e));
    }
    let mut t = rcc_ir::ParseTimes::default();
    if let Err(d) = rcc_ir::parse_and_verify_timed(src.to_string(), "t.ll", &mut t) {
        panic!("parse_and_verify_timed rejected: {d}");
    }
}

mod arith {
    use super::*;

    #[test]
    fn int_op_on_pointer() {
        fails(
            "define ptr @f(ptr %p) {\n  %x = add ptr %p, %p\n  ret ptr %x\n}\n",
            2,
            "in function @f: integer operator 'add' requires integer operands",
        );
    }

    #[test]
    fn fp_op_on_int() {
        fails(
            "define i32 @f(i32 %a) {\n  %x = fadd i32 %a, %a\n  ret i32 %x\n}\n",
            2,
            "floating-point operator 'fadd'",
        );
    }

    #[test]
    fn fneg_on_int() {
        fails(
            "define i32 @f(i32 %a) {\n  %x = fneg i32 %a\n  ret i32 %x\n}\n",
            2,
            "fneg requires a floating-point type",
        );
    }

    #[test]
    fn vector_ops_are_fine() {
        passes(
            "define <4 x float> @f(<4 x float> %a, <4 x i32> %b) {\n  %x = fadd <4 x float> %a, %a\n  %y = and <4 x i32> %b, %b\n  %c = icmp eq <4 x i32> %y, %b\n  %s = select <4 x i1> %c, <4 x float> %x, <4 x float> %a\n  ret <4 x float> %s\n}\n",
        );
    }
}

mod compare {
    use super::*;

    #[test]
    fn icmp_on_float() {
        fails(
            "define i1 @f(float %a) {\n  %c = icmp eq float %a, %a\n  ret i1 %c\n}\n",
            2,
            "icmp operands must be integer or pointer",
        );
    }

    #[test]
    fn fcmp_on_int() {
        fails(
            "define i1 @f(i32 %a) {\n  %c = fcmp olt i32 %a, %a\n  ret i1 %c\n}\n",
            2,
            "fcmp operands must be floating-point",
        );
    }

    #[test]
    fn select_condition_not_i1() {
        fails(
            "define i32 @f(i32 %c) {\n  %s = select i32 %c, i32 1, i32 2\n  ret i32 %s\n}\n",
            2,
            "select condition must be i1",
        );
    }
}

mod casts {
    use super::*;

    fn bad_cast(cast: &str, needle: &str) {
        fails(
            &format!(
                "define void @f(i32 %x, ptr %p, float %y) {{\n  %c = {cast}\n  ret void\n}}\n"
            ),
            2,
            needle,
        );
    }

    #[test]
    fn trunc_must_narrow() {
        bad_cast("trunc i32 %x to i64", "invalid cast: trunc from i32 to i64");
    }

    #[test]
    fn zext_must_widen() {
        bad_cast("zext i32 %x to i16", "invalid cast: zext from i32 to i16");
    }

    #[test]
    fn bitcast_same_size() {
        bad_cast(
            "bitcast i32 %x to i64",
            "invalid cast: bitcast from i32 to i64",
        );
    }

    #[test]
    fn bitcast_pointer_to_int() {
        bad_cast(
            "bitcast ptr %p to i64",
            "invalid cast: bitcast from ptr to i64",
        );
    }

    #[test]
    fn fptrunc_from_int() {
        bad_cast("fptrunc i32 %x to float", "invalid cast: fptrunc");
    }

    #[test]
    fn inttoptr_from_float() {
        bad_cast("inttoptr float %y to ptr", "invalid cast: inttoptr");
    }

    #[test]
    fn legal_casts() {
        passes(
            "define void @f(i32 %x, ptr %p, float %y, <2 x i32> %v) {\n  %a = zext i32 %x to i64\n  %b = trunc i64 %a to i8\n  %c = fpext float %y to double\n  %d = fptosi double %c to i32\n  %e = ptrtoint ptr %p to i64\n  %g = inttoptr i64 %e to ptr\n  %h = bitcast float %y to i32\n  %i = bitcast <2 x i32> %v to i64\n  %j = sitofp i32 %x to float\n  ret void\n}\n",
        );
    }
}

mod memory {
    use super::*;

    const TYPED: &str = "define i32 @f(i64* %p) {\n  %v = load i32, i64* %p\n  ret i32 %v\n}\n";

    #[test]
    fn typed_load_pointee_mismatch() {
        fails(TYPED, 2, "load: pointer type i64* does not point to i32");
    }

    #[test]
    fn typed_store_pointee_mismatch() {
        fails(
            "define void @f(i64* %p) {\n  store i32 0, i64* %p\n  ret void\n}\n",
            2,
            "store: pointer type i64* does not point to i32",
        );
    }

    #[test]
    fn typed_gep_pointee_mismatch() {
        fails(
            "define i8* @f(i64* %p) {\n  %q = getelementptr i8, i64* %p, i64 1\n  ret i8* %q\n}\n",
            2,
            "getelementptr: pointer type i64* does not point to i8",
        );
    }

    #[test]
    fn opaque_memory_ops() {
        passes(
            "%s = type { i32, [4 x i8] }\ndefine i8 @f(ptr %p) {\n  %a = alloca %s, align 4\n  store i32 1, ptr %a\n  %g = getelementptr inbounds %s, ptr %p, i64 0, i32 1, i64 2\n  %v = load i8, ptr %g\n  %x = cmpxchg ptr %p, i32 0, i32 1 seq_cst seq_cst\n  %r = atomicrmw add ptr %p, i32 1 monotonic\n  ret i8 %v\n}\n",
        );
    }
}

mod terminators {
    use super::*;

    #[test]
    fn ret_type_mismatch() {
        fails(
            "define i32 @f() {\n  ret i64 0\n}\n",
            2,
            "return value has type i64, but the function returns i32",
        );
    }

    #[test]
    fn ret_void_in_non_void_function() {
        fails(
            "define i32 @f() {\n  ret void\n}\n",
            2,
            "'ret void' in a function returning i32",
        );
    }

    #[test]
    fn duplicate_switch_case() {
        fails(
            "define void @f(i32 %x) {\ne:\n  switch i32 %x, label %a [\n    i32 1, label %a\n    i32 1, label %b\n  ]\na:\n  ret void\nb:\n  ret void\n}\n",
            3,
            "duplicate case value 1 in switch",
        );
    }

    #[test]
    fn negative_duplicate_case_is_printed_signed() {
        fails(
            "define void @f(i8 %x) {\ne:\n  switch i8 %x, label %a [ i8 -1, label %a\n i8 255, label %a ]\na:\n  ret void\n}\n",
            3,
            "duplicate case value -1",
        );
    }

    #[test]
    fn terminator_in_the_middle() {
        let mut m = parse(
            "define void @f() {\ne:\n  %x = add i32 1, 2\n  br label %b\nb:\n  ret void\n}\n",
        );
        m.bodies[0].opcode[0] = rcc_ir::inst::Opcode::Unreachable;
        fails_module(&m, 3, "terminator found in the middle of a basic block");
    }

    #[test]
    fn phi_after_non_phi() {
        fails(
            "define i32 @f(i1 %c) {\ne:\n  br label %b\nb:\n  %x = add i32 1, 2\n  %p = phi i32 [ 0, %e ]\n  ret i32 %p\n}\n",
            6,
            "phi nodes must be grouped at the top",
        );
    }

    const EH: &str = "declare void @g()\ndeclare i32 @pers(...)\n";

    #[test]
    fn landingpad_not_first() {
        fails(
            &format!("{EH}define void @f() personality ptr @pers {{\ne:\n  invoke void @g() to label %ok unwind label %lp\nok:\n  ret void\nlp:\n  %x = add i32 1, 2\n  %l = landingpad {{ ptr, i32 }} cleanup\n  resume {{ ptr, i32 }} %l\n}}\n"),
            10,
            "landingpad must be the first non-phi instruction",
        );
    }

    #[test]
    fn landingpad_needs_personality() {
        fails(
            &format!("{EH}define void @f() {{\ne:\n  invoke void @g() to label %ok unwind label %lp\nok:\n  ret void\nlp:\n  %l = landingpad {{ ptr, i32 }} cleanup\n  resume {{ ptr, i32 }} %l\n}}\n"),
            9,
            "landingpad requires the function to have a personality",
        );
    }
}

mod calls {
    use super::*;

    #[test]
    fn too_many_arguments() {
        fails(
            "declare void @g(i32)\ndefine void @f() {\n  call void (i32) @g(i32 1, i32 2)\n  ret void\n}\n",
            3,
            "incorrect number of arguments: the function type takes 1, the call passes 2",
        );
    }

    #[test]
    fn too_few_vararg_arguments() {
        fails(
            "declare i32 @printf(ptr, ...)\ndefine void @f() {\n  %r = call i32 (ptr, ...) @printf()\n  ret void\n}\n",
            3,
            "takes 1 or more, the call passes 0",
        );
    }

    #[test]
    fn argument_type_mismatch() {
        fails(
            "declare void @g(i32)\ndefine void @f() {\n  call void (i32) @g(i64 1)\n  ret void\n}\n",
            3,
            "argument 1 has type i64, but the function type expects i32",
        );
    }

    #[test]
    fn varargs_and_mismatched_declarations_are_fine() {
        passes(
            "@s = constant [3 x i8] c\"%d\\00\"\ndeclare i32 @printf(ptr, ...)\ndeclare void @g(i32)\ndefine void @f() {\n  %r = call i32 (ptr, ...) @printf(ptr @s, i32 1, double 2.0)\n  call void @g(i64 1)\n  ret void\n}\n",
        );
    }

    #[test]
    fn intrinsic_called_with_other_signature() {
        fails(
            "declare i32 @llvm.umax.i32(i32, i32)\ndefine i64 @f() {\n  %r = call i64 @llvm.umax.i32(i64 1, i64 2)\n  ret i64 %r\n}\n",
            3,
            "intrinsic @llvm.umax.i32 called with type i64 (i64, i64), but it is declared as i32 (i32, i32)",
        );
    }

    #[test]
    fn invoke_argument_count() {
        fails(
            "declare void @g(i32)\ndeclare i32 @pers(...)\ndefine void @f() personality ptr @pers {\ne:\n  invoke void (i32) @g() to label %ok unwind label %lp\nok:\n  ret void\nlp:\n  %l = landingpad { ptr, i32 } cleanup\n  resume { ptr, i32 } %l\n}\n",
            5,
            "incorrect number of arguments",
        );
    }
}

mod intrinsics {
    use super::*;

    #[test]
    fn name_suffix_must_match_types() {
        fails(
            "declare i64 @llvm.umax.i32(i64, i64)\n",
            1,
            "in function @llvm.umax.i32: intrinsic name does not match its signature: expected @llvm.umax.i64",
        );
    }

    #[test]
    fn parameter_types() {
        fails(
            "\ndeclare i32 @llvm.umax.i32(i32, i64)\n",
            2,
            "parameter 2 of intrinsic @llvm.umax.i32 must be i32, declared as i64",
        );
    }

    #[test]
    fn parameter_count() {
        fails(
            "declare void @llvm.memcpy.p0.p0.i64(ptr, ptr, i64)\n",
            1,
            "intrinsic @llvm.memcpy.p0.p0.i64 takes 4 parameters, declared with 3",
        );
    }

    #[test]
    fn overload_kind() {
        fails(
            "declare float @llvm.umax.f32(float, float)\n",
            1,
            "overloaded type of intrinsic @llvm.umax.f32 must be an integer",
        );
    }

    #[test]
    fn with_overflow_result() {
        fails(
            "declare { i32, i32 } @llvm.sadd.with.overflow.i32(i32, i32)\n",
            1,
            "the return type of intrinsic @llvm.sadd.with.overflow.i32 must be { i32, i1 }",
        );
    }

    #[test]
    fn metadata_parameters_only_on_intrinsics() {
        fails(
            "declare void @g(metadata)\n",
            1,
            "in function @g: only intrinsics may take metadata parameters",
        );
    }

    #[test]
    fn intrinsics_must_be_declarations() {
        fails(
            "define void @llvm.foo() {\n  ret void\n}\n",
            1,
            "intrinsic functions must be declarations",
        );
    }

    #[test]
    fn common_declarations_pass() {
        passes(
            "declare void @llvm.memcpy.p0.p0.i64(ptr, ptr, i64, i1)\n\
             declare void @llvm.memset.p0.i32(ptr, i8, i32, i1)\n\
             declare void @llvm.lifetime.start.p0(i64, ptr)\n\
             declare void @llvm.va_start.p0(ptr)\n\
             declare ptr @llvm.stacksave.p0()\n\
             declare { i64, i1 } @llvm.umul.with.overflow.i64(i64, i64)\n\
             declare { <2 x i32>, <2 x i1> } @llvm.sadd.with.overflow.v2i32(<2 x i32>, <2 x i32>)\n\
             declare i32 @llvm.ctlz.i32(i32, i1)\n\
             declare <4 x float> @llvm.fabs.v4f32(<4 x float>)\n\
             declare double @llvm.fmuladd.f64(double, double, double)\n\
             declare float @llvm.vector.reduce.fadd.v4f32(float, <4 x float>)\n\
             declare i32 @llvm.vector.reduce.add.v4i32(<4 x i32>)\n\
             declare i64 @llvm.objectsize.i64.p0(ptr, i1, i1, i1)\n\
             declare void @llvm.dbg.value(metadata, metadata, metadata)\n\
             declare void @llvm.memcpy.inline.p0.p0.i64(ptr, ptr, i64, i1)\n\
             declare i32 @llvm.some.future.thing(i8)\n\
             declare void @llvm.trap()\n",
        );
    }

    #[test]
    fn typed_pointer_mangling() {
        passes(
            "declare void @llvm.memcpy.p0i8.p0i8.i64(i8*, i8*, i64, i1)\ndeclare void @llvm.va_start(i8*)\ndeclare i8* @llvm.stacksave()\n",
        );
        fails(
            "declare void @llvm.memcpy.p0.p0.i64(i8*, i8*, i64, i1)\n",
            1,
            "expected @llvm.memcpy.p0i8.p0i8.i64",
        );
    }
}

mod phis {
    use super::*;

    #[test]
    fn entry_with_predecessor() {
        fails(
            "define void @f() {\ne:\n  br label %e\n}\n",
            2,
            "the entry block cannot have predecessors (it is branched to from %e)",
        );
    }

    #[test]
    fn entry_with_phi() {
        fails(
            "define i32 @f() {\ne:\n  %p = phi i32 [ 0, %b ]\n  br label %b\nb:\n  ret i32 %p\n}\n",
            3,
            "the entry block cannot contain phi nodes",
        );
    }

    #[test]
    fn entry_from_non_predecessor() {
        fails(
            "define i32 @f(i1 %c) {\ne:\n  br i1 %c, label %a, label %b\na:\n  br label %b\nb:\n  %p = phi i32 [ 0, %e ], [ 1, %a ], [ 2, %b ]\n  ret i32 %p\n}\n",
            7,
            "phi has an entry for %b, which is not a predecessor of its block",
        );
    }

    #[test]
    fn missing_predecessor() {
        fails(
            "define i32 @f(i1 %c) {\ne:\n  br i1 %c, label %a, label %b\na:\n  br label %b\nb:\n  %p = phi i32 [ 0, %e ]\n  ret i32 %p\n}\n",
            7,
            "phi has no entry for predecessor %a",
        );
    }

    #[test]
    fn unnamed_predecessor_is_numbered() {
        fails(
            "define i32 @f(i1 %c) {\n  br i1 %c, label %1, label %2\n1:\n  br label %2\n2:\n  %3 = phi i32 [ 0, %0 ]\n  ret i32 %3\n}\n",
            6,
            "phi has no entry for predecessor %1",
        );
    }

    #[test]
    fn duplicate_entries_with_different_values() {
        fails(
            "define i32 @f(i32 %x) {\ne:\n  switch i32 %x, label %b [ i32 1, label %b ]\nb:\n  %p = phi i32 [ 0, %e ], [ 1, %e ]\n  ret i32 %p\n}\n",
            5,
            "phi has multiple entries for %e with different values",
        );
    }

    #[test]
    fn duplicate_entries_with_same_value() {
        passes(
            "define i32 @f(i32 %x) {\ne:\n  switch i32 %x, label %b [ i32 1, label %b ]\nb:\n  %p = phi i32 [ 7, %e ], [ 7, %e ]\n  ret i32 %p\n}\n",
        );
    }
}

mod dominance {
    use super::*;

    #[test]
    fn use_before_def_in_block() {
        fails(
            "define i32 @f() {\n  %a = add i32 %b, 1\n  %b = add i32 1, 2\n  ret i32 %a\n}\n",
            2,
            "%b does not dominate this use",
        );
    }

    #[test]
    fn self_reference() {
        fails(
            "define i32 @f() {\ne:\n  br label %l\nl:\n  %a = add i32 %a, 1\n  br label %l\n}\n",
            5,
            "only phi nodes may use their own value",
        );
    }

    #[test]
    fn def_in_sibling_branch() {
        fails(
            "define i32 @f(i1 %c) {\ne:\n  br i1 %c, label %a, label %j\na:\n  %x = add i32 1, 2\n  br label %j\nj:\n  %y = add i32 %x, 1\n  ret i32 %y\n}\n",
            8,
            "%x does not dominate this use",
        );
    }

    #[test]
    fn phi_use_checked_at_incoming_block() {
        fails(
            "define i32 @f(i1 %c) {\ne:\n  br i1 %c, label %a, label %j\na:\n  %x = add i32 1, 2\n  br label %j\nj:\n  %p = phi i32 [ %x, %e ], [ %x, %a ]\n  ret i32 %p\n}\n",
            8,
            "%x does not dominate its use in the phi entry for %e",
        );
    }

    #[test]
    fn loop_phi_is_fine() {
        passes(
            "define i32 @f(i32 %n) {\ne:\n  br label %l\nl:\n  %i = phi i32 [ 0, %e ], [ %j, %l ]\n  %j = add i32 %i, 1\n  %c = icmp slt i32 %j, %n\n  br i1 %c, label %l, label %x\nx:\n  ret i32 %j\n}\n",
        );
    }

    #[test]
    fn unreachable_uses_are_not_checked() {
        passes(
            "define i32 @f() {\ne:\n  ret i32 0\ndead:\n  %a = add i32 %b, 1\n  %b = add i32 %a, 1\n  br label %dead\n}\n",
        );
    }

    #[test]
    fn unreachable_def_reachable_use() {
        fails(
            "define i32 @f() {\ne:\n  br label %x\ndead:\n  %a = add i32 1, 1\n  br label %x\nx:\n  %b = add i32 %a, 1\n  ret i32 %b\n}\n",
            8,
            "%a does not dominate this use",
        );
    }

    const EH: &str = "declare i32 @g()\ndeclare i32 @pers(...)\n";

    #[test]
    fn invoke_result_in_unwind_block() {
        fails(
            &format!("{EH}define i32 @f() personality ptr @pers {{\ne:\n  %r = invoke i32 @g() to label %ok unwind label %lp\nok:\n  ret i32 %r\nlp:\n  %l = landingpad {{ ptr, i32 }} cleanup\n  ret i32 %r\n}}\n"),
            10,
            "%r does not dominate this use",
        );
    }

    #[test]
    fn invoke_result_in_normal_block_and_phi() {
        passes(&format!("{EH}define i32 @f() personality ptr @pers {{\ne:\n  %r = invoke i32 @g() to label %ok unwind label %lp\nok:\n  %p = phi i32 [ %r, %e ]\n  ret i32 %r\nlp:\n  %l = landingpad {{ ptr, i32 }} cleanup\n  ret i32 0\n}}\n"));
    }

    #[test]
    fn first_error_in_source_order() {
        // A dominance error (line 3) precedes a type error (line 4).
        fails(
            "define i32 @f() {\n  %a = add i32 1, 1\n  %b = add i32 %c, 1\n  %c = fadd i32 %a, 1\n  ret i32 %a\n}\n",
            3,
            "%c does not dominate",
        );
    }
}

mod globals {
    use super::*;

    #[test]
    fn blockaddress_of_missing_block() {
        fails(
            "define void @f() {\ne:\n  ret void\n}\n@t = global ptr blockaddress(@f, %nope)\n",
            5,
            "blockaddress names no block '%nope'",
        );
    }

    #[test]
    fn blockaddress_of_numbered_block() {
        passes(
            "@t = global [2 x ptr] [ptr blockaddress(@f, %1), ptr blockaddress(@f, %x)]\ndefine void @f(i32) {\n  br label %x\nx:\n  ret void\n}\n",
        );
        fails(
            "@t = global ptr blockaddress(@f, %2)\ndefine void @f(i32) {\n  br label %x\nx:\n  ret void\n}\n",
            1,
            "blockaddress names no block '%2'",
        );
    }

    #[test]
    fn blockaddress_of_declaration() {
        fails(
            "declare void @f()\n@t = global ptr blockaddress(@f, %x)\n",
            2,
            "blockaddress must name a defined function",
        );
    }
}

mod constants {
    use super::*;

    #[test]
    fn widening_trunc_in_an_operand() {
        fails(
            "define i8 @f() {\n  ret i8 zext (i32 1 to i8)\n}\n",
            2,
            "invalid constant expression 'zext': cannot cast i32 to i8",
        );
    }

    #[test]
    fn cast_in_a_global_initializer() {
        fails(
            "@g = global i32 0\n@h = global i32 trunc (i16 ptrtoint (ptr @g to i16) to i32)\n",
            2,
            "invalid constant expression 'trunc'",
        );
    }

    #[test]
    fn nested_inside_an_aggregate() {
        fails(
            "@g = global i32 0\n@t = global [2 x i64] [i64 0, i64 sext (i64 ptrtoint (ptr @g to i64) to i64)]\n",
            2,
            "invalid constant expression 'sext'",
        );
    }

    #[test]
    fn integer_add_of_floats() {
        fails(
            "define double @f() {\n  ret double fadd (double 1.0, double 2.0)\n}\n@x = global i32 0\n@y = global double add (double 1.0, double 2.0)\n",
            5,
            "operator does not apply to double",
        );
    }

    #[test]
    fn well_formed_expressions_pass() {
        passes(
            "@g = global [4 x i32] zeroinitializer\n\
             @p = global ptr getelementptr inbounds ([4 x i32], ptr @g, i64 0, i64 2)\n\
             @d = global i64 sub (i64 ptrtoint (ptr @p to i64), i64 ptrtoint (ptr @g to i64))\n\
             define i1 @f() {\n  ret i1 icmp eq (ptr @g, ptr @p)\n}\n",
        );
    }
}

mod corpus {
    use super::*;
    use std::path::{Path, PathBuf};

    fn corpus_dir() -> Option<PathBuf> {
        let dir = std::env::var_os("RCC_CORPUS_LL")
            .map(PathBuf::from)
            .unwrap_or_else(|| Path::new(env!("CARGO_MANIFEST_DIR")).join("../corpus/ll"));
        if dir.is_dir() {
            Some(dir)
        } else {
            eprintln!(
                "note: {} does not exist; skipping the corpus (set RCC_CORPUS_LL)",
                dir.display()
            );
            None
        }
    }

    fn check(path: &Path) {
        let text = std::fs::read_to_string(path).expect("read corpus file");
        let name = path.display().to_string();
        let m = match parse_module(text, &name) {
            Ok(m) => m,
            Err(d) => panic!("{d}"),
        };
        if let Err(e) = verify_module(&m) {
            panic!("{}", Diagnostic::locate(&name, &m.text, &e));
        }
    }

    fn ll_files(dir: &Path) -> Vec<PathBuf> {
        let mut v: Vec<PathBuf> = std::fs::read_dir(dir)
            .map(|rd| rd.filter_map(|e| e.ok().map(|e| e.path())).collect())
            .unwrap_or_default();
        v.retain(|p| p.extension().is_some_and(|e| e == "ll"));
        v.sort();
        v
    }

    #[test]
    fn top_level_files_verify() {
        let Some(dir) = corpus_dir() else { return };
        for p in ll_files(&dir) {
            check(&p);
        }
    }

    #[test]
    fn csmith_files_verify() {
        let Some(dir) = corpus_dir() else { return };
        for p in ll_files(&dir.join("csmith")).iter().take(60) {
            check(p);
        }
    }
}

mod determinism {
    use super::*;

    #[test]
    fn same_error_for_any_thread_count() {
        let mut src = String::new();
        for k in 0..40 {
            // Every function is wrong; the first in source order must win.
            src.push_str(&format!(
                "define i32 @f{k}() {{\n  %a = add i32 %b, 1\n  %b = add i32 1, 2\n  ret i64 0\n}}\n"
            ));
        }
        let m = parse(&src);
        let run = |n: usize| {
            rayon::ThreadPoolBuilder::new()
                .num_threads(n)
                .build()
                .expect("pool")
                .install(|| verify_module(&m))
        };
        let one = run(1);
        assert_eq!(one, run(4));
        let e = one.expect_err("invalid module");
        assert!(e
            .message
            .starts_with("in function @f0: %b does not dominate"));
    }

    /// Verifying while parsing: bodies verified on the workers and bodies
    /// that made new types (verified after the type merge) compete for the
    /// first error in source order, for any thread count.
    #[test]
    fn parse_and_verify_reports_the_first_error() {
        // A body that makes a new type (a literal struct no declaration
        // names) and is wrong; a plain body that is wrong; a good one.
        let new_type = |k: usize| {
            format!(
                "define i32 @n{k}() {{\n  %s = insertvalue {{ i32, i64 }} undef, i32 1, 0\n  ret i64 0\n}}\n"
            )
        };
        let plain = |k: usize| format!("define i32 @p{k}() {{\n  ret i64 0\n}}\n");
        let good = |k: usize| format!("define i32 @g{k}() {{\n  ret i32 0\n}}\n");
        let run = |src: &str, n: usize| {
            rayon::ThreadPoolBuilder::new()
                .num_threads(n)
                .build()
                .expect("pool")
                .install(|| {
                    let mut t = rcc_ir::ParseTimes::default();
                    match rcc_ir::parse_and_verify_timed(src.to_string(), "t.ll", &mut t) {
                        Ok(_) => panic!("accepted:\n{src}"),
                        Err(d) => d.to_string(),
                    }
                })
        };
        for first_new in [false, true] {
            let mut src = String::new();
            for k in 0..20 {
                src.push_str(&good(k));
                if (k == 0) == first_new {
                    src.push_str(&new_type(k));
                } else {
                    src.push_str(&plain(k));
                }
            }
            let m = parse(&src);
            let e = verify_module(&m).expect_err("invalid module");
            let want = Diagnostic::locate("t.ll", &m.text, &e).to_string();
            let want_fn = if first_new { "@n0" } else { "@p0" };
            assert!(want.contains(want_fn), "{want}");
            assert_eq!(run(&src, 1), want);
            assert_eq!(run(&src, 4), want);
        }
    }
}

mod block_address_target {
    use super::parse;
    use rcc_ir::constant::ConstKind;
    use rcc_ir::verify::block_address_target;

    /// The (function index in `order`, block) of every blockaddress of the
    /// module pool, in pool order.
    fn targets(src: &str) -> Vec<Option<(usize, u32)>> {
        let m = parse(src);
        m.consts
            .data
            .values()
            .filter_map(|c| match c.kind {
                ConstKind::BlockAddress { func, block } => Some(
                    block_address_target(&m, func, block)
                        .map(|(g, b)| (m.order.iter().position(|&x| x == g).unwrap(), b.as_u32())),
                ),
                _ => None,
            })
            .collect()
    }

    #[test]
    fn named_and_numbered_blocks() {
        let t = targets(
            "define void @f(i32 %0) {
  %2 = add i32 %0, 1
  br label %3
3:
  br label %named
named:
  br label %4
4:
  ret void
}
@t = global [3 x ptr] [ptr blockaddress(@f, %3), ptr blockaddress(@f, %named), ptr blockaddress(@f, %4)]
",
        );
        assert_eq!(t, [Some((0, 1)), Some((0, 2)), Some((0, 3))]);
    }

    #[test]
    fn a_value_number_is_not_a_block() {
        let m = parse("define void @f(i32 %0) {\n  %2 = add i32 %0, 1\n  ret void\n}\n");
        let g = m.order[0];
        let text = "%2";
        let start = m.text.find(text).unwrap() as u32;
        let span = rcc_ir::span::Span {
            start,
            end: start + 2,
        };
        let f = rcc_ir::Value::of(rcc_ir::ValueTag::Global, g);
        assert_eq!(block_address_target(&m, f, span), None);
    }
}

mod struct_types {
    use super::*;

    #[test]
    fn struct_containing_itself_is_recursive() {
        fails(
            "%a = type { i32, %a }\n",
            1,
            "identified structure type '%a' is recursive",
        );
        // Through another named struct, an array and a literal struct.
        fails(
            "@g = global ptr null\n%b = type { [2 x { i8, %c }] }\n%c = type { i64, %b }\n",
            2,
            "is recursive",
        );
    }

    #[test]
    fn struct_reaching_itself_through_pointers_is_fine() {
        passes("%list = type { i32, ptr }\n%old = type { i32, %old* }\n@g = global %list zeroinitializer\n");
        // Shared subtrees are not cycles.
        passes(
            "%p = type { i32 }\n%q = type { %p, %p, [3 x %p] }\n@g = global %q zeroinitializer\n",
        );
    }
}

mod prof {
    use super::*;

    const FN: &str = "define void @f(i1 %c, i32 %x) {\n  br i1 %c, label %a, label %b, !prof !0\na:\n  switch i32 %x, label %b [ i32 1, label %a ], !prof !1\nb:\n  ret void\n}\n";

    #[test]
    fn weights_per_successor_pass() {
        passes(&format!(
            "{FN}!0 = !{{!\"branch_weights\", i32 2000, i32 1}}\n!1 = !{{!\"branch_weights\", !\"expected\", i32 1, i32 -2147483648}}\n"
        ));
    }

    #[test]
    fn other_prof_kinds_are_not_branch_weights() {
        passes(&format!(
            "{FN}!0 = !{{!\"VP\", i32 0, i64 10}}\n!1 = !{{!\"function_entry_count\", i64 3}}\n"
        ));
    }

    #[test]
    fn a_branch_with_too_few_weights() {
        fails(
            &format!("{FN}!0 = !{{!\"branch_weights\", i32 7}}\n!1 = !{{!\"branch_weights\", i32 1, i32 2}}\n"),
            2,
            "in function @f: Wrong number of operands: !prof branch_weights has 1 weights, expected 2",
        );
    }

    #[test]
    fn a_switch_with_too_many_weights() {
        fails(
            &format!("{FN}!0 = !{{!\"branch_weights\", i32 7, i32 1}}\n!1 = !{{!\"branch_weights\", i32 1, i32 2, i32 3}}\n"),
            4,
            "Wrong number of operands",
        );
    }

    #[test]
    fn a_weight_that_is_not_an_integer() {
        fails(
            &format!("{FN}!0 = !{{!\"branch_weights\", i32 7, !\"x\"}}\n!1 = !{{!\"branch_weights\", i32 1, i32 2}}\n"),
            2,
            "operand is not a const int",
        );
    }

    #[test]
    fn weights_on_a_return_are_not_allowed() {
        fails(
            "define void @f() {\n  ret void, !prof !0\n}\n!0 = !{!\"branch_weights\", i32 1}\n",
            2,
            "not allowed for this instruction",
        );
    }
}
