//! The object streamer: turns streamer calls into per-section fragments,
//! lays them out, relaxes branches until a fixpoint, resolves fixups and
//! hands sections, symbols and relocations to the ELF writer.
//!
//! Fragments: `Data` (bytes + fixups of many instructions/directives),
//! `Relaxable` (one instruction that may grow, e.g. `jmp` rel8 -> rel32),
//! `Align` and `Fill`. Labels point into fragments (fragment index +
//! offset), so their addresses follow layout changes.
//!
//! Invariants: fragment sizes only grow during relaxation, so the loop
//! terminates; after `finish`, every fixup is either written into the bytes
//! or turned into exactly one relocation.

use crate::cfi::CfiBuilder;
use crate::context::MCContext;
use crate::dwarf_line::{self, DwarfFile, DwarfLoc, LineTable};
use crate::elf::{self, ElfReloc};
use crate::expr::{BinOp, Expr, ExprId, SymbolId, VariantKind};
use crate::fixup::{Fixup, FixupKind};
use crate::inst::MCInst;
use crate::section::{shf, sht, SectionId};
use crate::streamer::{AssembledCode, Cfi, McError, Streamer, SymbolAttr};
use crate::symbol::{Binding, SymbolDef, SymbolType, Visibility};
use crate::target::TargetBackend;
use rcc_ir::entity::EntityId;

/// Largest fill or alignment accepted (bigger requests are errors, not
/// allocations).
const MAX_SECTION_SIZE: u64 = 1 << 32;

/// What a fragment holds.
#[derive(Clone, Debug)]
enum FragKind {
    Data,
    /// Boxed: fragments are many, relaxable ones few.
    Relaxable(Box<MCInst>),
    Align {
        align: u64,
        fill: Option<u8>,
        max: u64,
    },
    Fill {
        count: u64,
        value: u8,
    },
    /// A ULEB128/SLEB128 of an expression known only after layout (e.g. a
    /// label difference); `data` holds its current encoding, which never
    /// shrinks (it is padded instead) so layout converges.
    Leb {
        expr: ExprId,
        signed: bool,
    },
}

#[derive(Clone, Debug)]
struct Fragment {
    kind: FragKind,
    data: Vec<u8>,
    fixups: Vec<Fixup>,
    offset: u64,
}

impl Fragment {
    fn new(kind: FragKind) -> Fragment {
        Fragment {
            kind,
            data: Vec::new(),
            fixups: Vec::new(),
            offset: 0,
        }
    }

    fn size_at(&self, offset: u64) -> u64 {
        match self.kind {
            FragKind::Data | FragKind::Relaxable(_) | FragKind::Leb { .. } => {
                self.data.len() as u64
            }
            FragKind::Align { align, max, .. } => {
                let pad = (align - offset % align) % align;
                if pad > max {
                    0
                } else {
                    pad
                }
            }
            FragKind::Fill { count, .. } => count,
        }
    }
}

/// A symbol value after evaluation: `a - b + constant`.
#[derive(Copy, Clone, Debug)]
pub(crate) struct Value {
    pub a: Option<(SymbolId, VariantKind)>,
    pub b: Option<SymbolId>,
    pub constant: i64,
}

/// The object streamer.
pub struct ObjectStreamer<'t> {
    pub ctx: MCContext,
    pub(crate) target: &'t dyn TargetBackend,
    frags: Vec<Vec<Fragment>>,
    cur: Option<SectionId>,
    scratch: Vec<u8>,
    scratch_fixups: Vec<Fixup>,
    cfi: CfiBuilder,
    file_names: Vec<String>,
    idents: Vec<String>,
    addrsig: bool,
    lines: LineTable,
}

impl<'t> ObjectStreamer<'t> {
    /// A streamer writing an object for `target`.
    pub fn new(target: &'t dyn TargetBackend) -> Self {
        // As llvm-mc's `initSections`: `.text` exists from the start, first
        // among the sections, aligned to 4.
        let mut ctx = MCContext::new();
        let text = ctx.text();
        ctx.sections[text].align = 4;
        ObjectStreamer {
            ctx,
            target,
            frags: Vec::new(),
            cur: None,
            scratch: Vec::new(),
            scratch_fixups: Vec::new(),
            cfi: CfiBuilder::default(),
            file_names: Vec::new(),
            idents: Vec::new(),
            addrsig: false,
            lines: LineTable::default(),
        }
    }

    fn frags_of(&mut self, sec: SectionId) -> &mut Vec<Fragment> {
        if self.frags.len() <= sec.index() {
            self.frags.resize_with(sec.index() + 1, Vec::new);
        }
        &mut self.frags[sec.index()]
    }

    fn cur_sec(&self) -> Result<SectionId, McError> {
        self.cur.ok_or(McError::NoSection)
    }

    /// The current data fragment, starting one if the last is not data.
    fn data_frag(&mut self) -> Result<&mut Fragment, McError> {
        let sec = self.cur_sec()?;
        let frags = self.frags_of(sec);
        if !matches!(
            frags.last(),
            Some(Fragment {
                kind: FragKind::Data,
                ..
            })
        ) {
            frags.push(Fragment::new(FragKind::Data));
        }
        Ok(frags.last_mut().expect("just pushed"))
    }

    /// The position a label defined now would have.
    fn here(&mut self) -> Result<SymbolDef, McError> {
        let sec = self.cur_sec()?;
        let frag = self.data_frag()?;
        let offset = frag.data.len() as u64;
        let n = self.frags_of(sec).len() as u32 - 1;
        Ok(SymbolDef::Label {
            section: sec,
            frag: n,
            offset,
        })
    }

    /// The current position as a temporary label (for CFI).
    fn temp_label_here(&mut self) -> Result<SymbolId, McError> {
        let s = self.ctx.temp_symbol();
        self.emit_label(s)?;
        Ok(s)
    }

    /// Defines (undefined) `sym` at `def` in the current section.
    fn define_label(&mut self, sym: SymbolId, def: SymbolDef) -> Result<(), McError> {
        let tls = self.ctx.sections[self.cur_sec()?].flags & shf::TLS != 0;
        let s = &mut self.ctx.symbols[sym];
        s.def = def;
        // A label in a TLS section is a TLS symbol, whatever `.type` says.
        if tls {
            s.ty = SymbolType::Tls;
        }
        Ok(())
    }

    /// Records CFI directive `cfi` at `def` (a temporary label there).
    fn cfi_at(&mut self, cfi: Cfi, def: SymbolDef) -> Result<(), McError> {
        if !matches!(cfi, Cfi::StartProc | Cfi::EndProc) && !self.cfi.in_proc() {
            return Err(McError::Cfi(
                "this directive must appear between .cfi_startproc and .cfi_endproc directives"
                    .into(),
            ));
        }
        let l = self.ctx.temp_symbol();
        self.define_label(l, def)?;
        match cfi {
            Cfi::StartProc => {
                let sec = self.cur_sec()?;
                self.cfi.start(l, sec)
            }
            Cfi::EndProc => self.cfi.end(l),
            other => self.cfi.push(l, other),
        }
    }

    /// What precedes every instruction: the current section, and the row
    /// of a pending `.loc` placed here.
    fn start_inst(&mut self) -> Result<SectionId, McError> {
        let sec = self.cur_sec()?;
        if let Some(loc) = self.lines.pending.take() {
            let l = self.temp_label_here()?;
            self.lines.rows.push((sec, l, loc));
        }
        Ok(sec)
    }

    /// Appends an encoded instruction: its own fragment if it may need a
    /// larger form later (only one with a fixup can), else to the current
    /// data fragment.
    fn push_inst(
        &mut self,
        sec: SectionId,
        inst: &MCInst,
        bytes: &[u8],
        fixups: &[Fixup],
    ) -> Result<(), McError> {
        if !fixups.is_empty() && self.target.relax(inst).is_some() {
            let mut f = Fragment::new(FragKind::Relaxable(Box::new(*inst)));
            f.data.extend_from_slice(bytes);
            f.fixups.extend_from_slice(fixups);
            self.frags_of(sec).push(f);
            return Ok(());
        }
        let frag = self.data_frag()?;
        let base = frag.data.len() as u32;
        frag.data.extend_from_slice(bytes);
        frag.fixups.extend(fixups.iter().map(|f| Fixup {
            offset: f.offset + base,
            ..*f
        }));
        Ok(())
    }

    // ------------------------------------------------------------ layout

    fn layout(&mut self) {
        for frags in &mut self.frags {
            let mut off = 0;
            for f in frags.iter_mut() {
                f.offset = off;
                off += f.size_at(off);
            }
        }
    }

    /// Address of a label (section, offset) after layout.
    fn label_addr(&self, def: SymbolDef) -> Option<(SectionId, u64)> {
        match def {
            SymbolDef::Label {
                section,
                frag,
                offset,
            } => {
                let f = self.frags.get(section.index())?.get(frag as usize)?;
                Some((section, f.offset + offset))
            }
            _ => None,
        }
    }

    /// Evaluates `e` into `a - b + c`, following `.set` variables.
    pub(crate) fn evaluate(&self, e: ExprId, depth: u32) -> Result<Value, McError> {
        self.eval(e, depth, false)
    }

    /// Evaluates a fixup's expression as llvm-mc does: a `.set` symbol whose
    /// value is a location in a section (an alias of a label) stays itself,
    /// so a relocation names the alias (or, for a local one, its section);
    /// other variables are followed.
    fn evaluate_fixup(&self, e: ExprId) -> Result<Value, McError> {
        self.eval(e, 0, true)
    }

    /// The section and offset a label or an alias of a label stands for.
    fn addr_of(&self, s: SymbolId) -> Option<(SectionId, u64)> {
        match self.ctx.symbols[s].def {
            SymbolDef::Variable(e) => match self.evaluate(e, 0).ok()? {
                Value {
                    a: Some((base, VariantKind::None)),
                    b: None,
                    constant,
                } => {
                    let (sec, off) = self.label_addr(self.ctx.symbols[base].def)?;
                    Some((sec, (off as i64).wrapping_add(constant) as u64))
                }
                _ => None,
            },
            def => self.label_addr(def),
        }
    }

    fn eval(&self, e: ExprId, depth: u32, keep_aliases: bool) -> Result<Value, McError> {
        let bad = |m: &str| McError::BadExpr(m.to_string());
        if depth > 64 {
            return Err(bad("expression too deep (recursive .set?)"));
        }
        let v = match self.ctx.exprs.get(e) {
            Expr::Constant(c) => Value {
                a: None,
                b: None,
                constant: c,
            },
            Expr::Symbol(s, variant) => match self.ctx.symbols[s].def {
                SymbolDef::Variable(_) if keep_aliases && self.addr_of(s).is_some() => Value {
                    a: Some((s, variant)),
                    b: None,
                    constant: 0,
                },
                SymbolDef::Variable(inner) if variant == VariantKind::None => {
                    self.eval(inner, depth + 1, keep_aliases)?
                }
                _ => Value {
                    a: Some((s, variant)),
                    b: None,
                    constant: 0,
                },
            },
            Expr::Neg(x) => {
                let x = self.eval(x, depth + 1, keep_aliases)?;
                match (x.a, x.b) {
                    (None, None) => Value {
                        constant: x.constant.wrapping_neg(),
                        ..x
                    },
                    (Some((a, VariantKind::None)), None) => Value {
                        a: None,
                        b: Some(a),
                        constant: x.constant.wrapping_neg(),
                    },
                    _ => return Err(bad("expected relocatable expression")),
                }
            }
            Expr::Not(x) => {
                let x = self.eval(x, depth + 1, keep_aliases)?;
                match (x.a, x.b) {
                    (None, None) => Value {
                        constant: !x.constant,
                        ..x
                    },
                    _ => return Err(bad("expected absolute expression")),
                }
            }
            Expr::Binary(op, l, r) => {
                let l = self.fold_same_section(self.eval(l, depth + 1, keep_aliases)?);
                let r = self.fold_same_section(self.eval(r, depth + 1, keep_aliases)?);
                match op {
                    BinOp::Add => match (
                        l.a.is_some() || l.b.is_some(),
                        r.a.is_some() || r.b.is_some(),
                    ) {
                        (_, false) => Value {
                            constant: l.constant.wrapping_add(r.constant),
                            ..l
                        },
                        (false, true) => Value {
                            constant: l.constant.wrapping_add(r.constant),
                            ..r
                        },
                        _ => return Err(bad("expected relocatable expression")),
                    },
                    BinOp::Sub => match (r.a, r.b) {
                        (None, None) => Value {
                            constant: l.constant.wrapping_sub(r.constant),
                            ..l
                        },
                        (Some((rs, VariantKind::None)), None) if l.b.is_none() => Value {
                            a: l.a,
                            b: Some(rs),
                            constant: l.constant.wrapping_sub(r.constant),
                        },
                        _ => return Err(bad("expected relocatable expression")),
                    },
                    _ => {
                        if l.a.is_some() || l.b.is_some() || r.a.is_some() || r.b.is_some() {
                            return Err(bad("expected absolute expression"));
                        }
                        let c = op
                            .apply(l.constant, r.constant)
                            .ok_or_else(|| bad("division by zero"))?;
                        Value {
                            a: None,
                            b: None,
                            constant: c,
                        }
                    }
                }
            }
        };
        Ok(self.fold_same_section(v))
    }

    /// Folds `a - b` to a constant when both labels are laid out in one section.
    fn fold_same_section(&self, v: Value) -> Value {
        if let (Some((a, VariantKind::None)), Some(b)) = (v.a, v.b) {
            if let (Some((sa, oa)), Some((sb, ob))) = (
                self.label_addr(self.ctx.symbols[a].def),
                self.label_addr(self.ctx.symbols[b].def),
            ) {
                if sa == sb {
                    return Value {
                        a: None,
                        b: None,
                        constant: v.constant.wrapping_add(oa as i64 - ob as i64),
                    };
                }
            }
        }
        v
    }

    /// Whether a reference to `s` can be resolved at assembly time (a label
    /// that cannot be preempted).
    fn resolvable(&self, s: SymbolId) -> bool {
        let sym = &self.ctx.symbols[s];
        sym.binding == Binding::Local
            && match sym.def {
                SymbolDef::Label { .. } => true,
                SymbolDef::Variable(_) => self.addr_of(s).is_some(),
                _ => false,
            }
            && sym.ty != SymbolType::GnuIndirectFunc
    }

    /// The value of a PC-relative fixup at `pc` if it resolves now.
    fn resolved_pcrel(&self, sec: SectionId, pc: u64, f: &Fixup) -> Option<i64> {
        let v = self.evaluate(f.expr, 0).ok()?;
        match (v.a, v.b) {
            (Some((a, VariantKind::None)), None) if self.resolvable(a) => {
                let (sa, oa) = self.label_addr(self.ctx.symbols[a].def)?;
                (sa == sec).then(|| {
                    (oa as i64)
                        .wrapping_add(v.constant)
                        .wrapping_add(f.addend)
                        .wrapping_sub(pc as i64)
                })
            }
            _ => None,
        }
    }

    fn relax_pass(&mut self) -> Result<bool, McError> {
        let mut changed = false;
        for si in 0..self.frags.len() {
            let sec = SectionId::from_index(si);
            for fi in 0..self.frags[si].len() {
                let f = &self.frags[si][fi];
                if let FragKind::Leb { expr, signed } = f.kind {
                    if let Ok(Value {
                        a: None,
                        b: None,
                        constant,
                    }) = self.evaluate(expr, 0)
                    {
                        let mut data = Vec::new();
                        crate::leb::encode_leb(constant, signed, f.data.len(), &mut data);
                        if data != f.data {
                            self.frags[si][fi].data = data;
                            changed = true;
                        }
                    }
                    continue;
                }
                let FragKind::Relaxable(ref inst) = f.kind else {
                    continue;
                };
                let inst: MCInst = **inst;
                let fits = f.fixups.iter().all(|fx| {
                    let info = fx.kind.info(self.target);
                    let size = info.size;
                    if !info.pcrel {
                        // A symbolic imm8: fits only if it folds to a small
                        // constant (e.g. a label difference in one section).
                        return match self.evaluate(fx.expr, 0) {
                            Ok(Value {
                                a: None,
                                b: None,
                                constant,
                            }) => size >= 4 || i8::try_from(constant).is_ok(),
                            _ => size >= 4,
                        };
                    }
                    match self.resolved_pcrel(sec, f.offset + fx.offset as u64, fx) {
                        Some(v) if size == 1 => i8::try_from(v).is_ok(),
                        Some(_) => true,
                        None => size >= 4,
                    }
                });
                if fits {
                    continue;
                }
                let Some(relaxed) = self.target.relax(&inst) else {
                    continue;
                };
                let mut data = Vec::new();
                let mut fixups = Vec::new();
                self.target
                    .encode(&relaxed, &mut data, &mut fixups)
                    .map_err(McError::Encode)?;
                let f = &mut self.frags[si][fi];
                f.kind = FragKind::Relaxable(Box::new(relaxed));
                f.data = data;
                f.fixups = fixups;
                changed = true;
            }
        }
        Ok(changed)
    }

    /// Lays out, relaxes, resolves fixups and writes the ELF object.
    pub fn finish(mut self) -> Result<Vec<u8>, McError> {
        if self.cfi.in_proc() {
            return Err(McError::Cfi(
                "unfinished frame (missing .cfi_endproc)".into(),
            ));
        }
        loop {
            self.layout();
            if !self.relax_pass()? {
                break;
            }
        }
        // Line tables and .eh_frame, now that code addresses are final.
        self.write_debug_line()?;
        if self.cfi.has_frames() {
            let cfi = std::mem::take(&mut self.cfi);
            let unwind = self.target.unwind_section_type();
            let sec = self.ctx.section(".eh_frame", unwind, shf::ALLOC, 0, None);
            self.ctx.sections[sec].align = self.ctx.sections[sec].align.max(8);
            let mut data = Vec::new();
            let mut fixups = Vec::new();
            cfi.write_eh_frame(&mut self, &mut data, &mut fixups)?;
            self.push_data(sec, data, fixups);
            self.layout();
        }
        if !self.idents.is_empty() {
            let sec = self.ctx.section(
                ".comment",
                sht::PROGBITS,
                shf::MERGE | shf::STRINGS,
                1,
                None,
            );
            let mut data = vec![0u8];
            for i in &self.idents {
                data.extend_from_slice(i.as_bytes());
                data.push(0);
            }
            self.frags_of(sec).push(Fragment {
                kind: FragKind::Data,
                data,
                fixups: Vec::new(),
                offset: 0,
            });
        }
        // Section contents and relocations.
        let nsec = self.ctx.sections.len();
        let mut contents: Vec<Vec<u8>> = vec![Vec::new(); nsec];
        let mut sizes = vec![0u64; nsec];
        let mut relocs: Vec<Vec<ElfReloc>> = vec![Vec::new(); nsec];
        for si in 0..nsec {
            let sec = SectionId::from_index(si);
            if self.ctx.sections[sec].is_bss() {
                // A nobits section has only a size: never materialize it
                // (a large zero-initialized array would be allocated).
                let mut size = 0;
                for f in self.frags.get(si).map_or(&[][..], |v| &v[..]) {
                    let n = f.size_at(f.offset);
                    let nonzero = match f.kind {
                        FragKind::Data | FragKind::Relaxable(_) | FragKind::Leb { .. } => {
                            !f.fixups.is_empty() || f.data.iter().any(|&b| b != 0)
                        }
                        FragKind::Align { fill, .. } => n > 0 && fill.is_some_and(|v| v != 0),
                        FragKind::Fill { value, .. } => n > 0 && value != 0,
                    };
                    if nonzero {
                        return Err(McError::BadExpr(format!(
                            "non-zero data in nobits section {}",
                            self.ctx.sections[sec].name
                        )));
                    }
                    size = f.offset + n;
                }
                sizes[si] = size;
                continue;
            }
            let frags = self.frags.get(si).map_or(&[][..], |v| &v[..]);
            let code = self.ctx.sections[sec].is_code();
            // Laid out: the last fragment's end is the section's size.
            let size = frags.last().map_or(0, |f| f.offset + f.size_at(f.offset));
            let mut out = Vec::with_capacity(usize::try_from(size).unwrap_or(0));
            for f in frags {
                debug_assert_eq!(out.len() as u64, f.offset);
                let start = out.len();
                match f.kind {
                    FragKind::Data | FragKind::Relaxable(_) => out.extend_from_slice(&f.data),
                    FragKind::Leb { expr, .. } => {
                        match self.evaluate(expr, 0)? {
                            Value {
                                a: None, b: None, ..
                            } => {}
                            _ => {
                                return Err(McError::BadExpr(
                                    "LEB128 value must be an absolute expression".into(),
                                ))
                            }
                        }
                        out.extend_from_slice(&f.data)
                    }
                    FragKind::Align { fill, .. } => {
                        let n = f.size_at(f.offset);
                        match fill {
                            None if code => self.target.write_nops(n, &mut out),
                            _ => out.extend(std::iter::repeat_n(fill.unwrap_or(0), n as usize)),
                        }
                    }
                    FragKind::Fill { count, value } => {
                        out.extend(std::iter::repeat_n(value, count as usize))
                    }
                }
                for fx in &f.fixups {
                    let at = start + fx.offset as usize;
                    self.apply_fixup(
                        sec,
                        f.offset + fx.offset as u64,
                        fx,
                        &mut out[at..at + fx.kind.info(self.target).size],
                        &mut relocs[si],
                    )?;
                }
            }
            sizes[si] = out.len() as u64;
            contents[si] = out;
        }
        let symbol_values = self.symbol_values()?;
        let input = elf::ElfInput {
            ctx: &self.ctx,
            contents: &contents,
            sizes: &sizes,
            relocs: &relocs,
            symbol_values: &symbol_values,
            file_names: &self.file_names,
            addrsig: self.addrsig,
            target: self.target,
        };
        Ok(elf::write(&input))
    }

    /// Final (section, value, size) of each symbol.
    fn symbol_values(&self) -> Result<Vec<elf::SymValue>, McError> {
        let mut out = Vec::with_capacity(self.ctx.symbols.len());
        for (_, sym) in self.ctx.symbols.iter() {
            let (section, value) = match sym.def {
                SymbolDef::Label { .. } => {
                    let (s, o) = self
                        .label_addr(sym.def)
                        .ok_or_else(|| McError::BadExpr(format!("bad label {}", sym.name)))?;
                    (elf::SymSection::Section(s), o)
                }
                SymbolDef::Common { align, .. } => (elf::SymSection::Common, align),
                SymbolDef::Undefined => (elf::SymSection::Undefined, 0),
                SymbolDef::Variable(e) => {
                    let v = self.evaluate(e, 0)?;
                    match (v.a, v.b) {
                        (None, None) => (elf::SymSection::Absolute, v.constant as u64),
                        (Some((a, VariantKind::None)), None) => {
                            match self.label_addr(self.ctx.symbols[a].def) {
                                Some((s, o)) => {
                                    (elf::SymSection::Section(s), (o as i64 + v.constant) as u64)
                                }
                                None => (elf::SymSection::Undefined, 0),
                            }
                        }
                        _ => {
                            return Err(McError::BadExpr(format!(
                                "cannot evaluate symbol '{}'",
                                sym.name
                            )))
                        }
                    }
                }
            };
            let size = match sym.size.expand() {
                Some(e) => {
                    let v = self.evaluate(e, 0)?;
                    if v.a.is_some() || v.b.is_some() {
                        return Err(McError::BadExpr(format!(
                            ".size expression for {} does not evaluate to a constant",
                            sym.name
                        )));
                    }
                    v.constant as u64
                }
                None => match sym.def {
                    SymbolDef::Common { size, .. } => size,
                    // An alias takes the size of the symbol it names.
                    SymbolDef::Variable(e) => match self.evaluate(e, 0)? {
                        Value {
                            a: Some((base, VariantKind::None)),
                            b: None,
                            ..
                        } => match self.ctx.symbols[base].size.expand() {
                            Some(se) => self.evaluate(se, 0)?.constant as u64,
                            None => 0,
                        },
                        _ => 0,
                    },
                    _ => 0,
                },
            };
            // An alias takes the type of the symbol it names unless its own
            // type is more specific.
            let ty = match sym.def {
                SymbolDef::Variable(e) => match self.evaluate(e, 0)? {
                    Value {
                        a: Some((base, VariantKind::None)),
                        b: None,
                        ..
                    } => merge_type_for_set(sym.ty, self.ctx.symbols[base].ty),
                    _ => sym.ty,
                },
                _ => sym.ty,
            };
            out.push(elf::SymValue {
                section,
                value,
                size,
                ty,
            });
        }
        Ok(out)
    }

    /// Writes a resolved fixup into `field`, or records a relocation.
    fn apply_fixup(
        &self,
        sec: SectionId,
        pos: u64,
        fx: &Fixup,
        field: &mut [u8],
        relocs: &mut Vec<ElfReloc>,
    ) -> Result<(), McError> {
        let v = self.evaluate_fixup(fx.expr)?;
        let kind = fx.kind;
        let info = kind.info(self.target);
        let write = crate::fixup::write_field;
        match (v.a, v.b) {
            (None, None) => {
                // A constant: PC-relative constants are already relative.
                write(field, v.constant + if info.pcrel { fx.addend } else { 0 })
            }
            (Some((a, variant)), None) => {
                if info.pcrel && variant == VariantKind::None && self.resolvable(a) {
                    if let Some((sa, oa)) = self.addr_of(a) {
                        if sa == sec {
                            return write(
                                field,
                                (oa as i64)
                                    .wrapping_add(v.constant)
                                    .wrapping_add(fx.addend)
                                    .wrapping_sub(pos as i64),
                            );
                        }
                    }
                }
                let ty = self
                    .target
                    .reloc_type(kind, variant)
                    .map_err(McError::BadExpr)?;
                relocs.push(ElfReloc {
                    offset: pos,
                    sym: a,
                    ty,
                    addend: v.constant.wrapping_add(fx.addend),
                });
                Ok(())
            }
            (a, Some(b)) => {
                // `a - b` with `b` in this section: PC-relative to `b`.
                let Some((sb, ob)) = self.label_addr(self.ctx.symbols[b].def) else {
                    return Err(McError::BadExpr(
                        "Cannot represent a difference across sections".into(),
                    ));
                };
                if sb != sec || info.pcrel {
                    return Err(McError::BadExpr(
                        "Cannot represent a difference across sections".into(),
                    ));
                }
                let Some((a, variant)) = a else {
                    return Err(McError::BadExpr("expected relocatable expression".into()));
                };
                let pkind = FixupKind::pcrel_of_size(info.size)
                    .ok_or_else(|| McError::BadExpr("unsupported difference fixup".into()))?;
                let ty = self
                    .target
                    .reloc_type(pkind, variant)
                    .map_err(McError::BadExpr)?;
                let addend = v.constant.wrapping_add(pos as i64 - ob as i64);
                relocs.push(ElfReloc {
                    offset: pos,
                    sym: a,
                    ty,
                    addend,
                });
                Ok(())
            }
        }
    }
}

/// llvm-mc's `CombineSymbolTypes` for a `.type` directive: the more
/// specific of the old and new type wins (no type < object < function <
/// ifunc < TLS).
fn combine_types(old: SymbolType, new: SymbolType) -> SymbolType {
    for t in [
        SymbolType::NoType,
        SymbolType::Object,
        SymbolType::Func,
        SymbolType::GnuIndirectFunc,
        SymbolType::Tls,
    ] {
        if old == t {
            return new;
        }
        if new == t {
            return old;
        }
    }
    new
}

/// The ELF writer's `mergeTypeForSet`: the type of a `.set` symbol is its
/// base symbol's, unless its own type would be degraded by it.
fn merge_type_for_set(own: SymbolType, base: SymbolType) -> SymbolType {
    use SymbolType::*;
    match (own, base) {
        (GnuIndirectFunc, Func | Object | NoType | Tls) => GnuIndirectFunc,
        (Func, Object | NoType | Tls) => Func,
        (Object, NoType) => Object,
        (Tls, Object | NoType | GnuIndirectFunc | Func) => Tls,
        _ => base,
    }
}

impl Streamer for ObjectStreamer<'_> {
    fn ctx(&mut self) -> &mut MCContext {
        &mut self.ctx
    }

    fn switch_section(&mut self, sec: SectionId) {
        self.frags_of(sec);
        self.cur = Some(sec);
    }

    fn current_section(&self) -> Option<SectionId> {
        self.cur
    }

    fn emit_label(&mut self, sym: SymbolId) -> Result<(), McError> {
        if self.ctx.symbols[sym].is_defined() {
            return Err(McError::Redefined(self.ctx.symbols[sym].name.clone()));
        }
        let def = self.here()?;
        self.define_label(sym, def)
    }

    fn emit_inst(&mut self, inst: &MCInst) -> Result<(), McError> {
        let sec = self.start_inst()?;
        let mut bytes = std::mem::take(&mut self.scratch);
        let mut fixups = std::mem::take(&mut self.scratch_fixups);
        bytes.clear();
        fixups.clear();
        let r = match self.target.encode(inst, &mut bytes, &mut fixups) {
            Ok(()) => self.push_inst(sec, inst, &bytes, &fixups),
            Err(e) => Err(McError::Encode(e)),
        };
        self.scratch = bytes;
        self.scratch_fixups = fixups;
        r
    }

    fn emit_encoded_inst(
        &mut self,
        inst: &MCInst,
        bytes: &[u8],
        fixups: &[Fixup],
    ) -> Result<(), McError> {
        let sec = self.start_inst()?;
        self.push_inst(sec, inst, bytes, fixups)
    }

    fn emit_encoded_bytes(&mut self, bytes: &[u8]) -> Result<(), McError> {
        // `push_inst` without fixups: appended to the data fragment.
        self.start_inst()?;
        self.data_frag()?.data.extend_from_slice(bytes);
        Ok(())
    }

    fn emit_bytes(&mut self, data: &[u8]) -> Result<(), McError> {
        self.data_frag()?.data.extend_from_slice(data);
        Ok(())
    }

    fn emit_value(&mut self, e: ExprId, size: u8) -> Result<(), McError> {
        if let Some(c) = self.ctx.exprs.as_constant(e) {
            return self.emit_bytes(&c.to_le_bytes()[..size as usize]);
        }
        let kind = FixupKind::abs_of_size(size as usize)
            .ok_or_else(|| McError::BadExpr(format!("invalid value size {size}")))?;
        let frag = self.data_frag()?;
        Fixup::push_field(
            &mut frag.data,
            0,
            &mut frag.fixups,
            kind,
            size as usize,
            e,
            0,
        );
        Ok(())
    }

    fn emit_leb128(&mut self, e: ExprId, signed: bool) -> Result<(), McError> {
        if let Some(c) = self.ctx.exprs.as_constant(e) {
            let mut bytes = Vec::new();
            crate::leb::encode_leb(c, signed, 1, &mut bytes);
            return self.emit_bytes(&bytes);
        }
        let sec = self.cur_sec()?;
        let mut f = Fragment::new(FragKind::Leb { expr: e, signed });
        f.data.push(0);
        self.frags_of(sec).push(f);
        Ok(())
    }

    fn emit_fill(&mut self, count: u64, value: u8) -> Result<(), McError> {
        let sec = self.cur_sec()?;
        if count > MAX_SECTION_SIZE {
            return Err(McError::Overflow(format!(
                "fill of {count} bytes is too large"
            )));
        }
        if count <= 64 {
            let frag = self.data_frag()?;
            frag.data.extend(std::iter::repeat_n(value, count as usize));
        } else {
            self.frags_of(sec)
                .push(Fragment::new(FragKind::Fill { count, value }));
        }
        Ok(())
    }

    fn emit_align(&mut self, align: u64, fill: Option<u8>, max: u64) -> Result<(), McError> {
        let sec = self.cur_sec()?;
        if !align.is_power_of_two() || align > MAX_SECTION_SIZE {
            return Err(McError::BadExpr(
                "alignment must be a power of 2 no larger than 2^32".into(),
            ));
        }
        let s = &mut self.ctx.sections[sec];
        s.align = s.align.max(align);
        // Padding code with the one-byte nop means "pad with no-ops".
        let fill = if s.is_code() && fill == Some(0x90) {
            None
        } else {
            fill
        };
        self.frags_of(sec)
            .push(Fragment::new(FragKind::Align { align, fill, max }));
        Ok(())
    }

    fn emit_symbol_attr(&mut self, sym: SymbolId, attr: SymbolAttr) -> Result<(), McError> {
        let s = &mut self.ctx.symbols[sym];
        match attr {
            SymbolAttr::Global => s.binding = Binding::Global,
            SymbolAttr::Weak => s.binding = Binding::Weak,
            SymbolAttr::Local => {
                s.binding = Binding::Local;
                s.explicit_local = true;
            }
            SymbolAttr::Hidden => s.visibility = Visibility::Hidden,
            SymbolAttr::Protected => s.visibility = Visibility::Protected,
            SymbolAttr::Internal => s.visibility = Visibility::Internal,
            SymbolAttr::Type(t) => s.ty = combine_types(s.ty, t),
        }
        s.used = true;
        Ok(())
    }

    fn emit_size(&mut self, sym: SymbolId, e: ExprId) -> Result<(), McError> {
        self.ctx.symbols[sym].size = Some(e).into();
        Ok(())
    }

    fn emit_common(&mut self, sym: SymbolId, size: u64, align: u64) -> Result<(), McError> {
        if self.ctx.symbols[sym].is_defined() {
            return Err(McError::Redefined(self.ctx.symbols[sym].name.clone()));
        }
        if self.ctx.symbols[sym].explicit_local {
            // A local common symbol is allocated in .bss.
            let prev = self.cur;
            let bss = self.ctx.default_section(".bss");
            self.switch_section(bss);
            self.emit_align(align.max(1), Some(0), u64::MAX)?;
            self.emit_label(sym)?;
            self.emit_fill(size, 0)?;
            if self.ctx.symbols[sym].ty == SymbolType::NoType {
                self.ctx.symbols[sym].ty = SymbolType::Object;
            }
            self.ctx.symbols[sym].size = Some(self.ctx.exprs.constant(size as i64)).into();
            self.cur = prev;
            return Ok(());
        }
        let s = &mut self.ctx.symbols[sym];
        s.def = SymbolDef::Common {
            size,
            align: align.max(1),
        };
        if s.binding == Binding::Local {
            s.binding = Binding::Global;
        }
        if s.ty == SymbolType::NoType {
            s.ty = SymbolType::Object;
        }
        Ok(())
    }

    fn emit_assignment(&mut self, sym: SymbolId, e: ExprId) -> Result<(), McError> {
        let s = &mut self.ctx.symbols[sym];
        if matches!(s.def, SymbolDef::Label { .. } | SymbolDef::Common { .. }) {
            return Err(McError::Redefined(s.name.clone()));
        }
        s.def = SymbolDef::Variable(e);
        Ok(())
    }

    fn emit_cfi(&mut self, cfi: Cfi) -> Result<(), McError> {
        let def = self.here()?;
        self.cfi_at(cfi, def)
    }

    fn emit_assembled(&mut self, code: &AssembledCode<'_>) -> Result<(), McError> {
        let sec = self.cur_sec()?;
        if code.insts > 0 {
            // A pending `.loc` belongs to the first instruction, at the start.
            self.start_inst()?;
        }
        let s = &mut self.ctx.sections[sec];
        s.align = s.align.max(code.align);
        let frag = self.data_frag()?;
        let base = frag.data.len() as u64;
        frag.data.extend_from_slice(code.bytes);
        frag.fixups.extend(code.fixups.iter().map(|f| Fixup {
            offset: f.offset + base as u32,
            ..*f
        }));
        let frag = self.frags_of(sec).len() as u32 - 1;
        let at = |offset: u32| SymbolDef::Label {
            section: sec,
            frag,
            offset: base + u64::from(offset),
        };
        for &(sym, offset) in code.labels {
            if self.ctx.symbols[sym].is_defined() {
                return Err(McError::Redefined(self.ctx.symbols[sym].name.clone()));
            }
            self.define_label(sym, at(offset))?;
        }
        for &(cfi, offset) in code.cfis {
            self.cfi_at(cfi, at(offset))?;
        }
        Ok(())
    }

    fn emit_file(&mut self, name: &str) {
        self.file_names.push(name.to_string());
    }

    fn emit_ident(&mut self, text: &str) {
        // llvm-mc creates `.comment` at the first `.ident`, which fixes its
        // place among the sections.
        self.ctx.section(
            ".comment",
            sht::PROGBITS,
            shf::MERGE | shf::STRINGS,
            1,
            None,
        );
        self.idents.push(text.to_string());
    }

    fn emit_addrsig(&mut self, sym: Option<SymbolId>) {
        self.addrsig = true;
        // As llvm-mc, this does not put the symbol in the symbol table: a
        // symbol nothing else needs is left out of the table too.
        if let Some(s) = sym {
            self.ctx.symbols[s].addrsig = true;
        }
    }

    fn emit_verbatim(&mut self, _text: &str) {}

    fn emit_dwarf_file(&mut self, n: u32, file: DwarfFile) -> Result<(), McError> {
        let files = &mut self.lines.files;
        if n as usize >= 1 << 16 {
            return Err(McError::BadExpr(format!("file number {n} is too large")));
        }
        if files.len() <= n as usize {
            files.resize(n as usize + 1, None);
        }
        files[n as usize] = Some(file);
        Ok(())
    }

    fn emit_dwarf_loc(&mut self, loc: DwarfLoc) -> Result<(), McError> {
        if self
            .lines
            .files
            .get(loc.file as usize)
            .is_none_or(|f| f.is_none())
        {
            return Err(McError::BadExpr(format!(
                "unassigned file number {} in '.loc' directive",
                loc.file
            )));
        }
        // Two `.loc`s in a row: the first still gets a row, here.
        if let (Some(prev), Some(sec)) = (self.lines.pending.take(), self.cur) {
            let l = self.temp_label_here()?;
            self.lines.rows.push((sec, l, prev));
        }
        self.lines.pending = Some(loc);
        Ok(())
    }
}

impl ObjectStreamer<'_> {
    /// Size of a section after layout.
    fn section_size(&self, sec: SectionId) -> u64 {
        self.frags
            .get(sec.index())
            .and_then(|f| f.last())
            .map_or(0, |f| f.offset + f.size_at(f.offset))
    }

    /// Appends a data fragment to `sec`; returns its index.
    fn push_data(&mut self, sec: SectionId, data: Vec<u8>, fixups: Vec<Fixup>) -> u32 {
        let frags = self.frags_of(sec);
        frags.push(Fragment {
            kind: FragKind::Data,
            data,
            fixups,
            offset: 0,
        });
        frags.len() as u32 - 1
    }

    /// A 4-byte reference to offset `off` of the string section starting at
    /// label `base`.
    fn push_strp(&mut self, out: &mut Vec<u8>, fixups: &mut Vec<Fixup>, base: SymbolId, off: u32) {
        let b = self.ctx.sym_ref(base, VariantKind::None);
        let c = self.ctx.exprs.constant(i64::from(off));
        let e = self.ctx.expr(Expr::Binary(BinOp::Add, b, c));
        Fixup::push_field(out, 0, fixups, FixupKind::ABS32, 4, e, 0);
    }

    /// Builds `.debug_line` (DWARF v5) and `.debug_line_str` from the
    /// `.file`/`.loc` directives seen.
    fn write_debug_line(&mut self) -> Result<(), McError> {
        use crate::leb::uleb;
        use dwarf_line::flags;
        let table = std::mem::take(&mut self.lines);
        if table.files.iter().all(Option::is_none) {
            return Ok(());
        }
        // The root file is `.file 0`, else `.file 1`.
        let root = table
            .files
            .first()
            .cloned()
            .flatten()
            .or_else(|| table.files.get(1).cloned().flatten());
        let Some(root) = root else {
            return Err(McError::BadExpr(
                "no '.file 0' or '.file 1' directive".into(),
            ));
        };
        let mut files = table.files.clone();
        files[0] = Some(root.clone());
        let mut dirs: Vec<String> = vec![root.dir.clone().unwrap_or_default()];
        let mut entries = Vec::new();
        for (i, f) in files.iter().enumerate() {
            let f = f
                .as_ref()
                .ok_or_else(|| McError::BadExpr(format!("unassigned file number {i}")))?;
            let d = match &f.dir {
                Some(d) => match dirs.iter().position(|x| x == d) {
                    Some(k) => k,
                    None => {
                        dirs.push(d.clone());
                        dirs.len() - 1
                    }
                },
                None => 0,
            };
            entries.push((f.name.clone(), d, f.md5));
        }
        let all_md5 = entries.iter().all(|e| e.2.is_some());
        // Strings, deduplicated in first-use order.
        let mut strs: Vec<u8> = Vec::new();
        let mut seen: Vec<(String, u32)> = Vec::new();
        let mut intern = |s: &str, strs: &mut Vec<u8>| -> u32 {
            if let Some((_, o)) = seen.iter().find(|(x, _)| x == s) {
                return *o;
            }
            let o = strs.len() as u32;
            strs.extend_from_slice(s.as_bytes());
            strs.push(0);
            seen.push((s.to_string(), o));
            o
        };
        let dir_offs: Vec<u32> = dirs.iter().map(|d| intern(d, &mut strs)).collect();
        let file_offs: Vec<u32> = entries.iter().map(|e| intern(&e.0, &mut strs)).collect();
        let str_sec = self.ctx.section(
            ".debug_line_str",
            sht::PROGBITS,
            shf::MERGE | shf::STRINGS,
            1,
            None,
        );
        let str_frag = self.push_data(str_sec, strs, Vec::new());
        let str_base = self.ctx.temp_symbol();
        self.ctx.symbols[str_base].def = SymbolDef::Label {
            section: str_sec,
            frag: str_frag,
            offset: 0,
        };
        // Refer to strings as `section + offset`, as llvm-mc does.
        self.ctx.symbols[str_base].ty = SymbolType::Section;
        // Header: unit_length and header_length are patched below.
        let mut out = vec![0u8; 4];
        let mut fixups = Vec::new();
        out.extend_from_slice(&[5, 0, 8, 0, 0, 0, 0, 0]);
        let header_len_at = 8;
        out.extend_from_slice(&[1, 1, 1, 0xfb, 14, 13, 0, 1, 1, 1, 1, 0, 0, 0, 1, 0, 0, 1]);
        out.extend_from_slice(&[1, 1, 0x1f]);
        uleb(&mut out, dirs.len() as u64);
        for &o in &dir_offs {
            self.push_strp(&mut out, &mut fixups, str_base, o);
        }
        if all_md5 {
            out.extend_from_slice(&[3, 1, 0x1f, 2, 0x0f, 5, 0x1e]);
        } else {
            out.extend_from_slice(&[2, 1, 0x1f, 2, 0x0f]);
        }
        uleb(&mut out, entries.len() as u64);
        for (e, &o) in entries.iter().zip(&file_offs) {
            self.push_strp(&mut out, &mut fixups, str_base, o);
            uleb(&mut out, e.1 as u64);
            if all_md5 {
                out.extend_from_slice(&e.2.unwrap_or_default());
            }
        }
        let header_len = (out.len() - header_len_at - 4) as u32;
        out[header_len_at..header_len_at + 4].copy_from_slice(&header_len.to_le_bytes());
        // One sequence per section, in order of first use.
        let mut order: Vec<SectionId> = Vec::new();
        for (s, _, _) in &table.rows {
            if !order.contains(s) {
                order.push(*s);
            }
        }
        for sec in order {
            let (mut file, mut col, mut fl, mut isa, mut disc, mut line) =
                (1u32, 0u32, flags::IS_STMT, 0u32, 0u32, 1i64);
            let mut last: Option<u64> = None;
            for (_, label, loc) in table.rows.iter().filter(|r| r.0 == sec) {
                let addr = self
                    .symbol_addr(*label)
                    .map(|(_, a)| a)
                    .ok_or_else(|| McError::BadExpr("bad line label".into()))?;
                if loc.file != file {
                    out.push(0x04);
                    uleb(&mut out, u64::from(loc.file));
                    file = loc.file;
                }
                if loc.column != col {
                    out.push(0x05);
                    uleb(&mut out, u64::from(loc.column));
                    col = loc.column;
                }
                if loc.discriminator != disc {
                    let mut d = Vec::new();
                    uleb(&mut d, u64::from(loc.discriminator));
                    out.push(0);
                    uleb(&mut out, d.len() as u64 + 1);
                    out.push(0x04);
                    out.extend_from_slice(&d);
                    disc = loc.discriminator;
                }
                if loc.isa != isa {
                    out.push(0x0c);
                    uleb(&mut out, u64::from(loc.isa));
                    isa = loc.isa;
                }
                if (loc.flags ^ fl) & flags::IS_STMT != 0 {
                    out.push(0x06);
                }
                if loc.flags & flags::BASIC_BLOCK != 0 {
                    out.push(0x07);
                }
                if loc.flags & flags::PROLOGUE_END != 0 {
                    out.push(0x0a);
                }
                if loc.flags & flags::EPILOGUE_BEGIN != 0 {
                    out.push(0x0b);
                }
                fl = loc.flags;
                let line_delta = i64::from(loc.line) - line;
                line = i64::from(loc.line);
                match last {
                    None => {
                        out.extend_from_slice(&[0, 9, 2]);
                        let e = self.ctx.sym_ref(*label, VariantKind::None);
                        Fixup::push_field(&mut out, 0, &mut fixups, FixupKind::ABS64, 8, e, 0);
                        dwarf_line::encode_advance(&mut out, Some(line_delta), 0);
                    }
                    Some(prev) => dwarf_line::encode_advance(
                        &mut out,
                        Some(line_delta),
                        addr.saturating_sub(prev),
                    ),
                }
                last = Some(addr);
            }
            let end = self.section_size(sec);
            dwarf_line::encode_advance(&mut out, None, end.saturating_sub(last.unwrap_or(0)));
        }
        let unit_len = (out.len() - 4) as u32;
        out[..4].copy_from_slice(&unit_len.to_le_bytes());
        let line_sec = self.ctx.section(".debug_line", sht::PROGBITS, 0, 0, None);
        self.push_data(line_sec, out, fixups);
        self.layout();
        Ok(())
    }

    /// Address of `sym` after layout (for the CFI writer).
    pub(crate) fn symbol_addr(&self, sym: SymbolId) -> Option<(SectionId, u64)> {
        self.label_addr(self.ctx.symbols[sym].def)
    }
}
