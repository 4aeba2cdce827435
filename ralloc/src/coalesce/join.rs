//! Value-aware joining of two live ranges (LLVM's `JoinVals` in
//! `RegisterCoalescer::joinVirtRegs`, for whole registers).
//!
//! Two virtual registers `A` and `B` may share one register where their
//! ranges overlap only if, wherever both are live, they hold the *same
//! value*. Every value of either side is classified by looking at the
//! other side at its definition ([`Resolution`]):
//! - **Keep**: nothing of the other side is live across the def (it is not
//!   live there, or the defining instruction reads its last use): the value
//!   stays a value of the joined range;
//! - **Erase**: the def is a full `COPY` from the other register and reads
//!   the other side's value `W`: after the join it is the identity copy
//!   `%m = COPY %m` and is deleted; the value *is* `W`;
//! - **Merge**: a PHI value (block start) while the other side is live
//!   into the block (any real disagreement shows up in the predecessors,
//!   where the incoming values are checked at their defs), or two PHI
//!   values of one block: the value becomes the other's;
//! - otherwise a **conflict**: the def would clobber a value the other side
//!   still reads, and the registers cannot be joined.
//!
//! Checking at the defs suffices: two ranges that overlap started
//! overlapping where the later of two values was defined (a value's def
//! dominates its segments), and that value saw the other live there.
//!
//! Invariants: the inputs are not changed; on success the output range
//! holds every segment of both inputs, each value renumbered (kept values
//! in order of their defs), and `erased` lists the defs of the copies that
//! became identities. As a last guard the merge itself refuses two
//! overlapping segments with different joined values (reported as a
//! conflict, never as a wrong range). Time: linear in the number of
//! segments and values, plus a binary search per value.

use crate::liveness::{LiveRange, Segment, SlotIndex, ValNo};
use rcc_ir::entity::EntityId;

/// One side of a join: `A` (the register that stays) or `B`.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Side {
    A,
    B,
}

impl Side {
    fn other(self) -> Side {
        match self {
            Side::A => Side::B,
            Side::B => Side::A,
        }
    }
    fn idx(self) -> usize {
        self as usize
    }
}

/// How one value of one side is joined (see the module comment).
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Resolution {
    /// Unused value (no segments); ignored.
    Unused,
    Keep,
    /// Identical to the other side's value (the def is a copy of it).
    Erase(ValNo),
    /// Becomes the other side's value.
    Merge(ValNo),
}

/// Why two ranges cannot be joined.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct Conflict {
    /// The def (or point) where a value of one side would clobber a live
    /// value of the other.
    pub at: SlotIndex,
}

/// Scratch reused across joins (capacity kept).
#[derive(Default, Debug)]
pub struct JoinScratch {
    res: [Vec<Resolution>; 2],
    /// Joined value number of each value of each side (`u32::MAX`: not
    /// yet assigned).
    map: [Vec<u32>; 2],
    keep: Vec<(SlotIndex, Side, ValNo)>,
    /// Defs of the copies that became identities, in no particular order.
    pub erased: Vec<SlotIndex>,
    /// Some erased copy's def was dead: the copy was the last read of the
    /// value it copied, so once deleted the joined range is longer than
    /// needed and should be recomputed from the occurrences (LLVM's
    /// `shrinkToUses` after erasing a copy).
    pub needs_shrink: bool,
}

const NONE: u32 = u32::MAX;

/// Classifies value `v` of `me` (side `side`) against `other`.
/// `is_copy_from_other(side, def)` says whether the instruction at `def`
/// defining a value of `side` is a full copy reading the other side's
/// register.
fn analyze(
    side: Side,
    me: &LiveRange,
    v: ValNo,
    other: &LiveRange,
    is_copy_from_other: &mut impl FnMut(Side, SlotIndex) -> bool,
) -> Result<Resolution, Conflict> {
    let info = *me.valno(v);
    if info.is_unused() {
        return Ok(Resolution::Unused);
    }
    let d = info.def;
    // A value of the other side defined at the same entry.
    if let Some(w) = other.value_at(d) {
        let wd = other.valno(w).def;
        if SlotIndex::same_entry(wd, d) {
            let (p, q) = (info.is_phi, other.valno(w).is_phi);
            if p && q {
                // Two PHI values of one block: one value. A keeps its own.
                return Ok(if side == Side::A {
                    Resolution::Keep
                } else {
                    Resolution::Merge(w)
                });
            }
            // Two defs of one instruction (or a def at the start of a
            // block whose other side is a PHI there: cannot happen).
            return Err(Conflict { at: d });
        }
    }
    if info.is_phi {
        // Live into the block from the other side: the PHI merges into it.
        return Ok(match other.value_at(d) {
            Some(w) => Resolution::Merge(w),
            None => Resolution::Keep,
        });
    }
    // The other side's value live just before the def.
    let Some(w) = other.value_before(d) else {
        return Ok(Resolution::Keep);
    };
    if is_copy_from_other(side, d) {
        return Ok(Resolution::Erase(w));
    }
    if other.live_at(d) {
        return Err(Conflict { at: d });
    }
    // Read for the last time by the defining instruction.
    Ok(Resolution::Keep)
}

/// Joins `a` and `b` into `out` (cleared first), or reports the first
/// conflict found. `s.erased` receives the defs of the identity copies to
/// delete. See the module comment.
pub fn join(
    a: &LiveRange,
    b: &LiveRange,
    mut is_copy_from_other: impl FnMut(Side, SlotIndex) -> bool,
    s: &mut JoinScratch,
    out: &mut LiveRange,
) -> Result<(), Conflict> {
    out.clear();
    s.erased.clear();
    s.needs_shrink = false;
    s.keep.clear();
    let ranges = [a, b];
    for side in [Side::A, Side::B] {
        let (me, other) = (ranges[side.idx()], ranges[side.other().idx()]);
        let res = &mut s.res[side.idx()];
        res.clear();
        for k in 0..me.valnos().len() {
            let v = ValNo::from_u32(k as u32);
            let r = analyze(side, me, v, other, &mut is_copy_from_other)?;
            if r == Resolution::Keep {
                s.keep.push((me.valno(v).def, side, v));
            }
            if let Resolution::Erase(_) = r {
                let d = me.valno(v).def;
                s.erased.push(d);
                s.needs_shrink |= me.segment_at(d).is_none_or(|g| g.end <= d.dead());
            }
            res.push(r);
        }
        s.map[side.idx()].clear();
        s.map[side.idx()].resize(me.valnos().len(), NONE);
    }
    // Number the kept values in order of their defs.
    s.keep
        .sort_unstable_by_key(|&(d, side, v)| (d, side.idx(), v.as_u32()));
    for &(d, side, v) in &s.keep {
        let info = ranges[side.idx()].valno(v);
        let n = out.new_value(d, info.is_phi);
        s.map[side.idx()][v.index()] = n.as_u32();
    }
    // Resolve the chains of erased and merged values. Each link goes to a
    // value defined strictly earlier (or, for PHIs of one block, to A's
    // kept value), so chains end; a step limit guards anyway.
    let limit = a.valnos().len() + b.valnos().len() + 1;
    for side in [Side::A, Side::B] {
        for k in 0..s.res[side.idx()].len() {
            if s.map[side.idx()][k] != NONE {
                continue;
            }
            let (mut sd, mut v) = (side, k);
            let mut steps = 0;
            let n = loop {
                if s.map[sd.idx()][v] != NONE {
                    break s.map[sd.idx()][v];
                }
                match s.res[sd.idx()][v] {
                    Resolution::Erase(w) | Resolution::Merge(w) => {
                        sd = sd.other();
                        v = w.index();
                    }
                    Resolution::Unused => break NONE,
                    // Kept values are numbered above; reaching one
                    // unnumbered is a broken invariant, reported as a
                    // conflict (never a wrong join).
                    Resolution::Keep => {
                        return Err(Conflict {
                            at: SlotIndex::INVALID,
                        })
                    }
                }
                steps += 1;
                if steps > limit {
                    let at = ranges[side.idx()].valnos()[k].def;
                    return Err(Conflict { at });
                }
            };
            s.map[side.idx()][k] = n;
        }
    }
    // Merge the segments in start order.
    let (sa, sb) = (a.segments(), b.segments());
    let (mut i, mut j) = (0, 0);
    let mut last: Option<Segment> = None;
    while i < sa.len() || j < sb.len() {
        let take_a = j >= sb.len() || (i < sa.len() && sa[i].start <= sb[j].start);
        let (seg, side) = if take_a {
            i += 1;
            (sa[i - 1], Side::A)
        } else {
            j += 1;
            (sb[j - 1], Side::B)
        };
        let n = s.map[side.idx()][seg.valno.index()];
        if n == NONE {
            return Err(Conflict { at: seg.start });
        }
        let seg = Segment {
            valno: ValNo::from_u32(n),
            ..seg
        };
        match &mut last {
            Some(l) if l.end > seg.start || (l.end == seg.start && l.valno == seg.valno) => {
                if l.valno != seg.valno {
                    return Err(Conflict { at: seg.start });
                }
                l.end = l.end.max(seg.end);
            }
            _ => {
                if let Some(l) = last.take() {
                    out.add_segment(l);
                }
                last = Some(seg);
            }
        }
    }
    if let Some(l) = last {
        out.add_segment(l);
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::liveness::Slot;

    fn r(e: u32) -> SlotIndex {
        SlotIndex::new(e, Slot::Register)
    }
    fn blk(e: u32) -> SlotIndex {
        SlotIndex::new(e, Slot::Block)
    }

    /// One value: `(def, is_phi, [(start, end)])`.
    type Val<'a> = (SlotIndex, bool, &'a [(SlotIndex, SlotIndex)]);

    /// A range from its values.
    fn range(vals: &[Val<'_>]) -> LiveRange {
        let mut lr = LiveRange::new();
        for &(d, phi, segs) in vals {
            let v = lr.new_value(d, phi);
            for &(start, end) in segs {
                lr.add_segment(Segment {
                    start,
                    end,
                    valno: v,
                });
            }
        }
        lr.verify().unwrap();
        lr
    }

    fn no_copies(_: Side, _: SlotIndex) -> bool {
        false
    }

    #[test]
    fn disjoint_ranges_keep_every_value() {
        // %b defined at 1, last read at 3; %a defined at 3 (reads %b).
        let b = range(&[(r(1), false, &[(r(1), r(3))])]);
        let a = range(&[(r(3), false, &[(r(3), r(6))])]);
        let (mut s, mut out) = (JoinScratch::default(), LiveRange::new());
        join(&a, &b, no_copies, &mut s, &mut out).unwrap();
        out.verify().unwrap();
        assert_eq!(out.valnos().len(), 2);
        assert_eq!(out.segments().len(), 2);
        assert_eq!((out.begin(), out.end()), (r(1), r(6)));
        // Numbered by def: %b's value first.
        assert_eq!(out.value_at(r(2)).unwrap().as_u32(), 0);
        assert!(s.erased.is_empty());
    }

    #[test]
    fn copy_of_live_value_is_erased() {
        // %b = def at 1, live to 8; %a = COPY %b at 3, live to 6.
        let b = range(&[(r(1), false, &[(r(1), r(8))])]);
        let a = range(&[(r(3), false, &[(r(3), r(6))])]);
        let (mut s, mut out) = (JoinScratch::default(), LiveRange::new());
        join(
            &a,
            &b,
            |side, d| side == Side::A && d == r(3),
            &mut s,
            &mut out,
        )
        .unwrap();
        out.verify().unwrap();
        assert_eq!(out.segments().len(), 1);
        assert_eq!(out.valnos().len(), 1);
        assert_eq!(s.erased, vec![r(3)]);
        assert!(!s.needs_shrink);
        // Without the copy the same shape interferes.
        assert_eq!(
            join(&a, &b, no_copies, &mut s, &mut out),
            Err(Conflict { at: r(3) })
        );
    }

    #[test]
    fn dead_copy_is_erased_and_asks_for_shrinking() {
        // %b read only by the dead copy `%a = COPY %b` at 4.
        let b = range(&[(r(1), false, &[(r(1), r(4))])]);
        let d4 = SlotIndex::new(4, Slot::Dead);
        let a = range(&[(r(4), false, &[(r(4), d4)])]);
        let (mut s, mut out) = (JoinScratch::default(), LiveRange::new());
        join(
            &a,
            &b,
            |side, d| side == Side::A && d == r(4),
            &mut s,
            &mut out,
        )
        .unwrap();
        assert_eq!(s.erased, vec![r(4)]);
        assert!(s.needs_shrink);
        assert_eq!(out.segments().len(), 1);
    }

    #[test]
    fn redefinition_while_other_live_conflicts() {
        // The two-address shape: %d = COPY %a at 2; %d = ADD %d at 4 while
        // %a is still read at 6.
        let a = range(&[(r(1), false, &[(r(1), r(6))])]);
        let d = range(&[
            (r(2), false, &[(r(2), r(4))]),
            (r(4), false, &[(r(4), r(9))]),
        ]);
        let (mut s, mut out) = (JoinScratch::default(), LiveRange::new());
        let copy = |side: Side, i: SlotIndex| side == Side::A && i == r(2);
        assert_eq!(
            join(&d, &a, copy, &mut s, &mut out),
            Err(Conflict { at: r(4) })
        );
        // %a dies at the copy: joinable, the copy is erased, the ADD's
        // value stays.
        let a = range(&[(r(1), false, &[(r(1), r(2))])]);
        join(&d, &a, copy, &mut s, &mut out).unwrap();
        out.verify().unwrap();
        assert_eq!(s.erased, vec![r(2)]);
        assert_eq!(out.valnos().len(), 2);
        assert_eq!(out.segments().len(), 2);
        assert_eq!(out.value_at(r(3)), out.value_at(r(1)));
        assert_ne!(out.value_at(r(5)), out.value_at(r(1)));
    }

    #[test]
    fn copy_chains_resolve_to_the_first_value() {
        // %a0 at 1 (live to 10); %b = COPY %a at 3 (to 8); %a is also
        // defined at 12 by a copy from %b (%b live 11..13 by value b1).
        let a = range(&[
            (r(1), false, &[(r(1), r(10))]),
            (r(12), false, &[(r(12), r(15))]),
        ]);
        let b = range(&[
            (r(3), false, &[(r(3), r(8))]),
            (r(11), false, &[(r(11), r(12))]),
        ]);
        let copies = |side: Side, d: SlotIndex| (side == Side::B && d == r(3)) || d == r(12);
        let (mut s, mut out) = (JoinScratch::default(), LiveRange::new());
        join(&a, &b, copies, &mut s, &mut out).unwrap();
        out.verify().unwrap();
        s.erased.sort();
        assert_eq!(s.erased, vec![r(3), r(12)]);
        // Values: a0 (b0 erased into it), b1 (a1 erased into it).
        assert_eq!(out.valnos().len(), 2);
        assert_eq!(out.value_at(r(5)), out.value_at(r(1)));
        assert_eq!(out.value_at(r(14)), out.value_at(r(11)));
        assert_ne!(out.value_at(r(14)), out.value_at(r(1)));
    }

    #[test]
    fn phi_copies_of_a_loop_join() {
        // bb0 (entry 0): %t = COPY %init at 1 (init dies).
        // bb1 (entry 4): %x = COPY %t at 5 (t dies); %t = COPY %x at 7
        // after %x's last read; loops back. %x live 5..7.
        // %t: value t0 at 1 live to end of bb0 (entry 4's block start);
        // PHI value at blk(4) live to 5; value t1 at 7 live to end of bb1
        // (entry 9).
        let t = range(&[
            (r(1), false, &[(r(1), blk(4))]),
            (blk(4), true, &[(blk(4), r(5))]),
            (r(7), false, &[(r(7), blk(9))]),
        ]);
        let x = range(&[(r(5), false, &[(r(5), r(7))])]);
        let copies = |_: Side, d: SlotIndex| d == r(5) || d == r(7);
        let (mut s, mut out) = (JoinScratch::default(), LiveRange::new());
        join(&x, &t, copies, &mut s, &mut out).unwrap();
        out.verify().unwrap();
        s.erased.sort();
        assert_eq!(s.erased, vec![r(5), r(7)]);
        // The entry's value, then one loop value from the block start to
        // its end.
        assert_eq!(out.segments().len(), 2);
        // The loop value is one PHI value from 4 to the end of the block.
        assert_eq!(out.value_at(r(8)), out.value_at(blk(4)));
        assert!(out.valno(out.value_at(r(6)).unwrap()).is_phi);
    }

    #[test]
    fn phi_merges_into_value_live_through() {
        // %b live through bb at entry 4; %a has a PHI value there, fed by
        // a copy from %b in the predecessor at 2.
        let b = range(&[(r(1), false, &[(r(1), r(9))])]);
        let a = range(&[
            (r(2), false, &[(r(2), blk(4))]),
            (blk(4), true, &[(blk(4), r(6))]),
        ]);
        let copies = |side: Side, d: SlotIndex| side == Side::A && d == r(2);
        let (mut s, mut out) = (JoinScratch::default(), LiveRange::new());
        join(&a, &b, copies, &mut s, &mut out).unwrap();
        out.verify().unwrap();
        assert_eq!(out.valnos().len(), 1);
        assert_eq!(out.segments().len(), 1);
        // The predecessor's value is not a copy: the conflict shows there.
        assert_eq!(
            join(&a, &b, no_copies, &mut s, &mut out),
            Err(Conflict { at: r(2) })
        );
    }

    #[test]
    fn same_instruction_defs_conflict_and_early_clobber_over_kill() {
        // Two defs of one instruction.
        let a = range(&[(r(3), false, &[(r(3), r(5))])]);
        let b = range(&[(r(3), false, &[(r(3), r(6))])]);
        let (mut s, mut out) = (JoinScratch::default(), LiveRange::new());
        assert!(join(&a, &b, no_copies, &mut s, &mut out).is_err());
        // An early-clobber def of %a at 3 while %b is read (killed) there.
        let ec = SlotIndex::new(3, Slot::EarlyClobber);
        let a = range(&[(ec, false, &[(ec, r(5))])]);
        let b = range(&[(r(1), false, &[(r(1), r(3))])]);
        assert_eq!(
            join(&a, &b, no_copies, &mut s, &mut out),
            Err(Conflict { at: ec })
        );
        // A normal def there is fine.
        let a = range(&[(r(3), false, &[(r(3), r(5))])]);
        join(&a, &b, no_copies, &mut s, &mut out).unwrap();
    }

    #[test]
    fn unused_values_are_ignored() {
        let mut a = range(&[(r(1), false, &[(r(1), r(3))])]);
        let dead = a.new_value(r(2), false);
        a.remove_value(dead);
        let b = range(&[(r(4), false, &[(r(4), r(6))])]);
        let (mut s, mut out) = (JoinScratch::default(), LiveRange::new());
        join(&a, &b, no_copies, &mut s, &mut out).unwrap();
        assert_eq!(out.valnos().len(), 2);
    }
}
