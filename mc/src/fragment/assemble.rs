//! Assembly on the worker: a recorder with a target turns each run of code
//! in its log into final bytes, so the serial merge appends them instead of
//! re-issuing instructions one by one into the object streamer.
//!
//! A *run* is a maximal sequence of `Label`, `Insts`, `Cfi` and `Align`
//! events (with the `Declare`s between them) in a code section. Its layout
//! must not depend on where it lands in the section, so it starts where
//! the offset is known to be a multiple of some `k` (after an alignment
//! with nothing but symbol directives since) and holds no alignment larger
//! than `k`. The run is then laid out and relaxed exactly as the object
//! streamer would (the same passes over stale offsets, growing only, until
//! nothing changes), and each fixup against a temporary label defined in
//! the run is resolved into the bytes.
//!
//! Invariants:
//! - A run is formed only when its result is what the object streamer
//!   would compute, whatever surrounds it: every instruction that may grow
//!   has only PC-relative fixups against temporary labels of the run
//!   (labels no directive of the fragment makes global, aliases or
//!   redefines). Otherwise the events stay as they are (replayed one by
//!   one), so nothing is lost, only not sped up. A fragment with `.loc`
//!   rows keeps all its events.
//! - The `Declare` events inside a run are replaced by the last one, logged
//!   before the `Run` event (declarations only grow, so it covers them all).
//! - Fixups left in a run never belong to an instruction that may grow, and
//!   a resolved field that would overflow leaves the run unformed (the
//!   object streamer then reports it).

use super::{Cursor, EncodedLen, Event, Log, RunLen};
use crate::context::MCContext;
use crate::expr::{BinOp, Expr, ExprId, SymbolId, VariantKind};
use crate::fixup::{write_field, Fixup};
use crate::inst::MCInst;
use crate::section::SectionId;
use crate::target::TargetBackend;
use rcc_ir::entity::EntityId;

/// Copies event `ev` and its payload from `src` (at `c`) to `dst`.
fn copy_event(ev: Event, c: &mut Cursor, src: &Log, dst: &mut Log) {
    dst.events.push(ev);
    match ev {
        Event::Insts(n) => {
            for _ in 0..n {
                let len = src.enc[c.inst];
                c.inst += 1;
                dst.enc.push(len);
                if len.keeps_inst() {
                    dst.insts.push(src.insts[c.kept]);
                    c.kept += 1;
                }
                if len != EncodedLen::NONE {
                    let (nb, nf) = (len.bytes as usize, len.fixups as usize);
                    dst.code.extend_from_slice(&src.code[c.code..c.code + nb]);
                    dst.fixups
                        .extend_from_slice(&src.fixups[c.fixup..c.fixup + nf]);
                    c.code += nb;
                    c.fixup += nf;
                }
            }
        }
        Event::Bytes(n) => {
            let n = n as usize;
            dst.bytes.extend_from_slice(&src.bytes[c.byte..c.byte + n]);
            c.byte += n;
        }
        Event::Fill(_) => copy_words(1, c, src, dst),
        Event::Align(_) | Event::Common(_) => copy_words(2, c, src, dst),
        Event::Cfi => {
            dst.cfis.push(src.cfis[c.cfi]);
            c.cfi += 1;
        }
        Event::File(n) | Event::Ident(n) | Event::Verbatim(n) => copy_text(n as usize, c, src, dst),
        Event::DwarfFile(_) => {
            let [dir_len, name_len, md5] = [0, 1, 2].map(|k| src.words[c.word + k]);
            copy_words(3, c, src, dst);
            if dir_len != u64::MAX {
                copy_text(dir_len as usize, c, src, dst);
            }
            copy_text(name_len as usize, c, src, dst);
            if md5 != 0 {
                dst.bytes.extend_from_slice(&src.bytes[c.byte..c.byte + 16]);
                c.byte += 16;
            }
        }
        Event::DwarfLoc => {
            dst.locs.push(src.locs[c.loc]);
            c.loc += 1;
        }
        // Runs are only made here, from logs without them.
        Event::Run => unreachable!("a recorded log has no assembled runs"),
        Event::Declare { .. }
        | Event::DeclareSections(_)
        | Event::SwitchSection(_)
        | Event::Label(_)
        | Event::Value(..)
        | Event::Leb128(..)
        | Event::Attr(..)
        | Event::Size(..)
        | Event::Assignment(..)
        | Event::Addrsig(_) => {}
    }
}

fn copy_words(n: usize, c: &mut Cursor, src: &Log, dst: &mut Log) {
    dst.words.extend_from_slice(&src.words[c.word..c.word + n]);
    c.word += n;
}

fn copy_text(n: usize, c: &mut Cursor, src: &Log, dst: &mut Log) {
    dst.text.push_str(&src.text[c.text..c.text + n]);
    c.text += n;
}

/// One positioned element of a run.
#[derive(Copy, Clone)]
enum Item {
    /// Instruction `k` of the run's `insts`.
    Inst(usize),
    Label(SymbolId),
    /// CFI directive at this index of the source `cfis`.
    Cfi(usize),
    Align {
        align: u64,
        fill: Option<u8>,
        max: u64,
    },
}

/// An instruction of a run: its encoding (in the source pools, or its own
/// once relaxed) and whether it may grow.
struct RunInst {
    inst: MCInst,
    code: std::ops::Range<usize>,
    fixups: std::ops::Range<usize>,
    relaxable: bool,
    relaxed: Option<(Vec<u8>, Vec<Fixup>)>,
}

/// Why a span does not become a run (it then stays as events).
struct NotARun;

/// The assembler's state for one log.
struct Assembler<'a> {
    src: &'a Log,
    ctx: &'a MCContext,
    target: &'a dyn TargetBackend,
    /// Per local symbol: named by a directive other than a label
    /// (`.globl`, `.set`, ...), or defined more than once; such a label
    /// is never resolved inside a run.
    pinned: Vec<bool>,
    /// Per local symbol: its offset in the run being assembled.
    offset: Vec<u32>,
    items: Vec<Item>,
    insts: Vec<RunInst>,
    item_offsets: Vec<u32>,
}

const NONE: u32 = u32::MAX;

/// Rewrites `src` into `dst` with its runs of code assembled; returns
/// whether any run was formed (`dst` is then the log to keep).
pub(super) fn assemble_runs(
    src: &Log,
    ctx: &MCContext,
    target: &dyn TargetBackend,
    dst: &mut Log,
) -> bool {
    dst.clear();
    if src.enc.is_empty()
        || src
            .events
            .iter()
            .any(|e| matches!(e, Event::DwarfLoc | Event::DwarfFile(_)))
    {
        return false;
    }
    let nsym = ctx.symbols.len();
    let mut pinned = vec![false; nsym];
    let mut defined = vec![false; nsym];
    for &ev in &src.events {
        match ev {
            Event::Label(s) => {
                if let Some(d) = defined.get_mut(s.index()) {
                    if *d {
                        pinned[s.index()] = true;
                    }
                    *d = true;
                }
            }
            Event::Attr(s, _) | Event::Common(s) | Event::Assignment(s, _) => {
                if let Some(p) = pinned.get_mut(s.index()) {
                    *p = true;
                }
            }
            _ => {}
        }
    }
    let mut a = Assembler {
        src,
        ctx,
        target,
        pinned,
        offset: vec![NONE; nsym],
        items: Vec::new(),
        insts: Vec::new(),
        item_offsets: Vec::new(),
    };
    let events = &src.events;
    let mut c = Cursor::default();
    let mut cur: Option<SectionId> = None;
    // The offset in the current section is a multiple of this.
    let mut known_align = 1u64;
    let mut formed = false;
    let mut i = 0;
    while i < events.len() {
        let ev = events[i];
        let code = cur.is_some_and(|s| ctx.sections.get(s).is_some_and(|s| s.is_code()));
        if code && matches!(ev, Event::Label(_) | Event::Insts(_) | Event::Cfi) {
            let mut end = i;
            let mut probe = c;
            while end < events.len() {
                match events[end] {
                    Event::Declare { .. } | Event::Label(_) | Event::Insts(_) | Event::Cfi => {}
                    Event::Align(_)
                        if src.words[probe.word].is_power_of_two()
                            && src.words[probe.word] <= known_align => {}
                    _ => break,
                }
                skip(events[end], &mut probe, src);
                end += 1;
            }
            // Declarations after the last positioned event belong to
            // what follows.
            while matches!(events[end - 1], Event::Declare { .. }) {
                end -= 1;
            }
            let start = c;
            if a.assemble(&events[i..end], &mut c, dst).is_ok() {
                formed = true;
            } else {
                c = start;
                for &ev in &events[i..end] {
                    copy_event(ev, &mut c, src, dst);
                }
            }
            known_align = 1;
            i = end;
            continue;
        }
        match ev {
            Event::SwitchSection(s) => {
                cur = Some(s);
                known_align = 1;
            }
            Event::Align(_) => {
                let (align, max) = (src.words[c.word], src.words[c.word + 1]);
                known_align = if !align.is_power_of_two() {
                    1
                } else if max >= align - 1 {
                    known_align.max(align)
                } else if known_align >= align {
                    known_align
                } else {
                    1
                };
            }
            Event::Declare { .. }
            | Event::DeclareSections(_)
            | Event::Attr(..)
            | Event::Size(..)
            | Event::Addrsig(_)
            | Event::Label(_)
            | Event::Cfi => {}
            _ => known_align = 1,
        }
        copy_event(ev, &mut c, src, dst);
        i += 1;
    }
    formed
}

/// Advances `c` over `ev`'s payload.
fn skip(ev: Event, c: &mut Cursor, src: &Log) {
    match ev {
        Event::Insts(n) => {
            for _ in 0..n {
                let len = src.enc[c.inst];
                c.inst += 1;
                if len.keeps_inst() {
                    c.kept += 1;
                }
                if len != EncodedLen::NONE {
                    c.code += len.bytes as usize;
                    c.fixup += len.fixups as usize;
                }
            }
        }
        Event::Cfi => c.cfi += 1,
        Event::Align(_) => c.word += 2,
        Event::Declare { .. } | Event::Label(_) => {}
        _ => unreachable!("only run events are skipped"),
    }
}

impl Assembler<'_> {
    /// Assembles the run `span` (read from `c`, which it advances) into
    /// `dst` as a `Run` event.
    fn assemble(&mut self, span: &[Event], c: &mut Cursor, dst: &mut Log) -> Result<(), NotARun> {
        let src = self.src;
        self.items.clear();
        self.insts.clear();
        let mut declare = None;
        let mut probe = *c;
        for &ev in span {
            match ev {
                Event::Declare { .. } => declare = Some(ev),
                Event::Label(s) => {
                    if s.index() >= self.offset.len() {
                        return Err(NotARun);
                    }
                    self.items.push(Item::Label(s));
                }
                Event::Cfi => self.items.push(Item::Cfi(probe.cfi)),
                Event::Align(fill) => self.items.push(Item::Align {
                    align: src.words[probe.word],
                    fill,
                    max: src.words[probe.word + 1],
                }),
                Event::Insts(n) => {
                    let (mut k, mut kept, mut code, mut fixup) =
                        (probe.inst, probe.kept, probe.code, probe.fixup);
                    for _ in 0..n {
                        let len = src.enc[k];
                        k += 1;
                        if len == EncodedLen::NONE {
                            return Err(NotARun);
                        }
                        let inst = if len.keeps_inst() {
                            kept += 1;
                            src.insts[kept - 1]
                        } else {
                            MCInst::new(0)
                        };
                        let (nb, nf) = (len.bytes as usize, len.fixups as usize);
                        let relaxable = nf > 0 && self.target.relax(&inst).is_some();
                        self.items.push(Item::Inst(self.insts.len()));
                        self.insts.push(RunInst {
                            inst,
                            code: code..code + nb,
                            fixups: fixup..fixup + nf,
                            relaxable,
                            relaxed: None,
                        });
                        code += nb;
                        fixup += nf;
                    }
                }
                _ => return Err(NotARun),
            }
            skip(ev, &mut probe, src);
        }
        let r = self.relax_and_emit(dst);
        for item in &self.items {
            if let Item::Label(s) = *item {
                self.offset[s.index()] = NONE;
            }
        }
        let run = r?;
        if let Some(d) = declare {
            dst.events.push(d);
        }
        dst.events.push(Event::Run);
        dst.runs.push(run);
        *c = probe;
        Ok(())
    }

    fn inst_code(&self, k: usize) -> (&[u8], &[Fixup]) {
        let i = &self.insts[k];
        match &i.relaxed {
            Some((b, f)) => (b, f),
            None => (
                &self.src.code[i.code.clone()],
                &self.src.fixups[i.fixups.clone()],
            ),
        }
    }

    /// Offsets of every item and label, as the object streamer's layout.
    fn layout(&mut self) -> u32 {
        self.item_offsets.clear();
        let mut off = 0u64;
        for k in 0..self.items.len() {
            self.item_offsets.push(off as u32);
            match self.items[k] {
                Item::Inst(n) => off += self.inst_code(n).0.len() as u64,
                Item::Label(s) => self.offset[s.index()] = off as u32,
                Item::Cfi(_) => {}
                Item::Align { align, max, .. } => off += pad(off, align, max),
            }
        }
        off as u32
    }

    /// The label of the run and addend a fixup expression names, if it
    /// resolves within the run (a temporary label defined here, plus a
    /// constant).
    fn resolve(&self, e: ExprId) -> Option<(u32, i64)> {
        let exprs = &self.ctx.exprs;
        let (s, c) = match exprs.get(e) {
            Expr::Symbol(s, VariantKind::None) => (s, 0),
            Expr::Binary(op @ (BinOp::Add | BinOp::Sub), a, b) => {
                match (exprs.get(a), exprs.as_constant(b)) {
                    (Expr::Symbol(s, VariantKind::None), Some(c)) => (
                        s,
                        if op == BinOp::Add {
                            c
                        } else {
                            c.wrapping_neg()
                        },
                    ),
                    _ => return None,
                }
            }
            _ => return None,
        };
        let sym = self.ctx.symbols.get(s)?;
        let off = self.offset[s.index()];
        (sym.temporary && !self.pinned[s.index()] && off != NONE).then_some((off, c))
    }

    /// The value of PC-relative fixup `fx` at `pos` if it resolves in the run.
    fn pcrel_value(&self, fx: &Fixup, pos: u32) -> Option<i64> {
        let (off, c) = self.resolve(fx.expr)?;
        Some(
            (off as i64)
                .wrapping_add(c)
                .wrapping_add(fx.addend)
                .wrapping_sub(pos as i64),
        )
    }

    /// One relaxation pass over stale offsets, as the object streamer's.
    fn relax_pass(&mut self) -> Result<bool, NotARun> {
        let mut changed = false;
        for k in 0..self.items.len() {
            let Item::Inst(n) = self.items[k] else {
                continue;
            };
            if !self.insts[n].relaxable {
                continue;
            }
            let at = self.item_offsets[k];
            let mut fits = true;
            for fx in self.inst_code(n).1 {
                let info = fx.kind.info(self.target);
                if !info.pcrel {
                    return Err(NotARun);
                }
                let v = self.pcrel_value(fx, at + fx.offset).ok_or(NotARun)?;
                fits &= info.size != 1 || i8::try_from(v).is_ok();
            }
            if fits {
                continue;
            }
            let Some(relaxed) = self.target.relax(&self.insts[n].inst) else {
                continue;
            };
            let (mut b, mut f) = (Vec::new(), Vec::new());
            self.target
                .encode(&relaxed, &mut b, &mut f)
                .map_err(|_| NotARun)?;
            let i = &mut self.insts[n];
            i.inst = relaxed;
            i.relaxed = Some((b, f));
            changed = true;
        }
        Ok(changed)
    }

    fn relax_and_emit(&mut self, dst: &mut Log) -> Result<RunLen, NotARun> {
        // A pass that changes nothing leaves the layout it started from
        // final.
        let mut size = self.layout();
        while self.relax_pass()? {
            size = self.layout();
        }
        let (b0, f0, l0, c0, o0) = (
            dst.code.len(),
            dst.fixups.len(),
            dst.labels.len(),
            dst.cfis.len(),
            dst.cfi_offsets.len(),
        );
        let mut align = 1;
        let mut insts = 0;
        let r = self.emit(dst, &mut align, &mut insts);
        if r.is_err() || dst.code.len() - b0 != size as usize {
            dst.code.truncate(b0);
            dst.fixups.truncate(f0);
            dst.labels.truncate(l0);
            dst.cfis.truncate(c0);
            dst.cfi_offsets.truncate(o0);
            return Err(NotARun);
        }
        Ok(RunLen {
            bytes: size,
            fixups: (dst.fixups.len() - f0) as u32,
            labels: (dst.labels.len() - l0) as u32,
            cfis: (dst.cfis.len() - c0) as u32,
            insts,
            align,
        })
    }

    fn emit(&self, dst: &mut Log, align_out: &mut u64, insts: &mut u32) -> Result<(), NotARun> {
        let base = dst.code.len();
        for (k, &item) in self.items.iter().enumerate() {
            let at = self.item_offsets[k];
            match item {
                Item::Inst(n) => {
                    *insts += 1;
                    let (code, fixups) = self.inst_code(n);
                    let start = dst.code.len();
                    dst.code.extend_from_slice(code);
                    for fx in fixups {
                        let pos = at + fx.offset;
                        let info = fx.kind.info(self.target);
                        match self.pcrel_value(fx, pos).filter(|_| info.pcrel) {
                            Some(v) => {
                                let field = start + fx.offset as usize;
                                write_field(&mut dst.code[field..field + info.size], v)
                                    .map_err(|_| NotARun)?;
                            }
                            None => dst.fixups.push(Fixup { offset: pos, ..*fx }),
                        }
                    }
                }
                Item::Label(s) => dst.labels.push((s, at)),
                Item::Cfi(i) => {
                    dst.cfis.push(self.src.cfis[i]);
                    dst.cfi_offsets.push(at);
                }
                Item::Align { align, fill, max } => {
                    *align_out = (*align_out).max(align);
                    let n = pad((dst.code.len() - base) as u64, align, max);
                    match fill {
                        None | Some(0x90) => self.target.write_nops(n, &mut dst.code),
                        Some(v) => dst.code.extend(std::iter::repeat_n(v, n as usize)),
                    }
                }
            }
        }
        Ok(())
    }
}

/// The padding an alignment fragment at `off` takes (the object streamer's
/// rule: none if more than `max` would be needed).
fn pad(off: u64, align: u64, max: u64) -> u64 {
    let p = (align - off % align) % align;
    if p > max {
        0
    } else {
        p
    }
}
