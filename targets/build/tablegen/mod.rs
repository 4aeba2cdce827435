//! rcc's small TableGen: reads a target's `.desc` files and writes the Rust
//! tables every consumer is derived from (register tables, register classes,
//! opcode constants, instruction descriptors, the assembler's matcher table,
//! the instruction selector's pattern rows).
//!
//! Runs at build time only. [`core`] is the description language every
//! target shares (comments, templates, instruction rows, register classes
//! and units); each target adds its vocabulary and its generator
//! ([`x86_64`], with the memory-operand folding table derived in
//! [`x86_64_folds`]). The selection-pattern language is split the same way:
//! [`patterns`] is the generic tree language, [`x86_64_patterns`] x86's
//! predicates and output instructions. Malformed
//! descriptions abort the build with `file:line: message`; the generated
//! code is never written partially.

pub mod core;
pub mod patterns;
pub mod x86_64;
pub mod x86_64_folds;
pub mod x86_64_patterns;

/// Immediate kinds, shared with the crate so the pattern compiler checks
/// literals with the encoder's own ranges.
#[path = "../../src/x86_64/imm.rs"]
#[allow(dead_code, reason = "the build script needs only `ImmKind::fits`")]
mod imm;
pub use imm::ImmKind;

/// The x86-64 leaf predicates, shared with the crate (one definition).
#[path = "../../src/x86_64/isel/pred.rs"]
mod pred;
pub use pred::Pred;
