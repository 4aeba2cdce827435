//! Placement and control-flow checks: PHIs first, terminators last,
//! nothing after a barrier, and successor lists that match the branch
//! targets plus the fall-through. A block with no successors may end
//! without a barrier (IR `unreachable`). Known successor probabilities
//! are one per successor and sum to one.

use super::Verifier;
use crate::func::MBlock;
use crate::operand::OpKind;
use crate::target::{iflag, MOpc};
use rcc_ir::entity::EntityId;

pub(super) fn check(v: &mut Verifier) {
    let mf = v.mf;
    for (pos, &b) in mf.order.iter().enumerate() {
        let mut seen_non_phi = false;
        let mut seen_term = false;
        let mut seen_barrier = false;
        let mut indirect = false;
        let mut targets: Vec<MBlock> = Vec::new();
        for &i in mf.block_insts(b) {
            let opc = mf.opc(i);
            let flags = opc.as_target().map_or(0, |op| v.t.inst_flags(op));
            if seen_barrier {
                v.err(Some(b), Some(i), "instruction after a barrier");
            }
            if opc == MOpc::PHI {
                if seen_non_phi {
                    v.err(Some(b), Some(i), "PHI after a non-PHI instruction");
                }
            } else {
                seen_non_phi = true;
            }
            if flags & iflag::TERMINATOR != 0 {
                seen_term = true;
            } else if seen_term {
                v.err(Some(b), Some(i), "non-terminator after a terminator");
            }
            if flags & iflag::BARRIER != 0 {
                seen_barrier = true;
            }
            if flags & iflag::BRANCH != 0 {
                if flags & iflag::INDIRECT != 0 {
                    indirect = true;
                }
                for o in mf.operands(i) {
                    if o.kind() == OpKind::Block && (o.payload() as usize) < mf.blocks.len() {
                        let t = MBlock::from_u32(o.payload());
                        targets.push(t);
                        if !mf.succs(b).contains(&t) {
                            v.err(
                                Some(b),
                                Some(i),
                                format!("branch to {t}, which is not a successor"),
                            );
                        }
                    }
                }
            }
        }
        check_probs(v, b);
        let next = mf.order.get(pos + 1).copied();
        // A block without successors that ends in no barrier ends where
        // the IR said `unreachable` (after a call that does not return):
        // nothing follows it, as in llc without `-trap-unreachable`.
        if !seen_barrier && !mf.succs(b).is_empty() {
            match next {
                None => v.err(Some(b), None, "falls off the end of the function"),
                Some(n) if !mf.succs(b).contains(&n) => v.err(
                    Some(b),
                    None,
                    format!("falls through to {n}, which is not a successor"),
                ),
                _ => {}
            }
        }
        if indirect {
            continue;
        }
        for &s in mf.succs(b) {
            let fall = !seen_barrier && next == Some(s);
            // A landing pad is reached by unwinding out of a call.
            let unwind = mf.eh.is_pad(s);
            if !fall && !unwind && !targets.contains(&s) && s.index() < mf.blocks.len() {
                v.err(
                    Some(b),
                    None,
                    format!("successor {s} is neither a branch target nor the fall-through"),
                );
            }
        }
    }
}

/// Known successor probabilities: one per successor, summing to one
/// (within LLVM's rounding, one unit per successor).
fn check_probs(v: &mut Verifier, b: MBlock) {
    let mf = v.mf;
    let Some(p) = mf.succ_probs(b) else { return };
    let n = mf.succs(b).len();
    if p.len() != n {
        v.err(
            Some(b),
            None,
            format!("{} successor probabilities for {n} successors", p.len()),
        );
    } else if !crate::prob::BranchProb::sums_to_one(p) {
        let sum: u64 = p.iter().map(|x| x.raw() as u64).sum();
        v.err(
            Some(b),
            None,
            format!("successor probabilities sum to {sum:#x}, not 0x80000000"),
        );
    }
}
