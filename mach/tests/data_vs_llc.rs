//! rcc's module-level data and function headers against llc-19's objects
//! (see `support/datadiff.rs`): the hand-written modules under
//! `tests/data/` (data only) and `tests/functions/` (headers around `retq`
//! bodies), and a few small corpus modules when the corpus is built. Skips
//! with a notice without llc-19; `scripts/compare-data.sh` runs the whole
//! corpus.

// Shared with examples/data_diff.rs, which uses all of it.
#[allow(dead_code)]
#[path = "support/datadiff.rs"]
mod datadiff;

use datadiff::Outcome;
use std::path::{Path, PathBuf};

fn inputs(dir: &str) -> Vec<PathBuf> {
    let d = Path::new(env!("CARGO_MANIFEST_DIR")).join(dir);
    let mut v: Vec<PathBuf> = std::fs::read_dir(&d)
        .expect("test inputs")
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "ll"))
        .collect();
    v.sort();
    v
}

fn scratch(tag: &str) -> PathBuf {
    std::env::temp_dir().join(format!("rcc-data-vs-llc-{}-{tag}", std::process::id()))
}

type Check = fn(&Path, &Path) -> Result<Vec<(rcc_mach::emit::RelocModel, Outcome)>, String>;

/// Runs `check` on every file; returns the failures as text.
fn run(files: &[PathBuf], check: Check, tag: &str) -> Vec<String> {
    let dir = scratch(tag);
    let mut bad = Vec::new();
    for f in files {
        match check(f, &dir) {
            Err(e) => bad.push(format!("{}: {e}", f.display())),
            Ok(res) => {
                for (reloc, o) in res {
                    let what = match o {
                        Outcome::Match => continue,
                        Outcome::Differ(d) => d.join("\n    "),
                        Outcome::RccError(e) => format!("rcc error: {e}"),
                        Outcome::LlcError(e) => format!("llc error: {e}"),
                    };
                    bad.push(format!("{} ({reloc:?}):\n    {what}", f.display()));
                }
            }
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
    bad
}

fn have_llc() -> bool {
    let ok = datadiff::have_llc();
    if !ok {
        eprintln!("NOTICE: llc-19 not found; skipping");
    }
    ok
}

#[test]
fn hand_written_data_matches_llc() {
    if !have_llc() {
        return;
    }
    let bad = run(&inputs("tests/data"), datadiff::check_file, "data");
    assert!(bad.is_empty(), "{}", bad.join("\n"));
}

#[test]
fn function_headers_match_llc() {
    if !have_llc() {
        return;
    }
    let bad = run(
        &inputs("tests/functions"),
        datadiff::check_functions_file,
        "functions",
    );
    assert!(bad.is_empty(), "{}", bad.join("\n"));
}

#[test]
fn corpus_samples_match_llc() {
    if !have_llc() {
        return;
    }
    let corpus = std::env::var_os("RCC_CORPUS")
        .map(PathBuf::from)
        .unwrap_or_else(|| Path::new(env!("CARGO_MANIFEST_DIR")).join("../corpus"));
    let files: Vec<PathBuf> = ["csmith/cs_1-O0.ll", "csmith/cs_2-O2.ll", "lua-O2.ll"]
        .iter()
        .map(|f| corpus.join("ll").join(f))
        .filter(|p| p.exists())
        .collect();
    if files.is_empty() {
        eprintln!("NOTICE: corpus not built (scripts/build-corpus.sh); skipping");
        return;
    }
    let bad = run(&files, datadiff::check_file, "corpus");
    assert!(bad.is_empty(), "{}", bad.join("\n"));
}
