//! The fast allocator's register state within one block: which virtual
//! register occupies each physical register, which physical registers the
//! program itself holds live (*pinned*: argument and return copies, fixed
//! operands, entry live-ins), and per virtual register its current register,
//! whether that register is newer than its stack slot (*dirty*), and its
//! slot.
//!
//! Invariants: `occupant[p] == v` iff `loc[v] == p`; an occupied register
//! is a whole register of the occupant's class; a global vreg is never
//! dirty (every def is stored at once); no vreg occupies a register that
//! aliases a pinned one.

use super::info::reset;
use crate::output::{Edit, Loc, ProgPoint};
use rcc_ir::entity::EntityId;
use rcc_mach::{FrameIdx, FrameKind, MachFunction, PReg, RegClassId, TargetInfo, VReg};

pub const NONE: u32 = u32::MAX;

/// Register flag: the program holds the register live itself.
pub const PINNED: u8 = 1;
/// Register flag: read by the instruction being allocated (or written by
/// one of its early-clobber physical defs): no other use may take it.
pub const USE_CLAIMED: u8 = 2;
/// Register flag: taken by a def of the instruction being allocated.
pub const DEF_CLAIMED: u8 = 4;
/// Register flag: written by the instruction being allocated besides its
/// virtual-register defs.
pub const CLOBBERED: u8 = 8;

/// Entries of the candidate-set lookup cache.
const CAND_CACHE: usize = 256;

/// Register state (see the module comment). The vectors keep their
/// capacity from function to function ([`super::FastScratch`]).
#[derive(Default)]
pub struct RegState {
    pub occupant: Vec<u32>,
    /// The registers with an occupant, in no particular order (a sparse
    /// set: `occupied[occupied_at[p]] == p` for each of them).
    pub occupied: Vec<u16>,
    occupied_at: Vec<u32>,
    /// Per register, [`PINNED`], [`USE_CLAIMED`], [`DEF_CLAIMED`] and
    /// [`CLOBBERED`] (one byte, read at once by [`RegState::is_free`]).
    pub flags: Vec<u8>,
    /// Registers never allocated (target-reserved plus the options').
    pub reserved: Vec<bool>,
    /// Per register: it or a register overlapping it is reserved.
    alias_reserved: Vec<bool>,
    /// What `reserved` was computed for: the target's register count and
    /// the options' frame and base pointers.
    reserved_for: Option<(usize, Option<PReg>, Option<PReg>)>,
    /// Per wanted (class, constraint, sub-register) seen since `reserved`
    /// last changed, a range of `cand_pool`: the registers of the class's
    /// allocation order that [`RegState::fits`] accepts.
    cands: Vec<(u32, u32, u32)>,
    cand_pool: Vec<PReg>,
    /// Per entry of `cands`, `words` words: the registers (all of them,
    /// not only the allocation order's) [`RegState::fits`] accepts.
    cand_fits: Vec<u64>,
    words: usize,
    /// A direct-mapped cache of `cands` lookups: `(key, entry + 1)`.
    cand_cache: Vec<(u32, u32)>,
    /// Per register, the target's alias list (read without a dynamic
    /// call in the hot loops).
    alias: Vec<&'static [u16]>,
    /// The target's own reserved registers (computed once per scratch; a
    /// scratch serves one target).
    pub target_reserved: Vec<bool>,
    /// The register mask `mask_regs` and `mask_clobbered` are for
    /// (`NONE`: none yet since `reserved` last changed).
    mask_for: u32,
    /// The registers a call with that mask clobbers (not preserved, not
    /// reserved), in register order.
    pub mask_regs: Vec<u16>,
    /// The same as flags; the instruction being allocated clobbers them
    /// when `mask_on` (a call: one flag, not a mark per register).
    mask_clobbered: Vec<bool>,
    pub mask_on: bool,
    pub loc: Vec<PReg>,
    pub dirty: Vec<bool>,
    pub slot: Vec<u32>,
    /// Registers written so far.
    pub written: Vec<bool>,
}

/// What a register is wanted for, which decides what blocks it.
#[derive(Copy, Clone, PartialEq, Eq)]
pub enum Purpose {
    /// A read: not a register another operand reads, nor one an
    /// early-clobber def writes.
    Use,
    /// A def: not a register the instruction writes otherwise; registers
    /// whose values die here may be reused.
    Def,
    /// An early-clobber def: also not any register the instruction reads.
    EarlyDef,
}

/// What [`RegState::find`] looks for.
#[derive(Copy, Clone)]
pub struct Want {
    /// The vreg's class (allocation order).
    pub class: RegClassId,
    /// The operand's class constraint, applied to the part named by `sub`.
    pub constraint: Option<RegClassId>,
    pub sub: Option<u8>,
    /// Try this physical register (as the part named by `sub`) first.
    pub hint: Option<PReg>,
}

impl RegState {
    /// Prepares the state for a function with `num_vregs` virtual
    /// registers, reserving the target's registers and everything
    /// overlapping `fp` and `bp`.
    pub fn reset(
        &mut self,
        t: &dyn TargetInfo,
        num_vregs: usize,
        fp: Option<PReg>,
        bp: Option<PReg>,
    ) {
        let n = t.num_regs();
        if self.target_reserved.len() != n {
            self.target_reserved = (0..n)
                .map(|r| t.is_reserved(rcc_mc::Reg(r as u16)))
                .collect();
            self.alias = (0..n).map(|r| t.aliases(rcc_mc::Reg(r as u16))).collect();
            self.words = n.div_ceil(64);
        }
        if self.reserved_for != Some((n, fp, bp)) {
            self.reserved.clone_from(&self.target_reserved);
            for r in fp.into_iter().chain(bp) {
                for &a in t.aliases(r) {
                    self.reserved[a as usize] = true;
                }
            }
            self.alias_reserved = (0..n)
                .map(|r| {
                    t.aliases(rcc_mc::Reg(r as u16))
                        .iter()
                        .any(|&a| self.reserved[a as usize])
                })
                .collect();
            self.reserved_for = Some((n, fp, bp));
            self.cands.clear();
            self.cand_pool.clear();
            self.cand_fits.clear();
            reset(&mut self.cand_cache, CAND_CACHE, (NONE, 0));
            self.mask_for = NONE;
            reset(&mut self.mask_clobbered, n, false);
        }
        reset(&mut self.occupant, n, NONE);
        self.occupied.clear();
        reset(&mut self.occupied_at, n, NONE);
        reset(&mut self.flags, n, 0);
        self.mask_on = false;
        reset(&mut self.written, n, false);
        reset(&mut self.loc, num_vregs, rcc_mc::Reg(0));
        reset(&mut self.dirty, num_vregs, false);
        reset(&mut self.slot, num_vregs, NONE);
    }

    /// Forgets every register assignment (block boundary).
    pub fn reset_block(&mut self) {
        for &p in &self.occupied {
            let o = &mut self.occupant[p as usize];
            self.loc[*o as usize] = rcc_mc::Reg(0);
            *o = NONE;
        }
        self.occupied.clear();
        // Claims are cleared after every instruction: only pins remain.
        self.flags.fill(0);
    }

    /// The part of `r` an operand with sub-register `sub` names.
    pub fn part(t: &dyn TargetInfo, r: PReg, sub: Option<u8>) -> Option<PReg> {
        match sub {
            Some(i) => t.sub_reg(r, i),
            None => Some(r),
        }
    }

    /// The target's registers overlapping `r` (`r` included).
    #[inline]
    pub fn aliases(&self, r: PReg) -> &'static [u16] {
        self.alias[r.0 as usize]
    }

    /// [`RegState::fits`] from the candidate sets (no target query once
    /// `w` has been seen).
    pub fn fits_cached(&mut self, t: &dyn TargetInfo, r: PReg, w: &Want) -> bool {
        let e = self.cand_entry(t, w);
        let bit = r.0 as usize;
        self.cand_fits[e * self.words + bit / 64] >> (bit % 64) & 1 != 0
    }

    /// Whether `r` may hold a value wanted as `w` (class, constraint,
    /// reservation), ignoring occupancy.
    pub fn fits(&self, t: &dyn TargetInfo, r: PReg, w: &Want) -> bool {
        if !t.class_contains(w.class, r) {
            return false;
        }
        if self.alias_reserved[r.0 as usize] {
            return false;
        }
        let Some(p) = Self::part(t, r, w.sub) else {
            return false;
        };
        w.constraint.is_none_or(|c| t.class_contains(c, p))
    }

    /// Makes `mask_regs` and `mask_clobbered` those of register mask
    /// `mask` (computed once per mask and reservation).
    pub fn set_mask(&mut self, t: &dyn TargetInfo, mask: u32) {
        if self.mask_for == mask {
            return;
        }
        self.mask_for = mask;
        self.mask_regs.clear();
        self.mask_clobbered.fill(false);
        for r in 0..t.num_regs() {
            if !self.reserved[r] && !t.preserves(mask, rcc_mc::Reg(r as u16)) {
                self.mask_regs.push(r as u16);
                self.mask_clobbered[r] = true;
            }
        }
    }

    /// Whether the instruction being allocated writes register `a`
    /// besides its virtual-register defs.
    #[inline]
    pub fn is_clobbered(&self, a: usize) -> bool {
        self.flags[a] & CLOBBERED != 0 || self.mask_hit(a)
    }

    /// Whether `r` is blocked for the purpose `p` regardless of occupants.
    #[inline]
    fn blocked(&self, a: usize, p: Purpose) -> bool {
        let f = self.flags[a];
        match p {
            Purpose::Use => f & (PINNED | DEF_CLAIMED | USE_CLAIMED) != 0,
            Purpose::Def => f & (PINNED | DEF_CLAIMED | CLOBBERED) != 0 || self.mask_hit(a),
            Purpose::EarlyDef => f != 0 || self.mask_hit(a),
        }
    }

    /// Whether a call's register mask clobbers `a` in the instruction
    /// being allocated.
    #[inline]
    fn mask_hit(&self, a: usize) -> bool {
        self.mask_on && self.mask_clobbered[a]
    }

    /// Whether `r` and everything overlapping it is free for `v`: not
    /// blocked for `p`, occupied by nobody but `v`.
    pub fn is_free(&self, r: PReg, v: u32, p: Purpose) -> bool {
        self.aliases(r).iter().all(|&a| {
            let a = a as usize;
            !self.blocked(a, p) && (self.occupant[a] == NONE || self.occupant[a] == v)
        })
    }

    /// Whether `r` could be freed for `v` by evicting occupants; returns the
    /// eviction cost (number of occupants that would need a store).
    fn evict_cost(&self, r: PReg, p: Purpose, live: &dyn Fn(u32) -> bool) -> Option<u32> {
        let mut cost = 0;
        for &a in self.aliases(r) {
            let a = a as usize;
            if self.blocked(a, p) || (self.occupant[a] != NONE && self.flags[a] & USE_CLAIMED != 0)
            {
                return None;
            }
            let o = self.occupant[a];
            if o != NONE && self.dirty[o as usize] && live(o) {
                cost += 1;
            }
        }
        Some(cost)
    }

    /// The registers of `w.class`'s allocation order that fit `w`, in
    /// order (computed once per `w` and reservation).
    fn candidates(&mut self, t: &dyn TargetInfo, w: &Want) -> (usize, usize) {
        let n = self.cand_entry(t, w);
        let (_, s, e) = self.cands[n];
        (s as usize, e as usize)
    }

    /// The entry of `cands` for `w`, made on first need.
    fn cand_entry(&mut self, t: &dyn TargetInfo, w: &Want) -> usize {
        let key = u32::from(w.class.0)
            | u32::from(w.constraint.map_or(u8::MAX, |c| c.0)) << 8
            | u32::from(w.sub.unwrap_or(u8::MAX)) << 16;
        let slot = (key.wrapping_mul(0x9E37_79B1) >> 24) as usize % CAND_CACHE;
        let (k, e) = self.cand_cache[slot];
        if k == key {
            return e as usize - 1;
        }
        let e = match self.cands.iter().position(|c| c.0 == key) {
            Some(e) => e,
            None => {
                let s = self.cand_pool.len();
                for &r in t.allocation_order(w.class) {
                    if self.fits(t, r, w) {
                        self.cand_pool.push(r);
                    }
                }
                let e = self.cand_pool.len();
                self.cands.push((key, s as u32, e as u32));
                let base = self.cand_fits.len();
                self.cand_fits.resize(base + self.words, 0);
                for r in 0..t.num_regs() {
                    if self.fits(t, rcc_mc::Reg(r as u16), w) {
                        self.cand_fits[base + r / 64] |= 1 << (r % 64);
                    }
                }
                self.cands.len() - 1
            }
        };
        self.cand_cache[slot] = (key, e as u32 + 1);
        e
    }

    /// Finds a register for vreg `v` as `w`: the hint, else the first free
    /// register in allocation order, else the cheapest one to evict (the
    /// caller evicts with [`RegState::evict_overlapping`]).
    pub fn find(
        &mut self,
        t: &dyn TargetInfo,
        v: u32,
        w: &Want,
        p: Purpose,
        live: &dyn Fn(u32) -> bool,
    ) -> Option<PReg> {
        let (s, e) = self.candidates(t, w);
        let order = &self.cand_pool[s..e];
        if let Some(h) = w.hint {
            let hit = order
                .iter()
                .copied()
                .find(|&r| Self::part(t, r, w.sub) == Some(h) && self.is_free(r, v, p));
            if hit.is_some() {
                return hit;
            }
        }
        if let Some(r) = order.iter().copied().find(|&r| self.is_free(r, v, p)) {
            return Some(r);
        }
        order
            .iter()
            .copied()
            .filter_map(|r| Some((self.evict_cost(r, p, live)?, r)))
            .min_by_key(|&(c, _)| c)
            .map(|(_, r)| r)
    }

    /// The stack slot of `v`, created on first need.
    pub fn slot_of(&mut self, mf: &mut MachFunction, t: &dyn TargetInfo, v: VReg) -> FrameIdx {
        let s = &mut self.slot[v.index()];
        if *s == NONE {
            let size = t.class_spill_size(mf.class_of(v)).max(1);
            let align = size.next_power_of_two();
            *s = mf
                .frame
                .create(size as u64, align, FrameKind::Spill)
                .as_u32();
        }
        FrameIdx::from_u32(*s)
    }

    /// Removes `v` from its register without saving it.
    pub fn drop_vreg(&mut self, v: u32) {
        let r = self.loc[v as usize];
        if r.0 != 0 {
            self.occupant[r.0 as usize] = NONE;
            self.loc[v as usize] = rcc_mc::Reg(0);
            let k = self.occupied_at[r.0 as usize] as usize;
            self.occupied.swap_remove(k);
            if let Some(&moved) = self.occupied.get(k) {
                self.occupied_at[moved as usize] = k as u32;
            }
        }
    }

    /// Puts `v` in `r` (which must be free for it).
    pub fn place(&mut self, v: u32, r: PReg) {
        self.drop_vreg(v);
        let old = self.occupant[r.0 as usize];
        if old != NONE {
            self.drop_vreg(old);
        }
        self.occupant[r.0 as usize] = v;
        self.occupied_at[r.0 as usize] = self.occupied.len() as u32;
        self.occupied.push(r.0);
        self.loc[v as usize] = r;
    }

    /// Stores `v` to its slot at `point` if its register is newer.
    pub fn save(
        &mut self,
        mf: &mut MachFunction,
        t: &dyn TargetInfo,
        v: u32,
        point: ProgPoint,
        edits: &mut Vec<Edit>,
    ) {
        let r = self.loc[v as usize];
        if r.0 == 0 || !self.dirty[v as usize] {
            return;
        }
        let vr = VReg::from_u32(v);
        let s = self.slot_of(mf, t, vr);
        edits.push(Edit {
            point,
            from: Loc::Reg(r),
            to: Loc::Stack(s),
            class: mf.class_of(vr),
        });
        self.dirty[v as usize] = false;
    }

    /// Empties `r` and everything overlapping it of occupants other than
    /// `except`: those still `live` are saved at `point` first.
    #[allow(clippy::too_many_arguments)]
    pub fn evict_overlapping(
        &mut self,
        mf: &mut MachFunction,
        t: &dyn TargetInfo,
        r: PReg,
        except: u32,
        point: ProgPoint,
        live: &dyn Fn(u32) -> bool,
        edits: &mut Vec<Edit>,
    ) {
        for &a in self.aliases(r) {
            let o = self.occupant[a as usize];
            if o == NONE || o == except {
                continue;
            }
            if live(o) {
                self.save(mf, t, o, point, edits);
            }
            self.drop_vreg(o);
        }
    }
}
