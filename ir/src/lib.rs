//! rcc's IR model: an in-memory form of LLVM textual IR, with the `.ll`
//! parser, the verifier and the printer.

pub mod entity;
