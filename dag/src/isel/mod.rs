//! The target-independent half of instruction selection: the per-block
//! driver that takes a function from IR to SSA machine code
//! ([`function`]), the tree matcher that covers a block's DAG with the
//! target's pattern rows ([`matcher`]), and the list scheduler that orders
//! a block's selected nodes ([`schedule`]).
//!
//! A target plugs in through [`TargetSelector`]: its lowering hooks
//! (calling convention, type legality), the registers a landing pad
//! receives, and the selection of one legal block DAG into machine
//! instructions; and through [`matcher::MatchTarget`]: its pattern rows
//! and leaf predicates. Nothing here knows a particular target.

pub mod function;
pub mod matcher;
pub mod schedule;

pub use function::{select_function, IselCtx, PadRegs, TargetSelector};
pub use schedule::{DepGraph, Scheduler};
