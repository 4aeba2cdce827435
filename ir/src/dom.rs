//! Control-flow graph and dominator tree of one function body.
//!
//! [`Cfg`] holds successors and predecessors in flat CSR arrays: the
//! successor lists are read off the terminators in block order, and the
//! predecessor lists are built from them by a counting sort, so every
//! predecessor list comes out sorted by block index and is then deduplicated
//! (a `switch` with two cases to one block is one predecessor).
//!
//! [`DomTree`] computes immediate dominators with the Cooper–Harvey–Kennedy
//! iteration over reverse post-order, then numbers the tree by a depth-first
//! walk so that `dominates(a, b)` is two comparisons.
//!
//! Invariants: both structures are scratch, reused across functions through
//! `compute`, which clears and resizes them; nothing allocates per block or
//! per edge once the vectors have grown. Blocks unreachable from the entry
//! have no idom and no tree numbers; [`DomTree::is_reachable`] says which.
//! `compute` never panics, even on terminators whose block operands are out
//! of range (those edges are ignored; the verifier reports them).

use crate::entity::EntityId;
use crate::function::{Block, Function};

const NONE: u32 = u32::MAX;

/// Successor and predecessor lists of a function, in CSR form.
#[derive(Default, Debug, Clone)]
pub struct Cfg {
    /// `succ[succ_start[b]..succ_start[b + 1]]` are `b`'s successors, in
    /// operand order (with repeats).
    succ_start: Vec<u32>,
    succ: Vec<u32>,
    /// Predecessors, sorted and deduplicated per block.
    pred_start: Vec<u32>,
    pred_end: Vec<u32>,
    pred: Vec<u32>,
}

impl Cfg {
    /// Rebuilds the lists for `f`.
    pub fn compute(&mut self, f: &Function) {
        let n = f.blocks.len();
        self.succ_start.clear();
        self.succ.clear();
        self.succ_start.reserve(n + 1);
        for b in f.blocks.keys() {
            self.succ_start.push(self.succ.len() as u32);
            let Some(t) = f.terminator(b) else { continue };
            if t.index() >= f.num_insts() || !f.op(t).is_terminator() {
                continue;
            }
            let r = f.ops[t.index()];
            if r.end as usize > f.operands.len() || r.start > r.end {
                continue;
            }
            for s in f.successors(t) {
                if s.index() < n {
                    self.succ.push(s.as_u32());
                }
            }
        }
        self.succ_start.push(self.succ.len() as u32);

        // Counting sort by target: count, prefix sums, place in source order.
        self.pred_start.clear();
        self.pred_start.resize(n + 1, 0);
        for &s in &self.succ {
            self.pred_start[s as usize + 1] += 1;
        }
        for b in 0..n {
            self.pred_start[b + 1] += self.pred_start[b];
        }
        self.pred.clear();
        self.pred.resize(self.succ.len(), 0);
        self.pred_end.clear();
        self.pred_end.extend_from_slice(&self.pred_start[..n]);
        for b in 0..n {
            for k in self.succ_start[b]..self.succ_start[b + 1] {
                let s = self.succ[k as usize] as usize;
                let at = self.pred_end[s] as usize;
                // Sources arrive in increasing order: skip a repeated edge.
                if at > self.pred_start[s] as usize && self.pred[at - 1] == b as u32 {
                    continue;
                }
                self.pred[at] = b as u32;
                self.pred_end[s] += 1;
            }
        }
    }

    /// The successors of `b`, in operand order, with repeats.
    pub fn succs(&self, b: Block) -> &[u32] {
        let i = b.index();
        &self.succ[self.succ_start[i] as usize..self.succ_start[i + 1] as usize]
    }

    /// The distinct predecessors of `b`, sorted by index.
    pub fn preds(&self, b: Block) -> &[u32] {
        let i = b.index();
        &self.pred[self.pred_start[i] as usize..self.pred_end[i] as usize]
    }

    /// The number of blocks.
    pub fn num_blocks(&self) -> usize {
        self.succ_start.len().saturating_sub(1)
    }
}

/// The dominator tree of a function (see the module comment).
#[derive(Default, Debug, Clone)]
pub struct DomTree {
    /// Blocks in reverse post-order from the entry (reachable blocks only).
    rpo: Vec<u32>,
    /// Position of each block in `rpo`, `NONE` if unreachable.
    rpo_num: Vec<u32>,
    /// Immediate dominator (the entry is its own), `NONE` if unreachable.
    idom: Vec<u32>,
    /// Pre- and post-order numbers in the dominator tree.
    pre: Vec<u32>,
    post: Vec<u32>,
    // Scratch.
    stack: Vec<(u32, u32)>,
    child_start: Vec<u32>,
    children: Vec<u32>,
}

impl DomTree {
    /// Recomputes the tree for the graph `cfg`, rooted at block 0.
    pub fn compute(&mut self, cfg: &Cfg) {
        let n = cfg.num_blocks();
        self.rpo.clear();
        self.rpo_num.clear();
        self.rpo_num.resize(n, NONE);
        self.idom.clear();
        self.idom.resize(n, NONE);
        self.pre.clear();
        self.pre.resize(n, NONE);
        self.post.clear();
        self.post.resize(n, NONE);
        if n == 0 {
            return;
        }
        self.post_order(cfg);
        self.rpo.reverse();
        for (k, &b) in self.rpo.iter().enumerate() {
            self.rpo_num[b as usize] = k as u32;
        }
        self.iterate(cfg);
        self.number_tree(n);
    }

    /// Depth-first post-order into `rpo` (reversed by the caller). Marks
    /// visited blocks in `rpo_num` with 0.
    fn post_order(&mut self, cfg: &Cfg) {
        self.stack.clear();
        self.stack.push((0, 0));
        self.rpo_num[0] = 0;
        while let Some(top) = self.stack.last_mut() {
            let (b, k) = *top;
            let succs = cfg.succs(Block::from_u32(b));
            if let Some(&s) = succs.get(k as usize) {
                top.1 += 1;
                if self.rpo_num[s as usize] == NONE {
                    self.rpo_num[s as usize] = 0;
                    self.stack.push((s, 0));
                }
            } else {
                self.rpo.push(b);
                self.stack.pop();
            }
        }
    }

    /// The Cooper–Harvey–Kennedy fixed point.
    fn iterate(&mut self, cfg: &Cfg) {
        let entry = self.rpo[0];
        self.idom[entry as usize] = entry;
        let mut changed = true;
        while changed {
            changed = false;
            for k in 1..self.rpo.len() {
                let b = self.rpo[k];
                let mut new = NONE;
                for &p in cfg.preds(Block::from_u32(b)) {
                    if self.idom[p as usize] == NONE {
                        continue;
                    }
                    new = if new == NONE {
                        p
                    } else {
                        self.intersect(p, new)
                    };
                }
                if new != NONE && self.idom[b as usize] != new {
                    self.idom[b as usize] = new;
                    changed = true;
                }
            }
        }
    }

    fn intersect(&self, mut a: u32, mut b: u32) -> u32 {
        while a != b {
            while self.rpo_num[a as usize] > self.rpo_num[b as usize] {
                a = self.idom[a as usize];
            }
            while self.rpo_num[b as usize] > self.rpo_num[a as usize] {
                b = self.idom[b as usize];
            }
        }
        a
    }

    /// Pre/post numbering of the tree: children by a counting sort on idom.
    fn number_tree(&mut self, n: usize) {
        self.child_start.clear();
        self.child_start.resize(n + 2, 0);
        let entry = self.rpo[0];
        for &b in &self.rpo[1..] {
            self.child_start[self.idom[b as usize] as usize + 2] += 1;
        }
        for i in 0..n {
            self.child_start[i + 2] += self.child_start[i + 1];
        }
        self.children.clear();
        self.children.resize(self.rpo.len().saturating_sub(1), 0);
        for &b in &self.rpo[1..] {
            let p = self.idom[b as usize] as usize + 1;
            self.children[self.child_start[p] as usize] = b;
            self.child_start[p] += 1;
        }
        // Now children of p are children[child_start[p]..child_start[p + 1]].
        let mut clock = 0u32;
        self.stack.clear();
        self.stack.push((entry, 0));
        self.pre[entry as usize] = clock;
        clock += 1;
        while let Some(top) = self.stack.last_mut() {
            let (b, k) = *top;
            let start = self.child_start[b as usize] + k;
            if start < self.child_start[b as usize + 1] {
                top.1 += 1;
                let c = self.children[start as usize];
                self.pre[c as usize] = clock;
                clock += 1;
                self.stack.push((c, 0));
            } else {
                self.post[b as usize] = clock;
                clock += 1;
                self.stack.pop();
            }
        }
    }

    /// Whether `b` is reachable from the entry.
    #[inline]
    pub fn is_reachable(&self, b: Block) -> bool {
        self.pre.get(b.index()).is_some_and(|&p| p != NONE)
    }

    /// Whether `a` dominates `b` (every block dominates itself). False when
    /// either is unreachable.
    #[inline]
    pub fn dominates(&self, a: Block, b: Block) -> bool {
        let (a, b) = (a.index(), b.index());
        match (self.pre.get(a), self.pre.get(b)) {
            (Some(&pa), Some(&pb)) if pa != NONE && pb != NONE => {
                pa <= pb && self.post[b] <= self.post[a]
            }
            _ => false,
        }
    }

    /// The immediate dominator of `b`; `None` for the entry and unreachable
    /// blocks.
    pub fn idom(&self, b: Block) -> Option<Block> {
        let d = *self.idom.get(b.index())?;
        (d != NONE && d as usize != b.index()).then(|| Block::from_u32(d))
    }

    /// Reachable blocks in reverse post-order.
    pub fn rpo(&self) -> &[u32] {
        &self.rpo
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse_module;

    fn tree(src: &str) -> (Cfg, DomTree) {
        let m = parse_module(src.to_string(), "t.ll").expect("parses");
        let mut cfg = Cfg::default();
        cfg.compute(&m.bodies[0]);
        let mut dt = DomTree::default();
        dt.compute(&cfg);
        (cfg, dt)
    }

    #[test]
    fn diamond_and_loop() {
        let (cfg, dt) = tree(
            "define void @f(i1 %c) {\n\
             e:\n  br i1 %c, label %a, label %b\n\
             a:\n  br label %j\n\
             b:\n  br label %j\n\
             j:\n  br i1 %c, label %j, label %x\n\
             x:\n  ret void\n\
             dead:\n  br label %j\n}\n",
        );
        let b = Block::from_index;
        assert_eq!(cfg.preds(b(3)), &[1, 2, 3, 5]);
        assert_eq!(dt.idom(b(3)), Some(b(0)));
        assert_eq!(dt.idom(b(4)), Some(b(3)));
        assert!(dt.dominates(b(0), b(4)));
        assert!(dt.dominates(b(3), b(4)));
        assert!(!dt.dominates(b(1), b(3)));
        assert!(!dt.is_reachable(b(5)));
        assert!(!dt.dominates(b(0), b(5)));
    }

    #[test]
    fn repeated_edges_are_one_predecessor() {
        let (cfg, _) = tree(
            "define void @f(i32 %x) {\n\
             e:\n  switch i32 %x, label %a [ i32 1, label %a\n i32 2, label %a ]\n\
             a:\n  ret void\n}\n",
        );
        assert_eq!(cfg.preds(Block::from_index(1)), &[0]);
        assert_eq!(cfg.succs(Block::from_index(0)), &[1, 1, 1]);
    }
}
