//! The allocator proper: the queue loop, assignment, eviction and the
//! hand-off to splitting and spilling (see [`super`] for the scheme).

use super::analysis::{BlockSpan, SplitAnalysis};
use super::bundles::EdgeBundles;
use super::evict::{self, EvictionCost, Evictor, Interferer};
use super::placement::SpillPlacement;
use super::queue::{self, ExtraInfo, PrioInput, Queue, Stage};
use super::split::SplitEditor;
use crate::basic::{IntervalOptions, RaScratch};
use crate::liveness::{Interference, Liveness, SlotIndex};
use crate::output::AllocError;
use crate::spiller::SpillStats;
use crate::weights::spill_weight;
use rcc_ir::entity::EntityId;
use rcc_mach::{MOpc, MachFunction, PReg, RegClassId, TargetInfo, VReg};

/// Interfering vregs at which a register is not considered for eviction
/// (LLVM's `EvictInterferenceCutoff`, 10).
const EVICT_INTERFERENCE_CUTOFF: usize = 10;

/// Counters for `-stats`.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct GreedyStats {
    /// Vregs queued at the start.
    pub intervals: u32,
    pub evictions: u32,
    pub local_splits: u32,
    pub block_splits: u32,
    pub region_splits: u32,
    /// Vregs handed to the spiller.
    pub spilled: u32,
    /// The spiller's counts.
    pub spill: SpillStats,
}

/// The allocator's per-worker state (capacity reused across functions).
#[derive(Default)]
pub struct Greedy {
    pub(crate) extra: ExtraInfo,
    queue: Queue,
    pub(crate) sa: SplitAnalysis,
    pub(crate) eb: EdgeBundles,
    pub(crate) sp: SpillPlacement,
    pub(crate) editor: SplitEditor,
    /// Per layout position: the block's span in the current numbering.
    pub(crate) spans: Vec<BlockSpan>,
    /// Per layout position: the block.
    pub(crate) blocks: Vec<rcc_mach::MBlock>,
    /// Per layout position: the block's frequency.
    pub(crate) freq: Vec<f32>,
    /// The numbering `spans` describe (`indexes.renumbers`).
    spans_of: u32,
    /// Per vreg: its preferred physical register (0: none).
    hint: Vec<PReg>,
    pub(crate) order: Vec<PReg>,
    /// Per register class: its allocation order without this function's
    /// reserved registers, filled on first use (`class_order_valid`).
    class_orders: Vec<Vec<PReg>>,
    class_order_valid: Vec<bool>,
    /// The registers copies tie the current vreg to.
    hints: Vec<PReg>,
    intf: Vec<VReg>,
    intfs: Vec<Interferer>,
    pub(crate) use_idx: Vec<SlotIndex>,
    /// The distinct call masks inside the interval being selected.
    masks: Vec<u32>,
    // Region split scratch (sized once per function, cleared by what it
    // touched).
    pub(crate) live: super::placement::BundleSet,
    pub(crate) best_live: super::placement::BundleSet,
    pub(crate) cs: Vec<super::placement::BlockConstraint>,
    pub(crate) active: Vec<u32>,
    pub(crate) todo: Vec<bool>,
    /// Per layout position: whether the candidate of the current region
    /// split has interference there (set for the blocks in `active`).
    pub(crate) active_intf: Vec<bool>,
    /// Per-block interference of candidate registers.
    pub(crate) icache: super::intf_cache::InterferenceCache,
    pub(crate) products: Vec<(VReg, u32)>,
    /// Slot units per instruction in the current numbering (for sizes).
    pub(crate) instr_dist: u32,
    pub stats: GreedyStats,
}

impl Greedy {
    /// Allocates every vreg of `mf` (computing liveness unless `st.valid`);
    /// the assignment is left in `st.vrm` for the rewriter, as the basic
    /// allocator's ([`crate::basic::allocate`]).
    pub fn allocate(
        &mut self,
        mf: &mut MachFunction,
        t: &dyn TargetInfo,
        st: &mut Liveness,
        rs: &mut RaScratch,
        opts: &IntervalOptions,
        an: &mut rcc_mach::analysis::CfgAnalyses,
    ) -> Result<GreedyStats, AllocError> {
        if !st.valid {
            st.compute(mf, t);
        }
        self.stats = GreedyStats::default();
        rs.freqs.compute(mf, t, an);
        rs.compute_reserved(mf, t, opts);
        self.class_order_valid.iter_mut().for_each(|f| *f = false);
        rs.spiller.begin(mf, st);
        let n = mf.num_vregs();
        self.extra.reset(n);
        self.queue.clear();
        self.hint.clear();
        self.hint.resize(n, rcc_mc::Reg(0));
        self.rebuild_spans(mf, t, st, rs);
        let slots = st.indexes.end().0 as u64;
        let entries = (mf.layout.len() + mf.order.len() + 1) as u64;
        self.instr_dist = (slots / entries.max(1)).max(4) as u32;
        // The CFG does not change during allocation.
        let pos = &self.blocks;
        let mut block_pos = vec![0u32; mf.blocks.len()];
        for (k, b) in pos.iter().enumerate() {
            block_pos[b.index()] = k as u32;
        }
        let blocks = self.blocks.clone();
        self.eb.compute(blocks.len(), |k, out| {
            out.extend(
                mf.succs(blocks[k as usize])
                    .iter()
                    .map(|s| block_pos[s.index()]),
            );
        });
        for k in 0..n {
            let v = VReg::from_index(k);
            if !st.lis.vreg(v).is_empty() && st.vrm.phys(v).is_none() {
                st.lis.weights[k] = spill_weight(st, mf, t, &rs.freqs, v, &mut rs.weight);
                self.compute_hint(mf, st, v);
                self.enqueue(t, mf, st, rs, v);
                self.stats.intervals += 1;
            }
        }
        let mut new = Vec::new();
        // A safety net, never reached by a correct allocator: every vreg
        // goes through a bounded number of stages and cascades.
        let mut budget = 64 * u64::from(self.stats.intervals) + 100_000;
        while let Some(v) = self.queue.pop() {
            budget = budget.saturating_sub(1);
            if budget == 0 {
                return Err(AllocError::Unsupported {
                    pos: 0,
                    what: "greedy allocation did not converge",
                });
            }
            if st.vrm.phys(v).is_some() || st.lis.vreg(v).is_empty() {
                continue;
            }
            if st.indexes.renumbers != self.spans_of {
                self.rebuild_spans(mf, t, st, rs);
            }
            self.select_or_split(mf, t, st, rs, v, &mut new)?;
            for &w in &new {
                if st.lis.vreg(w).is_empty() || st.vrm.phys(w).is_some() {
                    continue;
                }
                if w != v && self.extra.cascade(w) == 0 && self.extra.stage(w) != Stage::Done {
                    // A split product (evicted vregs keep their weight, the
                    // spiller sets its own).
                    st.lis.weights[w.index()] =
                        spill_weight(st, mf, t, &rs.freqs, w, &mut rs.weight);
                }
                self.compute_hint(mf, st, w);
                self.enqueue(t, mf, st, rs, w);
            }
            new.clear();
        }
        rs.spiller.finish(mf, t, st, &rs.freqs)?;
        self.stats.spill = rs.spiller.stats;
        Ok(self.stats)
    }

    fn rebuild_spans(
        &mut self,
        mf: &MachFunction,
        t: &dyn TargetInfo,
        st: &Liveness,
        rs: &RaScratch,
    ) {
        self.spans.clear();
        self.blocks.clear();
        self.freq.clear();
        for &(start, b) in st.indexes.blocks() {
            self.spans.push(BlockSpan {
                start,
                end: st.indexes.block_end(b),
                last_split: st.indexes.last_split_point(mf, t, b).idx,
            });
            self.blocks.push(b);
            self.freq.push(rs.freqs.freq(b));
        }
        self.spans_of = st.indexes.renumbers;
        self.icache.invalidate();
    }

    /// The allocatable registers of `c`, in order, into `self.order`.
    pub(crate) fn fill_order(&mut self, t: &dyn TargetInfo, rs: &RaScratch, c: RegClassId) {
        self.class_order(t, rs, c);
        self.order.clear();
        self.order
            .extend_from_slice(&self.class_orders[usize::from(c.0)]);
    }

    /// The allocation order of class `c` without reserved registers,
    /// computed once per function.
    fn class_order(&mut self, t: &dyn TargetInfo, rs: &RaScratch, c: RegClassId) -> &[PReg] {
        let k = usize::from(c.0);
        if self.class_orders.len() <= k {
            self.class_orders.resize_with(k + 1, Vec::new);
            self.class_order_valid.resize(k + 1, false);
        }
        if !self.class_order_valid[k] {
            let o = &mut self.class_orders[k];
            o.clear();
            o.extend(
                t.allocation_order(c)
                    .iter()
                    .copied()
                    .filter(|&p| !rs.is_reserved(t, p)),
            );
            self.class_order_valid[k] = true;
        }
        &self.class_orders[k]
    }

    /// The hint of `v`: a physical register a copy connects it to, or the
    /// register of an assigned vreg a copy connects it to.
    fn compute_hint(&mut self, mf: &MachFunction, st: &Liveness, v: VReg) {
        if self.hint.len() <= v.index() {
            self.hint.resize(v.index() + 1, rcc_mc::Reg(0));
        }
        let mut best = rcc_mc::Reg(0);
        for (i, pos) in st.uses.iter(v) {
            if mf.opc(i) != MOpc::COPY {
                continue;
            }
            let ops = mf.operands(i);
            let k = pos - mf.operand_range(i).start;
            let Some(other) = ops.get(1 - k.min(1)) else {
                continue;
            };
            if ops[k].subreg().is_some() || other.subreg().is_some() {
                continue;
            }
            let r = other.reg();
            let p = match (r.as_virt(), r.as_phys()) {
                (Some(w), _) => match st.vrm.phys(w) {
                    Some(p) => p,
                    None => continue,
                },
                (None, Some(p)) => p,
                (None, None) => continue,
            };
            if p.0 != 0 {
                best = p;
                if r.as_virt().is_none() {
                    break;
                }
            }
        }
        self.hint[v.index()] = best;
    }

    fn hint_of(&self, v: VReg) -> Option<PReg> {
        self.hint.get(v.index()).copied().filter(|p| p.0 != 0)
    }

    pub(crate) fn is_local(&self, st: &Liveness, v: VReg) -> bool {
        let lr = st.lis.vreg(v);
        !lr.is_empty()
            && st.indexes.block_of(lr.begin()) == st.indexes.block_of(lr.end().prev_slot())
    }

    pub(crate) fn weight(&self, st: &Liveness, v: VReg) -> f32 {
        st.lis.weights.get(v.index()).copied().unwrap_or(0.0)
    }

    fn enqueue(
        &mut self,
        t: &dyn TargetInfo,
        mf: &MachFunction,
        st: &Liveness,
        rs: &RaScratch,
        v: VReg,
    ) {
        let lr = st.lis.vreg(v);
        let d = u64::from(self.instr_dist);
        let size = (lr.size() / d).min(u32::MAX as u64) as u32;
        let dist = ((st.indexes.end().0 - lr.begin().0) as u64 / d) as u32;
        let class_regs = self.class_order(t, rs, mf.class_of(v)).len() as u32;
        let prio = queue::priority(&PrioInput {
            stage: self.extra.stage(v),
            size,
            local: self.is_local(st, v),
            dist_to_end: dist,
            class_regs,
            hinted: self.hint_of(v).is_some(),
            class_priority: 0,
        });
        self.queue.push(v, prio);
    }

    fn select_or_split(
        &mut self,
        mf: &mut MachFunction,
        t: &dyn TargetInfo,
        st: &mut Liveness,
        rs: &mut RaScratch,
        v: VReg,
        new: &mut Vec<VReg>,
    ) -> Result<(), AllocError> {
        let stage = self.extra.init_stage(v);
        self.fill_order(t, rs, mf.class_of(v));
        if self.order.is_empty() {
            return Err(self.out_of_registers(mf, st, v));
        }
        self.collect_hints(mf, t, st, v);
        st.lis.call_masks(st.lis.vreg(v), &mut self.masks);
        if let Some(p) = self.try_assign(t, st, v) {
            st.matrix.assign(&st.lis, &st.units, &mut st.vrm, v, p);
            return Ok(());
        }
        // Split-stage vregs already failed to evict: no second chance
        // before they are split (LLVM's `selectOrSplitImpl`).
        if stage != Stage::Split {
            if let Some(p) = self.try_evict(mf, t, st, rs, v, new) {
                st.matrix.assign(&st.lis, &st.units, &mut st.vrm, v, p);
                return Ok(());
            }
        }
        if stage < Stage::Split {
            self.extra.set_stage(v, Stage::Split);
            new.push(v);
            return Ok(());
        }
        if stage < Stage::Spill && self.try_split(mf, t, st, v, new) {
            return Ok(());
        }
        if stage >= Stage::Done || !self.weight(st, v).is_finite() {
            return Err(self.out_of_registers(mf, st, v));
        }
        self.stats.spilled += 1;
        let before = new.len();
        rs.spiller.spill(mf, t, st, v, new)?;
        for &w in &new[before..] {
            self.extra.set_stage(w, Stage::Done);
        }
        Ok(())
    }

    fn out_of_registers(&self, mf: &MachFunction, st: &Liveness, v: VReg) -> AllocError {
        crate::basic::out_of_registers(mf, st, v, mf.class_of(v))
    }

    /// Every register a copy ties `v` to now (physical registers, and the
    /// registers of assigned partners), in occurrence order, into
    /// `self.hints`. A copy of a sub-register (`%a = COPY %b.sub`, a
    /// truncation) and `SUBREG_TO_REG` (a zero extension) tie `v` to the
    /// matching part of the other side: `$eax` for the 32-bit side of a
    /// copy whose 64-bit side has `$rax`, and the other way round.
    fn collect_hints(&mut self, mf: &MachFunction, t: &dyn TargetInfo, st: &Liveness, v: VReg) {
        self.hints.clear();
        for (i, pos) in st.uses.iter(v) {
            let ops = mf.operands(i);
            let k = pos - mf.operand_range(i).start;
            // (the other side, sub-register index, whether `v` is the
            // wide side)
            let (other, idx, wide) = match mf.opc(i) {
                MOpc::COPY => {
                    let (Some(a), Some(b)) = (ops.first(), ops.get(1)) else {
                        continue;
                    };
                    if a.subreg().is_some() {
                        continue;
                    }
                    match (k, b.subreg()) {
                        (0, idx) => (b.reg(), idx, false),
                        (1, idx) => (a.reg(), idx, true),
                        _ => continue,
                    }
                }
                MOpc::SUBREG_TO_REG => {
                    let (Some(d), Some(s), Some(x)) = (ops.first(), ops.get(2), ops.get(3)) else {
                        continue;
                    };
                    let Some(idx) = mf.imm_of(*x).and_then(|x| u8::try_from(x).ok()) else {
                        continue;
                    };
                    if d.subreg().is_some() || s.subreg().is_some() {
                        continue;
                    }
                    match k {
                        0 => (s.reg(), Some(idx), true),
                        2 => (d.reg(), Some(idx), false),
                        _ => continue,
                    }
                }
                _ => continue,
            };
            let h = match (other.as_phys(), other.as_virt()) {
                (Some(p), _) => Some(p),
                (_, Some(w)) => st.vrm.phys(w),
                _ => None,
            };
            let h = match (h, idx) {
                (Some(h), None) => Some(h),
                (Some(h), Some(idx)) if wide => self
                    .order
                    .iter()
                    .copied()
                    .find(|&q| t.sub_reg(q, idx) == Some(h)),
                (Some(h), Some(idx)) => t.sub_reg(h, idx),
                (None, _) => None,
            };
            if let Some(h) = h {
                if self.order.contains(&h) && !self.hints.contains(&h) {
                    self.hints.push(h);
                }
            }
        }
    }

    /// A free register: a hinted one if free, else the first free one.
    fn try_assign(&self, t: &dyn TargetInfo, st: &Liveness, v: VReg) -> Option<PReg> {
        let free = |p: PReg| {
            st.matrix
                .check_interference_masked(&st.lis, &st.units, t, v, p, &self.masks)
                == Interference::Free
        };
        if let Some(&h) = self.hints.iter().find(|&&h| free(h)) {
            return Some(h);
        }
        self.order.iter().copied().find(|&p| free(p))
    }

    /// Evicts the cheapest interference if allowed; the register freed.
    fn try_evict(
        &mut self,
        mf: &MachFunction,
        t: &dyn TargetInfo,
        st: &mut Liveness,
        rs: &RaScratch,
        v: VReg,
        new: &mut Vec<VReg>,
    ) -> Option<PReg> {
        let w = self.weight(st, v);
        let a = Evictor {
            weight: w,
            cascade: self.extra.cascade_or_next(v),
            spillable: w.is_finite(),
            order_len: self.order.len() as u32,
            local: self.is_local(st, v),
        };
        let mut best: Option<(PReg, EvictionCost)> = None;
        let mut max = EvictionCost::MAX;
        for k in 0..self.order.len() {
            let p = self.order[k];
            match st
                .matrix
                .check_interference_masked(&st.lis, &st.units, t, v, p, &self.masks)
            {
                Interference::Free => return Some(p),
                Interference::RegMask | Interference::Fixed => continue,
                Interference::Virt => {}
            }
            self.intf.clear();
            // With this many interfering vregs one is likely heavier
            // (LLVM's `EvictInterferenceCutoff`); it also bounds the cost of
            // a query when many values are live at once.
            if !st.matrix.collect_interfering_limited(
                &st.lis,
                &st.units,
                v,
                p,
                &mut self.intf,
                EVICT_INTERFERENCE_CUTOFF,
            ) {
                continue;
            }
            self.intfs.clear();
            for j in 0..self.intf.len() {
                let b = self.intf[j];
                let bw = self.weight(st, b);
                let local = self.is_local(st, b);
                let can_reassign =
                    !max.is_max() && a.local && local && self.can_reassign(mf, t, st, rs, b, p);
                self.intfs.push(Interferer {
                    weight: bw,
                    cascade: self.extra.cascade(b),
                    stage: self.extra.stage(b),
                    spillable: bw.is_finite(),
                    order_len: t.allocation_order(mf.class_of(b)).len() as u32,
                    local,
                    in_preferred: self.hint_of(b) == st.vrm.phys(b),
                    can_reassign,
                });
            }
            // By weight alone, hinted register or not (LLVM's
            // `tryFindEvictionCandidate`): letting a light hinted vreg push
            // out a heavier one started eviction chains that ended with
            // long-lived values split around every call.
            if let Some(c) = evict::eviction_cost(&a, false, &self.intfs, &max) {
                best = Some((p, c));
                max = c;
            }
        }
        let (p, _) = best?;
        let cascade = self.extra.assign_cascade(v);
        self.intf.clear();
        st.matrix
            .collect_interfering(&st.lis, &st.units, v, p, &mut self.intf);
        for j in 0..self.intf.len() {
            let b = self.intf[j];
            st.matrix.unassign(&st.lis, &st.units, &mut st.vrm, b);
            self.extra.set_cascade(b, cascade);
            self.stats.evictions += 1;
            new.push(b);
        }
        Some(p)
    }

    /// Whether assigned `b` would fit in another register than `p`.
    fn can_reassign(
        &self,
        mf: &MachFunction,
        t: &dyn TargetInfo,
        st: &Liveness,
        rs: &RaScratch,
        b: VReg,
        p: PReg,
    ) -> bool {
        let c = mf.class_of(b);
        t.allocation_order(c).iter().any(|&q| {
            q != p
                && !rs.is_reserved(t, q)
                && !st.units.overlap(p, q)
                && st.matrix.check_interference(&st.lis, &st.units, t, b, q) == Interference::Free
        })
    }
}
