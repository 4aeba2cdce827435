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
//! Allocators: [`fast`] (block-local, for -O0) and the interval
//! allocators over [`liveness`]: [`basic`] (LLVM's RABasic; greedy lives in
//! its own module). An interval allocator leaves its result in a
//! [`vrm::VirtRegMap`] and the spill code in the function (through the
//! edit layer, [`liveness::edit`], and the [`spiller`]); [`rewrite`] turns
//! the map into the same [`Allocation`] the fast allocator produces,
//! checks it and applies it. [`weights`]: spill weights.
//!
//! After allocation, [`stack_coloring`] lets spill slots with disjoint
//! live ranges share a stack location (-O1 and up).

pub mod apply;
pub mod basic;
pub mod checker;
pub mod coalesce;
pub mod fast;
pub mod greedy;
pub mod hints;
pub mod liveness;
pub mod output;
pub mod rewrite;
pub mod spiller;
pub mod stack_coloring;
pub mod vrm;
pub mod weights;

pub use apply::apply;
pub use output::{AllocError, AllocStats, Allocation, Edit, Loc, ProgPoint};

use rcc_mach::{MachFunction, TargetInfo};

/// Why [`run_fast`] failed.
#[derive(Clone, Debug)]
pub enum RegAllocError {
    Alloc(AllocError),
    /// The checker found the allocation wrong (an allocator bug).
    Check(Vec<checker::CheckError>),
}

impl std::fmt::Display for RegAllocError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            RegAllocError::Alloc(e) => e.fmt(f),
            RegAllocError::Check(errs) => {
                write!(f, "register allocation checker: {} error(s)", errs.len())?;
                for e in errs {
                    write!(f, "\n  {}: {}", e.block, e.message)?;
                }
                Ok(())
            }
        }
    }
}

impl std::error::Error for RegAllocError {}

/// The -O0 allocation step of the pipeline: fast allocation, the checker
/// when `opts.check`, then the rewrite. `mf` must have been through PHI
/// elimination and the two-address pass.
pub fn run_fast(
    mf: &mut MachFunction,
    t: &dyn TargetInfo,
    opts: &fast::FastOptions,
) -> Result<AllocStats, RegAllocError> {
    run_fast_in(mf, t, opts, &mut fast::FastScratch::default())
}

/// [`run_fast`] with the buffers of `s` (one per worker).
pub fn run_fast_in(
    mf: &mut MachFunction,
    t: &dyn TargetInfo,
    opts: &fast::FastOptions,
    s: &mut fast::FastScratch,
) -> Result<AllocStats, RegAllocError> {
    fast::allocate_in(mf, t, opts, s).map_err(RegAllocError::Alloc)?;
    let a = &s.allocation;
    if opts.check {
        checker::check(mf, t, a).map_err(RegAllocError::Check)?;
    }
    apply::apply_at(mf, t, a, &s.vreg_ops, &mut s.insts).map_err(RegAllocError::Alloc)?;
    Ok(a.stats)
}
