//! The greedy register allocator (LLVM's `RAGreedy`).
//!
//! Modules:
//! - [`queue`]: the work list, its priority, and the stage and cascade of
//!   every vreg;
//! - [`evict`]: the eviction decision and its cost;
//! - [`analysis`]: where an interval's uses are per block (split analysis);
//! - [`bundles`]: edge bundles of the CFG;
//! - [`placement`]: spill placement over bundles (where a split interval
//!   should be in a register).

pub mod analysis;
pub mod bundles;
pub mod evict;
pub mod placement;
pub mod queue;
