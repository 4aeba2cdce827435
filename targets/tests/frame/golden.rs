//! Golden tests: for every scenario, the frame plan, the MIR after
//! prolog/epilog insertion and the emitted assembly, compared with
//! `tests/golden/frame/NAME.txt`. `RCC_BLESS=1` rewrites the files (review
//! the diff against llc-19's output for the same shapes of function).

use super::scenarios::Scenario;
use super::support::{emit_function, module, pei};
use rcc_mc::asm_streamer::AsmStreamer;
use rcc_targets::x86_64::{X86Backend, X86Info};
use std::fmt::Write;
use std::path::PathBuf;

fn render(m: &rcc_ir::Module, s: &mut Scenario, n: u32) -> String {
    let plan = pei(m, s);
    let mut out = String::new();
    let _ = writeln!(out, "# {plan}");
    rcc_mach::printer::print_function(&mut out, &s.mf, m, &X86Info, "prologepilog");
    let b = X86Backend;
    let mut st = AsmStreamer::new(&b, false);
    emit_function(m, s, n, &mut st).unwrap_or_else(|e| panic!("{e}"));
    out.push_str("# --- assembly ---\n");
    out.push_str(&st.finish());
    out
}

#[test]
fn mir_and_assembly_after_pei() {
    let m = module();
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/golden/frame");
    let bless = std::env::var_os("RCC_BLESS").is_some();
    if bless {
        std::fs::create_dir_all(&dir).expect("golden dir");
    }
    let mut failures = Vec::new();
    for (n, mut s) in super::scenarios::all(&m).into_iter().enumerate() {
        let got = render(&m, &mut s, n as u32);
        let path = dir.join(format!("{}.txt", s.name));
        if bless {
            std::fs::write(&path, &got).expect("bless");
            continue;
        }
        let want = std::fs::read_to_string(&path).unwrap_or_default();
        if want != got {
            failures.push(format!(
                "{}: differs (RCC_BLESS=1 to update)\n--- got ---\n{got}",
                path.display()
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
