//! ARCHITECTURE.md stays an overview and stays true to the pass table:
//!
//! * it is at most 20 KiB (detail belongs in `docs/<area>.md`);
//! * the fenced block after each `<!-- pipeline -O0 -->` /
//!   `<!-- pipeline -O2 -->` marker is exactly what
//!   `rcc-par -O<n> -debug-pass=Structure` prints
//!   ([`rcc_driver::pipeline::structure`]), so changing `PASSES` without
//!   updating the page fails here;
//! * every `docs/*.md` it names exists, every page in `docs/` is named in
//!   it, and each page opens with a title and a summary paragraph.

use rcc_driver::options::RegAlloc;
use rcc_driver::pipeline::structure;
use std::path::{Path, PathBuf};

const MAX_BYTES: usize = 20 * 1024;

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("..")
        .canonicalize()
        .expect("the driver crate sits in the workspace")
}

fn architecture() -> String {
    let path = repo().join("ARCHITECTURE.md");
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The body of the fenced block that follows the line `marker`, with a
/// newline after every line (as `structure` ends its lines).
fn block_after(doc: &str, marker: &str) -> Result<String, String> {
    let lines: Vec<&str> = doc.lines().collect();
    let at: Vec<usize> = (0..lines.len())
        .filter(|&i| lines[i].trim_end() == marker)
        .collect();
    let &[i] = at.as_slice() else {
        return Err(format!(
            "expected exactly one line `{marker}`, found {}",
            at.len()
        ));
    };
    let mut rest = lines[i + 1..].iter().skip_while(|l| l.trim().is_empty());
    match rest.next() {
        Some(open) if open.starts_with("```") => {}
        other => {
            return Err(format!(
                "`{marker}` must be followed by a fenced block, found {other:?}"
            ))
        }
    }
    let mut body = String::new();
    for line in rest {
        if line.trim_end() == "```" {
            return Ok(body);
        }
        body.push_str(line);
        body.push('\n');
    }
    Err(format!("the block after `{marker}` is not closed"))
}

/// Every `docs/NAME.md` the text names, in order of first mention.
fn docs_named(doc: &str) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    let bytes = doc.as_bytes();
    let mut from = 0;
    while let Some(k) = doc[from..].find("docs/") {
        let start = from + k + "docs/".len();
        let mut end = start;
        while end < bytes.len()
            && (bytes[end].is_ascii_alphanumeric() || matches!(bytes[end], b'-' | b'_' | b'.'))
        {
            end += 1;
        }
        let name = doc[start..end].trim_end_matches('.');
        if name.ends_with(".md") && !out.iter().any(|n| n == name) {
            out.push(name.to_string());
        }
        from = start;
    }
    out
}

#[test]
fn architecture_md_is_at_most_20_kib() {
    let n = architecture().len();
    assert!(
        n <= MAX_BYTES,
        "ARCHITECTURE.md is {n} bytes, over the {MAX_BYTES}-byte limit: move detail to docs/<area>.md"
    );
}

#[test]
fn pipeline_blocks_match_the_pass_table() {
    let doc = architecture();
    for level in [0u8, 2] {
        let marker = format!("<!-- pipeline -O{level} -->");
        // The default allocator at that level (`Options::allocator`).
        let ra = if level == 0 {
            RegAlloc::Fast
        } else {
            RegAlloc::Greedy
        };
        let want = structure(level, ra);
        let got = block_after(&doc, &marker).unwrap_or_else(|e| panic!("ARCHITECTURE.md: {e}"));
        assert!(
            got == want,
            "ARCHITECTURE.md: the block after `{marker}` differs from the pass table.\n\
             Replace it with the output of\n  \
             target/release/rcc-par -O{level} -debug-pass=Structure examples/hello.ll -filetype=null\n\
             --- in ARCHITECTURE.md ---\n{got}--- from pipeline::structure ---\n{want}"
        );
    }
}

#[test]
fn named_docs_exist_and_every_doc_is_named() {
    let doc = architecture();
    let named = docs_named(&doc);
    assert!(!named.is_empty(), "ARCHITECTURE.md names no docs/*.md page");
    let dir = repo().join("docs");
    let missing: Vec<&String> = named.iter().filter(|n| !dir.join(n).is_file()).collect();
    assert!(
        missing.is_empty(),
        "ARCHITECTURE.md names docs that do not exist: {missing:?}"
    );
    let mut unnamed = Vec::new();
    for entry in std::fs::read_dir(&dir).expect("docs/ exists") {
        let name = entry.unwrap().file_name().to_string_lossy().into_owned();
        if name.ends_with(".md") && !named.contains(&name) {
            unnamed.push(name);
        }
    }
    assert!(
        unnamed.is_empty(),
        "docs/ pages missing from ARCHITECTURE.md's index: {unnamed:?}"
    );
}

#[test]
fn every_doc_opens_with_a_title_and_a_summary() {
    for name in docs_named(&architecture()) {
        let path = repo().join("docs").join(&name);
        let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{name}: {e}"));
        let mut paras = text.split("\n\n").map(str::trim).filter(|p| !p.is_empty());
        let title = paras.next().unwrap_or("");
        assert!(
            title.starts_with("# ") && !title.contains('\n'),
            "docs/{name} must open with a `# Title` line"
        );
        let summary = paras.next().unwrap_or("");
        assert!(
            !summary.starts_with('#')
                && !summary.starts_with("```")
                && !summary.starts_with("- ")
                && summary.len() > 80,
            "docs/{name} must open with a one-paragraph summary after its title"
        );
    }
}

#[test]
fn the_block_extractor_sees_drift() {
    let doc = "x\n<!-- pipeline -O0 -->\n```text\na\nb\n```\n";
    assert_eq!(block_after(doc, "<!-- pipeline -O0 -->").unwrap(), "a\nb\n");
    assert!(block_after(doc, "<!-- pipeline -O2 -->").is_err());
    let unclosed = "<!-- pipeline -O0 -->\n```\na\n";
    assert!(block_after(unclosed, "<!-- pipeline -O0 -->").is_err());
    assert_eq!(
        docs_named("see [x](docs/ir.md) and docs/mc.md. Also docs/ and docs/ir.md"),
        vec!["ir.md".to_string(), "mc.md".to_string()]
    );
}
