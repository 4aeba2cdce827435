//! Broken MIR files are rejected with a located error, never a panic:
//! every `mir_broken/*.mir` starts with a line `# expect: L:C: error: MSG`
//! and reading it (split, the module section through the IR parser, then
//! every function section) must fail with exactly that first error.
//! `RCC_BLESS=1` rewrites the expectation lines (review the diff).

use rcc_mach::mir;
use rcc_mach::MachFunction;
use rcc_targets::x86_64::X86Info;
use std::path::Path;

/// The first error reading `text`, as `L:C: error: MSG` (`None`: it read).
fn first_error(text: &str) -> Option<String> {
    let show = |d: rcc_ir::Diagnostic| format!("{}:{}: error: {}", d.line, d.col, d.message);
    let s = match mir::split(text) {
        Ok(s) => s,
        Err(e) => return Some(show(rcc_ir::Diagnostic::locate("x.mir", text, &e))),
    };
    let m = match rcc_ir::parse_module(mir::module_source(text, &s), "x.mir") {
        Ok(m) => m,
        Err(d) => return Some(show(d)),
    };
    let r = mir::Reader::new(&m, &X86Info);
    let mut mf = MachFunction::new(m.order[0]);
    for f in &s.functions {
        if let Err(e) = r.read_function(text, f, &mut mf) {
            return Some(show(rcc_ir::Diagnostic::locate("x.mir", text, &e)));
        }
    }
    None
}

#[test]
fn broken_files_give_their_errors() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/mir_broken");
    let bless = std::env::var_os("RCC_BLESS").is_some();
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .expect("mir_broken")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "mir"))
        .collect();
    files.sort();
    assert!(files.len() >= 20, "only {} broken files", files.len());
    let mut failures = Vec::new();
    for p in &files {
        let text = std::fs::read_to_string(p).expect("reads");
        let (first, rest) = text.split_once('\n').unwrap_or((&text, ""));
        let want = first.strip_prefix("# expect: ").unwrap_or("");
        let got = first_error(&text).unwrap_or_else(|| "no error".into());
        if bless {
            std::fs::write(p, format!("# expect: {got}\n{rest}")).expect("bless");
        } else if got != want {
            failures.push(format!("{}:\n  want {want}\n  got  {got}", p.display()));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn a_good_file_reads() {
    let text = "# rcc MIR\n--- |\ndefine i32 @f(i32 %a) {\n  ret i32 %a\n}\n...\n---\nname: f\nliveins: $edi\nbody:\nbb.0 (%ir-block.0):\n  %0:gr32 = COPY $edi\n  $eax = COPY %0\n  RET64 implicit $eax\n";
    assert_eq!(first_error(text), None);
}

#[test]
fn unnamed_globals_are_numbered() {
    let text = "--- |\n@0 = global i32 0\n@x = global i32 1\n@1 = global i32 2\ndefine i32 @f() {\n  %v = load i32, ptr @1\n  ret i32 %v\n}\n...\n---\nname: f\nbody:\nbb.0:\n  %0:gr32 = MOV32rm $rip, 1, $noreg, @1, $noreg\n  $eax = COPY %0\n  RET64 implicit $eax\n";
    assert_eq!(first_error(text), None);
    let s = mir::split(text).unwrap();
    let m = rcc_ir::parse_module(mir::module_source(text, &s), "x.mir").unwrap();
    let mut mf = MachFunction::new(m.order[0]);
    mir::read_function(text, &s.functions[0], &m, &X86Info, &mut mf).unwrap();
    let mut out = String::new();
    mir::write_function(&mut out, &mf, &m, &X86Info);
    assert!(out.contains("MOV32rm $rip, 1, $noreg, @1, $noreg"), "{out}");
    let bad = text.replace("@1, $noreg", "@2, $noreg");
    assert_eq!(
        first_error(&bad).as_deref(),
        Some("14:38: error: no global '@2' in the module")
    );
}
