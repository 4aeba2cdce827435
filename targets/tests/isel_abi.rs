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
