//! Generates each target's tables from its description files (see
//! `build/tablegen/` and `src/x86_64/mod.rs`).

#[path = "build/tablegen/mod.rs"]
mod tablegen;

use std::path::PathBuf;

fn main() {
    let dir = PathBuf::from("src/x86_64");
    let regs = dir.join("registers.desc");
    let insts = dir.join("instructions.desc");
    println!("cargo:rerun-if-changed={}", regs.display());
    println!("cargo:rerun-if-changed={}", insts.display());
    println!("cargo:rerun-if-changed=build/tablegen");
    let read =
        |p: &PathBuf| std::fs::read_to_string(p).unwrap_or_else(|e| panic!("{}: {e}", p.display()));
    let code = tablegen::x86_64::generate(
        &regs.display().to_string(),
        &read(&regs),
        &insts.display().to_string(),
        &read(&insts),
    );
    let out = PathBuf::from(std::env::var("OUT_DIR").expect("OUT_DIR")).join("x86_64_gen.rs");
    std::fs::write(&out, code).unwrap_or_else(|e| panic!("{}: {e}", out.display()));
}
