//! Live ranges: where a value lives, as sorted half-open segments of slot
//! indexes, each tagged with a value number (LLVM's `LiveRange`,
//! `LiveRange::Segment` and `VNInfo`).
//!
//! A [`LiveRange`] describes one virtual register (a live interval), one
//! register unit, or one stack slot. Each distinct definition that reaches
//! some point is a *value* ([`ValNo`]) with its defining index: an
//! instruction's register or early-clobber slot, or a block start (a PHI
//! value: the join of several values at a block with several
//! predecessors).
//!
//! Invariants (checked by [`LiveRange::verify`]):
//! - segments are non-empty (`start < end`), sorted, and do not overlap;
//! - two adjacent segments (`a.end == b.start`) with the same value are
//!   merged into one;
//! - every segment's value is a valid index into the value table; a value
//!   whose segments were all removed stays in the table, marked unused
//!   (its `def` is `SlotIndex::INVALID`), so value numbers never shift.
//!
//! The storage is two vectors per range; owners keep ranges in a table
//! reused from function to function and [`LiveRange::clear`] keeps the
//! capacity.

use super::slot::SlotIndex;

rcc_ir::entity_id!(
    /// A value of a live range: an index into its value table.
    pub struct ValNo,
    "vn"
);

/// One definition of a live range.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct VNInfo {
    /// Where the value is defined: an instruction's register or
    /// early-clobber slot, or a block start for a PHI value;
    /// `SlotIndex::INVALID` once the value is unused.
    pub def: SlotIndex,
    /// The value is the join of several values at a block start.
    pub is_phi: bool,
}

impl VNInfo {
    pub fn is_unused(&self) -> bool {
        !self.def.is_valid()
    }
}

/// `[start, end)` holding value `valno`.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct Segment {
    pub start: SlotIndex,
    pub end: SlotIndex,
    pub valno: ValNo,
}

impl Segment {
    pub fn contains(&self, i: SlotIndex) -> bool {
        self.start <= i && i < self.end
    }
}

/// A set of segments with value numbers (see the module comment).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct LiveRange {
    segments: Vec<Segment>,
    valnos: Vec<VNInfo>,
}

impl LiveRange {
    pub fn new() -> LiveRange {
        LiveRange::default()
    }

    /// Empties the range, keeping its capacity.
    pub fn clear(&mut self) {
        self.segments.clear();
        self.valnos.clear();
    }

    pub fn segments(&self) -> &[Segment] {
        &self.segments
    }

    pub fn valnos(&self) -> &[VNInfo] {
        &self.valnos
    }

    pub fn valno(&self, v: ValNo) -> &VNInfo {
        &self.valnos[v.as_u32() as usize]
    }

    pub fn is_empty(&self) -> bool {
        self.segments.is_empty()
    }

    /// The first live index; `INVALID` when empty.
    pub fn begin(&self) -> SlotIndex {
        self.segments
            .first()
            .map_or(SlotIndex::INVALID, |s| s.start)
    }

    /// The end of the last segment; `INVALID` when empty.
    pub fn end(&self) -> SlotIndex {
        self.segments.last().map_or(SlotIndex::INVALID, |s| s.end)
    }

    /// The number of slots covered (LLVM's `getSize`, for spill weights).
    pub fn size(&self) -> u64 {
        self.segments
            .iter()
            .map(|s| (s.end.0 - s.start.0) as u64)
            .sum()
    }

    /// Adds a value defined at `def`.
    pub fn new_value(&mut self, def: SlotIndex, is_phi: bool) -> ValNo {
        let v = ValNo::from_u32(self.valnos.len() as u32);
        self.valnos.push(VNInfo { def, is_phi });
        v
    }

    /// Changes where value `v` is defined.
    pub fn set_def(&mut self, v: ValNo, def: SlotIndex, is_phi: bool) {
        self.valnos[v.as_u32() as usize] = VNInfo { def, is_phi };
    }

    /// The position of the first segment that ends after `i` (the segment
    /// containing `i`, or the next one); `segments().len()` if none.
    pub fn find(&self, i: SlotIndex) -> usize {
        self.segments.partition_point(|s| s.end <= i)
    }

    /// The segment containing `i`.
    pub fn segment_at(&self, i: SlotIndex) -> Option<&Segment> {
        self.segments.get(self.find(i)).filter(|s| s.start <= i)
    }

    /// Whether the range is live at `i`.
    pub fn live_at(&self, i: SlotIndex) -> bool {
        self.segment_at(i).is_some()
    }

    /// The value live at `i`.
    pub fn value_at(&self, i: SlotIndex) -> Option<ValNo> {
        self.segment_at(i).map(|s| s.valno)
    }

    /// The value live just before `i` (LLVM's `getVNInfoBefore`): the value
    /// of a segment that contains `i.prev_slot()` or ends exactly at `i`.
    pub fn value_before(&self, i: SlotIndex) -> Option<ValNo> {
        if i.0 == 0 {
            return None;
        }
        self.value_at(i.prev_slot())
    }

    /// Adds `seg`, merging it with segments of the same value it overlaps
    /// or touches. Segments of *other* values must not overlap `seg` (a
    /// caller bug; the verifier reports it).
    pub fn add_segment(&mut self, seg: Segment) {
        debug_assert!(seg.start < seg.end, "empty segment {seg:?}");
        // Appending after the last segment (intervals are built in order):
        // what the general path below does, without the search and splice.
        match self.segments.last() {
            None => {
                self.segments.push(seg);
                return;
            }
            Some(l) if l.end < seg.start || (l.end == seg.start && l.valno != seg.valno) => {
                self.segments.push(seg);
                return;
            }
            // Extending the last segment (its value continues into the next
            // block): what the general path does, without the search.
            Some(l) if l.valno == seg.valno && l.start < seg.start => {
                let l = self.segments.last_mut().expect("matched a last segment");
                l.end = l.end.max(seg.end);
                return;
            }
            _ => {}
        }
        // First segment that could merge: ends at or after seg.start.
        let mut lo = self.segments.partition_point(|s| s.end < seg.start);
        let mut start = seg.start;
        let mut end = seg.end;
        if let Some(s) = self.segments.get(lo) {
            if s.valno != seg.valno && s.end == seg.start {
                lo += 1;
            }
        }
        let mut hi = lo;
        while let Some(s) = self.segments.get(hi) {
            if s.start > end || (s.start == end && s.valno != seg.valno) {
                break;
            }
            if s.valno != seg.valno {
                // Overlap with another value: keep both (the verifier
                // reports it); stop merging here.
                break;
            }
            start = start.min(s.start);
            end = end.max(s.end);
            hi += 1;
        }
        let merged = Segment {
            start,
            end,
            valno: seg.valno,
        };
        self.segments.splice(lo..hi, std::iter::once(merged));
    }

    /// Removes `[start, end)` from the range; a segment partly inside keeps
    /// its outside parts. Values are kept (a value left without segments is
    /// not marked unused: see [`LiveRange::mark_unused_values`]).
    pub fn remove_segment(&mut self, start: SlotIndex, end: SlotIndex) {
        if start >= end {
            return;
        }
        let lo = self.find(start);
        let mut hi = lo;
        while self.segments.get(hi).is_some_and(|s| s.start < end) {
            hi += 1;
        }
        if lo == hi {
            return;
        }
        let first = self.segments[lo];
        let last = self.segments[hi - 1];
        let mut keep: [Option<Segment>; 2] = [None, None];
        if first.start < start {
            keep[0] = Some(Segment {
                start: first.start,
                end: start,
                valno: first.valno,
            });
        }
        if last.end > end {
            keep[1] = Some(Segment {
                start: end,
                end: last.end,
                valno: last.valno,
            });
        }
        self.segments.splice(lo..hi, keep.into_iter().flatten());
    }

    /// Removes every segment of value `v` and marks it unused.
    pub fn remove_value(&mut self, v: ValNo) {
        self.segments.retain(|s| s.valno != v);
        self.valnos[v.as_u32() as usize].def = SlotIndex::INVALID;
    }

    /// Marks unused the values no segment refers to any more.
    pub fn mark_unused_values(&mut self) {
        // Most ranges have few values: a bit set, no allocation (this runs
        // for every interval computed).
        if self.valnos.len() <= 64 {
            let mut used = 0u64;
            for s in &self.segments {
                used |= 1 << s.valno.as_u32();
            }
            for (k, v) in self.valnos.iter_mut().enumerate() {
                if used & (1 << k) == 0 {
                    v.def = SlotIndex::INVALID;
                }
            }
            return;
        }
        let mut used = vec![false; self.valnos.len()];
        for s in &self.segments {
            used[s.valno.as_u32() as usize] = true;
        }
        for (v, u) in self.valnos.iter_mut().zip(used) {
            if !u {
                v.def = SlotIndex::INVALID;
            }
        }
    }

    /// Whether the two ranges share a slot. Linear in the shorter walk,
    /// skipping ahead by binary search.
    pub fn overlaps(&self, other: &LiveRange) -> bool {
        self.first_overlap(other).is_some()
    }

    /// The first slot both ranges cover.
    pub fn first_overlap(&self, other: &LiveRange) -> Option<SlotIndex> {
        let (a, b) = (&self.segments, &other.segments);
        if a.is_empty() || b.is_empty() {
            return None;
        }
        let (mut i, mut j) = (0, 0);
        while i < a.len() && j < b.len() {
            let (x, y) = (a[i], b[j]);
            if x.end <= y.start {
                // Skip a's segments ending before y.
                i += a[i..].partition_point(|s| s.end <= y.start);
            } else if y.end <= x.start {
                j += b[j..].partition_point(|s| s.end <= x.start);
            } else {
                return Some(x.start.max(y.start));
            }
        }
        None
    }

    /// Whether the range overlaps `[start, end)`.
    pub fn overlaps_span(&self, start: SlotIndex, end: SlotIndex) -> bool {
        self.segments
            .get(self.find(start))
            .is_some_and(|s| s.start < end)
    }

    /// Whether every slot of `other` is covered by `self`.
    pub fn covers(&self, other: &LiveRange) -> bool {
        let mut k = 0;
        for s in &other.segments {
            k += self.segments[k..].partition_point(|t| t.end <= s.start);
            // `s` must lie inside a run of touching segments from k.
            let mut at = s.start;
            loop {
                match self.segments.get(k) {
                    Some(t) if t.start <= at => {
                        at = t.end;
                        if at >= s.end {
                            break;
                        }
                        k += 1;
                    }
                    _ => return false,
                }
            }
        }
        true
    }

    /// Maps every index of the range through `f`, a monotonic map (after
    /// the function was renumbered: `indexes::Remap`).
    pub fn remap(&mut self, f: impl Fn(SlotIndex) -> SlotIndex) {
        for s in &mut self.segments {
            s.start = f(s.start);
            s.end = f(s.end);
        }
        for v in &mut self.valnos {
            if v.def.is_valid() {
                v.def = f(v.def);
            }
        }
    }

    /// Prints the range as LLVM does: `[16r,32r:0)[48B,64r:1) 0@16r
    /// 1@48B-phi` (unused values are skipped).
    pub fn dump(&self) -> String {
        use std::fmt::Write;
        let mut s = String::new();
        if self.segments.is_empty() {
            s.push_str("EMPTY");
        }
        for g in &self.segments {
            let _ = write!(s, "[{:?},{:?}:{})", g.start, g.end, g.valno.as_u32());
        }
        for (k, v) in self.valnos.iter().enumerate() {
            if v.is_unused() {
                continue;
            }
            let _ = write!(s, " {k}@{:?}{}", v.def, if v.is_phi { "-phi" } else { "" });
        }
        s
    }

    /// Checks the invariants of the module comment.
    pub fn verify(&self) -> Result<(), String> {
        for (k, s) in self.segments.iter().enumerate() {
            if s.start >= s.end {
                return Err(format!("segment {k} is empty: {s:?}"));
            }
            if s.valno.as_u32() as usize >= self.valnos.len() {
                return Err(format!("segment {k} names missing value {:?}", s.valno));
            }
            if self.valno(s.valno).is_unused() {
                return Err(format!("segment {k} names unused value {:?}", s.valno));
            }
            if k > 0 {
                let p = self.segments[k - 1];
                if p.end > s.start {
                    return Err(format!("segments {} and {k} overlap", k - 1));
                }
                if p.end == s.start && p.valno == s.valno {
                    return Err(format!("segments {} and {k} are not merged", k - 1));
                }
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::super::slot::Slot;
    use super::*;

    fn r(e: u32) -> SlotIndex {
        SlotIndex::new(e, Slot::Register)
    }

    fn range(segs: &[(u32, u32)]) -> LiveRange {
        let mut lr = LiveRange::new();
        let v = lr.new_value(r(segs[0].0), false);
        for &(a, b) in segs {
            lr.add_segment(Segment {
                start: r(a),
                end: r(b),
                valno: v,
            });
        }
        lr
    }

    #[test]
    fn add_merges_same_value() {
        let lr = range(&[(1, 3), (5, 7), (3, 5)]);
        assert_eq!(lr.segments().len(), 1);
        assert_eq!((lr.begin(), lr.end()), (r(1), r(7)));
        lr.verify().unwrap();
        let lr = range(&[(1, 3), (10, 12), (2, 4)]);
        assert_eq!(lr.segments().len(), 2);
        assert_eq!(lr.segments()[0].end, r(4));
        lr.verify().unwrap();
    }

    #[test]
    fn add_keeps_touching_other_values_apart() {
        let mut lr = range(&[(1, 3)]);
        let w = lr.new_value(r(3), false);
        lr.add_segment(Segment {
            start: r(3),
            end: r(6),
            valno: w,
        });
        assert_eq!(lr.segments().len(), 2);
        lr.verify().unwrap();
        assert_eq!(lr.value_at(r(3)), Some(w));
        assert_eq!(lr.value_before(r(3)).map(|v| v.as_u32()), Some(0));
    }

    #[test]
    fn remove_splits() {
        let mut lr = range(&[(1, 10)]);
        lr.remove_segment(r(4), r(6));
        assert_eq!(lr.segments().len(), 2);
        assert!(lr.live_at(r(3)) && !lr.live_at(r(4)) && !lr.live_at(r(5)) && lr.live_at(r(6)));
        lr.remove_segment(r(0), r(20));
        assert!(lr.is_empty());
        lr.mark_unused_values();
        assert!(lr.valnos()[0].is_unused());
    }

    #[test]
    fn overlap_and_cover() {
        let a = range(&[(1, 3), (5, 7), (20, 30)]);
        let b = range(&[(3, 5), (7, 20)]);
        assert!(!a.overlaps(&b) && !b.overlaps(&a));
        let c = range(&[(8, 9), (29, 40)]);
        assert_eq!(a.first_overlap(&c), Some(r(29)));
        assert!(a.overlaps_span(r(6), r(8)) && !a.overlaps_span(r(7), r(20)));
        let mut ab = a.clone();
        let v = ValNo::from_u32(0);
        for s in b.segments() {
            ab.add_segment(Segment { valno: v, ..*s });
        }
        assert_eq!(ab.segments().len(), 1);
        assert!(ab.covers(&a) && ab.covers(&b) && !a.covers(&ab));
        assert_eq!(a.size(), 4 * (2 + 2 + 10));
    }

    #[test]
    fn verify_reports_overlap() {
        let mut lr = range(&[(1, 5)]);
        let w = lr.new_value(r(2), false);
        lr.add_segment(Segment {
            start: r(2),
            end: r(8),
            valno: w,
        });
        assert!(lr.verify().is_err());
    }
}
