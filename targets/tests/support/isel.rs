//! Shared by the `isel_*` tests: real `.ll` text through instruction
//! selection to MIR text (`RCC_SHOW=1` prints it).

use rcc_dag::isel::{select_function, IselCtx};
use rcc_mach::printer::print_function;
use rcc_mach::verify::verify_to_string;
use rcc_mach::MachFunction;
use rcc_targets::x86_64::isel::Selector;
use rcc_targets::x86_64::X86Info;

fn show(out: &str) {
    if std::env::var_os("RCC_SHOW").is_some() {
        println!("{out}");
    }
}

/// The verified MIR of the first function with a body.
#[allow(dead_code)]
pub fn select_first(src: &str) -> Result<String, String> {
    let m = rcc_ir::parse_module(src.to_string(), "t.ll").map_err(|e| e.message.to_string())?;
    let dl = m.data_layout()?;
    let g = *m
        .order
        .iter()
        .find(|&&g| m.body(g).is_some())
        .ok_or("no definition")?;
    let mut mf = MachFunction::new(g);
    let mut cx = IselCtx::<Selector>::default();
    select_function(&m, &dl, g, &mut mf, &mut cx).map_err(|e| e.to_string())?;
    let mut out = String::new();
    print_function(&mut out, &mf, &m, &X86Info, "isel");
    show(&out);
    verify_to_string(&mf, &m, &X86Info).map_err(|e| format!("{e}\n{out}"))?;
    Ok(out)
}

/// The MIR of every function with a body, in module order; `verify` runs
/// the machine verifier on each.
#[allow(dead_code)]
pub fn select_all(src: &str, pic: bool, verify: bool) -> Result<String, String> {
    let m = rcc_ir::parse_module(src.to_string(), "t.ll").map_err(|e| e.message.to_string())?;
    let dl = m.data_layout()?;
    let mut out = String::new();
    let mut cx = IselCtx::<Selector>::default();
    cx.pic = pic;
    for &g in m.order.iter().filter(|&&g| m.body(g).is_some()) {
        let mut mf = MachFunction::new(g);
        select_function(&m, &dl, g, &mut mf, &mut cx).map_err(|e| e.to_string())?;
        if verify {
            verify_to_string(&mf, &m, &X86Info)?;
        }
        print_function(&mut out, &mf, &m, &X86Info, "isel");
    }
    show(&out);
    Ok(out)
}
