//! MIR print → read → print is a fixpoint after every machine pass: the
//! `-print-after-all` dump of real modules (`tests/ll`, and lua from the
//! corpus when `RCC_CORPUS` is set) is split into function sections, each
//! is read back with `rcc_mach::mir` and written again, and the text must
//! be the same.

use rcc_mach::mir;
use rcc_mach::MachFunction;
use rcc_targets::x86_64::X86Info;
use std::path::{Path, PathBuf};
use std::process::Command;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// Runs `rcc-par -print-after-all` on `ll` and checks every section of
/// the dump; returns how many sections it checked.
fn check_file(ll: &Path, opt: &str) -> usize {
    let out = Command::new(env!("CARGO_BIN_EXE_rcc-par"))
        .args([opt, "-print-after-all", "-o", "/dev/null"])
        .arg(ll)
        .output()
        .expect("runs rcc-par");
    assert!(
        out.status.success(),
        "{}: {}",
        ll.display(),
        String::from_utf8_lossy(&out.stderr)
    );
    let all = String::from_utf8(out.stderr).expect("UTF-8 dump");
    // The `parse` dump (IR text) comes first; the machine dumps follow.
    let first = all.find("# *** IR Dump After finalize-isel").unwrap_or(all.len());
    let dump = &all[first..];
    let src = std::fs::read_to_string(ll).expect("reads the module");
    let m = rcc_ir::parse_module(src, &ll.display().to_string()).expect("parses");
    let reader = mir::Reader::new(&m, &X86Info);
    let s = mir::split(dump).unwrap_or_else(|e| panic!("{}: split: {e:?}", ll.display()));
    assert!(!s.functions.is_empty(), "{}: no sections in the dump", ll.display());
    let mut mf = MachFunction::new(m.order[0]);
    for f in &s.functions {
        let text = &dump[f.range.clone()];
        let end = text
            .find("\n# End machine code for function")
            .map_or(text.len(), |p| p + 1);
        // The writer's text ends with the last line's newline; the dump
        // puts a blank line before its `# End` heading.
        let want = text[..end].strip_suffix('\n').unwrap_or(&text[..end]);
        if let Err(e) = reader.read_function(dump, f, &mut mf) {
            let d = rcc_ir::Diagnostic::locate("dump.mir", dump, &e);
            panic!("{} ({opt}): {d}\n{want}", ll.display());
        }
        let mut got = String::new();
        mir::write_function(&mut got, &mf, &m, &X86Info);
        if got != want {
            let line = got
                .lines()
                .zip(want.lines())
                .position(|(a, b)| a != b)
                .unwrap_or(got.lines().count().min(want.lines().count()));
            panic!(
                "{} ({opt}): {} does not read back the same (first difference at line {}):\n--- written\n{want}\n--- read back\n{got}",
                ll.display(),
                f.name,
                line + 1
            );
        }
    }
    s.functions.len()
}

#[test]
fn every_pass_of_tests_ll_reads_back_the_same() {
    let mut files: Vec<PathBuf> = std::fs::read_dir(root().join("tests/ll"))
        .expect("tests/ll")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "ll"))
        .collect();
    files.sort();
    assert!(files.len() > 10, "tests/ll has the modules");
    let mut n = 0;
    for f in &files {
        for opt in ["-O0", "-O2"] {
            n += check_file(f, opt);
        }
    }
    assert!(n > 100, "checked {n} sections");
}

#[test]
fn every_pass_of_lua_reads_back_the_same() {
    let dir = std::env::var_os("RCC_CORPUS").map_or_else(|| root().join("corpus"), PathBuf::from);
    let ll = dir.join("ll/lua-O2.ll");
    if !ll.exists() {
        eprintln!("{} missing: skipped", ll.display());
        return;
    }
    assert!(check_file(&ll, "-O2") > 1000);
}
