//! The register coalescer (LLVM's `RegisterCoalescer`).
pub mod join;
