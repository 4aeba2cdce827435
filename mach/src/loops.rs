//! Machine loop information (LLVM's MachineLoopInfo): the natural loops of
//! a machine function, nested into a loop tree.
//!
//! A natural loop is a header `h` with back edges `l -> h` from blocks `l`
//! that `h` dominates (the latches); its blocks are those that reach a
//! latch backwards without passing `h`. Loops are found as LLVM does:
//! headers in reverse RPO (a dominated header, so an inner loop, comes
//! first), each discovered by a backward walk from its latches that jumps
//! over the subloops already found (from a subloop's outermost known
//! ancestor to that ancestor's header's predecessors). A cycle without a
//! dominating header (irreducible) is not a loop; unreachable blocks are
//! in no loop.
//!
//! Storage (data-oriented): loops in a `PrimaryMap` numbered in RPO of
//! their headers, so a loop's parent has a smaller id than the loop and a
//! walk over ids in reverse visits inner loops first; each loop's blocks,
//! latches and exiting blocks are ranges of flat pools; blocks of a loop
//! are in RPO, the header first. Per block: the innermost loop.
//!
//! Invariants: computed from one state of the function and its [`MCfg`];
//! never updated. Cost: the discovery walk is linear in the CFG plus the
//! subloop jumps; the pools hold each block once per enclosing loop (the
//! output size, as LLVM's per-loop block vectors). Buffers are kept by
//! [`MachineLoops::compute_into`] from function to function.

use crate::cfg::MCfg;
use crate::func::{MBlock, MachFunction};
use rcc_ir::entity::{EntityId, PackedOption, PoolRange, PrimaryMap};
use rcc_ir::entity_id;

entity_id!(
    /// A natural loop of a machine function.
    pub struct MLoop,
    "loop"
);

/// One loop.
#[derive(Copy, Clone, Debug)]
pub struct LoopData {
    /// The block every edge into the loop enters by.
    pub header: MBlock,
    /// The innermost loop containing this one.
    pub parent: PackedOption<MLoop>,
    /// 1 for an outermost loop.
    pub depth: u32,
    blocks: PoolRange,
    latches: PoolRange,
    exiting: PoolRange,
}

/// The loop tree of one machine function (see the module comment).
#[derive(Default, Debug)]
pub struct MachineLoops {
    loops: PrimaryMap<MLoop, LoopData>,
    /// Innermost loop of every block (none outside loops).
    innermost: Vec<PackedOption<MLoop>>,
    block_pool: Vec<MBlock>,
    latch_pool: Vec<MBlock>,
    exiting_pool: Vec<MBlock>,
    // Scratch of `compute_into`.
    /// Loops as discovered (innermost first): header and parent by
    /// discovery index.
    found: Vec<(MBlock, u32)>,
    work: Vec<MBlock>,
    back: Vec<MBlock>,
    count: Vec<u32>,
}

const NO: u32 = u32::MAX;

impl MachineLoops {
    /// The loops of `mf` (whose CFG is `cfg`).
    pub fn compute(mf: &MachFunction, cfg: &MCfg) -> MachineLoops {
        let mut l = MachineLoops::default();
        l.compute_into(mf, cfg);
        l
    }

    /// Recomputes the loops of `mf` into `self`, reusing its buffers.
    pub fn compute_into(&mut self, mf: &MachFunction, cfg: &MCfg) {
        let n = mf.blocks.len();
        self.loops.clear();
        self.block_pool.clear();
        self.latch_pool.clear();
        self.exiting_pool.clear();
        self.found.clear();
        self.innermost.clear();
        self.innermost.resize(n, PackedOption::NONE);
        // During discovery `innermost` holds discovery indices.
        for &h in cfg.rpo.iter().rev() {
            self.back.clear();
            for &p in cfg.preds(h) {
                if cfg.is_reachable(p) && cfg.dominates(h, p) && !self.back.contains(&p) {
                    self.back.push(p);
                }
            }
            if self.back.is_empty() {
                continue;
            }
            let id = self.found.len() as u32;
            self.found.push((h, NO));
            self.work.clear();
            self.work.extend_from_slice(&self.back);
            while let Some(b) = self.work.pop() {
                if !cfg.is_reachable(b) {
                    continue;
                }
                match self.innermost[b.index()].expand() {
                    None => {
                        self.innermost[b.index()] = PackedOption::some(MLoop::from_u32(id));
                        if b != h {
                            self.work.extend_from_slice(cfg.preds(b));
                        }
                    }
                    Some(sub) => {
                        let mut top = sub.as_u32();
                        while self.found[top as usize].1 != NO {
                            top = self.found[top as usize].1;
                        }
                        if top == id {
                            continue;
                        }
                        self.found[top as usize].1 = id;
                        let sh = self.found[top as usize].0;
                        for &p in cfg.preds(sh) {
                            // Edges inside the subloop are its back edges.
                            if !self.in_found(p, top) {
                                self.work.push(p);
                            }
                        }
                    }
                }
            }
        }
        self.finish(mf, cfg);
    }

    /// During discovery: whether block `b` is in discovered loop `l`.
    fn in_found(&self, b: MBlock, l: u32) -> bool {
        let mut k = match self.innermost[b.index()].expand() {
            Some(x) => x.as_u32(),
            None => return false,
        };
        loop {
            if k == l {
                return true;
            }
            k = self.found[k as usize].1;
            if k == NO {
                return false;
            }
        }
    }

    /// Renumbers the discovered loops in header RPO order and fills the
    /// pools.
    fn finish(&mut self, mf: &MachFunction, cfg: &MCfg) {
        let m = self.found.len() as u32;
        // Discovery is in reverse header RPO: id = m - 1 - discovery index.
        let renum = |k: u32| MLoop::from_u32(m - 1 - k);
        for k in (0..m).rev() {
            let (header, parent) = self.found[k as usize];
            let parent = (parent != NO).then(|| renum(parent));
            let depth = parent.map_or(1, |p| self.loops[p].depth + 1);
            self.loops.push(LoopData {
                header,
                parent: parent.into(),
                depth,
                blocks: PoolRange::EMPTY,
                latches: PoolRange::EMPTY,
                exiting: PoolRange::EMPTY,
            });
        }
        for x in self.innermost.iter_mut() {
            if let Some(k) = x.expand() {
                *x = PackedOption::some(renum(k.as_u32()));
            }
        }
        // Blocks: a counting sort over (loop, block in RPO) pairs.
        self.count.clear();
        self.count.resize(m as usize + 1, 0);
        for &b in &cfg.rpo {
            let mut l = self.innermost[b.index()].expand();
            while let Some(x) = l {
                self.count[x.index() + 1] += 1;
                l = self.loops[x].parent.expand();
            }
        }
        for k in 0..m as usize {
            self.count[k + 1] += self.count[k];
        }
        for l in self.loops.keys() {
            let at = self.count[l.index()];
            self.loops[l].blocks = PoolRange { start: at, end: at };
        }
        self.block_pool
            .resize(self.count[m as usize] as usize, MBlock::from_u32(0));
        for &b in &cfg.rpo {
            let mut l = self.innermost[b.index()].expand();
            while let Some(x) = l {
                let d = &mut self.loops[x];
                self.block_pool[d.blocks.end as usize] = b;
                d.blocks.end += 1;
                l = d.parent.expand();
            }
        }
        // Latches and exiting blocks.
        for k in 0..m as usize {
            let l = MLoop::from_index(k);
            let d = self.loops[l];
            let start = self.latch_pool.len();
            for &p in cfg.preds(d.header) {
                if self.contains(l, p) && !self.latch_pool[start..].contains(&p) {
                    self.latch_pool.push(p);
                }
            }
            self.loops[l].latches = PoolRange::since(&self.latch_pool, start);
            let start = self.exiting_pool.len();
            for i in d.blocks.start..d.blocks.end {
                let b = self.block_pool[i as usize];
                if mf.succs(b).iter().any(|&s| !self.contains(l, s)) {
                    self.exiting_pool.push(b);
                }
            }
            self.loops[l].exiting = PoolRange::since(&self.exiting_pool, start);
        }
    }

    /// The number of loops.
    pub fn len(&self) -> usize {
        self.loops.len()
    }

    /// Whether the function has no loops.
    pub fn is_empty(&self) -> bool {
        self.loops.is_empty()
    }

    /// All loops, parents before their subloops.
    pub fn loops(&self) -> impl DoubleEndedIterator<Item = MLoop> + ExactSizeIterator {
        self.loops.keys()
    }

    /// Loop `l`'s data.
    pub fn data(&self, l: MLoop) -> &LoopData {
        &self.loops[l]
    }

    /// The header of `l`.
    pub fn header(&self, l: MLoop) -> MBlock {
        self.loops[l].header
    }

    /// The innermost loop containing `l`.
    pub fn parent(&self, l: MLoop) -> Option<MLoop> {
        self.loops[l].parent.expand()
    }

    /// The nesting depth of `l` (1 for an outermost loop).
    pub fn depth(&self, l: MLoop) -> u32 {
        self.loops[l].depth
    }

    /// The blocks of `l` (subloops' included), in RPO, the header first.
    pub fn blocks(&self, l: MLoop) -> &[MBlock] {
        self.loops[l].blocks.get(&self.block_pool)
    }

    /// The blocks of `l` with an edge to its header.
    pub fn latches(&self, l: MLoop) -> &[MBlock] {
        self.loops[l].latches.get(&self.latch_pool)
    }

    /// The blocks of `l` with an edge leaving it, in RPO.
    pub fn exiting(&self, l: MLoop) -> &[MBlock] {
        self.loops[l].exiting.get(&self.exiting_pool)
    }

    /// The innermost loop containing block `b`.
    #[inline]
    pub fn loop_of(&self, b: MBlock) -> Option<MLoop> {
        self.innermost.get(b.index()).and_then(|x| x.expand())
    }

    /// The number of loops containing `b` (0 outside loops).
    pub fn loop_depth(&self, b: MBlock) -> u32 {
        self.loop_of(b).map_or(0, |l| self.loops[l].depth)
    }

    /// Whether `b` is the header of a loop.
    pub fn is_header(&self, b: MBlock) -> bool {
        self.loop_of(b).is_some_and(|l| self.loops[l].header == b)
    }

    /// Whether loop `l` contains block `b` (directly or in a subloop).
    pub fn contains(&self, l: MLoop, b: MBlock) -> bool {
        let depth = self.loops[l].depth;
        let mut x = self.loop_of(b);
        while let Some(k) = x {
            let d = &self.loops[k];
            if d.depth <= depth {
                return k == l;
            }
            x = d.parent.expand();
        }
        false
    }

    /// The subloop of `l` (a loop whose parent is `l`) containing `b`, if
    /// `b` is in a subloop of `l` rather than directly in `l`. With `l`
    /// `None`, the outermost loop containing `b`.
    pub fn child_containing(&self, l: Option<MLoop>, b: MBlock) -> Option<MLoop> {
        let mut x = self.loop_of(b)?;
        loop {
            let p = self.loops[x].parent.expand();
            if p == l {
                return Some(x);
            }
            x = p?;
        }
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    /// A function of `n` blocks in order `0..n` with the given successors
    /// (and probabilities as weights, when given), no instructions.
    pub(crate) fn cfg_fn(succs: &[&[u32]], weights: &[Option<&[u64]>]) -> MachFunction {
        let mut mf = MachFunction::new(rcc_ir::GlobalId::from_u32(0));
        let bs: Vec<MBlock> = (0..succs.len())
            .map(|_| mf.create_block(u32::MAX))
            .collect();
        let mut probs = Vec::new();
        for (k, ss) in succs.iter().enumerate() {
            mf.begin_block(bs[k]);
            let s: Vec<MBlock> = ss.iter().map(|&x| bs[x as usize]).collect();
            match weights.get(k).copied().flatten() {
                Some(w) => {
                    crate::prob::BranchProb::from_masses(w, &mut probs);
                    mf.end_block_with_probs(&s, &probs);
                }
                None => mf.end_block(&s),
            }
        }
        mf
    }

    fn b(n: u32) -> MBlock {
        MBlock::from_u32(n)
    }

    fn analyse(succs: &[&[u32]]) -> (MachFunction, MachineLoops) {
        let mf = cfg_fn(succs, &[]);
        let cfg = MCfg::compute(&mf);
        let l = MachineLoops::compute(&mf, &cfg);
        (mf, l)
    }

    #[test]
    fn nested_loops_form_a_tree() {
        // 0 -> 1 (outer header) -> 2 (inner header) -> 3 -> 2 | 4 -> 1 | 5
        let (_, l) = analyse(&[&[1], &[2], &[3], &[2, 4], &[1, 5], &[]]);
        assert_eq!(l.len(), 2);
        let outer = l.loop_of(b(1)).unwrap();
        let inner = l.loop_of(b(2)).unwrap();
        assert_eq!(l.parent(inner), Some(outer));
        assert_eq!(l.parent(outer), None);
        assert!(outer < inner, "parents have smaller ids");
        assert_eq!((l.depth(outer), l.depth(inner)), (1, 2));
        assert_eq!(l.blocks(outer), [b(1), b(2), b(3), b(4)]);
        assert_eq!(l.blocks(inner), [b(2), b(3)]);
        assert_eq!(l.latches(outer), [b(4)]);
        assert_eq!(l.latches(inner), [b(3)]);
        assert_eq!(l.exiting(inner), [b(3)]);
        assert_eq!(l.exiting(outer), [b(4)]);
        assert_eq!(l.loop_depth(b(3)), 2);
        assert_eq!(l.loop_depth(b(4)), 1);
        assert_eq!(l.loop_depth(b(0)), 0);
        assert!(l.is_header(b(2)) && !l.is_header(b(3)));
        assert!(l.contains(outer, b(3)) && !l.contains(inner, b(4)));
        assert_eq!(l.child_containing(Some(outer), b(3)), Some(inner));
        assert_eq!(l.child_containing(None, b(3)), Some(outer));
        assert_eq!(l.child_containing(Some(outer), b(4)), None);
    }

    #[test]
    fn a_self_loop_is_a_loop() {
        let (_, l) = analyse(&[&[1], &[1, 2], &[]]);
        assert_eq!(l.len(), 1);
        let x = l.loop_of(b(1)).unwrap();
        assert_eq!(l.blocks(x), [b(1)]);
        assert_eq!(l.latches(x), [b(1)]);
        assert_eq!(l.exiting(x), [b(1)]);
    }

    #[test]
    fn an_irreducible_cycle_is_not_a_loop() {
        // 0 -> 1 | 2; 1 <-> 2; 2 -> 3: neither 1 nor 2 dominates the other.
        let (_, l) = analyse(&[&[1, 2], &[2], &[1, 3], &[]]);
        assert!(l.is_empty());
        assert_eq!(l.loop_depth(b(1)), 0);
    }

    #[test]
    fn unreachable_blocks_are_in_no_loop() {
        // 3 -> 1 is an edge from an unreachable block; 4 loops on itself
        // but is unreachable.
        let (_, l) = analyse(&[&[1], &[2], &[1, 5], &[1], &[4], &[]]);
        assert_eq!(l.len(), 1);
        let x = l.loop_of(b(1)).unwrap();
        assert_eq!(l.blocks(x), [b(1), b(2)]);
        assert_eq!(l.latches(x), [b(2)]);
        assert_eq!(l.loop_of(b(3)), None);
        assert_eq!(l.loop_of(b(4)), None);
    }

    #[test]
    fn sibling_loops_and_a_shared_header() {
        // Two back edges to 1 (from 2 and 3) make one loop; 4 is a
        // separate loop after it.
        let (_, l) = analyse(&[&[1], &[2, 3], &[1], &[1, 4], &[4, 5], &[]]);
        assert_eq!(l.len(), 2);
        let a = l.loop_of(b(1)).unwrap();
        let c = l.loop_of(b(4)).unwrap();
        assert_eq!(l.latches(a), [b(2), b(3)]);
        // RPO: the DFS visits 2 first, so 3 comes before it in RPO.
        assert_eq!(l.blocks(a), [b(1), b(3), b(2)]);
        assert_eq!(l.parent(c), None);
        assert_eq!(l.depth(c), 1);
    }

    #[test]
    fn compute_into_reuses_and_resets() {
        let (mf, mut l) = analyse(&[&[1], &[2], &[3], &[2, 4], &[1, 5], &[]]);
        let mf2 = cfg_fn(&[&[1], &[]], &[]);
        let cfg2 = MCfg::compute(&mf2);
        l.compute_into(&mf2, &cfg2);
        assert!(l.is_empty());
        assert_eq!(l.loop_of(b(1)), None);
        let cfg = MCfg::compute(&mf);
        l.compute_into(&mf, &cfg);
        assert_eq!(l.len(), 2);
    }
}
