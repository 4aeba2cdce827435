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
use crate::liveness::Liveness;
use rcc_mach::{PReg, TargetInfo};

#[derive(Default)]
struct RegCache {
    /// The generation valid entries carry (0: never filled).
    gen: u64,
    /// The matrix change tag the generation was opened under.
    tag: u64,
    /// The matrix clock when `tag` was last compared.
    checked: u64,
    entries: Vec<(u64, Intf)>,
    /// Per layout position: the fixed part, stamped with `fixed_gen`.
    fixed: Vec<(u64, Intf)>,
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
                if let Some(&(stamp, intf)) = rc.entries.get(pos as usize) {
                    if stamp == rc.gen {
                        return intf;
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
            rc.entries.resize(num_blocks, (0, None));
            rc.fixed.resize(num_blocks, (0, None));
        }
        let k = pos as usize;
        if rc.entries[k].0 != rc.gen {
            let f = &mut rc.fixed[k];
            if f.0 != self.fixed_gen {
                *f = (
                    self.fixed_gen,
                    fixed_interference(st, t, p, span.start, span.end),
                );
            }
            let intf = merge_intf(f.1, assigned_interference(st, p, span.start, span.end));
            rc.entries[k] = (rc.gen, intf);
        }
        rc.entries[k].1
    }
}
