//! Splitting (LLVM's `RAGreedy::trySplit` family): region splits chosen by
//! spill placement, per-block splits, and local splits inside one block.
//!
//! - **Region split** (`tryRegionSplit`): for each candidate physical
//!   register, the interference it has in each block the vreg lives in
//!   (first and last occupied slot: assigned vregs, the program's own uses,
//!   clobbering calls) becomes border constraints ([`super::placement`]);
//!   through blocks are added as the region grows from the bundles that
//!   want a register (links when the block is free, spill preferences
//!   when not). The cost of a candidate is the frequency of the copies it
//!   needs (static: at interference in use blocks; global: where the
//!   solution disagrees with a block's wishes, and twice in through blocks
//!   with interference that stay in a register). The cheapest candidate
//!   below the cost of spilling everywhere wins; its solution becomes
//!   interval 1 of a split, the rest interval 0 (stage `Spill`), blocks
//!   with several uses outside the region get their own local interval.
//! - **Per-block split** (`tryBlockSplit`): every block with more than one
//!   instruction using the vreg gets its own interval; the rest goes to
//!   stage `Spill`.
//! - **Local split** (`tryLocalSplit`): for a vreg inside one block, the
//!   window of consecutive uses whose estimated spill weight most exceeds
//!   the heaviest interference in its gaps, for some register, becomes
//!   its own interval.
//!
//! Owns nothing beyond scratch in [`super::Greedy`].

use super::analysis::{count_live_blocks, BlockInfo};
use super::intf_cache::InterferenceCache;
use super::placement::{BlockConstraint, Border, BundleSet};
use super::queue::Stage;
use super::split::SplitRefused;
use super::Greedy;
use crate::liveness::{Liveness, SlotIndex};
use rcc_mach::{MBlock, MInst, MachFunction, PReg, TargetInfo, VReg};

/// First and last slot of `[start, end)` in which `p` is occupied; `None`
/// when it is free there.
pub(crate) type Intf = Option<(SlotIndex, SlotIndex)>;

/// The hull of two occupations.
pub(crate) fn merge_intf(a: Intf, b: Intf) -> Intf {
    match (a, b) {
        (Some((f1, l1)), Some((f2, l2))) => Some((f1.min(f2), l1.max(l2))),
        (x, None) | (None, x) => x,
    }
}

/// Collects the hull of the parts of segments inside `[start, end)`.
struct Hull {
    start: SlotIndex,
    end: SlotIndex,
    first: SlotIndex,
    last: SlotIndex,
}

impl Hull {
    fn new(start: SlotIndex, end: SlotIndex) -> Hull {
        Hull {
            start,
            end,
            first: SlotIndex::INVALID,
            last: SlotIndex(0),
        }
    }

    fn note(&mut self, s: SlotIndex, e: SlotIndex) {
        let s = s.max(self.start);
        let e = e.min(self.end);
        if s < e {
            self.first = self.first.min(s);
            self.last = self.last.max(e);
        }
    }

    fn get(&self) -> Intf {
        (self.first < self.last).then_some((self.first, self.last))
    }
}

/// The part of `p`'s occupation of `[start, end)` that allocation does not
/// change: the program's own uses of its units and clobbering calls;
/// `masks` are the register masks in it (`st.lis.regmasks_in(start, end)`).
pub(crate) fn fixed_interference(
    st: &Liveness,
    t: &dyn TargetInfo,
    p: PReg,
    start: SlotIndex,
    end: SlotIndex,
    masks: &[(SlotIndex, u32)],
) -> Intf {
    let mut h = Hull::new(start, end);
    for &u in st.units.units(p) {
        if !st.units.is_reserved(u) {
            let lr = st.lis.unit(u);
            let k = lr.find(start);
            for seg in &lr.segments()[k..] {
                if seg.start >= end {
                    break;
                }
                h.note(seg.start, seg.end);
            }
        }
    }
    for &(at, m) in masks {
        if !t.preserves(m, p) {
            h.note(at, at.next_slot());
        }
    }
    h.get()
}

/// The part of `p`'s occupation of `[start, end)` by assigned vregs.
pub(crate) fn assigned_interference(
    st: &Liveness,
    p: PReg,
    start: SlotIndex,
    end: SlotIndex,
) -> Intf {
    let mut h = Hull::new(start, end);
    for &u in st.units.units(p) {
        if let Some(((fs, fe), (ls, le))) = st.matrix.union(u).first_last_overlap(start, end) {
            h.note(fs, fe);
            h.note(ls, le);
        }
    }
    h.get()
}

/// The instruction after `i` in its block.
fn next_inst(st: &Liveness, b: MBlock, i: MInst) -> Option<MInst> {
    let e = st.indexes.index(i).entry();
    let l = st.indexes.block_list(b);
    let k = l.partition_point(|&(f, _)| f <= e);
    l.get(k).map(|&(_, j)| j)
}

/// Where a piece starting at the use at `at` begins: that instruction, or
/// the block's first insertion point.
fn inst_or_top(st: &Liveness, mf: &MachFunction, b: MBlock, at: SlotIndex) -> Option<MInst> {
    st.indexes
        .inst_at(at)
        .or_else(|| st.indexes.first_insert_point(mf, b).inst)
}

/// One block's merged view: the first and last of its `use_blocks`
/// entries (two when the interval has a gap there).
#[derive(Copy, Clone)]
struct Merged {
    pos: u32,
    live_in: bool,
    live_out: bool,
    one_instr: bool,
}

fn merged(ubs: &[BlockInfo], out: &mut Vec<Merged>) {
    out.clear();
    for bi in ubs {
        match out.last_mut() {
            Some(m) if m.pos == bi.block => {
                m.live_out = bi.live_out;
                m.one_instr = false;
            }
            _ => out.push(Merged {
                pos: bi.block,
                live_in: bi.live_in,
                live_out: bi.live_out,
                one_instr: bi.is_one_instr(),
            }),
        }
    }
}

impl Greedy {
    /// Tries to split `v`; whether it was (the products are in `new`).
    pub(crate) fn try_split(
        &mut self,
        mf: &mut MachFunction,
        t: &dyn TargetInfo,
        st: &mut Liveness,
        v: VReg,
        new: &mut Vec<VReg>,
    ) -> bool {
        self.use_idx.clear();
        for (i, _) in st.uses.iter(v) {
            self.use_idx.push(st.indexes.index(i));
        }
        self.sa.analyze(st.lis.vreg(v), &self.use_idx, &self.spans);
        if self.sa.use_blocks.is_empty() {
            return false;
        }
        if self.sa.is_local() {
            return self.try_local_split(mf, t, st, v, new);
        }
        if self.extra.stage(v) < Stage::Split2 && self.try_region_split(mf, t, st, v, new) {
            return true;
        }
        self.try_block_split(mf, t, st, v, new)
    }

    /// The interference of `p` in the block at `pos`, through the cache.
    fn intf_at(
        &self,
        ic: &mut InterferenceCache,
        st: &Liveness,
        t: &dyn TargetInfo,
        p: PReg,
        pos: u32,
    ) -> Option<(SlotIndex, SlotIndex)> {
        ic.get(st, t, p, pos, &self.spans)
    }

    /// LLVM's `calcSpillCost`: one spill instruction per use block, two
    /// when the value is redefined in a block it passes through.
    fn spill_cost(&self) -> f32 {
        let mut c = 0.0;
        for bi in &self.sa.use_blocks {
            let f = self.freq[bi.block as usize];
            c += f;
            if bi.live_in && bi.live_out && bi.first_def.is_valid() {
                c += f;
            }
        }
        c
    }

    /// The constraints of the use blocks for `p` and their static cost;
    /// `None` when a split cannot be placed or costs at least `bound`.
    fn split_constraints(
        &self,
        st: &Liveness,
        t: &dyn TargetInfo,
        ic: &mut InterferenceCache,
        p: PReg,
        bound: f32,
        out: &mut Vec<BlockConstraint>,
    ) -> Option<f32> {
        out.clear();
        let mut cost = 0.0;
        for bi in &self.sa.use_blocks {
            let mut c = BlockConstraint {
                block: bi.block,
                entry: if bi.live_in {
                    Border::PrefReg
                } else {
                    Border::DontCare
                },
                exit: if bi.live_out {
                    Border::PrefReg
                } else {
                    Border::DontCare
                },
            };
            let span = self.spans[bi.block as usize];
            if let Some((f, l)) = self.intf_at(ic, st, t, p, bi.block) {
                let mut ins = 0;
                if bi.live_in {
                    if f <= span.start {
                        c.entry = Border::MustSpill;
                        ins += 1;
                    } else if f < bi.first_instr {
                        c.entry = Border::PrefSpill;
                        ins += 1;
                    } else if f < bi.last_instr {
                        ins += 1;
                    }
                }
                if bi.live_out {
                    if l >= span.last_split {
                        c.exit = Border::MustSpill;
                        ins += 1;
                    } else if l > bi.last_instr {
                        c.exit = Border::PrefSpill;
                        ins += 1;
                    } else if l > bi.first_instr {
                        ins += 1;
                    }
                }
                cost += ins as f32 * self.freq[bi.block as usize];
                // Costs only grow: a candidate already no cheaper than
                // `bound` is rejected by the caller anyway.
                if cost >= bound {
                    return None;
                }
            }
            out.push(c);
        }
        Some(cost)
    }

    /// Grows the region of `p` over through blocks (LLVM's `growRegion`);
    /// the through blocks added are in `active`.
    fn grow_region(
        &mut self,
        st: &Liveness,
        t: &dyn TargetInfo,
        ic: &mut InterferenceCache,
        p: PReg,
        todo: &mut [bool],
        active: &mut Vec<u32>,
    ) {
        active.clear();
        let mut added = 0;
        loop {
            for k in 0..self.sp.recent_positive().len() {
                let bundle = self.sp.recent_positive()[k];
                for &b in self.eb.blocks(bundle) {
                    if todo[b as usize] {
                        todo[b as usize] = false;
                        active.push(b);
                    }
                }
            }
            if active.len() == added {
                break;
            }
            for &b in &active[added..] {
                let span = self.spans[b as usize];
                let intf = self.intf_at(ic, st, t, p, b);
                self.active_intf[b as usize] = intf.is_some();
                match intf {
                    None => self.sp.add_links(&self.eb, &self.freq, &[b]),
                    Some((f, l)) => {
                        let c = BlockConstraint {
                            block: b,
                            entry: if f <= span.start {
                                Border::MustSpill
                            } else {
                                Border::PrefSpill
                            },
                            exit: if l >= span.last_split {
                                Border::MustSpill
                            } else {
                                Border::PrefSpill
                            },
                        };
                        self.sp.add_constraints(&self.eb, &self.freq, &[c]);
                    }
                }
            }
            added = active.len();
            self.sp.iterate();
        }
        for &b in &self.sa.through {
            todo[b as usize] = false;
        }
    }

    /// LLVM's `calcGlobalSplitCost`.
    fn global_split_cost(&self, live: &BundleSet, cs: &[BlockConstraint], active: &[u32]) -> f32 {
        let mut cost = 0.0;
        for (bi, c) in self.sa.use_blocks.iter().zip(cs) {
            let reg_in = live.contains(self.eb.bundle(c.block, false));
            let reg_out = live.contains(self.eb.bundle(c.block, true));
            let mut ins = 0;
            if bi.live_in && reg_in != (c.entry == Border::PrefReg) {
                ins += 1;
            }
            if bi.live_out && reg_out != (c.exit == Border::PrefReg) {
                ins += 1;
            }
            cost += ins as f32 * self.freq[c.block as usize];
        }
        for &b in active {
            let reg_in = live.contains(self.eb.bundle(b, false));
            let reg_out = live.contains(self.eb.bundle(b, true));
            let f = self.freq[b as usize];
            match (reg_in, reg_out) {
                (false, false) => {}
                (true, true) => {
                    if self.active_intf[b as usize] {
                        cost += 2.0 * f;
                    }
                }
                _ => cost += f,
            }
        }
        cost
    }

    fn try_region_split(
        &mut self,
        mf: &mut MachFunction,
        t: &dyn TargetInfo,
        st: &mut Liveness,
        v: VReg,
        new: &mut Vec<VReg>,
    ) -> bool {
        let nb = self.eb.num_bundles();
        let mut best_cost = self.spill_cost();
        let mut best: Option<PReg> = None;
        let mut best_live = std::mem::take(&mut self.best_live);
        let mut live = std::mem::take(&mut self.live);
        let mut cs = std::mem::take(&mut self.cs);
        let mut active = std::mem::take(&mut self.active);
        let mut todo = std::mem::take(&mut self.todo);
        best_live.reset(nb);
        if todo.len() < self.spans.len() {
            todo.resize(self.spans.len(), false);
        }
        if self.active_intf.len() < self.spans.len() {
            self.active_intf.resize(self.spans.len(), false);
        }
        let order = std::mem::take(&mut self.order);
        let mut ic = std::mem::take(&mut self.icache);
        for &p in &order {
            let Some(static_cost) = self.split_constraints(st, t, &mut ic, p, best_cost, &mut cs)
            else {
                continue;
            };
            if static_cost >= best_cost {
                continue;
            }
            self.sp
                .prepare(nb, self.freq.first().copied().unwrap_or(1.0));
            self.sp.add_constraints(&self.eb, &self.freq, &cs);
            if !self.sp.scan_active_bundles() {
                continue;
            }
            for &b in &self.sa.through {
                todo[b as usize] = true;
            }
            self.grow_region(st, t, &mut ic, p, &mut todo, &mut active);
            if !self.sp.finish(&mut live, nb) {
                continue;
            }
            let cost = static_cost + self.global_split_cost(&live, &cs, &active);
            if cost < best_cost {
                best_cost = cost;
                best = Some(p);
                std::mem::swap(&mut best_live, &mut live);
            }
        }
        self.icache = ic;
        self.order = order;
        self.live = live;
        self.cs = cs;
        self.active = active;
        self.todo = todo;
        let r = match best {
            Some(p) => self.do_region_split(mf, t, st, v, p, &best_live, new),
            None => false,
        };
        self.best_live = best_live;
        r
    }

    #[allow(clippy::too_many_arguments)]
    fn do_region_split(
        &mut self,
        mf: &mut MachFunction,
        t: &dyn TargetInfo,
        st: &mut Liveness,
        v: VReg,
        p: PReg,
        live: &BundleSet,
        new: &mut Vec<VReg>,
    ) -> bool {
        let orig_blocks = self.sa.num_live_blocks();
        self.editor.reset(v, st.lis.vreg(v), mf.blocks.len());
        let main = self.editor.open_intv();
        let mut locals: Vec<u32> = Vec::new();
        let mut ms = Vec::new();
        merged(&self.sa.use_blocks, &mut ms);
        for m in &ms {
            let b = self.blocks[m.pos as usize];
            let span = self.spans[m.pos as usize];
            let reg_in = m.live_in && live.contains(self.eb.bundle(m.pos, false));
            let reg_out = m.live_out && live.contains(self.eb.bundle(m.pos, true));
            self.editor
                .set_block(b, u32::from(reg_in) * main, u32::from(reg_out) * main);
            let lo = self.sa.use_slots.partition_point(|&u| u < span.start);
            let hi = self.sa.use_slots.partition_point(|&u| u < span.end);
            let uses = &self.sa.use_slots[lo..hi];
            if !reg_in && !reg_out {
                if !m.one_instr && uses.len() > 1 {
                    let k = self.editor.open_intv();
                    locals.push(k);
                    let at = inst_or_top(st, mf, b, uses[0]);
                    self.editor.cut(st, b, at, k);
                    if m.live_out {
                        if let Some(i) = st.indexes.inst_at(uses[uses.len() - 1]) {
                            let nx = next_inst(st, b, i);
                            self.editor.cut(st, b, nx, 0);
                        }
                    }
                }
                continue;
            }
            let intf = self.icache.get(st, t, p, m.pos, &self.spans);
            if reg_in && (intf.is_some() || !reg_out) {
                // Leave the register before the interference (or after the
                // last use when the value does not stay in it).
                let limit = intf.map_or(SlotIndex::INVALID, |(f, _)| f);
                let k = uses.partition_point(|&u| u < limit);
                if k == 0 {
                    let top = st.indexes.first_insert_point(mf, b).inst;
                    self.editor.cut(st, b, top, 0);
                } else if let Some(i) = st.indexes.inst_at(uses[k - 1]) {
                    let nx = next_inst(st, b, i);
                    self.editor.cut(st, b, nx, 0);
                }
            }
            if reg_out && (intf.is_some() || !reg_in) {
                // Enter the register after the interference, before the
                // next use (or at the last split point).
                let limit = intf.map(|(_, l)| l);
                let k = match limit {
                    Some(l) => uses.partition_point(|&u| u < l),
                    None => 0,
                };
                if let Some(&u) = uses.get(k) {
                    if u < span.last_split {
                        let at = inst_or_top(st, mf, b, u);
                        self.editor.cut(st, b, at, main);
                    }
                }
            }
        }
        for k in 0..self.sa.through.len() {
            let pos = self.sa.through[k];
            let b = self.blocks[pos as usize];
            let reg_in = live.contains(self.eb.bundle(pos, false));
            let reg_out = live.contains(self.eb.bundle(pos, true));
            if !reg_in && !reg_out {
                continue;
            }
            self.editor
                .set_block(b, u32::from(reg_in) * main, u32::from(reg_out) * main);
            if reg_in && self.icache.get(st, t, p, pos, &self.spans).is_some() {
                let top = st.indexes.first_insert_point(mf, b).inst;
                self.editor.cut(st, b, top, 0);
            }
        }
        let mut products = std::mem::take(&mut self.products);
        let r = self.editor.finish(mf, t, st, &mut products);
        if r.is_err() {
            self.products = products;
            return false;
        }
        for &(w, k) in &products {
            if k == 0 {
                self.extra.set_stage(w, Stage::Spill);
            } else if k == main && count_live_blocks(st.lis.vreg(w), &self.spans) >= orig_blocks {
                self.extra.set_stage(w, Stage::Split2);
            }
            new.push(w);
        }
        self.products = products;
        self.stats.region_splits += 1;
        true
    }

    fn try_block_split(
        &mut self,
        mf: &mut MachFunction,
        t: &dyn TargetInfo,
        st: &mut Liveness,
        v: VReg,
        new: &mut Vec<VReg>,
    ) -> bool {
        let mut ms = Vec::new();
        merged(&self.sa.use_blocks, &mut ms);
        self.editor.reset(v, st.lis.vreg(v), mf.blocks.len());
        let mut any = false;
        for m in &ms {
            if m.one_instr {
                continue;
            }
            let b = self.blocks[m.pos as usize];
            let span = self.spans[m.pos as usize];
            let lo = self.sa.use_slots.partition_point(|&u| u < span.start);
            let hi = self.sa.use_slots.partition_point(|&u| u < span.end);
            if hi - lo < 2 {
                continue;
            }
            let first = self.sa.use_slots[lo];
            let last = self.sa.use_slots[hi - 1];
            if m.live_out && first >= span.last_split {
                continue;
            }
            let k = self.editor.open_intv();
            any = true;
            let at = inst_or_top(st, mf, b, first);
            self.editor.cut(st, b, at, k);
            if m.live_out {
                if let Some(i) = st.indexes.inst_at(last) {
                    let nx = next_inst(st, b, i);
                    self.editor.cut(st, b, nx, 0);
                }
            }
        }
        if !any {
            return false;
        }
        let mut products = std::mem::take(&mut self.products);
        let r = self.editor.finish(mf, t, st, &mut products);
        if r.is_err() {
            self.products = products;
            return false;
        }
        for &(w, k) in &products {
            if k == 0 {
                self.extra.set_stage(w, Stage::Spill);
            }
            new.push(w);
        }
        self.products = products;
        self.stats.block_splits += 1;
        true
    }

    /// Splits an interval inside one block around the window of uses that
    /// could best take a register (see the module comment).
    fn try_local_split(
        &mut self,
        mf: &mut MachFunction,
        t: &dyn TargetInfo,
        st: &mut Liveness,
        v: VReg,
        new: &mut Vec<VReg>,
    ) -> bool {
        let uses = std::mem::take(&mut self.sa.use_slots);
        let n = uses.len();
        // Two uses: nothing to gain that spilling would not give.
        if !(3..=64).contains(&n) {
            self.sa.use_slots = uses;
            return false;
        }
        let bi = self.sa.use_blocks[0];
        let pos = bi.block;
        let b = self.blocks[pos as usize];
        // Split2 ranges were split without progress once: only splits that
        // leave fewer gaps are allowed (LLVM's `ProgressRequired`).
        let progress_required = self.extra.stage(v) >= Stage::Split2;
        let num_gaps = n - 1;
        let new_gaps = |i: usize, j: usize| {
            usize::from(i != 0 || bi.live_in) + (j - i) + usize::from(j != n - 1 || bi.live_out)
        };
        let freq = self.freq[pos as usize];
        let dist = self.instr_dist.max(1) as f32;
        let mut gaps = vec![0.0f32; n - 1];
        let mut best: Option<(usize, usize, f32)> = None;
        let order = std::mem::take(&mut self.order);
        for &p in &order {
            // The heaviest interference in each gap between uses.
            for (g, gap) in gaps.iter_mut().enumerate() {
                *gap = self.gap_weight(st, t, p, uses[g], uses[g + 1]);
            }
            for i in 0..n - 1 {
                let mut max_gap = 0.0f32;
                for j in i + 1..n {
                    max_gap = max_gap.max(gaps[j - 1]);
                    if !max_gap.is_finite() {
                        break;
                    }
                    if i == 0 && j == n - 1 {
                        // The whole interval: no progress.
                        break;
                    }
                    if progress_required && new_gaps(i, j) >= num_gaps {
                        continue;
                    }
                    let span = (uses[j].0 - uses[i].0) as f32 / dist;
                    let est = freq * (j - i + 1) as f32 / (span + 25.0);
                    if est * 0.98 >= max_gap {
                        let diff = est - max_gap;
                        if best.is_none_or(|(_, _, d)| diff > d) {
                            best = Some((i, j, diff));
                        }
                    }
                }
            }
        }
        self.order = order;
        let Some((i, j, _)) = best else {
            self.sa.use_slots = uses;
            return false;
        };
        self.editor.reset(v, st.lis.vreg(v), mf.blocks.len());
        let k = self.editor.open_intv();
        let at = inst_or_top(st, mf, b, uses[i]);
        self.editor.cut(st, b, at, k);
        if let Some(x) = st.indexes.inst_at(uses[j]) {
            let nx = next_inst(st, b, x);
            self.editor.cut(st, b, nx, 0);
        }
        self.sa.use_slots = uses;
        let mut products = std::mem::take(&mut self.products);
        let r = self.editor.finish(mf, t, st, &mut products);
        let ok = r.is_ok();
        if ok {
            let no_progress = new_gaps(i, j) >= num_gaps;
            for &(w, intv) in &products {
                // No fewer gaps than before: force progress next time.
                if intv == k && no_progress {
                    self.extra.set_stage(w, Stage::Split2);
                }
                new.push(w);
            }
            self.stats.local_splits += 1;
        }
        self.products = products;
        debug_assert!(r != Err(SplitRefused::InconsistentEdge));
        ok
    }

    /// The largest spill weight of what occupies `p` in `[a, b)`;
    /// infinite for the program's own uses and clobbering calls.
    fn gap_weight(
        &self,
        st: &Liveness,
        t: &dyn TargetInfo,
        p: PReg,
        a: SlotIndex,
        b: SlotIndex,
    ) -> f32 {
        let mut w = 0.0f32;
        for &u in st.units.units(p) {
            if !st.units.is_reserved(u) && st.lis.unit(u).overlaps_span(a, b) {
                return f32::INFINITY;
            }
            st.matrix.union(u).for_each_overlap(a, b, |_, _, x| {
                w = w.max(self.weight(st, x));
                true
            });
        }
        if st
            .lis
            .regmasks_in(a, b)
            .iter()
            .any(|&(_, m)| !t.preserves(m, p))
        {
            return f32::INFINITY;
        }
        w
    }
}
