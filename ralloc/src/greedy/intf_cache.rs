//! Per-register, per-block interference cache (LLVM's `InterferenceCache`):
//! the first and last slot a physical register is occupied in a block
//! ([`super::region::block_interference`]), remembered across region-split
//! attempts until one of the register's unions changes.
//!
//! Owns, per physical register, a generation and one entry per layout
//! position stamped with the generation it was computed in.
//!
//! Invariants: an entry is valid exactly when its stamp equals its
//! register's generation. A register gets a fresh generation when the
//! matrix's change tag of its units differs from the one it was filled
//! under, or when [`InterferenceCache::invalidate`] ran since (new
//! function, renumbering: block spans and fixed ranges moved). Generations
//! come from one counter that is never reset, so stale entries never match
//! and nothing is cleared wholesale.

use super::analysis::BlockSpan;
use super::region::block_interference;
use crate::liveness::{Liveness, SlotIndex};
use rcc_mach::{PReg, TargetInfo};

type Intf = Option<(SlotIndex, SlotIndex)>;

#[derive(Default)]
struct RegCache {
    /// The generation valid entries carry (0: never filled).
    gen: u64,
    /// The matrix change tag the generation was opened under.
    tag: u64,
    entries: Vec<(u64, Intf)>,
}

/// The cache (see the module comment).
#[derive(Default)]
pub struct InterferenceCache {
    regs: Vec<RegCache>,
    /// Generations up to this one are stale.
    floor: u64,
    /// The last generation handed out.
    counter: u64,
}

impl InterferenceCache {
    /// Forgets every entry (block spans or fixed ranges changed).
    pub fn invalidate(&mut self) {
        self.counter += 1;
        self.floor = self.counter;
    }

    /// The interference of `p` in the block at layout position `pos`
    /// spanning `span` (see [`block_interference`]).
    pub fn get(
        &mut self,
        st: &Liveness,
        t: &dyn TargetInfo,
        p: PReg,
        pos: u32,
        span: BlockSpan,
        num_blocks: usize,
    ) -> Intf {
        let r = p.0 as usize;
        if self.regs.len() <= r {
            self.regs.resize_with(r + 1, RegCache::default);
        }
        let tag = st.matrix.change_tag(&st.units, p);
        let rc = &mut self.regs[r];
        if rc.gen <= self.floor || rc.tag != tag {
            self.counter += 1;
            rc.gen = self.counter;
            rc.tag = tag;
        }
        if rc.entries.len() < num_blocks {
            rc.entries.resize(num_blocks, (0, None));
        }
        let e = &mut rc.entries[pos as usize];
        if e.0 != rc.gen {
            *e = (rc.gen, block_interference(st, t, p, span.start, span.end));
        }
        e.1
    }
}
