//! Differential execution (`scripts/difftest.sh`): programs are compiled to
//! `.ll` by clang-19, then built once with llc-19 and once with `rcc-par`,
//! linked the same way and run; stdout and the exit status must be equal.
//!
//! * `difftest_quick_subset_against_llc` runs the script's `--quick` subset
//!   (8 `tests/c` programs and csmith seeds 1..5, at -O0 and -O2) against the
//!   real `rcc-par`. Missing tools fail it with a message.
//! * `difftest_harness_self_test` checks the harness itself with stand-ins
//!   for rcc: llc-19 (everything must pass) and a compiler that turns an
//!   `add` into a `sub` (the harness must report failures). It skips with a
//!   notice when clang-19/llc-19 are absent, like the other LLVM-backed tests.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("the driver crate sits in the workspace")
        .to_path_buf()
}

fn have(tool: &str) -> bool {
    Command::new(tool).arg("--version").output().is_ok()
}

fn have_csmith_header() -> bool {
    let mut dirs: Vec<PathBuf> = Vec::new();
    for base in ["/usr/include", "/usr/local/include"] {
        if let Ok(rd) = std::fs::read_dir(base) {
            dirs.extend(
                rd.flatten()
                    .filter(|e| e.file_name().to_string_lossy().starts_with("csmith"))
                    .map(|e| e.path()),
            );
        }
    }
    dirs.iter().any(|d| d.join("csmith.h").is_file())
}

/// The tools the harness needs that are not installed.
fn missing_tools(csmith: bool) -> Vec<&'static str> {
    let mut missing: Vec<&'static str> = ["clang-19", "llc-19", "bash", "timeout", "sha256sum"]
        .into_iter()
        .filter(|t| !have(t))
        .collect();
    if csmith {
        if !have("csmith") {
            missing.push("csmith");
        }
        if !have_csmith_header() {
            missing.push("csmith.h (libcsmith-dev)");
        }
    }
    missing
}

/// Runs `scripts/difftest.sh` with `RCC=rcc` and the given arguments.
fn difftest(rcc: &Path, work: &Path, args: &[&str]) -> Output {
    Command::new("bash")
        .arg(repo().join("scripts/difftest.sh"))
        .arg("--work")
        .arg(work)
        .args(args)
        .env("RCC", rcc)
        .env_remove("KEEP")
        .output()
        .expect("run scripts/difftest.sh")
}

/// (passed, failed, skipped) from the summary line
/// `difftest: N passed, M failed, K skipped (...)`.
fn summary(stdout: &str) -> Option<(u32, u32, u32)> {
    let line = stdout.lines().rev().find(|l| l.starts_with("difftest: "))?;
    let nums: Vec<u32> = line
        .trim_start_matches("difftest: ")
        .split(',')
        .filter_map(|part| part.split_whitespace().next()?.parse().ok())
        .collect();
    match nums[..] {
        [p, f, s] => Some((p, f, s)),
        _ => None,
    }
}

fn report(out: &Output) -> String {
    format!(
        "exit status {:?}\n--- stdout\n{}\n--- stderr\n{}",
        out.status.code(),
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    )
}

#[test]
fn difftest_quick_subset_against_llc() {
    let missing = missing_tools(true);
    assert!(
        missing.is_empty(),
        "difftest needs tools that are not installed: {}\n\
         install them with `apt-get install clang-19 llvm-19 csmith libcsmith-dev` \
         (scripts/build-corpus.sh does this)",
        missing.join(", ")
    );
    let work = Path::new(env!("CARGO_TARGET_TMPDIR")).join("difftest-quick");
    let rcc = Path::new(env!("CARGO_BIN_EXE_rcc-par"));
    let out = difftest(rcc, &work, &["--quick"]);
    let text = report(&out);
    let stdout = String::from_utf8_lossy(&out.stdout);
    let (passed, failed, _skipped) =
        summary(&stdout).unwrap_or_else(|| panic!("no summary line from difftest.sh\n{text}"));
    assert!(
        out.status.success() && failed == 0,
        "rcc-par's programs behave differently from llc-19's (artifacts in {}):\n{text}",
        work.join("fail").display()
    );
    assert!(passed > 0, "nothing was compared:\n{text}");
}

#[test]
fn difftest_harness_self_test() {
    let missing = missing_tools(false);
    if !missing.is_empty() {
        eprintln!(
            "NOTICE: {} not found; skipping the difftest harness self-test",
            missing.join(", ")
        );
        return;
    }
    let root = repo();
    let work = Path::new(env!("CARGO_TARGET_TMPDIR")).join("difftest-self");
    let programs = [
        root.join("tests/c/loops.c"),
        root.join("tests/c/struct_small.c"),
        root.join("tests/ll/odd_ints.ll"),
    ];
    let mut args: Vec<&str> = vec!["-O", "0,2"];
    args.extend(programs.iter().map(|p| p.to_str().expect("utf-8 path")));

    // llc-19 standing in for rcc: the same compiler on both sides.
    let out = difftest(&root.join("scripts/lib/rcc-llc.sh"), &work, &args);
    let text = report(&out);
    assert!(
        out.status.success(),
        "llc-19 against itself failed:\n{text}"
    );
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(
        summary(&stdout),
        Some((6, 0, 0)),
        "3 programs x 2 levels should pass:\n{text}"
    );

    // A compiler with an add turned into a sub: every program must differ.
    let out = difftest(
        &root.join("scripts/lib/rcc-broken.sh"),
        &work,
        &["--timeout", "2"]
            .into_iter()
            .chain(args.iter().copied())
            .collect::<Vec<_>>(),
    );
    let text = report(&out);
    assert_eq!(
        out.status.code(),
        Some(1),
        "a miscompile must fail difftest:\n{text}"
    );
    let stdout = String::from_utf8_lossy(&out.stdout);
    let (passed, failed, skipped) =
        summary(&stdout).unwrap_or_else(|| panic!("no summary line\n{text}"));
    assert!(
        failed >= 4 && passed + failed == 6 && skipped == 0,
        "expected the miscompile to be detected in most programs:\n{text}"
    );
    assert!(
        stdout.contains("FAIL c/loops -O0 obj"),
        "failures are listed:\n{text}"
    );
}
