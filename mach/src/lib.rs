//! Machine code: functions of target instructions over virtual and
//! physical registers, and the passes over them.
//!
//! Pipeline position: instruction selection (`dag` + the target) builds a
//! [`MachFunction`] in SSA form over virtual registers; PHI elimination and
//! the two-address pass lower it out of SSA; register allocation (`ralloc`)
//! assigns physical registers; prolog/epilog insertion and frame-index
//! elimination finish it; the target's AsmPrinter lowers it to MCInsts.
//! Machine code reads target facts only through [`target::TargetInfo`].
//! [`passes`] holds target-independent pass helpers (frame options, slot
//! placement); [`symbols`] spells the function-local labels;
//! [`emit`] is the target-independent part of the assembly printer:
//! module-level data, symbols, sections and function headers.
//! Analyses the register allocator reads: [`prob`] (successor
//! probabilities), [`loops`] (the loop tree), [`block_freq`] (block
//! frequencies), over [`cfg`], kept between passes while the CFG is
//! unchanged by [`analysis`]; [`units`] (register units, for any pass
//! that tracks physical registers). [`ssa_update`] repairs SSA form for
//! passes that give a register several definitions.

pub mod analysis;
pub mod block_freq;
pub mod cfg;
pub mod cfi_fixup;
pub mod constraint;
pub mod eh;
pub mod emit;
pub mod frame;
pub mod func;
pub mod inline_asm;
pub mod loops;
pub mod mir;
pub mod operand;
pub mod passes;
pub mod printer;
pub mod prob;
pub mod reg;
pub mod remat;
pub mod ssa_update;
pub mod symbols;
pub mod target;
pub mod units;
pub mod verify;

pub use frame::{FrameIdx, FrameInfo, FrameKind, FrameObject};
pub use func::{prop, MBlock, MInst, MachFunction, SymFlag, SymOperand, SymTarget};
pub use operand::{flag, OpKind, Operand};
pub use prob::BranchProb;
pub use reg::{PReg, Reg, RegClassId, VReg};
pub use target::{
    cond_names, iflag, map_cond_blocks, MOpc, MemPart, OperandSlot, TargetInfo, Terminators,
};
