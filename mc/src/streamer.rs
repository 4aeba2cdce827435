//! The `Streamer` interface: what the assembler parser and code emission
//! drive. Two implementations: the object streamer (fragments, layout,
//! relaxation, ELF) and the assembly streamer (GNU as text).

use crate::context::MCContext;
use crate::dwarf_line::{DwarfFile, DwarfLoc};
use crate::expr::{ExprId, SymbolId};
use crate::fixup::Fixup;
use crate::inst::MCInst;
use crate::section::SectionId;
use crate::symbol::SymbolType;
use std::fmt;

/// An MC-layer error (the parser adds the source location).
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum McError {
    /// The instruction could not be encoded.
    Encode(String),
    /// A symbol was defined twice.
    Redefined(String),
    /// Data or code outside any section.
    NoSection,
    /// An expression the object format cannot represent.
    BadExpr(String),
    /// A fixup value does not fit its field.
    Overflow(String),
    /// A CFI directive outside `.cfi_startproc`/`.cfi_endproc`, or unbalanced.
    Cfi(String),
    /// A feature the object writer does not implement yet.
    Unsupported(String),
}

/// The error of [`Streamer::emit_encoded_bytes`] where it is not supported.
pub(crate) fn encoded_only() -> McError {
    McError::Unsupported(
        "an instruction recorded for object output only: a fragment recorded with a target replays into an object streamer or a recorder with a target".into(),
    )
}

impl fmt::Display for McError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            McError::Encode(m) => write!(f, "{m}"),
            McError::Redefined(s) => write!(f, "symbol '{s}' is already defined"),
            McError::NoSection => write!(f, "expected section directive before assembly directive"),
            McError::BadExpr(m) => write!(f, "{m}"),
            McError::Overflow(m) => write!(f, "{m}"),
            McError::Cfi(m) => write!(f, "{m}"),
            McError::Unsupported(m) => write!(f, "unsupported: {m}"),
        }
    }
}

impl std::error::Error for McError {}

/// Symbol attribute directives.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum SymbolAttr {
    Global,
    Local,
    Weak,
    Hidden,
    Protected,
    Internal,
    Type(SymbolType),
}

/// A call-frame-information directive.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Cfi {
    StartProc,
    EndProc,
    DefCfa {
        reg: u16,
        offset: i64,
    },
    DefCfaOffset(i64),
    AdjustCfaOffset(i64),
    DefCfaRegister(u16),
    Offset {
        reg: u16,
        offset: i64,
    },
    RelOffset {
        reg: u16,
        offset: i64,
    },
    Restore(u16),
    SameValue(u16),
    Undefined(u16),
    RememberState,
    RestoreState,
    Escape,
    /// `.cfi_personality enc, sym`: the frame's CIE names personality
    /// routine `sym` with DWARF pointer encoding `enc`.
    Personality {
        enc: u8,
        sym: SymbolId,
    },
    /// `.cfi_lsda enc, sym`: the frame's FDE points at its language-specific
    /// data area `sym` with pointer encoding `enc`.
    Lsda {
        enc: u8,
        sym: SymbolId,
    },
}

/// The sink of assembler output.
pub trait Streamer {
    /// The context (symbols, sections, expressions).
    fn ctx(&mut self) -> &mut MCContext;
    /// Makes `sec` current.
    fn switch_section(&mut self, sec: SectionId);
    /// The current section.
    fn current_section(&self) -> Option<SectionId>;
    /// Defines `sym` at the current position.
    fn emit_label(&mut self, sym: SymbolId) -> Result<(), McError>;
    /// Emits an instruction.
    fn emit_inst(&mut self, inst: &MCInst) -> Result<(), McError>;
    /// Emits an instruction whose encoding is already known: `bytes` and
    /// `fixups` (offsets from the instruction's start) must be exactly what
    /// this streamer's target's `encode` produced for `inst`. This lets a fragment
    /// recorded on a worker carry the encoding, so the thread that owns the
    /// streamer does not encode again. The default ignores the encoding and
    /// calls [`Streamer::emit_inst`]; the object streamer uses it.
    fn emit_encoded_inst(
        &mut self,
        inst: &MCInst,
        bytes: &[u8],
        fixups: &[Fixup],
    ) -> Result<(), McError> {
        let _ = (bytes, fixups);
        self.emit_inst(inst)
    }
    /// Emits an instruction known only by its encoding `bytes`, which has
    /// no fixups (so it never needs a larger form): what a fragment
    /// recorded with a target keeps of such an instruction, as the object
    /// streamer needs nothing else. A streamer that needs the instruction
    /// itself (assembly, a recorder without a target) cannot take it: the
    /// default fails.
    fn emit_encoded_bytes(&mut self, bytes: &[u8]) -> Result<(), McError> {
        let _ = bytes;
        Err(encoded_only())
    }
    /// Emits a run of code assembled ahead of time (on a worker, by a
    /// [`RecordingStreamer`](crate::RecordingStreamer) with a target):
    /// final bytes, whose relaxation and local fixups are already done. Like
    /// [`emit_encoded_bytes`](Self::emit_encoded_bytes), only an object
    /// streamer can take it; the default fails.
    fn emit_assembled(&mut self, code: &AssembledCode<'_>) -> Result<(), McError> {
        let _ = code;
        Err(encoded_only())
    }
    /// Emits raw bytes.
    fn emit_bytes(&mut self, data: &[u8]) -> Result<(), McError>;
    /// Emits a `size`-byte value (1, 2, 4 or 8).
    fn emit_value(&mut self, e: ExprId, size: u8) -> Result<(), McError>;
    /// `.uleb128 e` / `.sleb128 e`.
    fn emit_leb128(&mut self, e: ExprId, signed: bool) -> Result<(), McError>;
    /// Emits `count` copies of `value`.
    fn emit_fill(&mut self, count: u64, value: u8) -> Result<(), McError>;
    /// Aligns to `align` bytes (fill byte, or no-ops in code if `None`),
    /// skipping the alignment if it would take more than `max` bytes.
    fn emit_align(&mut self, align: u64, fill: Option<u8>, max: u64) -> Result<(), McError>;
    /// Applies a symbol attribute.
    fn emit_symbol_attr(&mut self, sym: SymbolId, attr: SymbolAttr) -> Result<(), McError>;
    /// `.size sym, e`.
    fn emit_size(&mut self, sym: SymbolId, e: ExprId) -> Result<(), McError>;
    /// `.comm sym, size, align` (local if `.local` was given).
    fn emit_common(&mut self, sym: SymbolId, size: u64, align: u64) -> Result<(), McError>;
    /// `.set sym, e`.
    fn emit_assignment(&mut self, sym: SymbolId, e: ExprId) -> Result<(), McError>;
    /// A CFI directive.
    fn emit_cfi(&mut self, cfi: Cfi) -> Result<(), McError>;
    /// `.file "name"`.
    fn emit_file(&mut self, name: &str);
    /// `.ident "text"`.
    fn emit_ident(&mut self, text: &str);
    /// `.addrsig` / `.addrsig_sym sym`.
    fn emit_addrsig(&mut self, sym: Option<SymbolId>);
    /// A directive with no effect on the object (`.code64`), kept verbatim by
    /// the assembly streamer.
    fn emit_verbatim(&mut self, text: &str);
    /// `.file N "dir" "name" [md5 0x...]`: a line-table file entry.
    fn emit_dwarf_file(&mut self, n: u32, file: DwarfFile) -> Result<(), McError>;
    /// `.loc ...`: the source location of the next instruction.
    fn emit_dwarf_loc(&mut self, loc: DwarfLoc) -> Result<(), McError>;
}

/// A run of code in one section, assembled on a worker: what a sequence of
/// instructions, labels, CFI directives and alignments (no larger than the
/// alignment known at the run's start) leaves in an object, relative to the
/// run's start. Symbols and expressions are the destination's.
#[derive(Copy, Clone, Debug)]
pub struct AssembledCode<'a> {
    /// The final bytes: instructions in their relaxed forms, padding, and
    /// the fields of fixups resolved within the run.
    pub bytes: &'a [u8],
    /// The fixups left for the object writer, at offsets from the run's start
    /// (none of them belongs to an instruction that could still grow).
    pub fixups: &'a [Fixup],
    /// Labels defined in the run, with their offsets, in definition order.
    pub labels: &'a [(SymbolId, u32)],
    /// CFI directives with their offsets, in order.
    pub cfis: &'a [(Cfi, u32)],
    /// The largest alignment requested in the run (the section's is at
    /// least this), 1 if none.
    pub align: u64,
    /// Number of instructions (a pending `.loc` row belongs to the first,
    /// which is at offset 0).
    pub insts: u32,
}

/// An assembler of source text into a streamer: how code generation hands
/// inline assembly and module-level `asm` to a parser it does not depend
/// on (the driver provides one over its AT&T parser). `assemble` emits the
/// statements of `text` into `s` at its current section and position, and
/// leaves the current section as it found it; errors are messages with
/// their line within `text`.
pub trait AsmTextAssembler: Sync {
    fn assemble(&self, text: &str, s: &mut dyn Streamer) -> Result<(), String>;
}
