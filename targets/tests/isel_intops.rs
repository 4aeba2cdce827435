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
