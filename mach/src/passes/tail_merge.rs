//! Tail merging (LLVM's `BranchFolder::TailMergeBlocks`), after register
//! allocation and frame lowering: blocks that end with the same
//! instructions keep one copy of them, and the others branch to it.
//!
//! Two kinds of groups are merged, as in LLVM: the blocks without
//! successors (returns, sibling calls, calls that do not return), and the
//! predecessors of a block `S` that have `S` as their only successor
//! (reached by an unconditional branch, which is left out of the
//! comparison, or by falling through). In a group, the pair with the
//! longest common tail that LLVM's `ProfitableToMerge` accepts is chosen
//! (same innermost loop; at least 3 instructions counting a branch both
//! blocks lose, any length when one block falls through into `S` or is laid
//! out right before a block that is all tail); every block of the group
//! sharing that tail is merged. The tail is a whole block when one block
//! (not the entry) consists of it; otherwise that block is split and the
//! tail becomes a new block laid out right after it. The other blocks lose
//! the tail and branch to it.
//!
//! Instructions are identical when opcodes and operands agree (symbols,
//! wide immediates and CFI directives by value; kill and dead flags
//! ignored, since everything after the instruction is the same on both
//! paths). CFI directives must match but do not count toward the length.
//! Inline assembly is never merged, and functions with landing pads are
//! left alone (call-site ranges follow the layout).
//!
//! Invariants: only ends of blocks change; a new block's live-ins are the
//! physical registers its instructions read before writing them; the
//! successor lists stay exact (a shortened block's only successor is the
//! tail's block, which inherits the old successors and probabilities).
//! Cost: per group, pairwise comparisons of tails (groups are capped at
//! [`MAX_GROUP`] blocks, as LLVM caps them), so linear in the function for
//! bounded groups.

use crate::cfg::MCfg;
use crate::func::{MBlock, MInst, MachFunction};
use crate::loops::MachineLoops;
use crate::operand::{flag, OpKind, Operand};
use crate::target::{iflag, TargetInfo, Terminators};
use crate::MOpc;
use rcc_ir::entity::EntityId;

/// The shortest profitable common tail (LLVM's `tail-merge-size`).
const MIN_TAIL: u32 = 3;
/// The largest group compared (LLVM's `tail-merge-threshold` is 150).
const MAX_GROUP: usize = 150;

/// One block of a group: its instructions up to `end` are compared (the
/// branch to the common successor, if any, is left out).
#[derive(Copy, Clone)]
struct Cand {
    block: MBlock,
    end: u32,
}

/// What happens to one block.
#[derive(Copy, Clone)]
enum Edit {
    /// Keeps `len` instructions, then branches to `to`.
    Shorten { len: u32, to: MBlock },
    /// Splits at `at`: the rest moves to the new block `tail`, laid out
    /// right after.
    Split { at: u32, tail: MBlock },
}

/// Whether `a` and `b` are identical for merging (see the module comment).
fn same_inst(mf: &MachFunction, a: MInst, b: MInst) -> bool {
    let opc = mf.opc(a);
    if opc != mf.opc(b) || opc == MOpc::INLINEASM || opc == MOpc::EH_LABEL {
        return false;
    }
    if opc == MOpc::CFI {
        return mf.cfi_of(a).is_some() && mf.cfi_of(a) == mf.cfi_of(b);
    }
    let (oa, ob) = (mf.operands(a), mf.operands(b));
    oa.len() == ob.len()
        && oa.iter().zip(ob).all(|(&x, &y)| {
            if x.kind() != y.kind() {
                return false;
            }
            match x.kind() {
                OpKind::Sym => mf.sym_of(x).is_some() && mf.sym_of(x) == mf.sym_of(y),
                OpKind::Imm64 => mf.imm_of(x) == mf.imm_of(y),
                _ => strip(x) == strip(y),
            }
        })
}

/// `o` without its kill and dead flags.
fn strip(mut o: Operand) -> Operand {
    o.set(flag::KILL, false);
    o.set(flag::DEAD, false);
    o
}

/// The common tail of `a` and `b`: (instructions counted, CFI directives
/// excluded; instructions matched, CFI included).
fn common_tail(mf: &MachFunction, a: Cand, b: Cand) -> (u32, u32) {
    let ia = &mf.block_insts(a.block)[..a.end as usize];
    let ib = &mf.block_insts(b.block)[..b.end as usize];
    let (mut counted, mut raw) = (0, 0);
    for (&x, &y) in ia.iter().rev().zip(ib.iter().rev()) {
        if !same_inst(mf, x, y) {
            break;
        }
        raw += 1;
        if mf.opc(x) != MOpc::CFI {
            counted += 1;
        }
    }
    (counted, raw)
}

/// The innermost loop of each block, computed once per function and kept
/// across rounds of [`tail_merge`] (a split-off tail is in its block's
/// loop; merging moves no block between loops).
#[derive(Default)]
pub struct LoopMap {
    /// Innermost loop number per block (`u32::MAX`: none); empty until
    /// computed.
    of: Vec<u32>,
}

impl LoopMap {
    fn get(&self, b: MBlock) -> u32 {
        self.of.get(b.index()).copied().unwrap_or(u32::MAX)
    }

    fn fill(&mut self, mf: &MachFunction) {
        if !self.of.is_empty() {
            return;
        }
        let cfg = MCfg::compute(mf);
        let loops = MachineLoops::compute(mf, &cfg);
        self.of = (0..mf.blocks.len())
            .map(|k| {
                loops
                    .loop_of(MBlock::from_u32(k as u32))
                    .map_or(u32::MAX, |l| l.as_u32())
            })
            .collect();
    }

    fn set(&mut self, b: MBlock, l: u32) {
        if self.of.len() <= b.index() {
            self.of.resize(b.index() + 1, u32::MAX);
        }
        self.of[b.index()] = l;
    }
}

/// Merges the common tails of `mf` (see the module comment); returns the
/// number of blocks that now branch to another block's tail. `loops` is
/// the function's loop map, computed on first need (pass the same one to
/// every round over one function, a fresh one for another function).
pub fn tail_merge(mf: &mut MachFunction, t: &dyn TargetInfo, loops: &mut LoopMap) -> usize {
    if mf.order.len() < 3 || mf.eh.has_pads() {
        return 0;
    }
    let groups = collect_groups(mf, t);
    if groups.iter().all(|g| g.1.len() < 2) {
        return 0;
    }
    loops.fill(mf);
    let pos = layout_positions(mf);
    let entry = mf.order[0];
    let mut edits: Vec<(MBlock, Edit)> = Vec::new();
    let mut merged = 0;
    for (succ, mut cands) in groups {
        cands.truncate(MAX_GROUP);
        // The block that falls through into the common successor.
        let pred_bb = succ.and_then(|s| {
            let p = pos[s.index()];
            (p > 0).then(|| mf.order[p as usize - 1])
        });
        while cands.len() >= 2 {
            let Some((i, j, raw)) = best_pair(mf, t, &cands, loops, &pos, pred_bb, succ) else {
                break;
            };
            // Every block sharing the pair's tail joins.
            let keep_first = cands[i];
            let mut group = vec![(cands[i], raw)];
            for (k, &c) in cands.iter().enumerate() {
                if k == i || loops.get(c.block) != loops.get(keep_first.block) {
                    continue;
                }
                let (_, r) = common_tail(mf, keep_first, c);
                if k == j || r >= raw {
                    group.push((c, r));
                }
            }
            let raw = group.iter().map(|g| g.1).min().unwrap_or(0).min(raw);
            // The tail's home: a block that is all tail, else a split.
            let home = group
                .iter()
                .position(|g| g.0.end == raw && g.0.block != entry)
                .unwrap_or(0);
            let (h, _) = group[home];
            let target = if h.end == raw {
                h.block
            } else {
                let n = mf.create_block(u32::MAX);
                loops.set(n, loops.get(h.block));
                edits.push((
                    h.block,
                    Edit::Split {
                        at: h.end - raw,
                        tail: n,
                    },
                ));
                n
            };
            for (k, &(c, _)) in group.iter().enumerate() {
                if k != home {
                    edits.push((
                        c.block,
                        Edit::Shorten {
                            len: c.end - raw,
                            to: target,
                        },
                    ));
                    merged += 1;
                }
            }
            cands.retain(|c| !group.iter().any(|g| g.0.block == c.block));
        }
    }
    if !edits.is_empty() {
        apply(mf, t, &mut edits);
    }
    merged
}

/// The groups: blocks without successors (`None`), and per block the
/// predecessors whose only successor it is.
fn collect_groups(mf: &MachFunction, t: &dyn TargetInfo) -> Vec<(Option<MBlock>, Vec<Cand>)> {
    let mut rets = Vec::new();
    let mut by_succ: Vec<Vec<Cand>> = vec![Vec::new(); mf.blocks.len()];
    let mut cond = Vec::new();
    for (k, &b) in mf.order.iter().enumerate() {
        let insts = mf.block_insts(b);
        let n = insts.len() as u32;
        match mf.succs(b) {
            [] if n > 0 => rets.push(Cand { block: b, end: n }),
            &[s] if s != b => {
                let end = match t.analyze_branch(mf, insts, &mut cond) {
                    Some(Terminators::Uncond(d)) if d == s => n - t.remove_branch(mf, insts) as u32,
                    Some(Terminators::FallThrough) if mf.order.get(k + 1) == Some(&s) => n,
                    _ => continue,
                };
                if end > 0 {
                    by_succ[s.index()].push(Cand { block: b, end });
                }
            }
            _ => {}
        }
    }
    let mut out = vec![(None, rets)];
    for (s, c) in by_succ.into_iter().enumerate() {
        if c.len() >= 2 {
            out.push((Some(MBlock::from_u32(s as u32)), c));
        }
    }
    out
}

/// Each block's position in the layout (`u32::MAX`: not laid out).
fn layout_positions(mf: &MachFunction) -> Vec<u32> {
    let mut pos = vec![u32::MAX; mf.blocks.len()];
    for (k, &b) in mf.order.iter().enumerate() {
        pos[b.index()] = k as u32;
    }
    pos
}

/// The pair of `cands` with the longest profitable common tail: (first,
/// second, instructions matched).
fn best_pair(
    mf: &MachFunction,
    t: &dyn TargetInfo,
    cands: &[Cand],
    loops: &LoopMap,
    pos: &[u32],
    pred_bb: Option<MBlock>,
    succ: Option<MBlock>,
) -> Option<(usize, usize, u32)> {
    let mut best: Option<(usize, usize, u32, u32)> = None;
    for i in 0..cands.len() {
        for j in i + 1..cands.len() {
            let (a, b) = (cands[i], cands[j]);
            if loops.get(a.block) != loops.get(b.block) {
                continue;
            }
            let (len, raw) = common_tail(mf, a, b);
            if len == 0 || best.is_some_and(|x| x.3 >= len) {
                continue;
            }
            if profitable(mf, t, a, b, len, raw, pos, pred_bb, succ) {
                best = Some((i, j, raw, len));
            }
        }
    }
    best.map(|(i, j, raw, _)| (i, j, raw))
}

/// LLVM's `ProfitableToMerge` before block placement.
#[allow(clippy::too_many_arguments)]
fn profitable(
    mf: &MachFunction,
    t: &dyn TargetInfo,
    a: Cand,
    b: Cand,
    len: u32,
    raw: u32,
    pos: &[u32],
    pred_bb: Option<MBlock>,
    succ: Option<MBlock>,
) -> bool {
    // Merging into the block that falls into the successor costs no branch.
    if pred_bb.is_some_and(|p| p == a.block || p == b.block) {
        return true;
    }
    let (full_a, full_b) = (a.end == raw, b.end == raw);
    let ends_unreachable = |c: Cand| {
        succ.is_none()
            && mf
                .block_insts(c.block)
                .last()
                .and_then(|&i| mf.opc(i).as_target())
                .is_none_or(|op| t.inst_flags(op) & (iflag::RETURN | iflag::BARRIER) == 0)
    };
    if full_a && full_b && ends_unreachable(a) && ends_unreachable(b) {
        return true;
    }
    // One block is all tail and the other is laid out right before it.
    let next = |x: Cand, y: Cand| pos[x.block.index()].checked_add(1) == Some(pos[y.block.index()]);
    if (next(a, b) && full_b) || (next(b, a) && full_a) {
        return true;
    }
    // Both lose their branch to the successor: one more in common.
    let effective = len + u32::from(succ.is_some());
    effective >= MIN_TAIL
}

/// Applies `edits` (sorted here) in one walk over the layout.
fn apply(mf: &mut MachFunction, t: &dyn TargetInfo, edits: &mut [(MBlock, Edit)]) {
    edits.sort_unstable_by_key(|e| e.0);
    let find = |b: MBlock| {
        edits
            .binary_search_by_key(&b, |e| e.0)
            .ok()
            .map(|k| edits[k].1)
    };
    let old_layout = std::mem::take(&mut mf.layout);
    let old_order = std::mem::take(&mut mf.order);
    let mut layout = Vec::with_capacity(old_layout.len() + edits.len());
    let mut order = Vec::with_capacity(old_order.len() + edits.len());
    let mut live = vec![false; t.num_regs()];
    let mut live_ins = Vec::new();
    for &b in &old_order {
        let d = mf.blocks[b];
        let insts = &old_layout[d.start as usize..d.end as usize];
        let start = layout.len() as u32;
        order.push(b);
        match find(b) {
            None => layout.extend_from_slice(insts),
            Some(Edit::Shorten { len, to }) => {
                layout.extend_from_slice(&insts[..len as usize]);
                let mut br = Vec::new();
                t.insert_branch(mf, to, None, &[], &mut br);
                layout.extend_from_slice(&br);
                mf.set_succs(b, &[to]);
            }
            Some(Edit::Split { at, tail }) => {
                layout.extend_from_slice(&insts[..at as usize]);
                let end = layout.len() as u32;
                mf.blocks[b].start = start;
                mf.blocks[b].end = end;
                // The tail inherits the successors and their probabilities.
                let succs = mf.succs(b).to_vec();
                let probs = mf.succ_probs(b).map(<[_]>::to_vec).unwrap_or_default();
                mf.set_succs_with_probs(tail, &succs, &probs);
                mf.set_succs(b, &[tail]);
                order.push(tail);
                let tail_insts = &insts[at as usize..];
                layout.extend_from_slice(tail_insts);
                mf.blocks[tail].start = end;
                mf.blocks[tail].end = layout.len() as u32;
                upward_exposed(mf, t, tail_insts, &mut live, &mut live_ins);
                mf.set_block_live_ins(tail, &live_ins);
                continue;
            }
        }
        mf.blocks[b].start = start;
        mf.blocks[b].end = layout.len() as u32;
    }
    mf.layout = layout;
    mf.order = order;
}

/// The physical registers `insts` read before writing them (reserved
/// registers and `undef` reads left out), into `out`; `written` is scratch
/// sized to the target's registers.
pub(crate) fn upward_exposed(
    mf: &MachFunction,
    t: &dyn TargetInfo,
    insts: &[MInst],
    written: &mut [bool],
    out: &mut Vec<crate::reg::PReg>,
) {
    written.iter_mut().for_each(|w| *w = false);
    out.clear();
    for &i in insts {
        let ops = mf.operands(i);
        for o in ops {
            if !o.is_use() || o.has(flag::UNDEF) {
                continue;
            }
            let Some(r) = o.reg().as_phys() else { continue };
            if mf.is_reserved(t, r) {
                continue;
            }
            let seen = t
                .aliases(r)
                .iter()
                .any(|&a| written.get(a as usize).copied().unwrap_or(false));
            if !seen && !out.contains(&r) {
                out.push(r);
            }
        }
        for o in ops {
            if o.kind() == OpKind::RegMask {
                let keep = t.preserved_regs(o.payload());
                for (k, w) in written.iter_mut().enumerate() {
                    if !keep.contains(&rcc_mc::Reg(k as u16)) {
                        *w = false;
                    }
                }
            }
        }
        for o in ops {
            if let Some(r) = o.reg().as_phys().filter(|_| o.is_def()) {
                if let Some(w) = written.get_mut(r.0 as usize) {
                    *w = true;
                }
            }
        }
    }
}
