//! The assembly streamer: writes GNU as syntax that llvm-mc and GNU as
//! accept, optionally annotated with each instruction's encoding
//! (`# encoding: [0x48,0x89,0xc7]`, fixup bytes shown as `A`) like
//! `llvm-mc -show-encoding`.
//!
//! Invariant: the text re-assembles to the same bytes as the object
//! streamer would produce for the same calls.

use crate::context::MCContext;
use crate::dwarf_line::{DwarfFile, DwarfLoc};
use crate::expr::{ExprId, ExprWriter, SymbolId};
use crate::fixup::Fixup;
use crate::inst::MCInst;
use crate::section::{shf, sht, SectionId};
use crate::streamer::{Cfi, McError, Streamer, SymbolAttr};
use crate::symbol::SymbolType;
use crate::target::TargetBackend;
use std::fmt::Write as _;

/// Writes assembly text.
pub struct AsmStreamer<'t> {
    pub ctx: MCContext,
    target: &'t dyn TargetBackend,
    show_encoding: bool,
    intel: bool,
    out: String,
    cur: Option<SectionId>,
    bytes: Vec<u8>,
    fixups: Vec<Fixup>,
    /// A printed prefix (`lock`) and its bytes, waiting for the instruction
    /// it applies to.
    pending_prefix: Option<(String, Vec<u8>)>,
}

impl<'t> AsmStreamer<'t> {
    /// A streamer; `show_encoding` appends encodings as comments.
    pub fn new(target: &'t dyn TargetBackend, show_encoding: bool) -> Self {
        AsmStreamer {
            ctx: MCContext::new(),
            target,
            show_encoding,
            intel: false,
            out: String::new(),
            cur: None,
            bytes: Vec::new(),
            fixups: Vec::new(),
            pending_prefix: None,
        }
    }

    /// Prints instructions in Intel syntax (llvm-mc's
    /// `-output-asm-variant=1`); directives are unchanged.
    pub fn with_intel_syntax(mut self) -> Self {
        self.intel = true;
        self
    }

    /// The text written so far.
    pub fn finish(mut self) -> String {
        self.flush_prefix();
        self.out
    }

    /// Writes an instruction line with its comments: the encoding and
    /// fixups if asked for (bytes and fixups are in `self.bytes` and
    /// `self.fixups`), then the target's comments (`imm = 0x3E8`). The first
    /// comment goes at column 40 of the line, the rest on their own lines.
    fn write_inst(&mut self, mut text: String, inst_comments: &[String]) {
        let mut comments: Vec<String> = Vec::new();
        if self.show_encoding {
            let cells: Vec<String> = (0..self.bytes.len())
                .map(|i| {
                    let in_fixup = self.fixups.iter().any(|f| {
                        (f.offset as usize..f.offset as usize + f.kind.info(self.target).size)
                            .contains(&i)
                    });
                    if in_fixup {
                        "A".to_string()
                    } else {
                        format!("0x{:02x}", self.bytes[i])
                    }
                })
                .collect();
            comments.push(format!("encoding: [{}]", cells.join(",")));
            for f in &self.fixups {
                let mut v = self.expr_text(f.expr);
                if f.addend != 0 {
                    let _ = write!(v, "{:+}", f.addend);
                }
                comments.push(format!(
                    "  fixup A - offset: {}, value: {v}, kind: {}",
                    f.offset,
                    f.kind.info(self.target).name
                ));
            }
        }
        comments.extend_from_slice(inst_comments);
        for (k, c) in comments.iter().enumerate() {
            if k == 0 {
                // Pad to column 40 the way llvm-mc's formatted stream counts
                // columns: a tab moves to the next multiple of 8, but not at
                // all when already on one.
                let width = text.chars().fold(0usize, |w, ch| {
                    if ch == '\t' {
                        w + ((8 - (w & 7)) & 7)
                    } else {
                        w + 1
                    }
                });
                text.push_str(&" ".repeat(40usize.saturating_sub(width).max(1)));
            } else {
                text.push('\n');
                text.push_str(&" ".repeat(40));
            }
            text.push_str("# ");
            text.push_str(c);
        }
        self.out.push_str(&text);
        self.out.push('\n');
    }

    /// Writes a prefix that no instruction followed on its own line.
    fn flush_prefix(&mut self) {
        if let Some((text, bytes)) = self.pending_prefix.take() {
            self.bytes = bytes;
            self.fixups.clear();
            self.write_inst(text, &[]);
        }
    }

    fn expr_text(&self, e: ExprId) -> String {
        let mut s = String::new();
        self.ctx.write_expr(e, &mut s);
        s
    }

    /// A CFI register operand: `%name`, or the DWARF number if unnamed.
    fn cfi_reg(&self, n: u16) -> String {
        match self.target.dwarf_reg_name(n) {
            Some(name) => format!("%{name}"),
            None => n.to_string(),
        }
    }

    fn name(&self, s: SymbolId) -> std::borrow::Cow<'_, str> {
        crate::symbol::name_text(&self.ctx.symbols[s].name)
    }

    fn line(&mut self, s: &str) {
        self.flush_prefix();
        self.out.push_str(s);
        self.out.push('\n');
    }
}

/// A string literal as llvm-mc prints it: `\"`, `\\`, printable ASCII as
/// is, C escapes for `\b\f\n\r\t`, three-digit octal for the rest.
fn quoted(data: &[u8]) -> String {
    let mut s = String::with_capacity(data.len() + 2);
    s.push('"');
    for &b in data {
        match b {
            b'"' | b'\\' => {
                s.push('\\');
                s.push(b as char);
            }
            0x20..=0x7e => s.push(b as char),
            8 => s.push_str("\\b"),
            12 => s.push_str("\\f"),
            b'\n' => s.push_str("\\n"),
            b'\r' => s.push_str("\\r"),
            b'\t' => s.push_str("\\t"),
            _ => {
                let _ = write!(s, "\\{:03o}", b);
            }
        }
    }
    s.push('"');
    s
}

/// A section name as llvm-mc prints it: bare if it has only letters,
/// digits, `_` and `.`, else quoted (keeping existing escapes).
fn section_name(name: &str) -> String {
    if name
        .bytes()
        .all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'.')
    {
        return name.to_string();
    }
    let mut s = vec![b'"'];
    let b = name.as_bytes();
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            b'"' => s.extend_from_slice(b"\\\""),
            b'\\' if i + 1 == b.len() => s.extend_from_slice(b"\\\\"),
            b'\\' => {
                s.extend_from_slice(&b[i..i + 2]);
                i += 1;
            }
            c => s.push(c),
        }
        i += 1;
    }
    s.push(b'"');
    String::from_utf8_lossy(&s).into_owned()
}

fn flags_text(flags: u64) -> String {
    let mut s = String::new();
    for (bit, ch) in [
        (shf::ALLOC, 'a'),
        (shf::EXCLUDE, 'e'),
        (shf::EXECINSTR, 'x'),
        (shf::WRITE, 'w'),
        (shf::MERGE, 'M'),
        (shf::STRINGS, 'S'),
        (shf::TLS, 'T'),
        (shf::LINK_ORDER, 'o'),
        (shf::GROUP, 'G'),
        (0x20_0000, 'R'),
    ] {
        if flags & bit != 0 {
            s.push(ch);
        }
    }
    s
}

/// The `@type` of section type `t`; `unwind` is the target's unwind type.
fn type_text(t: u32, unwind: u32) -> &'static str {
    match t {
        sht::PROGBITS => "@progbits",
        sht::NOBITS => "@nobits",
        sht::NOTE => "@note",
        sht::INIT_ARRAY => "@init_array",
        sht::FINI_ARRAY => "@fini_array",
        sht::PREINIT_ARRAY => "@preinit_array",
        sht::LLVM_ADDRSIG => "@llvm_addrsig",
        _ if t == unwind => "@unwind",
        _ => "@progbits",
    }
}

impl Streamer for AsmStreamer<'_> {
    fn ctx(&mut self) -> &mut MCContext {
        &mut self.ctx
    }

    fn switch_section(&mut self, sec: SectionId) {
        if self.cur == Some(sec) {
            return;
        }
        self.cur = Some(sec);
        let s = &self.ctx.sections[sec];
        let text = if matches!(s.name.as_str(), ".text" | ".data" | ".bss")
            && s.group.is_none()
            && s.unique.is_none()
        {
            format!("\t{}", s.name)
        } else {
            let mut t = format!(
                "\t.section\t{},\"{}\",{}",
                section_name(&s.name),
                flags_text(s.flags),
                type_text(s.sh_type, self.target.unwind_section_type())
            );
            if s.flags & shf::MERGE != 0 {
                let _ = write!(t, ",{}", s.entsize);
            }
            if let Some(l) = s.link.expand() {
                let _ = write!(t, ",{}", section_name(&self.ctx.sections[l].name));
            }
            if let Some(g) = s.group.expand() {
                let _ = write!(t, ",{},comdat", self.name(g));
            }
            if let Some(u) = s.unique {
                let _ = write!(t, ",unique,{u}");
            }
            t
        };
        self.line(&text);
    }

    fn current_section(&self) -> Option<SectionId> {
        self.cur
    }

    fn emit_label(&mut self, sym: SymbolId) -> Result<(), McError> {
        let l = format!("{}:", self.name(sym));
        self.line(&l);
        Ok(())
    }

    fn emit_inst(&mut self, inst: &MCInst) -> Result<(), McError> {
        let mut text = String::from("\t");
        if self.intel {
            self.target.print_inst_intel(inst, &self.ctx, &mut text)
        } else {
            self.target.print_inst(inst, &self.ctx, &mut text)
        }
        .map_err(McError::Encode)?;
        // Encode even without -show-encoding: unencodable input is an error
        // in text output too.
        self.bytes.clear();
        self.fixups.clear();
        self.target
            .encode(inst, &mut self.bytes, &mut self.fixups)
            .map_err(McError::Encode)?;
        if self.target.is_prefix(inst) {
            self.flush_prefix();
            self.pending_prefix = Some((text, self.bytes.clone()));
            return Ok(());
        }
        if let Some((ptext, pbytes)) = self.pending_prefix.take() {
            // `lock\t\taddl ...` with the prefix bytes first, as llvm-mc.
            text = format!("{ptext}\t{text}");
            let n = pbytes.len() as u32;
            for f in &mut self.fixups {
                f.offset += n;
            }
            let mut bytes = pbytes;
            bytes.extend_from_slice(&self.bytes);
            self.bytes = bytes;
        }
        let mut comments = Vec::new();
        self.target.inst_comments(inst, &mut comments);
        self.write_inst(text, &comments);
        Ok(())
    }

    fn emit_bytes(&mut self, data: &[u8]) -> Result<(), McError> {
        // As llvm-mc: one byte as `.byte`, otherwise a quoted string,
        // `.asciz` when it ends in a NUL.
        let l = match data {
            [] => return Ok(()),
            [b] => format!("\t.byte\t{b}"),
            [body @ .., 0] => format!("\t.asciz\t{}", quoted(body)),
            _ => format!("\t.ascii\t{}", quoted(data)),
        };
        self.line(&l);
        Ok(())
    }

    fn emit_value(&mut self, e: ExprId, size: u8) -> Result<(), McError> {
        let d = match size {
            1 => ".byte",
            2 => ".short",
            4 => ".long",
            _ => ".quad",
        };
        let l = format!("\t{d}\t{}", self.expr_text(e));
        self.line(&l);
        Ok(())
    }

    fn emit_leb128(&mut self, e: ExprId, signed: bool) -> Result<(), McError> {
        let l = format!(
            "\t.{}leb128 {}",
            if signed { "s" } else { "u" },
            self.expr_text(e)
        );
        self.line(&l);
        Ok(())
    }

    fn emit_fill(&mut self, count: u64, value: u8) -> Result<(), McError> {
        let l = if value == 0 {
            format!("\t.zero\t{count}")
        } else {
            format!("\t.zero\t{count},{value}")
        };
        self.line(&l);
        Ok(())
    }

    fn emit_align(&mut self, align: u64, fill: Option<u8>, max: u64) -> Result<(), McError> {
        let mut l = format!("\t.p2align\t{}", align.trailing_zeros());
        match (fill, max) {
            (None, u64::MAX) => {}
            (Some(f), u64::MAX) => {
                let _ = write!(l, ", 0x{f:x}");
            }
            (None, m) => {
                let _ = write!(l, ", , {m}");
            }
            (Some(f), m) => {
                let _ = write!(l, ", 0x{f:x}, {m}");
            }
        }
        self.line(&l);
        Ok(())
    }

    fn emit_symbol_attr(&mut self, sym: SymbolId, attr: SymbolAttr) -> Result<(), McError> {
        let n = self.name(sym).to_string();
        let l = match attr {
            SymbolAttr::Global => format!("\t.globl\t{n}"),
            SymbolAttr::Local => format!("\t.local\t{n}"),
            SymbolAttr::Weak => format!("\t.weak\t{n}"),
            SymbolAttr::Hidden => format!("\t.hidden\t{n}"),
            SymbolAttr::Protected => format!("\t.protected\t{n}"),
            SymbolAttr::Internal => format!("\t.internal\t{n}"),
            SymbolAttr::Type(t) => {
                let t = match t {
                    SymbolType::Func => "@function",
                    SymbolType::Object => "@object",
                    SymbolType::Tls => "@tls_object",
                    SymbolType::GnuIndirectFunc => "@gnu_indirect_function",
                    _ => "@notype",
                };
                format!("\t.type\t{n},{t}")
            }
        };
        self.line(&l);
        Ok(())
    }

    fn emit_size(&mut self, sym: SymbolId, e: ExprId) -> Result<(), McError> {
        let l = format!("\t.size\t{}, {}", self.name(sym), self.expr_text(e));
        self.line(&l);
        Ok(())
    }

    fn emit_common(&mut self, sym: SymbolId, size: u64, align: u64) -> Result<(), McError> {
        let l = format!("\t.comm\t{},{size},{align}", self.name(sym));
        self.line(&l);
        Ok(())
    }

    fn emit_assignment(&mut self, sym: SymbolId, e: ExprId) -> Result<(), McError> {
        let l = format!(".set {}, {}", self.name(sym), self.expr_text(e));
        self.line(&l);
        Ok(())
    }

    fn emit_cfi(&mut self, cfi: Cfi) -> Result<(), McError> {
        let l = match cfi {
            Cfi::StartProc => "\t.cfi_startproc".to_string(),
            Cfi::EndProc => "\t.cfi_endproc".to_string(),
            Cfi::DefCfa { reg, offset } => {
                format!("\t.cfi_def_cfa {}, {offset}", self.cfi_reg(reg))
            }
            Cfi::DefCfaOffset(o) => format!("\t.cfi_def_cfa_offset {o}"),
            Cfi::AdjustCfaOffset(o) => format!("\t.cfi_adjust_cfa_offset {o}"),
            Cfi::DefCfaRegister(r) => format!("\t.cfi_def_cfa_register {}", self.cfi_reg(r)),
            Cfi::Offset { reg, offset } => format!("\t.cfi_offset {}, {offset}", self.cfi_reg(reg)),
            Cfi::RelOffset { reg, offset } => {
                format!("\t.cfi_rel_offset {}, {offset}", self.cfi_reg(reg))
            }
            Cfi::Restore(r) => format!("\t.cfi_restore {}", self.cfi_reg(r)),
            Cfi::SameValue(r) => format!("\t.cfi_same_value {}", self.cfi_reg(r)),
            Cfi::Undefined(r) => format!("\t.cfi_undefined {}", self.cfi_reg(r)),
            Cfi::RememberState => "\t.cfi_remember_state".to_string(),
            Cfi::RestoreState => "\t.cfi_restore_state".to_string(),
            Cfi::Escape => return Err(McError::Unsupported(".cfi_escape".into())),
            Cfi::Personality { enc, sym } => {
                format!("\t.cfi_personality {enc}, {}", self.name(sym))
            }
            Cfi::Lsda { enc, sym } => format!("\t.cfi_lsda {enc}, {}", self.name(sym)),
        };
        self.line(&l);
        Ok(())
    }

    fn emit_file(&mut self, name: &str) {
        let l = format!("\t.file\t\"{name}\"");
        self.line(&l);
    }

    fn emit_ident(&mut self, text: &str) {
        let l = format!("\t.ident\t\"{text}\"");
        self.line(&l);
    }

    fn emit_addrsig(&mut self, sym: Option<SymbolId>) {
        let l = match sym {
            Some(s) => format!("\t.addrsig_sym {}", self.name(s)),
            None => "\t.addrsig".to_string(),
        };
        self.line(&l);
    }

    fn emit_dwarf_file(&mut self, n: u32, file: DwarfFile) -> Result<(), McError> {
        let mut l = format!("\t.file\t{n}");
        if let Some(d) = &file.dir {
            let _ = write!(l, " \"{d}\"");
        }
        let _ = write!(l, " \"{}\"", file.name);
        if let Some(m) = file.md5 {
            let _ = write!(l, " md5 0x");
            for b in m {
                let _ = write!(l, "{b:02x}");
            }
        }
        self.line(&l);
        Ok(())
    }

    fn emit_dwarf_loc(&mut self, loc: DwarfLoc) -> Result<(), McError> {
        use crate::dwarf_line::flags;
        let mut l = format!("\t.loc\t{} {} {}", loc.file, loc.line, loc.column);
        for (bit, name) in [
            (flags::BASIC_BLOCK, "basic_block"),
            (flags::PROLOGUE_END, "prologue_end"),
            (flags::EPILOGUE_BEGIN, "epilogue_begin"),
        ] {
            if loc.flags & bit != 0 {
                let _ = write!(l, " {name}");
            }
        }
        // is_stmt is inherited from the previous .loc when not written:
        // always spell it out.
        let _ = write!(l, " is_stmt {}", u8::from(loc.flags & flags::IS_STMT != 0));
        if loc.isa != 0 {
            let _ = write!(l, " isa {}", loc.isa);
        }
        if loc.discriminator != 0 {
            let _ = write!(l, " discriminator {}", loc.discriminator);
        }
        self.line(&l);
        Ok(())
    }

    fn emit_verbatim(&mut self, text: &str) {
        self.line(text);
    }
}
