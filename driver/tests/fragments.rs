//! MC fragments under the assembler: every golden `.s` (and the Lua files
//! of the clang -S corpus, if present) is assembled once directly into each
//! streamer and once into a `RecordingStreamer` (without and with
//! encodings) whose fragment is then replayed into the same kind of
//! streamer. The object bytes, the
//! `-show-encoding` text and the Intel-syntax text must be identical: the
//! parser drives every kind of `Streamer` call, so this checks that each
//! one is recorded and replayed faithfully.

use rcc_mc::asm_parser as asm;
use rcc_mc::asm_streamer::AsmStreamer;
use rcc_mc::{McError, ObjectStreamer, RecordingStreamer, Streamer};
use rcc_targets::x86_64::{X86AsmParser, X86Backend};
use std::path::{Path, PathBuf};

fn inputs() -> Vec<PathBuf> {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let mut dirs = vec![root.join("tests/golden")];
    let corpus = Some(root.join("../corpus/s"))
        .filter(|p| p.is_dir())
        .or_else(|| std::env::var_os("RCC_CORPUS").map(|p| PathBuf::from(p).join("s")));
    if let Some(c) = corpus {
        dirs.push(c.join("lua"));
    }
    let mut files: Vec<PathBuf> = dirs
        .iter()
        .filter_map(|d| std::fs::read_dir(d).ok())
        .flatten()
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "s"))
        .collect();
    files.sort();
    files
}

/// Direct output, unencoded replay, encoded replay.
type Outputs<T> = (T, T, Result<T, McError>);

/// Assembles `src` directly into a streamer made by `make` and through
/// fragments (unencoded, encoded) replayed into others; returns the direct
/// output and the two replayed ones (the encoded one as its replay's
/// result: it may be refused), or `None` if the input does not assemble
/// directly.
fn outputs<S: Streamer, T>(
    src: &str,
    make: impl Fn() -> S,
    finish: impl Fn(S) -> Option<T>,
) -> Option<Outputs<T>> {
    let mut direct = make();
    asm::assemble(src, "in.s", &mut direct, &X86AsmParser).ok()?;
    let want = finish(direct)?;
    let backend = X86Backend;
    let replayed = |mut rec: RecordingStreamer<'_>| {
        asm::assemble(src, "in.s", &mut rec, &X86AsmParser)
            .expect("records what assembles directly");
        let frag = rec.finish();
        let mut out = make();
        frag.replay(&mut out)
            .map(|()| finish(out).expect("finishes what finishes directly"))
    };
    let plain = replayed(RecordingStreamer::new()).expect("replays what assembles directly");
    let encoded = replayed(RecordingStreamer::with_target(&backend));
    Some((want, plain, encoded))
}

fn check(path: &Path) -> Vec<String> {
    let src = std::fs::read_to_string(path).expect("read");
    let backend = X86Backend;
    let mut bad = Vec::new();
    let mut checked = 0;
    if let Some((want, plain, encoded)) =
        outputs(&src, || ObjectStreamer::new(&backend), |s| s.finish().ok())
    {
        checked += 1;
        let encoded = encoded.expect("an encoded fragment replays into an object streamer");
        for (k, got) in [plain, encoded].iter().enumerate() {
            if *got != want {
                bad.push(format!("{}: object {k} differs", path.display()));
            }
        }
    }
    for intel in [false, true] {
        let make = || {
            let s = AsmStreamer::new(&backend, !intel);
            if intel {
                s.with_intel_syntax()
            } else {
                s
            }
        };
        let Some((want, plain, encoded)) = outputs(&src, make, |s| Some(s.finish())) else {
            continue;
        };
        checked += 1;
        // An encoded fragment keeps only the instructions the object
        // streamer needs: into text it replays only without plain ones,
        // and is refused otherwise, never printed wrong.
        let mut got = vec![plain];
        match encoded {
            Ok(text) => got.push(text),
            Err(McError::Unsupported(_)) => {}
            Err(e) => bad.push(format!("{}: encoded replay failed: {e}", path.display())),
        }
        for got in got {
            if got != want {
                let line = got
                    .lines()
                    .zip(want.lines())
                    .position(|(a, b)| a != b)
                    .unwrap_or(0);
                bad.push(format!(
                    "{}: {} text differs at line {}",
                    path.display(),
                    if intel { "Intel" } else { "AT&T" },
                    line + 1
                ));
            }
        }
    }
    assert!(checked > 0, "{}: nothing assembled", path.display());
    bad
}

#[test]
fn replayed_assembly_matches_direct_assembly() {
    let files = inputs();
    assert!(!files.is_empty());
    let bad: Vec<String> = files.iter().flat_map(|f| check(f)).collect();
    assert!(bad.is_empty(), "{}", bad.join("\n"));
}

#[test]
fn encoded_fragments_keep_only_what_object_output_needs() {
    let backend = X86Backend;
    let src = "\t.text\nf:\n\tnop\n\tmovl %eax, %ecx\n\tjmp f\n";
    let mut rec = RecordingStreamer::with_target(&backend);
    asm::assemble(src, "in.s", &mut rec, &X86AsmParser).expect("records");
    let frag = rec.finish();
    assert!(frag.is_encoded());
    assert_eq!(frag.inst_count(), 3);
    // The jump (a fixup) is kept whole; the other two are bytes only, so
    // text output refuses the fragment instead of printing it wrong.
    let mut text = AsmStreamer::new(&backend, true);
    assert!(matches!(
        frag.replay(&mut text),
        Err(McError::Unsupported(_))
    ));
    let mut obj = ObjectStreamer::new(&backend);
    frag.replay(&mut obj)
        .expect("replays into an object streamer");
    let mut direct = ObjectStreamer::new(&backend);
    asm::assemble(src, "in.s", &mut direct, &X86AsmParser).expect("assembles");
    assert_eq!(obj.finish().ok(), direct.finish().ok());
}

#[test]
fn runs_of_code_are_assembled_on_the_worker() {
    // `f` is self-contained: its body (a branch that must grow past 127
    // bytes, a short one, an inner alignment, CFI) becomes one run of
    // final bytes. `g`'s jump to a global symbol may grow depending on
    // the whole object, so `g` stays instructions.
    let mut src = String::from(
        "\t.text\n\t.p2align 4\n\t.globl f\n\t.type f,@function\nf:\n\t.cfi_startproc\n\tpushq %rbp\n\t.cfi_def_cfa_offset 16\n\tjmp .Lfar\n",
    );
    for _ in 0..16 {
        src.push_str("\tmovabsq $0x1122334455667788, %rax\n");
    }
    src.push_str(
        ".Lfar:\n\t.p2align 4, 0x90\n.Lloop:\n\tdecl %eax\n\tjne .Lloop\n\tleaq .Lfar(%rip), %rcx\n\tcallq h\n\tpopq %rbp\n\t.cfi_def_cfa_offset 8\n\tretq\n.Lend:\n\t.cfi_endproc\n\t.size f, .Lend-f\n",
    );
    src.push_str("\t.p2align 4\n\t.globl g\ng:\n\tjmp h\n");
    let backend = X86Backend;
    let mut rec = RecordingStreamer::with_target(&backend);
    asm::assemble(&src, "in.s", &mut rec, &X86AsmParser).expect("records");
    let frag = rec.finish();
    assert_eq!(frag.run_count(), 1);
    assert_eq!(frag.inst_count(), 25);
    let mut obj = ObjectStreamer::new(&backend);
    frag.replay(&mut obj).expect("replays");
    let mut direct = ObjectStreamer::new(&backend);
    asm::assemble(&src, "in.s", &mut direct, &X86AsmParser).expect("assembles");
    let (got, want) = (
        obj.finish().expect("writes"),
        direct.finish().expect("writes"),
    );
    assert!(got == want, "the replayed object differs");
}

#[test]
fn labels_only_the_run_refers_to_stay_in_the_fragment() {
    // Block labels (function-local) that only the assembled run's own
    // branches use are not created in the merge's context; one a directive
    // names (`.size`) or that is not function-local is.
    let src = "\t.text\n\t.p2align 4\n\t.globl f\n\t.type f,@function\nf:\n\tjmp .Lb\n.Lloop:\n\tdecl %eax\n\tjne .Lloop\n.Lb:\n\tleaq .Lb(%rip), %rcx\n.Lplain:\n\tjmp .Lplain\n.Lend:\n\tretq\n\t.size f, .Lend-f\n";
    let backend = X86Backend;
    let mut rec = RecordingStreamer::with_target(&backend);
    for l in [".Lloop", ".Lb", ".Lend"] {
        rec.ctx().function_label(l);
    }
    asm::assemble(src, "in.s", &mut rec, &X86AsmParser).expect("records");
    let frag = rec.finish();
    assert_eq!(frag.run_count(), 1);
    let mut obj = ObjectStreamer::new(&backend);
    frag.replay(&mut obj).expect("replays");
    for (l, kept) in [
        (".Lloop", false),
        (".Lb", false),
        (".Lend", true),
        (".Lplain", true),
        ("f", true),
    ] {
        assert_eq!(obj.ctx().lookup_symbol(l).is_some(), kept, "{l}");
    }
    let mut direct = ObjectStreamer::new(&backend);
    asm::assemble(src, "in.s", &mut direct, &X86AsmParser).expect("assembles");
    let (got, want) = (
        obj.finish().expect("writes"),
        direct.finish().expect("writes"),
    );
    assert!(got == want, "the replayed object differs");
}
