//! Guards against parser panics on inputs kept in `tests/fuzz_regressions/`:
//! every crash `cargo fuzz run parse` finds is minimized and kept there, next
//! to hand-made inputs for lexer paths known to be delicate (multi-byte UTF-8
//! after sigils and in error tokens, NUL bytes, unbalanced metadata). Each
//! must parse or give a diagnostic located inside the file, never panic.

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::Path;

#[test]
fn regressions_do_not_panic() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fuzz_regressions");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .expect("tests/fuzz_regressions")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.is_file())
        .collect();
    files.sort();
    assert!(
        !files.is_empty(),
        "no regression inputs in {}",
        dir.display()
    );
    let mut failures = Vec::new();
    for p in &files {
        let bytes = std::fs::read(p).expect("read regression input");
        let text = String::from_utf8_lossy(&bytes).into_owned();
        let lines = text.split('\n').count() as u32;
        let name = p.file_name().unwrap().to_string_lossy().into_owned();
        match catch_unwind(AssertUnwindSafe(|| rcc_ir::parse_module(text, &name))) {
            Ok(Ok(_)) => {}
            Ok(Err(d)) if d.line >= 1 && d.line <= lines + 1 && d.col >= 1 => {}
            Ok(Err(d)) => failures.push(format!("{name}: diagnostic outside the file:\n{d}")),
            Err(_) => failures.push(format!("{name}: parser panicked")),
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
