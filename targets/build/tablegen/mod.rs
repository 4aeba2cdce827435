//! rcc's small TableGen: reads a target's `.desc` files and writes the Rust
//! tables every consumer is derived from (register tables, register classes,
//! opcode constants, instruction descriptors, the assembler's matcher table).
//!
//! Runs at build time only. [`core`] is the description language every
//! target shares (comments, templates, instruction rows, register classes
//! and units); each target adds its vocabulary and its generator
//! ([`x86_64`]). Malformed descriptions abort the build with
//! `file:line: message`; the generated code is never written partially.

pub mod core;
pub mod x86_64;
