//! Guards against pipeline panics on inputs kept in `tests/fuzz_regressions/`:
//! every crash the `codegen` fuzz target (`fuzz/fuzz_targets/codegen.rs`)
//! finds is kept there, with hand-made inputs for the same paths. Each must
//! compile or give an error (a diagnostic or a typed error), never panic.

use rcc_driver::options::{FileType, Options};
use rcc_driver::{Compiler, Timings};
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::Path;

#[test]
fn regressions_do_not_panic_the_pipeline() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fuzz_regressions");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .expect("tests/fuzz_regressions")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.is_file())
        .collect();
    files.sort();
    assert!(!files.is_empty(), "no inputs in {}", dir.display());
    let opts = Options {
        jobs: 1,
        filetype: FileType::Obj,
        verify_machineinstrs: true,
        ..Options::default()
    };
    let c = Compiler::new(opts).expect("compiler");
    let mut failures = Vec::new();
    for p in &files {
        let bytes = std::fs::read(p).expect("read input");
        let text = String::from_utf8_lossy(&bytes).into_owned();
        let name = p.file_name().unwrap().to_string_lossy().into_owned();
        let r = catch_unwind(AssertUnwindSafe(|| {
            c.compile(text, &name, &mut Timings::default())
        }));
        if r.is_err() {
            failures.push(format!("{name}: the pipeline panicked"));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn pointers_narrower_than_64_bits_are_refused() {
    let c = Compiler::new(Options::default()).expect("compiler");
    let text = "target datalayout = \"e-p:32:32\"\ndefine i32 @f(i32 %a) {\n  ret i32 %a\n}\n";
    let e = c
        .compile(text.to_string(), "p32.ll", &mut Timings::default())
        .unwrap_err();
    assert!(e.to_string().contains("needs 64-bit pointers"), "{e}");
}
