//! `rcc-par` as a user runs it: exit codes, located errors on stderr, output
//! to a file or stdout, and byte-identical output for any `-j`.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn rcc_par(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_rcc-par"))
        .args(args)
        .output()
        .expect("run rcc-par")
}

fn example() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../examples/hello.ll")
}

fn tmp(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("rcc_par_cli");
    std::fs::create_dir_all(&dir).expect("tmp dir");
    dir.join(name)
}

#[test]
fn prints_the_parsed_module_to_stdout() {
    let ex = example();
    let out = rcc_par(&["-stop-after=parse", ex.to_str().unwrap(), "-o", "-"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).expect("utf-8");
    assert!(
        text.contains("define dso_local noundef i32 @main("),
        "{text}"
    );
    assert!(text.contains("tail call fastcc i32 @fib("), "{text}");
}

#[test]
fn null_filetype_writes_nothing() {
    let ex = example();
    let out = rcc_par(&["-stop-after=parse", "-filetype=null", ex.to_str().unwrap()]);
    assert!(out.status.success());
    assert!(out.stdout.is_empty());
}

#[test]
fn output_is_identical_for_any_job_count() {
    let ex = example();
    let mut outs = Vec::new();
    for j in ["-j1", "-j2", "-j2"] {
        let path = tmp(&format!("hello{j}.ll"));
        let o = rcc_par(&[
            "-stop-after=parse",
            j,
            ex.to_str().unwrap(),
            "-o",
            path.to_str().unwrap(),
        ]);
        assert!(o.status.success());
        outs.push(std::fs::read(&path).expect("output"));
    }
    assert_eq!(outs[0], outs[1]);
    assert_eq!(outs[1], outs[2]);
}

#[test]
fn bad_input_is_a_located_error_with_exit_code_1() {
    let path = tmp("bad.ll");
    std::fs::write(
        &path,
        "define i32 @f() {\n  %x = add i32 %y, 1\n  ret i32 %x\n}\n",
    )
    .unwrap();
    let out = rcc_par(&["-stop-after=parse", path.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    let first = err.lines().next().unwrap_or("");
    assert_eq!(
        first,
        format!(
            "{}:2:16: error: use of undefined value '%y'",
            path.display()
        )
    );
    assert!(
        err.contains("\n  %x = add i32 %y, 1\n               ^"),
        "{err}"
    );
}

#[test]
fn verifier_errors_are_located_too() {
    let path = tmp("dom.ll");
    std::fs::write(
        &path,
        "define i32 @f(i32 %a) {\n  %x = add i32 %z, 1\n  %z = add i32 %a, 1\n  ret i32 %x\n}\n",
    )
    .unwrap();
    let out = rcc_par(&[
        "-stop-after=parse",
        "-filetype=null",
        path.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains(":2:") && err.contains("in function @f") && err.contains("dominate"),
        "{err}"
    );
}

#[test]
fn code_generation_is_reported_as_not_available() {
    let ex = example();
    let out = rcc_par(&[
        ex.to_str().unwrap(),
        "-filetype=obj",
        "-o",
        tmp("x.o").to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("code generation is not available"));
}

#[test]
fn usage_errors_exit_with_1() {
    for args in [
        &["-bogus"][..],
        &["-filetype=exe", "x.ll"],
        &[],
        &["/nonexistent/file.ll"],
    ] {
        let out = rcc_par(args);
        assert_eq!(out.status.code(), Some(1), "{args:?}");
        assert!(
            String::from_utf8_lossy(&out.stderr).starts_with("rcc-par: "),
            "{args:?}"
        );
    }
}
