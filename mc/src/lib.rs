//! The MC layer: symbols, sections, expressions, `MCInst`, the streamers,
//! the assembler and the ELF writer.
//!
//! This crate is target-independent. A target plugs in through
//! [`target::TargetBackend`]: an instruction encoder (bytes + fixups), AT&T
//! and Intel printers, branch/immediate relaxation, padding no-ops and ELF
//! relocation types. `rcc-targets` implements it; the driver glues the two.
//!
//! # Data flow
//!
//! ```text
//! parser (rcc-mc) or code emission
//!    │  Streamer calls: switch_section, emit_label, emit_inst, emit_value, ...
//!    ├──▶ AsmStreamer: GNU as text (optionally with encodings)
//!    └──▶ ObjectStreamer: per-section fragments
//!           Data (bytes + fixups) | Relaxable (one MCInst) | Align | Fill
//!         finish(): layout ─▶ relax until no fragment grows ─▶ .eh_frame
//!                   ─▶ resolve fixups (write value or emit a relocation)
//!                   ─▶ elf::write (symtab, .rela.*, groups, addrsig)
//!
//! parallel emission: each worker ──▶ RecordingStreamer ──finish──▶ Fragment
//!    main thread, in module order: Fragment::replay ──▶ either streamer
//! ```
//!
//! # Representation choices
//!
//! - `MCInst` is 72 bytes with inline operands; a memory reference is one
//!   12-byte operand ([`MemRef`]); expressions are interned ([`ExprId`]).
//! - Labels are (section, fragment, offset), so relaxation never has to
//!   patch symbol values; everything is computed from fragment offsets.
//! - Fixup addends of PC-relative fields already include the distance to
//!   the end of the instruction, so the object writer needs no per-target
//!   layout knowledge; fixup kinds are generic or in the target's range.
//! - Ids (symbols, sections, expressions) are `rcc_ir::entity` ids; output
//!   order is id order, never hash order, so objects are deterministic.

pub mod asm_parser;
pub mod asm_streamer;
pub mod cfi;
pub mod context;
pub mod dwarf_line;
pub mod elf;
pub mod expr;
pub mod fixup;
pub mod fragment;
pub mod inst;
pub mod leb;
pub mod object;
pub mod reg;
pub mod section;
pub mod streamer;
pub mod symbol;
pub mod target;

pub use context::MCContext;
pub use expr::{BinOp, Expr, ExprId, ExprPool, ExprWriter, SymbolId, VariantKind};
pub use fixup::{Fixup, FixupInfo, FixupKind};
pub use fragment::{Fragment, RecordingStreamer};
pub use inst::{Disp, MCInst, MCOperand, MemRef};
pub use object::ObjectStreamer;
pub use reg::Reg;
pub use section::{Section, SectionId};
pub use streamer::{AsmTextAssembler, AssembledCode, Cfi, McError, Streamer, SymbolAttr};
pub use symbol::{Binding, Symbol, SymbolDef, SymbolType, Visibility};
pub use target::{CfiInfo, TargetBackend};
