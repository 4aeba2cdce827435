//! The target-independent GNU assembly parser (LLVM's `AsmParser`):
//! statements, labels, directives and expressions, driving any
//! [`Streamer`]. Instruction statements, registers and the target's section
//! type names go to the target's [`TargetAsmParser`] (LLVM's
//! `MCTargetAsmParser`), which parses operands with this parser's
//! [`Cursor`] and expression entry points ([`AsmParser::expr`],
//! [`AsmParser::abs`]).
//!
//! Errors are collected per statement (`file:line:col: error: msg` plus the
//! offending line) and parsing continues with the next statement, like
//! llvm-mc; nothing here panics on malformed input.

mod cursor;
mod directives;
mod expr;

use cursor::split_line;
pub use cursor::Cursor;

use crate::reg::Reg;
use crate::section::SectionId;
use crate::streamer::Streamer;
use std::fmt;

/// What a target adds to the generic parser.
pub trait TargetAsmParser: Sync {
    /// Parses one instruction statement (mnemonic and operands, `c` at the
    /// mnemonic) and emits it through `p`.
    fn instruction(&self, p: &mut AsmParser<'_>, c: &mut Cursor<'_>) -> PResult<()>;

    /// The register spelled `name` (without the `%`), for directives.
    fn register(&self, name: &str) -> Option<Reg>;

    /// The DWARF number of `r`, for `.cfi_*` directives.
    fn dwarf_number(&self, r: Reg) -> Option<u16>;

    /// The ELF section type `@unwind` names (and `.eh_frame` defaults to).
    fn unwind_section_type(&self) -> u32;
}

/// One diagnostic.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AsmError {
    pub file: String,
    pub line: usize,
    pub col: usize,
    pub msg: String,
    pub source: String,
}

impl fmt::Display for AsmError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "{}:{}:{}: error: {}",
            self.file, self.line, self.col, self.msg
        )?;
        writeln!(f, "{}", self.source)?;
        // Keep the line's tabs so the caret lines up under it.
        let pad: String = self
            .source
            .chars()
            .take(self.col.saturating_sub(1))
            .map(|c| if c == '\t' { '\t' } else { ' ' })
            .collect();
        write!(f, "{pad}^")
    }
}

/// A parse result: an error is (1-based column, message).
pub type PResult<T> = Result<T, (usize, String)>;

/// The parser as code generation's assembler of inline and module-level
/// asm ([`crate::AsmTextAssembler`]) for a target: errors name the line
/// within the asm text (`<inline asm>:2:5: error: ...`, like llc).
pub struct InlineAssembler<'t>(pub &'t dyn TargetAsmParser);

impl crate::AsmTextAssembler for InlineAssembler<'_> {
    fn assemble(&self, text: &str, s: &mut dyn Streamer) -> Result<(), String> {
        assemble_with(text, "<inline asm>", s, self.0, true).map_err(|errs| {
            errs.iter()
                .map(|e| e.to_string())
                .collect::<Vec<_>>()
                .join("\n")
        })
    }
}

/// Parses `src` for `target` and drives `s`. Returns every error found.
pub fn assemble(
    src: &str,
    file: &str,
    s: &mut dyn Streamer,
    target: &dyn TargetAsmParser,
) -> Result<(), Vec<AsmError>> {
    assemble_with(src, file, s, target, false)
}

/// [`assemble`]; with `keep_comments`, each `#` comment is passed on as a
/// verbatim line after its line's statements (llc keeps the comments of
/// inline asm in assembly output; objects ignore verbatim text).
fn assemble_with(
    src: &str,
    file: &str,
    s: &mut dyn Streamer,
    target: &dyn TargetAsmParser,
    keep_comments: bool,
) -> Result<(), Vec<AsmError>> {
    if s.current_section().is_none() {
        let text = s.ctx().text();
        s.switch_section(text);
    }
    let mut p = AsmParser {
        s,
        target,
        section_stack: Vec::new(),
        previous: None,
        loc_is_stmt: true,
    };
    let mut errors = Vec::new();
    for (ln, line) in src.lines().enumerate() {
        let (stmts, comment) = split_line(line);
        for (col, stmt) in stmts {
            let mut c = Cursor::new(stmt, col);
            if let Err((col, msg)) = p.statement(&mut c) {
                errors.push(AsmError {
                    file: file.to_string(),
                    line: ln + 1,
                    col,
                    msg,
                    source: line.to_string(),
                });
            }
        }
        if let Some(c) = comment.filter(|_| keep_comments) {
            p.s.emit_verbatim(&format!("\t{}", c.trim_end()));
        }
    }
    if errors.is_empty() {
        Ok(())
    } else {
        Err(errors)
    }
}

/// The parser's state while it drives one streamer.
pub struct AsmParser<'s> {
    s: &'s mut dyn Streamer,
    target: &'s dyn TargetAsmParser,
    section_stack: Vec<Option<SectionId>>,
    previous: Option<SectionId>,
    /// `is_stmt` of the last `.loc` (inherited by the next one).
    loc_is_stmt: bool,
}

/// An error at the cursor's column.
pub fn err<T>(c: &Cursor<'_>, msg: impl Into<String>) -> PResult<T> {
    Err((c.col(), msg.into()))
}

impl AsmParser<'_> {
    /// The streamer being driven.
    pub fn streamer(&mut self) -> &mut dyn Streamer {
        &mut *self.s
    }

    fn statement(&mut self, c: &mut Cursor<'_>) -> PResult<()> {
        loop {
            if c.at_end() {
                return Ok(());
            }
            let start = c.pos;
            let col = c.col();
            let Some(name) = c.ident() else {
                return err(c, "unexpected token at start of statement");
            };
            if c.eat(':') {
                let sym = self.s.ctx().symbol(name);
                self.s.emit_label(sym).map_err(|e| (col, e.to_string()))?;
                continue;
            }
            if c.eat('=') {
                let e = self.expr(c)?;
                let sym = self.s.ctx().symbol(name);
                return self
                    .s
                    .emit_assignment(sym, e)
                    .map_err(|e| (col, e.to_string()));
            }
            if name.starts_with('.') {
                return self.directive(name, c, col);
            }
            c.pos = start;
            let target = self.target;
            return target.instruction(self, c);
        }
    }

    fn symbol_name<'a>(&mut self, c: &mut Cursor<'a>) -> PResult<&'a str> {
        match c.ident() {
            Some(n) => Ok(n),
            None => err(c, "expected identifier in directive"),
        }
    }

    fn comma(c: &mut Cursor<'_>) -> PResult<()> {
        if c.eat(',') {
            Ok(())
        } else {
            err(c, "expected comma")
        }
    }

    fn end(c: &mut Cursor<'_>) -> PResult<()> {
        if c.at_end() {
            Ok(())
        } else {
            err(c, "unexpected token in directive")
        }
    }
}
