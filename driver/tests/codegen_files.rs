//! The codegen file tests: every `tests/codegen/**/*.{ll,mir}` is run by
//! its `RUN:` lines (`support/run_lines.rs`) against the real `rcc-par`,
//! checked by the FileCheck-like checker (`support/filecheck.rs`) or
//! compared with a golden file. See docs/testing.md.
//!
//! Invariants: files run in parallel on threads, one summary lists every
//! failing file with the command that reruns just it; a filter that
//! selects no file fails (a typo must not pass silently).
//! `CODEGEN_TEST=SUBSTRING` runs the files whose path (relative to the
//! repository) contains it; `BLESS=1` (or `RCC_BLESS=1`) rewrites golden
//! files.

#[path = "support/run_lines.rs"]
mod run_lines;

use run_lines::{run_file, Config, Outcome};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::Instant;

fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .map(Path::to_path_buf)
        .unwrap_or_default()
}

/// Every `.ll` and `.mir` under `dir`, sorted.
fn test_files(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        let Ok(rd) = std::fs::read_dir(&d) else {
            continue;
        };
        for e in rd.flatten() {
            let p = e.path();
            if p.is_dir() {
                stack.push(p);
            } else if p.extension().is_some_and(|x| x == "ll" || x == "mir") {
                out.push(p);
            }
        }
    }
    out.sort();
    out
}

/// Runs `files` on up to `threads` threads; outcomes in `files` order.
fn run_all(files: &[PathBuf], cfg: &Config, threads: usize) -> Vec<Outcome> {
    let next = AtomicUsize::new(0);
    let results: Mutex<Vec<Option<Outcome>>> = Mutex::new((0..files.len()).map(|_| None).collect());
    std::thread::scope(|s| {
        for _ in 0..threads.max(1) {
            s.spawn(|| loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                let Some(f) = files.get(i) else { break };
                let o = run_file(f, cfg);
                if let Ok(mut r) = results.lock() {
                    r[i] = Some(o);
                }
            });
        }
    });
    results
        .into_inner()
        .unwrap_or_default()
        .into_iter()
        .flatten()
        .collect()
}

fn config() -> Config {
    Config {
        rcc_par: PathBuf::from(env!("CARGO_BIN_EXE_rcc-par")),
        bless: ["BLESS", "RCC_BLESS"]
            .iter()
            .any(|v| std::env::var_os(v).is_some_and(|x| x != "0")),
        root: Some(repo_root()),
    }
}

#[test]
fn codegen_files() {
    let root = repo_root();
    let filter = std::env::var("CODEGEN_TEST").unwrap_or_default();
    let files: Vec<PathBuf> = test_files(&root.join("tests/codegen"))
        .into_iter()
        .filter(|f| {
            f.strip_prefix(&root)
                .unwrap_or(f)
                .to_string_lossy()
                .contains(&filter)
        })
        .collect();
    assert!(
        !files.is_empty(),
        "no file under tests/codegen matches CODEGEN_TEST={filter:?}"
    );
    let threads = std::thread::available_parallelism().map_or(2, |n| n.get());
    let t0 = Instant::now();
    let outcomes = run_all(&files, &config(), threads);
    let (mut runs, mut checks) = (0, 0);
    let mut failed = Vec::new();
    for (f, o) in files.iter().zip(&outcomes) {
        runs += o.runs;
        checks += o.checks;
        let rel = f.strip_prefix(&root).unwrap_or(f).display().to_string();
        if let Some(msg) = &o.failure {
            eprintln!(
                "FAIL: {rel}\n{msg}\nrerun: CODEGEN_TEST={rel} cargo test -p rcc-driver --profile ci --test codegen_files\n"
            );
            failed.push(rel);
        }
    }
    eprintln!(
        "codegen files: {} files, {runs} RUN lines, {checks} checks, {} failed, in {:.2?} on {threads} threads",
        files.len(),
        failed.len(),
        t0.elapsed()
    );
    assert!(
        failed.is_empty(),
        "{} codegen file(s) failed:\n  {}",
        failed.len(),
        failed.join("\n  ")
    );
}

/// The runner on files written for the test: what must fail does.
mod runner {
    use super::*;

    fn write(name: &str, text: &str) -> PathBuf {
        let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("codegen_files_runner");
        let _ = std::fs::create_dir_all(&dir);
        let p = dir.join(name);
        std::fs::write(&p, text).unwrap_or_else(|e| panic!("{}: {e}", p.display()));
        p
    }

    const BODY: &str = "define i32 @f(i32 %a) {\n  %x = add i32 %a, %a\n  ret i32 %x\n}\n";

    fn run(name: &str, text: &str) -> Outcome {
        run_file(&write(name, text), &config())
    }

    #[test]
    fn passing_file_passes() {
        let o = run(
            "pass.ll",
            &format!("; RUN: rcc-par -stop-after=finalize-isel %s -o - | FileCheck %s\n; CHECK-LABEL: {{{{^}}}}name: f{{{{$}}}}\n; CHECK: ADD32rr\n; CHECK-NOT: SUB32rr\n{BODY}"),
        );
        assert!(o.failure.is_none(), "{:?}", o.failure);
        assert_eq!((o.runs, o.checks), (1, 3));
    }

    #[test]
    fn deliberately_failing_file_fails_with_diagnostic() {
        let o = run(
            "fail.ll",
            &format!("; RUN: rcc-par -stop-after=finalize-isel %s -o - | FileCheck %s\n; CHECK-LABEL: {{{{^}}}}name: f{{{{$}}}}\n; CHECK: ADD32rr\n; CHECK-NEXT: IMUL32rr\n{BODY}"),
        );
        let e = o.failure.expect("a wrong CHECK-NEXT must fail");
        assert!(e.contains("fail.ll:4:"), "{e}");
        assert!(
            e.contains("CHECK-NEXT: expected string not found in input"),
            "{e}"
        );
        assert!(e.contains("<stdout>:"), "{e}");
        assert!(e.contains("command: "), "{e}");
    }

    #[test]
    fn checks_never_match_their_own_comments() {
        // The .mir output starts with the module as the IR printer prints
        // it, without the input's comments: a check line is not echoed,
        // so it cannot match itself, labeled or not.
        for (name, label) in [
            ("echo_unlabeled.ll", ""),
            ("echo_labeled.ll", "; CHECK-LABEL: {{^}}name: f{{$}}\n"),
        ] {
            let text = format!(
                "; RUN: rcc-par -stop-after=finalize-isel %s -o - | FileCheck %s\n{label}; CHECK: IMUL32rr\n{BODY}"
            );
            let e = run(name, &text).failure.expect("no IMUL32rr in f");
            assert!(e.contains("CHECK: expected string not found"), "{e}");
        }
    }

    #[test]
    fn exit_status_is_checked() {
        // Bad IR: rcc-par fails, so the plain RUN fails and `not` passes.
        let bad = "define i32 @f( {\n";
        let o = run("bad.ll", &format!("; RUN: rcc-par %s -o -\n{bad}"));
        assert!(o.failure.expect("must fail").contains("expected exit 0"));
        let o = run(
            "bad_not.ll",
            &format!("; RUN: not rcc-par %s -o - 2>&1 | FileCheck %s\n; CHECK: error:\n{bad}"),
        );
        assert!(o.failure.is_none(), "{:?}", o.failure);
        let o = run(
            "good_not.ll",
            &format!("; RUN: not rcc-par %s -o -\n{BODY}"),
        );
        assert!(o
            .failure
            .expect("must fail")
            .contains("expected a non-zero exit"));
    }

    #[test]
    fn malformed_run_lines_fail() {
        let o = run("none.ll", BODY);
        assert!(o.failure.expect("no RUN").contains("no RUN: lines"));
        let o = run("sh.ll", &format!("; RUN: cat %s\n{BODY}"));
        assert!(o.failure.expect("cat").contains("unknown command 'cat'"));
        let o = run(
            "opt.ll",
            &format!("; RUN: rcc-par %s -o - | FileCheck --strict %s\n; CHECK: f\n{BODY}"),
        );
        assert!(o
            .failure
            .expect("option")
            .contains("unknown argument '--strict'"));
    }

    #[test]
    fn golden_mismatch_shows_a_diff() {
        let p = write(
            "gold.ll",
            &format!("; RUN: rcc-par -stop-after=finalize-isel %s -o - | golden\n{BODY}"),
        );
        let expected = write("gold.ll.expected", "nothing like it\n");
        let o = run_file(&p, &config());
        let e = o.failure.expect("golden mismatch");
        assert!(e.contains("-nothing like it"), "{e}");
        assert!(e.contains("+  RET64"), "{e}");
        let bless = Config {
            bless: true,
            ..config()
        };
        assert!(run_file(&p, &bless).failure.is_none());
        assert!(std::fs::read_to_string(&expected)
            .unwrap_or_default()
            .contains("ADD32rr"));
        assert!(run_file(&p, &config()).failure.is_none());
    }

    #[test]
    fn every_file_runs_in_parallel_and_failures_are_collected() {
        let ok = write(
            "par_ok.ll",
            &format!("; RUN: rcc-par -stop-after=finalize-isel %s -o - | FileCheck %s\n; CHECK-LABEL: {{{{^}}}}name: f{{{{$}}}}\n; CHECK: RET64\n{BODY}"),
        );
        let bad = write(
            "par_bad.ll",
            &format!("; RUN: rcc-par -stop-after=finalize-isel %s -o - | FileCheck %s\n; CHECK-LABEL: {{{{^}}}}name: f{{{{$}}}}\n; CHECK: CALL64\n{BODY}"),
        );
        let files = vec![ok.clone(), bad, ok];
        let outs = run_all(&files, &config(), 3);
        let failed: Vec<bool> = outs.iter().map(|o| o.failure.is_some()).collect();
        assert_eq!(failed, [false, true, false]);
    }
}
