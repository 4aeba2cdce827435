//! Machine code sinking on SSA machine code (LLVM's `machine-sink`,
//! MachineSinking): an instruction whose results are only needed on some
//! paths out of its block moves into the successor (or a block its block
//! immediately dominates) that dominates all its readers, so the other
//! paths do not compute it and its operands' ranges do not cross them.
//!
//! Walk: the blocks with at least two successors, in layout order; each
//! block's instructions bottom-up, so that an instruction whose readers
//! were just sunk can follow them (a chain sinks in one walk). Instructions
//! sunk into a block are placed after its PHIs and labels, in their
//! original order; the blocks that received instructions are walked again
//! until nothing moves (LLVM repeats the whole function; other blocks
//! cannot gain candidates, as sinking only moves readers down the
//! dominator tree).
//!
//! Safety (LLVM's `isSafeToMove` and `FindSuccToSinkTo`): no store, call,
//! PHI, terminator, label or side effect (the target's [`iflag`] bits); a
//! load only when nothing below it in its block may write memory (LLVM's
//! `SawStore`), only into a block with one predecessor, and only when
//! `loads_movable` (machine instructions carry no memory operands, so the
//! caller says whether the function has volatile or atomic loads, which
//! LLVM's `hasOrderedMemoryRef` keeps in place); loads of memory that
//! never changes (the target's rematerialization answer) move freely.
//! Physical registers: reads only of constant ones (reserved and never
//! written in the function, `$rip`) or `undef`; defs only `dead` ones,
//! and not into a block where that register is live on entry (computed
//! here over the CFG; LLVM's live-in test). Every virtual def must have
//! readers, all in blocks the target dominates (a PHI reads in its
//! incoming block); a reader in the instruction's own block stops it.
//! Not into landing pads, not into the instruction's own block.
//! A target with several predecessors (a block the source dominates) is
//! taken only for non-loads and when it is not a loop header.
//!
//! Profitability (LLVM's `isProfitableToSinkTo`): the candidate blocks are
//! tried coldest first (block frequency, [`crate::block_freq`]); a target
//! that does not post-dominate the source ([`crate::cfg::MPostDom`]) or is in a
//! shallower loop is profitable; one that does is only when no non-PHI
//! reader is in it, or when the source is in a loop and every register the
//! instruction reads comes from outside that loop (LLVM's register
//! pressure check, taken conservatively). Never into a deeper loop or a
//! hotter block.
//!
//! Also LLVM's trivial forward coalescing in the blocks it walks: `%d =
//! COPY %s` of the same class, `%s` read only there and not defined by a
//! copy, is erased and `%d`'s readers read `%s`.
//!
//! Not done (LLVM does): splitting a critical edge to sink along it
//! (`PostponeSplitCriticalEdge`, including the case where every reader is
//! a PHI of the successor); loads into blocks with several predecessors
//! (LLVM's `hasStoreBetween`).
//!
//! Invariants: runs in SSA form (`IS_SSA`) and keeps it (a moved
//! instruction's operands' defs dominate its new block, its readers are
//! dominated by it); kill flags of the registers a moved instruction reads
//! are cleared.

use crate::analysis::CfgAnalyses;
use crate::block_freq::BlockFreq;
use crate::cfg::MCfg;
use crate::cfg::MPostDom;
use crate::func::{prop, MBlock, MInst, MachFunction};
use crate::loops::MachineLoops;
use crate::operand::{flag, OpKind};
use crate::reg::{PReg, Reg, VReg};
use crate::target::{iflag, MOpc, TargetInfo};
use rcc_ir::entity::EntityId;

/// What the pass did to one function (`-stats`).
#[derive(Copy, Clone, Default, Debug)]
pub struct SinkStats {
    /// Instructions moved into another block.
    pub sunk: u32,
    /// Copies erased by trivial forward coalescing.
    pub coalesced: u32,
}

const NONE: u32 = u32::MAX;

/// Per-worker buffers.
#[derive(Default)]
pub struct MachineSink {
    block_of: Vec<u32>,
    erased: Vec<bool>,
    def_of: Vec<u32>,
    /// Per vreg: the first use in `uses` (`NONE`: none).
    use_head: Vec<u32>,
    /// (instruction, operand index, next use of the same vreg).
    uses: Vec<(MInst, u32, u32)>,
    /// Per physical register: written somewhere in the function.
    phys_written: Vec<bool>,
    /// Per physical register asked about: live on entry to each block.
    live_in_cache: Vec<(PReg, Vec<bool>)>,
    /// Instructions sunk this round: (target block, instruction).
    moves: Vec<(MBlock, MInst)>,
    moved: Vec<bool>,
    dirty: Vec<bool>,
    clear_kills: Vec<bool>,
    children_start: Vec<u32>,
    children: Vec<MBlock>,
    cands: Vec<MBlock>,
    scratch: Vec<MInst>,
}

struct Analyses<'a> {
    cfg: &'a MCfg,
    pdom: &'a MPostDom,
    loops: &'a MachineLoops,
    freq: &'a BlockFreq,
}

/// Runs machine sinking on an SSA function. `loads_movable`: the function
/// has no volatile or atomic load (see the module comment).
pub fn machine_sink(
    mf: &mut MachFunction,
    t: &dyn TargetInfo,
    s: &mut MachineSink,
    loads_movable: bool,
    an: &mut CfgAnalyses,
) -> SinkStats {
    let mut stats = SinkStats::default();
    if !mf.has_prop(prop::IS_SSA) || !mf.order.iter().any(|&b| mf.succs(b).len() > 1) {
        return stats;
    }
    let (cfg, pdom, loops, freq) = an.all(mf, t);
    s.index(mf, t, cfg);
    let cx = Analyses {
        cfg,
        pdom,
        loops,
        freq,
    };
    let nb = mf.blocks.len();
    s.dirty.clear();
    s.dirty.resize(nb, true);
    let mut any = false;
    loop {
        s.moves.clear();
        let mut changed = false;
        for k in 0..mf.order.len() {
            let b = mf.order[k];
            if !std::mem::replace(&mut s.dirty[b.index()], false) {
                continue;
            }
            changed |= s.process_block(mf, t, &cx, b, loads_movable, &mut stats);
        }
        if !changed {
            break;
        }
        any = true;
        s.apply(mf);
    }
    if any {
        s.finish(mf);
    }
    stats
}

impl MachineSink {
    /// Blocks, defs, use lists, written physical registers, dominator
    /// children.
    fn index(&mut self, mf: &MachFunction, t: &dyn TargetInfo, cfg: &MCfg) {
        let (ni, nv) = (mf.num_insts(), mf.num_vregs());
        self.block_of.clear();
        self.block_of.resize(ni, NONE);
        self.erased.clear();
        self.erased.resize(ni, false);
        self.moved.clear();
        self.moved.resize(ni, false);
        self.def_of.clear();
        self.def_of.resize(nv, NONE);
        self.use_head.clear();
        self.use_head.resize(nv, NONE);
        self.uses.clear();
        self.phys_written.clear();
        self.phys_written.resize(t.num_regs(), false);
        self.live_in_cache.clear();
        self.clear_kills.clear();
        self.clear_kills.resize(nv, false);
        for &b in &mf.order {
            for &i in mf.block_insts(b) {
                self.block_of[i.index()] = b.as_u32();
                for (k, o) in mf.operands(i).iter().enumerate() {
                    if !o.is_reg() {
                        continue;
                    }
                    let r = o.reg();
                    if let Some(v) = r.as_virt().filter(|v| v.index() < nv) {
                        if o.is_def() {
                            self.def_of[v.index()] = i.as_u32();
                        } else {
                            let next = self.use_head[v.index()];
                            self.use_head[v.index()] = self.uses.len() as u32;
                            self.uses.push((i, k as u32, next));
                        }
                    } else if let (true, Some(p)) = (o.is_def(), r.as_phys()) {
                        for &a in t.aliases(p) {
                            if let Some(w) = self.phys_written.get_mut(a as usize) {
                                *w = true;
                            }
                        }
                    }
                }
                if let Some(op) = mf.opc(i).as_target() {
                    for &p in t.implicit_defs(op) {
                        for &a in t.aliases(p) {
                            if let Some(w) = self.phys_written.get_mut(a as usize) {
                                *w = true;
                            }
                        }
                    }
                }
            }
        }
        // Dominator-tree children.
        cfg.dom_children_into(
            mf.blocks.len(),
            &mut self.children_start,
            &mut self.children,
        );
    }

    fn uses_of(&self, v: VReg) -> impl Iterator<Item = (MInst, u32)> + '_ {
        let mut u = self.use_head.get(v.index()).copied().unwrap_or(NONE);
        std::iter::from_fn(move || loop {
            if u == NONE {
                return None;
            }
            let (i, k, next) = self.uses[u as usize];
            u = next;
            if !self.erased[i.index()] {
                return Some((i, k));
            }
        })
    }

    /// Whether `r` is a constant physical register (LLVM's
    /// `isConstantPhysReg`): reserved and never written.
    fn is_constant_phys(&self, mf: &MachFunction, t: &dyn TargetInfo, r: PReg) -> bool {
        mf.is_reserved(t, r) && !self.phys_written.get(r.0 as usize).copied().unwrap_or(true)
    }

    /// Whether physical register `p` (or an overlapping one) may be live
    /// on entry to `b`: read on some path from `b`'s start before a write
    /// of `p` itself or a register containing it.
    fn phys_live_in(
        &mut self,
        mf: &MachFunction,
        t: &dyn TargetInfo,
        cfg: &MCfg,
        p: PReg,
        b: MBlock,
    ) -> bool {
        if let Some((_, v)) = self.live_in_cache.iter().find(|(q, _)| *q == p) {
            return v[b.index()];
        }
        let nb = mf.blocks.len();
        let aliases = t.aliases(p);
        let bits = t.reg_bits(p);
        // Per block: reads p before writing it (gen), writes it (kill).
        let mut gen = vec![false; nb];
        let mut kill = vec![false; nb];
        for &blk in &mf.order {
            if mf
                .block_live_ins(blk)
                .iter()
                .any(|r| aliases.contains(&r.0))
            {
                gen[blk.index()] = true;
                continue;
            }
            'insts: for &i in mf.block_insts(blk) {
                let ops = mf.operands(i);
                for o in ops {
                    let Some(r) = o.reg().as_phys() else { continue };
                    if o.is_use() && !o.has(flag::UNDEF) && aliases.contains(&r.0) {
                        gen[blk.index()] = true;
                        break 'insts;
                    }
                }
                if let Some(op) = mf.opc(i).as_target() {
                    if t.implicit_uses(op).iter().any(|r| aliases.contains(&r.0)) {
                        gen[blk.index()] = true;
                        break 'insts;
                    }
                }
                for o in ops {
                    let Some(r) = o.reg().as_phys() else { continue };
                    if o.is_def()
                        && o.subreg().is_none()
                        && t.aliases(r).contains(&p.0)
                        && t.reg_bits(r) >= bits
                    {
                        kill[blk.index()] = true;
                        break 'insts;
                    }
                }
            }
        }
        let mut live = gen.clone();
        let mut changed = true;
        while changed {
            changed = false;
            for &blk in cfg.rpo.iter().rev() {
                let x = blk.index();
                if live[x] || kill[x] {
                    continue;
                }
                if mf.succs(blk).iter().any(|s| live[s.index()]) {
                    live[x] = true;
                    changed = true;
                }
            }
        }
        let r = live[b.index()];
        self.live_in_cache.push((p, live));
        r
    }

    /// The blocks `i` may sink into from `b`, coldest first (LLVM's
    /// `GetAllSortedSuccessors`: the successors, then the blocks `b`
    /// immediately dominates that are not successors).
    fn sorted_candidates(&mut self, mf: &MachFunction, freq: &BlockFreq, b: MBlock) {
        self.cands.clear();
        self.cands.extend_from_slice(mf.succs(b));
        let (cs, ce) = (
            self.children_start[b.index()] as usize,
            self.children_start[b.index() + 1] as usize,
        );
        for k in cs..ce {
            let c = self.children[k];
            if !mf.succs(b).contains(&c) {
                self.cands.push(c);
            }
        }
        self.cands.dedup();
        self.cands.sort_by(|&x, &y| {
            freq.freq(x)
                .partial_cmp(&freq.freq(y))
                .unwrap_or(std::cmp::Ordering::Equal)
        });
    }

    /// Whether every reader of `v` is in a block `to` dominates (LLVM's
    /// `AllUsesDominatedByBlock`). Returns (dominated, every reader is a
    /// PHI of `to` reading along the edge from `from` or there is none,
    /// a reader is in `from`).
    fn uses_dominated(
        &self,
        mf: &MachFunction,
        cfg: &MCfg,
        v: VReg,
        to: MBlock,
        from: MBlock,
    ) -> (bool, bool, bool) {
        let mut all_phi_edge = true;
        for (i, k) in self.uses_of(v) {
            let ub = MBlock::from_u32(self.block_of[i.index()]);
            let phi_from = (mf.opc(i) == MOpc::PHI)
                .then(|| mf.operands(i).get(k as usize + 1).copied())
                .flatten()
                .filter(|o| o.kind() == OpKind::Block)
                .map(|o| MBlock::from_u32(o.payload()));
            if !(ub == to && phi_from == Some(from)) {
                all_phi_edge = false;
                break;
            }
        }
        if all_phi_edge {
            return (true, true, false);
        }
        for (i, k) in self.uses_of(v) {
            let mut ub = MBlock::from_u32(self.block_of[i.index()]);
            if mf.opc(i) == MOpc::PHI {
                match mf.operands(i).get(k as usize + 1) {
                    Some(o) if o.kind() == OpKind::Block => ub = MBlock::from_u32(o.payload()),
                    _ => return (false, false, false),
                }
            } else if ub == from {
                return (false, false, true);
            }
            if !cfg.dominates(to, ub) {
                return (false, false, false);
            }
        }
        (true, false, false)
    }

    /// LLVM's `isProfitableToSinkTo` for def `v` of `i` along `(from, to)`.
    fn profitable(
        &self,
        mf: &MachFunction,
        t: &dyn TargetInfo,
        cx: &Analyses<'_>,
        i: MInst,
        v: VReg,
        (from, to): (MBlock, MBlock),
    ) -> bool {
        if !cx.pdom.post_dominates(to, from) {
            return true;
        }
        let (df, dt) = (cx.loops.loop_depth(from), cx.loops.loop_depth(to));
        if df > dt {
            return true;
        }
        let non_phi_use = self
            .uses_of(v)
            .any(|(u, _)| self.block_of[u.index()] == to.as_u32() && mf.opc(u) != MOpc::PHI);
        if !non_phi_use {
            return true;
        }
        // A further sink from `to` would need no reader in `to`: there is
        // one, so none. In a loop, sinking still shortens the live ranges
        // when every operand comes from outside the loop.
        let Some(l) = cx.loops.loop_of(from) else {
            return false;
        };
        for o in mf.operands(i) {
            if !o.is_use() {
                continue;
            }
            let r = o.reg();
            if let Some(p) = r.as_phys() {
                if !self.is_constant_phys(mf, t, p) && !o.has(flag::UNDEF) {
                    return false;
                }
                continue;
            }
            let Some(u) = r.as_virt() else { continue };
            let d = self.def_of.get(u.index()).copied().unwrap_or(NONE);
            if d == NONE {
                continue;
            }
            let d = MInst::from_u32(d);
            let db = MBlock::from_u32(self.block_of[d.index()]);
            let same = cx.loops.loop_of(db) == Some(l);
            let header_phi = mf.opc(d) == MOpc::PHI && cx.loops.header(l) == db;
            if same && !header_phi {
                return false;
            }
        }
        true
    }

    /// LLVM's `FindSuccToSinkTo`: where `i` (in `b`) may go, or `None`.
    fn find_target(
        &mut self,
        mf: &MachFunction,
        t: &dyn TargetInfo,
        cx: &Analyses<'_>,
        i: MInst,
        b: MBlock,
    ) -> Option<(MBlock, bool)> {
        let mut to: Option<MBlock> = None;
        let mut break_phi = false;
        let opc = mf.opc(i);
        if let Some(op) = opc.as_target() {
            for &p in t.implicit_uses(op) {
                if !mf
                    .operands(i)
                    .iter()
                    .any(|o| o.is_use() && o.reg() == Reg::phys(p))
                    && !self.is_constant_phys(mf, t, p)
                {
                    return None;
                }
            }
            if !super::implicit_defs_dead(mf, t, i, op) {
                return None;
            }
        }
        let mut cands_ready = false;
        for k in 0..mf.operands(i).len() {
            let o = mf.operands(i)[k];
            match o.kind() {
                OpKind::Reg => {}
                OpKind::RegMask => return None,
                _ => continue,
            }
            let r = o.reg();
            if r.is_none() {
                continue;
            }
            if let Some(p) = r.as_phys() {
                if o.is_use() {
                    if !o.has(flag::UNDEF) && !self.is_constant_phys(mf, t, p) {
                        return None;
                    }
                } else if !o.has(flag::DEAD) {
                    return None;
                }
                continue;
            }
            let Some(v) = r.as_virt() else { continue };
            if o.is_use() {
                continue;
            }
            if let Some(s) = to {
                let (ok, bp, _) = self.uses_dominated(mf, cx.cfg, v, s, b);
                if !ok {
                    return None;
                }
                break_phi = bp;
                continue;
            }
            if !cands_ready {
                self.sorted_candidates(mf, cx.freq, b);
                cands_ready = true;
            }
            for c in 0..self.cands.len() {
                let s = self.cands[c];
                let (ok, bp, local) = self.uses_dominated(mf, cx.cfg, v, s, b);
                if ok {
                    to = Some(s);
                    break_phi = bp;
                    break;
                }
                if local {
                    return None;
                }
            }
            let s = to?;
            if !self.profitable(mf, t, cx, i, v, (b, s)) {
                return None;
            }
        }
        let s = to?;
        if s == b || mf.eh.is_pad(s) {
            return None;
        }
        Some((s, break_phi))
    }

    /// LLVM's `ProcessBlock`: sinks what it can out of `b`, bottom-up.
    fn process_block(
        &mut self,
        mf: &mut MachFunction,
        t: &dyn TargetInfo,
        cx: &Analyses<'_>,
        b: MBlock,
        loads_movable: bool,
        stats: &mut SinkStats,
    ) -> bool {
        if !cx.cfg.is_reachable(b) || mf.succs(b).len() < 2 {
            return false;
        }
        let mut changed = false;
        let mut saw_store = false;
        let d = mf.blocks[b];
        for pos in (d.start..d.end).rev() {
            let i = mf.layout[pos as usize];
            if self.erased[i.index()] || self.moved[i.index()] {
                continue;
            }
            if self.forward_coalesce(mf, i) {
                stats.coalesced += 1;
                changed = true;
                continue;
            }
            let opc = mf.opc(i);
            let f = opc.as_target().map_or(0, |op| t.inst_flags(op));
            if f & (iflag::MAY_STORE | iflag::CALL | iflag::SIDE_EFFECTS) != 0
                || matches!(opc, MOpc::INLINEASM | MOpc::PHI)
            {
                saw_store = true;
                continue;
            }
            let movable = match opc {
                MOpc::COPY | MOpc::IMPLICIT_DEF | MOpc::SUBREG_TO_REG => true,
                _ if opc.as_target().is_none() => false,
                _ => f & iflag::EFFECTS == 0,
            };
            if !movable {
                continue;
            }
            let is_load = f & iflag::MAY_LOAD != 0 && !t.is_rematerializable(mf, i);
            if is_load && (saw_store || !loads_movable) {
                continue;
            }
            let Some((s, break_phi)) = self.find_target(mf, t, cx, i, b) else {
                continue;
            };
            // Every reader is a PHI of the successor: LLVM splits the edge
            // first; not done here.
            if break_phi {
                continue;
            }
            // Dead physical defs must not clobber a register live into `s`.
            let mut clobbers = false;
            for k in 0..mf.operands(i).len() {
                let o = mf.operands(i)[k];
                if let (true, Some(p)) = (o.is_def(), o.reg().as_phys()) {
                    if self.phys_live_in(mf, t, cx.cfg, p, s) {
                        clobbers = true;
                        break;
                    }
                }
            }
            if clobbers {
                continue;
            }
            if cx.cfg.preds(s).len() > 1
                && (is_load || !cx.cfg.dominates(b, s) || cx.loops.is_header(s))
            {
                continue;
            }
            if cx.loops.loop_depth(s) > cx.loops.loop_depth(b)
                || cx.freq.freq(s) > cx.freq.freq(b) * 1.0001
            {
                continue;
            }
            // Sink.
            self.moved[i.index()] = true;
            self.block_of[i.index()] = s.as_u32();
            self.moves.push((s, i));
            self.dirty[s.index()] = true;
            for o in mf.operands(i) {
                if let (true, Some(v)) = (o.is_use(), o.reg().as_virt()) {
                    if let Some(c) = self.clear_kills.get_mut(v.index()) {
                        *c = true;
                    }
                }
            }
            stats.sunk += 1;
            changed = true;
        }
        changed
    }

    /// LLVM's `PerformTrivialForwardCoalescing`.
    fn forward_coalesce(&mut self, mf: &mut MachFunction, i: MInst) -> bool {
        if mf.opc(i) != MOpc::COPY {
            return false;
        }
        let ops = mf.operands(i);
        if ops.len() != 2 || ops[0].subreg().is_some() || ops[1].subreg().is_some() {
            return false;
        }
        let (Some(dst), Some(src)) = (ops[0].reg().as_virt(), ops[1].reg().as_virt()) else {
            return false;
        };
        let nv = mf.num_vregs();
        if dst.index() >= nv || src.index() >= nv || mf.class_of(dst) != mf.class_of(src) {
            return false;
        }
        let one_use = {
            let mut us = self.uses_of(src);
            matches!((us.next(), us.next()), (Some(_), None))
        };
        if !one_use {
            return false;
        }
        let d = self.def_of[src.index()];
        if d == NONE || matches!(mf.opc(MInst::from_u32(d)), MOpc::COPY | MOpc::SUBREG_TO_REG) {
            return false;
        }
        // Readers of dst read src; src's use list becomes dst's.
        let mut u = self.use_head[dst.index()];
        while u != NONE {
            let (j, k, next) = self.uses[u as usize];
            let o = &mut mf.operands_mut(j)[k as usize];
            o.set_reg(Reg::virt(src));
            u = next;
        }
        self.use_head[src.index()] = self.use_head[dst.index()];
        self.use_head[dst.index()] = NONE;
        self.erased[i.index()] = true;
        self.clear_kills[src.index()] = true;
        true
    }

    /// Places this round's moves and drops erased instructions.
    fn apply(&mut self, mf: &mut MachFunction) {
        // Group the moves by target; each group goes after the target's
        // PHIs and labels, last sunk first (each went to the top).
        self.moves.sort_by_key(|&(s, _)| s.as_u32());
        let moves = std::mem::take(&mut self.moves);
        let (moved, erased) = (&mut self.moved, &self.erased);
        mf.rewrite(&mut self.scratch, |mf, b, old, out| {
            let lo = moves.partition_point(|&(s, _)| s.as_u32() < b.as_u32());
            let hi = moves.partition_point(|&(s, _)| s.as_u32() <= b.as_u32());
            let mut k = 0;
            while k < old.len() && matches!(mf.opc(old[k]), MOpc::PHI | MOpc::EH_LABEL) {
                if !erased[old[k].index()] {
                    out.push(old[k]);
                }
                k += 1;
            }
            for &(_, i) in moves[lo..hi].iter().rev() {
                out.push(i);
            }
            for &i in &old[k..] {
                if !moved[i.index()] && !erased[i.index()] {
                    out.push(i);
                }
            }
        });
        for &(_, i) in &moves {
            moved[i.index()] = false;
        }
        self.moves = moves;
        self.moves.clear();
    }

    /// Clears the kill flags of the registers moved instructions read.
    fn finish(&mut self, mf: &mut MachFunction) {
        for idx in 0..mf.layout.len() {
            let i = mf.layout[idx];
            for o in mf.operands_mut(i) {
                if let (true, Some(v)) = (o.is_use(), o.reg().as_virt()) {
                    if self.clear_kills.get(v.index()).copied().unwrap_or(false) {
                        o.set(flag::KILL, false);
                    }
                }
            }
        }
    }
}
