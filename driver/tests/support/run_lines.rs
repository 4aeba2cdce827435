//! The RUN-line mini shell of the codegen file tests: it owns reading a
//! test file's `RUN:` lines (after `;`, `#` or `//`; a trailing `\`
//! continues a line), substituting `%s`, and running each pipeline without a
//! shell: `[not] rcc-par ARGS [2>&1]`, optionally piped into
//! `FileCheck %s [--check-prefix=P] [--check-prefixes=P,Q]` or into
//! `golden [FILE]` (the whole output against FILE, default
//! `<test>.expected`; rewritten when blessing).
//!
//! Invariants: a file passes only when every RUN line passes; `rcc-par`
//! must exit 0 (or, under `not`, exit non-zero without a panic or a
//! signal); nothing unknown is ignored: an unknown command, option or `%`
//! substitution fails the file with a message naming it.

#[path = "filecheck.rs"]
pub mod filecheck;
#[path = "line_diff.rs"]
mod line_diff;

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// How to run the files.
pub struct Config {
    /// The `rcc-par` binary.
    pub rcc_par: PathBuf,
    /// Rewrite golden files instead of comparing them.
    pub bless: bool,
    /// Paths in reports are shown relative to this directory.
    pub root: Option<PathBuf>,
}

/// `file` as reports show it: relative to `cfg.root` when under it.
fn display_path<'a>(file: &'a Path, cfg: &Config) -> &'a Path {
    cfg.root
        .as_deref()
        .and_then(|r| file.strip_prefix(r).ok())
        .unwrap_or(file)
}

/// One test file's outcome.
pub struct Outcome {
    /// Number of RUN lines and of check directives run.
    pub runs: usize,
    pub checks: usize,
    /// The failure report (the command, the diagnostic), if any.
    pub failure: Option<String>,
}

/// One RUN line: its 1-based line number and its text.
struct RunLine {
    line: usize,
    text: String,
}

fn run_lines(text: &str) -> Vec<RunLine> {
    let mut out: Vec<RunLine> = Vec::new();
    let mut continuing = false;
    for (i, raw) in text.lines().enumerate() {
        let t = raw.trim_start();
        let body = ["//", ";", "#"]
            .iter()
            .find_map(|c| t.strip_prefix(c))
            .map(|b| b.trim_start_matches([';', '#', '/']).trim_start());
        let Some(body) = body else {
            continuing = false;
            continue;
        };
        let (piece, more) = match body.trim_end().strip_suffix('\\') {
            Some(p) => (p, true),
            None => (body.trim_end(), false),
        };
        if continuing {
            if let Some(last) = out.last_mut() {
                last.text.push(' ');
                last.text
                    .push_str(piece.strip_prefix("RUN:").unwrap_or(piece).trim());
            }
        } else if let Some(cmd) = piece.strip_prefix("RUN:") {
            out.push(RunLine {
                line: i + 1,
                text: cmd.trim().to_string(),
            });
        } else {
            continuing = false;
            continue;
        }
        continuing = more;
    }
    out
}

/// Splits on whitespace, honouring single and double quotes.
fn words(s: &str) -> Result<Vec<String>, String> {
    let mut out = Vec::new();
    let mut cur = String::new();
    let mut any = false;
    let mut quote: Option<char> = None;
    for c in s.chars() {
        match quote {
            Some(q) if c == q => quote = None,
            Some(_) => cur.push(c),
            None if c == '\'' || c == '"' => {
                quote = Some(c);
                any = true;
            }
            None if c.is_whitespace() => {
                if any || !cur.is_empty() {
                    out.push(std::mem::take(&mut cur));
                }
                any = false;
            }
            None => cur.push(c),
        }
    }
    if quote.is_some() {
        return Err("unterminated quote".into());
    }
    if any || !cur.is_empty() {
        out.push(cur);
    }
    Ok(out)
}

fn substitute(word: &str, file: &Path) -> Result<String, String> {
    let mut out = String::new();
    let mut cs = word.chars();
    while let Some(c) = cs.next() {
        if c != '%' {
            out.push(c);
            continue;
        }
        match cs.next() {
            Some('s') => out.push_str(&file.to_string_lossy()),
            Some('%') => out.push('%'),
            other => {
                return Err(format!(
                    "unknown substitution '%{}'",
                    other.map(String::from).unwrap_or_default()
                ))
            }
        }
    }
    Ok(out)
}

/// Runs every RUN line of `file`.
pub fn run_file(file: &Path, cfg: &Config) -> Outcome {
    let mut o = Outcome {
        runs: 0,
        checks: 0,
        failure: None,
    };
    let text = match std::fs::read_to_string(file) {
        Ok(t) => t,
        Err(e) => {
            o.failure = Some(format!("cannot read {}: {e}", file.display()));
            return o;
        }
    };
    let lines = run_lines(&text);
    if lines.is_empty() {
        o.failure = Some(format!(
            "{}: error: no RUN: lines",
            display_path(file, cfg).display()
        ));
        return o;
    }
    let golden_count = lines.iter().filter(|l| l.text.contains("| golden")).count();
    for rl in &lines {
        o.runs += 1;
        match run_pipeline(file, &text, rl, cfg, golden_count) {
            Ok(n) => o.checks += n,
            Err(e) => {
                o.failure = Some(format!(
                    "{}:{}: RUN: {}\n{e}",
                    display_path(file, cfg).display(),
                    rl.line,
                    rl.text
                ));
                return o;
            }
        }
    }
    o
}

/// Runs one pipeline; the number of checks it made.
fn run_pipeline(
    file: &Path,
    text: &str,
    rl: &RunLine,
    cfg: &Config,
    golden_count: usize,
) -> Result<usize, String> {
    let ws = words(&rl.text)?;
    let mut stages: Vec<Vec<String>> = vec![Vec::new()];
    for w in ws {
        if w == "|" {
            stages.push(Vec::new());
        } else if let Some(last) = stages.last_mut() {
            last.push(substitute(&w, file)?);
        }
    }
    if stages.iter().any(|s| s.is_empty()) {
        return Err("empty pipeline stage".into());
    }
    if stages.len() > 2 {
        return Err("at most one '|' (rcc-par | FileCheck or golden)".into());
    }
    let mut cmd = stages[0].clone();
    let expect_fail = cmd.first().is_some_and(|c| c == "not");
    if expect_fail {
        cmd.remove(0);
    }
    let merge_stderr = cmd.last().is_some_and(|c| c == "2>&1");
    if merge_stderr {
        cmd.pop();
    }
    if cmd.first().map(String::as_str) != Some("rcc-par") {
        return Err(format!(
            "unknown command '{}' (only rcc-par, under an optional not)",
            cmd.first().map_or("", |s| s.as_str())
        ));
    }
    let shown = format!("{} {}", cfg.rcc_par.display(), cmd[1..].join(" "));
    let out = Command::new(&cfg.rcc_par)
        .args(&cmd[1..])
        .stdin(Stdio::null())
        .output()
        .map_err(|e| format!("cannot run {}: {e}", cfg.rcc_par.display()))?;
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    let status_ok = match out.status.code() {
        Some(0) => !expect_fail,
        // 101: a Rust panic, never an acceptable failure.
        Some(101) | None => false,
        Some(_) => expect_fail,
    };
    if !status_ok {
        let want = if expect_fail {
            "a non-zero exit"
        } else {
            "exit 0"
        };
        return Err(format!(
            "command: {shown}\nexpected {want}, got {}\n--- stderr ---\n{stderr}",
            out.status
        ));
    }
    let mut output = stdout.into_owned();
    if merge_stderr {
        output.push_str(&stderr);
    }
    let Some(consumer) = stages.get(1) else {
        return Ok(0);
    };
    let context = |e: String| format!("command: {shown}\n{e}");
    match consumer[0].as_str() {
        "FileCheck" => {
            let mut check_file: Option<&str> = None;
            let mut prefixes: Vec<String> = Vec::new();
            for a in &consumer[1..] {
                if let Some(p) = a.strip_prefix("--check-prefix=") {
                    prefixes.push(p.to_string());
                } else if let Some(p) = a.strip_prefix("--check-prefixes=") {
                    prefixes.extend(p.split(',').map(String::from));
                } else if a.starts_with('-') || check_file.is_some() {
                    return Err(format!("FileCheck: unknown argument '{a}'"));
                } else {
                    check_file = Some(a);
                }
            }
            let path = check_file.ok_or("FileCheck: no check file")?;
            let check_text = if Path::new(path) == file {
                text.to_string()
            } else {
                std::fs::read_to_string(path).map_err(|e| format!("FileCheck: {path}: {e}"))?
            };
            let name = display_path(file, cfg).display().to_string();
            filecheck::check(&check_text, &name, &output, "<stdout>", &prefixes).map_err(context)
        }
        "golden" => {
            let expected = match consumer.get(1) {
                Some(p) => PathBuf::from(p),
                None if golden_count > 1 => {
                    return Err("several golden RUN lines need explicit files".into())
                }
                None => {
                    let mut p = file.as_os_str().to_owned();
                    p.push(".expected");
                    PathBuf::from(p)
                }
            };
            if consumer.len() > 2 {
                return Err("golden takes at most one file".into());
            }
            if cfg.bless {
                std::fs::write(&expected, &output)
                    .map_err(|e| format!("cannot write {}: {e}", expected.display()))?;
                return Ok(1);
            }
            let want = std::fs::read_to_string(&expected).unwrap_or_default();
            if want == output {
                Ok(1)
            } else {
                Err(context(format!(
                    "output differs from {} (BLESS=1 rewrites it)\n{}",
                    expected.display(),
                    line_diff::unified(&want, &output)
                )))
            }
        }
        other => Err(format!(
            "unknown command '{other}' after '|' (FileCheck or golden)"
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn run_lines_with_comments_and_continuations() {
        let t = "; RUN: rcc-par %s -o - \\\n; RUN:   | FileCheck %s\n# RUN: not rcc-par x 2>&1\ndefine void @f() {\n  ret void ; RUN: no\n}\n";
        let l = run_lines(t);
        assert_eq!(
            l.len(),
            2,
            "{:?}",
            l.iter().map(|l| &l.text).collect::<Vec<_>>()
        );
        assert_eq!(l[0].text, "rcc-par %s -o - | FileCheck %s");
        assert_eq!(l[0].line, 1);
        assert_eq!(l[1].text, "not rcc-par x 2>&1");
    }

    #[test]
    fn words_and_substitutions() {
        assert_eq!(words("a 'b c' \"\" d").unwrap(), ["a", "b c", "", "d"]);
        assert!(words("a 'b").is_err());
        let f = Path::new("/t/x.ll");
        assert_eq!(substitute("%s", f).unwrap(), "/t/x.ll");
        assert_eq!(substitute("100%%", f).unwrap(), "100%");
        assert!(substitute("%t", f).unwrap_err().contains("'%t'"));
    }
}
