//! The MC layer: symbols, sections, expressions, `MCInst`, the streamers,
//! the assembler and the ELF writer.
//!
//! This crate is target-independent. A target plugs in through
//! [`target::TargetBackend`]: an instruction encoder (bytes + fixups), an
//! instruction printer, branch relaxation and relocation mapping.
//! `rcc-targets` implements it; the driver glues the two together.

pub mod asm_streamer;
pub mod cfi;
pub mod context;
pub mod elf;
pub mod expr;
pub mod fixup;
pub mod inst;
pub mod object;
pub mod reg;
pub mod section;
pub mod streamer;
pub mod symbol;
pub mod target;

pub use context::MCContext;
pub use expr::{BinOp, Expr, ExprId, ExprPool, ExprWriter, SymbolId, VariantKind};
pub use fixup::{Fixup, FixupKind};
pub use inst::{Disp, MCInst, MCOperand, MemRef};
pub use object::ObjectStreamer;
pub use reg::Reg;
pub use section::{Section, SectionId};
pub use streamer::{Cfi, McError, Streamer, SymbolAttr};
pub use symbol::{Binding, Symbol, SymbolDef, SymbolType, Visibility};
pub use target::TargetBackend;
