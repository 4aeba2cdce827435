//! "No input may panic the emitter": a property test mutates the
//! hand-written test modules (a type, number, linkage or constant replaced
//! by another of its kind, which mostly still parses; or any token replaced
//! by a word of a wider vocabulary) and emits every mutant the parser
//! accepts (unverified, so initializers may not match their types) into the
//! object and assembly streamers. Errors are fine; panics are not. (Sizes
//! stay small: a 4 GiB array would be written out, as llc would.)

use proptest::prelude::*;
use rcc_mach::emit::{EmitOptions, ModuleEmitter, RelocModel};
use std::path::Path;

const VOCAB: &[&str] = &[
    "i1",
    "i8",
    "i16",
    "i24",
    "i32",
    "i64",
    "i128",
    "i200",
    "ptr",
    "half",
    "float",
    "double",
    "x86_fp80",
    "fp128",
    "0",
    "1",
    "-1",
    "255",
    "65536",
    "undef",
    "poison",
    "null",
    "zeroinitializer",
    "internal",
    "private",
    "weak",
    "common",
    "linkonce_odr",
    "extern_weak",
    "constant",
    "global",
    "thread_local",
    "unnamed_addr",
    "hidden",
    "dso_local",
    "align",
    "64",
    "section",
    "\"s\"",
    "[2 x i8]",
    "[0 x i32]",
    "<3 x i1>",
    "<2 x x86_fp80>",
    "{ i8, i32 }",
    "<{ i8, i64 }>",
    "c\"a\\00\"",
    "@x",
    "@a",
    "@i",
    "getelementptr",
    "ptrtoint",
    "sub",
    "add",
    "trunc",
    "comdat",
    ",",
    "(",
    ")",
];

/// Words that replace each other: a mutant of one kind keeps the text's
/// shape, so the parser usually accepts it.
const KINDS: &[&[&str]] = &[
    &[
        "i1", "i8", "i16", "i24", "i32", "i64", "i128", "i200", "half", "float", "double",
        "x86_fp80", "fp128", "ptr",
    ],
    &[
        "0",
        "1",
        "-1",
        "2",
        "7",
        "255",
        "65536",
        "-9223372036854775808",
    ],
    &[
        "internal",
        "private",
        "weak",
        "common",
        "linkonce_odr",
        "weak_odr",
        "external",
        "available_externally",
    ],
    &["undef", "poison", "null", "zeroinitializer"],
    &["global", "constant"],
    &["align", "section"],
];

fn material() -> Vec<String> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests");
    let mut out = Vec::new();
    for d in ["data", "functions"] {
        let mut files: Vec<_> = std::fs::read_dir(root.join(d))
            .expect("inputs")
            .flatten()
            .map(|e| e.path())
            .collect();
        files.sort();
        for f in files {
            out.push(std::fs::read_to_string(f).expect("read"));
        }
    }
    out
}

/// Applies each mutation `(k, w, wild)`: replaces the `k`th token (modulo
/// the count) that belongs to one of `KINDS` with word `w` of its kind, or
/// if `wild` the `k`th token of all with a `VOCAB` word.
fn mutate(text: &str, muts: &[(usize, usize, bool)]) -> String {
    let mut toks: Vec<String> = text.split(' ').map(str::to_string).collect();
    for &(k, w, wild) in muts {
        if wild {
            let i = k % toks.len();
            toks[i] = VOCAB[w % VOCAB.len()].to_string();
            continue;
        }
        let core = |t: &str| {
            t.trim_end_matches([',', ')', ']', '}', '>', '\n'])
                .to_string()
        };
        let kind_of = |t: &str| KINDS.iter().position(|k| k.contains(&core(t).as_str()));
        let cands: Vec<usize> = (0..toks.len())
            .filter(|&i| kind_of(&toks[i]).is_some())
            .collect();
        if cands.is_empty() {
            continue;
        }
        let i = cands[k % cands.len()];
        let kind = KINDS[kind_of(&toks[i]).unwrap_or(0)];
        let c = core(&toks[i]);
        toks[i] = format!("{}{}", kind[w % kind.len()], &toks[i][c.len()..]);
    }
    toks.join(" ")
}

fn emit_all(text: &str) {
    let Ok(m) = rcc_ir::parse_module(text.to_string(), "m.ll") else {
        return;
    };
    let Ok(dl) = m.data_layout() else {
        return;
    };
    let backend = rcc_targets::x86_64::X86Backend;
    for reloc in [RelocModel::Pic, RelocModel::Static] {
        let opts = EmitOptions {
            reloc,
            addrsig: true,
            ..EmitOptions::default()
        };
        let Ok(em) = ModuleEmitter::new(&m, &dl, &opts) else {
            continue;
        };
        let mut obj = rcc_mc::ObjectStreamer::new(&backend);
        let mut asm = rcc_mc::asm_streamer::AsmStreamer::new(&backend, false);
        let streamers: [&mut dyn rcc_mc::Streamer; 2] = [&mut obj, &mut asm];
        for out in streamers {
            let _ = em.begin_module(out);
            for &g in &m.order {
                if em.function_ordinal(g).is_some() {
                    if let Ok(h) = em.begin_function(g, out) {
                        let _ = em.end_function(&h, out);
                    }
                }
            }
            let _ = em.emit_globals(out);
            let _ = em.finish_module(out);
        }
        let _ = obj.finish();
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2000, ..ProptestConfig::default() })]

    #[test]
    fn mutants_never_panic(
        file in 0usize..64,
        muts in proptest::collection::vec((0usize..100_000, 0usize..VOCAB.len(), proptest::bool::weighted(0.2)), 1..4),
    ) {
        let m = material();
        let text = mutate(&m[file % m.len()], &muts);
        emit_all(&text);
    }
}
