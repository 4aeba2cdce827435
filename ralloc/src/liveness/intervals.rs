//! Live intervals (LLVM's `LiveIntervals`): a [`LiveRange`] per virtual
//! register, a [`LiveRange`] per register unit for the physical registers
//! the program uses itself, and the call register masks, all in the slot
//! indexes of one [`SlotIndexes`].
//!
//! Works after two-address: a vreg may have several defs. A vreg's
//! interval is computed from its occurrences alone ([`LiveIntervals::compute_vreg`],
//! LLVM's `createAndComputeVirtRegInterval`), so the edit layer can
//! recompute one vreg after editing it:
//! 1. per block, in index order: a read (a use without `undef`, or a
//!    sub-register def without `undef`, which keeps the other part) before
//!    any def makes the block live-in; a def starts a new value (at the
//!    register slot, or the early-clobber slot) and closes the previous one
//!    at its last read (or as a dead def `[r, d)`);
//! 2. live-in blocks propagate to their predecessors: a predecessor with a
//!    def is live-out, one without is live-through (and live-in);
//! 3. the value live into each live-in block is the one every predecessor
//!    delivers, or a PHI value at the block start where they differ (each
//!    block scans its predecessors once, then is notified of changes; each
//!    block's input changes at most twice); a live-in block with no
//!    predecessor gets a value at its start (an undefined input);
//! 4. segments are emitted and sorted.
//!
//! The cost is linear in the vreg's occurrences and the blocks its
//! interval covers. Register units: one forward walk per block; a unit is
//! live from a def (or the block start, for the block's live-ins) to its
//! last read in the block, dead defs are `[r, d)`; physical registers are
//! not live across blocks except as block live-ins. Reserved units are not
//! tracked. Register masks are kept as a sorted list of `(call's register
//! slot, mask)`.

use super::indexes::SlotIndexes;
use super::range::{LiveRange, Segment, ValNo};
use super::slot::SlotIndex;
use super::units::RegUnits;
use super::uses::UseLists;
use rcc_ir::entity::EntityId;
use rcc_mach::{flag, MBlock, MachFunction, OpKind, Operand, PReg, TargetInfo, VReg};

/// Whether operand `o` reads its register (uses without `undef`, and
/// sub-register defs without `undef`).
#[inline]
pub fn reads(o: Operand) -> bool {
    o.is_reg() && !o.has(flag::UNDEF) && (o.is_use() || o.subreg().is_some())
}

const TOP: u32 = u32::MAX;

/// Per-block scratch of [`LiveIntervals::compute_vreg`].
#[derive(Copy, Clone)]
struct BlockCalc {
    /// End of the segment of the live-in value (a read before any def).
    live_in_end: SlotIndex,
    live_in: bool,
    live_out: bool,
    has_def: bool,
    last_def: u32,
    last_def_start: SlotIndex,
    last_end: SlotIndex,
    in_val: u32,
    phi: u32,
    touched: bool,
    /// Step 3 scanned the predecessors (later changes come as updates).
    scanned: bool,
}

const CLEAN: BlockCalc = BlockCalc {
    live_in_end: SlotIndex::INVALID,
    live_in: false,
    live_out: false,
    has_def: false,
    last_def: TOP,
    last_def_start: SlotIndex::INVALID,
    last_end: SlotIndex::INVALID,
    in_val: TOP,
    phi: TOP,
    touched: false,
    scanned: false,
};

/// One instruction's occurrences of the vreg being computed.
#[derive(Copy, Clone)]
struct Occ {
    idx: SlotIndex,
    block: u32,
    read: bool,
    def: bool,
    ec: bool,
}

/// The intervals of one function (see the module comment).
#[derive(Default)]
pub struct LiveIntervals {
    /// Per vreg; kept across functions (the largest function's size), so
    /// only `vregs[..used]` may be non-empty: the whole-table walks (reset,
    /// remap) stop there instead of at the largest function's size.
    vregs: Vec<LiveRange>,
    /// One past the last entry of `vregs` handed out since the last reset.
    used: usize,
    /// Spill weight per vreg (set by `crate::weights`).
    pub weights: Vec<f32>,
    units: Vec<LiveRange>,
    regmasks: Vec<(SlotIndex, u32)>,
    /// Predecessors (CSR over block indexes).
    pred_start: Vec<u32>,
    pred_pool: Vec<MBlock>,
    // Scratch.
    calc: Vec<BlockCalc>,
    touched: Vec<u32>,
    occ: Vec<Occ>,
    /// [`LiveIntervals::compute`]'s occurrences of every vreg.
    occ_pool: Vec<Occ>,
    occ_start: Vec<u32>,
    occ_fill: Vec<u32>,
    segs: Vec<Segment>,
    work: Vec<u32>,
    /// Step 3's notifications: (live-in block, new value of a predecessor).
    upd: Vec<(u32, u32)>,
    live_ins: Vec<u32>,
    open: Vec<(SlotIndex, SlotIndex, ValNo)>,
    open_list: Vec<u16>,
}

impl LiveIntervals {
    /// Sizes the tables for `mf` and computes the predecessor lists.
    pub fn reset(&mut self, mf: &MachFunction, units: &RegUnits) {
        let n = mf.num_vregs();
        for r in &mut self.vregs[..self.used] {
            r.clear();
        }
        if self.vregs.len() < n {
            self.vregs.resize_with(n, LiveRange::new);
        }
        self.used = n;
        self.weights.clear();
        self.weights.resize(n, 0.0);
        for r in &mut self.units {
            r.clear();
        }
        if self.units.len() < units.num_units() {
            self.units.resize_with(units.num_units(), LiveRange::new);
        }
        self.regmasks.clear();
        self.compute_preds(mf);
    }

    /// Recomputes the predecessor lists (after the CFG changed).
    pub fn compute_preds(&mut self, mf: &MachFunction) {
        let nb = mf.blocks.len();
        self.pred_start.clear();
        self.pred_start.resize(nb + 1, 0);
        for &b in &mf.order {
            for &s in mf.succs(b) {
                self.pred_start[s.index() + 1] += 1;
            }
        }
        for i in 0..nb {
            self.pred_start[i + 1] += self.pred_start[i];
        }
        self.pred_pool.clear();
        self.pred_pool
            .resize(self.pred_start[nb] as usize, MBlock::from_u32(0));
        let mut fill: Vec<u32> = self.pred_start[..nb].to_vec();
        for &b in &mf.order {
            for &s in mf.succs(b) {
                self.pred_pool[fill[s.index()] as usize] = b;
                fill[s.index()] += 1;
            }
        }
        self.calc.clear();
        self.calc.resize(nb, CLEAN);
    }

    /// The predecessors of `b`.
    pub fn preds(&self, b: MBlock) -> &[MBlock] {
        let s = self.pred_start[b.index()] as usize;
        let e = self.pred_start[b.index() + 1] as usize;
        &self.pred_pool[s..e]
    }

    /// Makes room for vreg `v` (a vreg created after `reset`).
    pub fn grow(&mut self, num_vregs: usize) {
        if self.vregs.len() < num_vregs {
            self.vregs.resize_with(num_vregs, LiveRange::new);
        }
        self.used = self.used.max(num_vregs);
        if self.weights.len() < num_vregs {
            self.weights.resize(num_vregs, 0.0);
        }
    }

    /// The interval of `v`.
    #[inline]
    pub fn vreg(&self, v: VReg) -> &LiveRange {
        &self.vregs[v.index()]
    }

    /// The interval of `v`, to edit.
    pub fn vreg_mut(&mut self, v: VReg) -> &mut LiveRange {
        self.used = self.used.max(v.index() + 1);
        &mut self.vregs[v.index()]
    }

    /// The number of vregs with a table entry.
    pub fn num_vregs(&self) -> usize {
        self.weights.len()
    }

    /// The range of physical register unit `u`.
    #[inline]
    pub fn unit(&self, u: u16) -> &LiveRange {
        &self.units[u as usize]
    }

    /// Call register masks: `(call's register slot, mask)`, sorted.
    pub fn regmasks(&self) -> &[(SlotIndex, u32)] {
        &self.regmasks
    }

    /// The register masks of calls strictly inside `[start, end)` (a value
    /// read by the call ends at its register slot and is not clobbered).
    pub fn regmasks_in(&self, start: SlotIndex, end: SlotIndex) -> &[(SlotIndex, u32)] {
        &self.regmasks[self.regmask_range(start, end)]
    }

    /// Where [`Self::regmasks_in`] lies in [`Self::regmasks`].
    pub fn regmask_range(&self, start: SlotIndex, end: SlotIndex) -> std::ops::Range<usize> {
        let lo = self.regmasks.partition_point(|&(s, _)| s <= start);
        let hi = self.regmasks.partition_point(|&(s, _)| s < end);
        lo..hi.max(lo)
    }

    /// Whether a call inside `lr` clobbers `p` (LLVM's
    /// `checkRegMaskInterference` for one register).
    pub fn clobbered_by_call(&self, t: &dyn TargetInfo, lr: &LiveRange, p: PReg) -> bool {
        let mut last = None;
        for s in lr.segments() {
            for &(_, m) in self.regmasks_in(s.start, s.end) {
                if last == Some(m) {
                    continue;
                }
                if !t.preserves(m, p) {
                    return true;
                }
                last = Some(m);
            }
        }
        false
    }

    /// The distinct register masks of the calls inside `lr`, into `out`
    /// (cleared first): `p` is clobbered by a call inside `lr` exactly when
    /// one of them does not preserve it ([`LiveIntervals::clobbered_by_call`]
    /// answered once per interval instead of once per register).
    pub fn call_masks(&self, lr: &LiveRange, out: &mut Vec<u32>) {
        out.clear();
        for s in lr.segments() {
            for &(_, m) in self.regmasks_in(s.start, s.end) {
                if !out.contains(&m) {
                    out.push(m);
                }
            }
        }
    }

    /// Whether any call lies inside `lr`.
    pub fn crosses_call(&self, lr: &LiveRange) -> bool {
        lr.segments()
            .iter()
            .any(|s| !self.regmasks_in(s.start, s.end).is_empty())
    }

    /// Computes every interval of `mf` (vregs, units, masks). The indexes
    /// and use lists must describe `mf`.
    pub fn compute(
        &mut self,
        mf: &MachFunction,
        t: &dyn TargetInfo,
        si: &SlotIndexes,
        units: &RegUnits,
    ) {
        self.reset(mf, units);
        self.compute_units(mf, t, si, units);
        self.gather_all(mf, si);
        let pool = std::mem::take(&mut self.occ_pool);
        for v in 0..mf.num_vregs() {
            // A vreg's run ends at its fill pointer (merged entries leave
            // room unused after it).
            let (s, e) = (self.occ_start[v] as usize, self.occ_fill[v] as usize);
            self.compute_from(mf, si, VReg::from_u32(v as u32), &pool[s..e]);
        }
        self.occ_pool = pool;
    }

    /// Every vreg's occurrences in one layout walk (`occ_pool`, vreg `v`'s
    /// run from `occ_start[v]` to `occ_fill[v]`): the walk visits instructions in index order, so each
    /// vreg's list comes out sorted, one entry per instruction, exactly
    /// what [`LiveIntervals::compute_vreg`] gathers and sorts from a use
    /// list (`si` numbers every instruction of the layout).
    fn gather_all(&mut self, mf: &MachFunction, si: &SlotIndexes) {
        let n = mf.num_vregs();
        self.occ_start.clear();
        self.occ_start.resize(n + 1, 0);
        for &b in &mf.order {
            for &i in mf.block_insts(b) {
                for o in mf.operands(i) {
                    if let Some(v) = o.reg().as_virt() {
                        self.occ_start[v.index() + 1] += 1;
                    }
                }
            }
        }
        for v in 0..n {
            self.occ_start[v + 1] += self.occ_start[v];
        }
        let total = self.occ_start[n] as usize;
        self.occ_pool.clear();
        self.occ_pool.resize(
            total,
            Occ {
                idx: SlotIndex::INVALID,
                block: 0,
                read: false,
                def: false,
                ec: false,
            },
        );
        // Fill pointers; an instruction naming `v` twice merges into the
        // entry it just wrote.
        self.occ_fill.clear();
        self.occ_fill.extend_from_slice(&self.occ_start[..n]);
        for &b in &mf.order {
            let block = b.as_u32();
            for &i in mf.block_insts(b) {
                let idx = si.index(i);
                for &o in mf.operands(i) {
                    let Some(v) = o.reg().as_virt() else {
                        continue;
                    };
                    let (start, fill) = (self.occ_start[v.index()], self.occ_fill[v.index()]);
                    let (read, def) = (reads(o), o.is_def());
                    let ec = def && o.has(flag::EARLY_CLOBBER);
                    if fill > start && self.occ_pool[fill as usize - 1].idx == idx {
                        let p = &mut self.occ_pool[fill as usize - 1];
                        p.read |= read;
                        p.def |= def;
                        p.ec |= ec;
                        continue;
                    }
                    self.occ_pool[fill as usize] = Occ {
                        idx,
                        block,
                        read,
                        def,
                        ec,
                    };
                    self.occ_fill[v.index()] = fill + 1;
                }
            }
        }
    }

    /// Recomputes the interval of `v` from its occurrences (see the module
    /// comment).
    pub fn compute_vreg(&mut self, mf: &MachFunction, si: &SlotIndexes, uses: &UseLists, v: VReg) {
        self.grow(mf.num_vregs());
        // Occurrences in index order, one per instruction.
        self.occ.clear();
        for (i, pos) in uses.iter(v) {
            let idx = si.index(i);
            if !idx.is_valid() {
                continue;
            }
            let k = pos - mf.operand_range(i).start;
            let o = mf.operands(i)[k];
            let block = si.inst_block(i).map_or(u32::MAX, |b| b.as_u32());
            self.occ.push(Occ {
                idx,
                block,
                read: reads(o),
                def: o.is_def(),
                ec: o.is_def() && o.has(flag::EARLY_CLOBBER),
            });
        }
        // Use lists are mostly in reverse layout order (registration
        // prepends), with one instruction's operands adjacent: reversing
        // such a list sorts it in linear time (ties merge below, in any
        // order).
        if self.occ.windows(2).all(|w| w[0].idx >= w[1].idx) {
            self.occ.reverse();
        } else {
            self.occ.sort_unstable_by_key(|o| o.idx);
        }
        let mut w = 0;
        for r in 0..self.occ.len() {
            if w > 0 && self.occ[w - 1].idx == self.occ[r].idx {
                let o = self.occ[r];
                let p = &mut self.occ[w - 1];
                p.read |= o.read;
                p.def |= o.def;
                p.ec |= o.ec;
            } else {
                self.occ[w] = self.occ[r];
                w += 1;
            }
        }
        self.occ.truncate(w);
        let occ = std::mem::take(&mut self.occ);
        self.compute_from(mf, si, v, &occ);
        self.occ = occ;
    }

    /// Computes the interval of `v` from its occurrences `occ` (sorted by
    /// index, one per instruction).
    fn compute_from(&mut self, mf: &MachFunction, si: &SlotIndexes, v: VReg, occ: &[Occ]) {
        let mut lr = std::mem::take(&mut self.vregs[v.index()]);
        self.used = self.used.max(v.index() + 1);
        lr.clear();
        self.segs.clear();
        self.touched.clear();
        // 1. Local walk.
        for &o in occ {
            let b = o.block as usize;
            let c = &mut self.calc[b];
            if !c.touched {
                c.touched = true;
                self.touched.push(o.block);
            }
            if o.read {
                if c.has_def {
                    c.last_end = o.idx.reg();
                } else {
                    c.live_in = true;
                    c.live_in_end = o.idx.reg();
                }
            }
            if o.def {
                if c.has_def {
                    let end = if c.last_end.is_valid() {
                        c.last_end
                    } else {
                        c.last_def_start.dead()
                    };
                    self.segs.push(Segment {
                        start: c.last_def_start,
                        end,
                        valno: ValNo::from_u32(c.last_def),
                    });
                }
                let start = if o.ec {
                    o.idx.early_clobber()
                } else {
                    o.idx.reg()
                };
                c.has_def = true;
                c.last_def = lr.new_value(start, false).as_u32();
                c.last_def_start = start;
                c.last_end = SlotIndex::INVALID;
            }
        }
        // 2. Live-in propagation.
        self.work.clear();
        for &b in &self.touched {
            if self.calc[b as usize].live_in {
                self.work.push(b);
            }
        }
        let mut live_ins = std::mem::take(&mut self.live_ins);
        live_ins.clear();
        live_ins.extend_from_slice(&self.work);
        while let Some(b) = self.work.pop() {
            let (s, e) = (
                self.pred_start[b as usize] as usize,
                self.pred_start[b as usize + 1] as usize,
            );
            for k in s..e {
                let p = self.pred_pool[k].as_u32();
                let c = &mut self.calc[p as usize];
                if !c.touched {
                    c.touched = true;
                    self.touched.push(p);
                }
                if c.live_out {
                    continue;
                }
                c.live_out = true;
                if !c.has_def && !c.live_in {
                    c.live_in = true;
                    self.work.push(p);
                    live_ins.push(p);
                }
            }
        }
        // 3. Values of live-in blocks: each live-in block scans its
        // predecessors once; after that, a predecessor whose output
        // changes notifies it with the new value (`upd`), compared with its
        // input in O(1): a block with many predecessors is not rescanned
        // for each of them.
        self.work.clear();
        self.work.extend(live_ins.iter().rev());
        self.upd.clear();
        loop {
            while let Some((b, out)) = self.upd.pop() {
                let c = &self.calc[b as usize];
                if !c.scanned || c.phi != TOP || c.in_val == out {
                    continue;
                }
                let new = if c.in_val == TOP {
                    out
                } else {
                    let start = si.block_start(MBlock::from_u32(b));
                    let phi = lr.new_value(start, true).as_u32();
                    self.calc[b as usize].phi = phi;
                    phi
                };
                self.set_input(mf, b, new);
            }
            if let Some(b) = self.work.pop() {
                let (s, e) = (
                    self.pred_start[b as usize] as usize,
                    self.pred_start[b as usize + 1] as usize,
                );
                let mut new = TOP;
                // No predecessor: an undefined input.
                let mut differ = s == e;
                for k in s..e {
                    let p = &self.calc[self.pred_pool[k].index()];
                    let out = if p.has_def { p.last_def } else { p.in_val };
                    if out == TOP {
                        continue;
                    }
                    if new == TOP {
                        new = out;
                    } else if new != out {
                        differ = true;
                        break;
                    }
                }
                self.calc[b as usize].scanned = true;
                // A block that once needed a PHI value keeps it, so each
                // block's input changes at most twice (none, one value,
                // its PHI) and the propagation is linear; the PHI may be
                // redundant when later inputs agree, which is still exact
                // liveness.
                if differ {
                    let start = si.block_start(MBlock::from_u32(b));
                    let phi = lr.new_value(start, true).as_u32();
                    self.calc[b as usize].phi = phi;
                    new = phi;
                }
                if new != TOP {
                    self.set_input(mf, b, new);
                }
                continue;
            }
            // A cycle of live-in blocks no value reaches (unreachable code):
            // give its first block a value of its own.
            match live_ins
                .iter()
                .find(|&&b| self.calc[b as usize].in_val == TOP)
            {
                Some(&b) => {
                    let start = si.block_start(MBlock::from_u32(b));
                    let phi = lr.new_value(start, true).as_u32();
                    self.calc[b as usize].phi = phi;
                    self.set_input(mf, b, phi);
                }
                None => break,
            }
        }
        // 4. Segments.
        for &b in &self.touched {
            let c = self.calc[b as usize];
            let mb = MBlock::from_u32(b);
            if c.live_in {
                let end = if c.has_def || !c.live_out {
                    c.live_in_end
                } else {
                    si.block_end(mb)
                };
                if end.is_valid() {
                    self.segs.push(Segment {
                        start: si.block_start(mb),
                        end,
                        valno: ValNo::from_u32(c.in_val),
                    });
                }
            }
            if c.has_def {
                let end = if c.live_out {
                    si.block_end(mb)
                } else if c.last_end.is_valid() {
                    c.last_end
                } else {
                    c.last_def_start.dead()
                };
                self.segs.push(Segment {
                    start: c.last_def_start,
                    end,
                    valno: ValNo::from_u32(c.last_def),
                });
            }
            self.calc[b as usize] = CLEAN;
        }
        self.segs.sort_unstable_by_key(|s| s.start);
        for &s in &self.segs {
            lr.add_segment(s);
        }
        lr.mark_unused_values();
        self.vregs[v.index()] = lr;
        self.live_ins = live_ins;
    }

    /// Sets live-in block `b`'s input value and, when that is its output
    /// (no def in `b`), notifies its live-in successors.
    fn set_input(&mut self, mf: &MachFunction, b: u32, v: u32) {
        let c = &mut self.calc[b as usize];
        c.in_val = v;
        if c.has_def {
            return;
        }
        for &sb in mf.succs(MBlock::from_u32(b)) {
            if self.calc[sb.index()].live_in {
                self.upd.push((sb.as_u32(), v));
            }
        }
    }

    /// Computes the ranges of the register units and the register-mask
    /// list (see the module comment).
    pub fn compute_units(
        &mut self,
        mf: &MachFunction,
        t: &dyn TargetInfo,
        si: &SlotIndexes,
        units: &RegUnits,
    ) {
        for r in &mut self.units {
            r.clear();
        }
        if self.units.len() < units.num_units() {
            self.units.resize_with(units.num_units(), LiveRange::new);
        }
        self.regmasks.clear();
        self.open.clear();
        self.open.resize(
            units.num_units(),
            (SlotIndex::INVALID, SlotIndex::INVALID, ValNo::from_u32(0)),
        );
        self.open_list.clear();
        let mut phys_defs: Vec<(PReg, bool)> = Vec::new();
        let mut phys_uses: Vec<PReg> = Vec::new();
        for (bn, &(start, b)) in si.blocks().iter().enumerate() {
            let ins: &[PReg] = if bn == 0 {
                &mf.live_ins
            } else {
                mf.block_live_ins(b)
            };
            for &r in ins {
                for &u in units.units(r) {
                    if units.is_reserved(u) || self.open[u as usize].0.is_valid() {
                        continue;
                    }
                    let v = self.units[u as usize].new_value(start, false);
                    self.open[u as usize] = (start, SlotIndex::INVALID, v);
                    self.open_list.push(u);
                }
            }
            for &(_, i) in si.block_list(b) {
                let idx = si.index(i);
                phys_defs.clear();
                phys_uses.clear();
                for &o in mf.operands(i) {
                    if o.kind() == OpKind::RegMask {
                        self.regmasks.push((idx.reg(), o.payload()));
                        continue;
                    }
                    let Some(mut p) = o.reg().as_phys() else {
                        continue;
                    };
                    if let Some(sr) = o.subreg() {
                        p = t.sub_reg(p, sr).unwrap_or(p);
                    }
                    if o.is_def() {
                        phys_defs.push((p, o.has(flag::EARLY_CLOBBER)));
                    } else if !o.has(flag::UNDEF) {
                        phys_uses.push(p);
                    }
                }
                if let Some(op) = mf.opc(i).as_target() {
                    phys_uses.extend_from_slice(t.implicit_uses(op));
                    phys_defs.extend(t.implicit_defs(op).iter().map(|&p| (p, false)));
                }
                for &p in &phys_uses {
                    for &u in units.units(p) {
                        if units.is_reserved(u) {
                            continue;
                        }
                        let o = &mut self.open[u as usize];
                        if o.0.is_valid() {
                            o.1 = idx.reg();
                        } else {
                            // Read without a def in the block: live-in.
                            let v = self.units[u as usize].new_value(start, false);
                            *o = (start, idx.reg(), v);
                            self.open_list.push(u);
                        }
                    }
                }
                for &(p, ec) in &phys_defs {
                    let s = if ec { idx.early_clobber() } else { idx.reg() };
                    for &u in units.units(p) {
                        if units.is_reserved(u) {
                            continue;
                        }
                        let o = self.open[u as usize];
                        if o.0.is_valid() {
                            if SlotIndex::same_entry(o.0, s) && o.0 >= idx.early_clobber() {
                                continue;
                            }
                            self.close_unit(u);
                        } else {
                            self.open_list.push(u);
                        }
                        let v = self.units[u as usize].new_value(s, false);
                        self.open[u as usize] = (s, SlotIndex::INVALID, v);
                    }
                }
            }
            for k in 0..self.open_list.len() {
                let u = self.open_list[k];
                if self.open[u as usize].0.is_valid() {
                    self.close_unit(u);
                }
            }
            self.open_list.clear();
        }
    }

    fn close_unit(&mut self, u: u16) {
        let (s, e, v) = self.open[u as usize];
        let end = if e.is_valid() && e > s { e } else { s.dead() };
        self.units[u as usize].add_segment(Segment {
            start: s,
            end,
            valno: v,
        });
        self.open[u as usize].0 = SlotIndex::INVALID;
    }

    /// Applies a renumbering to every range and mask slot.
    pub fn remap(&mut self, m: &super::indexes::Remap) {
        for r in self.vregs[..self.used]
            .iter_mut()
            .chain(self.units.iter_mut())
        {
            if !r.is_empty() || !r.valnos().is_empty() {
                r.remap(|i| m.map(i));
            }
        }
        for (s, _) in &mut self.regmasks {
            *s = m.map(*s);
        }
    }

    /// `%N <range>` for each vreg with a non-empty interval, one a line.
    pub fn dump(&self, num_vregs: usize) -> String {
        let mut s = String::new();
        for v in 0..num_vregs.min(self.vregs.len()) {
            let r = &self.vregs[v];
            if r.is_empty() {
                continue;
            }
            s.push_str(&format!("%{v} {}\n", r.dump()));
        }
        s
    }

    /// Checks every interval's invariants.
    pub fn verify(&self) -> Result<(), String> {
        for (v, r) in self.vregs.iter().enumerate() {
            r.verify().map_err(|e| format!("%{v}: {e}"))?;
        }
        for (u, r) in self.units.iter().enumerate() {
            r.verify().map_err(|e| format!("unit {u}: {e}"))?;
        }
        Ok(())
    }
}
