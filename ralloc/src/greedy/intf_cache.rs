//! Per-register, per-block interference cache (LLVM's `InterferenceCache`):
//! the first and last slot a physical register is occupied in a block
//! (the hull of [`super::region::fixed_interference`] and
//! [`super::region::assigned_interference`]).
//!
//! Owns, per register unit and layout position, the hull of the unit's
//! own live range in the block (the program's uses of the register,
//! which allocation does not change) and the hull of its union (the
//! assigned vregs); per layout position, where the block's call register
//! masks lie. A register's interference is the hull of its units' and of
//! the calls that clobber it. A unit's table is built the first time the
//! unit is asked about (one walk of its live range and of its union) and
//! then kept up to date from the matrix's change log
//! ([`LiveRegMatrix::changes`]): a run entering the union widens the
//! hulls of the blocks it covers, a run leaving marks them stale, to be
//! asked of the union again. So a change costs the blocks it touches, not
//! every block of the register (LLVM's cache forgets a register's whole
//! entry when one of its unions changes, and computes each block with
//! union and live-range searches).
//!
//! Invariants: a unit table is valid exactly when its stamp equals the
//! cache's unit generation, a mask entry when its stamp equals the fixed
//! generation (both renewed by [`InterferenceCache::invalidate`]: new
//! function, renumbering); a valid table reflects the unions as of log
//! position `log_pos` (entries stale included, which reflect nothing and
//! are recomputed from the union when asked). The unit generation is
//! renewed by every invalidation and whenever the matrix was reset
//! (its [`LiveRegMatrix::reset_tag`] moved: a new log). Generations come
//! from one counter that is never reset, so stale stamps never match and
//! nothing is cleared wholesale.
//!
//! [`LiveRegMatrix::changes`]: crate::liveness::matrix::LiveRegMatrix::changes
//! [`LiveRegMatrix::reset_tag`]: crate::liveness::matrix::LiveRegMatrix::reset_tag

use super::analysis::{block_of, BlockSpan};
use super::region::{assigned_interference, fixed_interference, merge_intf, Intf};
use crate::liveness::matrix::UnionChange;
use crate::liveness::{Liveness, SlotIndex};
use rcc_mach::{PReg, TargetInfo};

/// A unit's hull in one block: `first < last` when occupied; `NONE`
/// (widened by [`UnitHull::note`]) when free; `STALE` when a run left the
/// union there since it was computed.
#[derive(Copy, Clone, PartialEq, Eq)]
struct UnitHull {
    first: SlotIndex,
    last: SlotIndex,
}

impl UnitHull {
    const NONE: UnitHull = UnitHull {
        first: SlotIndex::INVALID,
        last: SlotIndex(0),
    };
    /// No hull has `first == last` except `NONE`'s shape; this one cannot
    /// be produced by [`UnitHull::note`].
    const STALE: UnitHull = UnitHull {
        first: SlotIndex(0),
        last: SlotIndex(0),
    };

    /// Widens the hull by the part of `[s, e)` inside `span`.
    #[inline]
    fn note(&mut self, span: BlockSpan, s: SlotIndex, e: SlotIndex) {
        let s = s.max(span.start);
        let e = e.min(span.end);
        if s < e {
            self.first = self.first.min(s);
            self.last = self.last.max(e);
        }
    }

    /// Widens the hull by another (`NONE` widens nothing).
    #[inline]
    fn merge(&mut self, o: UnitHull) {
        self.first = self.first.min(o.first);
        self.last = self.last.max(o.last);
    }

    #[inline]
    fn intf(self) -> Intf {
        (self.first < self.last).then_some((self.first, self.last))
    }
}

#[derive(Default)]
struct UnitTable {
    /// The unit generation the table was built under.
    stamp: u64,
    /// Per layout position: the hull of the unit's live range and union
    /// (the fixed and assigned parts), or `STALE`.
    hulls: Vec<UnitHull>,
    /// Per layout position: the hull of the unit's own live range (the
    /// program's uses of it; `NONE` throughout for a reserved unit).
    fixed: Vec<UnitHull>,
}

/// The cache (see the module comment).
#[derive(Default)]
pub struct InterferenceCache {
    /// Per register unit.
    units: Vec<UnitTable>,
    /// The generation of valid `masks` entries (0: none yet).
    fixed_gen: u64,
    /// The generation of valid unit tables.
    unit_gen: u64,
    /// The matrix reset the unit tables follow.
    reset: u64,
    /// The position in the matrix's change log valid tables reflect
    /// (`usize::MAX`: the end of the log, whatever its length).
    log_pos: usize,
    /// The matrix clock the tables were last brought up to (`u64::MAX`:
    /// never since the last invalidation).
    clock: u64,
    /// The last generation handed out.
    counter: u64,
    /// Per layout position: the block's register masks, `regmasks[lo..hi]`
    /// of the function's, stamped with `fixed_gen` (shared by every
    /// register: two binary searches per block, not per register).
    masks: Vec<(u64, u32, u32)>,
}

impl InterferenceCache {
    /// Forgets every entry (block spans or fixed ranges changed).
    pub fn invalidate(&mut self) {
        self.counter += 1;
        self.fixed_gen = self.counter;
        self.unit_gen = self.counter;
        self.log_pos = usize::MAX;
        self.clock = u64::MAX;
    }

    /// The interference of `p` in the block at layout position `pos` of
    /// `spans` (the function's blocks in layout order): the hull of its
    /// fixed and assigned parts.
    #[inline]
    pub fn get(
        &mut self,
        st: &Liveness,
        t: &dyn TargetInfo,
        p: PReg,
        pos: u32,
        spans: &[BlockSpan],
    ) -> Intf {
        if self.clock != st.matrix.clock() {
            self.sync(st, spans);
        }
        let k = pos as usize;
        let mut h = match self.masks.get(k) {
            Some(&(stamp, lo, hi)) if stamp == self.fixed_gen => {
                if lo == hi {
                    UnitHull::NONE
                } else {
                    mask_hull(st, t, p, spans[k], lo, hi)
                }
            }
            _ => self.masks_slow(st, t, p, k, spans),
        };
        for &u in st.units.units(p) {
            match self.units.get(u as usize) {
                Some(table)
                    if table.stamp == self.unit_gen && table.hulls[k] != UnitHull::STALE =>
                {
                    h.merge(table.hulls[k]);
                }
                _ => h.merge(self.unit_slow(st, u, k, spans)),
            }
        }
        let intf = h.intf();
        debug_assert_eq!(
            intf,
            merge_intf(
                fixed_interference(
                    st,
                    t,
                    p,
                    spans[k].start,
                    spans[k].end,
                    st.lis.regmasks_in(spans[k].start, spans[k].end)
                ),
                assigned_interference(st, p, spans[k].start, spans[k].end)
            ),
            "interference cache of {p:?} at block {k} out of date"
        );
        intf
    }

    /// The part of `p`'s interference at layout position `k` from calls,
    /// finding the block's register masks first.
    #[inline(never)]
    fn masks_slow(
        &mut self,
        st: &Liveness,
        t: &dyn TargetInfo,
        p: PReg,
        k: usize,
        spans: &[BlockSpan],
    ) -> UnitHull {
        if self.masks.len() < spans.len() {
            self.masks.resize(spans.len(), (0, 0, 0));
        }
        let span = spans[k];
        let r = st.lis.regmask_range(span.start, span.end);
        self.masks[k] = (self.fixed_gen, r.start as u32, r.end as u32);
        mask_hull(st, t, p, span, r.start as u32, r.end as u32)
    }

    /// Brings the valid unit tables up to the end of the matrix's log.
    #[inline(never)]
    fn sync(&mut self, st: &Liveness, spans: &[BlockSpan]) {
        if self.fixed_gen == 0 {
            self.invalidate();
        }
        self.clock = st.matrix.clock();
        let reset = st.matrix.reset_tag();
        if reset != self.reset {
            self.reset = reset;
            self.counter += 1;
            self.unit_gen = self.counter;
            self.log_pos = usize::MAX;
        }
        let log = st.matrix.changes();
        if self.log_pos == usize::MAX {
            self.log_pos = log.len();
        }
        if self.log_pos < log.len() {
            for c in &log[self.log_pos..] {
                self.apply(st, c, spans);
            }
            self.log_pos = log.len();
        }
    }

    /// Updates the valid tables of `c`'s units for the blocks it covers.
    fn apply(&mut self, st: &Liveness, c: &UnionChange, spans: &[BlockSpan]) {
        for &u in st.units.units(c.reg) {
            let Some(table) = self.units.get_mut(u as usize) else {
                continue;
            };
            if table.stamp != self.unit_gen {
                continue;
            }
            let mut k = block_of(spans, c.start) as usize;
            while let Some(&span) = spans.get(k) {
                if span.start >= c.end {
                    break;
                }
                let h = &mut table.hulls[k];
                if c.add {
                    if *h != UnitHull::STALE {
                        h.note(span, c.start, c.end);
                    }
                } else if c.start.max(span.start) < c.end.min(span.end) {
                    *h = UnitHull::STALE;
                }
                k += 1;
            }
        }
    }

    /// The hull of unit `u`'s live range and union in the block at layout
    /// position `k`, when its table must be built or the entry is stale.
    #[inline(never)]
    fn unit_slow(&mut self, st: &Liveness, u: u16, k: usize, spans: &[BlockSpan]) -> UnitHull {
        let i = u as usize;
        if self.units.len() <= i {
            self.units.resize_with(i + 1, UnitTable::default);
        }
        if self.units[i].stamp != self.unit_gen {
            self.build(st, u, spans);
        }
        let table = &mut self.units[i];
        let h = &mut table.hulls[k];
        if *h == UnitHull::STALE {
            let span = spans[k];
            *h = table.fixed[k];
            if let Some(((fs, fe), (ls, le))) =
                st.matrix.union(u).first_last_overlap(span.start, span.end)
            {
                h.note(span, fs, fe);
                h.note(span, ls, le);
            }
        }
        *h
    }

    /// Fills unit `u`'s table from its whole union.
    #[cold]
    fn build(&mut self, st: &Liveness, u: u16, spans: &[BlockSpan]) {
        let table = &mut self.units[u as usize];
        table.stamp = self.unit_gen;
        table.fixed.clear();
        table.fixed.resize(spans.len(), UnitHull::NONE);
        if !st.units.is_reserved(u) {
            for seg in st.lis.unit(u).segments() {
                let mut k = block_of(spans, seg.start) as usize;
                while let Some(&span) = spans.get(k) {
                    if span.start >= seg.end {
                        break;
                    }
                    table.fixed[k].note(span, seg.start, seg.end);
                    k += 1;
                }
            }
        }
        table.hulls.clear();
        table.hulls.extend_from_slice(&table.fixed);
        for (s, e, _) in st.matrix.union(u).entries() {
            let mut k = block_of(spans, s) as usize;
            while let Some(&span) = spans.get(k) {
                if span.start >= e {
                    break;
                }
                table.hulls[k].note(span, s, e);
                k += 1;
            }
        }
    }
}

/// The hull of the call slots among `regmasks[lo..hi]` (the masks inside
/// `span`) that clobber `p`.
fn mask_hull(
    st: &Liveness,
    t: &dyn TargetInfo,
    p: PReg,
    span: BlockSpan,
    lo: u32,
    hi: u32,
) -> UnitHull {
    let mut h = UnitHull::NONE;
    for &(at, m) in &st.lis.regmasks()[lo as usize..hi as usize] {
        if !t.preserves(m, p) {
            h.note(span, at, at.next_slot());
        }
    }
    h
}
