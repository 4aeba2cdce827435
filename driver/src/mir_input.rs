//! The driver's side of MIR files (the format itself is `rcc_mach::mir`):
//! recognising MIR input, matching its function sections to the module's
//! functions, writing a whole `.mir` output, and the `-mir-roundtrip`
//! check.
//!
//! Invariants: every section of a [`MirInput`] names a function the module
//! defines, at most one section per function; offsets are byte offsets
//! into the `.mir` file (the IR parser sees the module part at the same
//! offsets, so every error of a MIR run is located in the `.mir` file).

use rcc_ir::entity::EntityId;
use rcc_ir::{GlobalId, Module, ParseError};
use rcc_mach::mir::{self, FunctionSection, MirSections, Reader};
use rcc_mach::{MachFunction, TargetInfo};
use std::collections::HashMap;

/// Whether the input named `name` with `text` is MIR: its extension is
/// `.mir`, or it starts with the header rcc writes.
pub fn is_mir(name: &str, text: &str) -> bool {
    name.ends_with(".mir") || text.starts_with(mir::MAGIC)
}

/// A parsed `.mir` file: its text, its sections, and the section of each
/// function.
pub struct MirInput<'a> {
    pub text: &'a str,
    pub sections: &'a MirSections,
    /// Per global (indexed like `Module::globals`): its section.
    section_of: Vec<Option<u32>>,
}

impl<'a> MirInput<'a> {
    /// Matches the sections of `sections` (split from `text`) to the
    /// functions `m` defines. A section naming a function the module does
    /// not define, or a second section for one, is an error at the
    /// section.
    pub fn new(
        m: &Module,
        text: &'a str,
        sections: &'a MirSections,
    ) -> Result<MirInput<'a>, ParseError> {
        // Names as the writer spells them: unnamed globals are numbered
        // in order, as the IR numbers them (`@0`).
        let mut by_name: HashMap<String, GlobalId> = HashMap::new();
        let mut unnamed = 0usize;
        for (g, gl) in m.globals.iter() {
            if gl.name.is_none() {
                by_name.insert(unnamed.to_string(), g);
                unnamed += 1;
            } else {
                by_name.entry(m.str(gl.name).to_string()).or_insert(g);
            }
        }
        let mut section_of = vec![None; m.globals.len()];
        for (k, s) in sections.functions.iter().enumerate() {
            let at = s.range.start as u32;
            let g = *by_name.get(&s.name).ok_or_else(|| {
                ParseError::new(
                    at,
                    format!(
                        "MIR section for function '{}', which the module does not define",
                        s.name
                    ),
                )
            })?;
            if m.body(g).is_none() {
                return Err(ParseError::new(
                    at,
                    format!(
                        "MIR section for '{}', which the module declares but does not define (or is not a function)",
                        s.name
                    ),
                ));
            }
            if section_of[g.index()].replace(k as u32).is_some() {
                return Err(ParseError::new(
                    at,
                    format!("a second MIR section for function '{}'", s.name),
                ));
            }
        }
        Ok(MirInput {
            text,
            sections,
            section_of,
        })
    }

    /// The section of function `g`, if the file has one.
    pub fn section(&self, g: GlobalId) -> Option<&'a FunctionSection> {
        let k = self.section_of.get(g.index()).copied().flatten()?;
        self.sections.functions.get(k as usize)
    }

    /// Reads section `s` into `mf` (cleared first) with `reader`'s
    /// lookups.
    pub fn read(
        &self,
        reader: &Reader<'_>,
        s: &FunctionSection,
        mf: &mut MachFunction,
    ) -> Result<(), ParseError> {
        reader.read_function(self.text, s, mf)
    }
}

/// Writes the header of a `.mir` file with IR module `m`, printed by the
/// IR printer as LLVM prints the module of a `.mir` file: comments and
/// layout of the input are not kept (so a test's `; CHECK:` lines are not
/// echoed into its output), and the printer's exact round trip makes the
/// module read back the same. A module without `source_filename` gets one
/// naming the file it was read from, so code resumed from the `.mir` file
/// names the same source (`.file`) as code compiled from the original.
pub fn write_header(out: &mut String, m: &Module) {
    let printed = rcc_ir::print_module(m);
    if m.source_filename.is_some() {
        return mir::write_header(out, &printed);
    }
    let mut text = String::with_capacity(printed.len() + m.file.len() + 20);
    text.push_str("source_filename = \"");
    for b in m.file.bytes() {
        if b == b'"' || b == b'\\' || !(0x20..0x7f).contains(&b) {
            text.push_str(&format!("\\{b:02X}"));
        } else {
            text.push(b as char);
        }
    }
    text.push_str("\"\n");
    text.push_str(&printed);
    mir::write_header(out, &text)
}

/// Writes function `mf` as one section of a `.mir` file.
pub fn write_function(out: &mut String, mf: &MachFunction, m: &Module, t: &dyn TargetInfo) {
    mir::write_function(out, mf, m, t)
}

/// Splits a `.mir` file into its module and function sections.
pub fn split(text: &str) -> Result<MirSections, ParseError> {
    mir::split(text)
}

/// The text the IR parser reads from a `.mir` file, at the file's offsets.
pub fn module_source(text: &str, sections: &MirSections) -> String {
    mir::module_source(text, sections)
}

/// `-mir-roundtrip`: writes `mf` (the text in `first`), reads it back into
/// `spare` and writes that (into `second`); the two texts must be equal.
/// On success `spare` holds the function read back. The error names the
/// first line that differs.
pub fn roundtrip(
    reader: &Reader<'_>,
    mf: &MachFunction,
    spare: &mut MachFunction,
    m: &Module,
    t: &dyn TargetInfo,
    first: &mut String,
    second: &mut String,
) -> Result<(), String> {
    first.clear();
    second.clear();
    mir::write_header(first, "");
    let body = first.len();
    mir::write_function(first, mf, m, t);
    let sections = mir::split(first).map_err(|e| {
        format!(
            "the MIR written does not split at line {}: {}",
            line_of(first, e.offset as usize),
            e.message
        )
    })?;
    let [s] = &sections.functions[..] else {
        return Err(format!(
            "the MIR written splits into {} function sections, not 1",
            sections.functions.len()
        ));
    };
    reader.read_function(first, s, spare).map_err(|e| {
        let n = line_of(first, e.offset as usize);
        format!(
            "the MIR written does not read back: line {n}: {}\n  {}",
            e.message,
            first.lines().nth(n - 1).unwrap_or("")
        )
    })?;
    mir::write_header(second, "");
    mir::write_function(second, spare, m, t);
    match first_difference(&first[body..], &second[body..]) {
        None => Ok(()),
        Some((n, a, b)) => Err(format!(
            "MIR read back writes differently at line {n} of the function's section:\n  written:   {a}\n  read back: {b}"
        )),
    }
}

/// The first line (1-based) where `a` and `b` differ, with both lines
/// (`<end>` past the last line); `None` when the texts are equal.
fn first_difference<'t>(a: &'t str, b: &'t str) -> Option<(usize, &'t str, &'t str)> {
    if a == b {
        return None;
    }
    let (mut x, mut y) = (a.lines(), b.lines());
    for n in 1.. {
        match (x.next(), y.next()) {
            (Some(p), Some(q)) if p == q => continue,
            (None, None) => return Some((n, "<end>", "<end>")),
            (p, q) => return Some((n, p.unwrap_or("<end>"), q.unwrap_or("<end>"))),
        }
    }
    None
}

/// The 1-based line of byte `offset` in `text`.
fn line_of(text: &str, offset: usize) -> usize {
    let end = offset.min(text.len());
    text.as_bytes()[..end]
        .iter()
        .filter(|&&b| b == b'\n')
        .count()
        + 1
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn first_difference_names_the_line() {
        assert_eq!(first_difference("a\nb\n", "a\nb\n"), None);
        assert_eq!(
            first_difference("a\nb\nc\n", "a\nx\nc\n"),
            Some((2, "b", "x"))
        );
        assert_eq!(first_difference("a\n", "a\nb\n"), Some((2, "<end>", "b")));
        // Equal lines, different line ends.
        assert_eq!(first_difference("a\n", "a"), Some((2, "<end>", "<end>")));
        assert_eq!(line_of("a\nb\nc", 2), 2);
        assert!(is_mir("x.mir", "") && is_mir("<stdin>", "# rcc MIR\n--- |\n"));
        assert!(!is_mir("x.ll", "define void @f() {\n  ret void\n}\n"));
    }
}
