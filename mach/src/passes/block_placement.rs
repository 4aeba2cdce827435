//! Block placement (llc's `block-placement`, LLVM's MachineBlockPlacement
//! without profile data): reorders the blocks of a function so that the
//! likely successor of a block is laid out after it and falls through.
//!
//! The algorithm is LLVM's chain building over successor probabilities
//! and block frequencies ([`crate::block_freq`], which applies the static
//! loop-branch heuristic where `!prof`/`llvm.expect` gave nothing):
//!
//! - Every block starts as its own chain; a block that may fall through
//!   but whose branches the target cannot analyze is glued to its layout
//!   successor first (their adjacency is kept by everything below).
//! - Loops, innermost first: the loop top is chosen as LLVM's
//!   `findBestLoopTop` does (a latch moved above the header when the
//!   back-edge fall-through gains more than the fall-throughs it loses),
//!   a chain is grown from it over the loop's blocks, and, when the top is
//!   the header, the chain is rotated so that the best exiting block
//!   (`findBestLoopExit`) is at the bottom unless the fall-through into
//!   the top is worth more (`rotateLoop`).
//! - The function chain grows from the entry block: after the chain's
//!   tail comes its most probable viable successor, where a successor
//!   with other unplaced predecessors needs a probability of at least 80%
//!   among the viable ones and no other predecessor whose edge is at
//!   least a quarter as frequent (`hasBetterLayoutPredecessor`); otherwise
//!   the most frequent chain whose predecessors are all placed; otherwise
//!   the first unplaced chain in the old layout. Unlikely blocks thus end
//!   up after the hot path.
//! - Branches are rewritten through the target's hooks
//!   ([`TargetInfo::analyze_branch`], [`TargetInfo::reverse_branch_condition`],
//!   [`TargetInfo::remove_branch`], [`TargetInfo::insert_branch`]) for the
//!   new layout: fall through where possible, a conditional branch to the
//!   more probable target when neither falls through.
//! - Call frame information follows the layout (the unwinder reads the
//!   CFA rules of a function in address order): the CFA at each block's
//!   start is computed over the CFG from the CFI directives, and where the
//!   new layout reaches a block with another rule (the block after an
//!   epilogue, or one that skipped a shrink-wrapped prologue), directives
//!   restating the block's rule are inserted ([`crate::cfi_fixup`],
//!   LLVM's CFIInstrInserter).
//!
//! Left in their order (*design choice*, not LLVM's): functions with
//! landing pads (call-site ranges follow the layout), functions with CFI
//! directives other than CFA rules, `.cfi_offset` and `.cfi_restore`
//! outside the entry block, and functions whose blocks disagree on the CFA
//! at a join. The entry block stays
//! first.
//!
//! Invariants: successor lists and probabilities are unchanged; blocks
//! keep their instructions except for the branches ending them and the
//! CFA directives put at their start. Cost: linear in the blocks and edges
//! (plus the loop analyses), buffers reused from function to function.

use crate::block_freq::BlockFreq;
use crate::cfg::MCfg;
use crate::cfi_fixup::CfiFixup;
use crate::func::{MBlock, MInst, MachFunction};
use crate::loops::{MLoop, MachineLoops};
use crate::operand::Operand;
use crate::target::{iflag, TargetInfo, Terminators};
use rcc_ir::entity::EntityId;

const NONE: u32 = u32::MAX;

/// LLVM's static hot-successor threshold (`StaticLikelyProb`, 80%).
const HOT_PROB: f64 = 0.8;

/// How a block's branches are rewritten for the new layout.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
enum Exit {
    /// Left as it is (no successor, or branches that cannot fall through
    /// or cannot be analyzed; the latter are glued to their successor).
    Keep,
    /// One successor, reached by a branch or by falling through.
    To(MBlock),
    /// Under the condition (a range of `cond_pool`) to `t`, else to `f`.
    Cond {
        t: MBlock,
        f: MBlock,
        cond: (u32, u32),
    },
}

/// What the pass did to one function.
#[derive(Copy, Clone, Default, Debug)]
pub struct PlacementStats {
    /// Blocks laid out at another position.
    pub moved: usize,
    /// Loops whose chain was rotated or given a latch as top.
    pub rotated: usize,
    /// Loop blocks given the target's loop alignment.
    pub aligned: usize,
}

/// The per-worker buffers of block placement.
#[derive(Default)]
pub struct BlockPlacement {
    loops: MachineLoops,
    freq: BlockFreq,
    // Union-find over blocks; chain data at the root.
    parent: Vec<u32>,
    next: Vec<u32>,
    head: Vec<u32>,
    tail: Vec<u32>,
    size: Vec<u32>,
    unsched: Vec<u32>,
    /// Per block: the filter stamp of the current chain building.
    filter: Vec<u32>,
    stamp: u32,
    /// Per chain root: the stamp when its predecessors were counted.
    counted: Vec<u32>,
    /// Edge probabilities parallel to `mf.succs`, per block from
    /// `prob_start`.
    prob_start: Vec<u32>,
    probs: Vec<f64>,
    tmp: Vec<f64>,
    work: Vec<MBlock>,
    /// Blocks of the current filter in old layout order, and the cursor of
    /// `first_unplaced`.
    filter_order: Vec<MBlock>,
    cursor: usize,
    exits: Vec<Exit>,
    cond_pool: Vec<Operand>,
    cond: Vec<Operand>,
    new_order: Vec<MBlock>,
    cfi: CfiFixup,
    insts: Vec<MInst>,
    /// Per block: the old layout position and the old layout successor.
    pos: Vec<u32>,
    old_next: Vec<u32>,
    /// Per block: a two-way branch whose targets both need a branch
    /// takes its condition reversed (the more probable target first).
    swap: Vec<bool>,
    rotated: usize,
}

impl BlockPlacement {
    fn find(&mut self, b: MBlock) -> u32 {
        let mut x = b.as_u32();
        while self.parent[x as usize] != x {
            let p = self.parent[x as usize];
            self.parent[x as usize] = self.parent[p as usize];
            x = p;
        }
        x
    }

    fn chain_of(&mut self, b: MBlock) -> u32 {
        self.find(b)
    }

    fn is_head(&mut self, b: MBlock) -> bool {
        let c = self.find(b);
        self.head[c as usize] == b.as_u32()
    }

    fn is_tail(&mut self, b: MBlock) -> bool {
        let c = self.find(b);
        self.tail[c as usize] == b.as_u32()
    }

    /// Appends chain `b` to chain `a`; returns the merged chain's root.
    fn merge(&mut self, a: u32, b: u32) -> u32 {
        debug_assert_ne!(a, b);
        let (ta, hb) = (self.tail[a as usize], self.head[b as usize]);
        self.next[ta as usize] = hb;
        let head = self.head[a as usize];
        let tail = self.tail[b as usize];
        let size = self.size[a as usize] + self.size[b as usize];
        let root = if self.size[a as usize] >= self.size[b as usize] {
            self.parent[b as usize] = a;
            a
        } else {
            self.parent[a as usize] = b;
            b
        };
        self.head[root as usize] = head;
        self.tail[root as usize] = tail;
        self.size[root as usize] = size;
        root
    }

    #[inline]
    fn in_filter(&self, b: MBlock) -> bool {
        self.filter[b.index()] == self.stamp
    }

    /// The probability of the edge `b -> s` (summed over duplicate edges).
    fn prob(&self, mf: &MachFunction, b: MBlock, s: MBlock) -> f64 {
        let start = self.prob_start[b.index()] as usize;
        mf.succs(b)
            .iter()
            .enumerate()
            .filter(|&(_, &x)| x == s)
            .map(|(k, _)| self.probs[start + k])
            .sum()
    }

    fn bfreq(&self, b: MBlock) -> f64 {
        self.freq.freq(b) as f64
    }

    fn edge_freq(&self, mf: &MachFunction, b: MBlock, s: MBlock) -> f64 {
        self.bfreq(b) * self.prob(mf, b, s)
    }
}

/// Places the blocks of `mf` (see the module comment).
pub fn place_blocks(
    mf: &mut MachFunction,
    t: &dyn TargetInfo,
    bp: &mut BlockPlacement,
    align_loops: bool,
) -> Result<PlacementStats, String> {
    let mut stats = PlacementStats::default();
    for b in 0..mf.blocks.len() {
        mf.blocks[MBlock::from_index(b)].align_log2 = 0;
    }
    let align = align_loops && t.pref_loop_align_log2() > 0;
    let can_place = mf.order.len() >= 3 && !mf.eh.has_pads();
    if mf.order.len() < 2 || !(can_place || align) {
        return Ok(stats);
    }
    let cfg = MCfg::compute(mf);
    bp.loops.compute_into(mf, &cfg);
    if !can_place && bp.loops.is_empty() {
        return Ok(stats);
    }
    bp.freq.compute_into(mf, t, &cfg, &bp.loops);
    if can_place {
        place(mf, t, bp, &cfg, &mut stats)?;
    }
    if align {
        stats.aligned = align_blocks(mf, t, bp);
    }
    Ok(stats)
}

/// LLVM's `MachineBlockPlacement::alignBlocks`: a block in a loop, other
/// than the first, gets the target's loop alignment unless it is cold (below
/// 20% of the entry's frequency or of its loop header's), and, when it may
/// be entered from the block laid out before it, unless that edge carries
/// more than 20% of its frequency (then it is mostly fallen into, and the
/// padding would be executed). Returns the number of blocks aligned.
fn align_blocks(mf: &mut MachFunction, t: &dyn TargetInfo, bp: &mut BlockPlacement) -> usize {
    const COLD: f64 = 0.2;
    let log2 = t.pref_loop_align_log2();
    let entry = bp.bfreq(mf.order[0]) * COLD;
    let mut n = 0;
    for k in 1..mf.order.len() {
        let b = mf.order[k];
        let Some(l) = bp.loops.loop_of(b) else {
            continue;
        };
        let f = bp.bfreq(b);
        if f < entry || f < bp.bfreq(bp.loops.header(l)) * COLD {
            continue;
        }
        let pred = mf.order[k - 1];
        if mf.succs(pred).contains(&b) {
            // The edge's probability on the final branches (placement
            // may have rewritten them since `init`).
            bp.freq.edge_probs(mf, &bp.loops, pred, &mut bp.tmp);
            let p: f64 = (mf.succs(pred).iter())
                .zip(&bp.tmp)
                .filter(|&(&x, _)| x == b)
                .map(|(_, &p)| p)
                .sum();
            if bp.bfreq(pred) * p > f * COLD {
                continue;
            }
        }
        mf.blocks[b].align_log2 = log2;
        n += 1;
    }
    n
}

/// Chains, the new order and the rewritten branches (see the module
/// comment); the analyses in `bp` are computed.
fn place(
    mf: &mut MachFunction,
    t: &dyn TargetInfo,
    bp: &mut BlockPlacement,
    cfg: &MCfg,
    stats: &mut PlacementStats,
) -> Result<(), String> {
    init(mf, t, bp, cfg);
    bp.rotated = 0;
    // Loops, innermost first (a subloop has a larger id than its parent).
    let nl = bp.loops.len();
    for k in (0..nl).rev() {
        build_loop_chain(mf, bp, cfg, MLoop::from_index(k));
    }
    // The function chain from the entry.
    let entry = mf.order[0];
    bp.stamp += 1;
    bp.filter_order.clear();
    for k in 0..mf.order.len() {
        let b = mf.order[k];
        bp.filter[b.index()] = bp.stamp;
        bp.filter_order.push(b);
    }
    let entry_chain = bp.chain_of(entry);
    if bp.head[entry_chain as usize] != entry.as_u32() {
        return Err("block-placement: the entry block is not the head of its chain".into());
    }
    fill_work_lists(mf, bp, cfg, entry_chain);
    build_chain(mf, bp, cfg, entry, entry_chain);
    let root = bp.chain_of(entry);
    bp.new_order.clear();
    let mut x = bp.head[root as usize];
    while x != NONE {
        bp.new_order.push(MBlock::from_u32(x));
        x = bp.next[x as usize];
    }
    if bp.new_order.len() != mf.order.len() {
        return Err(format!(
            "block-placement: placed {} of {} blocks",
            bp.new_order.len(),
            mf.order.len()
        ));
    }
    if bp.new_order == mf.order {
        return Ok(());
    }
    // Call frame information for the new layout; without a consistent
    // rule, the old layout stays.
    match bp.cfi.compute_in(mf, t.initial_cfa()) {
        None => return Ok(()),
        Some(true) if !bp.cfi.plan(mf, &bp.new_order) => return Ok(()),
        Some(_) => {}
    }
    stats.moved = bp
        .new_order
        .iter()
        .zip(&mf.order)
        .filter(|(a, b)| a != b)
        .count();
    stats.rotated = bp.rotated;
    rewrite(mf, t, bp);
    Ok(())
}

/// Sets up one chain per block, the edge probabilities and how each block
/// ends, and glues blocks that must fall through to their successor.
fn init(mf: &MachFunction, t: &dyn TargetInfo, bp: &mut BlockPlacement, cfg: &MCfg) {
    let n = mf.blocks.len();
    bp.parent.clear();
    bp.parent.extend(0..n as u32);
    bp.next.clear();
    bp.next.resize(n, NONE);
    bp.head.clear();
    bp.head.extend(0..n as u32);
    bp.tail.clear();
    bp.tail.extend(0..n as u32);
    bp.size.clear();
    bp.size.resize(n, 1);
    bp.unsched.clear();
    bp.unsched.resize(n, 0);
    bp.counted.clear();
    bp.counted.resize(n, 0);
    bp.filter.clear();
    bp.filter.resize(n, 0);
    bp.stamp = 0;
    bp.prob_start.clear();
    bp.prob_start.resize(n, 0);
    bp.probs.clear();
    for &b in &mf.order {
        bp.prob_start[b.index()] = bp.probs.len() as u32;
        bp.freq.edge_probs(mf, &bp.loops, b, &mut bp.tmp);
        bp.tmp.resize(mf.succs(b).len(), 0.0);
        bp.probs.extend_from_slice(&bp.tmp);
    }
    let _ = cfg;
    bp.pos.clear();
    bp.pos.resize(n, NONE);
    bp.old_next.clear();
    bp.old_next.resize(n, NONE);
    for (k, &b) in mf.order.iter().enumerate() {
        bp.pos[b.index()] = k as u32;
        if let Some(&x) = mf.order.get(k + 1) {
            bp.old_next[b.index()] = x.as_u32();
        }
    }
    bp.exits.clear();
    bp.exits.resize(n, Exit::Keep);
    bp.cond_pool.clear();
    for k in 0..mf.order.len() {
        let b = mf.order[k];
        let next = mf.order.get(k + 1).copied();
        let (exit, glue) = classify(mf, t, b, next, bp);
        bp.exits[b.index()] = exit;
        if glue {
            if let Some(nb) = next {
                let (a, c) = (bp.find(b), bp.find(nb));
                bp.merge(a, c);
            }
        }
    }
}

/// How block `b` (laid out before `next`) ends, and whether it must stay
/// before `next`.
fn classify(
    mf: &MachFunction,
    t: &dyn TargetInfo,
    b: MBlock,
    next: Option<MBlock>,
    bp: &mut BlockPlacement,
) -> (Exit, bool) {
    let insts = mf.block_insts(b);
    let succs = mf.succs(b);
    let barrier = insts.last().is_some_and(|&i| {
        mf.opc(i)
            .as_target()
            .is_some_and(|o| t.inst_flags(o) & iflag::BARRIER != 0)
    });
    let falls_into_next = next.is_some_and(|n| succs.contains(&n));
    // What cannot be rewritten keeps its fall-through, if it has one.
    let keep = (Exit::Keep, !barrier && falls_into_next);
    let Some(term) = t.analyze_branch(mf, insts, &mut bp.cond) else {
        return keep;
    };
    match term {
        Terminators::FallThrough => match succs {
            [] => (Exit::Keep, false),
            [s] if Some(*s) == next => (Exit::To(*s), false),
            _ => keep,
        },
        Terminators::Uncond(s) => {
            if succs.iter().all(|&x| x == s) && !succs.is_empty() {
                (Exit::To(s), false)
            } else {
                keep
            }
        }
        Terminators::Cond { tbb, fbb } => {
            let f = match fbb {
                Some(f) => f,
                None => match next {
                    Some(n) => n,
                    None => return keep,
                },
            };
            let two = succs.len() == 2 && succs.contains(&tbb) && succs.contains(&f);
            if tbb == f || !two {
                return keep;
            }
            let start = bp.cond_pool.len() as u32;
            bp.cond_pool.extend_from_slice(&bp.cond);
            let cond = (start, bp.cond_pool.len() as u32);
            (Exit::Cond { t: tbb, f, cond }, false)
        }
    }
}

/// Counts, for the chain of every block in the filter (once each, the
/// chain `own` excluded), its predecessors in the filter outside it, and
/// lists the chains with none (LLVM's `fillWorkLists`).
fn fill_work_lists(mf: &MachFunction, bp: &mut BlockPlacement, cfg: &MCfg, own: u32) {
    bp.work.clear();
    bp.cursor = 0;
    bp.counted[own as usize] = bp.stamp;
    for k in 0..bp.filter_order.len() {
        let b = bp.filter_order[k];
        let c = bp.find(b);
        if bp.counted[c as usize] == bp.stamp {
            continue;
        }
        bp.counted[c as usize] = bp.stamp;
        let mut count = 0;
        let mut x = bp.head[c as usize];
        while x != NONE {
            for &p in cfg.preds(MBlock::from_u32(x)) {
                if bp.in_filter(p) && bp.find(p) != c {
                    count += 1;
                }
            }
            x = bp.next[x as usize];
        }
        bp.unsched[c as usize] = count;
        if count == 0 {
            bp.work.push(MBlock::from_u32(bp.head[c as usize]));
        }
    }
    let _ = mf;
}

/// Decrements the unplaced-predecessor counts of the chains chain `c`'s
/// blocks lead to (LLVM's `markChainSuccessors`).
fn mark_chain_successors(mf: &MachFunction, bp: &mut BlockPlacement, c: u32, top: MBlock) {
    let mut x = bp.head[c as usize];
    while x != NONE {
        for &s in mf.succs(MBlock::from_u32(x)) {
            if !bp.in_filter(s) || s == top {
                continue;
            }
            let sc = bp.find(s);
            if sc == c || bp.unsched[sc as usize] == 0 {
                continue;
            }
            bp.unsched[sc as usize] -= 1;
            if bp.unsched[sc as usize] == 0 {
                bp.work.push(MBlock::from_u32(bp.head[sc as usize]));
            }
        }
        x = bp.next[x as usize];
    }
}

/// Grows chain `chain` (whose growth started at `top`) until no block of
/// the filter is left (LLVM's `buildChain`).
fn build_chain(mf: &MachFunction, bp: &mut BlockPlacement, cfg: &MCfg, top: MBlock, chain: u32) {
    let mut chain = chain;
    mark_chain_successors(mf, bp, chain, top);
    loop {
        let bb = MBlock::from_u32(bp.tail[chain as usize]);
        let best = select_best_successor(mf, bp, cfg, bb, chain)
            .or_else(|| select_best_candidate(bp, chain))
            .or_else(|| first_unplaced(bp, chain));
        let Some(best) = best else { break };
        let sc = bp.find(best);
        bp.unsched[sc as usize] = 0;
        mark_chain_successors(mf, bp, sc, top);
        chain = bp.merge(chain, sc);
    }
}

/// The most probable successor of `bb` that may follow it (LLVM's
/// `selectBestSuccessor`).
fn select_best_successor(
    mf: &MachFunction,
    bp: &mut BlockPlacement,
    cfg: &MCfg,
    bb: MBlock,
    chain: u32,
) -> Option<MBlock> {
    let succs = mf.succs(bb);
    let mut sum = 1.0f64;
    // Viable successors are at most a few; first pass adjusts the sum.
    for (k, &s) in succs.iter().enumerate() {
        if succs[..k].contains(&s) {
            continue;
        }
        if !bp.in_filter(s) || bp.find(s) == chain {
            sum -= bp.prob(mf, bb, s);
        }
    }
    let mut best: Option<(MBlock, f64)> = None;
    for (k, &s) in succs.iter().enumerate() {
        if succs[..k].contains(&s) || !bp.in_filter(s) {
            continue;
        }
        let sc = bp.find(s);
        if sc == chain || bp.head[sc as usize] != s.as_u32() {
            continue;
        }
        let real = bp.prob(mf, bb, s);
        let p = if sum <= 0.0 || real >= sum {
            1.0
        } else {
            real / sum
        };
        if has_better_layout_pred(mf, bp, cfg, bb, s, p, real, chain) {
            continue;
        }
        if best.is_none_or(|(_, bp_)| p > bp_) {
            best = Some((s, p));
        }
    }
    best.map(|(s, _)| s)
}

/// Whether `succ` should rather follow another predecessor than `bb`
/// (LLVM's `hasBetterLayoutPredecessor`).
#[allow(clippy::too_many_arguments)]
fn has_better_layout_pred(
    mf: &MachFunction,
    bp: &mut BlockPlacement,
    cfg: &MCfg,
    bb: MBlock,
    succ: MBlock,
    prob: f64,
    real: f64,
    chain: u32,
) -> bool {
    let sc = bp.find(succ);
    if bp.unsched[sc as usize] == 0 {
        return false;
    }
    if prob < HOT_PROB {
        return true;
    }
    let cand = bp.bfreq(bb) * real;
    for &p in cfg.preds(succ) {
        if p == succ || p == bb || !bp.in_filter(p) {
            continue;
        }
        let pc = bp.find(p);
        if pc == sc || pc == chain || bp.tail[pc as usize] != p.as_u32() {
            continue;
        }
        let pf = bp.edge_freq(mf, p, succ);
        if pf * HOT_PROB >= cand * (1.0 - HOT_PROB) {
            return true;
        }
    }
    false
}

/// The most frequent ready chain head (LLVM's `selectBestCandidateBlock`).
fn select_best_candidate(bp: &mut BlockPlacement, chain: u32) -> Option<MBlock> {
    let mut best: Option<(MBlock, f64)> = None;
    // Placed chains leave the list, which keeps its order (ties go to the
    // first listed, as in LLVM).
    let mut work = std::mem::take(&mut bp.work);
    work.retain(|&b| {
        let c = bp.find(b);
        if c == chain || bp.head[c as usize] != b.as_u32() {
            return false;
        }
        let f = bp.bfreq(b);
        if best.is_none_or(|(_, bf)| f > bf) {
            best = Some((b, f));
        }
        true
    });
    bp.work = work;
    best.map(|(b, _)| b)
}

/// The first block of the filter, in old layout order, not in `chain`.
fn first_unplaced(bp: &mut BlockPlacement, chain: u32) -> Option<MBlock> {
    while bp.cursor < bp.filter_order.len() {
        let b = bp.filter_order[bp.cursor];
        let c = bp.find(b);
        if c != chain {
            return Some(MBlock::from_u32(bp.head[c as usize]));
        }
        bp.cursor += 1;
    }
    None
}

/// Builds the chain of loop `l` (LLVM's `buildLoopChains` for one loop;
/// its subloops are done).
fn build_loop_chain(mf: &MachFunction, bp: &mut BlockPlacement, cfg: &MCfg, l: MLoop) {
    bp.stamp += 1;
    bp.filter_order.clear();
    let header = bp.loops.header(l);
    for k in 0..bp.loops.blocks(l).len() {
        let b = bp.loops.blocks(l)[k];
        bp.filter[b.index()] = bp.stamp;
    }
    // Old layout order, for `first_unplaced`.
    for k in 0..mf.order.len() {
        let b = mf.order[k];
        if bp.in_filter(b) {
            bp.filter_order.push(b);
        }
    }
    let top = find_best_loop_top(mf, bp, cfg, l);
    let mut exit = None;
    if top == header {
        exit = find_best_loop_exit(mf, bp, l);
    }
    let chain = bp.find(top);
    fill_work_lists(mf, bp, cfg, chain);
    build_chain(mf, bp, cfg, top, chain);
    if top != header {
        bp.rotated += 1;
    }
    if let Some((e, freq)) = exit {
        rotate_loop(mf, bp, cfg, e, freq);
    }
}

/// The most frequent fall-through into `top` from outside the loop that
/// may be laid out before it (LLVM's `TopFallThroughFreq`).
fn top_fall_through_freq(
    mf: &MachFunction,
    bp: &mut BlockPlacement,
    cfg: &MCfg,
    top: MBlock,
) -> f64 {
    let mut max = 0.0f64;
    for &p in cfg.preds(top) {
        if bp.in_filter(p) || !bp.is_tail(p) {
            continue;
        }
        let tp = bp.prob(mf, p, top);
        let mut ok = true;
        for &s in mf.succs(p) {
            if !bp.in_filter(s) && bp.prob(mf, p, s) > tp && bp.is_head(s) {
                ok = false;
                break;
            }
        }
        if ok {
            max = max.max(bp.edge_freq(mf, p, top));
        }
    }
    max
}

/// What laying out `new_top` above `old_top` gains (LLVM's
/// `FallThroughGains`).
fn fall_through_gains(
    mf: &MachFunction,
    bp: &mut BlockPlacement,
    cfg: &MCfg,
    new_top: MBlock,
    old_top: MBlock,
    exit: Option<MBlock>,
) -> f64 {
    let ft_top = top_fall_through_freq(mf, bp, cfg, old_top);
    let ft_exit = exit.map_or(0.0, |x| bp.edge_freq(mf, new_top, x));
    let back = bp.edge_freq(mf, new_top, old_top);
    let mut best_pred = None;
    let mut from_pred = 0.0f64;
    for &p in cfg.preds(new_top) {
        if !bp.in_filter(p) || !bp.is_tail(p) {
            continue;
        }
        let f = bp.edge_freq(mf, p, new_top);
        if f > from_pred {
            from_pred = f;
            best_pred = Some(p);
        }
    }
    let mut new_freq = 0.0f64;
    if let Some(bpred) = best_pred {
        let pc = bp.find(bpred);
        for &s in mf.succs(bpred) {
            if s == new_top || s == bpred || !bp.in_filter(s) {
                continue;
            }
            let sc = bp.find(s);
            if bp.head[sc as usize] != s.as_u32() || sc == pc {
                continue;
            }
            new_freq = new_freq.max(bp.edge_freq(mf, bpred, s));
        }
        if new_freq > bp.edge_freq(mf, bpred, new_top) {
            new_freq = 0.0;
            from_pred = 0.0;
        }
    }
    let gains = back + new_freq;
    let lost = ft_top + ft_exit + from_pred;
    (gains - lost).max(0.0)
}

/// LLVM's `findBestLoopTop`.
fn find_best_loop_top(mf: &MachFunction, bp: &mut BlockPlacement, cfg: &MCfg, l: MLoop) -> MBlock {
    let header = bp.loops.header(l);
    let mut new_top = header;
    loop {
        let old_top = new_top;
        new_top = find_best_loop_top_helper(mf, bp, cfg, old_top, header);
        if new_top == old_top {
            return new_top;
        }
    }
}

fn find_best_loop_top_helper(
    mf: &MachFunction,
    bp: &mut BlockPlacement,
    cfg: &MCfg,
    old_top: MBlock,
    header: MBlock,
) -> MBlock {
    let hc = bp.find(old_top);
    let h = MBlock::from_u32(bp.head[hc as usize]);
    if !bp.in_filter(h) || h != old_top {
        return old_top;
    }
    let mut best: Option<(MBlock, f64)> = None;
    for k in 0..cfg.preds(old_top).len() {
        let p = cfg.preds(old_top)[k];
        if !bp.in_filter(p) || p == header {
            continue;
        }
        let ps = mf.succs(p);
        if ps.len() > 2 {
            continue;
        }
        let other = if ps.len() == 2 {
            Some(if ps[0] == old_top { ps[1] } else { ps[0] })
        } else {
            None
        };
        if !can_move_bottom_to_top(mf, cfg, p, old_top) {
            continue;
        }
        let gains = fall_through_gains(mf, bp, cfg, p, old_top, other);
        // On ties, a block already laid out before the top wins.
        let before = bp.old_next[p.index()] == old_top.as_u32();
        if gains > 0.0 && best.is_none_or(|(_, g)| gains > g || (gains == g && before)) {
            best = Some((p, gains));
        }
    }
    let Some((mut p, _)) = best else {
        return old_top;
    };
    // Walk back through a straight line of predecessors.
    loop {
        let pp = cfg.preds(p);
        if pp.len() == 1 && mf.succs(pp[0]).len() == 1 && pp[0] != header {
            p = pp[0];
        } else {
            return p;
        }
    }
}

/// LLVM's `canMoveBottomBlockToTop`.
fn can_move_bottom_to_top(mf: &MachFunction, cfg: &MCfg, bottom: MBlock, old_top: MBlock) -> bool {
    let pp = cfg.preds(bottom);
    if pp.len() != 1 {
        return true;
    }
    let ps = mf.succs(pp[0]);
    if ps.len() != 2 {
        return true;
    }
    let other = if ps[0] == bottom { ps[1] } else { ps[0] };
    other != old_top
}

/// The exiting block of `l` best laid out at the bottom of its chain, and
/// the frequency of its exit edge (LLVM's `findBestLoopExit`).
fn find_best_loop_exit(
    mf: &MachFunction,
    bp: &mut BlockPlacement,
    l: MLoop,
) -> Option<(MBlock, f64)> {
    let header = bp.loops.header(l);
    let hc = bp.find(header);
    if !bp.in_filter(MBlock::from_u32(bp.head[hc as usize])) {
        return None;
    }
    let nblocks = bp.loops.blocks(l).len();
    let mut best: Option<(MBlock, f64, u32)> = None;
    // Blocks whose exit leads into an outer loop.
    bp.work.clear();
    for k in 0..nblocks {
        let b = bp.loops.blocks(l)[k];
        if !bp.is_tail(b) {
            continue;
        }
        let c = bp.find(b);
        let old = best;
        let mut looping = false;
        for &s in mf.succs(b) {
            if s == b || bp.find(s) == c || mf.eh.is_pad(s) {
                continue;
            }
            if bp.in_filter(s) {
                looping = true;
                continue;
            }
            let mut depth = 0;
            if let Some(xl) = bp.loops.loop_of(s) {
                depth = bp.loops.depth(xl);
                if bp.loops.contains(xl, header) && bp.work.last() != Some(&b) {
                    bp.work.push(b);
                }
            }
            let f = bp.edge_freq(mf, b, s);
            let layout_next = bp.old_next[b.index()] == s.as_u32();
            let better = match best {
                None => true,
                Some((_, bf, bd)) => depth > bd || f > bf || (layout_next && f >= bf),
            };
            if better {
                best = Some((b, f, depth));
            }
        }
        if !looping {
            best = old;
        }
    }
    let (e, f, _) = best?;
    if nblocks == 1 {
        return None;
    }
    // A block leading to an outer loop that is not the chosen one: no
    // rotation (it would cost the outer loop its fall-through).
    if !bp.work.is_empty() && !bp.work.contains(&e) {
        return None;
    }
    Some((e, f))
}

/// Rotates the chain of loop `l` so that `exiting` is at its bottom
/// (LLVM's `rotateLoop`).
fn rotate_loop(
    mf: &MachFunction,
    bp: &mut BlockPlacement,
    cfg: &MCfg,
    exiting: MBlock,
    exit_freq: f64,
) {
    let c = bp.find(exiting);
    let top = MBlock::from_u32(bp.head[c as usize]);
    let bottom = MBlock::from_u32(bp.tail[c as usize]);
    if bottom == exiting || top == mf.order[0] {
        return;
    }
    let mut viable_top_ft = false;
    for &p in cfg.preds(top) {
        if !bp.in_filter(p) && bp.is_tail(p) {
            viable_top_ft = true;
            break;
        }
    }
    if viable_top_ft {
        for &s in mf.succs(bottom) {
            if !bp.in_filter(s) && bp.is_head(s) {
                return;
            }
        }
        // The fall-through into the top must be worth less than the exit.
        if top_fall_through_freq(mf, bp, cfg, top) >= exit_freq {
            return;
        }
    }
    // Rotate: the block after `exiting` becomes the head.
    let new_head = bp.next[exiting.index()];
    if new_head == NONE {
        return;
    }
    bp.next[bottom.index()] = top.as_u32();
    bp.next[exiting.index()] = NONE;
    bp.head[c as usize] = new_head;
    bp.tail[c as usize] = exiting.as_u32();
    bp.rotated += 1;
}

/// Rewrites the layout in `bp.new_order` with branches for it.
fn rewrite(mf: &mut MachFunction, t: &dyn TargetInfo, bp: &mut BlockPlacement) {
    mf.order.clear();
    mf.order.extend_from_slice(&bp.new_order);
    // Next block per block in the new layout.
    let n = mf.blocks.len();
    bp.swap.clear();
    bp.swap.resize(n, false);
    for k in 0..bp.new_order.len() {
        let b = bp.new_order[k];
        if let Exit::Cond { t: tb, f, .. } = bp.exits[b.index()] {
            bp.swap[b.index()] = bp.prob(mf, b, f) > bp.prob(mf, b, tb);
        }
    }
    let swap = std::mem::take(&mut bp.swap);
    let mut next_of = std::mem::take(&mut bp.prob_start);
    next_of.clear();
    next_of.resize(n, NONE);
    for w in bp.new_order.windows(2) {
        next_of[w[0].index()] = w[1].as_u32();
    }
    let exits = std::mem::take(&mut bp.exits);
    let conds = std::mem::take(&mut bp.cond_pool);
    let fixes = std::mem::take(&mut bp.cfi);
    let old_next = std::mem::take(&mut bp.old_next);
    let mut scratch = std::mem::take(&mut bp.insts);
    let mut cond = std::mem::take(&mut bp.cond);
    mf.rewrite(&mut scratch, |mf, b, old, out| {
        for &c in fixes.fixes(b) {
            let i = mf.create_cfi(c);
            out.push(i);
        }
        let next = match next_of[b.index()] {
            NONE => None,
            x => Some(MBlock::from_u32(x)),
        };
        let exit = if old_next[b.index()] == next_of[b.index()] {
            Exit::Keep
        } else {
            exits[b.index()]
        };
        match exit {
            Exit::Keep => out.extend_from_slice(old),
            Exit::To(s) => {
                let nb = t.remove_branch(mf, old);
                out.extend_from_slice(&old[..old.len() - nb]);
                if next != Some(s) {
                    t.insert_branch(mf, s, None, &[], out);
                }
            }
            Exit::Cond {
                t: tb,
                f,
                cond: (a, e),
            } => {
                cond.clear();
                cond.extend_from_slice(&conds[a as usize..e as usize]);
                let nb = t.remove_branch(mf, old);
                out.extend_from_slice(&old[..old.len() - nb]);
                if next == Some(f) {
                    t.insert_branch(mf, tb, None, &cond, out);
                } else if next == Some(tb) {
                    if t.reverse_branch_condition(&mut cond) {
                        t.insert_branch(mf, f, None, &cond, out);
                    } else {
                        t.insert_branch(mf, tb, Some(f), &cond, out);
                    }
                } else if swap[b.index()] && t.reverse_branch_condition(&mut cond) {
                    t.insert_branch(mf, f, Some(tb), &cond, out);
                } else {
                    cond.clear();
                    cond.extend_from_slice(&conds[a as usize..e as usize]);
                    t.insert_branch(mf, tb, Some(f), &cond, out);
                }
            }
        }
    });
    bp.insts = scratch;
    bp.cond = cond;
    bp.exits = exits;
    bp.cond_pool = conds;
    bp.cfi = fixes;
    bp.prob_start = next_of;
    bp.swap = swap;
    bp.old_next = old_next;
}
