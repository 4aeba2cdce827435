//! Golden assembly: every module under `tests/data/` (globals only) and
//! `tests/functions/` (function headers around one `retq`) printed by the
//! assembly streamer in the PIC model, compared with `tests/golden/NAME.s`.
//! The expectations were checked against `llc-19 -O0 -relocation-model=pic`
//! (the same directives, without llc's comments; floating-point values as
//! decimal integers instead of hex, and GEP offsets on null folded). Run
//! with `RCC_BLESS=1` to rewrite them after such a check.

// Shared with examples/data_diff.rs, which uses all of it.
#[allow(dead_code)]
#[path = "support/datadiff.rs"]
mod datadiff;

use rcc_mach::emit::RelocModel;
use std::path::Path;

fn check_dir(dir: &str, functions: bool, failures: &mut Vec<String>) {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let bless = std::env::var_os("RCC_BLESS").is_some();
    let mut files: Vec<_> = std::fs::read_dir(root.join(dir))
        .expect("inputs")
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "ll"))
        .collect();
    files.sort();
    for f in files {
        let text = std::fs::read_to_string(&f).expect("read");
        let name = f.file_name().and_then(|n| n.to_str()).unwrap_or("in.ll");
        let got = datadiff::rcc_asm(&text, name, RelocModel::Pic, functions)
            .unwrap_or_else(|e| format!("error: {e}\n"));
        let stem = f.file_stem().and_then(|s| s.to_str()).unwrap_or("x");
        let want_path = root.join("tests/golden").join(format!("{stem}.s"));
        if bless {
            std::fs::write(&want_path, &got).expect("bless");
        } else if std::fs::read_to_string(&want_path).unwrap_or_default() != got {
            failures.push(format!(
                "{}: assembly differs from {} (RCC_BLESS=1 to update)\n--- got ---\n{got}",
                f.display(),
                want_path.display()
            ));
        }
    }
}

#[test]
fn golden_assembly() {
    let mut failures = Vec::new();
    check_dir("tests/data", false, &mut failures);
    check_dir("tests/functions", true, &mut failures);
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
