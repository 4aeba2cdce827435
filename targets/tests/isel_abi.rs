//! Instruction selection of memory-shaped values and the System V ABI
//! beyond scalars: constant expressions, aggregates, byval/sret, variadic
//! definitions, dynamic allocas. Real IR in, MIR text out; each test checks
//! the shape that makes the construct correct.

use rcc_mach::printer::print_function;
use rcc_mach::MachFunction;
use rcc_targets::x86_64::isel::function::{select_function, IselCtx};
use rcc_targets::x86_64::X86Info;

/// The MIR of the first function defined in `src`.
fn select(src: &str) -> Result<String, String> {
    let m = rcc_ir::parse_module(src.to_string(), "t.ll").map_err(|e| e.message.to_string())?;
    let dl = m.data_layout()?;
    let g = *m
        .order
        .iter()
        .find(|&&g| m.body(g).is_some())
        .ok_or("no definition")?;
    let mut mf = MachFunction::new(g);
    let mut cx = IselCtx::default();
    select_function(&m, &dl, g, &mut mf, &mut cx).map_err(|e| e.to_string())?;
    rcc_mach::verify::verify_to_string(&mf, &m, &X86Info)?;
    let mut out = String::new();
    print_function(&mut out, &mf, &m, &X86Info, "isel");
    if std::env::var_os("RCC_SHOW").is_some() {
        println!("{out}");
    }
    Ok(out)
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
    fn float_expressions_are_named() {
        let e = select(
            "@a = global i64 0
define i64 @f() {
  ret i64 bitcast (double 1.0 to i64)
}
",
        )
        .unwrap_err();
        assert!(e.contains("double"), "{e}");
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
