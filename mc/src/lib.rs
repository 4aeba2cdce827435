//! The MC layer: symbols, sections, expressions, `MCInst`, the streamers,
//! the assembler and the ELF writer.
//!
//! This crate is target-independent. A target plugs in through the traits in
//! [`target`]: an instruction encoder (bytes + fixups), an instruction printer
//! and a relocation mapper. `rcc-targets` implements them; the driver glues
//! the two together.

pub mod expr;
pub mod fixup;
pub mod inst;
pub mod reg;

pub use expr::{Expr, ExprId, ExprPool, ExprWriter, SymbolId, VariantKind};
pub use fixup::{Fixup, FixupKind};
pub use inst::{Disp, MCInst, MCOperand, MemRef};
pub use reg::Reg;
