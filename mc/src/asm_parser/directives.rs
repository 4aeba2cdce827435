//! Directives: sections, symbol attributes, data, alignment, `.set`,
//! `.comm`, `.file`/`.ident`/`.addrsig`, and `.cfi_*`.

use super::cursor::Cursor;
use super::{err, AsmParser, PResult};
use crate::dwarf_line::{DwarfFile, DwarfLoc};
use crate::section::{shf, sht, Section};
use crate::{Cfi, SectionId, SymbolAttr, SymbolType};

impl AsmParser<'_> {
    pub(super) fn switch(&mut self, sec: SectionId) {
        self.previous = self.s.current_section();
        self.s.switch_section(sec);
    }

    pub(super) fn directive(&mut self, name: &str, c: &mut Cursor<'_>, col: usize) -> PResult<()> {
        let mc = |r: Result<(), crate::McError>| r.map_err(|e| (col, e.to_string()));
        match name {
            ".text" | ".data" | ".bss" => {
                let sec = self.s.ctx().default_section(name);
                self.switch(sec);
                Self::end(c)
            }
            ".section" | ".pushsection" => {
                if name == ".pushsection" {
                    self.section_stack.push(self.s.current_section());
                }
                self.section(c)
            }
            ".popsection" => {
                let Some(prev) = self.section_stack.pop() else {
                    return err(c, ".popsection without corresponding .pushsection");
                };
                if let Some(p) = prev {
                    self.switch(p);
                }
                Ok(())
            }
            ".previous" => {
                if let Some(p) = self.previous {
                    self.switch(p);
                }
                Ok(())
            }
            ".globl" | ".global" | ".local" | ".weak" | ".hidden" | ".protected" | ".internal" => {
                let attr = match name {
                    ".globl" | ".global" => SymbolAttr::Global,
                    ".local" => SymbolAttr::Local,
                    ".weak" => SymbolAttr::Weak,
                    ".hidden" => SymbolAttr::Hidden,
                    ".protected" => SymbolAttr::Protected,
                    _ => SymbolAttr::Internal,
                };
                loop {
                    let n = self.symbol_name(c)?;
                    let sym = self.s.ctx().symbol(n);
                    mc(self.s.emit_symbol_attr(sym, attr))?;
                    if !c.eat(',') {
                        return Self::end(c);
                    }
                }
            }
            ".type" => {
                let n = self.symbol_name(c)?;
                Self::comma(c)?;
                c.ws();
                if matches!(c.peek(), Some('@' | '%')) {
                    c.pos += 1;
                }
                let t = c.ident().unwrap_or("");
                let ty = match t {
                    "function" | "STT_FUNC" => SymbolType::Func,
                    "object" | "STT_OBJECT" => SymbolType::Object,
                    "tls_object" | "STT_TLS" => SymbolType::Tls,
                    "notype" | "STT_NOTYPE" => SymbolType::NoType,
                    "gnu_indirect_function" => SymbolType::GnuIndirectFunc,
                    _ => return err(c, "unsupported attribute in '.type' directive"),
                };
                let sym = self.s.ctx().symbol(n);
                mc(self.s.emit_symbol_attr(sym, SymbolAttr::Type(ty)))?;
                Self::end(c)
            }
            ".size" => {
                let n = self.symbol_name(c)?;
                Self::comma(c)?;
                let e = self.expr(c)?;
                let sym = self.s.ctx().symbol(n);
                mc(self.s.emit_size(sym, e))?;
                Self::end(c)
            }
            ".p2align" | ".p2alignw" | ".p2alignl" | ".align" | ".balign" => {
                let v = self.abs(c)?;
                let align = if name.starts_with(".p2align") {
                    if !(0..=32).contains(&v) {
                        return err(c, "invalid alignment value");
                    }
                    1u64 << v
                } else {
                    if v <= 0 || !(v as u64).is_power_of_two() {
                        return err(c, "alignment must be a power of 2");
                    }
                    v as u64
                };
                let mut fill = None;
                let mut max = u64::MAX;
                if c.eat(',') {
                    c.ws();
                    if c.peek() != Some(',') {
                        fill = Some(self.abs(c)? as u8);
                    }
                    if c.eat(',') {
                        max = self.abs(c)? as u64;
                    }
                }
                mc(self.s.emit_align(align, fill, max))?;
                Self::end(c)
            }
            ".byte" | ".short" | ".value" | ".2byte" | ".word" | ".long" | ".int" | ".4byte"
            | ".quad" | ".8byte" => {
                let size = match name {
                    ".byte" => 1,
                    ".short" | ".value" | ".2byte" | ".word" => 2,
                    ".long" | ".int" | ".4byte" => 4,
                    _ => 8,
                };
                if c.at_end() {
                    return Ok(());
                }
                loop {
                    let vc = c.col();
                    let e = self.expr(c)?;
                    self.s
                        .emit_value(e, size)
                        .map_err(|e| (vc, e.to_string()))?;
                    if !c.eat(',') {
                        return Self::end(c);
                    }
                }
            }
            ".uleb128" | ".sleb128" => loop {
                let vc = c.col();
                let e = self.expr(c)?;
                self.s
                    .emit_leb128(e, name == ".sleb128")
                    .map_err(|e| (vc, e.to_string()))?;
                if !c.eat(',') {
                    return Self::end(c);
                }
            },
            ".ascii" | ".asciz" | ".string" => loop {
                let Some(sv) = c.string() else {
                    return err(c, "expected string in directive");
                };
                let mut bytes = sv.map_err(|m| (c.col(), m))?;
                if name != ".ascii" {
                    bytes.push(0);
                }
                mc(self.s.emit_bytes(&bytes))?;
                if !c.eat(',') {
                    return Self::end(c);
                }
            },
            ".zero" | ".skip" | ".space" => {
                let n = self.abs(c)?;
                let fill = if c.eat(',') { self.abs(c)? as u8 } else { 0 };
                if n < 0 {
                    return err(c, "negative size");
                }
                mc(self.s.emit_fill(n as u64, fill))?;
                Self::end(c)
            }
            ".fill" => {
                let n = self.abs(c)?;
                let size = if c.eat(',') { self.abs(c)? } else { 1 };
                let value = if c.eat(',') { self.abs(c)? } else { 0 };
                if !(0..=1 << 24).contains(&n) || !(0..=8).contains(&size) {
                    return err(c, "invalid .fill arguments");
                }
                let bytes = value.to_le_bytes();
                for _ in 0..n {
                    mc(self.s.emit_bytes(&bytes[..size as usize]))?;
                }
                Self::end(c)
            }
            ".comm" | ".lcomm" => {
                let n = self.symbol_name(c)?;
                Self::comma(c)?;
                let size = self.abs(c)?;
                let align = if c.eat(',') { self.abs(c)? } else { 1 };
                if size < 0 || align < 0 {
                    return err(c, "invalid .comm arguments");
                }
                let sym = self.s.ctx().symbol(n);
                if name == ".lcomm" {
                    mc(self.s.emit_symbol_attr(sym, SymbolAttr::Local))?;
                }
                mc(self.s.emit_common(sym, size as u64, align as u64))?;
                Self::end(c)
            }
            ".set" | ".equ" => {
                let n = self.symbol_name(c)?;
                Self::comma(c)?;
                let e = self.expr(c)?;
                let sym = self.s.ctx().symbol(n);
                mc(self.s.emit_assignment(sym, e))?;
                Self::end(c)
            }
            ".file" => {
                c.ws();
                let start = c.pos;
                if let Some(Ok(s)) = c.string() {
                    if c.at_end() {
                        self.s.emit_file(&String::from_utf8_lossy(&s));
                        return Ok(());
                    }
                }
                c.pos = start;
                self.dwarf_file(c, col)
            }
            ".loc" => self.dwarf_loc(c, col),
            ".code64" | ".intel_syntax" | ".att_syntax" => {
                if name == ".intel_syntax" {
                    return err(c, "Intel syntax is not supported");
                }
                self.s.emit_verbatim(&format!("\t{}", c.text.trim()));
                Ok(())
            }
            ".ident" => {
                let Some(sv) = c.string() else {
                    return err(c, "expected string in '.ident' directive");
                };
                let s = sv.map_err(|m| (c.col(), m))?;
                self.s.emit_ident(&String::from_utf8_lossy(&s));
                Self::end(c)
            }
            ".addrsig" => {
                self.s.emit_addrsig(None);
                Self::end(c)
            }
            ".addrsig_sym" => {
                let n = self.symbol_name(c)?;
                let sym = self.s.ctx().symbol(n);
                self.s.emit_addrsig(Some(sym));
                Self::end(c)
            }
            _ if name.starts_with(".cfi_") => self.cfi(name, c, col),
            _ => err(c, format!("unknown directive '{name}'")).map_err(|(_, m)| (col, m)),
        }
    }

    /// `.file N ["dir"] "name" [md5 0x...]`.
    pub(super) fn dwarf_file(&mut self, c: &mut Cursor<'_>, col: usize) -> PResult<()> {
        let n = self.abs(c)?;
        let n = u32::try_from(n).map_err(|_| (col, "file number less than one".to_string()))?;
        let mut strs = Vec::new();
        while let Some(s) = c.string() {
            strs.push(String::from_utf8_lossy(&s.map_err(|m| (c.col(), m))?).into_owned());
        }
        let (dir, name) = match strs.len() {
            1 => (None, strs.remove(0)),
            2 => {
                let name = strs.remove(1);
                (Some(strs.remove(0)), name)
            }
            _ => return err(c, "expected file name"),
        };
        let mut md5 = None;
        if let Some(k) = c.ident() {
            if k != "md5" {
                return err(c, format!("unexpected token '{k}' in '.file' directive"));
            }
            c.ws();
            let hex = c.rest().trim().trim_start_matches("0x");
            if hex.len() != 32 || !hex.chars().all(|ch| ch.is_ascii_hexdigit()) {
                return err(c, "MD5 checksum specified, but no file name");
            }
            let mut m = [0u8; 16];
            for (k, b) in m.iter_mut().enumerate() {
                *b = u8::from_str_radix(&hex[2 * k..2 * k + 2], 16).unwrap_or(0);
            }
            md5 = Some(m);
            c.pos = c.text.len();
        }
        Self::end(c)?;
        self.s
            .emit_dwarf_file(n, DwarfFile { dir, name, md5 })
            .map_err(|e| (col, e.to_string()))
    }

    /// `.loc file line [column] [flags...]`; `is_stmt` carries over from the
    /// previous `.loc` when not given, as in GNU as.
    pub(super) fn dwarf_loc(&mut self, c: &mut Cursor<'_>, col: usize) -> PResult<()> {
        use crate::dwarf_line::flags;
        let file = u32::try_from(self.abs(c)?)
            .map_err(|_| (col, "file number less than one".to_string()))?;
        let line = u32::try_from(self.abs(c)?)
            .map_err(|_| (col, "line numbers must be positive".to_string()))?;
        let mut loc = DwarfLoc {
            file,
            line,
            ..DwarfLoc::default()
        };
        c.ws();
        if c.peek().is_some_and(|ch| ch.is_ascii_digit()) {
            loc.column = u32::try_from(self.abs(c)?)
                .map_err(|_| (col, "column position less than zero".to_string()))?;
        }
        let mut is_stmt = self.loc_is_stmt;
        while let Some(k) = c.ident() {
            match k {
                "basic_block" => loc.flags |= flags::BASIC_BLOCK,
                "prologue_end" => loc.flags |= flags::PROLOGUE_END,
                "epilogue_begin" => loc.flags |= flags::EPILOGUE_BEGIN,
                "is_stmt" => is_stmt = self.abs(c)? != 0,
                "isa" => {
                    loc.isa = u32::try_from(self.abs(c)?)
                        .map_err(|_| (col, "isa number less than zero".to_string()))?
                }
                "discriminator" => {
                    loc.discriminator = u32::try_from(self.abs(c)?)
                        .map_err(|_| (col, "discriminator less than zero".to_string()))?
                }
                _ => return err(c, format!("unknown sub-directive in '.loc' directive: {k}")),
            }
        }
        Self::end(c)?;
        self.loc_is_stmt = is_stmt;
        if is_stmt {
            loc.flags |= flags::IS_STMT;
        }
        self.s.emit_dwarf_loc(loc).map_err(|e| (col, e.to_string()))
    }

    pub(super) fn cfi_reg(&mut self, c: &mut Cursor<'_>) -> PResult<u16> {
        c.ws();
        if c.peek() == Some('%') {
            c.pos += 1;
            let n = c.ident().unwrap_or("");
            let r = self
                .target
                .register(n)
                .ok_or((c.col(), format!("invalid register name '{n}'")))?;
            return self
                .target
                .dwarf_number(r)
                .ok_or((c.col(), "register has no DWARF number".to_string()));
        }
        let v = self.abs(c)?;
        u16::try_from(v).map_err(|_| (c.col(), "invalid register number".to_string()))
    }

    pub(super) fn cfi(&mut self, name: &str, c: &mut Cursor<'_>, col: usize) -> PResult<()> {
        let d = match name {
            ".cfi_startproc" => {
                c.ident();
                Cfi::StartProc
            }
            ".cfi_endproc" => Cfi::EndProc,
            ".cfi_def_cfa" => {
                let reg = self.cfi_reg(c)?;
                Self::comma(c)?;
                Cfi::DefCfa {
                    reg,
                    offset: self.abs(c)?,
                }
            }
            ".cfi_def_cfa_offset" => Cfi::DefCfaOffset(self.abs(c)?),
            ".cfi_adjust_cfa_offset" => Cfi::AdjustCfaOffset(self.abs(c)?),
            ".cfi_def_cfa_register" => Cfi::DefCfaRegister(self.cfi_reg(c)?),
            ".cfi_offset" | ".cfi_rel_offset" => {
                let reg = self.cfi_reg(c)?;
                Self::comma(c)?;
                let offset = self.abs(c)?;
                if name == ".cfi_offset" {
                    Cfi::Offset { reg, offset }
                } else {
                    Cfi::RelOffset { reg, offset }
                }
            }
            ".cfi_restore" => Cfi::Restore(self.cfi_reg(c)?),
            ".cfi_same_value" => Cfi::SameValue(self.cfi_reg(c)?),
            ".cfi_undefined" => Cfi::Undefined(self.cfi_reg(c)?),
            ".cfi_remember_state" => Cfi::RememberState,
            ".cfi_restore_state" => Cfi::RestoreState,
            ".cfi_personality" | ".cfi_lsda" => {
                let enc = self.abs(c)?;
                let enc = u8::try_from(enc)
                    .map_err(|_| (col, format!("invalid encoding {enc} in {name}")))?;
                Self::comma(c)?;
                let n = self.symbol_name(c)?;
                let sym = self.s.ctx().symbol(n);
                if name == ".cfi_personality" {
                    Cfi::Personality { enc, sym }
                } else {
                    Cfi::Lsda { enc, sym }
                }
            }
            _ => return Err((col, format!("unsupported directive '{name}'"))),
        };
        self.s.emit_cfi(d).map_err(|e| (col, e.to_string()))?;
        Self::end(c)
    }

    pub(super) fn section(&mut self, c: &mut Cursor<'_>) -> PResult<()> {
        c.ws();
        let name = match c.string() {
            Some(s) => String::from_utf8_lossy(&s.map_err(|m| (c.col(), m))?).into_owned(),
            None => {
                let start = c.pos;
                while let Some(ch) = c.peek().filter(|&ch| ch != ',' && ch != ' ' && ch != '\t') {
                    c.pos += ch.len_utf8();
                }
                c.text[start..c.pos].to_string()
            }
        };
        if name.is_empty() {
            return err(c, "expected section name");
        }
        let (mut ty, mut flags) = Section::defaults_for(&name, self.target.unwind_section_type());
        let mut entsize = 0;
        let mut group = None;
        let mut unique = None;
        if c.eat(',') {
            let Some(fs) = c.string() else {
                return err(c, "expected string in directive");
            };
            let fs = fs.map_err(|m| (c.col(), m))?;
            flags = 0;
            for f in fs {
                flags |= match f {
                    b'a' => shf::ALLOC,
                    b'w' => shf::WRITE,
                    b'x' => shf::EXECINSTR,
                    b'M' => shf::MERGE,
                    b'S' => shf::STRINGS,
                    b'G' => shf::GROUP,
                    b'T' => shf::TLS,
                    b'o' => shf::LINK_ORDER,
                    b'R' => 0x20_0000,
                    b'e' => shf::EXCLUDE,
                    _ => return err(c, "unknown flag"),
                };
            }
            if c.eat(',') {
                c.ws();
                if matches!(c.peek(), Some('@' | '%')) {
                    c.pos += 1;
                }
                let t = c.ident().unwrap_or("");
                ty = match t {
                    "progbits" => sht::PROGBITS,
                    "nobits" => sht::NOBITS,
                    "note" => sht::NOTE,
                    "init_array" => sht::INIT_ARRAY,
                    "fini_array" => sht::FINI_ARRAY,
                    "preinit_array" => sht::PREINIT_ARRAY,
                    "unwind" => self.target.unwind_section_type(),
                    "llvm_addrsig" => sht::LLVM_ADDRSIG,
                    _ => return err(c, "unknown section type"),
                };
                if flags & shf::MERGE != 0 {
                    Self::comma(c)?;
                    entsize = self.abs(c)? as u64;
                }
                if flags & shf::GROUP != 0 {
                    Self::comma(c)?;
                    let g = self.symbol_name(c)?;
                    group = Some(self.s.ctx().symbol(g));
                    let save = c.pos;
                    if c.eat(',') {
                        c.ws();
                        if c.ident() != Some("comdat") {
                            // Not a linkage: maybe `,unique,N`, read below.
                            c.pos = save;
                        }
                    }
                }
                if c.eat(',') {
                    c.ws();
                    if c.ident() != Some("unique") {
                        return err(c, "expected 'unique'");
                    }
                    Self::comma(c)?;
                    let n = self.abs(c)?;
                    if !(0..u32::MAX as i64).contains(&n) {
                        return err(c, "unique id must be a non-negative 32-bit integer");
                    }
                    unique = Some(n as u32);
                }
            }
        }
        let sec = self
            .s
            .ctx()
            .section_unique(&name, ty, flags, entsize, group, unique);
        self.switch(sec);
        Self::end(c)
    }
}
