//! Liveness for the allocators that work on live intervals (basic,
//! greedy) and the register coalescer, after LLVM's `SlotIndexes`,
//! `LiveIntervals` and `LiveRange`.
//!
//! - [`slot`]: the [`SlotIndex`] numbering of program points;
//! - [`range`]: [`LiveRange`], sorted segments with value numbers, the one
//!   representation of where a virtual register, a register unit or a
//!   stack slot is live.
//!
//! Invariants: ranges are expressed in the slot indexes of one numbering of
//! one function state; a pass that changes the function keeps them in step
//! or recomputes them.

pub mod range;
pub mod slot;

pub use range::{LiveRange, Segment, VNInfo, ValNo};
pub use slot::{Slot, SlotIndex};
