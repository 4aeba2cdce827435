//! Post-allocation copy sinking (llc's `postra-machine-sink`, LLVM's
//! PostRAMachineSinking): a `COPY` at the end of a block whose destination
//! is live into exactly one successor, a successor with no other
//! predecessor, moves to the top of that successor. Copies of incoming
//! arguments into callee-saved registers thus leave the entry block for
//! the path that needs them, so shrink wrapping can keep the early exits
//! free of the prologue.
//!
//! As LLVM does, each block is scanned bottom-up, tracking the registers
//! written and read below the current instruction: a copy sinks when its
//! destination is neither written nor read below it, its source is not
//! written below it, and the destination is live into one single-
//! predecessor successor (by the block live-ins) and into no other
//! successor. A call ends the scan (nothing moves across a call). Blocks
//! are visited in layout order, so a copy sunk into a successor may sink
//! again from there. The successor's live-ins lose the destination (and
//! the registers it contains) and gain the source.
//!
//! Beyond LLVM (*design choice*): the "live into no other successor" test
//! does not trust the live-ins alone but searches forward from each other
//! successor for a read of the destination before a full write (bounded:
//! past [`SEARCH_LIMIT`] blocks the copy stays).
//!
//! Invariants: runs after register allocation (registers physical); only
//! `COPY`s of non-reserved registers move; successor lists are unchanged.

use crate::func::{MBlock, MInst, MachFunction};
use crate::operand::{flag, OpKind};
use crate::reg::PReg;
use crate::target::{iflag, MOpc, TargetInfo};
use rcc_ir::entity::EntityId;

/// Blocks the forward liveness search visits at most per copy.
pub const SEARCH_LIMIT: usize = 256;

const NONE: u32 = u32::MAX;

/// Per-worker buffers.
#[derive(Default)]
pub struct PostRaSink {
    modified: Vec<bool>,
    used: Vec<bool>,
    home: Vec<u32>,
    prefix: Vec<Vec<MInst>>,
    live_ins: Vec<Vec<PReg>>,
    cur: Vec<MInst>,
    seen: Vec<bool>,
    stack: Vec<MBlock>,
    layout: Vec<MInst>,
}

fn mark(t: &dyn TargetInfo, set: &mut [bool], r: PReg) {
    for &a in t.aliases(r) {
        if let Some(x) = set.get_mut(a as usize) {
            *x = true;
        }
    }
}

fn any(t: &dyn TargetInfo, set: &[bool], r: PReg) -> bool {
    t.aliases(r)
        .iter()
        .any(|&a| set.get(a as usize).copied().unwrap_or(false))
}

fn overlaps(t: &dyn TargetInfo, a: PReg, b: PReg) -> bool {
    t.aliases(a).contains(&b.0)
}

/// Whether the value of `r` at the start of `start` may be read: a read
/// of `r` (any overlapping register) before a write of `r` or a wider
/// register, on some path. Conservatively `true` past the search limit.
fn maybe_live(
    mf: &MachFunction,
    t: &dyn TargetInfo,
    start: MBlock,
    r: PReg,
    seen: &mut Vec<bool>,
    stack: &mut Vec<MBlock>,
) -> bool {
    seen.clear();
    seen.resize(mf.blocks.len(), false);
    stack.clear();
    stack.push(start);
    seen[start.index()] = true;
    let bits = t.reg_bits(r);
    let mut visited = 0;
    while let Some(b) = stack.pop() {
        visited += 1;
        if visited > SEARCH_LIMIT {
            return true;
        }
        let mut killed = false;
        'insts: for &i in mf.block_insts(b) {
            let ops = mf.operands(i);
            for o in ops {
                if o.is_reg() && o.is_use() && !o.has(flag::UNDEF) {
                    if let Some(p) = o.reg().as_phys() {
                        if overlaps(t, p, r) {
                            return true;
                        }
                    }
                }
            }
            for o in ops {
                if o.kind() == OpKind::RegMask && !t.preserves(o.payload(), r) {
                    killed = true;
                    break 'insts;
                }
                if o.is_reg() && o.is_def() && o.subreg().is_none() {
                    if let Some(p) = o.reg().as_phys() {
                        if overlaps(t, p, r) && t.reg_bits(p) >= bits {
                            killed = true;
                            break 'insts;
                        }
                    }
                }
            }
        }
        if killed {
            continue;
        }
        for &s in mf.succs(b) {
            if !seen[s.index()] {
                seen[s.index()] = true;
                stack.push(s);
            }
        }
    }
    false
}

/// Sinks copies in `mf`; returns how many moved (LLVM's
/// `NumPostRACopySink`).
pub fn sink_copies(mf: &mut MachFunction, t: &dyn TargetInfo, s: &mut PostRaSink) -> usize {
    let n = mf.blocks.len();
    let preds = mf.preds();
    s.modified.clear();
    s.modified.resize(t.num_regs(), false);
    s.used.clear();
    s.used.resize(t.num_regs(), false);
    s.home.clear();
    s.home.resize(mf.num_insts(), NONE);
    s.prefix.iter_mut().for_each(Vec::clear);
    s.prefix.resize_with(n, Vec::new);
    s.live_ins.iter_mut().for_each(Vec::clear);
    s.live_ins.resize_with(n, Vec::new);
    for &b in &mf.order {
        s.live_ins[b.index()].extend_from_slice(mf.block_live_ins(b));
    }
    let mut sunk = 0;
    let order = mf.order.clone();
    let mut changed_live = vec![false; n];
    for &b in &order {
        let has_sinkable = mf
            .succs(b)
            .iter()
            .any(|&x| preds.of(x).len() == 1 && !s.live_ins[x.index()].is_empty());
        if !has_sinkable {
            continue;
        }
        // The block's current instructions: copies sunk into it, then its
        // own that have not moved away.
        s.cur.clear();
        s.cur.extend(
            s.prefix[b.index()]
                .iter()
                .copied()
                .filter(|i| s.home[i.index()] == b.as_u32()),
        );
        s.cur.extend(
            mf.block_insts(b)
                .iter()
                .copied()
                .filter(|i| s.home[i.index()] == NONE),
        );
        s.modified.iter_mut().for_each(|x| *x = false);
        s.used.iter_mut().for_each(|x| *x = false);
        for k in (0..s.cur.len()).rev() {
            let i = s.cur[k];
            let opc = mf.opc(i);
            let flags = opc.as_target().map_or(0, |o| t.inst_flags(o));
            if flags & iflag::CALL != 0 {
                break;
            }
            let candidate = opc == MOpc::COPY && copy_regs(mf, t, i).is_some();
            let target = candidate
                .then(|| copy_regs(mf, t, i))
                .flatten()
                .filter(|&(d, src)| {
                    !any(t, &s.modified, d) && !any(t, &s.used, d) && !any(t, &s.modified, src)
                })
                .and_then(|(d, src)| {
                    let live = |x: MBlock| s.live_ins[x.index()].iter().any(|&l| overlaps(t, l, d));
                    let mut to = None;
                    for &x in mf.succs(b) {
                        if !live(x) {
                            continue;
                        }
                        if preds.of(x).len() != 1 || to.is_some_and(|y| y != x) {
                            return None;
                        }
                        to = Some(x);
                    }
                    let to = to?;
                    let others_clear = mf
                        .succs(b)
                        .iter()
                        .filter(|&&x| x != to)
                        .all(|&x| !maybe_live(mf, t, x, d, &mut s.seen, &mut s.stack));
                    others_clear.then_some((to, d, src))
                });
            let Some((to, d, src)) = target else {
                for o in mf.operands(i) {
                    if !o.is_reg() {
                        continue;
                    }
                    let Some(p) = o.reg().as_phys() else { continue };
                    if o.is_def() {
                        mark(t, &mut s.modified, p);
                    } else if !o.has(flag::UNDEF) {
                        mark(t, &mut s.used, p);
                    }
                }
                continue;
            };
            s.home[i.index()] = to.as_u32();
            s.prefix[to.index()].insert(0, i);
            let li = &mut s.live_ins[to.index()];
            li.retain(|&l| !(overlaps(t, l, d) && t.reg_bits(l) <= t.reg_bits(d)));
            if !li.contains(&src) {
                li.push(src);
            }
            changed_live[to.index()] = true;
            sunk += 1;
        }
    }
    if sunk == 0 {
        return 0;
    }
    let mut layout = std::mem::take(&mut s.layout);
    let (home, prefix) = (&s.home, &s.prefix);
    mf.rewrite(&mut layout, |_, b, old, out| {
        out.extend(
            prefix[b.index()]
                .iter()
                .copied()
                .filter(|i| home[i.index()] == b.as_u32()),
        );
        out.extend(old.iter().copied().filter(|i| home[i.index()] == NONE));
    });
    s.layout = layout;
    for (k, &c) in changed_live.iter().enumerate() {
        if c {
            let b = MBlock::from_index(k);
            let regs = std::mem::take(&mut s.live_ins[k]);
            mf.set_block_live_ins(b, &regs);
            s.live_ins[k] = regs;
        }
    }
    sunk
}

/// The destination and source of a `COPY` between physical registers,
/// neither reserved and without sub-register indices.
fn copy_regs(mf: &MachFunction, t: &dyn TargetInfo, i: MInst) -> Option<(PReg, PReg)> {
    let ops = mf.operands(i);
    let (d, s) = (ops.first()?, ops.get(1)?);
    if ops.len() != 2 || !d.is_def() || !s.is_use() || d.subreg().is_some() || s.subreg().is_some()
    {
        return None;
    }
    if s.has(flag::UNDEF) {
        return None;
    }
    let (dp, sp) = (d.reg().as_phys()?, s.reg().as_phys()?);
    if mf.is_reserved(t, dp) || mf.is_reserved(t, sp) {
        return None;
    }
    Some((dp, sp))
}
