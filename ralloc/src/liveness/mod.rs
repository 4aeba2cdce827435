//! Liveness for the allocators that work on live intervals (basic,
//! greedy) and the register coalescer, after LLVM's `SlotIndexes`,
//! `LiveIntervals`, `LiveRange`, `LiveIntervalUnion`, `LiveRegMatrix` and
//! `LiveRangeEdit`.
//!
//! - [`slot`]: the [`SlotIndex`] numbering of program points;
//! - [`range`]: [`LiveRange`], sorted segments with value numbers, the one
//!   representation of where a virtual register, a register unit or a
//!   stack slot is live;
//! - [`indexes`]: [`SlotIndexes`], the numbering of one function (gaps for
//!   insertions, block lists in index order, block lookup, split points);
//! - [`units`]: [`RegUnits`], register units derived from the alias table;
//! - [`uses`]: [`UseLists`], per-vreg operand lists;
//! - [`intervals`]: [`LiveIntervals`], per-vreg intervals, per-unit ranges
//!   of physical registers, call register masks;
//! - [`union`] and [`matrix`]: [`LiveIntervalUnion`] per unit and
//!   [`LiveRegMatrix`], the interference query and assignment;
//! - [`edit`]: [`Liveness`], the per-worker state holding all of the above
//!   plus the [`crate::vrm::VirtRegMap`], and the edit layer (insert,
//!   delete, rename, recompute, dead-def elimination, materialize);
//! - [`freq`]: block frequencies for spill weights (one function,
//!   [`freq::BlockFreqs::freq`]).
//!
//! Typical use (an allocator row):
//! ```text
//! if !st.valid { st.compute(mf, t) }          // after two-address
//! st.lis.vreg(v)                              // interval of v
//! st.matrix.check_interference(&st.lis, &st.units, t, v, p)
//! st.matrix.assign(&st.lis, &st.units, &mut st.vrm, v, p)
//! let n = st.new_vreg_like(mf, v);            // split/spill products
//! let i = mf.create(..); st.insert_before(mf, anchor, i);
//! st.set_operand_reg(mf, inst, k, Reg::virt(n)); st.recompute(mf, n);
//! st.materialize(mf)                          // end of every row
//! ```
//!
//! Invariants: ranges are expressed in the slot indexes of one numbering of
//! one function state; a pass that changes the function does it through
//! the edit layer, which keeps them in step (or recomputes them).

pub mod edit;
pub mod freq;
pub mod indexes;
pub mod intervals;
pub mod matrix;
pub mod range;
pub mod slot;
pub mod union;
pub mod units;
pub mod uses;

pub use edit::Liveness;
pub use indexes::{SlotIndexes, SplitPoint};
pub use intervals::LiveIntervals;
pub use matrix::{Interference, LiveRegMatrix};
pub use range::{LiveRange, Segment, VNInfo, ValNo};
pub use slot::{Slot, SlotIndex};
pub use union::LiveIntervalUnion;
pub use units::RegUnits;
pub use uses::UseLists;
