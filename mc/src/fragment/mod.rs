//! Per-function MC fragments for parallel emission, and their merge. (Not
//! the object streamer's section fragments, which are private to it.)
//!
//! A rayon worker emits one function into a [`RecordingStreamer`]: a
//! [`Streamer`](crate::Streamer) that owns a *local*
//! [`MCContext`](crate::MCContext) and records every call as a compact
//! event. [`RecordingStreamer::finish`] freezes the events and the local
//! context's symbols, sections and expressions into a [`Fragment`]
//! (`Send + Sync`, exactly sized) and clears the recorder for the next
//! function, keeping its buffers. The main thread then calls
//! [`Fragment::replay`] on each fragment, in module order, against the real
//! streamer (object or assembly); that is the only place the shared context
//! is touched.
//!
//! ```text
//! worker:  emit(f) ─▶ RecordingStreamer (local MCContext, event log)
//!                         └─ finish() ─▶ Fragment ─┐
//! main:    for each fragment in module order:      ▼
//!              frag.replay(&mut out) ─▶ ObjectStreamer | AsmStreamer
//! ```
//!
//! # Representation
//!
//! The log is one `Vec` of 12-byte events plus one flat pool per kind of
//! payload that does not fit in an event: instructions (`MCInst`, 72 bytes),
//! raw bytes, 64-bit words, CFI directives, `.loc` rows, text, and
//! optionally encodings. Pools are consumed in event order, so an event
//! stores at most a length, never a range, and no event owns a `Vec`.
//! Consecutive instructions are one `Insts(n)` event. The local context is
//! frozen into flat declaration tables (names in one string pool per table).
//!
//! # Ids across contexts
//!
//! Replay maps every local id into the destination's context:
//! - a named symbol, `.L` names such as `.LBB3_1` or `.L.str` included, by
//!   name: `foo` referenced by two fragments is one symbol, and a private
//!   global defined in one fragment resolves from another. Emitters keep
//!   per-function labels unique the way LLVM does (the function number is
//!   in the name); two fragments *defining* one name fail with
//!   [`McError::Redefined`](crate::McError::Redefined), as emitting both
//!   directly would;
//! - an anonymous symbol (made by
//!   [`MCContext::temp_symbol`](crate::MCContext::temp_symbol), see
//!   [`Symbol::anonymous`](crate::Symbol::anonymous)) to a fresh temporary of
//!   the destination, so fragments' temporaries never collide;
//! - a section by its key in the context, `(name, group)`, created with the
//!   recorded type, flags and entry size if new (as
//!   [`MCContext::section`](crate::MCContext::section) does); an alignment
//!   set directly on a local section is merged as a maximum;
//! - an expression node by re-interning it with mapped operands; an
//!   `MCInst`'s expression operands and memory displacements, and recorded
//!   fixups, are rewritten to the mapped expressions.
//!
//! Mapping is eager and dense: a `Declare` event, logged before any call
//! that follows the creation of local symbols, sections or expressions,
//! makes replay create their counterparts right there, in creation order.
//! The maps are vectors indexed by local id, so replay is linear and hashes
//! nothing beyond the destination's own name lookups.
//!
//! # Encoding on the worker
//!
//! A recorder made with [`RecordingStreamer::with_target`] also encodes each
//! instruction as it is recorded (an unencodable instruction fails there, on
//! the worker) and keeps bytes and fixups in two more pools. Replay hands
//! them to [`Streamer::emit_encoded_inst`](crate::Streamer::emit_encoded_inst),
//! so the object streamer on the main thread only appends bytes. Such a
//! fragment is for object output: it keeps the instruction itself only
//! where the object streamer needs it (with fixups, which relaxation may
//! grow, or without an encoding) and replays the rest as bytes
//! ([`Streamer::emit_encoded_bytes`](crate::Streamer::emit_encoded_bytes)),
//! which an assembly streamer refuses with an error (72-byte instructions
//! were a fifth of sqlite3's peak heap). The target must be the
//! destination's. Without a target, fragments hold instructions only and
//! replay encodes them.
//!
//! # Assembly on the worker
//!
//! With a target, [`RecordingStreamer::finish`] also assembles each run of
//! code (labels, instructions, CFI and alignments in a code section whose
//! layout does not depend on where it lands) into final bytes: relaxed as
//! the object streamer would, fixups against the run's own temporary
//! labels written into the bytes, the rest kept with offsets from the
//! run's start (module `assemble`). Replay hands a run to
//! [`Streamer::emit_assembled`](crate::Streamer::emit_assembled): the
//! merge appends the bytes, offsets the fixups, defines the labels and
//! records the CFI, with no instruction left to re-issue or relax. A run
//! that could come out differently in the whole object (an instruction
//! that may grow with a target outside the run) stays as events.
//!
//! # Invariants
//!
//! - Replaying a fragment leaves the destination in the state the recorded
//!   calls would have left it in had they been made on it directly, id for
//!   id: destination symbols, sections and expressions are created in the
//!   order direct emission would create them, relative to the streamer
//!   calls. So the output depends only on the fragments and the order they
//!   are replayed in, not on which worker recorded what, on the number of
//!   workers or on recording order. This holds when the emitter creates
//!   entities only through the context's constructors (`symbol`,
//!   `temp_symbol`, `section`, `expr`, ...) and changes them only through
//!   `Streamer` calls; state written into the local context by hand (other
//!   than a section's alignment) is not carried over, and lookups in the
//!   local context see only the fragment's own entities.
//! - A fragment starts with no current section: content, labels and CFI
//!   before its first `switch_section` are an error (`McError::NoSection`)
//!   rather than silently landing in whatever section the previous fragment
//!   left current.
//! - Errors the destination reports (redefinition, bad CFI nesting,
//!   unencodable instructions without a recording target, ...) come from
//!   `replay`, which stops at the first one; the destination then holds the
//!   calls before it, as with direct emission. Ids that do not belong to
//!   the fragment's context are errors, not panics.

mod assemble;
mod private;
mod record;
mod replay;
#[cfg(test)]
mod tests;

pub use record::RecordingStreamer;

use crate::dwarf_line::DwarfLoc;
use crate::expr::{Expr, ExprId, SymbolId};
use crate::fixup::Fixup;
use crate::inst::MCInst;
use crate::section::SectionId;
use crate::streamer::{Cfi, SymbolAttr};
use rcc_ir::entity::PackedOption;

/// One recorded call. Payloads that do not fit live in the [`Log`] pools,
/// consumed in event order (the comment says which pool and how much).
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
enum Event {
    /// Local symbols below `symbols` and expressions below `exprs` exist
    /// from here on (symbols are mapped first: expressions refer to them).
    Declare {
        symbols: u32,
        exprs: u32,
    },
    /// Local sections below the count exist from here on.
    DeclareSections(u32),
    SwitchSection(SectionId),
    Label(SymbolId),
    /// The next `n` instructions of `insts`.
    Insts(u32),
    /// The next `n` bytes of `bytes`.
    Bytes(u32),
    Value(ExprId, u8),
    Leb128(ExprId, bool),
    /// `words`: count.
    Fill(u8),
    /// `words`: alignment, max.
    Align(Option<u8>),
    Attr(SymbolId, SymbolAttr),
    Size(SymbolId, ExprId),
    /// `words`: size, alignment.
    Common(SymbolId),
    Assignment(SymbolId, ExprId),
    /// The next entry of `cfis`.
    Cfi,
    /// `.file "name"`: the next `n` bytes of `text`.
    File(u32),
    /// `.ident`: the next `n` bytes of `text`.
    Ident(u32),
    /// A verbatim directive: the next `n` bytes of `text`.
    Verbatim(u32),
    Addrsig(PackedOption<SymbolId>),
    /// `.file N`: `words` holds the directory length (`u64::MAX` for none),
    /// the name length and whether an MD5 follows; `text` the directory then
    /// the name; `bytes` the 16-byte MD5, if any.
    DwarfFile(u32),
    /// The next entry of `locs`.
    DwarfLoc,
    /// Code assembled on the worker: the next entry of `runs`, which says
    /// how much of `code`, `fixups`, `labels` and `cfis` (with
    /// `cfi_offsets`) it takes.
    Run,
}

const _: () = assert!(size_of::<Event>() == 12);

/// The event log and its payload pools.
#[derive(Clone, Default, PartialEq, Debug)]
struct Log {
    events: Vec<Event>,
    insts: Vec<MCInst>,
    bytes: Vec<u8>,
    words: Vec<u64>,
    cfis: Vec<Cfi>,
    locs: Vec<DwarfLoc>,
    text: String,
    /// With a target: one entry per instruction, its encoding's share of
    /// `code` and `fixups`. Empty when recorded without a target.
    enc: Vec<EncodedLen>,
    code: Vec<u8>,
    /// Offsets from the instruction's start (from the run's start for a
    /// run); expressions are local ids.
    fixups: Vec<Fixup>,
    /// Assembled runs of code (see `assemble`), their labels with offsets,
    /// and the offsets of their CFI directives (which are in `cfis`).
    runs: Vec<RunLen>,
    labels: Vec<(SymbolId, u32)>,
    cfi_offsets: Vec<u32>,
}

/// How much of each pool one assembled run takes.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
struct RunLen {
    bytes: u32,
    fixups: u32,
    labels: u32,
    cfis: u32,
    insts: u32,
    /// The largest alignment requested inside the run.
    align: u64,
}

/// How many bytes of `code` and entries of `fixups` one instruction's
/// encoding takes; [`EncodedLen::NONE`] for an encoding too large to record
/// (replay then encodes it).
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
struct EncodedLen {
    bytes: u8,
    fixups: u8,
}

impl EncodedLen {
    const NONE: EncodedLen = EncodedLen {
        bytes: u8::MAX,
        fixups: u8::MAX,
    };

    /// Whether the log keeps the instruction itself: only when replay
    /// needs it, to encode it (no recorded encoding) or to relax it (an
    /// instruction without fixups never grows). The others are bytes.
    fn keeps_inst(self) -> bool {
        self == EncodedLen::NONE || self.fixups > 0
    }
}

impl Log {
    fn clear(&mut self) {
        self.events.clear();
        self.insts.clear();
        self.bytes.clear();
        self.words.clear();
        self.cfis.clear();
        self.locs.clear();
        self.text.clear();
        self.enc.clear();
        self.code.clear();
        self.fixups.clear();
        self.runs.clear();
        self.labels.clear();
        self.cfi_offsets.clear();
    }

    /// Bytes held by the pools (for statistics).
    fn heap_size(&self) -> usize {
        self.events.len() * size_of::<Event>()
            + self.insts.len() * size_of::<MCInst>()
            + self.bytes.len()
            + self.words.len() * 8
            + self.cfis.len() * size_of::<Cfi>()
            + self.locs.len() * size_of::<DwarfLoc>()
            + self.text.len()
            + self.enc.len() * size_of::<EncodedLen>()
            + self.code.len()
            + self.fixups.len() * size_of::<Fixup>()
            + self.runs.len() * size_of::<RunLen>()
            + self.labels.len() * 8
            + self.cfi_offsets.len() * 4
    }
}

/// A local symbol: its name (the bytes of `sym_names` up to `name_end`,
/// from the previous declaration's end) or anonymous (no name bytes).
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
struct SymbolDecl {
    name_end: u32,
    anonymous: bool,
    /// Only the fragment's assembled code refers to it (module `private`):
    /// replay creates no counterpart.
    private: bool,
}

/// A local section: its name (in `sec_names`, as for symbols) and the
/// attributes it is created with.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
struct SectionDecl {
    name_end: u32,
    sh_type: u32,
    flags: u64,
    entsize: u64,
    align: u64,
    group: PackedOption<SymbolId>,
    /// `,unique,N` of the section, if any.
    unique: Option<u32>,
    /// The local section it is linked to (`SHF_LINK_ORDER`), if any.
    link: PackedOption<SectionId>,
}

/// One function's recorded machine code: events plus the declarations of the
/// local context they refer to. Immutable; replay it with
/// [`Fragment::replay`].
#[derive(Clone, Default, PartialEq, Debug)]
pub struct Fragment {
    log: Log,
    symbols: Vec<SymbolDecl>,
    sym_names: String,
    sections: Vec<SectionDecl>,
    sec_names: String,
    exprs: Vec<Expr>,
    /// Per expression, whether replay must create it (module `private`);
    /// empty when all are needed.
    needed_exprs: Vec<bool>,
}

// Fragments cross threads; the recorder lives in a worker. Checked here so a
// field that breaks it fails to compile in this crate, not in the driver.
const _: () = {
    const fn send_sync<T: Send + Sync>() {}
    const fn send<T: Send>() {}
    send_sync::<Fragment>();
    send::<RecordingStreamer<'static>>();
};

impl Fragment {
    /// Whether nothing was recorded (no calls and no declarations).
    pub fn is_empty(&self) -> bool {
        self.log.events.is_empty()
    }

    /// Whether the instructions carry their encodings (recorded with a
    /// target).
    pub fn is_encoded(&self) -> bool {
        !self.log.enc.is_empty() || !self.log.runs.is_empty()
    }

    /// Number of recorded instructions.
    pub fn inst_count(&self) -> usize {
        if self.is_encoded() {
            self.log.enc.len()
                + self
                    .log
                    .runs
                    .iter()
                    .map(|r| r.insts as usize)
                    .sum::<usize>()
        } else {
            self.log.insts.len()
        }
    }

    /// Number of runs of code assembled on the worker.
    pub fn run_count(&self) -> usize {
        self.log.runs.len()
    }

    /// Number of recorded events (runs of instructions count once).
    pub fn event_count(&self) -> usize {
        self.log.events.len()
    }

    /// Approximate heap bytes held (pools and declaration tables).
    pub fn heap_size(&self) -> usize {
        self.log.heap_size()
            + self.symbols.len() * size_of::<SymbolDecl>()
            + self.sym_names.len()
            + self.sections.len() * size_of::<SectionDecl>()
            + self.sec_names.len()
            + self.exprs.len() * size_of::<Expr>()
            + self.needed_exprs.len()
    }
}

/// Read positions in a log's pools, advanced event by event (pools are
/// consumed in event order).
#[derive(Copy, Clone, Default)]
struct Cursor {
    /// Next instruction (entry of `enc` for an encoded log, else of `insts`).
    inst: usize,
    /// Next entry of `insts` (encoded logs keep only some).
    kept: usize,
    byte: usize,
    word: usize,
    cfi: usize,
    loc: usize,
    text: usize,
    code: usize,
    fixup: usize,
    run: usize,
    label: usize,
    /// Next entry of `cfi_offsets` (only runs' CFI directives have one).
    cfi_offset: usize,
}

/// The slice `start..end` of a string pool where declarations store only
/// ends: `prev_end` is the previous declaration's end (0 for the first).
fn name_at(pool: &str, prev_end: u32, end: u32) -> &str {
    pool.get(prev_end as usize..end as usize).unwrap_or("")
}
