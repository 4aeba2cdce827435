//! Machine functions, machine instructions and the passes over them, and the
//! target-independent part of the assembly printer ([`emit`]): module-level
//! data, symbols, sections and function headers.

pub mod emit;
