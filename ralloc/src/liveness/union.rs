//! A live interval union (LLVM's `LiveIntervalUnion`): for one register
//! unit, the segments of every virtual register assigned to a register
//! containing the unit, keyed by segment start in a B-tree, so insertion,
//! removal and the interference query are logarithmic per segment.
//!
//! Entries are runs of adjacent segments of one vreg.
//!
//! Invariants: segments of the union never overlap (two vregs assigned to
//! overlapping registers must not be live at the same slot: the allocator
//! checks interference before assigning); each entry remembers its vreg.

use super::range::LiveRange;
use super::slot::SlotIndex;
use rcc_mach::VReg;
use std::collections::BTreeMap;

/// The union of one unit (see the module comment).
#[derive(Default, Debug, Clone)]
pub struct LiveIntervalUnion {
    map: BTreeMap<SlotIndex, (SlotIndex, VReg)>,
}

impl LiveIntervalUnion {
    pub fn clear(&mut self) {
        self.map.clear();
    }

    pub fn is_empty(&self) -> bool {
        self.map.is_empty()
    }

    /// Adds the segments of `lr`, owned by `v`: one entry per run of
    /// adjacent segments (as LLVM's `IntervalMap` coalesces equal
    /// neighbours), so a vreg with a value per instruction is one entry,
    /// not thousands for every query to walk.
    pub fn insert(&mut self, lr: &LiveRange, v: VReg) {
        for (start, end) in runs(lr) {
            self.map.insert(start, (end, v));
        }
    }

    /// Removes the entries `insert(lr, v)` added (`lr` unchanged since).
    pub fn remove(&mut self, lr: &LiveRange, v: VReg) {
        for (start, _) in runs(lr) {
            if self.map.get(&start).is_some_and(|&(_, w)| w == v) {
                self.map.remove(&start);
            }
        }
    }

    /// Calls `f(start, end, vreg)` for every entry overlapping
    /// `[start, end)`, in order; stops when `f` returns `false`.
    pub fn for_each_overlap(
        &self,
        start: SlotIndex,
        end: SlotIndex,
        mut f: impl FnMut(SlotIndex, SlotIndex, VReg) -> bool,
    ) -> bool {
        if let Some((&s, &(e, v))) = self.map.range(..start).next_back() {
            if e > start && !f(s, e, v) {
                return false;
            }
        }
        for (&s, &(e, v)) in self.map.range(start..end) {
            if !f(s, e, v) {
                return false;
            }
        }
        true
    }

    /// The first and last entries overlapping `[start, end)` (the same
    /// entry twice when only one overlaps), found in logarithmic time:
    /// entries never overlap, so their ends are sorted like their starts.
    pub fn first_last_overlap(
        &self,
        start: SlotIndex,
        end: SlotIndex,
    ) -> Option<((SlotIndex, SlotIndex), (SlotIndex, SlotIndex))> {
        if start >= end {
            return None;
        }
        let (&ls, &(le, _)) = self.map.range(..end).next_back()?;
        if le <= start {
            return None;
        }
        if ls <= start {
            // Every earlier entry ends before `ls`: this one is alone.
            return Some(((ls, le), (ls, le)));
        }
        let first = match self.map.range(..start).next_back() {
            Some((&s, &(e, _))) if e > start => (s, e),
            // One-sided: a bounded range descends the tree twice; the
            // entry at `ls` starts inside, so one starting at or after
            // `start` exists and starts before `end`.
            _ => match self.map.range(start..).next() {
                Some((&s, &(e, _))) if s < end => (s, e),
                _ => return None,
            },
        };
        Some((first, (ls, le)))
    }

    /// Whether some segment of `lr` overlaps the union.
    pub fn overlaps(&self, lr: &LiveRange) -> bool {
        // The last entry starting before a segment's end overlaps it if
        // any does (ends are sorted like starts).
        lr.segments().iter().any(|s| {
            self.map
                .range(..s.end)
                .next_back()
                .is_some_and(|(_, &(e, _))| e > s.start)
        })
    }

    /// Adds to `out` every vreg whose segments overlap `lr` (LLVM's
    /// `collectInterferingVRegs`), without duplicates.
    pub fn collect(&self, lr: &LiveRange, out: &mut Vec<VReg>) {
        for s in lr.segments() {
            // One descent per segment: walk back from the last entry
            // starting before the segment's end while entries still reach
            // into it (ends are sorted like starts), then restore order.
            let base = out.len();
            for (_, &(e, v)) in self.map.range(..s.end).rev() {
                if e <= s.start {
                    break;
                }
                out.push(v);
            }
            out[base..].reverse();
        }
        // Keep the first occurrence of each vreg, as a forward walk adding
        // only vregs not yet listed would; once for the whole list (a
        // search per entry was quadratic in the number of interfering
        // vregs: 4,000 values live across a loop took minutes).
        dedup_keep_first(out);
    }

    /// [`Self::collect`] that gives up once `out` would hold `limit` (at
    /// most [`MAX_COLLECT_LIMIT`]) different vregs, LLVM's
    /// `interferingVRegs(MaxInterferingRegs)`: returns false then, with
    /// `out` in no particular state. Below the limit `out` is what
    /// [`Self::collect`] gives. Cost: the entries walked, which stop at
    /// the limit, not the whole overlap.
    pub fn collect_limited(&self, lr: &LiveRange, out: &mut Vec<VReg>, limit: usize) -> bool {
        debug_assert!(limit <= MAX_COLLECT_LIMIT);
        let mut seen = [VReg::from_u32(0); MAX_COLLECT_LIMIT];
        for s in lr.segments() {
            let base = out.len();
            let mut new = 0;
            for (_, &(e, v)) in self.map.range(..s.end).rev() {
                if e <= s.start {
                    break;
                }
                if !out[..base].contains(&v) && !seen[..new].contains(&v) {
                    if base + new + 1 >= limit {
                        return false;
                    }
                    seen[new] = v;
                    new += 1;
                }
                out.push(v);
            }
            out[base..].reverse();
            // Keep the first occurrence of each vreg (as `collect`).
            let mut w = base;
            for r in base..out.len() {
                let v = out[r];
                if !out[..w].contains(&v) {
                    out[w] = v;
                    w += 1;
                }
            }
            out.truncate(w);
        }
        true
    }

    /// Every entry, in order: `(start, end, vreg)`.
    pub fn entries(&self) -> impl Iterator<Item = (SlotIndex, SlotIndex, VReg)> + '_ {
        self.map.iter().map(|(&s, &(e, v))| (s, e, v))
    }
}

/// The segments of `lr` with adjacent ones joined: `(start, end)` runs.
pub(crate) fn runs(lr: &LiveRange) -> impl Iterator<Item = (SlotIndex, SlotIndex)> + '_ {
    let segs = lr.segments();
    let mut k = 0;
    std::iter::from_fn(move || {
        let first = segs.get(k)?;
        let mut end = first.end;
        k += 1;
        while let Some(n) = segs.get(k).filter(|n| n.start == end) {
            end = n.end;
            k += 1;
        }
        Some((first.start, end))
    })
}

/// The largest `limit` of [`LiveIntervalUnion::collect_limited`].
pub const MAX_COLLECT_LIMIT: usize = 16;

/// Removes every entry of `out` equal to an earlier one, keeping the order
/// of the first occurrences. `O(n log n)`.
fn dedup_keep_first(out: &mut Vec<VReg>) {
    if out.len() < 2 {
        return;
    }
    let mut keyed: Vec<(VReg, u32)> = out.iter().zip(0u32..).map(|(&v, k)| (v, k)).collect();
    keyed.sort_unstable();
    keyed.dedup_by_key(|e| e.0);
    keyed.sort_unstable_by_key(|e| e.1);
    out.clear();
    out.extend(keyed.iter().map(|e| e.0));
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::liveness::range::Segment;
    use crate::liveness::slot::Slot;

    fn lr(spans: &[(u32, u32)]) -> LiveRange {
        let mut r = LiveRange::new();
        let v = r.new_value(SlotIndex::new(spans[0].0, Slot::Register), false);
        for &(a, b) in spans {
            r.add_segment(Segment {
                start: SlotIndex::new(a, Slot::Register),
                end: SlotIndex::new(b, Slot::Register),
                valno: v,
            });
        }
        r
    }

    /// The logarithmic queries agree with a walk over every entry.
    #[test]
    fn fast_queries_match_walk() {
        let mut u = LiveIntervalUnion::default();
        let parts: [&[(u32, u32)]; 4] = [
            &[(2, 4), (9, 11)],
            &[(4, 6), (14, 20)],
            &[(6, 7)],
            &[(11, 13)],
        ];
        for (k, p) in parts.iter().enumerate() {
            u.insert(&lr(p), VReg::from_u32(k as u32));
        }
        let at = |x: u32| SlotIndex::new(x, Slot::Register);
        for a in 0..22 {
            for b in a..23 {
                let mut all = Vec::new();
                u.for_each_overlap(at(a), at(b), |s, e, _| {
                    all.push((s, e));
                    true
                });
                let want = if a < b && !all.is_empty() {
                    Some((all[0], all[all.len() - 1]))
                } else {
                    None
                };
                assert_eq!(u.first_last_overlap(at(a), at(b)), want, "[{a}, {b})");
                if a < b {
                    let q = lr(&[(a, b)]);
                    assert_eq!(u.overlaps(&q), want.is_some(), "[{a}, {b})");
                }
            }
        }
        let q = lr(&[(3, 10), (12, 15)]);
        let mut out = Vec::new();
        u.collect(&q, &mut out);
        let ids: Vec<u32> = out.iter().map(|v| v.as_u32()).collect();
        assert_eq!(ids, vec![0, 1, 2, 3]);
        let q = lr(&[(10, 15)]);
        out.clear();
        u.collect(&q, &mut out);
        let ids: Vec<u32> = out.iter().map(|v| v.as_u32()).collect();
        assert_eq!(ids, vec![0, 3, 1]);
    }

    #[test]
    fn insert_query_remove() {
        let mut u = LiveIntervalUnion::default();
        let a = lr(&[(1, 4), (10, 12)]);
        let b = lr(&[(4, 6)]);
        let c = lr(&[(3, 5)]);
        let (va, vb) = (VReg::from_u32(0), VReg::from_u32(1));
        u.insert(&a, va);
        assert!(!u.overlaps(&b));
        u.insert(&b, vb);
        assert!(u.overlaps(&c));
        let mut out = Vec::new();
        u.collect(&c, &mut out);
        assert_eq!(out, vec![va, vb]);
        u.remove(&a, va);
        out.clear();
        u.collect(&c, &mut out);
        assert_eq!(out, vec![vb]);
        assert!(!u.overlaps(&lr(&[(7, 9)])));
        assert_eq!(u.entries().count(), 1);
    }
}
