//! Per-register, per-block interference cache (LLVM's `InterferenceCache`):
//! the first and last slot a physical register is occupied in a block
//! (the hull of [`super::region::fixed_interference`] and
//! [`super::region::assigned_interference`]), remembered across region-split
//! attempts until one of the register's unions changes.
//!
//! Owns, per physical register, a generation and one entry per layout
//! position stamped with the generation it was computed in, plus the fixed
//! part of each entry (the program's own register uses and clobbering
//! calls, [`super::region::fixed_interference`]), which allocation does not
//! change and so is kept until the next invalidation.
//!
//! Invariants: an entry is valid exactly when its stamp equals its
//! register's generation. A register gets a fresh generation when the
//! matrix's change tag of its units differs from the one it was filled
//! under, or when [`InterferenceCache::invalidate`] ran since (new
//! function, renumbering: block spans and fixed ranges moved). The tag is
//! only recomputed when the matrix changed at all since the register was
//! last looked at (its clock moved). A fixed part is valid exactly when its
//! stamp equals the cache's fixed generation, which every invalidation
//! renews. Generations come from one counter that is never reset, so stale
//! entries never match and nothing is cleared wholesale.

use super::analysis::BlockSpan;
use super::region::{assigned_interference, fixed_interference, merge_intf, Intf};
use crate::liveness::{Liveness, SlotIndex};
use rcc_mach::{PReg, TargetInfo};

/// A cached interference, 16 bytes (the per-block tables are walked for
/// every candidate register: their size is what the lookups cost): the
/// stamp it was computed under and the hull, `first == INVALID` for none.
#[derive(Copy, Clone)]
struct Entry {
    stamp: u64,
    first: SlotIndex,
    last: SlotIndex,
}

impl Entry {
    const EMPTY: Entry = Entry {
        stamp: 0,
        first: SlotIndex::INVALID,
        last: SlotIndex::INVALID,
    };

    fn new(stamp: u64, intf: Intf) -> Entry {
        let (first, last) = intf.unwrap_or((SlotIndex::INVALID, SlotIndex::INVALID));
        Entry { stamp, first, last }
    }

    #[inline]
    fn intf(self) -> Intf {
        self.first.is_valid().then_some((self.first, self.last))
    }
}

#[derive(Default)]
struct RegCache {
    /// The generation valid entries carry (0: never filled).
    gen: u64,
    /// The matrix change tag the generation was opened under.
    tag: u64,
    /// The matrix clock when `tag` was last compared.
    checked: u64,
    entries: Vec<Entry>,
    /// Per layout position: the fixed part, stamped with `fixed_gen`.
    fixed: Vec<Entry>,
}

/// The cache (see the module comment).
#[derive(Default)]
pub struct InterferenceCache {
    regs: Vec<RegCache>,
    /// Generations up to this one are stale.
    floor: u64,
    /// The generation of valid fixed parts (0: none yet).
    fixed_gen: u64,
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
        self.floor = self.counter;
        self.fixed_gen = self.counter;
    }

    /// The interference of `p` in the block at layout position `pos`
    /// spanning `span`: the hull of its fixed and assigned parts.
    #[inline]
    pub fn get(
        &mut self,
        st: &Liveness,
        t: &dyn TargetInfo,
        p: PReg,
        pos: u32,
        span: BlockSpan,
        num_blocks: usize,
    ) -> Intf {
        // A valid entry of a register looked at since the matrix last
        // changed: the answer without a call.
        if let Some(rc) = self.regs.get(p.0 as usize) {
            if rc.gen > self.floor && rc.checked == st.matrix.clock() {
                if let Some(&e) = rc.entries.get(pos as usize) {
                    if e.stamp == rc.gen {
                        return e.intf();
                    }
                }
            }
        }
        self.get_slow(st, t, p, pos, span, num_blocks)
    }

    /// [`InterferenceCache::get`] when the entry must be validated or
    /// computed.
    #[inline(never)]
    fn get_slow(
        &mut self,
        st: &Liveness,
        t: &dyn TargetInfo,
        p: PReg,
        pos: u32,
        span: BlockSpan,
        num_blocks: usize,
    ) -> Intf {
        if self.fixed_gen == 0 {
            self.invalidate();
        }
        let r = p.0 as usize;
        if self.regs.len() <= r {
            self.regs.resize_with(r + 1, RegCache::default);
        }
        let clock = st.matrix.clock();
        let rc = &mut self.regs[r];
        if rc.gen <= self.floor || rc.checked != clock {
            let tag = st.matrix.change_tag(&st.units, p);
            if rc.gen <= self.floor || rc.tag != tag {
                self.counter += 1;
                rc.gen = self.counter;
                rc.tag = tag;
            }
            rc.checked = clock;
        }
        if rc.entries.len() < num_blocks {
            rc.entries.resize(num_blocks, Entry::EMPTY);
            rc.fixed.resize(num_blocks, Entry::EMPTY);
        }
        let k = pos as usize;
        if rc.entries[k].stamp != rc.gen {
            let f = &mut rc.fixed[k];
            if f.stamp != self.fixed_gen {
                if self.masks.len() < num_blocks {
                    self.masks.resize(num_blocks, (0, 0, 0));
                }
                let all = st.lis.regmasks();
                let m = &mut self.masks[k];
                if m.0 != self.fixed_gen {
                    let r = st.lis.regmask_range(span.start, span.end);
                    *m = (self.fixed_gen, r.start as u32, r.end as u32);
                }
                let masks = &all[m.1 as usize..m.2 as usize];
                *f = Entry::new(
                    self.fixed_gen,
                    fixed_interference(st, t, p, span.start, span.end, masks),
                );
            }
            let intf = merge_intf(f.intf(), assigned_interference(st, p, span.start, span.end));
            rc.entries[k] = Entry::new(rc.gen, intf);
        }
        rc.entries[k].intf()
    }
}
