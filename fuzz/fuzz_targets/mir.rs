//! Fuzz target `mir`: arbitrary bytes must never panic the MIR reader.
//! Non-UTF-8 input is converted lossily; the file is split into sections,
//! its module section parsed as IR, and every function section read with
//! the x86-64 target; a function that reads is written back and verified,
//! so the writer and the machine verifier see everything the reader
//! accepts. Every error must lie inside the input. Run with
//! `cargo +nightly fuzz run mir` (seed: `seeds/f.mir`).

#![no_main]

use libfuzzer_sys::fuzz_target;
use rcc_mach::mir;
use rcc_mach::MachFunction;
use rcc_targets::x86_64::X86Info;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let s = match mir::split(&text) {
        Ok(s) => s,
        Err(e) => {
            assert!(e.offset as usize <= text.len());
            return;
        }
    };
    let Ok(m) = rcc_ir::parse_module(mir::module_source(&text, &s), "fuzz.mir") else {
        return;
    };
    let Some(&first) = m.order.first() else {
        return;
    };
    let r = mir::Reader::new(&m, &X86Info);
    let mut mf = MachFunction::new(first);
    for f in &s.functions {
        match r.read_function(&text, f, &mut mf) {
            Ok(()) => {
                let mut out = String::new();
                mir::write_function(&mut out, &mf, &m, &X86Info);
                let _ = rcc_mach::verify::verify(&mf, &m, &X86Info);
            }
            Err(e) => assert!(e.offset as usize <= text.len()),
        }
    }
});
