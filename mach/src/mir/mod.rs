//! MIR files: machine functions as text, written after a pass and read
//! back before one (`-stop-after`, `-start-after`, `-run-pass`), in the
//! spirit of LLVM's `.mir` (the format is described in `docs/mir.md`).
//!
//! A file is an optional `--- |` module section holding IR text (the
//! driver writes the module as the IR printer prints it; the reader parses
//! it in place; ended by a line `...`), then one section per machine function,
//! each starting with a line `---` and a line `name: NAME`. A function
//! section holds everything a [`MachFunction`] carries, so that a pass run
//! on the function read back behaves exactly as on the original: block
//! numbers (blocks outside `order` too), virtual register numbers and
//! classes, frame objects, constant-pool entries, jump tables, external
//! names, EH tables, inline-asm descriptors, CFI directives, properties,
//! live-ins, `used_phys` and `reserved`. Instruction arena numbers and side
//! pool positions (`imm64`, `syms`, `cfi`, `inline_asms`) are not kept:
//! instructions are recreated in layout order and the pools refilled in
//! the order operands appear, which no pass can observe.
//!
//! API (the driver relies on it; beyond the brief: [`Reader`], [`Names`],
//! [`MAGIC`], and `EhInfo::num_labels` in `crate::eh`): [`write_header`], [`write_function`],
//! [`split`] into [`MirSections`], [`module_source`] (the IR parser's input
//! with the file's byte offsets), [`read_function`] and, to read many
//! functions of one module without rebuilding the name lookups each time,
//! [`Reader`]. Errors are [`ParseError`]s whose offsets are into the whole
//! file, so `Diagnostic::locate` points at the file's line.
//!
//! Modules: `write` (the function section; the `-print-after` dumps use
//! it too, through `crate::printer`), `names` (reverse name lookups from
//! the target's tables), `lex` (the byte cursor), `read` (header fields)
//! and `body` (blocks and instructions).

mod body;
mod lex;
mod names;
mod read;
mod write;

use crate::func::MachFunction;
use crate::target::TargetInfo;
pub use names::Names;
pub use rcc_ir::ParseError;
use rcc_ir::{GlobalId, Module};
use std::ops::Range;
pub use write::write_function;

/// The first line of a MIR file written by [`write_header`].
pub const MAGIC: &str = "# rcc MIR";

/// Writes the file header and the IR module section (`module_text`
/// verbatim, ended by `...`).
pub fn write_header(out: &mut String, module_text: &str) {
    out.push_str(MAGIC);
    out.push_str("\n--- |\n");
    out.push_str(module_text);
    if !module_text.is_empty() && !module_text.ends_with('\n') {
        out.push('\n');
    }
    out.push_str("...\n");
}

/// One machine-function section of a file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FunctionSection {
    /// The function's name as written in the IR, without `@`.
    pub name: String,
    /// Byte range in the file, from the `---` line to the next section.
    pub range: Range<usize>,
}

/// Where the sections of a file are.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MirSections {
    /// The IR module text (empty when the file has no module section).
    pub module: Range<usize>,
    pub functions: Vec<FunctionSection>,
}

/// Finds the module and function sections of `text`.
pub fn split(text: &str) -> Result<MirSections, ParseError> {
    let b = text.as_bytes();
    let mut s = MirSections {
        module: 0..0,
        functions: Vec::new(),
    };
    let mut pos = 0usize;
    // Before the first section: blank and comment lines only.
    while pos < b.len() && b[pos] != b'-' {
        let end = line_end(b, pos);
        if !is_blank_or_comment(trim_cr(&b[pos..end])) {
            return Err(ParseError::new(
                pos as u32,
                "expected '--- |' (module) or '---' (function section)",
            ));
        }
        pos = end + 1;
    }
    let mut first = true;
    while pos < b.len() {
        let end = line_end(b, pos);
        let next = (end + 1).min(b.len());
        let line = trim_cr(&b[pos..end]);
        if line.starts_with(b"--- |") || line.starts_with(b"---|") {
            if !first {
                return Err(ParseError::new(
                    pos as u32,
                    "the module section '--- |' must come first, once",
                ));
            }
            // The module runs to a line `...` or the next `---` line.
            let mut dots = next;
            let end = loop {
                dots = next_line_starting(b, dots, b"...");
                if dots == b.len() || trim_cr(&b[dots..line_end(b, dots)]) == b"..." {
                    break dots;
                }
                dots = line_end(b, dots);
            };
            s.module = next..end.min(next_line_starting(b, next, b"---"));
            pos = s.module.end;
            if trim_cr(&b[pos..line_end(b, pos)]) == b"..." {
                pos = (line_end(b, pos) + 1).min(b.len());
            }
        } else if line == b"---" || line.starts_with(b"--- ") {
            if let Some(f) = s.functions.last_mut() {
                f.range.end = pos;
            }
            let name = section_name(b, next)?;
            s.functions.push(FunctionSection {
                name,
                range: pos..b.len(),
            });
            pos = next;
        } else {
            pos = next;
        }
        first = false;
        pos = next_line_starting(b, pos, b"-");
    }
    Ok(s)
}

/// The start of the first line at or after `pos` (a line start) that
/// begins with `pat`, or the end of `b`: a SIMD substring search for the
/// newline and `pat`, so the lines in between are never visited one by one.
fn next_line_starting(b: &[u8], pos: usize, pat: &[u8]) -> usize {
    if pos >= b.len() {
        return b.len();
    }
    if b[pos..].starts_with(pat) {
        return pos;
    }
    let mut needle = [b'\n'; 4];
    needle[1..=pat.len()].copy_from_slice(pat);
    match memchr::memmem::find(&b[pos..], &needle[..=pat.len()]) {
        Some(k) => pos + k + 1,
        None => b.len(),
    }
}

/// The position of the newline ending the line at `pos` (or the end),
/// eight bytes at a time.
#[inline]
fn line_end(b: &[u8], mut pos: usize) -> usize {
    const LO: u64 = 0x0101_0101_0101_0101;
    const HI: u64 = 0x8080_8080_8080_8080;
    const NL: u64 = LO * b'\n' as u64;
    while pos + 8 <= b.len() {
        let w = u64::from_le_bytes([
            b[pos],
            b[pos + 1],
            b[pos + 2],
            b[pos + 3],
            b[pos + 4],
            b[pos + 5],
            b[pos + 6],
            b[pos + 7],
        ]) ^ NL;
        let z = w.wrapping_sub(LO) & !w & HI;
        if z != 0 {
            return pos + (z.trailing_zeros() / 8) as usize;
        }
        pos += 8;
    }
    while pos < b.len() && b[pos] != b'\n' {
        pos += 1;
    }
    pos
}

fn trim_cr(l: &[u8]) -> &[u8] {
    l.strip_suffix(b"\r").unwrap_or(l)
}

fn is_blank_or_comment(l: &[u8]) -> bool {
    let t = l.trim_ascii_start();
    t.is_empty() || t[0] == b'#'
}

/// The name of the section whose `---` line ends at `pos`: the first line
/// that is not blank or a comment must be `name: NAME`.
fn section_name(b: &[u8], mut pos: usize) -> Result<String, ParseError> {
    while pos < b.len() {
        let end = b[pos..]
            .iter()
            .position(|&c| c == b'\n')
            .map_or(b.len(), |p| pos + p);
        let line = trim_cr(&b[pos..end]);
        if is_blank_or_comment(line) {
            pos = end + 1;
            continue;
        }
        let Some(rest) = line.strip_prefix(b"name:") else {
            return Err(ParseError::new(
                pos as u32,
                "expected 'name: NAME' after '---'",
            ));
        };
        let name = rest.trim_ascii();
        if name.is_empty() {
            return Err(ParseError::new(
                (pos + 5) as u32,
                "expected a function name after 'name:'",
            ));
        }
        return Ok(String::from_utf8_lossy(name).into_owned());
    }
    Err(ParseError::new(
        b.len() as u32,
        "expected 'name: NAME' after '---'",
    ))
}

/// The text for the IR parser: the file with every byte outside the module
/// section blanked (newlines kept) and cut after the module, so offsets and
/// line numbers of IR errors are the file's.
pub fn module_source(text: &str, s: &MirSections) -> String {
    let end = s.module.end.min(text.len());
    let start = s.module.start.min(end);
    let mut out = String::with_capacity(end);
    out.extend(
        text.as_bytes()[..start]
            .iter()
            .map(|&c| if c == b'\n' { '\n' } else { ' ' }),
    );
    out.push_str(text.get(start..end).unwrap_or(""));
    out
}

/// Reads one function section into `mf` (cleared first). The function is
/// looked up by the section's name in `m` and must be defined there.
/// Builds the name lookups for this call; use a [`Reader`] to read many.
pub fn read_function(
    text: &str,
    section: &FunctionSection,
    m: &Module,
    t: &dyn TargetInfo,
    mf: &mut MachFunction,
) -> Result<(), ParseError> {
    Reader::new(m, t).read_function(text, section, mf)
}

/// The lookups a function section is read with (opcode, register, class
/// names of the target; global names of the module), built once for a
/// module and reused for each of its functions.
pub struct Reader<'a> {
    pub(crate) m: &'a Module,
    pub(crate) t: &'a dyn TargetInfo,
    pub(crate) names: std::sync::Arc<Names>,
    pub(crate) globals: names::HashMap<&'a str, GlobalId>,
    /// Unnamed globals (`@N`), in order.
    pub(crate) unnamed: Vec<GlobalId>,
}

impl<'a> Reader<'a> {
    pub fn new(m: &'a Module, t: &'a dyn TargetInfo) -> Self {
        let mut globals = names::HashMap::with_capacity_and_hasher(m.globals.len(), names::FxBuild);
        let mut unnamed = Vec::new();
        for (id, g) in m.globals.iter() {
            if g.name.is_none() {
                unnamed.push(id);
            } else {
                globals.entry(m.str(g.name)).or_insert(id);
            }
        }
        Reader {
            m,
            t,
            names: Names::for_target(t),
            globals,
            unnamed,
        }
    }

    /// [`read_function`] with these lookups.
    pub fn read_function(
        &self,
        text: &str,
        section: &FunctionSection,
        mf: &mut MachFunction,
    ) -> Result<(), ParseError> {
        // Errors about the function point at its name.
        let start = text
            .get(section.range.clone())
            .and_then(|t| t.find("name:"))
            .map_or(section.range.start, |p| section.range.start + p + 5);
        let start = (start + usize::from(text.as_bytes().get(start) == Some(&b' '))) as u32;
        let unnamed = || {
            section
                .name
                .parse::<usize>()
                .ok()
                .and_then(|k| self.unnamed.get(k).copied())
        };
        let g = match self
            .globals
            .get(section.name.as_str())
            .copied()
            .or_else(unnamed)
        {
            Some(g) => g,
            None => {
                return Err(ParseError::new(
                    start,
                    format!("no function '@{}' in the module", section.name),
                ))
            }
        };
        if self.m.body(g).is_none() {
            return Err(ParseError::new(
                start,
                format!(
                    "'@{}' is not a function defined in the module",
                    section.name
                ),
            ));
        }
        mf.clear(g);
        let end = section.range.end.min(text.len());
        let begin = section.range.start.min(end);
        read::read_section(self, text, begin..end, mf)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn line_end_finds_every_newline() {
        let t = b"0123456789abcdef\n0\n\n0123456\n01234567";
        let mut pos = 0;
        let mut ends = Vec::new();
        while pos < t.len() {
            let e = line_end(t, pos);
            ends.push(e);
            pos = e + 1;
        }
        assert_eq!(ends, vec![16, 18, 19, 27, t.len()]);
    }

    #[test]
    fn module_ends_only_at_a_line_of_three_dots_or_dashes() {
        let t = "--- |\n....\n; ...\n x\n...\n---\nname: f\nbody:\n";
        let s = split(t).unwrap();
        assert_eq!(&t[s.module.clone()], "....\n; ...\n x\n");
        assert_eq!(s.functions.len(), 1);
        let t = "--- |\nabc\n---\nname: f\nbody:\n-x\n";
        let s = split(t).unwrap();
        assert_eq!(&t[s.module.clone()], "abc\n");
        assert_eq!(s.functions[0].range.end, t.len());
        assert_eq!(next_line_starting(b"ab\n-c\n-", 0, b"-"), 3);
        assert_eq!(next_line_starting(b"-ab", 0, b"-"), 0);
        assert_eq!(next_line_starting(b"ab", 0, b"-"), 2);
    }

    #[test]
    fn split_finds_module_and_functions() {
        let mut t = String::new();
        write_header(&mut t, "define void @f() {\n  ret void\n}");
        t.push_str("---\nname: f\nbody:\n---\n# c\nname: \"g h\"\nbody:\n");
        let s = split(&t).unwrap();
        assert_eq!(&t[s.module.clone()], "define void @f() {\n  ret void\n}\n");
        let names: Vec<&str> = s.functions.iter().map(|f| f.name.as_str()).collect();
        assert_eq!(names, ["f", "\"g h\""]);
        assert!(t[s.functions[0].range.clone()].ends_with("body:\n"));
        assert_eq!(s.functions[1].range.end, t.len());
        let src = module_source(&t, &s);
        assert_eq!(src.len(), s.module.end);
        assert!(src.starts_with("         \n     \n"));
        assert!(split("junk\n---\nname: f\n").is_err());
        assert!(split("---\nname: f\n--- |\n").is_err());
        assert!(split("---\n\n").is_err());
    }
}
