//! Guards "no input may panic the parser" inside `cargo test`: a property
//! test mutates real `.ll` text (truncate, delete a token range, swap two
//! tokens, insert random bytes, duplicate a line) and asserts that
//! `parse_module` either succeeds or returns a diagnostic located inside the
//! file, and never panics.
//!
//! Material: slices of the corpus in `../corpus/ll` (built by
//! `scripts/build-corpus.sh`) when it exists, else only the small files in
//! `tests/data/` (which are always used). Big corpus files are cut into
//! windows of a few functions, with the type definitions and `external global`
//! placeholders they need, so each case parses in well under a millisecond.
//!
//! A panicking input is written to `$CARGO_TARGET_TMPDIR/mutate-panic.ll`
//! (after shrinking, the smallest one found) for reproduction.

use proptest::prelude::*;
use std::collections::{BTreeSet, HashMap};
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

/// Windows cut from each big corpus file.
const WINDOWS_PER_FILE: usize = 24;
/// Functions per window.
const FUNCS_PER_WINDOW: usize = 2;
/// Corpus files at most this big are used whole.
const WHOLE_FILE_MAX: u64 = 24 << 10;
/// Small csmith files taken from the corpus.
const CSMITH_FILES: usize = 16;

/// The texts mutations start from.
fn material() -> &'static [String] {
    static M: OnceLock<Vec<String>> = OnceLock::new();
    M.get_or_init(|| {
        let root = Path::new(env!("CARGO_MANIFEST_DIR"));
        let mut out: Vec<String> = files_in(&root.join("tests/data"))
            .iter()
            .map(|p| std::fs::read_to_string(p).expect("tests/data"))
            .collect();
        assert!(!out.is_empty(), "tests/data has no .ll files");
        let corpus = root.join("../corpus/ll");
        // rustc's IR quotes most names, which the window extractor below
        // does not follow; its windows would not be self-contained.
        for p in files_in(&corpus) {
            if !p
                .file_name()
                .is_some_and(|n| n.to_string_lossy().starts_with("rustc-"))
            {
                add_corpus_file(&p, &mut out);
            }
        }
        let mut cs = files_in(&corpus.join("csmith"));
        cs.sort_by_key(|p| std::fs::metadata(p).map_or(u64::MAX, |m| m.len()));
        for p in cs.iter().take(CSMITH_FILES) {
            add_corpus_file(p, &mut out);
        }
        out
    })
}

/// The `.ll` files directly in `dir`, sorted; none if it does not exist.
fn files_in(dir: &Path) -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = std::fs::read_dir(dir)
        .into_iter()
        .flatten()
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "ll"))
        .collect();
    v.sort();
    v
}

fn add_corpus_file(p: &Path, out: &mut Vec<String>) {
    let Ok(text) = std::fs::read_to_string(p) else {
        return;
    };
    if text.len() as u64 <= WHOLE_FILE_MAX {
        out.push(text);
    } else {
        out.extend(windows(&text));
    }
}

/// The characters a `%name` or `@name` may contain (unquoted).
fn is_name_char(b: u8) -> bool {
    b.is_ascii_alphanumeric() || matches!(b, b'.' | b'_' | b'-' | b'$')
}

/// The `%name`s or `@name`s (per `sigil`) mentioned in `s`.
fn names(s: &str, sigil: u8) -> BTreeSet<&str> {
    let b = s.as_bytes();
    let mut out = BTreeSet::new();
    let mut i = 0;
    while i < b.len() {
        if b[i] == sigil {
            let mut e = i + 1;
            while e < b.len() && is_name_char(b[e]) {
                e += 1;
            }
            if e > i + 1 {
                out.insert(&s[i..e]);
            }
            i = e;
        } else {
            i += 1;
        }
    }
    out
}

/// Self-contained modules of a few functions each, spread over `text`.
fn windows(text: &str) -> Vec<String> {
    let lines: Vec<&str> = text.lines().collect();
    let mut type_defs: HashMap<&str, &str> = HashMap::new();
    let mut defines = Vec::new();
    for (i, l) in lines.iter().enumerate() {
        if let Some((name, _)) = l.split_once(" = type ") {
            if name.starts_with('%') {
                type_defs.insert(name, l);
            }
        } else if l.starts_with("define ") {
            defines.push(i);
        }
    }
    let step = (defines.len() / WINDOWS_PER_FILE).max(1);
    let mut out = Vec::new();
    for &start in defines.iter().step_by(step).take(WINDOWS_PER_FILE) {
        let mut end = start;
        let mut funcs = 0;
        while end < lines.len() && funcs < FUNCS_PER_WINDOW {
            if lines[end] == "}" {
                funcs += 1;
            }
            end += 1;
        }
        let body = lines[start..end].join("\n");
        // The named types used, transitively.
        let mut todo: Vec<&str> = names(&body, b'%').into_iter().collect();
        let mut need = BTreeSet::new();
        while let Some(t) = todo.pop() {
            if let Some(def) = type_defs.get(t) {
                if need.insert(*def) {
                    todo.extend(names(def, b'%'));
                }
            }
        }
        let defined: BTreeSet<&str> = lines[start..end]
            .iter()
            .filter(|l| l.starts_with("define "))
            .filter_map(|l| names(l, b'@').into_iter().next())
            .collect();
        let mut m: String = need.iter().map(|d| format!("{d}\n")).collect();
        for g in names(&body, b'@').difference(&defined) {
            m.push_str(&format!("{g} = external global i8\n"));
        }
        m.push_str(&body);
        m.push('\n');
        out.push(m);
    }
    out
}

/// One edit, with positions as fractions of the current length.
#[derive(Clone, Debug)]
enum Mutation {
    Truncate(f64),
    DeleteTokens(f64, usize),
    SwapTokens(f64, f64),
    InsertBytes(f64, Vec<u8>),
    DuplicateLine(f64),
}

fn mutation() -> impl Strategy<Value = Mutation> {
    let frac = 0.0..1.0f64;
    // Bytes that steer the parser: brackets, quotes, sigils, digits, and
    // multi-byte UTF-8 lead and continuation bytes.
    let byte = prop_oneof![
        any::<u8>(),
        prop::sample::select(b"{}()[]<>\"\\,=*%@!#$:;.-0123456789xc \n".to_vec()),
        prop::sample::select(vec![0xC3u8, 0xA9, 0xE2, 0x82, 0xAC, 0xF0, 0x9F]),
    ];
    prop_oneof![
        frac.clone().prop_map(Mutation::Truncate),
        (frac.clone(), 1..8usize).prop_map(|(a, n)| Mutation::DeleteTokens(a, n)),
        (frac.clone(), frac.clone()).prop_map(|(a, b)| Mutation::SwapTokens(a, b)),
        (frac.clone(), prop::collection::vec(byte, 1..8))
            .prop_map(|(a, v)| Mutation::InsertBytes(a, v)),
        frac.prop_map(Mutation::DuplicateLine),
    ]
}

/// The byte ranges of the tokens of `b`: runs of name characters (with
/// sigils and quotes), or single other non-space bytes.
fn tokens(b: &[u8]) -> Vec<(usize, usize)> {
    let word = |c: u8| is_name_char(c) || matches!(c, b'%' | b'@' | b'!' | b'#' | b'"');
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        if b[i].is_ascii_whitespace() {
            i += 1;
            continue;
        }
        let mut e = i + 1;
        if word(b[i]) {
            while e < b.len() && word(b[e]) {
                e += 1;
            }
        }
        out.push((i, e));
        i = e;
    }
    out
}

fn at(frac: f64, len: usize) -> usize {
    ((frac * len as f64) as usize).min(len.saturating_sub(1))
}

fn apply(b: &mut Vec<u8>, m: &Mutation) {
    match m {
        Mutation::Truncate(f) => b.truncate(at(*f, b.len() + 1)),
        Mutation::DeleteTokens(f, n) => {
            let t = tokens(b);
            if !t.is_empty() {
                let i = at(*f, t.len());
                let j = (i + n - 1).min(t.len() - 1);
                b.drain(t[i].0..t[j].1);
            }
        }
        Mutation::SwapTokens(f, g) => {
            let t = tokens(b);
            if t.len() >= 2 {
                let (i, j) = (at(*f, t.len()), at(*g, t.len()));
                let (x, y) = (t[i.min(j)], t[i.max(j)]);
                if x != y {
                    let (bx, by) = (b[x.0..x.1].to_vec(), b[y.0..y.1].to_vec());
                    b.splice(y.0..y.1, bx);
                    b.splice(x.0..x.1, by);
                }
            }
        }
        Mutation::InsertBytes(f, v) => {
            let i = at(*f, b.len() + 1);
            b.splice(i..i, v.iter().copied());
        }
        Mutation::DuplicateLine(f) => {
            let starts: Vec<usize> = std::iter::once(0)
                .chain(
                    b.iter()
                        .enumerate()
                        .filter(|p| *p.1 == b'\n')
                        .map(|p| p.0 + 1),
                )
                .filter(|&s| s < b.len())
                .collect();
            if !starts.is_empty() {
                let s = starts[at(*f, starts.len())];
                let e = b[s..]
                    .iter()
                    .position(|&c| c == b'\n')
                    .map_or(b.len(), |p| s + p + 1);
                let line = b[s..e].to_vec();
                b.splice(s..s, line);
            }
        }
    }
}

/// Parses `text`; `Err` describes a panic or a badly located error.
fn check(text: String) -> Result<(), String> {
    let lines = text.split('\n').count() as u32;
    let r = catch_unwind(AssertUnwindSafe(|| {
        rcc_ir::parse_module(text.clone(), "mutated.ll")
    }));
    let why = match r {
        Ok(Ok(_)) => return Ok(()),
        Ok(Err(d)) => {
            let width = d.line_text.chars().count() as u32 + 1;
            if d.line >= 1 && d.line <= lines + 1 && d.col >= 1 && d.col <= width {
                return Ok(());
            }
            format!("diagnostic outside the file ({lines} lines):\n{d}")
        }
        Err(p) => {
            let msg = p
                .downcast_ref::<String>()
                .cloned()
                .or_else(|| p.downcast_ref::<&str>().map(|s| s.to_string()))
                .unwrap_or_default();
            format!("parser panicked: {msg}")
        }
    };
    let path = Path::new(env!("CARGO_TARGET_TMPDIR")).join("mutate-panic.ll");
    std::fs::write(&path, &text).expect("write reproduction");
    Err(format!("{why}\ninput saved to {}", path.display()))
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: 256,
        failure_persistence: None,
        ..ProptestConfig::default()
    })]

    #[test]
    fn mutated_input_never_panics(
        pick in any::<prop::sample::Index>(),
        edits in prop::collection::vec(mutation(), 1..4),
    ) {
        let m = material();
        let mut b = m[pick.index(m.len())].clone().into_bytes();
        for e in &edits {
            apply(&mut b, e);
        }
        let text = String::from_utf8_lossy(&b).into_owned();
        if let Err(e) = check(text) {
            prop_assert!(false, "{}", e);
        }
    }
}

/// The material itself parses: mutations start from valid text, so the
/// property above explores near-valid inputs rather than failing at byte 0.
#[test]
fn material_parses() {
    let m = material();
    let ok = m
        .iter()
        .filter(|t| rcc_ir::parse_module((*t).clone(), "m.ll").is_ok())
        .count();
    assert!(
        ok * 10 >= m.len() * 9,
        "only {ok} of {} material texts parse",
        m.len()
    );
}

/// The mutations do what they say.
#[test]
fn mutations_edit_tokens() {
    let mut b = b"%x = add i32 %a, 1\n".to_vec();
    apply(&mut b, &Mutation::SwapTokens(0.0, 0.99));
    assert_eq!(b, b"1 = add i32 %a, %x\n");
    apply(&mut b, &Mutation::DeleteTokens(0.3, 2));
    assert_eq!(b, b"1 =  %a, %x\n");
    apply(&mut b, &Mutation::DuplicateLine(0.5));
    assert_eq!(b, b"1 =  %a, %x\n1 =  %a, %x\n");
    apply(&mut b, &Mutation::Truncate(0.5));
    assert_eq!(b, b"1 =  %a, %x\n");
    apply(&mut b, &Mutation::InsertBytes(0.0, vec![b'{']));
    assert_eq!(b, b"{1 =  %a, %x\n");
}
