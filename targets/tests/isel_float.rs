//! Instruction selection of floating point from real IR: SSE2 scalar
//! arithmetic, constants, compares, conversions, calls, intrinsics. Each
//! test selects a function, runs the machine verifier on the SSA result and
//! checks the machine code's shape (`RCC_SHOW=1` prints it).

use rcc_mach::printer::print_function;
use rcc_mach::verify::verify_to_string;
use rcc_mach::MachFunction;
use rcc_targets::x86_64::isel::function::{select_function, IselCtx};
use rcc_targets::x86_64::X86Info;

/// Selects every defined function of `src`; returns their MIR, verified.
fn select(src: &str) -> Result<String, String> {
    let m = rcc_ir::parse_module(src.to_string(), "t.ll").map_err(|e| e.message.to_string())?;
    let dl = m.data_layout()?;
    let mut out = String::new();
    let mut cx = IselCtx::default();
    for &g in m.order.iter().filter(|&&g| m.body(g).is_some()) {
        let mut mf = MachFunction::new(g);
        select_function(&m, &dl, g, &mut mf, &mut cx).map_err(|e| e.to_string())?;
        verify_to_string(&mf, &m, &X86Info)?;
        print_function(&mut out, &mf, &m, &X86Info, "isel");
    }
    if std::env::var_os("RCC_SHOW").is_some() {
        println!("{out}");
    }
    Ok(out)
}

#[allow(dead_code)]
fn count(mir: &str, what: &str) -> usize {
    mir.matches(what).count()
}

#[test]
fn arithmetic_and_constants() {
    let mir = select(
        "define double @f(double %a, double %b) {
  %s = fadd double %a, %b
  %d = fsub double %s, 1.5
  %m = fmul double %d, %a
  %q = fdiv double %m, 0.0
  %n = fneg double %q
  ret double %n
}
define float @g(float %a) {
  %s = fmul float %a, 2.0
  ret float %s
}
",
    )
    .unwrap();
    for w in [
        "ADDSDrr", "SUBSDrr", "MULSDrr", "DIVSDrr", "XORPSrm", "MOVSDrm", "MULSSrr", "MOVSSrm",
    ] {
        assert!(mir.contains(w), "{w}: {mir}");
    }
    assert!(mir.contains("XORPSrr"), "+0.0 is an xorps: {mir}");
    assert!(mir.contains("$xmm0"), "{mir}");
}
