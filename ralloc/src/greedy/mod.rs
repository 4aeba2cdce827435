//! The greedy register allocator (LLVM's `RAGreedy`).
//!
//! Input: a function after two-address with its liveness computed
//! ([`crate::liveness::Liveness`]). Output: the assignment in the state's
//! `VirtRegMap` (a physical register per remaining vreg; spilled vregs are
//! replaced by the spiller's tiny intervals around each use), with the
//! splits and spill code inserted through the edit layer; the
//! `virtregrewriter` row turns the map into an `Allocation`.
//!
//! Scheme, per vreg popped from the priority queue ([`queue`]: larger and
//! global first, hinted first, split products deferred):
//! 1. *assign*: the hinted register if free, else the first free register
//!    of the allocation order;
//! 2. *evict* ([`evict`]): the register whose interfering vregs are cheapest
//!    to evict (broken hints, then the largest spill weight), if the vreg
//!    may evict them all (heavier, older cascade); the evicted vregs are
//!    queued again with the evictor's cascade;
//! 3. the first time a vreg gets here it is only requeued at stage
//!    `Split`, behind everything else, so it is split against the final
//!    picture of interference;
//! 4. *split* ([`region`]): a vreg living in one block is split around the
//!    uses that interference lets it keep ([`region`]'s local split);
//!    otherwise a *region split* for the physical register whose
//!    interference leaves the cheapest region by spill placement
//!    ([`placement`] over [`bundles`]), else a *per-block split* isolating
//!    each block with several uses; the remainder goes to stage `Spill`;
//! 5. *spill* through the inline spiller; its products are `Done`.
//!
//! Modules: [`queue`] (work list, stages, cascades), [`evict`] (eviction
//! rule), [`analysis`] (per-block uses), [`bundles`] and [`placement`]
//! (edge bundles, spill placement), [`split`] (the split editor),
//! [`region`] (region, block and local splitting), [`intf_cache`]
//! (per-block interference remembered across region splits).
//!
//! Invariants: a vreg is in the queue or assigned or spilled or empty;
//! every split product records its original in the map; stages only grow,
//! so the loop terminates (spill products are `Done` and unspillable:
//! they may evict spillable vregs, and nothing evicts them).

mod allocator;
pub mod analysis;
pub mod bundles;
pub mod evict;
pub mod intf_cache;
pub mod placement;
pub mod queue;
pub mod region;
pub mod split;

pub use allocator::{Greedy, GreedyStats};
