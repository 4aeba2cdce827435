//! The pass table as a user reaches it through `rcc-par`: `-debug-pass`,
//! the stop and print options, `-time-passes`, `-stats`, `-regalloc`, and
//! the target chosen from the triple with its subtarget features.

use rcc_driver::options::RegAlloc;
use rcc_driver::pipeline::{structure, PASSES};
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn rcc_par(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_rcc-par"))
        .args(args)
        .output()
        .expect("run rcc-par")
}

fn example() -> String {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../examples/hello.ll")
        .to_string_lossy()
        .into_owned()
}

fn tmp(name: &str, text: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("pipeline_cli");
    std::fs::create_dir_all(&dir).expect("tmp dir");
    let p = dir.join(name);
    std::fs::write(&p, text).expect("write input");
    p
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

fn fails_with(args: &[&str], needle: &str) {
    let o = rcc_par(args);
    assert_eq!(o.status.code(), Some(1), "{args:?}: {}", stderr(&o));
    assert!(stderr(&o).contains(needle), "{args:?}: {}", stderr(&o));
}

#[test]
fn debug_pass_structure_lists_the_table() {
    let ex = example();
    // The default allocator: fast at -O0, greedy at -O1 and up.
    for (level, ra) in [
        (0u8, RegAlloc::Fast),
        (1, RegAlloc::Greedy),
        (2, RegAlloc::Greedy),
    ] {
        let o = rcc_par(&[
            &format!("-O{level}"),
            "-debug-pass=Structure",
            &ex,
            "-o",
            "-",
        ]);
        assert!(o.status.success(), "{}", stderr(&o));
        let err = stderr(&o);
        assert!(err.contains(&structure(level, ra)), "{err}");
        for p in PASSES.iter().filter(|p| p.runs(level, ra)) {
            assert!(err.contains(p.name), "-O{level} lacks {}", p.name);
        }
        assert!(!err.contains("regallocbasic"), "{err}");
        assert_eq!(err.contains("regallocfast"), level == 0, "{err}");
    }
    // -regalloc=basic swaps the fast allocator's row for the interval rows.
    let o = rcc_par(&[
        "-O2",
        "-regalloc=basic",
        "-debug-pass=Structure",
        &ex,
        "-o",
        "-",
    ]);
    let err = stderr(&o);
    assert!(err.contains(&structure(2, RegAlloc::Basic)), "{err}");
    assert!(
        err.contains("regallocbasic")
            && err.contains("virtregrewriter")
            && !err.contains("regallocfast"),
        "{err}"
    );
    let o = rcc_par(&["-debug-pass=Arguments", &ex, "-filetype=null"]);
    assert!(
        stderr(&o).contains("Pass Arguments:  -parse -finalize-isel"),
        "{}",
        stderr(&o)
    );
}

#[test]
fn time_passes_shows_every_machine_pass() {
    for ra in [RegAlloc::Fast, RegAlloc::Basic] {
        let opt = format!("-regalloc={}", ra.name());
        let o = rcc_par(&["-time-passes", &opt, &example(), "-filetype=null"]);
        assert!(o.status.success(), "{}", stderr(&o));
        let err = stderr(&o);
        assert!(err.contains("Pass execution timing report"), "{err}");
        for p in PASSES[1..].iter().filter(|p| p.when.has(ra)) {
            assert!(err.contains(p.description), "no row for {}: {err}", p.name);
        }
    }
}

#[test]
fn time_passes_models_the_serial_part() {
    for j in ["-j1", "-j2"] {
        let o = rcc_par(&["-time-passes", j, &example(), "-filetype=null"]);
        assert!(o.status.success(), "{}", stderr(&o));
        let err = stderr(&o);
        for what in [
            "Serial part (wall): ",
            "parse phase 1 ",
            "merge ",
            "Parallel work: parse bodies ",
            "body pre-scan ",
            "verify (module) ",
            "Modelled speedup: -j2 ",
            ", -j16 ",
        ] {
            assert!(err.contains(what), "no {what:?}: {err}");
        }
        // The largest function is named, and is one of the example's.
        assert!(
            err.contains("(largest ") && (err.contains(": main)") || err.contains(": fib)")),
            "{err}"
        );
    }
}

#[test]
fn modelled_speedup() {
    use std::time::Duration;
    let s = Duration::from_secs;
    let m = rcc_driver::Model {
        serial: vec![("merge", s(1))],
        prescan: (s(8), s(1)),
        bodies: (s(2), s(1)),
        functions: (s(32), s(1)),
        largest_name: "f".into(),
    };
    // -j1: 1 + 8 + 2 + 32; -j16: 1 + max(1, 8/16) + max(1, 2/16) + max(1, 32/16).
    assert_eq!(m.time(1), 43.0);
    assert_eq!(m.time(16), 5.0);
    assert_eq!(m.speedup(16), 8.6);
}

#[test]
fn stats_count_per_pass() {
    let o = rcc_par(&["-stats", &example(), "-filetype=null"]);
    let err = stderr(&o);
    assert!(err.contains("Statistics Collected"), "{err}");
    assert!(
        err.contains("finalize-isel - Number of machine instructions selected"),
        "{err}"
    );
    assert!(
        err.contains("asm-printer - Number of machine instructions emitted"),
        "{err}"
    );
    let o = rcc_par(&["-stats", "-regalloc=basic", &example(), "-filetype=null"]);
    let err = stderr(&o);
    assert!(
        err.contains("regallocbasic - Number of live intervals queued"),
        "{err}"
    );
}

#[test]
fn stop_and_print_before() {
    let ex = example();
    // Stopping writes MIR: the module, then the functions as the pass
    // before the stop point left them; print options still print.
    let o = rcc_par(&[
        "-O0",
        "-stop-before=regallocfast",
        "-print-before=regallocfast",
        &ex,
        "-o",
        "-",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(out.contains("define internal fastcc i32 @fib"), "{out}");
    assert!(
        out.contains('%'),
        "virtual registers before allocation: {out}"
    );
    assert!(
        !stderr(&o).contains("IR Dump Before regallocfast"),
        "the stop point is not a print point: {}",
        stderr(&o)
    );
    let o = rcc_par(&["-print-before=prologepilog", &ex, "-filetype=null"]);
    assert!(stderr(&o).contains("IR Dump Before prologepilog"));
    // Stopping before selection is stopping after the reader: IR.
    let o = rcc_par(&["-stop-before=finalize-isel", &ex, "-o", "-"]);
    assert!(String::from_utf8_lossy(&o.stdout).contains("define internal fastcc i32 @fib"));
}

#[test]
fn bad_requests_are_errors() {
    let ex = example();
    fails_with(&["-stop-after=nope", &ex], "unknown pass name 'nope'");
    fails_with(&["-stop-after=nope", &ex], "regallocfast");
    let o = rcc_par(&["-regalloc=greedy", "-debug-pass=Structure", &ex]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let out = format!("{}{}", stderr(&o), String::from_utf8_lossy(&o.stdout));
    assert!(
        out.contains("greedy                  per function  Greedy Register Allocator")
            && out.contains("virtregrewriter")
            && !out.contains("regallocfast"),
        "{out}"
    );
    fails_with(&["-regalloc=nonesuch", &ex], "invalid -regalloc");
    fails_with(
        &["-regalloc=basic", "-run-pass=virtregrewriter", &ex],
        "first pass must be finalize-isel",
    );
    fails_with(&["-start-after=regallocfast", &ex], "needs MIR input");
    fails_with(&["-stop-after=asm-printer", &ex], "end of the pipeline");
    fails_with(&["-debug-pass=Details", &ex], "invalid -debug-pass");
    fails_with(
        &["-mtriple=aarch64-unknown-linux-gnu", &ex],
        "no registered target for triple 'aarch64-unknown-linux-gnu'",
    );
    fails_with(&["-march=arm", &ex], "invalid target 'arm'");
}

#[test]
fn module_triple_picks_the_target() {
    let p = tmp(
        "darwin.ll",
        "target triple = \"x86_64-apple-macosx14.0.0\"\ndefine void @f() { ret void }\n",
    );
    fails_with(&[p.to_str().unwrap()], "only ELF");
    // The error points at the triple.
    let o = rcc_par(&[p.to_str().unwrap()]);
    assert!(stderr(&o).contains("darwin.ll:1:"), "{}", stderr(&o));
    // -mtriple overrides the module's triple.
    let o = rcc_par(&[
        "-mtriple=x86_64-unknown-linux-gnu",
        p.to_str().unwrap(),
        "-o",
        "-",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let p = tmp(
        "riscv.ll",
        "target triple = \"riscv64-unknown-linux-gnu\"\ndefine void @f() { ret void }\n",
    );
    fails_with(
        &[p.to_str().unwrap()],
        "no registered target for triple 'riscv64-unknown-linux-gnu'",
    );
}

#[test]
fn subtarget_features_warn_or_fail_never_silently() {
    let ex = example();
    // clang's defaults: quiet.
    let o = rcc_par(&["-mcpu=x86-64", "-mattr=+sse2,+cx8", &ex, "-filetype=null"]);
    assert!(
        o.status.success() && !stderr(&o).contains("warning"),
        "{}",
        stderr(&o)
    );
    let o = rcc_par(&["-mattr=+avx2", &ex, "-filetype=null"]);
    assert!(o.status.success());
    let err = stderr(&o);
    assert_eq!(
        err.matches("feature 'avx2' has no code generation").count(),
        1,
        "{err}"
    );
    let o = rcc_par(&["-mcpu=nonsense", &ex, "-filetype=null"]);
    assert!(
        stderr(&o).contains("'nonsense' is not a recognized processor"),
        "{}",
        stderr(&o)
    );
    fails_with(
        &["-mattr=-sse2", &ex, "-filetype=null"],
        "without feature 'sse2'",
    );
    fails_with(
        &["-mattr=+soft-float", &ex, "-filetype=null"],
        "'soft-float' is not supported",
    );
    // Function attributes: one warning per message, naming a function.
    let p = tmp(
        "features.ll",
        "define void @f() #0 { ret void }\ndefine void @g() #0 { ret void }\n\
         define void @h() #1 { ret void }\n\
         attributes #0 = { \"target-cpu\"=\"x86-64\" \"target-features\"=\"+sse2,+bmi2\" }\n\
         attributes #1 = { \"target-features\"=\"+sse2\" }\n",
    );
    let o = rcc_par(&[p.to_str().unwrap(), "-filetype=null"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let err = stderr(&o);
    assert!(
        err.contains("warning: in function 'f' (and 1 other functions): feature 'bmi2' has no code generation"),
        "{err}"
    );
    assert_eq!(err.lines().count(), 1, "{err}");
    let p = tmp(
        "nosse.ll",
        "define void @k() #0 { ret void }\nattributes #0 = { \"target-features\"=\"-sse\" }\n",
    );
    fails_with(&[p.to_str().unwrap(), "-filetype=null"], "in function 'k'");
}
