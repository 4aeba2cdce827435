//! Per-virtual-register use lists (LLVM's `MachineRegisterInfo` register
//! operand lists): for every vreg, every operand that names it, as an
//! intrusive doubly linked list threaded through operand-pool positions
//! (`MachFunction::operand_range`, stable for the life of an instruction).
//!
//! The edit layer keeps the lists in step with every insertion, deletion
//! and operand rename, so spilling, splitting and coalescing visit a
//! vreg's occurrences without scanning the function.
//!
//! Invariants: every operand position of a registered instruction records
//! its owner; a position is linked iff its instruction is registered and
//! the operand is a virtual register; the list of `v`
//! holds exactly the registered operands naming `v` (in no particular
//! order). Storage is reused from function to function.
//!
//! Every vreg whose list changes (an operand linked or unlinked) is
//! recorded once in the *changed* set until [`UseLists::take_changed`]:
//! the vregs an editing pass (the coalescer) touched, whose intervals
//! [`super::Liveness::canonicalize`] recomputes.

use rcc_ir::entity::EntityId;
use rcc_mach::{MInst, MachFunction, Reg, VReg};

const NONE: u32 = u32::MAX;

/// The lists (see the module comment).
#[derive(Default, Debug)]
pub struct UseLists {
    head: Vec<u32>,
    next: Vec<u32>,
    prev: Vec<u32>,
    owner: Vec<u32>,
    changed: Vec<u32>,
    changed_flag: Vec<bool>,
}

impl UseLists {
    /// Empties the lists for a function with `num_vregs` vregs.
    pub fn clear(&mut self, num_vregs: usize, pool_len: usize) {
        self.head.clear();
        self.head.resize(num_vregs, NONE);
        self.next.clear();
        self.next.resize(pool_len, NONE);
        self.prev.clear();
        self.prev.resize(pool_len, NONE);
        self.owner.clear();
        self.owner.resize(pool_len, NONE);
        self.reset_changed();
    }

    /// Empties the changed set.
    pub fn reset_changed(&mut self) {
        for &v in &self.changed {
            self.changed_flag[v as usize] = false;
        }
        self.changed.clear();
    }

    /// Moves the changed set (in first-change order) into `out` and
    /// empties it.
    pub fn take_changed(&mut self, out: &mut Vec<VReg>) {
        out.clear();
        out.extend(self.changed.iter().map(|&v| VReg::from_u32(v)));
        self.reset_changed();
    }

    fn mark(&mut self, v: VReg) {
        if self.changed_flag.len() <= v.index() {
            self.changed_flag.resize(v.index() + 1, false);
        }
        if !self.changed_flag[v.index()] {
            self.changed_flag[v.index()] = true;
            self.changed.push(v.as_u32());
        }
    }

    /// Registers every vreg operand of `i`.
    pub fn add_inst(&mut self, mf: &MachFunction, i: MInst) {
        let r = mf.operand_range(i);
        if self.next.len() < r.end {
            self.next.resize(r.end, NONE);
            self.prev.resize(r.end, NONE);
            self.owner.resize(r.end, NONE);
        }
        if self.head.len() < mf.num_vregs() {
            self.head.resize(mf.num_vregs(), NONE);
        }
        for (k, o) in mf.operands(i).iter().enumerate() {
            self.owner[r.start + k] = i.as_u32();
            if let Some(v) = o.reg().as_virt() {
                self.link(v, r.start + k);
            }
        }
    }

    /// Unregisters every vreg operand of `i`.
    pub fn remove_inst(&mut self, mf: &MachFunction, i: MInst) {
        let r = mf.operand_range(i);
        if self.owner.get(r.start).is_none_or(|&x| x != i.as_u32()) {
            return;
        }
        for (k, o) in mf.operands(i).iter().enumerate() {
            if let Some(v) = o.reg().as_virt() {
                self.unlink(v, r.start + k);
            }
            self.owner[r.start + k] = NONE;
        }
    }

    /// Whether `i` is registered.
    pub fn is_registered(&self, mf: &MachFunction, i: MInst) -> bool {
        let r = mf.operand_range(i);
        r.is_empty() || self.owner.get(r.start).is_some_and(|&x| x == i.as_u32())
    }

    /// Makes operand `k` of `i` name `r`, keeping the lists in step.
    pub fn set_reg(&mut self, mf: &mut MachFunction, i: MInst, k: usize, r: Reg) {
        let pos = mf.operand_range(i).start + k;
        let o = mf.operands(i)[k];
        let registered = self.owner.get(pos).is_some_and(|&x| x == i.as_u32());
        if let (true, Some(v)) = (registered, o.reg().as_virt()) {
            self.unlink(v, pos);
        }
        mf.operands_mut(i)[k].set_reg(r);
        if let (true, Some(v)) = (registered, r.as_virt()) {
            self.link(v, pos);
        }
    }

    fn link(&mut self, v: VReg, pos: usize) {
        self.mark(v);
        if self.head.len() <= v.index() {
            self.head.resize(v.index() + 1, NONE);
        }
        let h = self.head[v.index()];
        self.next[pos] = h;
        self.prev[pos] = NONE;
        if h != NONE {
            self.prev[h as usize] = pos as u32;
        }
        self.head[v.index()] = pos as u32;
    }

    fn unlink(&mut self, v: VReg, pos: usize) {
        self.mark(v);
        let (p, n) = (self.prev[pos], self.next[pos]);
        if p == NONE {
            if self.head[v.index()] == pos as u32 {
                self.head[v.index()] = n;
            }
        } else {
            self.next[p as usize] = n;
        }
        if n != NONE {
            self.prev[n as usize] = p;
        }
        self.next[pos] = NONE;
        self.prev[pos] = NONE;
    }

    /// Reorders the list of `v` as registering every instruction in
    /// layout order gives (reverse layout order, an instruction's operands
    /// last first): `key` gives an instruction's place in the layout;
    /// `scratch` is reused.
    pub fn sort_list(
        &mut self,
        v: VReg,
        key: impl Fn(MInst) -> u32,
        scratch: &mut Vec<(u32, u32)>,
    ) {
        scratch.clear();
        let mut at = self.head.get(v.index()).copied().unwrap_or(NONE);
        while at != NONE {
            scratch.push((key(MInst::from_u32(self.owner[at as usize])), at));
            at = self.next[at as usize];
        }
        if scratch.windows(2).all(|w| w[0] > w[1]) {
            return;
        }
        scratch.sort_unstable_by(|a, b| b.cmp(a));
        let mut prev = NONE;
        for &(_, pos) in scratch.iter() {
            self.prev[pos as usize] = prev;
            if prev == NONE {
                self.head[v.index()] = pos;
            } else {
                self.next[prev as usize] = pos;
            }
            prev = pos;
        }
        self.next[prev as usize] = NONE;
    }

    /// The operands naming `v`: `(instruction, pool position)`; the operand
    /// index is `pos - mf.operand_range(inst).start`.
    pub fn iter(&self, v: VReg) -> UseIter<'_> {
        UseIter {
            l: self,
            at: self.head.get(v.index()).copied().unwrap_or(NONE),
        }
    }

    /// Whether `v` occurs anywhere.
    pub fn is_empty(&self, v: VReg) -> bool {
        self.head.get(v.index()).is_none_or(|&h| h == NONE)
    }
}

/// Iterator of [`UseLists::iter`].
pub struct UseIter<'a> {
    l: &'a UseLists,
    at: u32,
}

impl Iterator for UseIter<'_> {
    type Item = (MInst, usize);
    fn next(&mut self) -> Option<(MInst, usize)> {
        if self.at == NONE {
            return None;
        }
        let pos = self.at as usize;
        self.at = self.l.next[pos];
        Some((MInst::from_u32(self.l.owner[pos]), pos))
    }
}
