//! Critical-edge splitting for PHI elimination (LLVM's
//! `PHIElimination::SplitPHIEdges` with its default options), run by
//! `phi-node-elimination` at -O1 and up before the PHIs become copies.
//!
//! PHI elimination puts the copy for a PHI input at the end of the
//! predecessor. On a critical edge (the predecessor has other successors)
//! the copy then runs on every path out of the predecessor, and when the
//! input stays live on another path the coalescer cannot join it, so a
//! `mov` is left in the predecessor: inside a loop when the edge exits it.
//! Splitting the edge gives the copy a block of its own.
//!
//! The rule, per PHI input `%v` from predecessor `P` into block `B` (as
//! LLVM, whose liveness counts a PHI use as live out of the predecessor
//! only):
//! - `B` is not a landing pad; `P` has more than one successor, is not `B`,
//!   and the edge is not a back edge into `B` as its loop's header (`P` in
//!   `B`'s loop): splitting those would put a block in the loop;
//! - `%v` is live into some successor of `P` (live out past the PHIs);
//!   otherwise the copy kills `%v` and coalesces;
//! - and either `%v` is not live into `B` (the interference goes away), or
//!   the edge leaves a loop (`P`'s loop does not contain `B`'s), so the
//!   remaining copy runs once on exit instead of on every iteration.
//!
//! An edge is split only where the target understands `P`'s branches
//! ([`TargetInfo::analyze_branch`]; no jump tables, no indirect branches),
//! `P` has no landing-pad successor, and the edge appears once among `P`'s
//! successors. *Design choice:* rcc has no block placement before
//! allocation, so the new block `N` goes where it costs no branch on the
//! other paths: right after `P` when `P` was laid out right before `B`
//! (`N` falls through to `B`; a branch of `P` to `B` is retargeted to `N`,
//! and branch folding later makes it a fall-through); otherwise `P`'s
//! branch is retargeted to `N`, which goes right before `B` when the block
//! laid out there cannot fall through (`N` falls through), else at the
//! end of the function with a branch to `B`, but only for an edge leaving
//! a loop (elsewhere the branch costs what the copy in `P` would, so those
//! edges stay). `N` takes the edge's probability in `P`'s successor list,
//! has `B` as its only successor (probability one) and `B`'s physical
//! live-ins. Decisions are made on the function as it was before any
//! split.
//!
//! First, [`fold_input_copies`] makes PHIs read the register instruction
//! selection copied into their input (as LLVM's selector hands PHIs the
//! value's own register), or the liveness test would see only the copy.
//!
//! Liveness is computed only for the PHI inputs that are candidates, one
//! register at a time, by a backward walk from its uses over predecessors
//! that stops at its defining block (SSA), with a generation stamp per
//! block so nothing is cleared between registers.

use crate::analysis::CfgAnalyses;
use crate::func::{prop, MBlock, MInst, MachFunction};
use crate::operand::{OpKind, Operand};
use crate::reg::VReg;
use crate::target::{iflag, MOpc, TargetInfo, Terminators};
use rcc_ir::entity::EntityId;

/// Reused buffers of the splitter.
#[derive(Default)]
pub struct PhiSplit {
    /// Candidate edges: (PHI block, predecessor, input register).
    cands: Vec<(MBlock, MBlock, VReg)>,
    /// Per vreg: index into `regs` + 1 (0: not a candidate).
    slot: Vec<u32>,
    /// The candidate registers.
    regs: Vec<VReg>,
    /// Per candidate register: its defining block (`u32::MAX`: none seen).
    def_block: Vec<u32>,
    /// Uses of candidate registers: (slot, block where it is live in or,
    /// for a PHI use, live out).
    uses: Vec<(u32, MBlock)>,
    /// Per block: the generation in which it was found live in.
    stamp: Vec<u32>,
    work: Vec<MBlock>,
    cond: Vec<Operand>,
    /// Per vreg: reads (saturating at 2), and the defining instruction and
    /// block (`u32::MAX`: none), for [`fold_input_copies`].
    reads: Vec<u8>,
    def_inst: Vec<u32>,
    def_blk: Vec<u32>,
    /// Per instruction: erased by [`fold_input_copies`].
    erased: Vec<bool>,
    layout_scratch: Vec<MInst>,
}

/// What to do with one edge.
#[derive(Copy, Clone)]
struct Split {
    pred: MBlock,
    succ: MBlock,
    new: MBlock,
    place: Place,
    /// The predecessor branches to the successor (rather than falling
    /// through): the branch is retargeted to the new block.
    explicit: bool,
}

#[derive(Copy, Clone, PartialEq, Eq)]
enum Place {
    /// Right after the predecessor, which was laid out right before the
    /// successor (falling through, or branching there, which branch
    /// folding turns into a fall-through).
    AfterPred,
    /// Right before the successor, falling through into it.
    BeforeSucc,
    /// At the end of the function, branching to the successor.
    End,
}

/// Splits the critical edges into PHI blocks that LLVM's PHI elimination
/// splits (after [`fold_input_copies`]); returns how many. Does nothing
/// unless the function is in SSA form.
/// The loops come from `an`.
pub fn split_phi_edges(
    mf: &mut MachFunction,
    t: &dyn TargetInfo,
    s: &mut PhiSplit,
    an: &mut CfgAnalyses,
) -> usize {
    if !mf.has_prop(prop::IS_SSA) {
        return 0;
    }
    let has_phi = |b: &MBlock| {
        mf.block_insts(*b)
            .first()
            .is_some_and(|&i| mf.opc(i) == MOpc::PHI)
    };
    if !mf.order.iter().any(has_phi) {
        return 0;
    }
    fold_input_copies(mf, s);
    collect_candidates(mf, s);
    if s.cands.is_empty() {
        return 0;
    }
    let preds = mf.preds();
    compute_uses(mf, s);
    let nblocks = mf.blocks.len();
    s.stamp.clear();
    s.stamp.resize(nblocks, 0);
    // Edges whose input stays live past the PHIs: (pred, succ, the input
    // is live into succ). Loops are computed only when there are some.
    let mut pending: Vec<(MBlock, MBlock, bool)> = Vec::new();
    // Candidates grouped by register, so each walk serves all its edges.
    s.cands
        .sort_unstable_by_key(|c| (s.slot[c.2.index()], c.0, c.1));
    let mut k = 0;
    let mut uk = 0;
    while k < s.cands.len() {
        let v = s.cands[k].2;
        let slot = s.slot[v.index()] - 1;
        let gen = slot + 1;
        // Mark the blocks `v` is live into.
        let def = s.def_block[slot as usize];
        while uk < s.uses.len() && s.uses[uk].0 < slot {
            uk += 1;
        }
        s.work.clear();
        while uk < s.uses.len() && s.uses[uk].0 == slot {
            let b = s.uses[uk].1;
            uk += 1;
            if b.as_u32() != def && s.stamp[b.index()] != gen {
                s.stamp[b.index()] = gen;
                s.work.push(b);
            }
        }
        while let Some(b) = s.work.pop() {
            for &p in preds.of(b) {
                if p.as_u32() != def && s.stamp[p.index()] != gen {
                    s.stamp[p.index()] = gen;
                    s.work.push(p);
                }
            }
        }
        while k < s.cands.len() && s.cands[k].2 == v {
            let (b, p, _) = s.cands[k];
            k += 1;
            let live_in = |x: MBlock| s.stamp[x.index()] == gen;
            if mf.succs(p).iter().any(|&x| live_in(x)) {
                pending.push((p, b, live_in(b)));
            }
        }
    }
    if pending.is_empty() {
        return 0;
    }
    let (_, loops) = an.loops(mf);
    // Edges to split: (pred, succ, the edge leaves a loop).
    let mut edges: Vec<(MBlock, MBlock, bool)> = Vec::new();
    for &(p, b, live_into_b) in &pending {
        let (cur, pre) = (loops.loop_of(b), loops.loop_of(p));
        if loops.is_header(b) && pre == cur {
            continue;
        }
        // `P`'s loop does not contain `B`'s: the edge leaves it.
        let exits = cur != pre
            && pre.is_some_and(|pl| !cur.is_some_and(|cl| loops.contains(pl, loops.header(cl))));
        if !live_into_b || exits {
            edges.push((p, b, exits));
        }
    }
    if edges.is_empty() {
        return 0;
    }
    edges.sort_unstable();
    edges.dedup();
    let splits = plan(mf, t, s, &edges);
    if splits.is_empty() {
        return 0;
    }
    apply(mf, t, s, &splits);
    splits.len()
}

/// Makes PHI inputs read what instruction selection copied into them:
/// an input `%v` defined in its predecessor by `%v = COPY %w` (whole
/// registers, both virtual, one class) and read only by the PHI becomes
/// `%w`, and the copy goes. LLVM's selector gives PHIs the value's own
/// register; rcc's copies it first, and the copy would hide from the
/// liveness test above that the value stays live on another path.
/// Returns how many inputs were folded.
fn fold_input_copies(mf: &mut MachFunction, s: &mut PhiSplit) -> usize {
    let nv = mf.num_vregs();
    s.reads.clear();
    s.reads.resize(nv, 0);
    s.def_inst.clear();
    s.def_inst.resize(nv, u32::MAX);
    s.def_blk.clear();
    s.def_blk.resize(nv, u32::MAX);
    let mut any_phi = false;
    for &b in &mf.order {
        for &i in mf.block_insts(b) {
            any_phi |= mf.opc(i) == MOpc::PHI;
            for &o in mf.operands(i) {
                let Some(v) = o.reg().as_virt() else { continue };
                let k = v.index();
                if k >= nv {
                    continue;
                }
                if o.is_def() {
                    s.def_inst[k] = i.as_u32();
                    s.def_blk[k] = b.as_u32();
                } else {
                    s.reads[k] = s.reads[k].saturating_add(1);
                }
            }
        }
    }
    if !any_phi {
        return 0;
    }
    s.erased.clear();
    s.erased.resize(mf.num_insts(), false);
    let mut folded = 0;
    for k in 0..mf.order.len() {
        let b = mf.order[k];
        let mut j = 0;
        while let Some(&i) = mf.block_insts(b).get(j) {
            j += 1;
            if mf.opc(i) != MOpc::PHI {
                break;
            }
            let n = mf.operands(i).len();
            for x in (1..n.saturating_sub(1)).step_by(2) {
                let (src, blk) = (mf.operands(i)[x], mf.operands(i)[x + 1]);
                let Some(v) = src.reg().as_virt() else {
                    continue;
                };
                let vk = v.index();
                if blk.kind() != OpKind::Block
                    || vk >= nv
                    || s.reads[vk] != 1
                    || s.def_blk[vk] != blk.payload()
                    || src.subreg().is_some()
                {
                    continue;
                }
                let c = MInst::from_u32(s.def_inst[vk]);
                if mf.opc(c) != MOpc::COPY || s.erased[c.index()] {
                    continue;
                }
                let &[d, w] = mf.operands(c) else { continue };
                let Some(wv) = w.reg().as_virt() else {
                    continue;
                };
                if d.subreg().is_some()
                    || w.subreg().is_some()
                    || w.has(crate::operand::flag::UNDEF)
                    || mf.class_of(wv) != mf.class_of(v)
                {
                    continue;
                }
                let mut o = Operand::reg_use(wv);
                o.set(crate::operand::flag::KILL, false);
                mf.operands_mut(i)[x] = o;
                s.erased[c.index()] = true;
                folded += 1;
            }
        }
    }
    if folded > 0 {
        let erased = &s.erased;
        let mut scratch = std::mem::take(&mut s.layout_scratch);
        mf.rewrite(&mut scratch, |_, _, old, out| {
            out.extend(old.iter().copied().filter(|i| !erased[i.index()]));
        });
        s.layout_scratch = scratch;
    }
    folded
}

/// The (PHI block, predecessor, input) triples worth a look: critical
/// edges into non-pad PHI blocks from another block, with a vreg input.
fn collect_candidates(mf: &MachFunction, s: &mut PhiSplit) {
    s.cands.clear();
    for &b in &mf.order {
        let insts = mf.block_insts(b);
        if insts.first().is_none_or(|&i| mf.opc(i) != MOpc::PHI) || mf.eh.is_pad(b) {
            continue;
        }
        for &i in insts {
            if mf.opc(i) != MOpc::PHI {
                break;
            }
            let ops = mf.operands(i);
            for k in (1..ops.len().saturating_sub(1)).step_by(2) {
                let (src, blk) = (ops[k], ops[k + 1]);
                if blk.kind() != OpKind::Block || (blk.payload() as usize) >= mf.blocks.len() {
                    continue;
                }
                let p = MBlock::from_u32(blk.payload());
                if p == b || mf.succs(p).len() < 2 {
                    continue;
                }
                let Some(v) = src.reg().as_virt() else {
                    continue;
                };
                s.cands.push((b, p, v));
            }
        }
    }
}

/// Numbers the candidate registers and records their defining blocks and
/// the blocks their uses make them live into (a PHI use: live out of the
/// incoming block, so live into it unless it defines the register).
fn compute_uses(mf: &MachFunction, s: &mut PhiSplit) {
    s.slot.clear();
    s.slot.resize(mf.num_vregs(), 0);
    s.regs.clear();
    for &(_, _, v) in &s.cands {
        if let Some(x) = s.slot.get_mut(v.index()) {
            if *x == 0 {
                s.regs.push(v);
                *x = s.regs.len() as u32;
            }
        }
    }
    s.def_block.clear();
    s.def_block.resize(s.regs.len(), u32::MAX);
    s.uses.clear();
    let slot_of = |slot: &[u32], o: Operand| {
        o.reg()
            .as_virt()
            .and_then(|v| slot.get(v.index()).copied())
            .filter(|&x| x != 0)
            .map(|x| x - 1)
    };
    for &b in &mf.order {
        for &i in mf.block_insts(b) {
            let ops = mf.operands(i);
            if mf.opc(i) == MOpc::PHI {
                if let Some(x) = ops.first().and_then(|&o| slot_of(&s.slot, o)) {
                    s.def_block[x as usize] = b.as_u32();
                }
                for k in (1..ops.len().saturating_sub(1)).step_by(2) {
                    let (src, blk) = (ops[k], ops[k + 1]);
                    if blk.kind() != OpKind::Block || (blk.payload() as usize) >= mf.blocks.len() {
                        continue;
                    }
                    if let Some(x) = slot_of(&s.slot, src) {
                        s.uses.push((x, MBlock::from_u32(blk.payload())));
                    }
                }
                continue;
            }
            for &o in ops {
                let Some(x) = slot_of(&s.slot, o) else {
                    continue;
                };
                if o.is_def() {
                    s.def_block[x as usize] = b.as_u32();
                } else {
                    s.uses.push((x, b));
                }
            }
        }
    }
    // The walk skips uses in the defining block, which follow the def.
    s.uses.sort_unstable_by_key(|u| (u.0, u.1));
    s.uses.dedup();
}

/// Whether `b` may continue into the block laid out after it.
fn falls_through(mf: &MachFunction, t: &dyn TargetInfo, b: MBlock) -> bool {
    !mf.succs(b).is_empty()
        && mf
            .block_insts(b)
            .last()
            .and_then(|&i| mf.opc(i).as_target())
            .is_none_or(|op| t.inst_flags(op) & iflag::BARRIER == 0)
}

/// Checks each edge against the target's branches and chooses where its
/// block goes.
fn plan(
    mf: &mut MachFunction,
    t: &dyn TargetInfo,
    s: &mut PhiSplit,
    edges: &[(MBlock, MBlock, bool)],
) -> Vec<Split> {
    let nblocks = mf.blocks.len();
    let mut pos = vec![u32::MAX; nblocks];
    for (k, &b) in mf.order.iter().enumerate() {
        pos[b.index()] = k as u32;
    }
    let next = |b: MBlock| -> Option<MBlock> {
        let p = pos[b.index()];
        mf.order.get(p as usize + 1).copied()
    };
    let prev = |b: MBlock| -> Option<MBlock> {
        let p = pos[b.index()] as usize;
        p.checked_sub(1).and_then(|q| mf.order.get(q).copied())
    };
    let mut out: Vec<Split> = Vec::new();
    // Successors whose slot right before them is taken.
    let mut before_taken = vec![false; nblocks];
    // (pred, succ, explicit, laid out next): the edges laid out next take
    // the slot before their successor first.
    let mut kinds: Vec<(MBlock, MBlock, bool, bool, bool)> = Vec::new();
    for &(p, b, exits) in edges {
        let succs = mf.succs(p);
        if succs.iter().filter(|&&x| x == b).count() != 1 || succs.iter().any(|&x| mf.eh.is_pad(x))
        {
            continue;
        }
        let Some(term) = t.analyze_branch(mf, mf.block_insts(p), &mut s.cond) else {
            continue;
        };
        let adjacent = next(p) == Some(b);
        let fall = adjacent && falls_through(mf, t, p);
        let explicit = match term {
            Terminators::FallThrough => false,
            Terminators::Uncond(d) => d == b,
            Terminators::Cond { tbb, fbb } => {
                tbb == b || fbb == Some(b) || crate::target::cond_names(&s.cond, b)
            }
        };
        if explicit == fall {
            // Not reached, or reached both ways: leave it alone.
            continue;
        }
        if adjacent {
            before_taken[b.index()] = true;
        }
        kinds.push((p, b, explicit, adjacent, exits));
    }
    for &(p, b, explicit, adjacent, exits) in &kinds {
        let place = if adjacent {
            Place::AfterPred
        } else if !before_taken[b.index()] && prev(b).is_some_and(|l| !falls_through(mf, t, l)) {
            before_taken[b.index()] = true;
            Place::BeforeSucc
        } else {
            if !exits {
                // A branch on the edge only pays for moving a copy out of
                // a loop.
                continue;
            }
            Place::End
        };
        out.push(Split {
            pred: p,
            succ: b,
            new: MBlock::from_u32(u32::MAX),
            place,
            explicit,
        });
    }
    for sp in &mut out {
        sp.new = mf.create_block(u32::MAX);
    }
    out
}

/// Creates the blocks, retargets branches, successors and PHIs, and writes
/// the new layout and order in one walk.
fn apply(mf: &mut MachFunction, t: &dyn TargetInfo, s: &mut PhiSplit, splits: &[Split]) {
    // PHIs of each successor: inputs from `pred` now come from `new`.
    for sp in splits {
        let insts: Vec<MInst> = mf
            .block_insts(sp.succ)
            .iter()
            .copied()
            .take_while(|&i| mf.opc(i) == MOpc::PHI)
            .collect();
        for i in insts {
            for o in mf.operands_mut(i).iter_mut().skip(2).step_by(2) {
                if o.kind() == OpKind::Block && o.payload() == sp.pred.as_u32() {
                    *o = Operand::block(sp.new);
                }
            }
        }
        // Successor lists: the new block takes the edge and its
        // probability.
        let succs: Vec<MBlock> = mf
            .succs(sp.pred)
            .iter()
            .map(|&x| if x == sp.succ { sp.new } else { x })
            .collect();
        let probs = mf
            .succ_probs(sp.pred)
            .map(<[_]>::to_vec)
            .unwrap_or_default();
        mf.set_succs_with_probs(sp.pred, &succs, &probs);
        mf.set_succs_with_probs(sp.new, &[sp.succ], &[crate::prob::BranchProb::ONE]);
        let live = mf.block_live_ins(sp.succ).to_vec();
        mf.set_block_live_ins(sp.new, &live);
    }
    let old_layout = std::mem::take(&mut mf.layout);
    let old_order = std::mem::take(&mut mf.order);
    let mut layout = Vec::with_capacity(old_layout.len() + 2 * splits.len());
    let mut order = Vec::with_capacity(old_order.len() + splits.len());
    let mut br: Vec<MInst> = Vec::new();
    // Blocks some split names, so the others skip the searches below.
    let mut touched = vec![false; mf.blocks.len()];
    for sp in splits {
        touched[sp.pred.index()] = true;
        touched[sp.succ.index()] = true;
    }
    for &b in &old_order {
        if !touched[b.index()] {
            let d = mf.blocks[b];
            let start = layout.len() as u32;
            layout.extend_from_slice(&old_layout[d.start as usize..d.end as usize]);
            order.push(b);
            mf.blocks[b].start = start;
            mf.blocks[b].end = layout.len() as u32;
            continue;
        }
        for sp in splits
            .iter()
            .filter(|sp| sp.succ == b && sp.place == Place::BeforeSucc)
        {
            emit_new(mf, t, &mut layout, &mut order, &mut br, sp);
        }
        let d = mf.blocks[b];
        let insts = &old_layout[d.start as usize..d.end as usize];
        let start = layout.len() as u32;
        order.push(b);
        let explicit: Vec<&Split> = splits
            .iter()
            .filter(|sp| sp.pred == b && sp.explicit)
            .collect();
        if explicit.is_empty() {
            layout.extend_from_slice(insts);
        } else {
            // Retarget the branches: analysed before any change, so the
            // shape is the one `plan` accepted.
            let term = t.analyze_branch(mf, insts, &mut s.cond);
            let map = |x: MBlock| {
                explicit
                    .iter()
                    .find(|sp| sp.succ == x)
                    .map_or(x, |sp| sp.new)
            };
            let n = t.remove_branch(mf, insts);
            layout.extend_from_slice(&insts[..insts.len() - n]);
            br.clear();
            match term {
                Some(Terminators::Uncond(d)) => {
                    t.insert_branch(mf, map(d), None, &[], &mut br);
                }
                Some(Terminators::Cond { tbb, fbb }) => {
                    let mut cond = s.cond.clone();
                    crate::target::map_cond_blocks(&mut cond, map);
                    t.insert_branch(mf, map(tbb), fbb.map(map), &cond, &mut br);
                }
                // `plan` only accepts analysable blocks with a branch to
                // the successor.
                Some(Terminators::FallThrough) | None => {
                    unreachable!("split edge from a block without a branch")
                }
            }
            layout.extend_from_slice(&br);
        }
        mf.blocks[b].start = start;
        mf.blocks[b].end = layout.len() as u32;
        for sp in splits
            .iter()
            .filter(|sp| sp.pred == b && sp.place == Place::AfterPred)
        {
            emit_new(mf, t, &mut layout, &mut order, &mut br, sp);
        }
    }
    for sp in splits.iter().filter(|sp| sp.place == Place::End) {
        emit_new(mf, t, &mut layout, &mut order, &mut br, sp);
    }
    mf.layout = layout;
    mf.order = order;
}

/// Lays out a new block: a branch to its successor unless it falls into it.
fn emit_new(
    mf: &mut MachFunction,
    t: &dyn TargetInfo,
    layout: &mut Vec<MInst>,
    order: &mut Vec<MBlock>,
    br: &mut Vec<MInst>,
    sp: &Split,
) {
    let start = layout.len() as u32;
    if sp.place == Place::End {
        br.clear();
        t.insert_branch(mf, sp.succ, None, &[], br);
        layout.extend_from_slice(br);
    }
    order.push(sp.new);
    mf.blocks[sp.new].start = start;
    mf.blocks[sp.new].end = layout.len() as u32;
}
