//! Liveness of `EFLAGS` at block boundaries, for a prologue or epilogue
//! placed by shrink wrapping: where the flags are live, the stack-pointer
//! adjustment must be a `lea` (an `add`/`sub` would clobber them), as
//! LLVM's `emitSPUpdate` decides from `EFLAGS` live-ins and
//! `flagsNeedToBePreservedBeforeTheTerminators`.
//!
//! Invariants: computed from one state of the function (registers
//! allocated); a register mask (a call) ends the flags' life.

use crate::x86_64::desc::{aliases, iflag, regs};
use crate::x86_64::X86Info;
use rcc_ir::entity::EntityId;
use rcc_mach::{flag, MInst, MachFunction, OpKind, TargetInfo};

/// How instruction `i` touches the flags: `Some(true)` reads them (before
/// any write of its own), `Some(false)` writes them, `None` neither.
fn touch(mf: &MachFunction, i: MInst) -> Option<bool> {
    let is_flags = |o: &rcc_mach::Operand| {
        o.reg()
            .as_phys()
            .is_some_and(|r| aliases(regs::EFLAGS).contains(&r.0))
    };
    let ops = mf.operands(i);
    if ops
        .iter()
        .any(|o| o.is_reg() && o.is_use() && !o.has(flag::UNDEF) && is_flags(o))
    {
        return Some(true);
    }
    let writes = ops
        .iter()
        .any(|o| (o.is_reg() && o.is_def() && is_flags(o)) || o.kind() == OpKind::RegMask);
    writes.then_some(false)
}

/// Per block index: whether the flags are live into the block.
pub(super) fn live_in(mf: &MachFunction) -> Vec<bool> {
    let n = mf.blocks.len();
    // Per block: read before written (gen), written (kill).
    let mut gen = vec![false; n];
    let mut kill = vec![false; n];
    for &b in &mf.order {
        for &i in mf.block_insts(b) {
            match touch(mf, i) {
                Some(true) => {
                    gen[b.index()] = true;
                    break;
                }
                Some(false) => {
                    kill[b.index()] = true;
                    break;
                }
                None => {}
            }
        }
    }
    let mut live = gen.clone();
    let mut changed = true;
    while changed {
        changed = false;
        for &b in mf.order.iter().rev() {
            let k = b.index();
            if live[k] || kill[k] {
                continue;
            }
            if mf.succs(b).iter().any(|s| live[s.index()]) {
                live[k] = true;
                changed = true;
            }
        }
    }
    live
}

/// Whether the flags must survive up to the first terminator of block `b`
/// (instructions `insts`): a terminator reads them before writing them,
/// or no terminator writes them and a successor needs them.
pub(super) fn needed_before(
    mf: &MachFunction,
    b: rcc_mach::MBlock,
    insts: &[MInst],
    live_in: &[bool],
) -> bool {
    let is_term = |i: MInst| {
        mf.opc(i)
            .as_target()
            .is_some_and(|op| X86Info.inst_flags(op) & iflag::TERMINATOR != 0)
    };
    for &i in insts.iter().skip_while(|&&i| !is_term(i)) {
        if let Some(r) = touch(mf, i) {
            return r;
        }
    }
    mf.succs(b).iter().any(|s| live_in[s.index()])
}
