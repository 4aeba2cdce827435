//! PHI elimination: takes the function out of SSA form by replacing every
//! `%d = PHI %a, bb.1, %b, bb.2` with copies.
//!
//! Scheme (LLVM's PHIElimination): each PHI gets a fresh virtual register
//! `%t` of the def's class; every predecessor `p` gets `%t = COPY <input
//! from p>` just before its first terminator (at its end if it has none),
//! and the PHI itself becomes `%d = COPY %t` in place. Because every PHI
//! has its own `%t`, which only its block reads:
//! - parallel-copy semantics hold: all copies in a predecessor read the
//!   values of that iteration before any PHI result is written, so the
//!   swap problem (`a = PHI b; b = PHI a` around a loop) is handled;
//! - the lost-copy problem cannot arise: `%d` itself is written only in its
//!   own block, so a use of `%d` after the loop still sees the value from
//!   the last iteration;
//! - critical edges need no splitting for correctness: a copy to `%t` on an
//!   edge that does not lead to the PHI's block writes a register nobody
//!   on that path reads. This relies on terminators neither reading `%t`
//!   nor defining a PHI input, which holds for every branch form the
//!   targets have (x86 branches read only EFLAGS or one address register).
//!   Splitting would only avoid executing a dead copy.
//!
//! Landing pads (`crate::eh`) are entered from inside an invoke's call:
//! copies into their `%t` go before the predecessor's first `EH_LABEL`
//! (the invoke's begin label), and their PHI results are written after
//! their own entry label.
//!
//! Afterwards the function has `NO_PHIS` and no longer `IS_SSA` (each `%t`
//! has one def per predecessor). A copy keeps the input's sub-register
//! index and `undef` flag; kill flags are dropped.

use crate::func::{prop, MBlock, MInst, MachFunction};
use crate::operand::{flag, OpKind, Operand};
use crate::target::{iflag, MOpc, TargetInfo};
use rcc_ir::entity::EntityId;

/// Eliminates every PHI of `mf`.
pub fn eliminate_phis(mf: &mut MachFunction, t: &dyn TargetInfo) {
    // Copies to place at the end of each predecessor: (pred, copy).
    let mut pred_copies: Vec<(MBlock, MInst)> = Vec::new();
    // Replacement of each PHI, indexed by the PHI's MInst.
    let mut replaced: Vec<(MInst, MInst)> = Vec::new();
    // The `%t` of the PHIs of landing pads.
    let mut pad_tmps: Vec<crate::reg::Reg> = Vec::new();
    // Predecessors already given a copy by the current PHI (a PHI may
    // name a block twice); unmarked after each PHI.
    let mut marked = vec![false; mf.blocks.len()];
    let order = mf.order.clone();
    for &b in &order {
        // PHIs lead their block: most blocks have none.
        if mf
            .block_insts(b)
            .first()
            .is_none_or(|&i| mf.opc(i) != MOpc::PHI)
        {
            continue;
        }
        let phis: Vec<MInst> = mf
            .block_insts(b)
            .iter()
            .copied()
            .take_while(|&i| mf.opc(i) == MOpc::PHI)
            .collect();
        for phi in phis {
            let def = mf.operands(phi)[0];
            let Some(d) = def.reg().as_virt() else {
                continue;
            };
            let tmp = mf.new_vreg(mf.class_of(d));
            if mf.eh.is_pad(b) {
                pad_tmps.push(crate::reg::Reg::virt(tmp));
            }
            let n = mf.operands(phi).len();
            let mut seen: Vec<MBlock> = Vec::new();
            for k in (1..n).step_by(2) {
                let (src, blk) = (mf.operands(phi)[k], mf.operands(phi)[k + 1]);
                if blk.kind() != OpKind::Block {
                    continue;
                }
                let p = MBlock::from_u32(blk.payload());
                if marked.get(p.index()).copied().unwrap_or(false) || seen.contains(&p) {
                    continue;
                }
                match marked.get_mut(p.index()) {
                    Some(m) => *m = true,
                    None => seen.push(p),
                }
                seen.push(p);
                let mut src = src;
                src.set(flag::KILL, false);
                let c = mf.create(MOpc::COPY, &[Operand::reg_def(tmp), src]);
                pred_copies.push((p, c));
            }
            for p in seen {
                if let Some(m) = marked.get_mut(p.index()) {
                    *m = false;
                }
            }
            let mut dst = def;
            dst.set(flag::DEAD, false);
            let c = mf.create(MOpc::COPY, &[dst, Operand::reg_use(tmp)]);
            replaced.push((phi, c));
        }
    }
    if pred_copies.is_empty() && !mf.layout.iter().any(|&i| mf.opc(i) == MOpc::PHI) {
        // No PHIs: nothing to place or drop.
        mf.props = (mf.props & !prop::IS_SSA) | prop::NO_PHIS;
        return;
    }
    // Group the predecessor copies by block, keeping their order.
    pred_copies.sort_by_key(|&(p, _)| p.index());
    // Looked up by PHI and by register below.
    replaced.sort_unstable_by_key(|&(p, _)| p);
    pad_tmps.sort_unstable();
    // Copies into a landing pad's PHIs go before the invoke's begin label
    // (the first EH_LABEL of the predecessor), since the pad is entered
    // from inside the call; the others before the first terminator.
    let to_pad: Vec<bool> = pred_copies
        .iter()
        .map(|&(_, c)| {
            let tmp = mf.operands(c)[0].reg();
            pad_tmps.binary_search(&tmp).is_ok()
        })
        .collect();
    let mut scratch = Vec::new();
    let mut phi_copies: Vec<MInst> = Vec::new();
    mf.rewrite(&mut scratch, |mf, b, old, out| {
        let lo = pred_copies.partition_point(|&(p, _)| p.index() < b.index());
        let hi = pred_copies.partition_point(|&(p, _)| p.index() <= b.index());
        if lo == hi && !old.iter().any(|&i| mf.opc(i) == MOpc::PHI) {
            // No copies to place and no PHIs: the block stays as it is.
            out.extend_from_slice(old);
            return;
        }
        let mut placed = lo == hi;
        let mut placed_pad = !to_pad[lo..hi].contains(&true);
        let mut pending = false;
        phi_copies.clear();
        for &i in old {
            if mf.opc(i) == MOpc::PHI {
                if let Ok(k) = replaced.binary_search_by_key(&i, |&(p, _)| p) {
                    phi_copies.push(replaced[k].1);
                    pending = true;
                }
                continue;
            }
            if pending {
                // In a landing pad the PHI results are written after its
                // entry label, where unwinding enters.
                if mf.opc(i) == MOpc::EH_LABEL {
                    out.push(i);
                    out.append(&mut phi_copies);
                    pending = false;
                    continue;
                }
                out.append(&mut phi_copies);
                pending = false;
            }
            if mf.opc(i) == MOpc::EH_LABEL && !placed_pad {
                out.extend(
                    pred_copies[lo..hi]
                        .iter()
                        .zip(&to_pad[lo..hi])
                        .filter(|p| *p.1)
                        .map(|(&(_, c), _)| c),
                );
                placed_pad = true;
            }
            let term = mf
                .opc(i)
                .as_target()
                .is_some_and(|op| t.inst_flags(op) & iflag::TERMINATOR != 0);
            if term && !placed {
                out.extend(
                    pred_copies[lo..hi]
                        .iter()
                        .zip(&to_pad[lo..hi])
                        .filter(|p| !*p.1 || !placed_pad)
                        .map(|(&(_, c), _)| c),
                );
                placed = true;
                placed_pad = true;
            }
            out.push(i);
        }
        out.append(&mut phi_copies);
        if !placed {
            out.extend(
                pred_copies[lo..hi]
                    .iter()
                    .zip(&to_pad[lo..hi])
                    .filter(|p| !*p.1 || !placed_pad)
                    .map(|(&(_, c), _)| c),
            );
        }
    });
    mf.props = (mf.props & !prop::IS_SSA) | prop::NO_PHIS;
}
