//! Post-allocation copy sinking (LLVM's `postra-machine-sink`,
//! PostRAMachineSinking in MachineSink.cpp): a `COPY` between physical
//! registers whose destination is live into exactly one successor, and
//! that successor has this block as its only predecessor, moves to the
//! top of that successor, so the paths that do not need the value do not
//! compute it (and a path that needs no callee-saved register may stay
//! free of them: what shrink-wrapping looks for).
//!
//! Walk: each block bottom-up, tracking the registers written and read
//! between the end of the block and the current instruction (by alias, so
//! any overlap counts). A copy moves when nothing below it reads or
//! writes its destination and nothing below writes its source; the walk
//! stops at a call (LLVM: nothing moves across a call). The successor's
//! live-in list loses the destination and its sub-registers and gains the
//! source; if something below read the source with a kill flag, the kill
//! moves to the sunk copy.
//!
//! Liveness comes from the block live-in lists the allocator's rewrite
//! sets (`BlockData::live_ins`), as LLVM reads `MachineBasicBlock`
//! live-ins; a successor with an empty list takes nothing. Copies that
//! name a reserved register, a sub-register or an `undef` source are left
//! alone, as are landing pads.
//!
//! Invariants: runs after allocation (`NO_VREGS`); block live-in lists
//! stay exact for the registers it touches (the verifier's physical
//! register check reads them).

use crate::func::{prop, MBlock, MInst, MachFunction, Preds};
use crate::operand::{flag, OpKind};
use crate::reg::PReg;
use crate::target::{iflag, MOpc, TargetInfo};
use rcc_ir::entity::EntityId;

/// Per-worker buffers.
#[derive(Default)]
pub struct PostRaSink {
    modified: Vec<bool>,
    used: Vec<bool>,
    sinkable: Vec<MBlock>,
    /// Copies sunk: (target block, copy), in sink order.
    moves: Vec<(MBlock, MInst)>,
    moved: Vec<bool>,
    scratch: Vec<MInst>,
    live: Vec<PReg>,
}

fn mark(set: &mut [bool], t: &dyn TargetInfo, r: PReg) {
    for &a in t.aliases(r) {
        if let Some(x) = set.get_mut(a as usize) {
            *x = true;
        }
    }
}

fn overlaps(t: &dyn TargetInfo, live_ins: &[PReg], r: PReg) -> bool {
    live_ins.iter().any(|l| t.aliases(r).contains(&l.0))
}

/// Sinks copies after allocation; returns how many moved.
pub fn postra_sink(mf: &mut MachFunction, t: &dyn TargetInfo, s: &mut PostRaSink) -> u32 {
    if !mf.has_prop(prop::NO_VREGS) || mf.order.len() < 2 {
        return 0;
    }
    // Only blocks with live-in lists can receive a copy.
    if !mf.order[1..]
        .iter()
        .any(|&b| !mf.block_live_ins(b).is_empty())
    {
        return 0;
    }
    let preds = mf.preds();
    s.moves.clear();
    s.moved.clear();
    s.moved.resize(mf.num_insts(), false);
    let mut n = 0;
    for k in 0..mf.order.len() {
        let b = mf.order[k];
        n += sink_block(mf, t, s, &preds, b);
    }
    if n == 0 {
        return 0;
    }
    s.moves.sort_by_key(|&(b, _)| b.as_u32());
    let moves = std::mem::take(&mut s.moves);
    let moved = &s.moved;
    mf.rewrite(&mut s.scratch, |mf, b, old, out| {
        let lo = moves.partition_point(|&(x, _)| x.as_u32() < b.as_u32());
        let hi = moves.partition_point(|&(x, _)| x.as_u32() <= b.as_u32());
        let mut k = 0;
        while k < old.len() && matches!(mf.opc(old[k]), MOpc::PHI | MOpc::EH_LABEL) {
            out.push(old[k]);
            k += 1;
        }
        // Each copy went to the top when it was sunk: last sunk first.
        for &(_, i) in moves[lo..hi].iter().rev() {
            out.push(i);
        }
        out.extend(old[k..].iter().filter(|i| !moved[i.index()]));
    });
    s.moves = moves;
    n
}

fn sink_block(
    mf: &mut MachFunction,
    t: &dyn TargetInfo,
    s: &mut PostRaSink,
    preds: &Preds,
    b: MBlock,
) -> u32 {
    s.sinkable.clear();
    for &x in mf.succs(b) {
        if !mf.block_live_ins(x).is_empty() && preds.of(x).len() == 1 && !mf.eh.is_pad(x) {
            s.sinkable.push(x);
        }
    }
    if s.sinkable.is_empty() {
        return 0;
    }
    let nr = t.num_regs();
    s.modified.clear();
    s.modified.resize(nr, false);
    s.used.clear();
    s.used.resize(nr, false);
    let mut n = 0;
    let d = mf.blocks[b];
    for pos in (d.start..d.end).rev() {
        let i = mf.layout[pos as usize];
        let opc = mf.opc(i);
        let f = opc.as_target().map_or(0, |op| t.inst_flags(op));
        if f & iflag::CALL != 0 {
            break;
        }
        if let Some((dst, src)) = sinkable_copy(mf, t, s, i) {
            // The one successor the destination is live into.
            let mut to = None;
            let mut ok = true;
            for &x in mf.succs(b) {
                if !overlaps(t, mf.block_live_ins(x), dst) {
                    continue;
                }
                if to.is_some() || !s.sinkable.contains(&x) {
                    ok = false;
                    break;
                }
                to = Some(x);
            }
            if let (true, Some(x)) = (ok, to) {
                // A kill of the source below moves to the copy.
                if s.used[src.0 as usize] {
                    let mut killed = false;
                    for p2 in pos + 1..d.end {
                        let j = mf.layout[p2 as usize];
                        for o in mf.operands_mut(j) {
                            if o.is_use()
                                && o.has(flag::KILL)
                                && o.reg()
                                    .as_phys()
                                    .is_some_and(|r| t.aliases(r).contains(&src.0))
                            {
                                o.set(flag::KILL, false);
                                killed = true;
                            }
                        }
                        if killed {
                            break;
                        }
                    }
                    if killed {
                        mf.operands_mut(i)[1].set(flag::KILL, true);
                    }
                }
                // Live-ins of the successor: minus the destination and
                // its parts, plus the source.
                s.live.clear();
                let dbits = t.reg_bits(dst);
                s.live.extend(
                    mf.block_live_ins(x)
                        .iter()
                        .copied()
                        .filter(|l| !(t.aliases(dst).contains(&l.0) && t.reg_bits(*l) <= dbits)),
                );
                if !s.live.contains(&src) {
                    s.live.push(src);
                }
                s.live.sort();
                let live = std::mem::take(&mut s.live);
                mf.set_block_live_ins(x, &live);
                s.live = live;
                s.moved[i.index()] = true;
                s.moves.push((x, i));
                n += 1;
                continue;
            }
        }
        accumulate(mf, t, s, i);
    }
    n
}

/// If `i` is a copy that may sink (physical registers, no dependency on
/// what lies below it), its destination and source.
fn sinkable_copy(
    mf: &MachFunction,
    t: &dyn TargetInfo,
    s: &PostRaSink,
    i: MInst,
) -> Option<(PReg, PReg)> {
    if mf.opc(i) != MOpc::COPY {
        return None;
    }
    let ops = mf.operands(i);
    if ops.len() != 2 || ops.iter().any(|o| o.subreg().is_some() || !o.is_reg()) {
        return None;
    }
    if !ops[0].is_def() || !ops[1].is_use() || ops[1].has(flag::UNDEF) {
        return None;
    }
    let dst = ops[0].reg().as_phys()?;
    let src = ops[1].reg().as_phys()?;
    if mf.is_reserved(t, dst) || mf.is_reserved(t, src) {
        return None;
    }
    // LLVM's hasRegisterDependency.
    if s.modified[dst.0 as usize] || s.used[dst.0 as usize] || s.modified[src.0 as usize] {
        return None;
    }
    Some((dst, src))
}

/// Records what `i` reads and writes (LLVM's `accumulateUsedDefed`).
fn accumulate(mf: &MachFunction, t: &dyn TargetInfo, s: &mut PostRaSink, i: MInst) {
    for o in mf.operands(i) {
        match o.kind() {
            OpKind::Reg => {
                let Some(r) = o.reg().as_phys() else { continue };
                if o.is_def() {
                    mark(&mut s.modified, t, r);
                } else {
                    mark(&mut s.used, t, r);
                }
            }
            OpKind::RegMask => {
                let keep = t.preserved_regs(o.payload());
                for k in 0..t.num_regs() {
                    let r = rcc_mc::Reg(k as u16);
                    if !keep.contains(&r) {
                        mark(&mut s.modified, t, r);
                    }
                }
            }
            _ => {}
        }
    }
    if let Some(op) = mf.opc(i).as_target() {
        for &r in t.implicit_defs(op) {
            mark(&mut s.modified, t, r);
        }
        for &r in t.implicit_uses(op) {
            mark(&mut s.used, t, r);
        }
    }
}
