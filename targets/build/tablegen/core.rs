//! The generic core of rcc's TableGen: the description language all of a
//! target's `.desc` files share, and the target-independent derivations.
//!
//! - errors: [`fail`] aborts the build with `file:line: message`;
//! - lines: `#` starts a comment, blank lines are skipped, line numbers
//!   are 1-based and survive template expansion;
//! - templates: `template NAME p...` .. `end` defines a body, `use NAME
//!   a...` instantiates it, substituting `${p}` and `${p+N}` (hex add);
//!   extra arguments join the last parameter, a missing last one is empty;
//! - instruction rows: `NAME mnemonic operands | encoding | attributes`,
//!   `[group NAME]` headers and `alias FROM TO` lines, read into [`Insts`]
//!   as words; what operand kinds, encodings and attributes mean is the
//!   target's vocabulary (`x86_64.rs`);
//! - register classes: member lists with ranges (`XMM0-XMM15`);
//! - register aliases: two registers alias when they share a register unit.
//!
//! Invariant: everything here either returns well-formed data or fails the
//! build; nothing here knows a particular target.

use std::collections::HashMap;
use std::fmt::Write as _;

/// A build-time error in a description file.
pub fn fail(file: &str, line: usize, msg: impl std::fmt::Display) -> ! {
    panic!("{file}:{line}: {msg}")
}

/// Expands a class's member list: names, and ranges `P<a>-P<b>` of
/// registers with a common prefix `P` and numbers `a..=b`.
pub fn class_members(file: &str, ln: usize, specs: &[&str]) -> Vec<String> {
    let mut members = Vec::new();
    for m in specs {
        if let Some((a, b)) = m.split_once('-') {
            let split = |s: &str| {
                let p = s.trim_end_matches(|c: char| c.is_ascii_digit());
                (p.to_string(), s[p.len()..].parse::<u32>().unwrap_or(0))
            };
            let (pa, na) = split(a);
            let (pb, nb) = split(b);
            if pa != pb || na > nb {
                fail(file, ln, format!("bad range {m}"));
            }
            members.extend((na..=nb).map(|i| format!("{pa}{i}")));
        } else {
            members.push(m.to_string());
        }
    }
    members
}

/// The alias sets of registers `1..=units.len()` (register `r` has the
/// register units `units[r - 1]`; register 0 is the none entry): a
/// flattened pool of register numbers and, per register including the none
/// entry, its range in the pool. A register is in its own set.
pub fn alias_sets(units: &[&[u32]]) -> (Vec<usize>, Vec<(usize, usize)>) {
    let mut pool: Vec<usize> = Vec::new();
    let mut ranges = vec![(0usize, 0usize)];
    for r in units {
        let start = pool.len();
        for (j, q) in units.iter().enumerate() {
            if r.iter().any(|u| q.contains(u)) {
                pool.push(j + 1);
            }
        }
        ranges.push((start, pool.len()));
    }
    (pool, ranges)
}

#[derive(Clone)]
pub struct Row {
    pub line: usize,
    pub name: String,
    pub mnemonic: String,
    pub operands: Vec<String>,
    pub enc: Vec<String>,
    pub attrs: Vec<String>,
    pub group: String,
}

pub struct Insts {
    pub rows: Vec<Row>,
    pub aliases: Vec<(String, String)>,
}

/// Substitutes `${p}` and `${p+N}` (hex add) in a template body line.
fn substitute(file: &str, ln: usize, line: &str, params: &[String], args: &[String]) -> String {
    let mut out = String::new();
    let mut rest = line;
    while let Some(i) = rest.find("${") {
        out.push_str(&rest[..i]);
        let end = rest[i..]
            .find('}')
            .unwrap_or_else(|| fail(file, ln, "unclosed ${"));
        let inner = &rest[i + 2..i + end];
        let (p, add) = match inner.split_once('+') {
            Some((p, n)) => (
                p,
                Some(u32::from_str_radix(n, 16).unwrap_or_else(|_| fail(file, ln, "bad +N"))),
            ),
            None => (inner, None),
        };
        let k = params
            .iter()
            .position(|q| q == p)
            .unwrap_or_else(|| fail(file, ln, format!("unknown parameter {p}")));
        match add {
            Some(n) => {
                let v = u32::from_str_radix(&args[k], 16)
                    .unwrap_or_else(|_| fail(file, ln, "non-hex argument"));
                write!(out, "{:02X}", v + n).unwrap();
            }
            None => out.push_str(&args[k]),
        }
        rest = &rest[i + end + 1..];
    }
    out.push_str(rest);
    out
}

/// Lines with their 1-based line numbers.
pub type Lines = Vec<(usize, String)>;

/// Reads an instruction description: templates expanded, then rows,
/// groups and aliases.
pub fn parse_insts(file: &str, text: &str) -> Insts {
    // Expand templates first: a list of (line number, text).
    let mut templates: HashMap<String, (Vec<String>, Lines)> = HashMap::new();
    let mut lines: Lines = Vec::new();
    let mut cur: Option<(String, Vec<String>, Lines)> = None;
    for (ln, raw) in text.lines().enumerate() {
        let ln = ln + 1;
        let line = raw.split('#').next().unwrap_or("").trim();
        if line.is_empty() {
            continue;
        }
        let t: Vec<&str> = line.split_whitespace().collect();
        if let Some((name, params, body)) = cur.as_mut() {
            if line == "end" {
                let (name, params, body) = (name.clone(), params.clone(), std::mem::take(body));
                templates.insert(name, (params, body));
                cur = None;
            } else {
                body.push((ln, line.to_string()));
            }
            continue;
        }
        match t[0] {
            "template" => {
                cur = Some((
                    t[1].to_string(),
                    t[2..].iter().map(|s| s.to_string()).collect(),
                    Vec::new(),
                ));
            }
            "use" => {
                let (params, body) = templates
                    .get(t[1])
                    .unwrap_or_else(|| fail(file, ln, format!("unknown template {}", t[1])));
                // Extra arguments join the last parameter (attribute lists);
                // a missing last argument is empty.
                let mut args: Vec<String> = t[2..].iter().map(|s| s.to_string()).collect();
                if args.len() + 1 == params.len() {
                    args.push(String::new());
                }
                if args.len() < params.len() || params.is_empty() && !args.is_empty() {
                    fail(
                        file,
                        ln,
                        format!("template {} wants {} arguments", t[1], params.len()),
                    );
                }
                let rest = args.split_off(params.len() - 1).join(" ");
                args.push(rest);
                for (bl, b) in body {
                    lines.push((*bl, substitute(file, *bl, b, params, &args)));
                }
            }
            _ => lines.push((ln, line.to_string())),
        }
    }
    if cur.is_some() {
        fail(file, 0, "template without end");
    }
    let mut rows = Vec::new();
    let mut aliases = Vec::new();
    let mut group = String::from("misc");
    for (ln, line) in lines {
        if let Some(g) = line.strip_prefix("[group ") {
            group = g.trim_end_matches(']').trim().to_string();
            continue;
        }
        let t: Vec<&str> = line.split_whitespace().collect();
        if t[0] == "alias" {
            if t.len() != 3 {
                fail(file, ln, "alias wants FROM TO");
            }
            aliases.push((t[1].to_string(), t[2].to_string()));
            continue;
        }
        let parts: Vec<&str> = line.split('|').collect();
        if parts.len() != 3 {
            fail(
                file,
                ln,
                "row wants `NAME mnemonic operands | encoding | attributes`",
            );
        }
        let head: Vec<&str> = parts[0].split_whitespace().collect();
        if head.len() != 3 {
            fail(file, ln, "row head wants NAME mnemonic operands");
        }
        let operands = if head[2] == "-" {
            Vec::new()
        } else {
            head[2].split(',').map(str::to_string).collect()
        };
        let keep = |s: &str| -> Vec<String> {
            s.split_whitespace()
                .filter(|x| *x != "-")
                .map(str::to_string)
                .collect()
        };
        rows.push(Row {
            line: ln,
            name: head[0].to_string(),
            mnemonic: head[1].to_string(),
            operands,
            enc: keep(parts[1]),
            attrs: keep(parts[2]),
            group: group.clone(),
        });
    }
    Insts { rows, aliases }
}
