//! Prolog/epilog insertion and the AsmPrinter on hand-built allocated
//! machine functions (`frame/scenarios.rs`):
//!
//! - `golden`: the plan, the MIR after PEI and the assembly, against files;
//! - `plans`: frame sizes and offsets, checked against llc-19's numbers;
//! - `errors`: the typed errors;
//! - `llvm`: our assembly through llvm-mc-19 gives the same bytes,
//!   relocations and `.eh_frame` as our object streamer;
//! - `runtime`: the object linked with a C driver (clang-19) and run:
//!   results, callee-saved registers, stack alignment at calls, and
//!   unwinding through every frame with the emitted CFI.

mod errors;
mod golden;
mod llvm;
mod plans;
mod runtime;
mod scenarios;
mod support;
