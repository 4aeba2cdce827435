//! Fuzz target `parse`: arbitrary bytes must never panic the front end.
//! Non-UTF-8 input is converted lossily, so every input reaches the lexer;
//! whatever parses is also verified, so the verifier sees every module the
//! parser accepts. Run with `cargo +nightly fuzz run parse`; crashes found
//! here are kept as regression inputs in `ir/tests/fuzz_regressions/`.

#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data).into_owned();
    if let Ok(m) = rcc_ir::parse_module(text, "fuzz.ll") {
        let _ = rcc_ir::verify_module(&m);
    }
});
