//! The pattern compiler of the build script (`build/tablegen/`) on rows it
//! must reject and on templates: a bad row fails the build with
//! `patterns.desc:LINE: message`. The whole `patterns.desc` compiling is
//! the crate's build itself.

#[path = "../build/tablegen/mod.rs"]
mod tablegen;

use tablegen::x86_64::{generate, Generated, Source};

fn desc(name: &str) -> String {
    let path = format!("{}/src/x86_64/{name}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// Runs the generator on the x86-64 tables and `patterns`; the build
/// error's message, if any.
fn compile(patterns: &str) -> Result<Generated, String> {
    let (regs, insts) = (desc("registers.desc"), desc("instructions.desc"));
    let src = |file, text| Source { file, text };
    std::panic::catch_unwind(|| {
        generate(
            src("registers.desc", &regs),
            src("instructions.desc", &insts),
            src("patterns.desc", patterns),
        )
    })
    .map_err(|e| {
        e.downcast_ref::<String>()
            .cloned()
            .unwrap_or_else(|| "a panic without a message".into())
    })
}

#[test]
fn whole_description_compiles() {
    let g = compile(&desc("isel/patterns.desc")).unwrap_or_else(|e| panic!("{e}"));
    assert!(g.tables.contains("pub static DESCS"));
    assert!(g.patterns.contains("Op::BrCond =>"));
}

#[test]
fn bad_rows_fail_with_their_line() {
    for (row, msg) in [
        ("(add i32 $a:r, $b:r) -> ADD32zz $a, $b", "unknown form"),
        ("(add i32 $a:r, $b:r) -> ADD32rr $a", "takes 2 operands"),
        ("(add i32 $a:r, $b:r) -> ADD32rr $a, $c", "not bound"),
        ("(add i32 $a:r, $b:r) -> ADD32ri $a, $b", "does not fit"),
        ("(add i32 $a:r, 300) -> ADD32ri8 $a, 300", "does not fit"),
        (
            "(frob i32 $a:r, $b:r) -> ADD32rr $a, $b",
            "unknown operation",
        ),
        ("(add i32 $a:r) -> ADD32rr $a, $a", "takes 2 children"),
        (
            "(add i32 $a:r, $b:q) -> ADD32rr $a, $b",
            "unknown predicate",
        ),
        (
            "(store i32 $v:r, $p:addr) -> %eax = MOV32rm $p",
            "only COPY",
        ),
        (
            "(store i32 $v:r, $p:addr) -> %zax = COPY $v",
            "unknown register",
        ),
        ("(add i32 $a:r, $b:r) -> CMP32rr $a, $b", "defines no value"),
    ] {
        // The row is on line 3.
        let text = format!("# a comment\n\n{row}\n");
        let e = compile(&text).err().unwrap_or_default();
        assert!(e.starts_with("patterns.desc:3: "), "{row}: {e}");
        assert!(e.contains(msg), "{row}: {e}");
    }
}

#[test]
fn unclosed_templates_fail() {
    let e = compile("for W = 16 | 32\n(add i$W $a:r, $b:r) -> ADD${W}rr $a, $b\n")
        .err()
        .unwrap_or_default();
    assert!(e.contains("patterns.desc:1: `for` without `end`"), "{e}");
}

#[test]
fn templates_expand_and_mark_dead_flags() {
    let g = compile("for W = 16 | 32\n(add i$W $a:r, $b:r) -> ADD${W}rr $a, $b\nend\n(brcond (setcc i32 $a:r, $b:r, $cc), $bb:bb) -> CMP32rr $a, $b ; JCC_1 $bb, cc($cc)")
        .unwrap_or_else(|e| panic!("{e}"));
    let rows: Vec<&str> = g
        .patterns
        .lines()
        .filter(|l| l.trim_start().starts_with("Pattern {"))
        .collect();
    assert_eq!(rows.len(), 3);
    assert!(rows[1].contains("ADD32rr") && rows[1].contains("line: 2"));
    assert!(rows[0].contains("dead_eflags: true"));
    // The compare's flags are read by the branch.
    assert!(rows[2].contains("op::CMP32rr.0), def: PDef::None, ops: &[POperand::Var(0), POperand::Var(1)], dead_eflags: false"));
}
