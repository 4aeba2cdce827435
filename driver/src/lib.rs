//! rcc's library API, shared by the `rcc-par` and `rcc-mc` binaries.

pub mod asm;
