//! The inline spiller (LLVM's `InlineSpiller`, in its simple form): spills
//! a vreg the allocator could not place by giving every instruction that
//! touches it a tiny interval of its own.
//!
//! For a spilled vreg `v` (original `o`, see [`crate::vrm::VirtRegMap`]):
//! - `o` owns one spill slot (a `FrameKind::Spill` object sized and aligned
//!   by the class's spill size), shared by every piece of `o`;
//! - each instruction reading `v` gets a new vreg `n` loaded right before
//!   it (`TargetInfo::load_from_slot`) or, when `v`'s one def is
//!   rematerializable ([`crate::weights::remat_def`]), a copy of that def
//!   recomputing the value (the original def is then deleted);
//! - each instruction writing `v` writes `n` instead, stored right after it
//!   (`TargetInfo::store_to_slot`; nothing for `IMPLICIT_DEF`);
//! - `v`'s operands are renamed to `n`; `n` gets its interval (around one
//!   instruction) and an infinite weight: it must not be spilled again.
//!
//! - when the target can fold the slot into the instruction
//!   (`TargetInfo::fold_memory_operand`: `v` is one explicit operand or a
//!   tied pair), the folded instruction replaces it at the same slot index
//!   and no new vreg is needed.
//!
//! Redundant and hoisted stores ([`Spiller::finish`], LLVM's
//! `HoistSpillHelper` in a simple form): every piece of an original shares
//! its slot, so when the original has a single value (one def, no PHI
//! value) every store to the slot writes that same value.
//! - A store that another store of the slot dominates (earlier in its
//!   block, or in a dominating block) finds the value already there: it is
//!   deleted. Pieces defined by copies from one another (split products)
//!   are what makes such repeated stores.
//! - When the stores left are in blocks that together run more than 90%
//!   as often as the def's block (LLVM's margin), they are replaced by one
//!   store right after the def, of the piece the def defines, when that
//!   piece is live there (so the store lies inside its interval and the
//!   assignment stays valid). The def dominates every store.
//!
//! Everything goes through the edit layer ([`Liveness`]); the function
//! stays in virtual-register form (`store_to_slot`/`load_from_slot` take
//! the new vreg).
//!
//! Invariant: after `spill(v)`, `v` has no occurrence left and an empty
//! interval; every new vreg is returned for the allocator's queue.

use crate::liveness::freq::BlockFreqs;
use crate::liveness::Liveness;
use crate::output::AllocError;
use crate::weights::remat_def;
use rcc_ir::entity::EntityId;
use rcc_mach::cfg::MCfg;
use rcc_mach::remat::rematerialize;
use rcc_mach::{
    flag, iflag, FrameIdx, FrameKind, MBlock, MInst, MOpc, MachFunction, Reg, RegClassId,
    TargetInfo, VReg,
};

/// No single def (see `Spiller::single_def`).
const NO_DEF: u32 = u32::MAX;

/// Counts for `-stats`.
#[derive(Copy, Clone, Default, Debug, PartialEq, Eq)]
pub struct SpillStats {
    /// Stores inserted.
    pub spills: u32,
    /// Reloads inserted.
    pub reloads: u32,
    /// Defs recomputed instead of reloads.
    pub remats: u32,
    /// Reloads folded into their user (with the target's fold hook).
    pub folds: u32,
    /// Spill slots created.
    pub slots: u32,
    /// Stores deleted as redundant ([`Spiller::finish`]); not counted
    /// in `spills`.
    pub redundant: u32,
}

/// A store of a spilled value to its original's slot.
#[derive(Copy, Clone, Debug)]
struct SpillStore {
    slot: FrameIdx,
    inst: MInst,
    /// The vreg stored.
    src: VReg,
    /// The original whose value is stored.
    original: VReg,
}

/// Reused buffers of the spiller.
#[derive(Default)]
pub struct Spiller {
    insts: Vec<MInst>,
    pub stats: SpillStats,
    /// Per vreg present at [`Spiller::begin`]: the instruction defining
    /// its one value, or `NO_DEF` (several values, a PHI value, none).
    single_def: Vec<u32>,
    /// The stores the spiller inserted since `begin`.
    stores: Vec<SpillStore>,
}

impl Spiller {
    /// Starts an allocation of `mf`: resets the counts and notes the def
    /// of each vreg that has a single value (before any is split).
    pub fn begin(&mut self, mf: &MachFunction, st: &Liveness) {
        self.stats = SpillStats::default();
        self.stores.clear();
        self.single_def.clear();
        self.single_def.extend((0..mf.num_vregs()).map(|v| {
            let mut vals = st
                .lis
                .vreg(VReg::from_u32(v as u32))
                .valnos()
                .iter()
                .filter(|n| n.def.is_valid());
            match (vals.next(), vals.next()) {
                (Some(n), None) if !n.is_phi => st.indexes.inst_at(n.def),
                _ => None,
            }
            .map_or(NO_DEF, |i| i.as_u32())
        }));
    }

    /// Ends an allocation: deletes the redundant stores and hoists the
    /// stores of a value to its def when cheaper (see the module comment),
    /// shrinking the intervals of the vregs no longer stored.
    pub fn finish(
        &mut self,
        mf: &mut MachFunction,
        t: &dyn TargetInfo,
        st: &mut Liveness,
        freqs: &BlockFreqs,
    ) -> Result<(), AllocError> {
        if self.stores.len() < 2 {
            self.stores.clear();
            return Ok(());
        }
        // Stores of single-valued originals only, grouped by slot.
        self.stores.sort_unstable_by_key(|x| (x.slot, x.inst));
        let stores = std::mem::take(&mut self.stores);
        let mut cfg: Option<MCfg> = None;
        let mut group: Vec<(u32, u32, MBlock, SpillStore)> = Vec::new();
        let mut kept: Vec<(MBlock, u32, SpillStore)> = Vec::new();
        let mut k = 0;
        while k < stores.len() {
            let slot = stores[k].slot;
            let mut e = k;
            while e < stores.len() && stores[e].slot == slot {
                e += 1;
            }
            let (lo, hi) = (k, e);
            k = e;
            if hi - lo < 2 {
                continue;
            }
            let orig = stores[lo].original;
            let def = match self.single_def.get(orig.index()) {
                Some(&d) if d != NO_DEF => MInst::from_u32(d),
                _ => continue,
            };
            let cfg = cfg.get_or_insert_with(|| MCfg::compute(mf));
            group.clear();
            for &x in &stores[lo..hi] {
                let idx = st.indexes.index(x.inst);
                let Some(b) = st.indexes.inst_block(x.inst) else {
                    continue;
                };
                if !idx.is_valid() || !cfg.is_reachable(b) {
                    continue;
                }
                group.push((cfg.rpo_position(b), idx.0, b, x));
            }
            // Dominators come first in reverse post-order.
            group.sort_unstable_by_key(|g| (g.0, g.1));
            kept.clear();
            for &(_, idx, b, x) in &group {
                let covered = kept.iter().any(|&(kb, ki, _)| {
                    if kb == b {
                        ki < idx
                    } else {
                        cfg.dominates(kb, b)
                    }
                });
                if covered {
                    self.delete_store(mf, st, x);
                } else {
                    kept.push((b, idx, x));
                }
            }
            if kept.len() < 2 {
                continue;
            }
            // One store after the def, where the value is in a register
            // (a piece defined there lives past it), when its block is
            // executed less often than the stores' blocks together.
            let Some((w, class)) = self.hoist_point(mf, t, st, def, orig) else {
                continue;
            };
            let Some(db) = st.indexes.inst_block(def) else {
                continue;
            };
            // LLVM's margin: hoist unless the stores run less than 90% as
            // often as the def (one store is also smaller code).
            let now: f32 = kept.iter().map(|&(b, _, _)| freqs.freq(b)).sum();
            if now <= 0.9 * freqs.freq(db) {
                continue;
            }
            let store = t
                .store_to_slot(mf, Reg::virt(w), class, slot)
                .ok_or(AllocError::CannotMove { class })?;
            st.insert_after(mf, def, store);
            self.stats.spills += 1;
            for &(_, _, x) in &kept {
                self.delete_store(mf, st, x);
            }
            st.recompute(mf, w);
        }
        self.stores = stores;
        self.stores.clear();
        Ok(())
    }

    /// The piece `w` of `orig` that `def` defines and that is live right
    /// after it, with its class: a store of `w` placed after `def` lies
    /// inside `w`'s interval. `None` when `def` is gone, is a terminator,
    /// or defines no such piece.
    fn hoist_point(
        &self,
        mf: &MachFunction,
        t: &dyn TargetInfo,
        st: &Liveness,
        def: MInst,
        orig: VReg,
    ) -> Option<(VReg, RegClassId)> {
        let idx = st.indexes.index(def);
        if !idx.is_valid() {
            return None;
        }
        if let Some(op) = mf.opc(def).as_target() {
            if t.inst_flags(op) & (iflag::TERMINATOR | iflag::BRANCH) != 0 {
                return None;
            }
        }
        mf.operands(def).iter().find_map(|o| {
            let w = o.reg().as_virt()?;
            if !o.is_def() || o.subreg().is_some() || st.vrm.original(w) != orig {
                return None;
            }
            let seg = st.lis.vreg(w).segment_at(idx.reg())?;
            (seg.end > idx.dead()).then(|| (w, mf.class_of(w)))
        })
    }

    /// Deletes spill store `x` and shrinks the interval of what it stored.
    fn delete_store(&mut self, mf: &mut MachFunction, st: &mut Liveness, x: SpillStore) {
        st.delete(mf, x.inst);
        st.recompute(mf, x.src);
        self.stats.spills -= 1;
        self.stats.redundant += 1;
    }

    /// The spill slot of `v`'s original, made on first use.
    fn slot(
        &mut self,
        mf: &mut MachFunction,
        t: &dyn TargetInfo,
        st: &mut Liveness,
        v: VReg,
    ) -> FrameIdx {
        let o = st.vrm.original(v);
        if let Some(s) = st.vrm.slot(o) {
            return s;
        }
        let size = t.class_spill_size(mf.class_of(v)).max(1);
        let s = mf
            .frame
            .create(size as u64, size.next_power_of_two(), FrameKind::Spill);
        st.vrm.set_slot(o, s);
        self.stats.slots += 1;
        s
    }

    /// Spills `v` (see the module comment); the new vregs are appended to
    /// `new_vregs`.
    pub fn spill(
        &mut self,
        mf: &mut MachFunction,
        t: &dyn TargetInfo,
        st: &mut Liveness,
        v: VReg,
        new_vregs: &mut Vec<VReg>,
    ) -> Result<(), AllocError> {
        let class = mf.class_of(v);
        let remat = remat_def(st, mf, t, v);
        let slot = match remat {
            Some(_) => None,
            None => Some(self.slot(mf, t, st, v)),
        };
        self.insts.clear();
        self.insts.extend(st.uses.iter(v).map(|(i, _)| i));
        self.insts.sort_unstable();
        self.insts.dedup();
        for k in 0..self.insts.len() {
            let i = self.insts[k];
            if Some(i) == remat {
                continue;
            }
            let (mut reads, mut writes) = (false, false);
            let mut at: Vec<usize> = Vec::new();
            for (kk, o) in mf.operands(i).iter().enumerate() {
                if o.reg().as_virt() == Some(v) {
                    reads |= crate::liveness::intervals::reads(*o);
                    writes |= o.is_def();
                    at.push(kk);
                }
            }
            // Fold the slot into the instruction when the target can.
            if let Some(s) = slot.filter(|_| mf.opc(i).as_target().is_some()) {
                if let Some(f) = fold_target(mf, i, &at) {
                    if let Some(new) = t.fold_memory_operand(mf, i, f, s) {
                        st.replace(mf, i, new);
                        let original = st.vrm.original(v);
                        st.vrm.add_fold(crate::vrm::Fold {
                            inst: new,
                            slot: s,
                            original,
                            reads,
                            writes,
                        });
                        self.stats.folds += 1;
                        continue;
                    }
                }
            }
            let n = st.new_vreg_like(mf, v);
            if reads {
                let load = match remat {
                    Some(d) => {
                        self.stats.remats += 1;
                        rematerialize(mf, d, Reg::virt(n))
                    }
                    None => {
                        let s = slot.expect("slot without remat");
                        self.stats.reloads += 1;
                        t.load_from_slot(mf, Reg::virt(n), class, s)
                            .ok_or(AllocError::CannotMove { class })?
                    }
                };
                st.insert_before(mf, i, load);
            }
            for &kk in &at {
                st.set_operand_reg(mf, i, kk, Reg::virt(n));
                mf.operands_mut(i)[kk].set(flag::KILL, false);
            }
            if writes && mf.opc(i) != MOpc::IMPLICIT_DEF {
                let s = slot.expect("a rematerializable vreg has one def");
                let f = mf.opc(i).as_target().map_or(0, |op| t.inst_flags(op));
                if f & iflag::TERMINATOR != 0 {
                    return Err(AllocError::Unsupported {
                        pos: 0,
                        what: "a terminator defines a value that must be spilled",
                    });
                }
                let store = t
                    .store_to_slot(mf, Reg::virt(n), class, s)
                    .ok_or(AllocError::CannotMove { class })?;
                st.insert_after(mf, i, store);
                self.stores.push(SpillStore {
                    slot: s,
                    inst: store,
                    src: n,
                    original: st.vrm.original(v),
                });
                self.stats.spills += 1;
            }
            st.recompute(mf, n);
            st.lis.weights[n.as_u32() as usize] = f32::INFINITY;
            new_vregs.push(n);
        }
        if let Some(d) = remat {
            st.delete(mf, d);
        }
        st.recompute(mf, v);
        Ok(())
    }
}

/// The operand to fold when `v` occurs at operand positions `at` of `i`:
/// one explicit operand, or a tied def/use pair (the def's index).
fn fold_target(mf: &MachFunction, i: MInst, at: &[usize]) -> Option<usize> {
    let ops = mf.operands(i);
    match at {
        [k] => Some(*k),
        [a, b] => {
            let (x, y) = (ops[*a], ops[*b]);
            if x.is_def() && y.tied_to() == Some(*a) {
                Some(*a)
            } else if y.is_def() && x.tied_to() == Some(*b) {
                Some(*b)
            } else {
                None
            }
        }
        _ => None,
    }
}
