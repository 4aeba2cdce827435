//! A FileCheck-like checker for the codegen file tests: it owns parsing
//! check directives out of a check file (`PREFIX:`, `-NEXT`, `-NOT`,
//! `-LABEL`, `-DAG`, `-SAME`, `-EMPTY`), compiling their patterns (literal
//! text with horizontal whitespace runs matching any run, `{{regex}}`,
//! `[[VAR:regex]]` definitions and `[[VAR]]` uses) and matching them against
//! an output in FileCheck's order.
//!
//! Invariants: every directive's pattern lies on one line and matches within
//! one line of the input (horizontal whitespace only; `^`/`$` are line
//! anchors); labels split the input into regions first and the other
//! directives never match outside their region; every failure is an `Err`
//! naming the check file's line and column, the directive, and where in the
//! input scanning started, with a few lines of input context.

use regex::Regex;
use std::collections::HashMap;
use std::fmt::Write as _;

/// What a directive asks of the input.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    Plain,
    Next,
    Not,
    Label,
    Dag,
    Same,
    Empty,
}

impl Kind {
    const SUFFIXES: [(&'static str, Kind); 7] = [
        (":", Kind::Plain),
        ("-NEXT:", Kind::Next),
        ("-NOT:", Kind::Not),
        ("-LABEL:", Kind::Label),
        ("-DAG:", Kind::Dag),
        ("-SAME:", Kind::Same),
        ("-EMPTY:", Kind::Empty),
    ];

    fn suffix(self) -> &'static str {
        Self::SUFFIXES
            .iter()
            .find(|(_, k)| *k == self)
            .map_or(":", |(s, _)| s)
    }
}

/// One piece of a pattern.
#[derive(Clone, Debug)]
enum Piece {
    /// Literal text (whitespace runs match any horizontal whitespace run).
    Lit(String),
    /// `{{regex}}`.
    Re(String),
    /// `[[NAME:regex]]`: matches `regex` and defines `NAME`.
    Def(String, String),
    /// `[[NAME]]`: the text `NAME` was last defined as.
    Use(String),
}

/// One check directive of the check file.
#[derive(Clone, Debug)]
pub struct Directive {
    pub kind: Kind,
    /// The prefix it was written with (`CHECK`, `PIC`, ...).
    pub prefix: String,
    /// 1-based line and column (of the pattern) in the check file.
    pub line: usize,
    pub col: usize,
    /// The check file's whole line, for diagnostics.
    pub source_line: String,
    pieces: Vec<Piece>,
}

impl Directive {
    fn name(&self) -> String {
        format!(
            "{}{}",
            self.prefix,
            self.kind.suffix().trim_end_matches(':')
        )
    }
}

fn is_word(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_' || c == '-'
}

fn is_var_name(s: &str) -> bool {
    let mut cs = s.chars();
    cs.next()
        .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
        && cs.all(|c| c.is_ascii_alphanumeric() || c == '_')
}

/// The directives of `check_text` for `prefixes`, in file order. Errors:
/// a malformed pattern, an unused prefix, a `-NEXT`/`-SAME`/`-EMPTY`
/// without a previous directive, an empty pattern.
pub fn parse_checks(
    check_text: &str,
    check_path: &str,
    prefixes: &[String],
) -> Result<Vec<Directive>, String> {
    let mut out: Vec<Directive> = Vec::new();
    for (i, line) in check_text.lines().enumerate() {
        let Some((prefix, kind, rest_at)) = find_directive(line, prefixes) else {
            continue;
        };
        let raw = &line[rest_at..];
        let trimmed = raw.trim();
        let col = rest_at + (raw.len() - raw.trim_start().len()) + 1;
        let err = |msg: &str| format!("{check_path}:{}:{col}: error: {msg}\n{line}", i + 1);
        if trimmed.is_empty() && kind != Kind::Empty {
            return Err(err(&format!(
                "found empty check string with prefix '{prefix}:'"
            )));
        }
        if kind == Kind::Empty && !trimmed.is_empty() {
            return Err(err(&format!("{prefix}-EMPTY: takes no pattern")));
        }
        if matches!(kind, Kind::Next | Kind::Same | Kind::Empty)
            && !out.iter().any(|d| d.kind != Kind::Not)
        {
            return Err(err(&format!(
                "found '{prefix}{}' without previous '{prefix}: line",
                kind.suffix().trim_end_matches(':')
            )));
        }
        let pieces = parse_pattern(trimmed).map_err(|m| err(&m))?;
        out.push(Directive {
            kind,
            prefix: prefix.to_string(),
            line: i + 1,
            col,
            source_line: line.to_string(),
            pieces,
        });
    }
    for p in prefixes {
        if !out.iter().any(|d| &d.prefix == p) {
            return Err(format!(
                "{check_path}: error: no check strings found with prefix '{p}:'"
            ));
        }
    }
    Ok(out)
}

/// The first directive on `line` (the longest prefix at the leftmost
/// position): (prefix, kind, offset after the colon).
fn find_directive<'p>(line: &str, prefixes: &'p [String]) -> Option<(&'p str, Kind, usize)> {
    let mut best: Option<(usize, &str, Kind, usize)> = None;
    for p in prefixes {
        let mut from = 0;
        while let Some(off) = line[from..].find(p.as_str()) {
            let at = from + off;
            from = at + 1;
            if line[..at].chars().next_back().is_some_and(is_word) {
                continue;
            }
            let after = &line[at + p.len()..];
            let Some((suffix, kind)) = Kind::SUFFIXES.iter().find(|(s, _)| after.starts_with(s))
            else {
                continue;
            };
            if best.is_none_or(|(b, bp, _, _)| at < b || (at == b && p.len() > bp.len())) {
                best = Some((at, p, *kind, at + p.len() + suffix.len()));
            }
            break;
        }
    }
    best.map(|(_, p, k, end)| (p, k, end))
}

fn parse_pattern(text: &str) -> Result<Vec<Piece>, String> {
    let mut pieces = Vec::new();
    let mut lit = String::new();
    let mut rest = text;
    while !rest.is_empty() {
        if let Some(r) = rest.strip_prefix("{{") {
            let end = r
                .find("}}")
                .ok_or("found start of regex string with no end '}}'")?;
            let re = &r[..end];
            Regex::new(re).map_err(|e| format!("invalid regex {{{{{re}}}}}: {e}"))?;
            flush(&mut lit, &mut pieces);
            pieces.push(Piece::Re(re.to_string()));
            rest = &r[end + 2..];
        } else if let Some(r) = rest.strip_prefix("[[") {
            let end = r
                .find("]]")
                .ok_or("found start of variable with no end ']]'")?;
            let body = &r[..end];
            flush(&mut lit, &mut pieces);
            match body.split_once(':') {
                Some((name, re)) if is_var_name(name) => {
                    Regex::new(re).map_err(|e| format!("invalid regex in [[{body}]]: {e}"))?;
                    pieces.push(Piece::Def(name.to_string(), re.to_string()));
                }
                None if is_var_name(body) => pieces.push(Piece::Use(body.to_string())),
                _ => return Err(format!("invalid variable '[[{body}]]'")),
            }
            rest = &r[end + 2..];
        } else {
            let c = rest.chars().next().unwrap_or(' ');
            lit.push(c);
            rest = &rest[c.len_utf8()..];
        }
    }
    flush(&mut lit, &mut pieces);
    Ok(pieces)
}

fn flush(lit: &mut String, pieces: &mut Vec<Piece>) {
    if !lit.is_empty() {
        pieces.push(Piece::Lit(std::mem::take(lit)));
    }
}

/// Literal text as a regex: escaped, each horizontal whitespace run
/// matching any run (FileCheck's canonicalization).
fn literal_regex(s: &str) -> String {
    let mut out = String::new();
    let mut in_ws = false;
    for c in s.chars() {
        if c == ' ' || c == '\t' {
            if !in_ws {
                out.push_str("[ \\t]+");
            }
            in_ws = true;
        } else {
            in_ws = false;
            out.push_str(&regex::escape(c.encode_utf8(&mut [0; 4])));
        }
    }
    out
}

/// A match: its byte range and the variables it defines.
struct Found {
    start: usize,
    end: usize,
    defs: Vec<(String, String)>,
}

/// The checker state over one input.
struct Matcher<'a> {
    input: &'a str,
    line_starts: Vec<usize>,
    vars: HashMap<String, String>,
    check_path: &'a str,
    input_name: &'a str,
}

impl<'a> Matcher<'a> {
    fn new(input: &'a str, check_path: &'a str, input_name: &'a str) -> Self {
        let mut line_starts = vec![0];
        line_starts.extend(input.match_indices('\n').map(|(i, _)| i + 1));
        Matcher {
            input,
            line_starts,
            vars: HashMap::new(),
            check_path,
            input_name,
        }
    }

    /// 0-based line of byte offset `pos`.
    fn line_of(&self, pos: usize) -> usize {
        self.line_starts.partition_point(|&s| s <= pos) - 1
    }

    fn regex_for(&self, d: &Directive) -> Result<(Regex, Vec<String>), String> {
        let mut re = String::from("(?m)");
        let mut names = Vec::new();
        for p in &d.pieces {
            match p {
                Piece::Lit(s) => re.push_str(&literal_regex(s)),
                Piece::Re(r) => write!(re, "(?:{r})").unwrap_or(()),
                Piece::Def(name, r) => {
                    write!(re, "(?P<rccvar{}>{r})", names.len()).unwrap_or(());
                    names.push(name.clone());
                }
                Piece::Use(name) => {
                    // A variable defined earlier on the same line is a
                    // backreference, which `regex` lacks: an error.
                    let v = self.vars.get(name).ok_or_else(|| {
                        self.check_error(d, &format!("use of undefined variable '{name}'"))
                    })?;
                    re.push_str(&literal_regex(v));
                }
            }
        }
        let r = Regex::new(&re).map_err(|e| self.check_error(d, &format!("bad pattern: {e}")))?;
        Ok((r, names))
    }

    /// The first match of `d` in `[from, to)`.
    fn find(&self, d: &Directive, from: usize, to: usize) -> Result<Option<Found>, String> {
        if d.kind == Kind::Empty {
            // The line after the one `from` is on is empty.
            let next = self.line_of(from) + 1;
            return Ok(self.line_starts.get(next).and_then(|&s| {
                let empty = s < to && self.input[s..].starts_with('\n');
                empty.then_some(Found {
                    start: s,
                    end: s,
                    defs: Vec::new(),
                })
            }));
        }
        let (re, names) = self.regex_for(d)?;
        let hay = &self.input[..to];
        if from > to {
            return Ok(None);
        }
        Ok(re.captures_at(hay, from).map(|c| {
            let m = c.get(0).map_or(0..0, |m| m.range());
            let defs = names
                .iter()
                .enumerate()
                .map(|(i, n)| {
                    let v = c.name(&format!("rccvar{i}")).map_or("", |m| m.as_str());
                    (n.clone(), v.to_string())
                })
                .collect();
            Found {
                start: m.start,
                end: m.end,
                defs,
            }
        }))
    }

    fn define(&mut self, f: &Found) {
        for (n, v) in &f.defs {
            self.vars.insert(n.clone(), v.clone());
        }
    }

    fn check_error(&self, d: &Directive, msg: &str) -> String {
        let caret = " ".repeat(d.col.saturating_sub(1));
        format!(
            "{}:{}:{}: error: {}: {msg}\n{}\n{caret}^\n",
            self.check_path,
            d.line,
            d.col,
            d.name(),
            d.source_line
        )
    }

    /// A note at input offset `pos` with up to `after` following lines of
    /// context (line numbers, the noted line marked with `>`).
    fn note(&self, pos: usize, msg: &str, after: usize) -> String {
        let line = self.line_of(pos.min(self.input.len()));
        let col = pos - self.line_starts[line] + 1;
        let mut s = format!("{}:{}:{col}: note: {msg}\n", self.input_name, line + 1);
        let lines: Vec<&str> = self.input.split('\n').collect();
        let first = line.saturating_sub(1);
        let last = (line + after).min(lines.len().saturating_sub(1));
        for (i, text) in lines.iter().enumerate().take(last + 1).skip(first) {
            let mark = if i == line { '>' } else { ' ' };
            let _ = writeln!(s, "{mark}{:>5}: {text}", i + 1);
        }
        s
    }

    fn not_found(&self, d: &Directive, from: usize) -> String {
        let mut s = self.check_error(d, "expected string not found in input");
        s.push_str(&self.note(from, "scanning from here", 5));
        s
    }

    /// Each pending CHECK-NOT must not match in `[from, to)`.
    fn check_nots(&self, nots: &[&Directive], from: usize, to: usize) -> Result<(), String> {
        for d in nots {
            if let Some(f) = self.find(d, from, to)? {
                let mut s = self.check_error(d, "excluded string found in input");
                s.push_str(&self.note(f.start, "found here", 2));
                s.push_str(&self.note(from, "scanning from here", 0));
                return Err(s);
            }
        }
        Ok(())
    }
}

/// Checks `input` against the directives of `check_text` with `prefixes`
/// (default `CHECK`). `input_name` names the input in notes.
pub fn check(
    check_text: &str,
    check_path: &str,
    input: &str,
    input_name: &str,
    prefixes: &[String],
) -> Result<usize, String> {
    let default = ["CHECK".to_string()];
    let prefixes = if prefixes.is_empty() {
        &default[..]
    } else {
        prefixes
    };
    let directives = parse_checks(check_text, check_path, prefixes)?;
    let mut m = Matcher::new(input, check_path, input_name);
    // Labels first: each after the previous one; they bound the regions.
    let mut label_at: Vec<(usize, usize, usize)> = Vec::new(); // (index, start, end)
    let mut pos = 0;
    for (i, d) in directives.iter().enumerate() {
        if d.kind != Kind::Label {
            continue;
        }
        match m.find(d, pos, input.len())? {
            Some(f) => {
                m.define(&f);
                label_at.push((i, f.start, f.end));
                pos = f.end;
            }
            None => return Err(m.not_found(d, pos)),
        }
    }
    let mut region_start = 0;
    let mut first = 0;
    for k in 0..=label_at.len() {
        let (last, region_end, next_start) = match label_at.get(k) {
            Some(&(i, s, e)) => (i, s, e),
            None => (directives.len(), input.len(), input.len()),
        };
        check_region(&mut m, &directives[first..last], region_start, region_end)?;
        region_start = next_start;
        first = last + 1;
    }
    Ok(directives.len())
}

/// The non-label directives `ds` within `[start, end)` of the input.
fn check_region(m: &mut Matcher, ds: &[Directive], start: usize, end: usize) -> Result<(), String> {
    let mut pos = start;
    // End of the previous positive match (its line for -NEXT/-SAME).
    let mut prev_end = start;
    let mut nots: Vec<&Directive> = Vec::new();
    let mut i = 0;
    while i < ds.len() {
        let d = &ds[i];
        match d.kind {
            Kind::Not => {
                nots.push(d);
                i += 1;
            }
            Kind::Dag => {
                let mut matched: Vec<(usize, usize)> = Vec::new();
                while i < ds.len() && ds[i].kind == Kind::Dag {
                    let d = &ds[i];
                    let mut from = pos;
                    let f = loop {
                        let Some(f) = m.find(d, from, end)? else {
                            return Err(m.not_found(d, pos));
                        };
                        match matched
                            .iter()
                            .find(|&&(s, e)| f.start < e && s < f.end.max(f.start + 1))
                        {
                            Some(&(_, e)) => from = e.max(f.start + 1),
                            None => break f,
                        }
                    };
                    m.define(&f);
                    matched.push((f.start, f.end));
                    i += 1;
                }
                let first = matched.iter().map(|r| r.0).min().unwrap_or(pos);
                m.check_nots(&nots, pos, first)?;
                nots.clear();
                let last = matched.iter().map(|r| r.1).max().unwrap_or(pos);
                pos = last;
                prev_end = last;
            }
            _ => {
                let Some(f) = m.find(d, pos, end)? else {
                    return Err(m.not_found(d, pos));
                };
                let between = &m.input[prev_end..f.start];
                let newlines = between.matches('\n').count();
                match d.kind {
                    Kind::Next if newlines != 1 => {
                        let what = if newlines == 0 {
                            "is on the same line as previous match"
                        } else {
                            "is not on the line after the previous match"
                        };
                        let mut s = m.check_error(d, what);
                        s.push_str(&m.note(f.start, "'next' match was here", 0));
                        s.push_str(&m.note(prev_end, "previous match ended here", 1));
                        return Err(s);
                    }
                    Kind::Same if newlines != 0 => {
                        let mut s =
                            m.check_error(d, "is not on the same line as the previous match");
                        s.push_str(&m.note(f.start, "'same' match was here", 0));
                        s.push_str(&m.note(prev_end, "previous match ended here", 0));
                        return Err(s);
                    }
                    _ => {}
                }
                m.check_nots(&nots, pos, f.start)?;
                nots.clear();
                m.define(&f);
                pos = if d.kind == Kind::Empty {
                    f.end + 1
                } else {
                    f.end
                };
                prev_end = f.end;
                i += 1;
            }
        }
    }
    m.check_nots(&nots, pos, end)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(checks: &str, input: &str) -> Result<usize, String> {
        check(checks, "t.ll", input, "<stdin>", &[])
    }

    fn fails(checks: &str, input: &str, needle: &str) {
        match run(checks, input) {
            Ok(_) => panic!("expected a failure for\n{checks}\non\n{input}"),
            Err(e) => assert!(e.contains(needle), "{needle:?} not in:\n{e}"),
        }
    }

    const MIR: &str = "# Machine code for function f:\nbb.0:\n  %0:gr32 = COPY $edi\n  %1:gr32 = ADD32rr %0, %0\n  $eax = COPY %1\n  RET64 implicit $eax\n\n# Machine code for function g:\nbb.0:\n  RET64\n";

    #[test]
    fn plain_checks_in_order() {
        assert_eq!(run("; CHECK: COPY $edi\n; CHECK: RET64", MIR), Ok(2));
        fails(
            "; CHECK: RET64\n; CHECK: COPY $edi",
            MIR,
            "t.ll:2:10: error: CHECK: expected string not found",
        );
    }

    #[test]
    fn failure_names_check_line_and_scan_start() {
        let e = run("; CHECK: ADD32rr\n; CHECK: SUB32rr", MIR).unwrap_err();
        assert!(
            e.contains("t.ll:2:10: error: CHECK: expected string not found in input"),
            "{e}"
        );
        assert!(e.contains("<stdin>:4:"), "{e}");
        assert!(e.contains("note: scanning from here"), "{e}");
        assert!(e.contains(">    4:   %1:gr32 = ADD32rr %0, %0"), "{e}");
    }

    #[test]
    fn whitespace_is_canonical() {
        assert!(run("; CHECK: %1:gr32   =\tADD32rr %0,  %0", MIR).is_ok());
        fails("; CHECK: %1:gr32=ADD32rr", MIR, "expected string not found");
    }

    #[test]
    fn next_same_and_empty() {
        assert!(run(
            "; CHECK: COPY $edi\n; CHECK-NEXT: ADD32rr\n; CHECK-SAME: %0, %0",
            MIR
        )
        .is_ok());
        fails(
            "; CHECK: COPY $edi\n; CHECK-NEXT: RET64",
            MIR,
            "is not on the line after",
        );
        fails(
            "; CHECK: COPY $edi\n; CHECK-SAME: RET64",
            MIR,
            "is not on the same line",
        );
        fails(
            "; CHECK: %0:gr32\n; CHECK-NEXT: COPY",
            MIR,
            "is on the same line",
        );
        assert!(run("; CHECK: RET64 implicit $eax\n; CHECK-EMPTY:", MIR).is_ok());
        fails(
            "; CHECK: COPY $edi\n; CHECK-EMPTY:",
            MIR,
            "CHECK-EMPTY: expected string not found",
        );
        fails("; CHECK-NEXT: x", MIR, "without previous 'CHECK: line");
    }

    #[test]
    fn not_between_matches_and_at_the_end() {
        assert!(run(
            "; CHECK: COPY $edi\n; CHECK-NOT: SUB32rr\n; CHECK: RET64",
            MIR
        )
        .is_ok());
        fails(
            "; CHECK: COPY $edi\n; CHECK-NOT: ADD32rr\n; CHECK: RET64",
            MIR,
            "CHECK-NOT: excluded string found in input",
        );
        fails(
            "; CHECK: ADD32rr\n; CHECK-NOT: RET64",
            MIR,
            "excluded string found",
        );
        assert!(run("; CHECK-NOT: IMUL\n", MIR).is_ok());
    }

    #[test]
    fn labels_bound_regions() {
        let c = "; CHECK-LABEL: function f:\n; CHECK: ADD32rr\n; CHECK-LABEL: function g:\n; CHECK: RET64";
        assert!(run(c, MIR).is_ok());
        // ADD32rr is in f, not in g's region.
        let c = "; CHECK-LABEL: function f:\n; CHECK-LABEL: function g:\n; CHECK: ADD32rr";
        fails(c, MIR, "expected string not found");
        // A NOT in f's region does not see g.
        let c = "; CHECK-LABEL: function f:\n; CHECK-NOT: bb.1\n; CHECK-LABEL: function g:\n; CHECK-NOT: ADD32rr";
        assert!(run(c, MIR).is_ok());
        fails(
            "; CHECK-LABEL: function h:",
            MIR,
            "CHECK-LABEL: expected string not found",
        );
    }

    #[test]
    fn dag_any_order_without_overlap() {
        assert!(run(
            "; CHECK-DAG: $eax = COPY\n; CHECK-DAG: %0:gr32 = COPY\n; CHECK: RET64",
            MIR
        )
        .is_ok());
        // Two DAGs cannot both claim the one ADD32rr.
        fails(
            "; CHECK-DAG: ADD32rr\n; CHECK-DAG: ADD32rr",
            MIR,
            "CHECK-DAG: expected string not found",
        );
        // Two COPYs exist, so two DAGs on COPY match.
        assert!(run("; CHECK-DAG: COPY\n; CHECK-DAG: COPY", MIR).is_ok());
        fails(
            "; CHECK: ADD32rr\n; CHECK-DAG: %0:gr32 = COPY",
            MIR,
            "expected string not found",
        );
        fails(
            "; CHECK-NOT: ADD32rr\n; CHECK-DAG: RET64",
            MIR,
            "excluded string found",
        );
    }

    #[test]
    fn regexes_and_variables() {
        assert!(run(
            "; CHECK: [[R:%[0-9]+]]:gr32 = ADD32rr\n; CHECK: $eax = COPY [[R]]",
            MIR
        )
        .is_ok());
        fails(
            "; CHECK: [[R:%[0-9]+]]:gr32 = COPY\n; CHECK: $eax = COPY [[R]]{{$}}",
            MIR,
            "expected string not found",
        );
        assert!(run("; CHECK: ADD32rr {{%[0-9]}}, %0{{$}}", MIR).is_ok());
        fails(
            "; CHECK: RET64{{$}}\n; CHECK: RET64 implicit",
            MIR,
            "expected string not found",
        );
        fails("; CHECK: [[X]]", MIR, "use of undefined variable 'X'");
        fails("; CHECK: {{(}}", MIR, "invalid regex");
        fails("; CHECK: [[1X:a]]", MIR, "invalid variable");
        // Regex metacharacters in literal text are literal.
        fails("; CHECK: bb.0 (", MIR, "expected string not found");
    }

    #[test]
    fn prefixes() {
        let p = ["PIC".to_string(), "ALL".to_string()];
        let c = "; ALL: COPY $edi\n; STATIC: SUB\n; PIC: RET64\n";
        assert!(check(c, "t.ll", MIR, "<stdin>", &p).is_ok());
        let p = ["STATIC".to_string()];
        assert!(check(c, "t.ll", MIR, "<stdin>", &p)
            .unwrap_err()
            .contains("STATIC: expected string"));
        let p = ["NOPE".to_string()];
        assert!(check(c, "t.ll", MIR, "<stdin>", &p)
            .unwrap_err()
            .contains("no check strings found with prefix 'NOPE:'"));
        // A prefix inside a word is not a directive.
        fails("; XCHECK: nothing\n", MIR, "no check strings found");
        fails("; CHECK:\n", MIR, "found empty check string");
    }
}
