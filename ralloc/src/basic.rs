//! The basic register allocator (LLVM's `RABasic`): live intervals in a
//! priority queue by spill weight, heaviest first; each gets the first
//! register of its allocation order (hinted registers first) that is free
//! of interference in the [`LiveRegMatrix`]; failing that, the registers
//! whose only interference is assigned vregs that all weigh less are
//! considered and the cheapest such set is evicted (the evicted vregs go
//! back into the queue); failing that, the vreg is spilled
//! ([`crate::spiller`]) and the spiller's new tiny intervals are queued.
//! An unspillable interval (infinite weight) with no register is an
//! [`AllocError::OutOfRegisters`].
//!
//! Hints ([`crate::hints`]): physical registers copied to or from the vreg
//! and the registers already given to its copy partners, heaviest copies
//! first.
//!
//! Invariants: a vreg in the matrix is never re-queued without being
//! unassigned; evictions only remove strictly lighter vregs, and their
//! total is bounded (after the budget, the vreg spills instead), so the
//! loop terminates. The result is the [`crate::vrm::VirtRegMap`] in the
//! [`Liveness`] state; [`crate::rewrite`] applies it.

use crate::hints::Hints;
use crate::liveness::freq::BlockFreqs;
use crate::liveness::{Interference, Liveness};
use crate::output::AllocError;
use crate::spiller::{SpillStats, Spiller};
use crate::weights::{spill_weight, WeightScratch};
use rcc_ir::entity::EntityId;
use rcc_mach::{MachFunction, PReg, RegClassId, TargetInfo, VReg};
use std::cmp::Ordering;
use std::collections::BinaryHeap;

/// Options of the interval allocators.
#[derive(Copy, Clone, Debug, Default)]
pub struct IntervalOptions {
    /// The frame pointer, reserved with its aliases when the function keeps
    /// one.
    pub frame_pointer: Option<PReg>,
    /// The base pointer, reserved likewise when needed.
    pub base_pointer: Option<PReg>,
    /// Run the checker in the rewriter.
    pub check: bool,
}

/// Counts for `-stats`.
#[derive(Copy, Clone, Default, Debug, PartialEq, Eq)]
pub struct BasicStats {
    /// Intervals queued (including the spiller's).
    pub intervals: u32,
    pub evictions: u32,
    pub spill: SpillStats,
}

#[derive(Copy, Clone, PartialEq)]
struct Entry {
    weight: f32,
    v: u32,
}

impl Eq for Entry {}

impl Ord for Entry {
    fn cmp(&self, o: &Self) -> Ordering {
        self.weight
            .total_cmp(&o.weight)
            .then_with(|| o.v.cmp(&self.v))
    }
}

impl PartialOrd for Entry {
    fn partial_cmp(&self, o: &Self) -> Option<Ordering> {
        Some(self.cmp(o))
    }
}

/// Per-worker buffers of the interval allocators.
#[derive(Default)]
pub struct RaScratch {
    pub freqs: BlockFreqs,
    pub weight: WeightScratch,
    pub spiller: Spiller,
    /// Allocation hints ([`crate::hints`]): valid whenever the liveness
    /// state is (computed with it, and again by the coalescer after its
    /// changes).
    pub hints: Hints,
    hinted: Vec<PReg>,
    reserved: Vec<bool>,
    order: Vec<PReg>,
    interfering: Vec<VReg>,
    best: Vec<VReg>,
    new_vregs: Vec<VReg>,
}

impl RaScratch {
    /// Marks the registers no allocator may hand out in this function.
    pub fn compute_reserved(
        &mut self,
        mf: &MachFunction,
        t: &dyn TargetInfo,
        opts: &IntervalOptions,
    ) {
        self.reserved.clear();
        self.reserved.resize(t.num_regs(), false);
        for r in 1..t.num_regs() {
            let p = rcc_mc::Reg(r as u16);
            self.reserved[r] = t.is_reserved(p) || mf.is_reserved(t, p);
        }
        for fp in opts.frame_pointer.into_iter().chain(opts.base_pointer) {
            for &a in t.aliases(fp) {
                self.reserved[a as usize] = true;
            }
        }
    }

    /// Whether `p` (or anything overlapping it) is reserved.
    pub fn is_reserved(&self, t: &dyn TargetInfo, p: PReg) -> bool {
        t.aliases(p)
            .iter()
            .chain(std::iter::once(&p.0))
            .any(|&a| self.reserved.get(a as usize).copied().unwrap_or(true))
    }

    /// The allocation order of `v`: hinted registers first, then the
    /// class's order, without reserved registers.
    fn order_for(&mut self, mf: &MachFunction, t: &dyn TargetInfo, st: &Liveness, v: VReg) {
        let class = mf.class_of(v);
        let ord = t.allocation_order(class);
        self.order.clear();
        self.hints
            .ordered(mf, t, v, |w| st.vrm.phys(w), &mut self.hinted);
        for &h in &self.hinted {
            if ord.contains(&h) && !self.order.contains(&h) {
                self.order.push(h);
            }
        }
        for &p in ord {
            if !self.order.contains(&p) {
                self.order.push(p);
            }
        }
        let reserved = std::mem::take(&mut self.order);
        self.order = reserved
            .into_iter()
            .filter(|&p| !self.is_reserved(t, p))
            .collect();
    }
}

/// Allocates `mf` with the basic allocator; the assignment is left in
/// `st.vrm` for the rewriter. Computes liveness unless `st.valid`.
pub fn allocate(
    mf: &mut MachFunction,
    t: &dyn TargetInfo,
    st: &mut Liveness,
    rs: &mut RaScratch,
    opts: &IntervalOptions,
    an: &mut rcc_mach::analysis::CfgAnalyses,
) -> Result<BasicStats, AllocError> {
    let fresh = !st.valid;
    if fresh {
        st.compute(mf, t);
    }
    rs.freqs.compute(mf, t, an);
    if fresh {
        let freqs = &rs.freqs;
        rs.hints.compute(mf, t, |b| freqs.freq(b));
    }
    rs.compute_reserved(mf, t, opts);
    rs.spiller.begin(mf, st);
    let mut stats = BasicStats::default();
    let mut queue = BinaryHeap::new();
    for k in 0..mf.num_vregs() {
        let v = VReg::from_index(k);
        if st.lis.vreg(v).is_empty() {
            continue;
        }
        let w = spill_weight(st, mf, t, &rs.freqs, v, &mut rs.weight);
        st.lis.weights[k] = w;
        queue.push(Entry {
            weight: w,
            v: k as u32,
        });
        stats.intervals += 1;
    }
    let mut budget = 4 * mf.num_vregs() as u64 + 1000;
    while let Some(Entry { v, .. }) = queue.pop() {
        let v = VReg::from_u32(v);
        if st.vrm.phys(v).is_some() || st.lis.vreg(v).is_empty() {
            continue;
        }
        let w = st.lis.weights[v.index()];
        rs.order_for(mf, t, st, v);
        // 1. A free register.
        let free = rs.order.iter().copied().find(|&p| {
            st.matrix.check_interference(&st.lis, &st.units, t, v, p) == Interference::Free
        });
        if let Some(p) = free {
            st.matrix.assign(&st.lis, &st.units, &mut st.vrm, v, p);
            continue;
        }
        // 2. Evict lighter vregs: the register whose heaviest evictee is
        // lightest.
        let mut best: Option<(PReg, f32)> = None;
        if budget > 0 {
            for k in 0..rs.order.len() {
                let p = rs.order[k];
                if st.matrix.check_interference(&st.lis, &st.units, t, v, p) != Interference::Virt {
                    continue;
                }
                rs.interfering.clear();
                st.matrix
                    .collect_interfering(&st.lis, &st.units, v, p, &mut rs.interfering);
                let max = rs
                    .interfering
                    .iter()
                    .map(|x| st.lis.weights[x.index()])
                    .fold(0f32, f32::max);
                if max < w && best.is_none_or(|(_, m)| max < m) {
                    best = Some((p, max));
                    rs.best.clear();
                    rs.best.extend_from_slice(&rs.interfering);
                }
            }
        }
        if let Some((p, _)) = best {
            for k in 0..rs.best.len() {
                let x = rs.best[k];
                st.matrix.unassign(&st.lis, &st.units, &mut st.vrm, x);
                queue.push(Entry {
                    weight: st.lis.weights[x.index()],
                    v: x.as_u32(),
                });
                stats.evictions += 1;
                budget = budget.saturating_sub(1);
            }
            st.matrix.assign(&st.lis, &st.units, &mut st.vrm, v, p);
            continue;
        }
        // 3. Spill.
        if w == f32::INFINITY {
            return Err(out_of_registers(mf, st, v, mf.class_of(v)));
        }
        rs.new_vregs.clear();
        let mut new = std::mem::take(&mut rs.new_vregs);
        rs.spiller.spill(mf, t, st, v, &mut new)?;
        for &n in &new {
            if st.lis.vreg(n).is_empty() {
                continue;
            }
            queue.push(Entry {
                weight: st.lis.weights[n.index()],
                v: n.as_u32(),
            });
            stats.intervals += 1;
        }
        rs.new_vregs = new;
    }
    rs.spiller.finish(mf, t, st, &rs.freqs)?;
    stats.spill = rs.spiller.stats;
    Ok(stats)
}

/// The error for `v` finding no register: the position is the ordinal of
/// the instruction where its interval starts, in index order.
pub fn out_of_registers(
    mf: &MachFunction,
    st: &Liveness,
    v: VReg,
    class: RegClassId,
) -> AllocError {
    let at = st.lis.vreg(v).begin();
    let mut pos = 0;
    for &(_, b) in st.indexes.blocks() {
        for &(_, i) in st.indexes.block_list(b) {
            if st.indexes.index(i) >= at.base() {
                return AllocError::OutOfRegisters { pos, class };
            }
            pos += 1;
        }
    }
    let _ = mf;
    AllocError::OutOfRegisters { pos, class }
}
