//! The virtual register map (LLVM's `VirtRegMap`): the allocation beside
//! the function while an interval allocator runs. Per vreg: the physical
//! register it is assigned (set and cleared through the register matrix,
//! `liveness::LiveRegMatrix`), the stack slot of a spilled vreg, and the
//! *original* vreg a vreg made by splitting or spilling stands for (the
//! checker labels values with originals; spill slots are per original).
//!
//! Invariants: `original(v)` is a vreg of the input function (originals of
//! originals are resolved when recorded); a vreg has a register or a slot
//! or neither (not yet allocated, or no occurrences left), never both
//! after allocation. Storage is reused from function to function.

use rcc_ir::entity::{EntityId, PackedOption};
use rcc_mach::{FrameIdx, MInst, PReg, VReg};

/// A spill slot folded into an instruction by the spiller: the
/// instruction reads and/or writes `original`'s value in `slot` directly
/// (the checker follows the value through it).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Fold {
    pub inst: MInst,
    pub slot: FrameIdx,
    pub original: VReg,
    pub reads: bool,
    pub writes: bool,
}

/// The map (see the module comment).
#[derive(Default, Debug)]
pub struct VirtRegMap {
    phys: Vec<PReg>,
    slot: Vec<PackedOption<FrameIdx>>,
    original: Vec<PackedOption<VReg>>,
    /// Folded spill-slot accesses, sorted by instruction once allocation
    /// is done ([`VirtRegMap::sort_folds`]).
    folds: Vec<Fold>,
}

impl VirtRegMap {
    /// Empties the map for a function with `n` vregs.
    pub fn clear(&mut self, n: usize) {
        self.phys.clear();
        self.phys.resize(n, rcc_mc::Reg(0));
        self.slot.clear();
        self.slot.resize(n, PackedOption::default());
        self.original.clear();
        self.original.resize(n, PackedOption::default());
        self.folds.clear();
    }

    /// Records a folded slot access.
    pub fn add_fold(&mut self, f: Fold) {
        self.folds.push(f);
    }

    /// Sorts the folds by instruction (before [`VirtRegMap::fold_of`]).
    pub fn sort_folds(&mut self) {
        self.folds.sort_unstable_by_key(|f| f.inst);
    }

    /// The fold recorded for `i` (after [`VirtRegMap::sort_folds`]).
    pub fn fold_of(&self, i: MInst) -> Option<&Fold> {
        let k = self.folds.partition_point(|f| f.inst < i);
        self.folds.get(k).filter(|f| f.inst == i)
    }

    /// Makes room for `n` vregs.
    pub fn grow(&mut self, n: usize) {
        if self.phys.len() < n {
            self.phys.resize(n, rcc_mc::Reg(0));
            self.slot.resize(n, PackedOption::default());
            self.original.resize(n, PackedOption::default());
        }
    }

    /// The number of vregs with entries.
    pub fn len(&self) -> usize {
        self.phys.len()
    }

    pub fn is_empty(&self) -> bool {
        self.phys.is_empty()
    }

    /// The register assigned to `v`, if any.
    #[inline]
    pub fn phys(&self, v: VReg) -> Option<PReg> {
        self.phys.get(v.index()).copied().filter(|p| p.0 != 0)
    }

    /// Records `v` in `p` (the matrix calls this; use
    /// `LiveRegMatrix::assign`).
    pub fn set_phys(&mut self, v: VReg, p: Option<PReg>) {
        self.grow(v.index() + 1);
        self.phys[v.index()] = p.unwrap_or(rcc_mc::Reg(0));
    }

    /// The stack slot of a spilled vreg.
    pub fn slot(&self, v: VReg) -> Option<FrameIdx> {
        self.slot.get(v.index()).and_then(|s| s.expand())
    }

    pub fn set_slot(&mut self, v: VReg, s: FrameIdx) {
        self.grow(v.index() + 1);
        self.slot[v.index()] = PackedOption::some(s);
    }

    /// The vreg of the input function that `v` stands for (itself unless
    /// made by splitting or spilling).
    pub fn original(&self, v: VReg) -> VReg {
        self.original
            .get(v.index())
            .and_then(|o| o.expand())
            .unwrap_or(v)
    }

    /// Records that `new` stands for `of` (or for `of`'s original).
    pub fn set_original(&mut self, new: VReg, of: VReg) {
        let o = self.original(of);
        self.grow(new.index() + 1);
        self.original[new.index()] = PackedOption::some(o);
    }
}
