//! MIR through `rcc-par`'s command line: `-stop-after`/`-stop-before` write
//! `.mir` files, `-start-after`/`-start-before` resume them into the same
//! object as the uninterrupted run, `-run-pass` runs exactly the passes it
//! names, `-mir-roundtrip` goes on from functions read back, and every
//! misuse or malformed file is an error (located in the `.mir` file when it
//! is about its text).

use rcc_driver::options::RegAlloc;
use rcc_driver::pipeline::PASSES;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn rcc_par(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_rcc-par"))
        .args(args)
        .output()
        .expect("run rcc-par")
}

fn repo(rel: &str) -> String {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("..")
        .join(rel)
        .to_string_lossy()
        .into_owned()
}

fn work(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("mir_cli");
    std::fs::create_dir_all(&dir).expect("tmp dir");
    dir.join(name)
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// Runs rcc-par and returns its standard output; it must succeed quietly.
fn ok(args: &[&str]) -> Vec<u8> {
    let o = rcc_par(args);
    assert!(o.status.success(), "{args:?}: {}", stderr(&o));
    o.stdout
}

fn fails_with(args: &[&str], needle: &str) -> String {
    let o = rcc_par(args);
    assert_eq!(o.status.code(), Some(1), "{args:?}: {}", stderr(&o));
    let e = stderr(&o);
    assert!(e.contains(needle), "{args:?}: {e}");
    e
}

fn write(name: &str, bytes: &[u8]) -> String {
    let p = work(name);
    std::fs::write(&p, bytes).expect("write");
    p.to_string_lossy().into_owned()
}

/// Small inputs with phis, switches and jump tables, landing pads, inline
/// assembly, varargs and thread-locals.
const INPUTS: &[&str] = &[
    "tests/ll/switch_shapes.ll",
    "tests/ll/eh_phi.ll",
    "tests/ll/inline_asm_ir.ll",
    "tests/ll/va_arg_inst.ll",
    "tests/ll/tls_models.ll",
    "examples/hello.ll",
];

/// For every stop point, stop then start gives the uninterrupted object.
#[test]
fn stop_then_start_gives_the_same_object() {
    for input in INPUTS {
        let ll = repo(input);
        let stem = Path::new(input).file_stem().unwrap().to_string_lossy();
        for (level, n, ra, first_ra) in [
            ("-O0", 0, RegAlloc::Fast, "regallocfast"),
            ("-O2", 2, RegAlloc::Greedy, "register-coalescer"),
        ] {
            let whole = ok(&[level, "-filetype=obj", &ll, "-o", "-"]);
            assert!(whole.starts_with(b"\x7fELF"));
            // Every row that runs, except between the interval allocator
            // and the rewriter: the assignment is beside the function and
            // MIR does not carry it (as LLVM's VirtRegMap).
            let mut points: Vec<(&str, &str)> = PASSES
                .iter()
                .filter(|p| p.runs(n, ra) && !matches!(p.name, "asm-printer" | "greedy"))
                .map(|p| ("after", p.name))
                .collect();
            points.extend(["finalize-isel", first_ra, "asm-printer"].map(|p| ("before", p)));
            for (when, p) in points {
                let mir = ok(&[level, &format!("-stop-{when}={p}"), &ll, "-o", "-"]);
                let file = write(&format!("{stem}{level}-{when}-{p}.mir"), &mir);
                let resumed = ok(&[
                    level,
                    &format!("-start-{when}={p}"),
                    "-filetype=obj",
                    &file,
                    "-o",
                    "-",
                ]);
                assert!(
                    resumed == whole,
                    "{input} {level}: -stop-{when}={p} then -start-{when}={p} changed the object"
                );
            }
        }
    }
}

/// A stop and start inside the pipeline write the MIR the longer stop
/// writes; -run-pass of the passes between does too.
#[test]
fn ranges_and_run_pass_compose() {
    let ll = repo("tests/ll/switch_shapes.ll");
    let isel = ok(&["-stop-after=finalize-isel", &ll, "-o", "-"]);
    let text = String::from_utf8(isel.clone()).expect("MIR is text");
    assert!(text.contains("switch"), "the module travels in the file");
    let isel_file = write("switch-isel.mir", &isel);
    let direct = ok(&["-regalloc=fast", "-stop-after=regallocfast", &ll, "-o", "-"]);
    let ranged = ok(&[
        "-regalloc=fast",
        "-start-after=finalize-isel",
        "-stop-after=regallocfast",
        &isel_file,
        "-o",
        "-",
    ]);
    assert!(ranged == direct, "a resumed range writes other MIR");
    let run = ok(&[
        "-run-pass=early-tailduplication,opt-phis,dead-mi-elimination,early-machinelicm,machine-cse,machine-sink,peephole-opt,phi-node-elimination,twoaddressinstruction,regallocfast",
        &isel_file,
        "-o",
        "-",
    ]);
    assert!(
        run == direct,
        "-run-pass writes other MIR than the pipeline"
    );
    // -run-pass=finalize-isel on IR is -stop-after=finalize-isel.
    assert!(ok(&["-run-pass=finalize-isel", &ll, "-o", "-"]) == isel);
    // An empty range reads and writes the file back unchanged.
    let same = ok(&[
        "-start-after=finalize-isel",
        "-stop-before=opt-phis",
        &isel_file,
        "-o",
        "-",
    ]);
    assert!(same == isel, "reading and writing MIR is not a fixpoint");
    // Deterministic for any -j.
    for j in ["-j1", "-j3"] {
        assert!(ok(&[j, "-stop-after=finalize-isel", &ll, "-o", "-"]) == isel);
    }
    // After parse: the module only, and resuming from it compiles.
    let parsed = ok(&["-stop-after=parse", &ll, "-o", "-"]);
    let parsed_file = write("switch-parse.mir", &parsed);
    assert!(
        ok(&[
            "-start-after=parse",
            "-filetype=obj",
            &parsed_file,
            "-o",
            "-"
        ]) == ok(&["-filetype=obj", &ll, "-o", "-"])
    );
}

/// The options every pass gets work on a resumed pipeline.
#[test]
fn pass_options_work_when_resumed() {
    let ll = repo("tests/ll/eh_phi.ll");
    let mir = write(
        "eh-ra.mir",
        &ok(&["-O0", "-stop-after=regallocfast", &ll, "-o", "-"]),
    );
    let o = rcc_par(&[
        "-O0",
        "-start-after=regallocfast",
        "-verify-machineinstrs",
        "-print-after=prologepilog",
        "-print-before=branch-folder",
        "-time-passes",
        "-stats",
        &mir,
        "-filetype=null",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let e = stderr(&o);
    for needle in [
        "IR Dump After prologepilog",
        "IR Dump Before branch-folder",
        "Prologue/Epilogue Insertion",
        "MIR function reader",
        "Statistics Collected",
        "asm-printer - Number of machine instructions emitted",
    ] {
        assert!(e.contains(needle), "no '{needle}': {e}");
    }
    assert!(
        !e.contains("Fast Register Allocator"),
        "regallocfast ran again: {e}"
    );
}

/// `-verify-machineinstrs` verifies every function as soon as it is read.
#[test]
fn functions_are_verified_when_read() {
    let ll = repo("examples/hello.ll");
    let text = String::from_utf8(ok(&["-stop-after=twoaddressinstruction", &ll, "-o", "-"]))
        .expect("MIR is text");
    // Drop the successor list of main's entry block: it reads, but its
    // branches no longer agree with it.
    let sections = rcc_mach::mir::split(&text).expect("split");
    let main = &sections.functions[0];
    let at = text[main.range.clone()]
        .find("  successors: ")
        .map(|k| main.range.start + k)
        .expect("a successor list");
    let len = text[at..].find('\n').expect("a line") + 1;
    let mut bad = text.clone();
    bad.replace_range(at..at + len, "");
    let bad = write("no-successors.mir", bad.as_bytes());
    let e = fails_with(
        &[
            "-start-after=twoaddressinstruction",
            "-verify-machineinstrs",
            &bad,
        ],
        "machine verifier failed after reading MIR",
    );
    assert!(e.contains("not a successor"), "{e}");
    // Without the verifier the reader accepts it.
    ok(&["-start-after=twoaddressinstruction", &bad, "-filetype=null"]);
}

/// `-mir-roundtrip` changes no output.
#[test]
fn mir_roundtrip_changes_nothing() {
    for input in INPUTS {
        let ll = repo(input);
        for level in ["-O0", "-O2"] {
            let a = ok(&[level, "-filetype=obj", &ll, "-o", "-"]);
            let b = ok(&[level, "-filetype=obj", "-mir-roundtrip", &ll, "-o", "-"]);
            assert!(a == b, "{input} {level}: -mir-roundtrip changed the object");
        }
    }
}

/// A function without virtual registers gets an empty assignment from an
/// interval allocator: still no round trip before the rewriter (it once
/// lost the assignment there).
#[test]
fn mir_roundtrip_of_functions_without_vregs() {
    let ll = write(
        "no-vregs.ll",
        b"declare void @g()\n\
          define void @empty() {\n  ret void\n}\n\
          define void @calls() {\n  call void @g()\n  ret void\n}\n",
    );
    for level in ["-O1", "-O2"] {
        for ra in ["-regalloc=greedy", "-regalloc=basic"] {
            let a = ok(&[level, ra, "-filetype=obj", &ll, "-o", "-"]);
            let b = ok(&[level, ra, "-filetype=obj", "-mir-roundtrip", &ll, "-o", "-"]);
            assert!(a == b, "{level} {ra}: -mir-roundtrip changed the object");
        }
    }
}

#[test]
fn misuse_is_an_error() {
    let ll = repo("examples/hello.ll");
    let mir = write(
        "hello-isel.mir",
        &ok(&["-stop-after=finalize-isel", &ll, "-o", "-"]),
    );
    fails_with(&["-start-after=nope", &mir], "unknown pass name 'nope'");
    fails_with(&["-run-pass=regallocfast,nope", &mir], "regallocfast");
    fails_with(&[&mir], "MIR input needs -start-after");
    fails_with(
        &["-run-pass=asm-printer", &mir],
        "-start-before=asm-printer",
    );
    fails_with(
        &["-run-pass=regallocfast", &ll],
        "first pass must be finalize-isel",
    );
    fails_with(&["-start-after=regallocfast", &ll], "needs MIR input");
    fails_with(
        &[
            "-start-after=regallocfast",
            "-stop-after=twoaddressinstruction",
            &mir,
        ],
        "range of passes is empty",
    );
    fails_with(
        &["-run-pass=regallocfast", "-stop-after=prologepilog", &mir],
        "cannot be combined",
    );
    fails_with(&["-start-after=asm-printer", &mir], "nothing runs after");
}

/// Sections that do not match the module, and malformed text, are located
/// errors in the `.mir` file.
#[test]
fn bad_files_are_located_errors() {
    let two = write(
        "two.ll",
        b"define i32 @f(i32 %a) {\n  %b = add i32 %a, 1\n  ret i32 %b\n}\n\
          define i32 @g(i32 %a) {\n  %b = mul i32 %a, 3\n  ret i32 %b\n}\n",
    );
    let text = String::from_utf8(ok(&["-stop-after=finalize-isel", &two, "-o", "-"])).unwrap();
    // The module now defines @h instead of @g: g's section names nothing.
    let renamed = write("renamed.mir", text.replacen("@g(", "@h(", 1).as_bytes());
    let e = fails_with(&["-start-after=finalize-isel", &renamed], "'g'");
    assert!(e.contains("renamed.mir:"), "{e}");
    assert!(e.contains("does not define"), "{e}");
    // A function of the module without a section.
    let sections = rcc_mach::mir::split(&text).expect("split");
    let g = sections
        .functions
        .iter()
        .find(|s| s.name == "g")
        .expect("a section for g");
    let mut missing = text.clone();
    missing.replace_range(g.range.clone(), "");
    let missing = write("missing.mir", missing.as_bytes());
    let e = fails_with(&["-start-after=finalize-isel", &missing], "in function 'g'");
    assert!(e.contains("no section"), "{e}");
    // A second section for a function.
    let mut twice = text.clone();
    twice.push_str(&text[g.range.clone()]);
    let twice = write("twice.mir", twice.as_bytes());
    fails_with(
        &["-start-after=finalize-isel", &twice],
        "a second MIR section for function 'g'",
    );
    // A section for a declaration.
    let declared = text.replacen(
        "define i32 @g(i32 %a) {\n  %b = mul i32 %a, 3\n  ret i32 %b\n}\n",
        "declare i32 @g(i32)\n",
        1,
    );
    assert_ne!(declared, text);
    let declared = write("declared.mir", declared.as_bytes());
    fails_with(
        &["-start-after=finalize-isel", &declared],
        "declares but does not define",
    );
    // ... but starting at selection needs none.
    ok(&["-start-before=finalize-isel", &missing, "-filetype=null"]);
    // Malformed text inside a section: file:line:col, exit status 1.
    let f = &sections.functions[0];
    let body = &text[f.range.clone()];
    let cut = body.len() * 2 / 3;
    let mut broken = text.clone();
    broken.insert_str(f.range.start + cut, "\n  ???garbage $$ %% \n");
    let broken = write("broken.mir", broken.as_bytes());
    let e = fails_with(&["-start-after=finalize-isel", &broken], "broken.mir:");
    let first = e.lines().next().unwrap_or("");
    let mut parts = first.splitn(4, ':');
    let (_, line, col) = (parts.next(), parts.next(), parts.next());
    assert!(
        line.is_some_and(|l| l.parse::<u32>().is_ok())
            && col.is_some_and(|c| c.parse::<u32>().is_ok())
            && first.contains(": error: "),
        "{e}"
    );
    // A bad module part is the IR parser's located error.
    let bad_ir = write(
        "bad-ir.mir",
        text.replacen("add i32", "add i33 i32", 1).as_bytes(),
    );
    fails_with(&["-start-after=finalize-isel", &bad_ir], "bad-ir.mir:");
}

/// Unnamed functions (`@0`) have sections named by their number.
#[test]
fn unnamed_functions_stop_and_resume() {
    let ll = write(
        "unnamed.ll",
        b"define i32 @0(i32 %a) {\n  %b = add i32 %a, 1\n  ret i32 %b\n}\n\
          define i32 @f(i32 %a) {\n  %c = call i32 @0(i32 %a)\n  ret i32 %c\n}\n",
    );
    let whole = ok(&["-filetype=obj", &ll, "-o", "-"]);
    let mir = ok(&["-stop-after=finalize-isel", &ll, "-o", "-"]);
    let text = String::from_utf8(mir.clone()).expect("MIR is text");
    assert!(text.contains("\nname: 0\n"), "{text}");
    let file = write("unnamed.mir", &mir);
    assert!(
        ok(&[
            "-start-after=finalize-isel",
            "-filetype=obj",
            &file,
            "-o",
            "-"
        ]) == whole
    );
    assert!(ok(&["-mir-roundtrip", "-filetype=obj", &ll, "-o", "-"]) == whole);
}
