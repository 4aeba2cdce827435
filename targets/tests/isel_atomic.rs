//! Instruction selection of atomic operations: real IR in, machine code
//! shapes out (verified). `RCC_SHOW=1` prints the MIR.

use rcc_mach::printer::print_function;
use rcc_mach::MachFunction;
use rcc_targets::x86_64::isel::function::{select_function, IselCtx};
use rcc_targets::x86_64::X86Info;

/// The MIR of the first function with a body.
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
    let mut out = String::new();
    print_function(&mut out, &mf, &m, &X86Info, "isel");
    if std::env::var_os("RCC_SHOW").is_some() {
        println!("{out}");
    }
    rcc_mach::verify::verify_to_string(&mf, &m, &X86Info).map_err(|e| format!("{e}\n{out}"))?;
    Ok(out)
}

fn count(mir: &str, what: &str) -> usize {
    mir.matches(what).count()
}

#[test]
fn stores_are_mov_or_xchg() {
    let mir = select(
        "define void @f(ptr %p, i32 %v, i8 %b) {
  store atomic i32 %v, ptr %p seq_cst, align 4
  store atomic i8 %b, ptr %p release, align 1
  store atomic i64 5, ptr %p monotonic, align 8
  ret void
}",
    )
    .unwrap();
    assert_eq!(count(&mir, "XCHG32rm"), 1, "{mir}");
    assert_eq!(count(&mir, "MOV8mr"), 1, "{mir}");
    assert_eq!(count(&mir, "MOV64mi32"), 1, "{mir}");
}
