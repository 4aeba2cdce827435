//! Guards the parser's (and later the verifier's) error reporting: every
//! hand-made broken file in `tests/broken/` must give a located error, at the
//! line and column and with the message its header names.
//!
//! Each file starts with comment headers:
//! - `; expect: <line>:<col>: <message substring>` (`*` for any column;
//!   the substring is matched case-insensitively);
//! - `; needs: verify` for errors only the verifier can find (a bad phi, a
//!   use not dominated by its definition). Such a file must parse; its
//!   expectation is checked against the verifier once [`verify`] calls it,
//!   and until then the case prints a notice and is skipped.
//!
//! Every file in the directory must be listed in the `broken!` invocation
//! below, so a new file cannot be silently left out.

use rcc_ir::{parse_module, Diagnostic, Module};
use std::path::{Path, PathBuf};

/// Runs the verifier on a module that parsed; `None` while there is no
/// verifier on this branch.
fn verify(m: &Module) -> Option<Result<(), Diagnostic>> {
    Some(rcc_ir::verify::verify_module(m).map_err(|e| Diagnostic::locate(&m.file, &m.text, &e)))
}

fn dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/broken")
}

/// What a file's headers ask for.
struct Expect {
    line: u32,
    col: Option<u32>,
    message: String,
    needs_verify: bool,
}

fn headers(name: &str, text: &str) -> Expect {
    let mut expect = None;
    let mut needs_verify = false;
    for l in text.lines().take_while(|l| l.starts_with(';')) {
        if let Some(rest) = l.strip_prefix("; expect: ") {
            let mut parts = rest.splitn(3, ':');
            let line = parts.next().and_then(|s| s.trim().parse().ok());
            let col = parts.next().map(str::trim);
            let message = parts.next().map(|s| s.trim().to_string());
            let (Some(line), Some(col), Some(message)) = (line, col, message) else {
                panic!("{name}: malformed header '{l}'");
            };
            let col = if col == "*" {
                None
            } else {
                Some(col.parse().unwrap_or_else(|_| panic!("{name}: bad column")))
            };
            expect = Some(Expect {
                line,
                col,
                message,
                needs_verify: false,
            });
        } else if l.trim() == "; needs: verify" {
            needs_verify = true;
        }
    }
    let mut e = expect.unwrap_or_else(|| panic!("{name}: no '; expect:' header"));
    e.needs_verify = needs_verify;
    e
}

fn check(stem: &str) {
    let name = format!("{stem}.ll");
    let text = std::fs::read_to_string(dir().join(&name)).expect("read broken file");
    let exp = headers(&name, &text);
    let d = match parse_module(text, &name) {
        Err(d) => {
            assert!(
                !exp.needs_verify,
                "{name}: marked '; needs: verify' but the parser rejects it:\n{d}"
            );
            d
        }
        Ok(m) => match verify(&m) {
            Some(Err(d)) => d,
            Some(Ok(())) => panic!("{name}: parsed and verified, expected an error"),
            None => {
                assert!(exp.needs_verify, "{name}: parsed, expected an error");
                eprintln!("notice: {name}: skipped, needs the verifier");
                return;
            }
        },
    };
    let got_col = exp.col.map(|_| d.col);
    assert_eq!(
        (d.line, got_col),
        (exp.line, exp.col),
        "{name}: wrong location:\n{d}"
    );
    assert!(
        d.message
            .to_lowercase()
            .contains(&exp.message.to_lowercase()),
        "{name}: message does not contain '{}':\n{d}",
        exp.message
    );
}

macro_rules! broken {
    ($($stem:ident),* $(,)?) => {
        $(
            #[test]
            fn $stem() {
                check(stringify!($stem));
            }
        )*

        /// Every file on disk has a test above, and there are at least 20.
        #[test]
        fn every_file_is_listed() {
            let listed: Vec<&str> = vec![$(stringify!($stem)),*];
            let mut on_disk: Vec<String> = std::fs::read_dir(dir())
                .expect("tests/broken")
                .filter_map(|e| {
                    let p = e.ok()?.path();
                    (p.extension()? == "ll").then(|| p.file_stem()?.to_str().map(String::from))?
                })
                .collect();
            on_disk.sort();
            let mut listed_sorted: Vec<String> = listed.iter().map(|s| s.to_string()).collect();
            listed_sorted.sort();
            assert_eq!(on_disk, listed_sorted);
            assert!(listed.len() >= 20, "only {} broken files", listed.len());
        }
    };
}

broken!(
    bad_alignment,
    bad_float,
    bad_phi,
    deep_nesting_body,
    deep_nesting_constexpr,
    deep_nesting_type,
    dominance,
    huge_int_width,
    huge_integer,
    invalid_character,
    missing_comma,
    missing_terminator,
    numbering_out_of_sequence,
    redefined_global,
    redefined_local,
    store_wrong_order,
    truncated,
    truncated_header,
    type_mismatch,
    unbalanced_brace,
    undefined_global,
    undefined_label,
    undefined_type,
    undefined_value,
    unknown_instruction,
    unknown_toplevel,
    unterminated_string,
    void_operand,
    wrong_return_type,
);
