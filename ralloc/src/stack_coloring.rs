//! Stack slot coloring (LLVM's StackSlotColoring): after register
//! allocation has rewritten every register (frame indices not yet
//! eliminated), spill slots whose live ranges do not overlap share one
//! stack location, and the slots left unused are dropped.
//!
//! What it owns: the liveness of spill slots, the coloring, and the rewrite
//! of frame operands naming merged slots. Only [`FrameKind::Spill`] objects
//! are considered; locals, fixed objects and the scratch slot are never
//! touched.
//!
//! Liveness comes from the code. Program points are instruction positions
//! in layout order (blocks in `order`); a slot's live range is a sorted
//! list of disjoint half-open position intervals. A whole-slot store (the
//! target's `stack_slot_store` of the slot's full size) starts a value: the
//! slot is live from that position. Any other access of the slot is a read:
//! the slot is live up to and including it. Values flow backwards over the
//! CFG from each read not preceded by a store in its block, per slot, only
//! through the blocks the range covers (a worklist with per-block stamps,
//! so the work is the size of the ranges, as LLVM's live-range computation).
//! A slot whose address is used as a value (an access that neither loads
//! nor stores, a call, a generic instruction such as inline assembly) is
//! kept apart: it is neither merged nor given to another slot.
//!
//! Coloring: slots in decreasing reference count (index order on ties), each
//! to the first color whose union of ranges it does not overlap, else a new
//! color; the work is slots x colors overlap tests (a binary search in the
//! color's union per segment of the slot), as in LLVM. A color's
//! object is its first (heaviest) slot, grown to the largest size and
//! alignment among its members. Every frame operand naming a merged slot is
//! rewritten; merged and unreferenced slots keep their index (other frame
//! indices held by the target stay valid) with size 0 and alignment 1, so
//! frame layout gives them no space.
//!
//! Invariants after the pass: no two spill slots live at the same position
//! share an object; every object referenced by an instruction has a
//! non-zero size or was zero-sized before.

use rcc_ir::entity::EntityId;
use rcc_mach::{iflag, FrameIdx, FrameKind, MBlock, MachFunction, OpKind, Operand, TargetInfo};

const NONE: u32 = u32::MAX;

/// One access of a spill slot.
#[derive(Copy, Clone, Debug)]
struct SlotRef {
    slot: u32,
    pos: u32,
    block: u32,
    /// A whole-slot store: starts a new value.
    kill: bool,
}

/// What the pass counted (`-stats`).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct ColoringStats {
    /// Spill slots before coloring.
    pub spill_slots: usize,
    /// Spill slots merged into another or dropped as unreferenced.
    pub eliminated: usize,
}

/// Buffers reused from function to function (one per worker).
#[derive(Default, Debug)]
pub struct Scratch {
    /// Per frame object: its dense spill-slot number, or `NONE`.
    slot_of: Vec<u32>,
    /// Per spill slot: its frame object.
    slots: Vec<FrameIdx>,
    refs: Vec<SlotRef>,
    sorted: Vec<SlotRef>,
    /// Per slot: start of its references in `sorted` (`len + 1` entries).
    ref_start: Vec<u32>,
    weight: Vec<u32>,
    apart: Vec<bool>,
    /// Per block: first position and one past the last.
    bstart: Vec<u32>,
    bend: Vec<u32>,
    /// Predecessors in CSR form.
    pred_start: Vec<u32>,
    preds: Vec<u32>,
    /// Per block stamps (slot + 1) for the slot being computed.
    info_stamp: Vec<u32>,
    has_kill: Vec<bool>,
    first_is_read: Vec<bool>,
    in_stamp: Vec<u32>,
    out_stamp: Vec<u32>,
    worklist: Vec<u32>,
    /// Live ranges: per slot a range of `segs`.
    segs: Vec<(u32, u32)>,
    seg_range: Vec<(u32, u32)>,
    order: Vec<u32>,
    /// Per color: union of ranges, sorted and disjoint; the first slot.
    colors: Vec<Vec<(u32, u32)>>,
    color_rep: Vec<u32>,
    color_closed: Vec<bool>,
    num_colors: usize,
    color_of: Vec<u32>,
}

/// Colors the spill slots of `mf` (all registers physical, frame indices
/// not eliminated).
pub fn color_stack_slots(
    mf: &mut MachFunction,
    t: &dyn TargetInfo,
    s: &mut Scratch,
) -> ColoringStats {
    let nobj = mf.frame.objects.len();
    s.slot_of.clear();
    s.slot_of.resize(nobj, NONE);
    s.slots.clear();
    for (fi, o) in mf.frame.objects.iter() {
        if o.kind == FrameKind::Spill {
            s.slot_of[fi.index()] = s.slots.len() as u32;
            s.slots.push(fi);
        }
    }
    let n = s.slots.len();
    let mut stats = ColoringStats {
        spill_slots: n,
        eliminated: 0,
    };
    if n == 0 {
        return stats;
    }
    collect_refs(mf, t, s);
    sort_refs(s, n);
    let nblocks = mf.blocks.len();
    build_preds(mf, s, nblocks);
    for v in [&mut s.info_stamp, &mut s.in_stamp, &mut s.out_stamp] {
        v.clear();
        v.resize(nblocks, 0);
    }
    s.has_kill.clear();
    s.has_kill.resize(nblocks, false);
    s.first_is_read.clear();
    s.first_is_read.resize(nblocks, false);
    s.segs.clear();
    s.seg_range.clear();
    for slot in 0..n {
        live_range(s, slot as u32);
    }
    color(s, n);
    stats.eliminated = rewrite(mf, s, n);
    stats
}

/// Every access of a spill slot, in position order; marks slots whose
/// accesses are not plain loads and stores.
fn collect_refs(mf: &MachFunction, t: &dyn TargetInfo, s: &mut Scratch) {
    let n = s.slots.len();
    s.refs.clear();
    s.weight.clear();
    s.weight.resize(n, 0);
    s.apart.clear();
    s.apart.resize(n, false);
    let nblocks = mf.blocks.len();
    s.bstart.clear();
    s.bstart.resize(nblocks, 0);
    s.bend.clear();
    s.bend.resize(nblocks, 0);
    let mut pos = 0u32;
    for &b in &mf.order {
        s.bstart[b.index()] = pos;
        for &i in mf.block_insts(b) {
            let spill_ref = |o: &Operand| {
                o.kind() == OpKind::Frame
                    && s.slot_of
                        .get(o.payload() as usize)
                        .is_some_and(|&k| k != NONE)
            };
            if !mf.operands(i).iter().any(spill_ref) {
                pos += 1;
                continue;
            }
            let store = t.stack_slot_store(mf, i);
            let flags = mf.opc(i).as_target().map(|op| t.inst_flags(op));
            let plain_access = flags.is_some_and(|f| {
                f & (iflag::MAY_LOAD | iflag::MAY_STORE) != 0 && f & iflag::CALL == 0
            });
            for o in mf.operands(i) {
                if o.kind() != OpKind::Frame {
                    continue;
                }
                let Some(&slot) = s.slot_of.get(o.payload() as usize) else {
                    continue;
                };
                if slot == NONE {
                    continue;
                }
                let fi = s.slots[slot as usize];
                let kill =
                    store.is_some_and(|(sf, bytes)| sf == fi && bytes == mf.frame.objects[fi].size);
                s.weight[slot as usize] += 1;
                if !plain_access {
                    s.apart[slot as usize] = true;
                }
                s.refs.push(SlotRef {
                    slot,
                    pos,
                    block: b.as_u32(),
                    kill,
                });
            }
            pos += 1;
        }
        s.bend[b.index()] = pos;
    }
}

/// Groups the references by slot, keeping position order (counting sort).
fn sort_refs(s: &mut Scratch, n: usize) {
    s.ref_start.clear();
    s.ref_start.resize(n + 1, 0);
    for r in &s.refs {
        s.ref_start[r.slot as usize + 1] += 1;
    }
    for k in 0..n {
        s.ref_start[k + 1] += s.ref_start[k];
    }
    s.sorted.clear();
    s.sorted.resize(
        s.refs.len(),
        SlotRef {
            slot: 0,
            pos: 0,
            block: 0,
            kill: false,
        },
    );
    // `order` doubles as the fill cursor per slot here.
    s.order.clear();
    s.order.extend_from_slice(&s.ref_start[..n]);
    for r in &s.refs {
        let c = &mut s.order[r.slot as usize];
        s.sorted[*c as usize] = *r;
        *c += 1;
    }
}

fn build_preds(mf: &MachFunction, s: &mut Scratch, nblocks: usize) {
    s.pred_start.clear();
    s.pred_start.resize(nblocks + 1, 0);
    for &b in &mf.order {
        for &succ in mf.succs(b) {
            s.pred_start[succ.index() + 1] += 1;
        }
    }
    for k in 0..nblocks {
        s.pred_start[k + 1] += s.pred_start[k];
    }
    s.preds.clear();
    s.preds.resize(s.pred_start[nblocks] as usize, 0);
    s.worklist.clear();
    s.worklist.extend_from_slice(&s.pred_start[..nblocks]);
    for &b in &mf.order {
        for &succ in mf.succs(b) {
            let c = &mut s.worklist[succ.index()];
            s.preds[*c as usize] = b.as_u32();
            *c += 1;
        }
    }
    s.worklist.clear();
}

/// Computes the live range of `slot` into `segs` / `seg_range`.
fn live_range(s: &mut Scratch, slot: u32) {
    let stamp = slot + 1;
    let (a, b) = (
        s.ref_start[slot as usize] as usize,
        s.ref_start[slot as usize + 1] as usize,
    );
    let seg_begin = s.segs.len() as u32;
    // Per block facts of this slot.
    for r in &s.sorted[a..b] {
        let blk = r.block as usize;
        if s.info_stamp[blk] != stamp {
            s.info_stamp[blk] = stamp;
            s.first_is_read[blk] = !r.kill;
            s.has_kill[blk] = false;
        }
        s.has_kill[blk] |= r.kill;
    }
    // Live-in blocks: upward-exposed reads, then backwards through blocks
    // without a store.
    s.worklist.clear();
    for r in &s.sorted[a..b] {
        let blk = r.block as usize;
        if s.first_is_read[blk] && s.in_stamp[blk] != stamp {
            s.in_stamp[blk] = stamp;
            s.worklist.push(r.block);
        }
    }
    while let Some(blk) = s.worklist.pop() {
        let (p0, p1) = (
            s.pred_start[blk as usize] as usize,
            s.pred_start[blk as usize + 1] as usize,
        );
        for k in p0..p1 {
            let p = s.preds[k] as usize;
            if s.out_stamp[p] == stamp {
                continue;
            }
            s.out_stamp[p] = stamp;
            let referenced = s.info_stamp[p] == stamp;
            if !(referenced && s.has_kill[p]) && s.in_stamp[p] != stamp {
                s.in_stamp[p] = stamp;
                s.worklist.push(p as u32);
                if !referenced {
                    // Live through a block that never touches the slot.
                    s.segs.push((s.bstart[p], s.bend[p]));
                }
            }
        }
    }
    // Segments inside the blocks that access the slot.
    let mut k = a;
    while k < b {
        let blk = s.sorted[k].block as usize;
        let mut cur = s.first_is_read[blk].then_some(s.bstart[blk]);
        let mut last_end = s.bstart[blk];
        while k < b && s.sorted[k].block as usize == blk {
            let r = s.sorted[k];
            if r.kill {
                if let Some(c) = cur.filter(|&c| last_end > c) {
                    s.segs.push((c, last_end));
                }
                cur = Some(r.pos);
            }
            last_end = r.pos + 1;
            k += 1;
        }
        let end = if s.out_stamp[blk] == stamp {
            s.bend[blk]
        } else {
            last_end
        };
        if let Some(c) = cur {
            s.segs.push((c, end.max(c + 1)));
        }
    }
    // Sort and join the slot's segments.
    let seg = &mut s.segs[seg_begin as usize..];
    seg.sort_unstable();
    let mut w = seg_begin as usize;
    for r in seg_begin as usize..s.segs.len() {
        let x = s.segs[r];
        if w > seg_begin as usize && s.segs[w - 1].1 >= x.0 {
            s.segs[w - 1].1 = s.segs[w - 1].1.max(x.1);
        } else {
            s.segs[w] = x;
            w += 1;
        }
    }
    s.segs.truncate(w);
    s.seg_range.push((seg_begin, w as u32));
}

/// Whether `range` intersects `union` (both sorted lists of disjoint
/// half-open intervals): a binary search in the union per segment of the
/// range, as a slot's range has few segments and a color's union many.
fn overlaps(union: &[(u32, u32)], range: &[(u32, u32)]) -> bool {
    range.iter().any(|&(a, b)| {
        let i = union.partition_point(|u| u.1 <= a);
        i < union.len() && union[i].0 < b
    })
}

/// Adds the segments of `range` (not intersecting `union`) to `union`,
/// keeping it sorted.
fn insert_range(union: &mut Vec<(u32, u32)>, range: &[(u32, u32)]) {
    for &seg in range {
        let i = union.partition_point(|u| u.0 < seg.0);
        union.insert(i, seg);
    }
}

fn color(s: &mut Scratch, n: usize) {
    s.order.clear();
    s.order
        .extend((0..n as u32).filter(|&k| s.weight[k as usize] > 0));
    let weight = &s.weight;
    s.order
        .sort_by_key(|&k| (std::cmp::Reverse(weight[k as usize]), k));
    s.color_of.clear();
    s.color_of.resize(n, NONE);
    s.color_rep.clear();
    s.color_closed.clear();
    s.num_colors = 0;
    for idx in 0..s.order.len() {
        let k = s.order[idx] as usize;
        let (a, b) = s.seg_range[k];
        let range = &s.segs[a as usize..b as usize];
        let found = if s.apart[k] {
            None
        } else {
            (0..s.num_colors).find(|&c| !s.color_closed[c] && !overlaps(&s.colors[c], range))
        };
        let c = match found {
            Some(c) => {
                insert_range(&mut s.colors[c], range);
                c
            }
            None => {
                let c = s.num_colors;
                s.num_colors += 1;
                if s.colors.len() <= c {
                    s.colors.push(Vec::new());
                }
                s.colors[c].clear();
                s.colors[c].extend_from_slice(range);
                s.color_rep.push(k as u32);
                s.color_closed.push(s.apart[k]);
                c
            }
        };
        s.color_of[k] = c as u32;
    }
}

/// Grows each color's object, points frame operands at it and empties the
/// other slots. Returns how many slots were eliminated.
fn rewrite(mf: &mut MachFunction, s: &mut Scratch, n: usize) -> usize {
    let mut eliminated = 0;
    for k in 0..n {
        let fi = s.slots[k];
        let c = s.color_of[k];
        if c == NONE {
            // Never referenced.
            let o = &mut mf.frame.objects[fi];
            if o.size != 0 || o.align != 1 {
                eliminated += 1;
            }
            o.size = 0;
            o.align = 1;
            continue;
        }
        let rep = s.slots[s.color_rep[c as usize] as usize];
        if rep == fi {
            continue;
        }
        let (size, align) = (mf.frame.objects[fi].size, mf.frame.objects[fi].align);
        let r = &mut mf.frame.objects[rep];
        r.size = r.size.max(size);
        r.align = r.align.max(align);
        let o = &mut mf.frame.objects[fi];
        o.size = 0;
        o.align = 1;
        eliminated += 1;
    }
    if eliminated == 0 {
        return 0;
    }
    for bi in 0..mf.order.len() {
        let b: MBlock = mf.order[bi];
        let d = mf.blocks[b];
        for p in d.start..d.end {
            let i = mf.layout[p as usize];
            for o in mf.operands_mut(i) {
                if o.kind() != OpKind::Frame {
                    continue;
                }
                let Some(&k) = s.slot_of.get(o.payload() as usize) else {
                    continue;
                };
                if k == NONE || s.color_of[k as usize] == NONE {
                    continue;
                }
                let rep = s.slots[s.color_rep[s.color_of[k as usize] as usize] as usize];
                *o = Operand::frame(rep);
            }
        }
    }
    eliminated
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn overlap_tests_and_insertion() {
        let mut u = vec![(0, 4), (10, 12)];
        assert!(!overlaps(&u, &[(4, 10)]));
        assert!(overlaps(&u, &[(3, 5)]));
        assert!(overlaps(&u, &[(5, 6), (11, 20)]));
        assert!(!overlaps(&u, &[(12, 13), (20, 30)]));
        assert!(!overlaps(&[], &[(0, 100)]));
        insert_range(&mut u, &[(4, 6), (12, 14), (20, 21)]);
        assert_eq!(u, [(0, 4), (4, 6), (10, 12), (12, 14), (20, 21)]);
        assert!(overlaps(&u, &[(13, 15)]));
        assert!(!overlaps(&u, &[(6, 10), (14, 20)]));
    }
}
