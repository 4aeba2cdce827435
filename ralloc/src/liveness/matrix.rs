//! The register matrix (LLVM's `LiveRegMatrix`): one
//! [`LiveIntervalUnion`] per register unit, holding the intervals of the
//! vregs assigned so far, and the interference query an allocator asks
//! before assigning a vreg to a physical register.
//!
//! [`LiveRegMatrix::check_interference`] answers, in LLVM's order: a call
//! inside the interval clobbers the register ([`Interference::RegMask`]);
//! the program's own use of an overlapping physical register
//! ([`Interference::Fixed`]); an assigned vreg ([`Interference::Virt`],
//! listed by [`LiveRegMatrix::collect_interfering`]); or
//! [`Interference::Free`].
//!
//! Invariants: a vreg is in the unions of exactly the units of its assigned
//! register (recorded in the [`VirtRegMap`]) with its interval as it was
//! when assigned; an interval must not change while assigned (unassign,
//! edit, assign again). After renumbering, [`LiveRegMatrix::rebuild`]
//! re-inserts every assigned interval.
//!
//! Every assignment and unassignment since the unions were last emptied
//! ([`LiveRegMatrix::clear`], [`LiveRegMatrix::rebuild`], which set a new
//! [`LiveRegMatrix::reset_tag`]) is logged as the runs that entered or left
//! the unions ([`LiveRegMatrix::changes`]), so a cache of per-block
//! interference can update the blocks a change touches instead of
//! forgetting a register's every block.

use super::intervals::LiveIntervals;
use super::slot::SlotIndex;
use super::union::{runs, LiveIntervalUnion};
use super::units::RegUnits;
use crate::vrm::VirtRegMap;
use rcc_ir::entity::EntityId;
use rcc_mach::{PReg, TargetInfo, VReg};

/// What keeps a vreg out of a register.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Interference {
    Free,
    /// A call inside the interval clobbers the register.
    RegMask,
    /// The program uses an overlapping physical register meanwhile.
    Fixed,
    /// An assigned vreg overlaps.
    Virt,
}

/// One logged union change: the run `[start, end)` of a vreg entered
/// (`add`) or left the unions of `reg`'s units.
#[derive(Copy, Clone, Debug)]
pub struct UnionChange {
    pub reg: PReg,
    pub start: SlotIndex,
    pub end: SlotIndex,
    pub add: bool,
}

/// The matrix (see the module comment).
#[derive(Default)]
pub struct LiveRegMatrix {
    unions: Vec<LiveIntervalUnion>,
    /// Assignments made through the matrix (for counters).
    pub assignments: u64,
    /// Per unit: the value of `clock` when its union last changed (LLVM's
    /// union tags), so caches of interference can tell they are stale.
    changed: Vec<u64>,
    /// Counts union changes; never reset, so tags are never reused.
    clock: u64,
    /// The value of `clock` when the unions were last emptied.
    reset: u64,
    /// The changes since then, in order.
    log: Vec<UnionChange>,
}

impl LiveRegMatrix {
    /// Empties every union for a target with `units` units.
    pub fn clear(&mut self, units: &RegUnits) {
        for u in &mut self.unions {
            u.clear();
        }
        if self.unions.len() < units.num_units() {
            self.unions
                .resize_with(units.num_units(), LiveIntervalUnion::default);
        }
        self.assignments = 0;
        self.touch_all();
    }

    /// Marks every union changed.
    fn touch_all(&mut self) {
        self.clock += 1;
        self.reset = self.clock;
        self.log.clear();
        self.changed.clear();
        self.changed.resize(self.unions.len(), self.clock);
    }

    fn touch(&mut self, u: u16) {
        self.clock += 1;
        self.changed[u as usize] = self.clock;
    }

    /// The latest change tag of the unions of `p`'s units: equal to an
    /// earlier answer exactly when none of them changed since.
    pub fn change_tag(&self, units: &RegUnits, p: PReg) -> u64 {
        units
            .units(p)
            .iter()
            .map(|&u| self.changed[u as usize])
            .max()
            .unwrap_or(0)
    }

    /// Counts every union change so far: equal to an earlier answer
    /// exactly when no union changed since (nor was the matrix cleared).
    pub fn clock(&self) -> u64 {
        self.clock
    }

    /// Changes whenever the unions are emptied (and refilled): the log
    /// of [`LiveRegMatrix::changes`] starts afresh then.
    pub fn reset_tag(&self) -> u64 {
        self.reset
    }

    /// The union changes since the last reset, in order.
    pub fn changes(&self) -> &[UnionChange] {
        &self.log
    }

    fn log_runs(&mut self, lr: &super::range::LiveRange, reg: PReg, add: bool) {
        self.log.extend(runs(lr).map(|(start, end)| UnionChange {
            reg,
            start,
            end,
            add,
        }));
    }

    /// The union of unit `u`.
    pub fn union(&self, u: u16) -> &LiveIntervalUnion {
        &self.unions[u as usize]
    }

    /// Whether `v` interferes with `p`, and how (see the module comment).
    pub fn check_interference(
        &self,
        lis: &LiveIntervals,
        units: &RegUnits,
        t: &dyn TargetInfo,
        v: VReg,
        p: PReg,
    ) -> Interference {
        let lr = lis.vreg(v);
        if lr.is_empty() {
            return Interference::Free;
        }
        if lis.clobbered_by_call(t, lr, p) {
            return Interference::RegMask;
        }
        self.check_units(lis, units, v, p)
    }

    /// [`LiveRegMatrix::check_interference`] with the call masks of `v`'s
    /// interval computed beforehand ([`LiveIntervals::call_masks`]), for a
    /// caller querying many registers for one vreg.
    pub fn check_interference_masked(
        &self,
        lis: &LiveIntervals,
        units: &RegUnits,
        t: &dyn TargetInfo,
        v: VReg,
        p: PReg,
        masks: &[u32],
    ) -> Interference {
        if lis.vreg(v).is_empty() {
            return Interference::Free;
        }
        if masks.iter().any(|&m| !t.preserves(m, p)) {
            return Interference::RegMask;
        }
        self.check_units(lis, units, v, p)
    }

    /// The fixed and virtual part of the interference query.
    fn check_units(&self, lis: &LiveIntervals, units: &RegUnits, v: VReg, p: PReg) -> Interference {
        let lr = lis.vreg(v);
        let us = units.units(p);
        if us
            .iter()
            .any(|&u| !units.is_reserved(u) && lis.unit(u).overlaps(lr))
        {
            return Interference::Fixed;
        }
        if us.iter().any(|&u| self.unions[u as usize].overlaps(lr)) {
            return Interference::Virt;
        }
        Interference::Free
    }

    /// The assigned vregs that overlap `v` in a unit of `p` (LLVM's
    /// `collectInterferingVRegs`), appended to `out` without duplicates.
    pub fn collect_interfering(
        &self,
        lis: &LiveIntervals,
        units: &RegUnits,
        v: VReg,
        p: PReg,
        out: &mut Vec<VReg>,
    ) {
        let lr = lis.vreg(v);
        for &u in units.units(p) {
            self.unions[u as usize].collect(lr, out);
        }
    }

    /// [`LiveRegMatrix::collect_interfering`] giving up (false) once
    /// `limit` different vregs interfere (see
    /// `LiveIntervalUnion::collect_limited`).
    pub fn collect_interfering_limited(
        &self,
        lis: &LiveIntervals,
        units: &RegUnits,
        v: VReg,
        p: PReg,
        out: &mut Vec<VReg>,
        limit: usize,
    ) -> bool {
        let lr = lis.vreg(v);
        units
            .units(p)
            .iter()
            .all(|&u| self.unions[u as usize].collect_limited(lr, out, limit))
    }

    /// Assigns `v` to `p`: its interval goes into the unions of `p`'s
    /// units, the map records it.
    pub fn assign(
        &mut self,
        lis: &LiveIntervals,
        units: &RegUnits,
        vrm: &mut VirtRegMap,
        v: VReg,
        p: PReg,
    ) {
        debug_assert!(vrm.phys(v).is_none(), "{v:?} assigned twice");
        let lr = lis.vreg(v);
        for &u in units.units(p) {
            self.unions[u as usize].insert(lr, v);
            self.touch(u);
        }
        self.log_runs(lr, p, true);
        vrm.set_phys(v, Some(p));
        self.assignments += 1;
    }

    /// Undoes [`LiveRegMatrix::assign`].
    pub fn unassign(
        &mut self,
        lis: &LiveIntervals,
        units: &RegUnits,
        vrm: &mut VirtRegMap,
        v: VReg,
    ) {
        let Some(p) = vrm.phys(v) else { return };
        let lr = lis.vreg(v);
        for &u in units.units(p) {
            self.unions[u as usize].remove(lr, v);
            self.touch(u);
        }
        self.log_runs(lr, p, false);
        vrm.set_phys(v, None);
    }

    /// Re-inserts every assigned vreg (after the intervals were renumbered).
    pub fn rebuild(&mut self, lis: &LiveIntervals, units: &RegUnits, vrm: &VirtRegMap) {
        for u in &mut self.unions {
            u.clear();
        }
        self.touch_all();
        for k in 0..vrm.len().min(lis.num_vregs()) {
            let v = VReg::from_index(k);
            if let Some(p) = vrm.phys(v) {
                for &u in units.units(p) {
                    self.unions[u as usize].insert(lis.vreg(v), v);
                }
            }
        }
    }
}
