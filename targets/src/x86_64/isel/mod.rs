//! x86-64 instruction selection: from a block's SelectionDAG to machine
//! instructions in SSA form over virtual registers.
//!
//! Pipeline position: after the DAG builder, the legalizers and the
//! combiner of one block, with that block open in the `MachFunction`
//! (`mf.begin_block(b)`); before `mf.end_block(succs)`. The per-block
//! driver is the target-independent [`rcc_dag::isel::select_function`];
//! [`Selector`] is the x86-64 [`TargetSelector`] it calls.
//!
//! - [`patterns`]: the pattern rows of `patterns.desc`, compiled and
//!   checked against the instruction table by the build script;
//! - [`matcher`]: top-down tree covering of the DAG with those rows;
//! - [`addr`]: the hand-written addressing-mode matcher (`addr` operands);
//! - [`rcc_dag::isel::schedule`]: the list scheduler (emission order of
//!   the covered nodes), which [`matcher::Cover`] feeds;
//! - [`emit`]: instantiation of the chosen rows, in that order, into
//!   machine instructions;
//! - [`call`]: the System V [`rcc_dag::CallLowering`] hooks and the
//!   emission of calls and returns;
//! - [`jumptable`]: the jump through a switch's jump table;
//! - [`fast`]: the direct selector of `-O0` (no DAG; blocks it does not
//!   handle fall back to the path above);
//! - [`x87`]: hand-written sequences for `x86_fp80` arithmetic.
//! - [`vector`]: SSE2 vectors: which types and operations are legal (the
//!   [`rcc_dag::legalize::TypeLegality`] the legalizer asks) and the
//!   selection of `BuildVector`, `Shuffle` and `InsertElt`.
//!
//! Invariants of the output: every virtual register is defined once; in a
//! block, a register defined by the block is defined before it is used;
//! EFLAGS and fixed physical registers never live across two rows.

pub mod abi;
pub mod addr;
pub mod atomic;
pub mod call;
pub mod emit;
pub mod fast;
pub mod inline_asm;
pub mod jumptable;
pub mod matcher;
pub mod patterns;
pub mod pred;
#[cfg(test)]
mod tests;
pub mod tls;
pub mod vector;
pub mod wide;
pub mod x87;

pub use call::{X86Lowering, X86_CALL, X86_RET};
pub use rcc_dag::IselError;

use crate::x86_64::desc::regs;
use emit::Emitter;
use matcher::Cover;
use rcc_dag::isel::{PadRegs, Scheduler, TargetSelector};
use rcc_dag::{CallLowering, Dag};
use rcc_mach::{MachFunction, Operand, Reg};

/// Reusable instruction-selection state (one per worker).
#[derive(Default)]
pub struct Selector {
    fast: fast::FastSelector,
    cover: Cover,
    vals: Vec<Reg>,
    ops: Vec<Operand>,
    sched: Scheduler,
}

impl Selector {
    pub fn new() -> Selector {
        Selector::default()
    }

    /// Selects the block DAG `dag` (its root set) into the open block of
    /// `mf`. Recomputes the DAG's use counts.
    pub fn select_block(&mut self, dag: &mut Dag, mf: &mut MachFunction) -> Result<(), IselError> {
        dag.count_uses();
        matcher::cover(dag, mf, &mut self.cover)?;
        self.vals.clear();
        self.vals.resize(dag.len(), Reg::NONE);
        let mut e = Emitter {
            dag,
            cover: &self.cover,
            vals: &mut self.vals,
            more_vals: Vec::new(),
            ops: std::mem::take(&mut self.ops),
            sched: &mut self.sched,
        };
        let r = e.run(mf);
        self.ops = e.ops;
        r
    }
}

impl TargetSelector for Selector {
    fn lowering(&self) -> &dyn CallLowering {
        &X86Lowering
    }

    /// RAX and EDX, which the unwinder sets (System V).
    fn pad_regs(&self) -> PadRegs {
        PadRegs {
            ptr: regs::RAX,
            sel: regs::EDX,
            live_ins: &[regs::RAX, regs::RDX],
        }
    }

    fn select_block(&mut self, dag: &mut Dag, mf: &mut MachFunction) -> Result<(), IselError> {
        Selector::select_block(self, dag, mf)
    }

    fn fast(&mut self) -> Option<&mut dyn rcc_dag::fast::FastTarget> {
        Some(&mut self.fast)
    }
}

/// Selects one block with a fresh [`Selector`].
pub fn select_block(dag: &mut Dag, mf: &mut MachFunction) -> Result<(), IselError> {
    Selector::new().select_block(dag, mf)
}
