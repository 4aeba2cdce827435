//! Split analysis of one live interval (LLVM's `SplitAnalysis`): where its
//! uses are per block, which blocks it enters live and leaves live, and
//! which blocks it only passes through.
//!
//! Owns: scratch vectors, reused from interval to interval and function to
//! function.
//!
//! Blocks are named by their layout position (`0..spans.len()`); a
//! [`BlockSpan`] gives a block's `[start, end)` slot indexes (the end is
//! the next block's start) and its last split point (the index before
//! which a copy leaving the block must go: the first terminator, or the
//! end).
//!
//! Invariants, after [`SplitAnalysis::analyze`]:
//! - `use_slots` are sorted and distinct (one per instruction, at its
//!   register slot);
//! - `use_blocks` lists, in layout order, every block with a use or def of
//!   the interval; a block where the interval has a gap (dies and is
//!   defined again) appears twice, once for the live-in part and once for
//!   the live-out part;
//! - `through` lists the blocks the interval is live through without any
//!   use or def in them;
//! - `first_instr <= last_instr` lie inside the block; `first_def` is
//!   `INVALID` for a block the interval enters live with no def before its
//!   first use.

use crate::liveness::{LiveRange, SlotIndex};

/// One block in slot-index terms.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct BlockSpan {
    pub start: SlotIndex,
    pub end: SlotIndex,
    /// Copies leaving the block go before this index (the first
    /// terminator or landing-pad-throwing call's index, else `end`).
    pub last_split: SlotIndex,
}

/// The uses of the interval in one block (LLVM's `BlockInfo`).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct BlockInfo {
    /// Layout position of the block.
    pub block: u32,
    /// First use or def in the block.
    pub first_instr: SlotIndex,
    /// Last use or def (or where the interval dies) in the block.
    pub last_instr: SlotIndex,
    /// First def in the block, `INVALID` if none before the first use.
    pub first_def: SlotIndex,
    pub live_in: bool,
    pub live_out: bool,
}

impl BlockInfo {
    /// LLVM's `isOneInstr`: the block's part is one instruction.
    pub fn is_one_instr(&self) -> bool {
        SlotIndex::same_entry(self.first_instr, self.last_instr)
    }
}

/// The block containing `i`: the last span starting at or before it.
pub fn block_of(spans: &[BlockSpan], i: SlotIndex) -> u32 {
    (spans.partition_point(|s| s.start <= i).max(1) - 1) as u32
}

#[derive(Default, Debug)]
pub struct SplitAnalysis {
    pub use_slots: Vec<SlotIndex>,
    pub use_blocks: Vec<BlockInfo>,
    pub through: Vec<u32>,
    /// Blocks appearing twice in `use_blocks`.
    pub num_gap_blocks: u32,
}

impl SplitAnalysis {
    /// Analyzes `lr` with the instruction indexes of its uses and defs
    /// (`uses`, any order, duplicates allowed; register slots or any slot
    /// of the instruction).
    pub fn analyze(&mut self, lr: &LiveRange, uses: &[SlotIndex], spans: &[BlockSpan]) {
        self.use_slots.clear();
        self.use_slots.extend(uses.iter().map(|u| u.reg()));
        self.use_slots.sort_unstable();
        self.use_slots.dedup();
        self.use_blocks.clear();
        self.through.clear();
        self.num_gap_blocks = 0;
        let segs = lr.segments();
        if segs.is_empty() || spans.is_empty() {
            return;
        }
        let mut k = 0; // current segment
        let mut u = 0; // next use
        let mut b = block_of(spans, segs[0].start) as usize;
        loop {
            let span = spans[b];
            let (start, stop) = (span.start, span.end);
            let live_in = segs[k].start <= start;
            let mut bi = BlockInfo {
                block: b as u32,
                first_instr: SlotIndex::INVALID,
                last_instr: SlotIndex::INVALID,
                first_def: if live_in {
                    SlotIndex::INVALID
                } else {
                    segs[k].start
                },
                live_in,
                live_out: true,
            };
            while u < self.use_slots.len() && self.use_slots[u] < start {
                u += 1;
            }
            let has_uses = u < self.use_slots.len() && self.use_slots[u] < stop;
            if has_uses {
                bi.first_instr = self.use_slots[u];
                while u < self.use_slots.len() && self.use_slots[u] < stop {
                    u += 1;
                }
                bi.last_instr = self.use_slots[u - 1];
            }
            // Gaps and the end of the interval inside this block.
            while segs[k].end < stop {
                let last_stop = segs[k].end;
                k += 1;
                if k == segs.len() || segs[k].start >= stop {
                    bi.live_out = false;
                    bi.last_instr = last_stop;
                    break;
                }
                if last_stop < segs[k].start {
                    // Dies and is defined again: a live-in part and a
                    // live-out part.
                    self.num_gap_blocks += 1;
                    let mut first = bi;
                    first.live_out = false;
                    first.last_instr = last_stop;
                    self.use_blocks.push(first);
                    bi.live_in = false;
                    bi.live_out = true;
                    bi.first_instr = segs[k].start;
                    bi.first_def = segs[k].start;
                }
                if !bi.first_def.is_valid() {
                    bi.first_def = segs[k].start;
                }
            }
            if has_uses || !bi.live_in || !bi.live_out {
                if !bi.first_instr.is_valid() {
                    // Defined or killed here without a listed use (a dead
                    // def or an inconsistent use list): the live part.
                    bi.first_instr = if bi.live_in { start } else { bi.first_def };
                }
                if !bi.last_instr.is_valid() || bi.last_instr < bi.first_instr {
                    bi.last_instr = bi.first_instr;
                }
                self.use_blocks.push(bi);
            } else {
                self.through.push(b as u32);
            }
            if k == segs.len() {
                break;
            }
            // The next block where the interval is live.
            if segs[k].start < stop {
                b += 1;
            } else {
                b = block_of(spans, segs[k].start) as usize;
            }
            if b >= spans.len() {
                break;
            }
            if segs[k].end <= spans[b].start {
                k += 1;
                if k == segs.len() {
                    break;
                }
                b = block_of(spans, segs[k].start) as usize;
            }
        }
    }

    /// Blocks the interval is live in (LLVM's `getNumLiveBlocks`).
    pub fn num_live_blocks(&self) -> usize {
        self.use_blocks.len() - self.num_gap_blocks as usize + self.through.len()
    }

    /// Whether the interval lies in one block.
    pub fn is_local(&self) -> bool {
        self.through.is_empty() && self.use_blocks.len() == 1
    }
}

/// The number of blocks `lr` is live in (LLVM's `countLiveBlocks`).
pub fn count_live_blocks(lr: &LiveRange, spans: &[BlockSpan]) -> usize {
    let mut n = 0;
    let mut last = u32::MAX;
    for s in lr.segments() {
        let mut b = block_of(spans, s.start);
        if b == last {
            b += 1;
        }
        while (b as usize) < spans.len() && spans[b as usize].start < s.end {
            n += 1;
            last = b;
            b += 1;
        }
    }
    n
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::liveness::{Segment, Slot};

    pub(crate) fn ix(e: u32) -> SlotIndex {
        SlotIndex::new(e, Slot::Register)
    }
    pub(crate) fn bx(e: u32) -> SlotIndex {
        SlotIndex::new(e, Slot::Block)
    }

    /// Blocks of `len` entries each, starting at entry 0, no terminators.
    pub(crate) fn spans(n: u32, len: u32) -> Vec<BlockSpan> {
        (0..n)
            .map(|b| BlockSpan {
                start: bx(b * len),
                end: bx((b + 1) * len),
                last_split: bx((b + 1) * len),
            })
            .collect()
    }

    pub(crate) fn range(segs: &[(SlotIndex, SlotIndex)]) -> LiveRange {
        let mut lr = LiveRange::new();
        for &(s, e) in segs {
            let v = lr.new_value(s, false);
            lr.add_segment(Segment {
                start: s,
                end: e,
                valno: v,
            });
        }
        lr
    }

    #[test]
    fn local_interval() {
        let sp = spans(3, 10);
        let lr = range(&[(ix(12), ix(15))]);
        let mut sa = SplitAnalysis::default();
        sa.analyze(&lr, &[ix(15), ix(12), ix(15)], &sp);
        assert_eq!(sa.use_slots, vec![ix(12), ix(15)]);
        assert_eq!(sa.use_blocks.len(), 1);
        let bi = sa.use_blocks[0];
        assert_eq!((bi.block, bi.live_in, bi.live_out), (1, false, false));
        assert_eq!(
            (bi.first_instr, bi.last_instr, bi.first_def),
            (ix(12), ix(15), ix(12))
        );
        assert!(sa.is_local() && sa.through.is_empty());
        assert_eq!(count_live_blocks(&lr, &sp), 1);
    }

    #[test]
    fn global_with_through_blocks() {
        // Def in block 0, live through 1 and 2, used in 3, dies there.
        let sp = spans(5, 10);
        let lr = range(&[(ix(5), ix(33))]);
        let mut sa = SplitAnalysis::default();
        sa.analyze(&lr, &[ix(5), ix(33)], &sp);
        assert_eq!(sa.through, vec![1, 2]);
        assert_eq!(sa.use_blocks.len(), 2);
        let (a, b) = (sa.use_blocks[0], sa.use_blocks[1]);
        assert_eq!(
            (a.block, a.live_in, a.live_out, a.first_def),
            (0, false, true, ix(5))
        );
        assert_eq!((b.block, b.live_in, b.live_out), (3, true, false));
        assert_eq!((b.first_instr, b.last_instr), (ix(33), ix(33)));
        assert!(!b.first_def.is_valid());
        assert_eq!(sa.num_live_blocks(), 4);
        assert_eq!(count_live_blocks(&lr, &sp), 4);
    }

    #[test]
    fn gap_block_and_skipped_blocks() {
        // Live out of block 0 into block 1 until 13, redefined at 17 and
        // live out of 1 into 2 (killed at 22); then block 3 is skipped and
        // a separate piece lives in block 4.
        let sp = spans(5, 10);
        let lr = range(&[(ix(4), ix(13)), (ix(17), ix(22)), (ix(41), ix(45))]);
        let mut sa = SplitAnalysis::default();
        sa.analyze(&lr, &[ix(4), ix(13), ix(17), ix(22), ix(41), ix(45)], &sp);
        let blocks: Vec<(u32, bool, bool)> = sa
            .use_blocks
            .iter()
            .map(|b| (b.block, b.live_in, b.live_out))
            .collect();
        assert_eq!(
            blocks,
            vec![
                (0, false, true),
                (1, true, false),
                (1, false, true),
                (2, true, false),
                (4, false, false)
            ]
        );
        assert_eq!(sa.num_gap_blocks, 1);
        assert_eq!(sa.use_blocks[1].last_instr, ix(13));
        assert_eq!(sa.use_blocks[2].first_def, ix(17));
        assert!(sa.through.is_empty());
        assert_eq!(sa.num_live_blocks(), 4);
        assert_eq!(count_live_blocks(&lr, &sp), 4);
    }

    #[test]
    fn live_in_at_block_start_through_edge() {
        // A segment ending exactly at a block end (live-out) and the next
        // block's range starting at its start (live-in).
        let sp = spans(3, 10);
        let lr = range(&[(ix(3), bx(10)), (bx(20), ix(24))]);
        let mut sa = SplitAnalysis::default();
        sa.analyze(&lr, &[ix(3), ix(24)], &sp);
        let blocks: Vec<(u32, bool, bool)> = sa
            .use_blocks
            .iter()
            .map(|b| (b.block, b.live_in, b.live_out))
            .collect();
        assert_eq!(blocks, vec![(0, false, true), (2, true, false)]);
        assert_eq!(count_live_blocks(&lr, &sp), 2);
    }
}
