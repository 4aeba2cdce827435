//! Guards "no input may panic the MIR reader": real MIR (every function
//! of `tests/ll` after several passes) is mutated (truncate, delete a
//! range, swap two tokens, insert bytes, duplicate a line, replace a
//! number, copy a token elsewhere) and read back; the reader must succeed
//! or return an error located inside the text, and a function it accepts
//! must survive the writer and the machine verifier without panicking.
//!
//! Deterministic: cases come from a seeded generator (`RCC_MUTATE_SEED`
//! changes the seed, `RCC_MUTATE_CASES` the count). A panicking input is
//! written to `$CARGO_TARGET_TMPDIR/mir-mutate-panic.mir`.

use rcc_driver::codegen::{ModuleCx, Worker};
use rcc_mach::mir;
use rcc_mach::MachFunction;
use rcc_targets::x86_64::X86Info;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::{Path, PathBuf};

/// A small xorshift generator.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        self.0 = x;
        x
    }
    fn below(&mut self, n: usize) -> usize {
        if n == 0 {
            0
        } else {
            (self.next() % n as u64) as usize
        }
    }
}

/// The modules and, per module, MIR sections of its functions after
/// isel, two-address, allocation and prolog/epilog insertion.
fn material() -> Vec<(rcc_ir::Module, Vec<String>)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/ll");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&root)
        .expect("tests/ll")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "ll"))
        .collect();
    files.sort();
    let target = rcc_targets::lookup(None, None).expect("x86-64");
    let opts = rcc_driver::options::Options::default();
    let mut out = Vec::new();
    for f in files {
        let text = std::fs::read_to_string(&f).expect("reads");
        let m = rcc_ir::parse_module(text, "t.ll").expect("parses");
        let dl = m.data_layout().expect("data layout");
        let mut sections = Vec::new();
        {
            let cx = ModuleCx::new(&m, &dl, &opts, "t.ll", target).expect("module context");
            let mut w = Worker::new(target, false);
            for (g, n) in cx.functions() {
                for pass in [
                    "finalize-isel",
                    "twoaddressinstruction",
                    "regallocfast",
                    "prologepilog",
                ] {
                    if cx.run_until(&mut w, g, n, Some(pass)).is_ok() {
                        let mut s = String::new();
                        mir::write_function(&mut s, &w.mf, &m, &X86Info);
                        sections.push(s);
                    }
                }
            }
        }
        out.push((m, sections));
    }
    out
}

const INSERTS: &[&str] = &[
    "%",
    "$",
    "@",
    "&",
    "<",
    ">",
    "[",
    "]",
    "(",
    ")",
    ",",
    ".",
    ":",
    "=",
    "-",
    "\"",
    "\n",
    " ",
    "%bb.",
    "%stack.",
    "%const.",
    "%jump-table.",
    "bb.9:\n",
    "99999999999999999999",
    "4294967295",
    "-2147483649",
    "(tied-def 9)",
    ".sub_8bit",
    "killed ",
    "implicit-def ",
    "unplaced",
    "\\u{",
    "INLINEASM \"",
    "CFI_INSTRUCTION ",
    "<eh-label 9>",
    "%9:gr32",
    "$noreg",
    "\u{e9}",
    "#",
];

fn is_sep(c: u8) -> bool {
    matches!(c, b' ' | b'\n' | b',')
}

/// Byte ranges of the tokens of `s` (split at spaces, newlines, commas).
fn tokens(s: &[u8]) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < s.len() {
        while i < s.len() && is_sep(s[i]) {
            i += 1;
        }
        let st = i;
        while i < s.len() && !is_sep(s[i]) {
            i += 1;
        }
        if i > st {
            out.push((st, i));
        }
    }
    out
}

fn mutate(src: &str, r: &mut Rng) -> String {
    let b = src.as_bytes();
    let mut v = b.to_vec();
    match r.below(7) {
        0 => v.truncate(r.below(b.len() + 1)),
        1 => {
            let s = r.below(b.len());
            let e = (s + 1 + r.below(24)).min(b.len());
            v.drain(s..e);
        }
        2 => {
            let t = tokens(b);
            if t.len() >= 2 {
                let (x, y) = (t[r.below(t.len())], t[r.below(t.len())]);
                let (x, y) = if x.0 <= y.0 { (x, y) } else { (y, x) };
                if x.1 <= y.0 {
                    let mut n = b[..x.0].to_vec();
                    n.extend_from_slice(&b[y.0..y.1]);
                    n.extend_from_slice(&b[x.1..y.0]);
                    n.extend_from_slice(&b[x.0..x.1]);
                    n.extend_from_slice(&b[y.1..]);
                    v = n;
                }
            }
        }
        3 => {
            let at = r.below(b.len() + 1);
            let ins = INSERTS[r.below(INSERTS.len())];
            v.splice(at..at, ins.bytes());
        }
        4 => {
            let lines: Vec<&str> = src.split_inclusive('\n').collect();
            let k = r.below(lines.len());
            let mut n = String::new();
            for (i, l) in lines.iter().enumerate() {
                n.push_str(l);
                if i == k || i == r.below(lines.len()) {
                    n.push_str(lines[r.below(lines.len())]);
                }
            }
            v = n.into_bytes();
        }
        5 => {
            let t: Vec<_> = tokens(b)
                .into_iter()
                .filter(|&(s, _)| b[s].is_ascii_digit())
                .collect();
            if !t.is_empty() {
                let (s, e) = t[r.below(t.len())];
                let num = match r.below(4) {
                    0 => "0".to_string(),
                    1 => (r.next() % 64).to_string(),
                    2 => r.next().to_string(),
                    _ => "18446744073709551616".to_string(),
                };
                v.splice(s..e, num.bytes());
            }
        }
        _ => {
            let t = tokens(b);
            if !t.is_empty() {
                let (s, e) = t[r.below(t.len())];
                let at = r.below(b.len() + 1);
                let tok = b[s..e].to_vec();
                v.splice(at..at, tok);
            }
        }
    }
    String::from_utf8_lossy(&v).into_owned()
}

/// Reads `text` as a section of `m`; panics (caught by the caller) are
/// the failures.
fn check(m: &rcc_ir::Module, text: &str) -> Result<(), String> {
    let s = match mir::split(text) {
        Ok(s) => s,
        Err(e) if e.offset as usize <= text.len() => return Ok(()),
        Err(e) => return Err(format!("split error outside the text: {e:?}")),
    };
    let r = mir::Reader::new(m, &X86Info);
    let mut mf = MachFunction::new(m.order[0]);
    for f in &s.functions {
        match r.read_function(text, f, &mut mf) {
            Ok(()) => {
                let mut out = String::new();
                mir::write_function(&mut out, &mf, m, &X86Info);
                let _ = rcc_mach::verify::verify(&mf, m, &X86Info);
            }
            Err(e) if e.offset as usize <= text.len() => {}
            Err(e) => return Err(format!("error outside the text: {e:?}")),
        }
    }
    Ok(())
}

#[test]
fn mutated_mir_never_panics_the_reader() {
    let seed = std::env::var("RCC_MUTATE_SEED")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(0x9e37_79b9_7f4a_7c15u64);
    let cases: usize = std::env::var("RCC_MUTATE_CASES")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(6000);
    let mat = material();
    let total: usize = mat.iter().map(|(_, s)| s.len()).sum();
    assert!(total > 100, "only {total} sections of material");
    let mut r = Rng(seed | 1);
    let (mut read, mut rejected) = (0, 0);
    for _ in 0..cases {
        let (m, secs) = &mat[r.below(mat.len())];
        if secs.is_empty() {
            continue;
        }
        let mut text = secs[r.below(secs.len())].clone();
        for _ in 0..1 + r.below(3) {
            text = mutate(&text, &mut r);
        }
        match catch_unwind(AssertUnwindSafe(|| check(m, &text))) {
            Ok(Ok(())) => {}
            Ok(Err(e)) => panic!("{e}\n{text}"),
            Err(_) => {
                let p = Path::new(env!("CARGO_TARGET_TMPDIR")).join("mir-mutate-panic.mir");
                let _ = std::fs::write(&p, &text);
                panic!("the reader panicked; input in {}", p.display());
            }
        }
        // Count outcomes so the test shows it exercised both paths.
        let s = mir::split(&text).ok();
        let ok = s.as_ref().is_some_and(|s| {
            let rd = mir::Reader::new(m, &X86Info);
            let mut mf = MachFunction::new(m.order[0]);
            s.functions
                .iter()
                .all(|f| rd.read_function(&text, f, &mut mf).is_ok())
        });
        if ok {
            read += 1;
        } else {
            rejected += 1;
        }
    }
    eprintln!("{read} mutated sections read, {rejected} rejected");
    assert!(read > 0 && rejected > 0, "{read} read, {rejected} rejected");
}
