//! Instruction selection of i128 code (type legalization into i64 halves):
//! real IR in, machine code shapes out. `RCC_SHOW=1` prints the MIR.

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
fn add_and_sub_are_carry_chains() {
    let mir = select(
        "define i128 @f(i128 %a, i128 %b) {
  %s = add i128 %a, %b
  %d = sub i128 %s, %b
  ret i128 %d
}",
    )
    .unwrap();
    for w in ["ADD64rr", "ADC64rr", "SUB64rr", "SBB64rr"] {
        assert_eq!(count(&mir, w), 1, "{w}\n{mir}");
    }
    // The carry producer's flags stay live into the glued consumer.
    let add = mir.lines().position(|l| l.contains("ADD64rr")).unwrap();
    let adc = mir.lines().position(|l| l.contains("ADC64rr")).unwrap();
    assert!(!mir.lines().nth(add).unwrap().contains("dead"), "{mir}");
    for l in mir.lines().skip(add + 1).take(adc - add - 1) {
        assert!(
            l.contains("COPY"),
            "only copies between ADD and ADC: {l}\n{mir}"
        );
    }
    assert!(mir.contains("$rdx"), "{mir}");
}
