//! The GNU x86-64 AT&T assembly parser behind `rcc-mc`: statements, labels,
//! directives, expressions and instruction operands, driving any
//! [`Streamer`]. Instructions are matched by the target's matcher.
//!
//! Errors are collected per statement (`file:line:col: error: msg` plus the
//! offending line) and parsing continues with the next statement, like
//! llvm-mc; nothing here panics on malformed input.

mod cursor;

use cursor::{statements, Cursor};
use rcc_mc::section::{shf, sht, Section};
use rcc_mc::{
    BinOp, Cfi, Disp, Expr, ExprId, MemRef, Reg, SectionId, Streamer, SymbolAttr, SymbolType,
    VariantKind,
};
use rcc_targets::x86_64::matcher::{self, AsmOperand, ParsedOperand};
use rcc_targets::x86_64::{desc, regs};
use std::fmt;

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

type PResult<T> = Result<T, (usize, String)>;

/// Parses `src` and drives `s`. Returns every error found.
pub fn assemble(src: &str, file: &str, s: &mut dyn Streamer) -> Result<(), Vec<AsmError>> {
    if s.current_section().is_none() {
        let text = s.ctx().text();
        s.switch_section(text);
    }
    let mut p = Parser {
        s,
        section_stack: Vec::new(),
        previous: None,
    };
    let mut errors = Vec::new();
    for (ln, line) in src.lines().enumerate() {
        for (col, stmt) in statements(line) {
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
    }
    if errors.is_empty() {
        Ok(())
    } else {
        Err(errors)
    }
}

struct Parser<'s> {
    s: &'s mut dyn Streamer,
    section_stack: Vec<Option<SectionId>>,
    previous: Option<SectionId>,
}

fn err<T>(c: &Cursor<'_>, msg: impl Into<String>) -> PResult<T> {
    Err((c.col(), msg.into()))
}

/// DWARF register number of an x86-64 register (for `.cfi_*`).
fn dwarf_reg(r: Reg) -> Option<u16> {
    use regs::*;
    let order = [
        RAX, RDX, RCX, RBX, RSI, RDI, RBP, RSP, R8, R9, R10, R11, R12, R13, R14, R15, RIP,
    ];
    if let Some(i) = order.iter().position(|&x| x == r) {
        return Some(i as u16);
    }
    let info = desc::reg_info(r);
    if info.name.starts_with("XMM") {
        return Some(17 + u16::from(info.enc));
    }
    // 32-bit names map to their 64-bit register.
    let sup = desc::REG_INFO
        .iter()
        .position(|q| q.subregs[3] == r.0)
        .map(|i| Reg(i as u16))?;
    dwarf_reg(sup)
}

impl Parser<'_> {
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
            return self.instruction(c);
        }
    }

    // ------------------------------------------------------------ exprs

    fn expr(&mut self, c: &mut Cursor<'_>) -> PResult<ExprId> {
        self.binary(c, 0)
    }

    fn binop(c: &mut Cursor<'_>) -> Option<(BinOp, u8, usize)> {
        c.ws();
        let r = c.rest();
        let two = |s: &str| r.starts_with(s);
        Some(if two("<<") {
            (BinOp::Shl, 5, 2)
        } else if two(">>") {
            (BinOp::Shr, 5, 2)
        } else {
            match r.chars().next()? {
                '|' => (BinOp::Or, 1, 1),
                '^' => (BinOp::Xor, 2, 1),
                '&' => (BinOp::And, 3, 1),
                '+' => (BinOp::Add, 6, 1),
                '-' => (BinOp::Sub, 6, 1),
                '*' => (BinOp::Mul, 7, 1),
                '/' => (BinOp::Div, 7, 1),
                '%' => (BinOp::Mod, 7, 1),
                _ => return None,
            }
        })
    }

    fn binary(&mut self, c: &mut Cursor<'_>, min: u8) -> PResult<ExprId> {
        let mut lhs = self.unary(c)?;
        while let Some((op, prec, len)) = Self::binop(c) {
            if prec < min {
                break;
            }
            // `%reg` after an operator is not a modulo: stop.
            if op == BinOp::Mod
                && c.rest()[1..]
                    .trim_start()
                    .starts_with(|ch: char| ch.is_ascii_alphabetic())
            {
                break;
            }
            c.pos += len;
            let rhs = self.binary(c, prec + 1)?;
            lhs = self.fold(Expr::Binary(op, lhs, rhs));
        }
        Ok(lhs)
    }

    fn fold(&mut self, e: Expr) -> ExprId {
        let ctx = self.s.ctx();
        let id = ctx.expr(e);
        match ctx.exprs.as_constant(id) {
            Some(v) if !matches!(e, Expr::Constant(_)) => ctx.exprs.constant(v),
            _ => id,
        }
    }

    fn unary(&mut self, c: &mut Cursor<'_>) -> PResult<ExprId> {
        c.ws();
        match c.peek() {
            Some('-') => {
                c.pos += 1;
                let a = self.unary(c)?;
                Ok(self.fold(Expr::Neg(a)))
            }
            Some('~') => {
                c.pos += 1;
                let a = self.unary(c)?;
                Ok(self.fold(Expr::Not(a)))
            }
            Some('+') => {
                c.pos += 1;
                self.unary(c)
            }
            Some('(') => {
                c.pos += 1;
                let e = self.expr(c)?;
                if !c.eat(')') {
                    return err(c, "expected ')' in parentheses expression");
                }
                Ok(e)
            }
            Some('.') if !c.peek2().is_some_and(cursor::ident_char) => {
                c.pos += 1;
                let ctx = self.s.ctx();
                let t = ctx.temp_symbol();
                self.s.emit_label(t).map_err(|e| (c.col(), e.to_string()))?;
                Ok(self.s.ctx().sym_ref(t, VariantKind::None))
            }
            _ => {
                if let Some(n) = c.number() {
                    let v = n.map_err(|m| (c.col(), m))?;
                    return Ok(self.s.ctx().exprs.constant(v));
                }
                let col = c.col();
                let Some(name) = c.ident() else {
                    return err(c, "unknown token in expression");
                };
                let mut variant = VariantKind::None;
                if c.peek() == Some('@') {
                    c.pos += 1;
                    let v = c
                        .ident()
                        .ok_or((c.col(), "expected symbol variant after '@'".to_string()))?;
                    variant =
                        VariantKind::parse(v).ok_or((col, format!("invalid variant '{v}'")))?;
                }
                let ctx = self.s.ctx();
                let sym = ctx.symbol(name);
                Ok(ctx.sym_ref(sym, variant))
            }
        }
    }

    fn abs(&mut self, c: &mut Cursor<'_>) -> PResult<i64> {
        let col = c.col();
        let e = self.expr(c)?;
        self.s
            .ctx()
            .exprs
            .as_constant(e)
            .ok_or((col, "expected absolute expression".to_string()))
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

    // ------------------------------------------------------------ directives

    fn switch(&mut self, sec: SectionId) {
        self.previous = self.s.current_section();
        self.s.switch_section(sec);
    }

    fn directive(&mut self, name: &str, c: &mut Cursor<'_>, col: usize) -> PResult<()> {
        let mc = |r: Result<(), rcc_mc::McError>| r.map_err(|e| (col, e.to_string()));
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
                if let Some(Ok(s)) = c.string() {
                    if c.at_end() {
                        self.s.emit_file(&String::from_utf8_lossy(&s));
                        return Ok(());
                    }
                }
                self.s.emit_verbatim(&format!("\t.file\t{}", c.text.trim()));
                Ok(())
            }
            ".loc" | ".code64" | ".intel_syntax" | ".att_syntax" => {
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

    fn cfi_reg(&mut self, c: &mut Cursor<'_>) -> PResult<u16> {
        c.ws();
        if c.peek() == Some('%') {
            c.pos += 1;
            let n = c.ident().unwrap_or("");
            let r =
                matcher::register(n).ok_or((c.col(), format!("invalid register name '{n}'")))?;
            return dwarf_reg(r).ok_or((c.col(), "register has no DWARF number".to_string()));
        }
        let v = self.abs(c)?;
        u16::try_from(v).map_err(|_| (c.col(), "invalid register number".to_string()))
    }

    fn cfi(&mut self, name: &str, c: &mut Cursor<'_>, col: usize) -> PResult<()> {
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
            _ => return Err((col, format!("unsupported directive '{name}'"))),
        };
        self.s.emit_cfi(d).map_err(|e| (col, e.to_string()))?;
        Self::end(c)
    }

    fn section(&mut self, c: &mut Cursor<'_>) -> PResult<()> {
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
        let (mut ty, mut flags) = Section::defaults_for(&name);
        let mut entsize = 0;
        let mut group = None;
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
                    "unwind" => sht::X86_64_UNWIND,
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
                    if c.eat(',') {
                        let k = c.ident().unwrap_or("");
                        if k != "comdat" {
                            return err(c, "invalid group linkage");
                        }
                    }
                }
            }
        }
        let sec = self.s.ctx().section(&name, ty, flags, entsize, group);
        self.switch(sec);
        Self::end(c)
    }

    // ------------------------------------------------------------ instructions

    fn register(&mut self, c: &mut Cursor<'_>) -> PResult<Reg> {
        let col = c.col();
        if !c.eat('%') {
            return err(c, "expected register");
        }
        let n = c
            .ident()
            .ok_or((col, "invalid register name".to_string()))?;
        if n.eq_ignore_ascii_case("st") && c.eat('(') {
            let i = self.abs(c)?;
            if !c.eat(')') || !(0..8).contains(&i) {
                return Err((col, "invalid stack index".into()));
            }
            return matcher::register(&format!("st({i})"))
                .ok_or((col, "invalid register name".into()));
        }
        matcher::register(n).ok_or((col, "invalid register name".to_string()))
    }

    fn segment_number(r: Reg) -> Option<u8> {
        let i = desc::reg_info(r);
        matches!(i.name, "ES" | "CS" | "SS" | "DS" | "FS" | "GS").then_some(i.enc)
    }

    /// `(base, index, scale)` after the displacement.
    fn mem_tail(&mut self, c: &mut Cursor<'_>, disp: Disp, seg: Option<u8>) -> PResult<MemRef> {
        let mut base = Reg::NONE;
        let mut index = Reg::NONE;
        let mut scale = 1u8;
        c.ws();
        if c.peek() == Some('%') {
            base = self.register(c)?;
        }
        if c.eat(',') {
            c.ws();
            if c.peek() == Some('%') {
                index = self.register(c)?;
            }
            if c.eat(',') {
                let v = self.abs(c)?;
                scale = match v {
                    1 | 2 | 4 | 8 => v as u8,
                    _ => return err(c, "scale factor in address must be 1, 2, 4 or 8"),
                };
            }
        }
        if !c.eat(')') {
            return err(c, "unexpected token in memory operand");
        }
        Ok(MemRef::new(base, index, scale, disp).with_segment(seg))
    }

    fn disp_of(&mut self, e: ExprId) -> Disp {
        match self.s.ctx().exprs.as_constant(e) {
            Some(v) if i32::try_from(v).is_ok() || u32::try_from(v).is_ok() => Disp::Imm(v as i32),
            _ => Disp::Expr(e),
        }
    }

    fn operand(&mut self, c: &mut Cursor<'_>) -> PResult<ParsedOperand> {
        c.ws();
        let star = c.eat('*');
        c.ws();
        match c.peek() {
            Some('$') => {
                c.pos += 1;
                let e = self.expr(c)?;
                let value = self.s.ctx().exprs.as_constant(e);
                Ok(ParsedOperand {
                    op: AsmOperand::Imm { expr: e, value },
                    star,
                    abs: None,
                })
            }
            Some('%') => {
                let r = self.register(c)?;
                if c.eat(':') {
                    let seg = Self::segment_number(r)
                        .ok_or((c.col(), "invalid segment register".to_string()))?;
                    return self.memory(c, Some(seg), star);
                }
                Ok(ParsedOperand {
                    op: AsmOperand::Reg(r),
                    star,
                    abs: None,
                })
            }
            _ => self.memory(c, None, star),
        }
    }

    fn memory(
        &mut self,
        c: &mut Cursor<'_>,
        seg: Option<u8>,
        star: bool,
    ) -> PResult<ParsedOperand> {
        c.ws();
        // `(` starts the base/index part unless it is a parenthesised
        // displacement like `(8+4)(%rax)`.
        let is_tail = c.peek() == Some('(') && {
            let r = c.rest()[1..].trim_start();
            r.starts_with('%') || r.starts_with(',')
        };
        let mut abs = None;
        let disp = if is_tail {
            Disp::Imm(0)
        } else {
            let e = self.expr(c)?;
            abs = self.s.ctx().exprs.as_constant(e);
            self.disp_of(e)
        };
        c.ws();
        let m = if c.peek() == Some('(') {
            c.pos += 1;
            abs = None;
            self.mem_tail(c, disp, seg)?
        } else {
            MemRef::new(Reg::NONE, Reg::NONE, 1, disp).with_segment(seg)
        };
        Ok(ParsedOperand {
            op: AsmOperand::Mem(m),
            star,
            abs: abs.filter(|_| seg.is_none()),
        })
    }

    fn instruction(&mut self, c: &mut Cursor<'_>) -> PResult<()> {
        let col = c.col();
        let mnemonic = c.ident().ok_or((col, "expected instruction".to_string()))?;
        let lower = mnemonic.to_ascii_lowercase();
        // Prefixes written on the same line: `lock addl ...`, `rep movsb`.
        if matches!(
            lower.as_str(),
            "lock" | "rep" | "repe" | "repz" | "repne" | "repnz"
        ) && !c.at_end()
        {
            let inst = matcher::match_instruction(&lower, &[]).map_err(|e| (col, e.to_string()))?;
            self.s.emit_inst(&inst).map_err(|e| (col, e.to_string()))?;
            return self.instruction(c);
        }
        let mut ops: Vec<ParsedOperand> = Vec::new();
        if !c.at_end() {
            loop {
                ops.push(self.operand(c)?);
                if !c.eat(',') {
                    break;
                }
            }
            if !c.at_end() {
                return err(c, "unexpected token in argument list");
            }
        }
        let inst = matcher::match_instruction(&lower, &ops).map_err(|e| (col, e.to_string()))?;
        self.s.emit_inst(&inst).map_err(|e| (col, e.to_string()))
    }
}
