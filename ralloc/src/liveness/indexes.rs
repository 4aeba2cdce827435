//! Slot indexes of one function (LLVM's `SlotIndexes`): every block start
//! and every instruction gets an *entry number*; [`SlotIndex`] values made
//! from them order program points.
//!
//! Numbering: blocks in layout order (`MachFunction::order`), each with
//! one entry for its start followed by one per instruction, entries
//! `spacing` apart (16 or more: see [`SlotIndexes::compute`]), and one
//! final entry for the end of the function. A block's end index is the
//! next block's start index (the function's end entry for the last block).
//!
//! Besides the numbering, each block keeps the list of its instructions in
//! index order, *including instructions inserted since the function was
//! numbered* (the edit layer, [`super::edit`], inserts through
//! [`SlotIndexes::insert`]; [`SlotIndexes::block_list`] is what
//! materializing writes into the layout). An inserted instruction gets the
//! entry halfway between its neighbours; when there is no free entry left
//! the caller renumbers everything with [`SlotIndexes::renumber`], which
//! returns the monotonic map from old to new entry numbers that the owner
//! applies to every range it keeps.
//!
//! Invariants: entry numbers increase along each block list and from
//! block to block; `index(i)` is valid exactly for the instructions in some
//! block list; an index's block is found by binary search over block
//! starts. Storage is reused from function to function.

use super::slot::{Slot, SlotIndex};
use rcc_ir::entity::{EntityId, SecondaryMap};
use rcc_mach::{iflag, MBlock, MInst, MOpc, MachFunction, TargetInfo};

/// A monotonic map of entry numbers after [`SlotIndexes::renumber`]:
/// sorted `(old entry, new entry)` pairs of every numbered entry, and a
/// direct table for the old entries on the old spacing (all of them but
/// those inserted since the last numbering): `dense[e / spacing]`.
#[derive(Default, Debug)]
pub struct Remap {
    pairs: Vec<(u32, u32)>,
    dense: Vec<u32>,
    spacing: u32,
}

impl Remap {
    /// The new index of `i` (same slot); an index between two numbered
    /// entries (never produced by the layer) maps to the earlier one's.
    pub fn map(&self, i: SlotIndex) -> SlotIndex {
        if !i.is_valid() {
            return i;
        }
        let e = i.entry();
        if e.is_multiple_of(self.spacing) {
            if let Some(&n) = self.dense.get((e / self.spacing) as usize) {
                if n != u32::MAX {
                    return SlotIndex::new(n, i.slot());
                }
            }
        }
        let k = self.pairs.partition_point(|p| p.0 <= e);
        let new = if k == 0 { 0 } else { self.pairs[k - 1].1 };
        SlotIndex::new(new, i.slot())
    }
}

/// Where nothing may be inserted after in a block (see
/// [`SlotIndexes::last_split_point`]).
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct SplitPoint {
    /// The index of `inst`'s entry, or the block end without one.
    pub idx: SlotIndex,
    /// The instruction before which insertions go (`None`: the block end).
    pub inst: Option<MInst>,
}

/// The numbering (see the module comment).
pub struct SlotIndexes {
    inst_idx: SecondaryMap<MInst, SlotIndex>,
    inst_block: SecondaryMap<MInst, u32>,
    block_start: Vec<SlotIndex>,
    block_end: Vec<SlotIndex>,
    /// Blocks in layout order with their start indexes (sorted).
    starts: Vec<(SlotIndex, MBlock)>,
    /// Per block (by `MBlock` index): `(entry, inst)` in index order.
    lists: Vec<Vec<(u32, MInst)>>,
    /// Distance between entries when numbering.
    spacing: u32,
    end: SlotIndex,
    /// How many times the function was renumbered since `compute`.
    pub renumbers: u32,
    /// Blocks whose lists still hold removed instructions
    /// ([`SlotIndexes::remove_deferred`]), and a flag per block.
    pending: Vec<MBlock>,
    pending_flag: Vec<bool>,
}

impl Default for SlotIndexes {
    fn default() -> Self {
        SlotIndexes {
            inst_idx: SecondaryMap::with_default(SlotIndex::INVALID),
            inst_block: SecondaryMap::with_default(u32::MAX),
            block_start: Vec::new(),
            block_end: Vec::new(),
            starts: Vec::new(),
            lists: Vec::new(),
            spacing: 16,
            end: SlotIndex::INVALID,
            renumbers: 0,
            pending: Vec::new(),
            pending_flag: Vec::new(),
        }
    }
}

impl SlotIndexes {
    /// The largest entry spacing used.
    pub const MAX_SPACING: u32 = 1024;
    /// The smallest entry spacing used.
    pub const MIN_SPACING: u32 = 16;

    /// Numbers `mf` (its layout as it is). The spacing is as large as the
    /// entry space allows, between [`Self::MIN_SPACING`] and
    /// [`Self::MAX_SPACING`], so renumbering is rare.
    pub fn compute(&mut self, mf: &MachFunction) {
        let n = mf.layout.len() + mf.order.len() + 1;
        let room = (1u64 << 28) / (n as u64 + 1);
        self.compute_with_spacing(
            mf,
            (room as u32).clamp(Self::MIN_SPACING, Self::MAX_SPACING),
        );
    }

    /// [`SlotIndexes::compute`] with a given spacing (tests force small
    /// gaps with it).
    pub fn compute_with_spacing(&mut self, mf: &MachFunction, spacing: u32) {
        self.spacing = spacing.max(2);
        self.renumbers = 0;
        let nb = mf.blocks.len();
        self.pending.clear();
        self.pending_flag.clear();
        self.pending_flag.resize(nb, false);
        self.inst_idx.clear_and_resize(mf.num_insts());
        self.inst_block.clear_and_resize(mf.num_insts());
        if self.lists.len() < nb {
            self.lists.resize_with(nb, Vec::new);
        }
        for l in &mut self.lists[..nb] {
            l.clear();
        }
        for l in self.lists.iter_mut().skip(nb) {
            l.clear();
        }
        for &b in &mf.order {
            let list = &mut self.lists[b.index()];
            list.extend(mf.block_insts(b).iter().map(|&i| (0, i)));
        }
        self.block_start.clear();
        self.block_start.resize(nb, SlotIndex::INVALID);
        self.block_end.clear();
        self.block_end.resize(nb, SlotIndex::INVALID);
        let order = mf.order.clone();
        self.number(&order);
    }

    /// Assigns entries to every block and listed instruction, `spacing`
    /// apart, in `order`.
    fn number(&mut self, order: &[MBlock]) {
        let s = self.spacing;
        let mut e = 0u32;
        self.starts.clear();
        for (k, &b) in order.iter().enumerate() {
            let start = SlotIndex::new(e, Slot::Block);
            self.block_start[b.index()] = start;
            if k > 0 {
                self.block_end[order[k - 1].index()] = start;
            }
            self.starts.push((start, b));
            e += s;
            for (entry, i) in self.lists[b.index()].iter_mut() {
                *entry = e;
                self.inst_idx[*i] = SlotIndex::new(e, Slot::Block);
                self.inst_block[*i] = b.as_u32();
                e += s;
            }
        }
        self.end = SlotIndex::new(e, Slot::Block);
        if let Some(&last) = order.last() {
            self.block_end[last.index()] = self.end;
        }
    }

    /// Renumbers every entry `spacing` apart again (after a gap ran out),
    /// returning the map from old to new entries.
    pub fn renumber(&mut self, out: &mut Remap) {
        self.flush();
        out.pairs.clear();
        let order: Vec<MBlock> = self.starts.iter().map(|&(_, b)| b).collect();
        for &b in &order {
            out.pairs.push((self.block_start[b.index()].entry(), 0));
            for &(e, _) in &self.lists[b.index()] {
                out.pairs.push((e, 0));
            }
        }
        out.pairs.push((self.end.entry(), 0));
        out.spacing = self.spacing;
        let n = out.pairs.len() as u64;
        let room = (1u64 << 28) / (n + 1);
        self.spacing = (room as u32).clamp(Self::MIN_SPACING, Self::MAX_SPACING);
        self.number(&order);
        let mut k = 0;
        for &b in &order {
            out.pairs[k].1 = self.block_start[b.index()].entry();
            k += 1;
            for &(e, _) in &self.lists[b.index()] {
                out.pairs[k].1 = e;
                k += 1;
            }
        }
        out.pairs[k].1 = self.end.entry();
        out.dense.clear();
        let last = out.pairs.last().map_or(0, |p| p.0 / out.spacing);
        out.dense.resize(last as usize + 1, u32::MAX);
        for &(o, n) in &out.pairs {
            if o.is_multiple_of(out.spacing) {
                out.dense[(o / out.spacing) as usize] = n;
            }
        }
        self.renumbers += 1;
    }

    /// The current distance between entries of consecutive instructions
    /// (before insertions).
    pub fn spacing(&self) -> u32 {
        self.spacing
    }

    /// The index (block slot) of instruction `i`; `INVALID` if it is not
    /// numbered.
    #[inline]
    pub fn index(&self, i: MInst) -> SlotIndex {
        self.inst_idx[i]
    }

    /// Whether `i` is numbered (in some block list).
    pub fn is_numbered(&self, i: MInst) -> bool {
        self.inst_idx[i].is_valid()
    }

    /// The block holding numbered instruction `i`.
    pub fn inst_block(&self, i: MInst) -> Option<MBlock> {
        let b = self.inst_block[i];
        (b != u32::MAX).then(|| MBlock::from_u32(b))
    }

    /// The start index of `b` (where its live-in values begin).
    #[inline]
    pub fn block_start(&self, b: MBlock) -> SlotIndex {
        self.block_start[b.index()]
    }

    /// The end index of `b`: the next block's start (exclusive end of
    /// live-out segments).
    #[inline]
    pub fn block_end(&self, b: MBlock) -> SlotIndex {
        self.block_end[b.index()]
    }

    /// The end of the function (after the last block).
    pub fn end(&self) -> SlotIndex {
        self.end
    }

    /// Blocks in layout order with their start indexes.
    pub fn blocks(&self) -> &[(SlotIndex, MBlock)] {
        &self.starts
    }

    /// The block containing index `i` (by binary search).
    pub fn block_of(&self, i: SlotIndex) -> Option<MBlock> {
        if !i.is_valid() || i >= self.end {
            return None;
        }
        let k = self.starts.partition_point(|&(s, _)| s <= i);
        (k > 0).then(|| self.starts[k - 1].1)
    }

    /// The instructions of `b` in index order, with their entries
    /// (including inserted, not yet materialized ones; and, until
    /// [`SlotIndexes::flush`], instructions removed with
    /// [`SlotIndexes::remove_deferred`]: `is_numbered` is false for them).
    pub fn block_list(&self, b: MBlock) -> &[(u32, MInst)] {
        self.lists.get(b.index()).map_or(&[], |l| l.as_slice())
    }

    /// The instruction whose entry is `i`'s, if any.
    pub fn inst_at(&self, i: SlotIndex) -> Option<MInst> {
        let b = self.block_of(i)?;
        let l = &self.lists[b.index()];
        let k = l.partition_point(|&(e, _)| e < i.entry());
        l.get(k)
            .filter(|&&(e, m)| e == i.entry() && self.inst_idx[m].is_valid())
            .map(|&(_, m)| m)
    }

    /// The first instruction at or after `i` in `i`'s block.
    pub fn inst_at_or_after(&self, i: SlotIndex) -> Option<MInst> {
        let b = self.block_of(i)?;
        let l = &self.lists[b.index()];
        let k = l.partition_point(|&(e, _)| e < i.entry());
        l.get(k).map(|&(_, m)| m)
    }

    /// The last instruction at or before `i` in `i`'s block.
    pub fn inst_at_or_before(&self, i: SlotIndex) -> Option<MInst> {
        let b = self.block_of(i)?;
        let l = &self.lists[b.index()];
        let k = l.partition_point(|&(e, _)| e <= i.entry());
        (k > 0).then(|| l[k - 1].1)
    }

    /// Numbers `new` and lists it in block `b` before `before` (`None`: at
    /// the end of the block). Returns `None` when no entry is free between
    /// the neighbours: the caller renumbers ([`SlotIndexes::renumber`])
    /// and tries again. `before` must be in `b`'s list.
    pub fn insert(&mut self, b: MBlock, before: Option<MInst>, new: MInst) -> Option<SlotIndex> {
        self.flush();
        let l = &self.lists[b.index()];
        let pos = match before {
            Some(x) => {
                let e = self.inst_idx[x].entry();
                l.partition_point(|&(f, _)| f < e)
            }
            None => l.len(),
        };
        let lo = if pos == 0 {
            self.block_start[b.index()].entry()
        } else {
            l[pos - 1].0
        };
        let hi = match l.get(pos) {
            Some(&(e, _)) => e,
            None => self.block_end[b.index()].entry(),
        };
        if hi - lo < 2 {
            return None;
        }
        let e = lo + (hi - lo) / 2;
        self.lists[b.index()].insert(pos, (e, new));
        let idx = SlotIndex::new(e, Slot::Block);
        self.inst_idx[new] = idx;
        self.inst_block[new] = b.as_u32();
        Some(idx)
    }

    /// Puts `new` (created, not numbered) in `old`'s place: same entry,
    /// same block; `old` is no longer numbered. Ranges that mention the
    /// index stay valid (LLVM's `ReplaceMachineInstrInMaps`).
    pub fn replace(&mut self, old: MInst, new: MInst) {
        self.flush();
        let idx = self.inst_idx[old];
        let Some(b) = self.inst_block(old) else {
            return;
        };
        let l = &mut self.lists[b.index()];
        let k = l.partition_point(|&(e, _)| e < idx.entry());
        if let Some(x) = l.get_mut(k).filter(|x| x.1 == old) {
            x.1 = new;
        }
        self.inst_idx[new] = idx;
        self.inst_block[new] = b.as_u32();
        self.inst_idx[old] = SlotIndex::INVALID;
        self.inst_block[old] = u32::MAX;
    }

    /// Removes `i` from its block list; its index becomes `INVALID`.
    pub fn remove(&mut self, i: MInst) {
        let idx = self.inst_idx[i];
        let Some(b) = self.inst_block(i) else { return };
        let l = &mut self.lists[b.index()];
        let k = l.partition_point(|&(e, _)| e < idx.entry());
        if l.get(k).is_some_and(|&(_, m)| m == i) {
            l.remove(k);
        }
        self.inst_idx[i] = SlotIndex::INVALID;
        self.inst_block[i] = u32::MAX;
    }

    /// Unnumbers `i` at once but leaves its entry in its block's list until
    /// [`SlotIndexes::flush`] (which every other edit runs first): many
    /// removals from one long block cost one pass over its list instead of
    /// one shift each (the coalescer deletes thousands of copies).
    pub fn remove_deferred(&mut self, i: MInst) {
        let Some(b) = self.inst_block(i) else { return };
        if !self.pending_flag[b.index()] {
            self.pending_flag[b.index()] = true;
            self.pending.push(b);
        }
        self.inst_idx[i] = SlotIndex::INVALID;
        self.inst_block[i] = u32::MAX;
    }

    /// Drops the entries of deferred removals from the block lists.
    pub fn flush(&mut self) {
        for b in std::mem::take(&mut self.pending) {
            self.pending_flag[b.index()] = false;
            let idx = &self.inst_idx;
            self.lists[b.index()].retain(|&(_, m)| idx[m].is_valid());
        }
    }

    /// The point before which everything inserted at the end of `b` must go
    /// (LLVM's `getLastSplitPoint`): the first terminator; in a block with
    /// a landing-pad successor, the last call (the one that may unwind),
    /// so values live into the pad are in place before it; otherwise the
    /// block end.
    pub fn last_split_point(&self, mf: &MachFunction, t: &dyn TargetInfo, b: MBlock) -> SplitPoint {
        let l = self.block_list(b);
        let flags = |i: MInst| mf.opc(i).as_target().map_or(0, |op| t.inst_flags(op));
        let mut k = l.len();
        while k > 0 && flags(l[k - 1].1) & iflag::TERMINATOR != 0 {
            k -= 1;
        }
        if mf.eh.has_pads() && mf.succs(b).iter().any(|&s| mf.eh.is_pad(s)) {
            if let Some(c) = l[..k]
                .iter()
                .rposition(|&(_, i)| flags(i) & iflag::CALL != 0)
            {
                k = c;
            }
        }
        match l.get(k) {
            Some(&(e, i)) => SplitPoint {
                idx: SlotIndex::new(e, Slot::Block),
                inst: Some(i),
            },
            None => SplitPoint {
                idx: self.block_end(b),
                inst: None,
            },
        }
    }

    /// The first point of `b` after its PHIs and leading labels (a landing
    /// pad's `EH_LABEL`), where insertions at the block's top go: the
    /// instruction to insert before (`None`: the block is empty past them).
    pub fn first_insert_point(&self, mf: &MachFunction, b: MBlock) -> SplitPoint {
        let l = self.block_list(b);
        let k = l
            .iter()
            .position(|&(_, i)| !matches!(mf.opc(i), MOpc::PHI | MOpc::EH_LABEL))
            .unwrap_or(l.len());
        match l.get(k) {
            Some(&(e, i)) => SplitPoint {
                idx: SlotIndex::new(e, Slot::Block),
                inst: Some(i),
            },
            None => SplitPoint {
                idx: self.block_end(b),
                inst: None,
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rcc_mach::Operand;

    fn func(blocks: &[usize]) -> MachFunction {
        let mut mf = MachFunction::new(rcc_ir::GlobalId::from_u32(0));
        let bs: Vec<MBlock> = blocks.iter().map(|_| mf.create_block(0)).collect();
        for (k, &n) in blocks.iter().enumerate() {
            mf.begin_block(bs[k]);
            for _ in 0..n {
                mf.push(MOpc::KILL, &[Operand::imm(0)]);
            }
            mf.end_block(&[]);
        }
        mf
    }

    #[test]
    fn numbering_blocks_and_lookup() {
        let mf = func(&[2, 0, 3]);
        let mut si = SlotIndexes::default();
        si.compute_with_spacing(&mf, 16);
        let b: Vec<MBlock> = mf.order.clone();
        assert_eq!(si.block_start(b[0]), SlotIndex::new(0, Slot::Block));
        assert_eq!(si.index(mf.layout[0]).entry(), 16);
        assert_eq!(si.index(mf.layout[1]).entry(), 32);
        assert_eq!(si.block_end(b[0]), si.block_start(b[1]));
        assert_eq!(si.block_start(b[1]).entry(), 48);
        assert_eq!(si.block_start(b[2]).entry(), 64);
        assert_eq!(si.block_end(b[2]), si.end());
        assert_eq!(si.block_of(si.index(mf.layout[3]).reg()), Some(b[2]));
        assert_eq!(si.block_of(si.block_start(b[1])), Some(b[1]));
        assert_eq!(
            si.inst_at(si.index(mf.layout[1]).dead()),
            Some(mf.layout[1])
        );
        assert_eq!(si.inst_at(si.block_start(b[0])), None);
        assert_eq!(
            si.inst_at_or_after(si.block_start(b[0])),
            Some(mf.layout[0])
        );
        assert_eq!(si.block_of(si.end()), None);
    }

    #[test]
    fn insertion_bisects_then_asks_for_renumbering() {
        let mut mf = func(&[2, 1]);
        let mut si = SlotIndexes::default();
        si.compute_with_spacing(&mf, 4);
        let b0 = mf.order[0];
        let a = mf.layout[1];
        let x = mf.create(MOpc::KILL, &[]);
        assert_eq!(si.insert(b0, Some(a), x).map(|i| i.entry()), Some(6));
        let y = mf.create(MOpc::KILL, &[]);
        assert_eq!(si.insert(b0, Some(a), y).map(|i| i.entry()), Some(7));
        let z = mf.create(MOpc::KILL, &[]);
        assert_eq!(si.insert(b0, Some(a), z), None);
        let mut remap = Remap::default();
        let old_a = si.index(a);
        si.renumber(&mut remap);
        assert_eq!(remap.map(old_a.reg()), si.index(a).reg());
        assert!(si.insert(b0, Some(a), z).is_some());
        let order: Vec<MInst> = si.block_list(b0).iter().map(|&(_, i)| i).collect();
        assert_eq!(order, vec![mf.layout[0], x, y, z, a]);
        // At the end of a block.
        let w = mf.create(MOpc::KILL, &[]);
        let wi = si.insert(b0, None, w).unwrap();
        assert!(wi > si.index(a) && wi < si.block_end(b0));
        si.remove(x);
        assert!(!si.is_numbered(x));
        assert_eq!(si.block_list(b0).len(), 5);
    }
}
