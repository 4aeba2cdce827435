//! MIR files: machine functions as text, written after a pass and read
//! back before one (`-stop-after`, `-start-after`, `-run-pass`), in the
//! spirit of LLVM's `.mir` (the format is described in `docs/mir.md`).
//!
//! A file is an optional `--- |` module section holding the IR module text
//! verbatim (ended by a line `...`), then one section per machine function,
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
//! API (the driver relies on it): [`write_header`], [`write_function`],
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
use std::collections::HashMap;
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
    let mut in_module = false;
    let mut seen_function = false;
    while pos < b.len() {
        let end = b[pos..]
            .iter()
            .position(|&c| c == b'\n')
            .map_or(b.len(), |p| pos + p);
        let next = (end + 1).min(b.len());
        let line = trim_cr(&b[pos..end]);
        if in_module {
            if line == b"..." || line.starts_with(b"---") {
                s.module.end = pos;
                in_module = false;
                if line == b"..." {
                    pos = next;
                    continue;
                }
            } else {
                pos = next;
                continue;
            }
        }
        if line.starts_with(b"--- |") || line.starts_with(b"---|") {
            if seen_function || !s.module.is_empty() || in_module {
                return Err(ParseError::new(
                    pos as u32,
                    "the module section '--- |' must come first, once",
                ));
            }
            in_module = true;
            s.module = next..next;
        } else if line == b"---" || line.starts_with(b"--- ") {
            seen_function = true;
            if let Some(f) = s.functions.last_mut() {
                f.range.end = pos;
            }
            let name = section_name(b, next)?;
            s.functions.push(FunctionSection {
                name,
                range: pos..b.len(),
            });
        } else if !seen_function && !is_blank_or_comment(line) {
            return Err(ParseError::new(
                pos as u32,
                "expected '--- |' (module) or '---' (function section)",
            ));
        }
        pos = next;
    }
    if in_module {
        s.module.end = b.len();
    }
    Ok(s)
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
    out.push_str(&text[start..end]);
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
    pub(crate) globals: HashMap<&'a str, GlobalId>,
}

impl<'a> Reader<'a> {
    pub fn new(m: &'a Module, t: &'a dyn TargetInfo) -> Self {
        let mut globals = HashMap::with_capacity(m.globals.len());
        for (id, g) in m.globals.iter() {
            globals.entry(m.str(g.name)).or_insert(id);
        }
        Reader {
            m,
            t,
            names: Names::for_target(t),
            globals,
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
        let g = match self.globals.get(section.name.as_str()) {
            Some(&g) => g,
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
