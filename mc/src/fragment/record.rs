//! The recording side: a `Streamer` over a local context that logs calls.
//!
//! Invariant: every logged event is preceded by the `Declare` events that
//! cover all local symbols, sections and expressions created before the
//! call, so replay can map ids eagerly, in creation order.

use super::{EncodedLen, Event, Fragment, Log, SectionDecl, SymbolDecl};
use crate::context::MCContext;
use crate::dwarf_line::{DwarfFile, DwarfLoc};
use crate::expr::{ExprId, SymbolId};
use crate::inst::MCInst;
use crate::section::SectionId;
use crate::streamer::{encoded_only, Cfi, McError, Streamer, SymbolAttr};
use crate::target::TargetBackend;
use rcc_ir::entity::PackedOption;

/// A streamer that records calls into a reusable log instead of emitting
/// them; see the [module documentation](super).
///
/// Reuse one per worker: [`finish`](Self::finish) hands out the function's
/// [`Fragment`] and clears the recorder, keeping its buffers' capacity.
#[derive(Default)]
pub struct RecordingStreamer<'t> {
    /// Encodes instructions as they are recorded, if set.
    target: Option<&'t dyn TargetBackend>,
    ctx: MCContext,
    cur: Option<SectionId>,
    pub(super) log: Log,
    /// The log with its runs of code assembled (scratch, reused).
    assembled: Log,
    /// Local symbols, sections and expressions covered by `Declare` events.
    declared_symbols: u32,
    declared_sections: u32,
    declared_exprs: u32,
}

impl<'t> RecordingStreamer<'t> {
    /// An empty recorder that records instructions unencoded (replay
    /// encodes them).
    pub fn new() -> Self {
        Self::default()
    }

    /// An empty recorder that also encodes instructions with `target`, the
    /// target of the streamers its fragments will be replayed into.
    pub fn with_target(target: &'t dyn TargetBackend) -> Self {
        RecordingStreamer {
            target: Some(target),
            ..Self::default()
        }
    }

    /// Forgets everything recorded and the local context, keeping capacity.
    pub fn clear(&mut self) {
        self.ctx.clear();
        self.cur = None;
        self.log.clear();
        self.declared_symbols = 0;
        self.declared_sections = 0;
        self.declared_exprs = 0;
    }

    /// Whether nothing was recorded since the last `clear`/`finish`.
    pub fn is_empty(&self) -> bool {
        self.log.events.is_empty()
            && self.ctx.symbols.is_empty()
            && self.ctx.sections.is_empty()
            && self.ctx.exprs.is_empty()
    }

    /// The recording so far as an exactly sized [`Fragment`]; the recorder
    /// is cleared (capacity kept) for the next function.
    pub fn finish(&mut self) -> Fragment {
        // Entities created after the last call still exist in a direct
        // emission's context.
        self.declare();
        let mut sections = Vec::with_capacity(self.ctx.sections.len());
        let mut sec_names = String::new();
        for s in self.ctx.sections.values() {
            sec_names.push_str(&s.name);
            sections.push(SectionDecl {
                name_end: pool_end(&sec_names),
                sh_type: s.sh_type,
                flags: s.flags,
                entsize: s.entsize,
                align: s.align,
                group: s.group,
                unique: s.unique,
                link: s.link,
            });
        }
        let log = match self.target {
            Some(t)
                if super::assemble::assemble_runs(&self.log, &self.ctx, t, &mut self.assembled) =>
            {
                &self.assembled
            }
            _ => &self.log,
        };
        let (needed_exprs, private) = super::private::private_entities(log, &self.ctx);
        let mut symbols = Vec::with_capacity(self.ctx.symbols.len());
        let mut sym_names = String::new();
        for (k, s) in self.ctx.symbols.values().enumerate() {
            let private = private.get(k).copied().unwrap_or(false);
            // A private label's name is never looked up.
            if !s.anonymous && !private {
                sym_names.push_str(&s.name);
            }
            symbols.push(SymbolDecl {
                name_end: pool_end(&sym_names),
                anonymous: s.anonymous,
                private,
            });
        }
        sym_names.shrink_to_fit();
        sec_names.shrink_to_fit();
        let frag = Fragment {
            // `clone` allocates exactly the used length; the recorder keeps
            // its (larger) buffers.
            log: log.clone(),
            symbols,
            sym_names,
            sections,
            sec_names,
            exprs: self.ctx.exprs.as_slice().to_vec(),
            needed_exprs,
        };
        self.clear();
        frag
    }

    /// Logs `Declare` events for local entities created since the last one.
    fn declare(&mut self) {
        let symbols = count(self.ctx.symbols.len());
        let exprs = count(self.ctx.exprs.len());
        if symbols != self.declared_symbols || exprs != self.declared_exprs {
            self.log.events.push(Event::Declare { symbols, exprs });
            self.declared_symbols = symbols;
            self.declared_exprs = exprs;
        }
        let sections = count(self.ctx.sections.len());
        if sections != self.declared_sections {
            self.log.events.push(Event::DeclareSections(sections));
            self.declared_sections = sections;
        }
    }

    /// Logs one more instruction (after the declarations).
    fn count_inst(&mut self) {
        self.declare();
        match self.log.events.last_mut() {
            Some(Event::Insts(n)) if *n < u32::MAX => *n += 1,
            _ => self.log.events.push(Event::Insts(1)),
        }
    }

    /// Logs `e` after the declarations it may depend on.
    fn push(&mut self, e: Event) {
        self.declare();
        self.log.events.push(e);
    }

    /// Fails unless a section was switched to in this fragment.
    fn need_section(&self) -> Result<(), McError> {
        self.cur.map(|_| ()).ok_or(McError::NoSection)
    }

    fn push_text(&mut self, s: &str) -> u32 {
        self.log.text.push_str(s);
        count(s.len())
    }
}

/// A count or length as stored in an event. Contexts index with `u32` ids,
/// so entity counts fit; only a single name or directive string of 4 GiB or
/// more would not (it is not representable in the object either).
fn count(n: usize) -> u32 {
    u32::try_from(n).unwrap_or(u32::MAX)
}

fn pool_end(pool: &str) -> u32 {
    count(pool.len())
}

impl Streamer for RecordingStreamer<'_> {
    fn ctx(&mut self) -> &mut MCContext {
        &mut self.ctx
    }

    fn switch_section(&mut self, sec: SectionId) {
        self.cur = Some(sec);
        self.push(Event::SwitchSection(sec));
    }

    fn current_section(&self) -> Option<SectionId> {
        self.cur
    }

    fn emit_label(&mut self, sym: SymbolId) -> Result<(), McError> {
        self.need_section()?;
        self.push(Event::Label(sym));
        Ok(())
    }

    fn emit_inst(&mut self, inst: &MCInst) -> Result<(), McError> {
        self.need_section()?;
        if let Some(t) = self.target {
            let log = &mut self.log;
            let (b0, f0) = (log.code.len(), log.fixups.len());
            t.encode(inst, &mut log.code, &mut log.fixups)
                .map_err(McError::Encode)?;
            let len = match (
                u8::try_from(log.code.len() - b0),
                u8::try_from(log.fixups.len() - f0),
            ) {
                (Ok(bytes), Ok(fixups)) if bytes != u8::MAX => EncodedLen { bytes, fixups },
                _ => {
                    log.code.truncate(b0);
                    log.fixups.truncate(f0);
                    EncodedLen::NONE
                }
            };
            log.enc.push(len);
            if !len.keeps_inst() {
                self.count_inst();
                return Ok(());
            }
        }
        self.count_inst();
        self.log.insts.push(*inst);
        Ok(())
    }

    fn emit_encoded_bytes(&mut self, bytes: &[u8]) -> Result<(), McError> {
        self.need_section()?;
        let len = match u8::try_from(bytes.len()) {
            Ok(n) if self.target.is_some() && n != u8::MAX => EncodedLen {
                bytes: n,
                fixups: 0,
            },
            _ => return Err(encoded_only()),
        };
        self.log.enc.push(len);
        self.log.code.extend_from_slice(bytes);
        self.count_inst();
        Ok(())
    }

    fn emit_bytes(&mut self, data: &[u8]) -> Result<(), McError> {
        self.need_section()?;
        let n = u32::try_from(data.len())
            .map_err(|_| McError::Overflow("more than 4 GiB of data in one call".into()))?;
        self.push(Event::Bytes(n));
        self.log.bytes.extend_from_slice(data);
        Ok(())
    }

    fn emit_value(&mut self, e: ExprId, size: u8) -> Result<(), McError> {
        self.need_section()?;
        self.push(Event::Value(e, size));
        Ok(())
    }

    fn emit_leb128(&mut self, e: ExprId, signed: bool) -> Result<(), McError> {
        self.need_section()?;
        self.push(Event::Leb128(e, signed));
        Ok(())
    }

    fn emit_fill(&mut self, count: u64, value: u8) -> Result<(), McError> {
        self.need_section()?;
        self.push(Event::Fill(value));
        self.log.words.push(count);
        Ok(())
    }

    fn emit_align(&mut self, align: u64, fill: Option<u8>, max: u64) -> Result<(), McError> {
        self.need_section()?;
        self.push(Event::Align(fill));
        self.log.words.extend_from_slice(&[align, max]);
        Ok(())
    }

    fn emit_symbol_attr(&mut self, sym: SymbolId, attr: SymbolAttr) -> Result<(), McError> {
        self.push(Event::Attr(sym, attr));
        Ok(())
    }

    fn emit_size(&mut self, sym: SymbolId, e: ExprId) -> Result<(), McError> {
        self.push(Event::Size(sym, e));
        Ok(())
    }

    fn emit_common(&mut self, sym: SymbolId, size: u64, align: u64) -> Result<(), McError> {
        self.push(Event::Common(sym));
        self.log.words.extend_from_slice(&[size, align]);
        Ok(())
    }

    fn emit_assignment(&mut self, sym: SymbolId, e: ExprId) -> Result<(), McError> {
        self.push(Event::Assignment(sym, e));
        Ok(())
    }

    fn emit_cfi(&mut self, cfi: Cfi) -> Result<(), McError> {
        self.need_section()?;
        self.push(Event::Cfi);
        self.log.cfis.push(cfi);
        Ok(())
    }

    fn emit_file(&mut self, name: &str) {
        let n = self.push_text(name);
        self.push(Event::File(n));
    }

    fn emit_ident(&mut self, text: &str) {
        let n = self.push_text(text);
        self.push(Event::Ident(n));
    }

    fn emit_addrsig(&mut self, sym: Option<SymbolId>) {
        self.push(Event::Addrsig(PackedOption::from(sym)));
    }

    fn emit_verbatim(&mut self, text: &str) {
        let n = self.push_text(text);
        self.push(Event::Verbatim(n));
    }

    fn emit_dwarf_file(&mut self, n: u32, file: DwarfFile) -> Result<(), McError> {
        self.push(Event::DwarfFile(n));
        let dir_len = match &file.dir {
            Some(d) => self.push_text(d) as u64,
            None => u64::MAX,
        };
        let name_len = self.push_text(&file.name) as u64;
        self.log
            .words
            .extend_from_slice(&[dir_len, name_len, u64::from(file.md5.is_some())]);
        if let Some(m) = file.md5 {
            self.log.bytes.extend_from_slice(&m);
        }
        Ok(())
    }

    fn emit_dwarf_loc(&mut self, loc: DwarfLoc) -> Result<(), McError> {
        self.push(Event::DwarfLoc);
        self.log.locs.push(loc);
        Ok(())
    }
}
