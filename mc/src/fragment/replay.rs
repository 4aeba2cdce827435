//! The merging side: re-issues a fragment's events into a destination
//! streamer, mapping local ids into the destination's context.
//!
//! Invariant: the maps are dense vectors indexed by local id and only grow
//! at `Declare` events, in local creation order, so each local entity is
//! mapped exactly once per replay and every lookup is an index.

use super::{name_at, Cursor, EncodedLen, Event, Fragment};
use crate::dwarf_line::DwarfFile;
use crate::expr::{Expr, ExprId, SymbolId};
use crate::fixup::Fixup;
use crate::inst::{Disp, MCInst, MCOperand};
use crate::section::SectionId;
use crate::streamer::Cfi;
use crate::streamer::{AssembledCode, McError, Streamer};
use rcc_ir::entity::EntityId;

/// Per-replay state: id maps and pool cursors.
struct Replay<'f> {
    frag: &'f Fragment,
    symbols: Vec<SymbolId>,
    sections: Vec<SectionId>,
    exprs: Vec<ExprId>,
    at: Cursor,
    /// An instruction's (or a run's) fixups with destination expressions.
    fixups: Vec<Fixup>,
    /// A run's labels and CFI directives with destination symbols.
    labels: Vec<(SymbolId, u32)>,
    cfis: Vec<(Cfi, u32)>,
}

/// The counterpart of a local entity replay does not create (a private
/// label, an unneeded expression): never handed to the destination.
const SKIPPED: u32 = u32::MAX;

fn unknown(what: &str, id: impl std::fmt::Display) -> McError {
    McError::BadExpr(format!("{what} {id} is not in the fragment's context"))
}

impl Fragment {
    /// Re-issues the recorded calls into `out`, mapping symbols, sections
    /// and expressions into `out.ctx()` (see the module documentation for
    /// how ids are matched). Replay fragments in module order for
    /// deterministic output. Stops at the first error `out` reports.
    pub fn replay(&self, out: &mut dyn Streamer) -> Result<(), McError> {
        let mut r = Replay {
            frag: self,
            symbols: Vec::with_capacity(self.symbols.len()),
            sections: Vec::with_capacity(self.sections.len()),
            exprs: Vec::with_capacity(self.exprs.len()),
            at: Cursor::default(),
            fixups: Vec::new(),
            labels: Vec::new(),
            cfis: Vec::new(),
        };
        for &ev in &self.log.events {
            r.event(ev, out)?;
        }
        Ok(())
    }
}

impl<'f> Replay<'f> {
    fn sym(&self, s: SymbolId) -> Result<SymbolId, McError> {
        self.symbols
            .get(s.index())
            .copied()
            .filter(|m| m.as_u32() != SKIPPED)
            .ok_or_else(|| unknown("symbol", s))
    }

    fn expr(&self, e: ExprId) -> Result<ExprId, McError> {
        self.exprs
            .get(e.index())
            .copied()
            .filter(|m| m.as_u32() != SKIPPED)
            .ok_or_else(|| unknown("expression", e))
    }

    fn words<const N: usize>(&mut self) -> [u64; N] {
        let mut w = [0; N];
        let src = &self.frag.log.words[self.at.word..self.at.word + N];
        w.copy_from_slice(src);
        self.at.word += N;
        w
    }

    fn bytes(&mut self, n: usize) -> &'f [u8] {
        let b = &self.frag.log.bytes[self.at.byte..self.at.byte + n];
        self.at.byte += n;
        b
    }

    fn text(&mut self, n: usize) -> &'f str {
        let t = &self.frag.log.text[self.at.text..self.at.text + n];
        self.at.text += n;
        t
    }

    /// Creates the destination counterparts of local symbols below
    /// `symbols` and expressions below `exprs`.
    fn declare(&mut self, symbols: u32, exprs: u32, out: &mut dyn Streamer) -> Result<(), McError> {
        let f = self.frag;
        for i in self.symbols.len()..symbols as usize {
            let d = f.symbols[i];
            let s = if d.private {
                SymbolId::from_u32(SKIPPED)
            } else if d.anonymous {
                out.ctx().temp_symbol()
            } else {
                let prev = i.checked_sub(1).map_or(0, |p| f.symbols[p].name_end);
                out.ctx().symbol(name_at(&f.sym_names, prev, d.name_end))
            };
            self.symbols.push(s);
        }
        for i in self.exprs.len()..exprs as usize {
            if !f.needed_exprs.get(i).copied().unwrap_or(true) {
                self.exprs.push(ExprId::from_u32(SKIPPED));
                continue;
            }
            let e = match f.exprs[i] {
                c @ Expr::Constant(_) => c,
                Expr::Symbol(s, v) => Expr::Symbol(self.sym(s)?, v),
                Expr::Neg(a) => Expr::Neg(self.expr(a)?),
                Expr::Not(a) => Expr::Not(self.expr(a)?),
                Expr::Binary(op, a, b) => Expr::Binary(op, self.expr(a)?, self.expr(b)?),
            };
            let id = out.ctx().expr(e);
            self.exprs.push(id);
        }
        Ok(())
    }

    /// Creates the destination counterparts of local sections below `n`.
    fn declare_sections(&mut self, n: u32, out: &mut dyn Streamer) -> Result<(), McError> {
        let f = self.frag;
        for i in self.sections.len()..n as usize {
            let d = f.sections[i];
            let prev = i.checked_sub(1).map_or(0, |p| f.sections[p].name_end);
            let name = name_at(&f.sec_names, prev, d.name_end);
            let group = d.group.expand().map(|g| self.sym(g)).transpose()?;
            // A linked section is declared after the one it links to.
            let link = d.link.expand().map(|l| self.sections[l.index()]);
            let ctx = out.ctx();
            let s = ctx.section_linked(name, d.sh_type, d.flags, d.entsize, group, d.unique, link);
            let align = &mut ctx.sections[s].align;
            *align = (*align).max(d.align);
            self.sections.push(s);
        }
        Ok(())
    }

    /// `c` with its symbols mapped.
    fn cfi(&self, c: Cfi) -> Result<Cfi, McError> {
        Ok(match c {
            Cfi::Personality { enc, sym } => Cfi::Personality {
                enc,
                sym: self.sym(sym)?,
            },
            Cfi::Lsda { enc, sym } => Cfi::Lsda {
                enc,
                sym: self.sym(sym)?,
            },
            c => c,
        })
    }

    /// Replays the next run of code assembled on the worker.
    fn run(&mut self, out: &mut dyn Streamer) -> Result<(), McError> {
        let f = self.frag;
        let run = f.log.runs[self.at.run];
        self.at.run += 1;
        let (nb, nf, nl, nc) = (
            run.bytes as usize,
            run.fixups as usize,
            run.labels as usize,
            run.cfis as usize,
        );
        let mut fixups = std::mem::take(&mut self.fixups);
        let mut labels = std::mem::take(&mut self.labels);
        let mut cfis = std::mem::take(&mut self.cfis);
        fixups.clear();
        labels.clear();
        cfis.clear();
        for fx in &f.log.fixups[self.at.fixup..self.at.fixup + nf] {
            fixups.push(Fixup {
                expr: self.expr(fx.expr)?,
                ..*fx
            });
        }
        for &(s, off) in &f.log.labels[self.at.label..self.at.label + nl] {
            if f.symbols.get(s.index()).is_some_and(|d| d.private) {
                continue;
            }
            labels.push((self.sym(s)?, off));
        }
        let offs = &f.log.cfi_offsets[self.at.cfi_offset..self.at.cfi_offset + nc];
        for (c, &off) in f.log.cfis[self.at.cfi..self.at.cfi + nc].iter().zip(offs) {
            cfis.push((self.cfi(*c)?, off));
        }
        let r = out.emit_assembled(&AssembledCode {
            bytes: &f.log.code[self.at.code..self.at.code + nb],
            fixups: &fixups,
            labels: &labels,
            cfis: &cfis,
            align: run.align,
            insts: run.insts,
        });
        self.at.code += nb;
        self.at.fixup += nf;
        self.at.label += nl;
        self.at.cfi += nc;
        self.at.cfi_offset += nc;
        self.fixups = fixups;
        self.labels = labels;
        self.cfis = cfis;
        r
    }

    /// `inst` with its expression operands mapped.
    fn inst(&self, inst: &MCInst) -> Result<MCInst, McError> {
        let mut i = *inst;
        for op in i.operands_mut() {
            match op {
                MCOperand::Expr(e) => *e = self.expr(*e)?,
                MCOperand::Mem(m) => {
                    if let Disp::Expr(e) = m.disp() {
                        m.set_disp(Disp::Expr(self.expr(e)?));
                    }
                }
                MCOperand::Reg(_) | MCOperand::Imm(_) => {}
            }
        }
        Ok(i)
    }

    /// Replays instruction `k` of a fragment recorded with encodings.
    fn encoded_inst(&mut self, k: usize, out: &mut dyn Streamer) -> Result<(), McError> {
        let f = self.frag;
        let len = f.log.enc[k];
        if !len.keeps_inst() {
            let nb = len.bytes as usize;
            let bytes = &f.log.code[self.at.code..self.at.code + nb];
            self.at.code += nb;
            return out.emit_encoded_bytes(bytes);
        }
        let inst = self.inst(&f.log.insts[self.at.kept])?;
        self.at.kept += 1;
        if len == EncodedLen::NONE {
            return out.emit_inst(&inst);
        }
        let (nb, nf) = (len.bytes as usize, len.fixups as usize);
        let bytes = &f.log.code[self.at.code..self.at.code + nb];
        self.at.code += nb;
        let mut fixups = std::mem::take(&mut self.fixups);
        fixups.clear();
        for fx in &f.log.fixups[self.at.fixup..self.at.fixup + nf] {
            fixups.push(Fixup {
                expr: self.expr(fx.expr)?,
                ..*fx
            });
        }
        self.at.fixup += nf;
        let r = out.emit_encoded_inst(&inst, bytes, &fixups);
        self.fixups = fixups;
        r
    }

    fn event(&mut self, ev: Event, out: &mut dyn Streamer) -> Result<(), McError> {
        let f = self.frag;
        match ev {
            Event::Declare { symbols, exprs } => self.declare(symbols, exprs, out)?,
            Event::DeclareSections(n) => self.declare_sections(n, out)?,
            Event::SwitchSection(s) => {
                let s = self
                    .sections
                    .get(s.index())
                    .copied()
                    .ok_or_else(|| unknown("section", s))?;
                out.switch_section(s);
            }
            Event::Label(s) => out.emit_label(self.sym(s)?)?,
            Event::Insts(n) => {
                let end = self.at.inst + n as usize;
                if f.log.enc.is_empty() {
                    for inst in &f.log.insts[self.at.inst..end] {
                        out.emit_inst(&self.inst(inst)?)?;
                    }
                } else {
                    for k in self.at.inst..end {
                        self.encoded_inst(k, out)?;
                    }
                }
                self.at.inst = end;
            }
            Event::Bytes(n) => {
                let b = self.bytes(n as usize);
                out.emit_bytes(b)?;
            }
            Event::Value(e, size) => out.emit_value(self.expr(e)?, size)?,
            Event::Leb128(e, signed) => out.emit_leb128(self.expr(e)?, signed)?,
            Event::Fill(value) => {
                let [count] = self.words();
                out.emit_fill(count, value)?;
            }
            Event::Align(fill) => {
                let [align, max] = self.words();
                out.emit_align(align, fill, max)?;
            }
            Event::Attr(s, a) => out.emit_symbol_attr(self.sym(s)?, a)?,
            Event::Size(s, e) => out.emit_size(self.sym(s)?, self.expr(e)?)?,
            Event::Common(s) => {
                let [size, align] = self.words();
                out.emit_common(self.sym(s)?, size, align)?;
            }
            Event::Assignment(s, e) => out.emit_assignment(self.sym(s)?, self.expr(e)?)?,
            Event::Cfi => {
                let c = self.cfi(f.log.cfis[self.at.cfi])?;
                self.at.cfi += 1;
                out.emit_cfi(c)?;
            }
            Event::Run => self.run(out)?,
            Event::File(n) => out.emit_file(self.text(n as usize)),
            Event::Ident(n) => out.emit_ident(self.text(n as usize)),
            Event::Verbatim(n) => out.emit_verbatim(self.text(n as usize)),
            Event::Addrsig(s) => {
                let s = s.expand().map(|s| self.sym(s)).transpose()?;
                out.emit_addrsig(s);
            }
            Event::DwarfFile(n) => {
                let [dir_len, name_len, has_md5] = self.words();
                let dir = (dir_len != u64::MAX).then(|| self.text(dir_len as usize).to_string());
                let name = self.text(name_len as usize).to_string();
                let md5 = if has_md5 != 0 {
                    let mut m = [0u8; 16];
                    m.copy_from_slice(self.bytes(16));
                    Some(m)
                } else {
                    None
                };
                out.emit_dwarf_file(n, DwarfFile { dir, name, md5 })?;
            }
            Event::DwarfLoc => {
                let l = f.log.locs[self.at.loc];
                self.at.loc += 1;
                out.emit_dwarf_loc(l)?;
            }
        }
        Ok(())
    }
}
