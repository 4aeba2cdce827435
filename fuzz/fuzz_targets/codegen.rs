//! Fuzz target `codegen`: whatever parses and verifies is compiled to an
//! object by the whole pipeline (`rcc_driver::Compiler`, one worker, with
//! `-verify-machineinstrs`). Unsupported constructs and verifier reports are
//! errors, not bugs; any panic, abort or hang is a bug. Run with
//! `cargo +nightly fuzz run codegen corpus/parse`; regressions go to
//! `driver/tests/fuzz_regressions/`.

#![no_main]

use libfuzzer_sys::fuzz_target;
use rcc_driver::options::{FileType, Options};
use rcc_driver::{Compiler, Timings};
use std::sync::OnceLock;

fn compiler() -> &'static Compiler {
    static C: OnceLock<Compiler> = OnceLock::new();
    C.get_or_init(|| {
        let opts = Options {
            jobs: 1,
            filetype: FileType::Obj,
            verify_machineinstrs: true,
            ..Options::default()
        };
        Compiler::new(opts).expect("compiler")
    })
}

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data).into_owned();
    let _ = compiler().compile(text, "fuzz.ll", &mut Timings::default());
});
