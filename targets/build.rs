//! Generates each target's tables from its description files (see
//! `build/tablegen/` and `src/x86_64/mod.rs`).

#[path = "build/tablegen/mod.rs"]
mod tablegen;

use std::path::{Path, PathBuf};
use tablegen::x86_64::Source;

fn main() {
    let dir = PathBuf::from("src/x86_64");
    let regs = dir.join("registers.desc");
    let insts = dir.join("instructions.desc");
    let patterns = dir.join("isel/patterns.desc");
    for p in [&regs, &insts, &patterns] {
        println!("cargo:rerun-if-changed={}", p.display());
    }
    println!("cargo:rerun-if-changed=build/tablegen");
    println!("cargo:rerun-if-changed=src/x86_64/imm.rs");
    let read =
        |p: &PathBuf| std::fs::read_to_string(p).unwrap_or_else(|e| panic!("{}: {e}", p.display()));
    let names = [&regs, &insts, &patterns].map(|p| p.display().to_string());
    let texts = [&regs, &insts, &patterns].map(read);
    let source = |i: usize| Source {
        file: &names[i],
        text: &texts[i],
    };
    let code = tablegen::x86_64::generate(source(0), source(1), source(2));
    let out = PathBuf::from(std::env::var("OUT_DIR").expect("OUT_DIR"));
    let write = |name: &str, text: &str| {
        let path = Path::new(&out).join(name);
        std::fs::write(&path, text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    };
    write("x86_64_gen.rs", &code.tables);
    write("x86_64_patterns.rs", &code.patterns);
}
