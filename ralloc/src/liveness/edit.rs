//! The edit layer (LLVM's `LiveRangeEdit` with the parts of
//! `MachineRegisterInfo` and `SlotIndexes` it leans on): the one way
//! splitting, spilling and coalescing change a function whose liveness is
//! computed, keeping [`Liveness`] in step.
//!
//! - **Insertions** ([`Liveness::insert_before`], [`Liveness::insert_after`],
//!   [`Liveness::insert_at`]): the instruction is created in the
//!   `MachFunction` arena by the caller (`mf.create`, a target hook), gets
//!   a slot index in the gap between its neighbours (renumbering
//!   everything, rarely, when the gap is exhausted: see below) and is
//!   listed in its block's index list; its vreg operands join the use
//!   lists. The layout is not touched until [`Liveness::materialize`].
//! - **Deletions** ([`Liveness::delete`]) likewise only unlist and
//!   unregister; [`Liveness::replace`] puts a new instruction in an old
//!   one's place at the same index (a folded memory operand), so intervals
//!   mentioning the index stay valid.
//! - **Operand renames** ([`Liveness::set_operand_reg`]) keep use lists.
//! - **Intervals** are not updated implicitly: the caller recomputes the
//!   vregs it changed ([`Liveness::recompute`]: from the use lists, the
//!   predecessor lists and the indexes) or edits them directly.
//! - [`Liveness::eliminate_dead_defs`] deletes instructions whose defs are
//!   all dead and that have no other effect, shrinking the intervals of
//!   what they read, transitively.
//! - [`Liveness::materialize`] writes every block's index list into the
//!   layout with one `MachFunction::rewrite` walk. Every pass row ends with
//!   it, so the function printed or verified is complete.
//!
//! Renumbering: when no entry is free between two neighbours, the indexes
//! are renumbered and every range this state owns is remapped (vreg
//! intervals, unit ranges, register-mask slots, the matrix's unions).
//! `indexes.renumbers` counts these; a user that keeps slot indexes of its
//! own across insertions must re-derive them when it changes (from
//! instructions: `indexes.index(i)`).
//!
//! Classes: [`Liveness::compute`] first narrows each vreg's class to what
//! every operand demands (`rcc_mach::constraint::reg_constraint`; with a
//! sub-register index, what the part must be); where no class satisfies
//! all operands, the narrow operands get a copy through a new vreg of the
//! needed class, so every vreg has a satisfiable class.

use super::indexes::{Remap, SlotIndexes};
use super::intervals::LiveIntervals;
use super::matrix::LiveRegMatrix;
use super::slot::SlotIndex;
use super::units::RegUnits;
use super::uses::UseLists;
use crate::vrm::VirtRegMap;
use rcc_ir::entity::EntityId;
use rcc_mach::constraint::{for_each_explicit, OpConstraint};
use rcc_mach::{
    flag, iflag, MBlock, MInst, MOpc, MachFunction, MemPart, Operand, Reg, RegClassId, TargetInfo,
    VReg,
};

/// The liveness state of one function, kept per worker and reused (see the
/// module comment and [`super`]).
#[derive(Default)]
pub struct Liveness {
    pub indexes: SlotIndexes,
    pub units: RegUnits,
    pub lis: LiveIntervals,
    pub uses: UseLists,
    pub matrix: LiveRegMatrix,
    pub vrm: VirtRegMap,
    /// Whether the state describes the worker's current function (set by
    /// [`Liveness::compute`]; the driver clears it between functions and
    /// whenever a pass outside the interval passes runs).
    pub valid: bool,
    /// Insertions or deletions not yet in the layout.
    dirty: bool,
    remap: Remap,
    layout_scratch: Vec<MInst>,
    dead_scratch: Vec<VReg>,
    sort_scratch: Vec<(u32, u32)>,
    class_memo: ClassMemo,
    /// Copies inserted to make classes satisfiable.
    pub constrain_copies: u32,
}

impl Liveness {
    /// Computes everything for `mf` (after two-address): class narrowing,
    /// slot indexes, use lists, intervals; empties the matrix and the map.
    pub fn compute(&mut self, mf: &mut MachFunction, t: &dyn TargetInfo) {
        self.compute_spaced(mf, t, None);
    }

    /// [`Liveness::compute`] with a given entry spacing (tests use 16, as
    /// LLVM prints, or tiny gaps to force renumbering).
    pub fn compute_spaced(
        &mut self,
        mf: &mut MachFunction,
        t: &dyn TargetInfo,
        spacing: Option<u32>,
    ) {
        self.units.build(t);
        self.constrain_copies =
            constrain_classes(mf, t, &mut self.layout_scratch, &mut self.class_memo);
        match spacing {
            Some(s) => self.indexes.compute_with_spacing(mf, s),
            None => self.indexes.compute(mf),
        }
        self.uses.clear(mf.num_vregs(), mf.operand_pool_len());
        self.build_use_lists(mf);
        self.lis.compute(mf, t, &self.indexes, &self.units);
        self.matrix.clear(&self.units);
        self.vrm.clear(mf.num_vregs());
        self.dirty = false;
        self.valid = true;
    }

    /// The use lists of `mf` afresh, registered in layout order (so each
    /// list is in reverse layout order), with an empty changed set.
    fn build_use_lists(&mut self, mf: &MachFunction) {
        self.uses.clear(mf.num_vregs(), mf.operand_pool_len());
        for &b in &mf.order {
            for &i in mf.block_insts(b) {
                self.uses.add_inst(mf, i);
            }
        }
        self.uses.reset_changed();
    }

    /// Brings the state an editing pass left (the coalescer: copies
    /// deleted, operands renamed, defs rematerialized, intervals edited in
    /// place) to exactly what [`Liveness::compute`] computes for the
    /// materialized function, without recomputing every interval: the
    /// indexes are renumbered (evenly spaced again, as computed; every
    /// range remapped), the use lists of the changed vregs put in layout order, and the
    /// intervals of the vregs whose occurrences changed since the last
    /// computation recomputed from their occurrences, as the computation
    /// numbers their values (emptied, for those that no longer occur). An untouched vreg's interval is already the
    /// computed one (same occurrences, same CFG). The register units'
    /// ranges and the mask list are recomputed (one walk): the coalescer
    /// erases copies that read or write physical registers, and a remapped
    /// unit segment that ended at an erased read would lose its dead def.
    /// The CFG must not have changed, nor any vreg's class beyond what
    /// class narrowing would leave; [`Liveness::check_fresh`] checks the
    /// result against a fresh computation.
    pub fn canonicalize(&mut self, mf: &mut MachFunction, t: &dyn TargetInfo) {
        self.materialize(mf);
        let mut changed = std::mem::take(&mut self.dead_scratch);
        self.uses.take_changed(&mut changed);
        let n = mf.num_vregs();
        self.lis.grow(n);
        // The changed vregs are recomputed below: not remapped.
        for &v in &changed {
            self.lis.vreg_mut(v).clear();
        }
        self.indexes.renumber(&mut self.remap);
        self.indexes.renumbers = 0;
        self.lis.remap(&self.remap);
        self.lis.compute_units(mf, t, &self.indexes, &self.units);
        self.lis.weights.clear();
        self.lis.weights.resize(n, 0.0);
        // An unchanged vreg's list is as registration in layout order left
        // it; a changed one's is put in that order, then its interval is
        // recomputed (a vreg that no longer occurs keeps the empty one a
        // computation gives it).
        let mut scratch = std::mem::take(&mut self.sort_scratch);
        for &v in &changed {
            if v.index() >= n || self.uses.is_empty(v) {
                continue;
            }
            let si = &self.indexes;
            self.uses
                .sort_list(v, |i| si.index(i).entry(), &mut scratch);
            self.lis.compute_vreg(mf, &self.indexes, &self.uses, v);
        }
        self.sort_scratch = scratch;
        self.dead_scratch = changed;
        self.matrix.clear(&self.units);
        self.vrm.clear(n);
        self.constrain_copies = 0;
        self.valid = true;
    }

    /// Compares this state with [`Liveness::compute`] on a copy of `mf`
    /// (indexes, use-list order, every interval with its value numbers,
    /// register units and masks, classes): `Err` names the first
    /// difference. A check of [`Liveness::canonicalize`]; costs a full
    /// computation.
    pub fn check_fresh(&self, mf: &MachFunction, t: &dyn TargetInfo) -> Result<(), String> {
        let mut copy = mf.clone();
        let mut fresh = Liveness::default();
        fresh.compute(&mut copy, t);
        if fresh.constrain_copies != 0 || copy.num_vregs() != mf.num_vregs() {
            return Err(format!(
                "class narrowing inserts {} copies",
                fresh.constrain_copies
            ));
        }
        for v in 0..mf.num_vregs() {
            let v = VReg::from_u32(v as u32);
            if copy.class_of(v) != mf.class_of(v) {
                return Err(format!("class of {v:?} narrows further"));
            }
            if self.lis.vreg(v) != fresh.lis.vreg(v) {
                return Err(format!(
                    "interval of {v:?}: kept {} fresh {}",
                    self.lis.vreg(v).dump(),
                    fresh.lis.vreg(v).dump()
                ));
            }
            if !self.uses.iter(v).eq(fresh.uses.iter(v)) {
                return Err(format!("use list of {v:?} differs"));
            }
        }
        let (a, b) = (&self.indexes, &fresh.indexes);
        if a.end() != b.end() || a.spacing() != b.spacing() {
            return Err("slot index numbering differs".into());
        }
        for &bl in &mf.order {
            if a.block_start(bl) != b.block_start(bl)
                || mf.block_insts(bl).iter().any(|&i| a.index(i) != b.index(i))
            {
                return Err(format!("slot indexes of {bl:?} differ"));
            }
        }
        for u in 0..self.units.num_units() {
            if self.lis.unit(u as u16) != fresh.lis.unit(u as u16) {
                return Err(format!(
                    "unit {u}: kept {} fresh {}",
                    self.lis.unit(u as u16).dump(),
                    fresh.lis.unit(u as u16).dump()
                ));
            }
        }
        if self.lis.regmasks() != fresh.lis.regmasks() {
            return Err("register masks differ".into());
        }
        Ok(())
    }

    /// A new vreg of class `c`, with table entries.
    pub fn new_vreg(&mut self, mf: &mut MachFunction, c: RegClassId) -> VReg {
        let v = mf.new_vreg(c);
        self.lis.grow(mf.num_vregs());
        self.vrm.grow(mf.num_vregs());
        v
    }

    /// A new vreg of `of`'s class standing for `of`'s original (splitting,
    /// spilling).
    pub fn new_vreg_like(&mut self, mf: &mut MachFunction, of: VReg) -> VReg {
        let v = self.new_vreg(mf, mf.class_of(of));
        self.vrm.set_original(v, of);
        v
    }

    /// Inserts `new` (created, not placed) before `anchor` (numbered).
    pub fn insert_before(&mut self, mf: &MachFunction, anchor: MInst, new: MInst) -> SlotIndex {
        let b = self
            .indexes
            .inst_block(anchor)
            .expect("insert_before: anchor not numbered");
        self.insert_at(mf, b, Some(anchor), new)
    }

    /// Inserts `new` after `anchor` (numbered).
    pub fn insert_after(&mut self, mf: &MachFunction, anchor: MInst, new: MInst) -> SlotIndex {
        self.indexes.flush();
        let b = self
            .indexes
            .inst_block(anchor)
            .expect("insert_after: anchor not numbered");
        let e = self.indexes.index(anchor).entry();
        let l = self.indexes.block_list(b);
        let k = l.partition_point(|&(f, _)| f <= e);
        let before = l.get(k).map(|&(_, i)| i);
        self.insert_at(mf, b, before, new)
    }

    /// Inserts `new` in block `b` before `before` (`None`: at the very end
    /// of the block; to insert before the terminators use
    /// `indexes.last_split_point`).
    pub fn insert_at(
        &mut self,
        mf: &MachFunction,
        b: MBlock,
        before: Option<MInst>,
        new: MInst,
    ) -> SlotIndex {
        let idx = loop {
            if let Some(i) = self.indexes.insert(b, before, new) {
                break i;
            }
            self.renumber();
        };
        self.uses.add_inst(mf, new);
        self.dirty = true;
        idx
    }

    /// Renumbers the indexes and remaps every range (see the module
    /// comment).
    pub fn renumber(&mut self) {
        self.indexes.renumber(&mut self.remap);
        self.lis.remap(&self.remap);
        self.matrix.rebuild(&self.lis, &self.units, &self.vrm);
    }

    /// Deletes `i` from the function (unlisted now, gone from the layout at
    /// materialization). Intervals are the caller's to update.
    pub fn delete(&mut self, mf: &MachFunction, i: MInst) {
        self.uses.remove_inst(mf, i);
        self.indexes.remove(i);
        self.dirty = true;
    }

    /// [`Liveness::delete`] leaving `i`'s entry in its block's index list
    /// until the next insertion, renumbering or materialization (see
    /// `SlotIndexes::remove_deferred`; readers of block lists meanwhile
    /// skip entries that are not numbered).
    pub fn delete_deferred(&mut self, mf: &MachFunction, i: MInst) {
        self.uses.remove_inst(mf, i);
        self.indexes.remove_deferred(i);
        self.dirty = true;
    }

    /// Replaces `old` by `new` (created, not placed) at the same index:
    /// intervals mentioning the index stay valid (a folded memory operand).
    pub fn replace(&mut self, mf: &MachFunction, old: MInst, new: MInst) {
        self.uses.remove_inst(mf, old);
        self.indexes.replace(old, new);
        self.uses.add_inst(mf, new);
        self.dirty = true;
    }

    /// Makes operand `k` of `i` name `r`.
    pub fn set_operand_reg(&mut self, mf: &mut MachFunction, i: MInst, k: usize, r: Reg) {
        self.uses.set_reg(mf, i, k, r);
    }

    /// Recomputes the interval of `v` from its occurrences.
    pub fn recompute(&mut self, mf: &MachFunction, v: VReg) {
        self.lis.compute_vreg(mf, &self.indexes, &self.uses, v);
    }

    /// Whether `i` may be deleted when its defs are dead: no memory write,
    /// call, branch, side effect or physical def that is live.
    pub fn is_deletable(&self, mf: &MachFunction, t: &dyn TargetInfo, i: MInst) -> bool {
        let opc = mf.opc(i);
        let ok_generic = matches!(opc, MOpc::COPY | MOpc::IMPLICIT_DEF | MOpc::SUBREG_TO_REG);
        if let Some(op) = opc.as_target() {
            let f = t.inst_flags(op);
            let bad = iflag::MAY_STORE
                | iflag::CALL
                | iflag::TERMINATOR
                | iflag::BRANCH
                | iflag::RETURN
                | iflag::SIDE_EFFECTS
                | iflag::BARRIER;
            if f & bad != 0 || (f & iflag::MAY_LOAD != 0 && f & iflag::REMAT == 0) {
                return false;
            }
        } else if !ok_generic {
            return false;
        }
        let idx = self.indexes.index(i);
        let mut any_def = false;
        for o in mf.operands(i) {
            if !o.is_def() {
                continue;
            }
            any_def = true;
            match o.reg().as_virt() {
                Some(v) => {
                    let lr = self.lis.vreg(v);
                    if lr
                        .segment_at(idx.reg())
                        .or_else(|| lr.segment_at(idx.early_clobber()))
                        .is_some_and(|s| s.end > idx.dead())
                    {
                        return false;
                    }
                }
                None => {
                    if !o.has(flag::DEAD) {
                        return false;
                    }
                }
            }
        }
        any_def
    }

    /// Deletes the instructions of `work` (and, transitively, the defs of
    /// what they read) whose defs are all dead and that have no other
    /// effect; shrinks the intervals involved. Returns how many were
    /// deleted; `deleted` receives them.
    pub fn eliminate_dead_defs(
        &mut self,
        mf: &MachFunction,
        t: &dyn TargetInfo,
        work: &mut Vec<MInst>,
        deleted: &mut Vec<MInst>,
    ) -> usize {
        let mut n = 0;
        while let Some(i) = work.pop() {
            if !self.indexes.is_numbered(i) || !self.is_deletable(mf, t, i) {
                continue;
            }
            self.dead_scratch.clear();
            for o in mf.operands(i) {
                if let Some(v) = o.reg().as_virt() {
                    if !self.dead_scratch.contains(&v) {
                        self.dead_scratch.push(v);
                    }
                }
            }
            self.delete(mf, i);
            deleted.push(i);
            n += 1;
            let touched = std::mem::take(&mut self.dead_scratch);
            for &v in &touched {
                self.recompute(mf, v);
                // Defs of `v` that became dead are candidates too.
                for (d, pos) in self.uses.iter(v) {
                    let o = mf.operands(d)[pos - mf.operand_range(d).start];
                    if o.is_def() && !work.contains(&d) {
                        work.push(d);
                    }
                }
            }
            self.dead_scratch = touched;
        }
        n
    }

    /// Writes every block's index list into the layout (one rewrite walk);
    /// nothing happens when nothing was inserted or deleted.
    pub fn materialize(&mut self, mf: &mut MachFunction) {
        if !self.dirty {
            return;
        }
        self.indexes.flush();
        let si = &self.indexes;
        mf.rewrite(&mut self.layout_scratch, |_, b, _, out| {
            out.extend(si.block_list(b).iter().map(|&(_, i)| i));
        });
        self.dirty = false;
    }

    /// Whether insertions or deletions are pending.
    pub fn is_dirty(&self) -> bool {
        self.dirty
    }
}

/// The largest class that is a subclass of `cur` whose members (or their
/// part `sub`) all belong to `need`; `None` if there is none.
pub fn narrow_class(
    t: &dyn TargetInfo,
    cur: RegClassId,
    need: RegClassId,
    sub: Option<u8>,
) -> Option<RegClassId> {
    let fits = |c: RegClassId| {
        t.class_members(c).iter().all(|&m| {
            let p = match sub {
                Some(s) => match t.sub_reg(m, s) {
                    Some(p) => p,
                    None => return false,
                },
                None => m,
            };
            t.class_contains(need, p)
        })
    };
    if fits(cur) {
        return Some(cur);
    }
    if sub.is_none() && t.is_subclass(need, cur) {
        return Some(need);
    }
    (0..t.num_classes())
        .map(|c| RegClassId(c as u8))
        .filter(|&c| !t.allocation_order(c).is_empty() && t.is_subclass(c, cur) && fits(c))
        .max_by_key(|&c| t.class_members(c).len())
}

/// Memo of [`constrain_classes`], valid for one call (one function and
/// its target): each opcode's operand classes and the answers of
/// [`narrow_class`], which depend only on target facts. A stamp per call
/// invalidates the tables without clearing them.
#[derive(Default)]
pub struct ClassMemo {
    stamp: u32,
    /// Per opcode: (stamp, start, end) in `pool`.
    opcs: Vec<(u32, u32, u32)>,
    pool: Vec<Option<RegClassId>>,
    cons: Vec<Option<RegClassId>>,
    /// Direct-mapped: (stamp, key, class or `NO_CLASS`).
    narrow: Vec<(u32, u32, u16)>,
}

const NO_CLASS: u16 = u16::MAX;
const NARROW_SLOTS: usize = 1024;

impl ClassMemo {
    fn begin(&mut self) {
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.opcs.clear();
            self.narrow.clear();
            self.stamp = 1;
        }
        self.pool.clear();
        if self.narrow.len() < NARROW_SLOTS {
            self.narrow.resize(NARROW_SLOTS, (0, 0, 0));
        }
    }

    /// The classes of `opc`'s explicit operands (see [`operand_classes`]).
    fn operand_classes(&mut self, t: &dyn TargetInfo, opc: MOpc) -> (usize, usize) {
        let k = opc.0 as usize;
        if self.opcs.len() <= k {
            self.opcs.resize(k + 1, (0, 0, 0));
        }
        let (st, s, e) = self.opcs[k];
        if st == self.stamp {
            return (s as usize, e as usize);
        }
        let s = self.pool.len();
        let mut cons = std::mem::take(&mut self.cons);
        operand_classes(t, opc, &mut cons);
        self.pool.extend_from_slice(&cons);
        self.cons = cons;
        let e = self.pool.len();
        self.opcs[k] = (self.stamp, s as u32, e as u32);
        (s, e)
    }

    /// [`narrow_class`], memoized.
    fn narrow(
        &mut self,
        t: &dyn TargetInfo,
        cur: RegClassId,
        need: RegClassId,
        sub: Option<u8>,
    ) -> Option<RegClassId> {
        let key = cur.0 as u32 | (need.0 as u32) << 8 | sub.map_or(0, |s| s as u32 + 1) << 16;
        let slot = (key.wrapping_mul(0x9E37_79B9) >> 22) as usize % NARROW_SLOTS;
        let (st, k, c) = self.narrow[slot];
        if st == self.stamp && k == key {
            return (c != NO_CLASS).then_some(RegClassId(c as u8));
        }
        let r = narrow_class(t, cur, need, sub);
        self.narrow[slot] = (self.stamp, key, r.map_or(NO_CLASS, |c| c.0 as u16));
        r
    }
}

/// Narrows every vreg's class to what its operands demand, inserting
/// copies for the operands no common class satisfies; returns the number
/// of copies (see the module comment).
pub fn constrain_classes(
    mf: &mut MachFunction,
    t: &dyn TargetInfo,
    scratch: &mut Vec<MInst>,
    memo: &mut ClassMemo,
) -> u32 {
    memo.begin();
    // Pass 1: narrow; remember operands that fail.
    let mut failing: Vec<(MInst, usize, RegClassId)> = Vec::new();
    for bi in 0..mf.order.len() {
        let b = mf.order[bi];
        for k in 0..mf.block_insts(b).len() {
            let i = mf.block_insts(b)[k];
            let (cs, ce) = memo.operand_classes(t, mf.opc(i));
            for k in 0..mf.operands(i).len() {
                let o = mf.operands(i)[k];
                let Some(v) = o.reg().as_virt() else { continue };
                let Some(&Some(need)) = memo.pool[cs..ce].get(k) else {
                    continue;
                };
                match memo.narrow(t, mf.vreg_class[v], need, o.subreg()) {
                    Some(c) => mf.vreg_class[v] = c,
                    None => failing.push((i, k, need)),
                }
            }
        }
    }
    if failing.is_empty() {
        return 0;
    }
    // Pass 2: copies through a vreg of the needed class, before a use,
    // after a def (tied operands keep the vreg: the pair must agree).
    let mut before: Vec<(MInst, MInst)> = Vec::new();
    let mut after: Vec<(MInst, MInst)> = Vec::new();
    let mut n = 0;
    for &(i, k, need) in &failing {
        let o = mf.operands(i)[k];
        let Some(v) = o.reg().as_virt() else { continue };
        if o.tied_to().is_some() || o.has(flag::TIED) {
            continue;
        }
        let is_tied_def = mf
            .operands(i)
            .iter()
            .any(|u| u.tied_to() == Some(k) && u.is_use());
        if is_tied_def || narrow_class(t, mf.vreg_class[v], need, o.subreg()).is_some() {
            continue;
        }
        let w = mf.new_vreg(need);
        if o.is_def() {
            if o.subreg().is_some() {
                continue;
            }
            mf.operands_mut(i)[k].set_reg(Reg::virt(w));
            let c = mf.create(MOpc::COPY, &[Operand::reg_def(v), Operand::reg_use(w)]);
            after.push((i, c));
        } else {
            let mut src = Operand::reg_use(v);
            src.set_subreg(o.subreg());
            let c = mf.create(MOpc::COPY, &[Operand::reg_def(w), src]);
            let op = &mut mf.operands_mut(i)[k];
            op.set_reg(Reg::virt(w));
            op.set_subreg(None);
            op.set(flag::KILL, false);
            before.push((i, c));
        }
        n += 1;
    }
    before.sort_by_key(|p| p.0);
    after.sort_by_key(|p| p.0);
    mf.rewrite(scratch, |_, _, old, out| {
        for &i in old {
            let s = before.partition_point(|p| p.0 < i);
            out.extend(before[s..].iter().take_while(|p| p.0 == i).map(|p| p.1));
            out.push(i);
            let s = after.partition_point(|p| p.0 < i);
            out.extend(after[s..].iter().take_while(|p| p.0 == i).map(|p| p.1));
        }
    });
    n
}

/// The class each explicit operand of `opc` demands (`None`: no class).
fn operand_classes(t: &dyn TargetInfo, opc: MOpc, out: &mut Vec<Option<RegClassId>>) {
    out.clear();
    for_each_explicit(t, opc, |c| {
        out.push(match c {
            OpConstraint::Def(c) | OpConstraint::Use(c) | OpConstraint::TiedUse(c, _) => Some(c),
            OpConstraint::Mem(MemPart::Base) => t.mem_base_class(),
            OpConstraint::Mem(MemPart::Index) => t.mem_index_class(),
            _ => None,
        })
    });
}
