//! Register allocation: from virtual to physical registers.
//!
//! Pipeline position: after PHI elimination and the two-address pass
//! (`rcc_mach::passes`), before prolog/epilog insertion. An allocator
//! reads the function and produces an [`Allocation`] beside it (a
//! physical register per virtual-register operand, and the spills, reloads
//! and copies to insert, by program point); [`apply`] rewrites the function
//! from it. The symbolic [`checker`] validates an allocation against the
//! function before the rewrite.
//!
//! Allocators: [`fast`] (block-local, for -O0). Liveness-based allocators
//! (slot indexes, live intervals, greedy) will produce the same
//! [`Allocation`].

pub mod apply;
pub mod checker;
pub mod fast;
pub mod output;

pub use apply::apply;
pub use output::{AllocError, AllocStats, Allocation, Edit, Loc, ProgPoint};
