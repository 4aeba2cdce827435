//! `rcc-par`'s command line against llc's: `-help` and `-version`, standard
//! input, llc's default output names, errors for unknown options and bad
//! values, and, for every option `-help` lists, a check that it takes
//! effect or is an error. An option added to the table without an entry in
//! [`check_option`] fails [`every_listed_option_takes_effect_or_errors`].

use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

/// A module whose code depends on the relocation model, the frame pointer
/// and the section options.
const MODULE: &str = "@x = global i32 5
@y = global i32 0
declare i32 @ext(i32)
define i32 @f(i32 %a) {
  %w = load i32, ptr @x
  %c = call i32 @ext(i32 %w)
  %r = add i32 %a, %c
  ret i32 %r
}
";

fn rcc_par_in(dir: &Path, args: &[&str], stdin: Option<&str>) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_rcc-par"))
        .args(args)
        .current_dir(dir)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run rcc-par");
    let mut pipe = child.stdin.take().expect("stdin");
    // A usage error exits before reading: a broken pipe is fine then.
    let _ = pipe.write_all(stdin.unwrap_or("").as_bytes());
    drop(pipe);
    child.wait_with_output().expect("wait for rcc-par")
}

/// A fresh directory for one test.
fn dir(name: &str) -> PathBuf {
    let d = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join("rcc_par_options")
        .join(name);
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).expect("tmp dir");
    d
}

/// Runs rcc-par on [`MODULE`] (given on standard input, output on standard
/// output) with `args`.
fn run(args: &[&str]) -> Output {
    run_on(MODULE, args)
}

fn run_on(module: &str, args: &[&str]) -> Output {
    rcc_par_in(Path::new(env!("CARGO_TARGET_TMPDIR")), args, Some(module))
}

fn ok(o: &Output) -> String {
    assert!(
        o.status.success(),
        "exit {:?}: {}",
        o.status.code(),
        String::from_utf8_lossy(&o.stderr)
    );
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// Asserts that `o` is a clear usage error: exit code 1, one
/// `rcc-par: error: ...` line, no output.
fn is_error(o: &Output, what: &str) {
    let err = stderr(o);
    assert_eq!(o.status.code(), Some(1), "{what}: {err}");
    assert!(err.starts_with("rcc-par: error: "), "{what}: {err}");
    assert!(o.stdout.is_empty(), "{what}");
}

/// Asserts that `o` is an error located in the input (`file:line:col:
/// error: ...`), exit code 1, no output.
fn is_located_error(o: &Output, what: &str) {
    let err = stderr(o);
    assert_eq!(o.status.code(), Some(1), "{what}: {err}");
    assert!(
        err.contains(": error: ") && !err.starts_with("rcc-par:"),
        "{what}: {err}"
    );
    assert!(o.stdout.is_empty(), "{what}");
}

/// The default output: [`MODULE`] as assembly.
fn default_asm() -> String {
    ok(&run(&[]))
}

/// The option names `-help` lists.
fn listed_options() -> Vec<String> {
    let help = ok(&run(&["-help"]));
    help.lines()
        .filter(|l| l.starts_with("  -"))
        .map(|l| {
            let usage = l.split_whitespace().next().unwrap_or("");
            usage.split('=').next().unwrap_or("").to_string()
        })
        .collect()
}

#[test]
fn help_lists_the_options_one_line_each() {
    let a = ok(&run(&["-help"]));
    let b = ok(&run(&["--help"]));
    assert_eq!(a, b);
    assert!(a.contains("USAGE: rcc-par [options]"), "{a}");
    let names = listed_options();
    for n in [
        "-o",
        "-O",
        "-mtriple",
        "-march",
        "-mcpu",
        "-mattr",
        "-filetype",
        "-relocation-model",
        "-code-model",
        "-frame-pointer",
        "-function-sections",
        "-data-sections",
        "-stack-size-section",
        "-asm-verbose",
        "-x86-asm-syntax",
        "-verify-machineinstrs",
    ] {
        assert!(names.iter().any(|x| x == n), "{n} missing from -help");
    }
    let mut sorted = names.clone();
    sorted.sort();
    sorted.dedup();
    assert_eq!(sorted.len(), names.len(), "an option is listed twice");
}

#[test]
fn version_names_the_default_and_registered_targets() {
    let a = ok(&run(&["-version"]));
    assert_eq!(a, ok(&run(&["--version"])));
    assert!(a.starts_with("rcc-par (rcc) version "), "{a}");
    assert!(
        a.contains("Default target: x86_64-unknown-linux-gnu"),
        "{a}"
    );
    assert!(a.contains("Registered Targets:\n    x86-64 "), "{a}");
}

#[test]
fn standard_input_without_an_input_or_with_dash() {
    let none = ok(&run(&[]));
    assert!(none.contains("\t.file\t\"<stdin>\""), "{none}");
    assert!(none.contains("f:\n"), "{none}");
    assert_eq!(none, ok(&run(&["-"])));
    assert_eq!(none, ok(&run(&["-", "-o", "-"])));
}

#[test]
fn default_output_names_follow_llc() {
    let d = dir("names");
    for name in ["x.ll", "y", "z.txt"] {
        std::fs::write(d.join(name), MODULE).unwrap();
    }
    let quiet = |args: &[&str]| {
        let o = rcc_par_in(&d, args, None);
        assert!(ok(&o).is_empty(), "{args:?} wrote to stdout");
    };
    quiet(&["x.ll"]);
    assert!(std::fs::read_to_string(d.join("x.s"))
        .unwrap()
        .contains("f:\n"));
    quiet(&["-filetype=obj", "x.ll"]);
    assert!(std::fs::read(d.join("x.o"))
        .unwrap()
        .starts_with(b"\x7fELF"));
    quiet(&["y"]);
    assert!(d.join("y.s").exists());
    quiet(&["z.txt", "-filetype=obj"]);
    assert!(d.join("z.txt.o").exists());
    // -filetype=null writes nothing, anywhere.
    std::fs::remove_file(d.join("x.s")).unwrap();
    quiet(&["x.ll", "-filetype=null"]);
    assert!(!d.join("x.s").exists() && !d.join("-").exists());
    // -o - is standard output.
    let o = rcc_par_in(&d, &["x.ll", "-o", "-"], None);
    assert!(ok(&o).contains("f:\n"));
    assert!(!d.join("x.s").exists());
    // A file in another directory: the output goes next to it.
    let sub = d.join("sub");
    std::fs::create_dir_all(&sub).unwrap();
    std::fs::write(sub.join("w.ll"), MODULE).unwrap();
    quiet(&["sub/w.ll"]);
    assert!(sub.join("w.s").exists());
}

#[test]
fn unknown_options_and_bad_values_are_errors() {
    for args in [
        &["-bogus"][..],
        &["--bogus=1"],
        &["-filetype=exe"],
        &["-O4"],
        &["-relocation-model=dynamic-no-pic"],
        &["-relocation-model=nonsense"],
        &["-code-model=large"],
        &["-code-model=kernel"],
        &["-march=x86"],
        &["-mtriple=aarch64-unknown-linux-gnu"],
        &["-mcpu=nonesuch"],
        &["-mattr=+nonesuch"],
        &["-frame-pointer=sometimes"],
        &["-function-sections=maybe"],
        &["-x86-asm-syntax=masm"],
        &["-regalloc=nonesuch"],
        &["-stop-after=nonesuch"],
        &["-o"],
        &["a.ll", "b.ll"],
    ] {
        is_error(&run(args), &format!("{args:?}"));
    }
}

/// Checks that option `name` takes effect (changes the output or the
/// behaviour as llc's does) or is an error; panics for an option without
/// a check.
fn check_option(name: &str) {
    let base = default_asm();
    let differs = |args: &[&str]| {
        let out = ok(&run(args));
        assert_ne!(out, base, "{args:?} changed nothing");
        out
    };
    let same = |args: &[&str]| {
        let o = run(args);
        assert_eq!(ok(&o), base, "{args:?}");
        assert!(o.stderr.is_empty(), "{args:?}: {}", stderr(&o));
    };
    let warns = |args: &[&str]| {
        let o = run(args);
        assert_eq!(ok(&o), base, "{args:?}");
        assert!(
            stderr(&o).contains("warning: ")
                && stderr(&o).contains("has no code generation in rcc yet"),
            "{args:?}: {}",
            stderr(&o)
        );
    };
    let err = |args: &[&str]| is_error(&run(args), &format!("{args:?}"));
    match name {
        "-help" => assert!(ok(&run(&["-help"])).contains("OPTIONS:")),
        "-version" => assert!(ok(&run(&["-version"])).contains("Registered Targets")),
        "-o" => {
            let d = dir("dash-o");
            let path = d.join("out.s");
            assert!(ok(&run(&["-o", path.to_str().unwrap()])).is_empty());
            assert_eq!(std::fs::read_to_string(&path).unwrap(), base);
        }
        "-O" => {
            // The levels choose the pipeline with the pass table; here: the
            // four levels are accepted, others are errors.
            for l in ["-O0", "-O1", "-O2", "-O3", "-O=2"] {
                ok(&run(&[l]));
            }
            ok(&run(&["-O", "1"]));
            err(&["-O5"]);
        }
        "-j" => {
            // Worker threads: the output does not depend on them.
            same(&["-j1"]);
            same(&["-j", "2"]);
            err(&["-j=many"]);
        }
        "-mtriple" => {
            let darwin = format!("target triple = \"x86_64-apple-macosx14.0.0\"\n{MODULE}");
            is_located_error(&run_on(&darwin, &[]), "a Mach-O triple");
            assert_eq!(
                ok(&run_on(&darwin, &["-mtriple=x86_64-unknown-linux-gnu"])),
                base
            );
            err(&["-mtriple=aarch64-unknown-linux-gnu"]);
        }
        "-march" => {
            let i686 = format!("target triple = \"i686-pc-linux-gnu\"\n{MODULE}");
            is_located_error(&run_on(&i686, &[]), "a 32-bit triple");
            assert_eq!(ok(&run_on(&i686, &["-march=x86-64"])), base);
            err(&["-march=aarch64"]);
        }
        "-mcpu" => {
            same(&["-mcpu=x86-64"]);
            warns(&["-mcpu=skylake"]);
            err(&["-mcpu=i386"]);
            err(&["-mcpu=nonesuch"]);
        }
        "-mattr" => {
            same(&["-mattr=+sse2,+cmov"]);
            warns(&["-mattr=+avx2"]);
            err(&["-mattr=-sse2"]);
            err(&["-mattr=+nonsense"]);
            err(&["-mattr=avx2"]);
        }
        "-filetype" => {
            assert!(run(&["-filetype=obj"]).stdout.starts_with(b"\x7fELF"));
            assert!(ok(&run(&["-filetype=null"])).is_empty());
            same(&["-filetype=asm"]);
            err(&["-filetype=exe"]);
        }
        "-relocation-model" => {
            let pic = ok(&run(&["-relocation-model=pic"]));
            let stat = ok(&run(&["-relocation-model=static"]));
            assert!(pic.contains("x@GOTPCREL(%rip)"), "{pic}");
            assert!(!stat.contains("GOTPCREL"), "{stat}");
            err(&["-relocation-model=ropi"]);
        }
        "-code-model" => {
            same(&["-code-model=small"]);
            err(&["-code-model=medium"]);
        }
        "-frame-pointer" => {
            let all = differs(&["-frame-pointer=all"]);
            assert!(all.contains("pushq\t%rbp"), "{all}");
            err(&["-frame-pointer=often"]);
        }
        "-function-sections" => {
            let out = differs(&["-function-sections"]);
            assert!(
                out.contains("\t.section\t.text.f,\"ax\",@progbits\n"),
                "{out}"
            );
            same(&["-function-sections=false"]);
        }
        "-data-sections" => {
            let out = differs(&["-data-sections"]);
            assert!(
                out.contains("\t.section\t.data.x,\"aw\",@progbits\n"),
                "{out}"
            );
            assert!(out.contains("\t.section\t.bss.y,\"aw\",@nobits\n"), "{out}");
            same(&["-data-sections=false"]);
        }
        "-stack-size-section" => {
            let out = differs(&["-stack-size-section"]);
            assert!(
                out.contains(
                    "\t.section\t.stack_sizes,\"o\",@progbits,.text\n\t.quad\t.Lfunc_begin0\n"
                ),
                "{out}"
            );
            same(&["-stack-size-section=false"]);
        }
        "-fast-isel" => {
            // On by default at -O0: blocks are selected directly and
            // counted; -fast-isel=false selects every block with the DAG.
            let on = run(&["-O0", "-stats"]);
            ok(&on);
            assert!(
                stderr(&on).contains("fast-isel: blocks selected directly"),
                "{}",
                stderr(&on)
            );
            let off = run(&["-O0", "-stats", "-fast-isel=false"]);
            ok(&off);
            assert!(!stderr(&off).contains("fast-isel"), "{}", stderr(&off));
        }
        "-enable-shrink-wrap" => {
            // An early exit that needs no frame: shrink wrapping (on by
            // default at -O2, as in llc) keeps the pushes off its path.
            let m = "declare i32 @g(i32)\n\
                     define i32 @f(i32 %x) {\n\
                     %c = icmp eq i32 %x, 0\n\
                     br i1 %c, label %out, label %work\n\
                     work:\n\
                     %a = call i32 @g(i32 %x)\n\
                     %b = call i32 @g(i32 %x)\n\
                     %s = add i32 %a, %b\n\
                     ret i32 %s\n\
                     out:\n\
                     ret i32 0\n\
                     }\n";
            let wrapped = ok(&run_on(m, &[]));
            assert_eq!(wrapped, ok(&run_on(m, &["-enable-shrink-wrap=true"])));
            let entry = ok(&run_on(m, &["-enable-shrink-wrap=false"]));
            let first_push = |s: &str| s.find("pushq").expect("a push");
            let first_test = |s: &str| s.find("testl").expect("a test");
            assert!(first_test(&wrapped) < first_push(&wrapped), "{wrapped}");
            assert!(first_push(&entry) < first_test(&entry), "{entry}");
            is_error(
                &run_on(m, &["-enable-shrink-wrap=maybe"]),
                "-enable-shrink-wrap=maybe",
            );
        }
        "-asm-verbose" => {
            err(&["-asm-verbose"]);
            same(&["-asm-verbose=false"]);
        }
        "-x86-asm-syntax" => {
            let out = differs(&["-x86-asm-syntax=intel"]);
            assert!(out.contains("\t.intel_syntax noprefix\n"), "{out}");
            assert!(out.contains("call\text@PLT"), "{out}");
            same(&["-x86-asm-syntax=att"]);
            err(&["-x86-asm-syntax=masm"]);
            // x87 with st(i) as destination: AT&T's `fdivrp %st, %st(1)` is
            // Intel's `fdivp st(1), st` (LLVM's `fdiv{r|}p`), and so on.
            let fp80 = "define x86_fp80 @d(x86_fp80 %a, x86_fp80 %b) {
  %r = fdiv x86_fp80 %a, %b
  %s = fsub x86_fp80 %b, %r
  %t = fdiv x86_fp80 %s, %b
  ret x86_fp80 %t
}
";
            let att = ok(&run_on(fp80, &[]));
            let intel = ok(&run_on(fp80, &["-x86-asm-syntax=intel"]));
            for (a, i) in [
                ("fdivrp\t%st, %st(1)", "fdivp\tst(1), st"),
                ("fdivp\t%st, %st(1)", "fdivrp\tst(1), st"),
                ("fsubrp\t%st, %st(1)", "fsubp\tst(1), st"),
                ("fsubp\t%st, %st(1)", "fsubrp\tst(1), st"),
            ] {
                assert_eq!(
                    att.matches(a).count(),
                    intel.matches(i).count(),
                    "{a}\n{att}\n{intel}"
                );
            }
            assert!(att.contains("rp\t%st, %st(1)"), "{att}");
        }
        "-verify-machineinstrs" => {
            // The verifier changes nothing on correct code (its errors are
            // tested with the verifier); it must run and pass.
            same(&["-verify-machineinstrs"]);
            err(&["-verify-machineinstrs=sometimes"]);
        }
        "-regalloc" => {
            // Greedy is the default at -O2 (fast at -O0).
            same(&["-regalloc=greedy"]);
            assert_eq!(ok(&run(&["-O0", "-regalloc=fast"])), ok(&run(&["-O0"])));
            err(&["-regalloc=nonesuch"]);
            let fast = differs(&["-regalloc=fast"]);
            let basic = ok(&run(&["-regalloc=basic"]));
            assert_ne!(fast, basic);
        }
        "-join-liveintervals" => {
            // The coalescer runs only with the interval allocators (on
            // this input greedy's copy hints make up for it; basic's do
            // not).
            let fast = differs(&["-regalloc=fast"]);
            assert_eq!(
                ok(&run(&["-regalloc=fast", "-join-liveintervals=false"])),
                fast
            );
            let joined = ok(&run(&["-regalloc=basic"]));
            let kept = ok(&run(&["-regalloc=basic", "-join-liveintervals=false"]));
            assert_ne!(joined, kept, "the copy of the sum is joined");
            err(&["-join-liveintervals=maybe"]);
        }
        "-print-after-all" => {
            let o = run(&["-print-after-all"]);
            assert_eq!(ok(&o), base);
            assert!(stderr(&o).contains("After finalize-isel"), "{}", stderr(&o));
        }
        "-print-after" => {
            let o = run(&["-print-after=greedy"]);
            assert_eq!(ok(&o), base);
            assert!(stderr(&o).contains("After greedy"), "{}", stderr(&o));
            err(&["-print-after=nonesuch"]);
        }
        "-stop-after" => {
            // MIR: the module (verbatim) after parse, then the functions.
            let ir = differs(&["-stop-after=parse"]);
            assert!(ir.contains("define i32 @f(i32 %a)"), "{ir}");
            let mir = differs(&["-stop-after=virtregrewriter"]);
            assert!(mir.starts_with(&ir), "{mir}");
            // As llc: not at a pass the pipeline does not run.
            err(&["-stop-after=regallocfast"]);
            assert!(mir.len() > ir.len(), "{mir}");
            err(&["-stop-after=asm-printer"]);
        }
        "-print-before" => {
            let o = run(&["-print-before=prologepilog"]);
            assert_eq!(ok(&o), base);
            assert!(
                stderr(&o).contains("IR Dump Before prologepilog"),
                "{}",
                stderr(&o)
            );
            err(&["-print-before=nonesuch"]);
        }
        "-stop-before" => {
            let mir = differs(&["-stop-before=register-coalescer"]);
            assert!(
                mir.contains('%'),
                "virtual registers before allocation: {mir}"
            );
            assert_eq!(ok(&run(&["-stop-after=twoaddressinstruction"])), mir);
            err(&["-stop-before=nonesuch"]);
        }
        "-start-after" | "-start-before" => {
            // Resumes MIR (here on standard input) into the same output.
            let (stop, p) = if name == "-start-after" {
                ("-stop-after", "virtregrewriter")
            } else {
                ("-stop-before", "prologepilog")
            };
            let mir = ok(&run(&[&format!("{stop}={p}")]));
            assert_eq!(ok(&run_on(&mir, &[&format!("{name}={p}")])), base);
            // IR input cannot start inside the pipeline.
            err(&[&format!("{name}=regallocfast")]);
            err(&[&format!("{name}=nonesuch")]);
        }
        "-run-pass" => {
            let isel = ok(&run(&["-run-pass=finalize-isel"]));
            assert_eq!(isel, ok(&run(&["-stop-after=finalize-isel"])));
            let two = ok(&run_on(
                &isel,
                &["-run-pass=phi-node-elimination,twoaddressinstruction"],
            ));
            assert_eq!(two, ok(&run(&["-stop-after=twoaddressinstruction"])));
            err(&["-run-pass=asm-printer"]);
            err(&["-run-pass=regallocfast"]);
            err(&["-run-pass=nonesuch"]);
        }
        "-mir-roundtrip" => {
            same(&["-mir-roundtrip"]);
            same(&["-mir-roundtrip", "-filetype=asm"]);
            err(&["-mir-roundtrip=perhaps"]);
        }
        "-debug-pass" => {
            let o = run(&["-debug-pass=Structure"]);
            assert_eq!(ok(&o), base);
            assert!(stderr(&o).contains("greedy"), "{}", stderr(&o));
            err(&["-debug-pass=Details"]);
        }
        "-time-passes" => {
            let o = run(&["-time-passes"]);
            assert_eq!(ok(&o), base);
            assert!(
                stderr(&o).contains("Greedy Register Allocator"),
                "{}",
                stderr(&o)
            );
        }
        "-stats" => {
            let o = run(&["-stats"]);
            assert_eq!(ok(&o), base);
            assert!(stderr(&o).contains("statistics"), "{}", stderr(&o));
            assert!(
                stderr(&o).contains("Number of machine instructions selected"),
                "{}",
                stderr(&o)
            );
        }
        _ => panic!(
            "option {name} is listed by -help but has no check in driver/tests/rcc_par_options.rs"
        ),
    }
}

#[test]
fn every_listed_option_takes_effect_or_errors() {
    let names = listed_options();
    assert!(names.len() > 20, "{names:?}");
    for n in &names {
        check_option(n);
    }
}
