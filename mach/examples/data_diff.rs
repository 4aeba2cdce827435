//! Compares rcc's module-level data with llc-19's for `.ll` files:
//! `data_diff [--scratch DIR] [-v] FILE.ll...`. Each file is reduced to its
//! data (see `tests/support/datadiff.rs`) and compiled by both in the PIC
//! and static relocation models. Prints one line per file and model
//! (`MATCH`, `DIFF`, `RCC-ERROR`, `LLC-ERROR`) and a summary; exits 1 if
//! any objects differ. `data_diff --objects A.o B.o` compares two objects;
//! `--functions` checks function headers instead (modules whose functions
//! are all `ret void`, compiled whole).

#[path = "../tests/support/datadiff.rs"]
mod datadiff;

use datadiff::Outcome;
use rcc_mach::emit::RelocModel;
use std::path::PathBuf;

fn main() {
    let mut scratch = std::env::temp_dir().join("rcc-data-diff");
    let mut verbose = false;
    let mut functions = false;
    let mut files = Vec::new();
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        match a.as_str() {
            "--scratch" => scratch = PathBuf::from(args.next().unwrap_or_default()),
            "-v" => verbose = true,
            "--functions" => functions = true,
            "--asm" => {
                // Print rcc's assembly for one module: `--asm FILE.ll`.
                let f = args.next().unwrap_or_default();
                let text = std::fs::read_to_string(&f).expect("readable input");
                match datadiff::rcc_asm(&text, &f, RelocModel::Pic, functions) {
                    Ok(s) => print!("{s}"),
                    Err(e) => {
                        eprintln!("{e}");
                        std::process::exit(1);
                    }
                }
                return;
            }
            "--objects" => {
                // Compare two existing objects: `--objects RCC.o LLC.o`.
                let a = std::fs::read(args.next().unwrap_or_default()).expect("first object");
                let b = std::fs::read(args.next().unwrap_or_default()).expect("second object");
                let d = datadiff::compare(&a, &b, true).expect("objects parse");
                for line in &d {
                    println!("{line}");
                }
                std::process::exit(i32::from(!d.is_empty()));
            }
            _ => files.push(PathBuf::from(a)),
        }
    }
    if !datadiff::have_llc() {
        eprintln!("data_diff: llc-19 not found");
        std::process::exit(2);
    }
    let (mut matched, mut differ, mut rcc_err, mut llc_err, mut files_matched) = (0, 0, 0, 0, 0);
    for f in &files {
        let check = if functions {
            datadiff::check_functions_file
        } else {
            datadiff::check_file
        };
        let res = match check(f, &scratch) {
            Ok(r) => r,
            Err(e) => {
                println!("ERROR {}: {e}", f.display());
                rcc_err += 1;
                continue;
            }
        };
        let mut all = true;
        for (reloc, o) in res {
            let model = if reloc == RelocModel::Pic {
                "pic"
            } else {
                "static"
            };
            match o {
                Outcome::Match => {
                    matched += 1;
                    println!("MATCH {model} {}", f.display());
                }
                Outcome::Differ(d) => {
                    differ += 1;
                    all = false;
                    println!("DIFF {model} {} ({} differences)", f.display(), d.len());
                    for line in d.iter().take(if verbose { usize::MAX } else { 5 }) {
                        println!("    {line}");
                    }
                }
                Outcome::RccError(e) => {
                    rcc_err += 1;
                    all = false;
                    println!("RCC-ERROR {model} {}: {e}", f.display());
                }
                Outcome::LlcError(e) => {
                    llc_err += 1;
                    all = false;
                    println!("LLC-ERROR {model} {}: {e}", f.display());
                }
            }
        }
        if all {
            files_matched += 1;
        }
    }
    println!(
        "summary: {} files, {files_matched} match in both models; objects: {matched} match, {differ} differ, {rcc_err} rcc errors, {llc_err} llc errors",
        files.len()
    );
    if differ > 0 {
        std::process::exit(1);
    }
}
