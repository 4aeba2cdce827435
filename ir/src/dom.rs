//! Control-flow graph and dominator tree of one function body.
//!
//! [`Cfg`] holds successors and predecessors in flat CSR arrays: the
//! successor lists are read off the terminators in block order, and the
//! predecessor lists are built from them by a counting sort, so every
//! predecessor list comes out sorted by block index and is then deduplicated
//! (a `switch` with two cases to one block is one predecessor).
//!
//! [`DomTree`] computes immediate dominators with the Cooper–Harvey–Kennedy
//! iteration, working on reverse post-order positions so that `intersect`
//! compares plain integers (an idom's position is always smaller than its
//! block's). The first pass skips edges that go backwards in RPO; when the
//! target of each such edge dominates its source in the tree found (every
//! reducible graph), that tree is final and the confirming pass is skipped. The tree is then numbered without a walk:
//! subtree sizes are summed in reverse RPO and preorder slots handed out in
//! RPO, so `dominates(a, b)` is two comparisons on `a`'s `[pre, end)`
//! interval.
//!
//! Invariants: both structures are scratch, reused across functions through
//! `compute`, which clears and resizes them; nothing allocates per block or
//! per edge once the vectors have grown. Blocks unreachable from the entry
//! have no idom and no tree numbers; [`DomTree::is_reachable`] says which.
//! `compute` never panics, even on terminators whose block operands are out
//! of range (those edges are ignored; the verifier reports them).

use crate::entity::EntityId;
use crate::function::{Block, Function};
use crate::inst::Opcode;
use crate::value::ValueTag;

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
        for d in f.blocks.values() {
            self.succ_start.push(self.succ.len() as u32);
            let r = d.insts;
            if r.end <= r.start {
                continue;
            }
            let t = r.end as usize - 1;
            let Some(&op) = f.opcode.get(t) else { continue };
            if !op.is_terminator() {
                continue;
            }
            let Some(ops) = f
                .ops
                .get(t)
                .and_then(|r| f.operands.get(r.start as usize..r.end as usize))
            else {
                continue;
            };
            // A switch's case values (operands 2, 4, ...) are not edges.
            let step_cases = op == Opcode::Switch;
            for (k, v) in ops.iter().enumerate() {
                if step_cases && k >= 2 && k % 2 == 0 {
                    continue;
                }
                if v.tag() == ValueTag::Block && v.index() < n {
                    self.succ.push(v.index() as u32);
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
        for (b, w) in self.succ_start.windows(2).enumerate() {
            for &s in &self.succ[w[0] as usize..w[1] as usize] {
                let s = s as usize;
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
    #[inline]
    pub fn succs(&self, b: Block) -> &[u32] {
        let i = b.index();
        &self.succ[self.succ_start[i] as usize..self.succ_start[i + 1] as usize]
    }

    /// The distinct predecessors of `b`, sorted by index.
    #[inline]
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
    /// Immediate dominator by RPO position: `idom[k] < k` for `k > 0`, and
    /// `idom[0] == 0`; `NONE` while not yet computed.
    idom: Vec<u32>,
    /// Per block: `[pre, end)`, its preorder number in the dominator tree
    /// and one past the last number of its subtree; `[NONE, 0)` if
    /// unreachable.
    span: Vec<[u32; 2]>,
    // Scratch.
    stack: Vec<(u32, u32)>,
    /// Edges `(from, to)` (RPO positions) skipped in the first pass.
    retreating: Vec<(u32, u32)>,
    size: Vec<u32>,
}

impl DomTree {
    /// Recomputes the tree for the graph `cfg`, rooted at block 0.
    pub fn compute(&mut self, cfg: &Cfg) {
        let n = cfg.num_blocks();
        self.rpo.clear();
        self.rpo_num.clear();
        self.rpo_num.resize(n, NONE);
        self.span.clear();
        self.span.resize(n, [NONE, 0]);
        if n == 0 {
            self.idom.clear();
            return;
        }
        self.post_order(cfg);
        self.rpo.reverse();
        for (k, &b) in self.rpo.iter().enumerate() {
            self.rpo_num[b as usize] = k as u32;
        }
        self.iterate(cfg);
        self.number_tree();
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

    /// The Cooper–Harvey–Kennedy fixed point, on RPO positions.
    fn iterate(&mut self, cfg: &Cfg) {
        let nr = self.rpo.len();
        self.idom.clear();
        self.idom.resize(nr, NONE);
        self.idom[0] = 0;
        self.retreating.clear();
        let mut first = true;
        loop {
            let mut changed = false;
            for k in 1..nr {
                let mut new = NONE;
                for &p in cfg.preds(Block::from_u32(self.rpo[k])) {
                    let q = self.rpo_num[p as usize];
                    if q == NONE {
                        continue;
                    }
                    if q as usize >= k && self.idom[q as usize] == NONE {
                        // Only in the first pass: not processed yet.
                        self.retreating.push((q, k as u32));
                        continue;
                    }
                    new = if new == NONE {
                        q
                    } else {
                        self.intersect(q, new)
                    };
                }
                if new != NONE && self.idom[k] != new {
                    self.idom[k] = new;
                    changed = true;
                }
            }
            if !changed || (first && self.first_pass_is_final()) {
                break;
            }
            first = false;
        }
    }

    /// Whether the first pass, which skipped the retreating edges, already
    /// reached the fixed point: it did if the target of every retreating
    /// edge dominates its source in the tree found. (Then adding those
    /// edges changes no intersection, and a first-pass tree is never below
    /// the true one, which is the greatest fixed point.) True for every
    /// reducible graph.
    fn first_pass_is_final(&self) -> bool {
        self.retreating.iter().all(|&(mut q, k)| {
            while q > k {
                q = self.idom[q as usize];
            }
            q == k
        })
    }

    #[inline]
    fn intersect(&self, mut a: u32, mut b: u32) -> u32 {
        while a != b {
            while a > b {
                a = self.idom[a as usize];
            }
            while b > a {
                b = self.idom[b as usize];
            }
        }
        a
    }

    /// Preorder intervals: subtree sizes in reverse RPO (children follow
    /// their idom), then each child takes the next free slot of its parent.
    fn number_tree(&mut self) {
        let nr = self.rpo.len();
        self.size.clear();
        self.size.resize(nr, 1);
        for k in (1..nr).rev() {
            let p = self.idom[k] as usize;
            self.size[p] += self.size[k];
        }
        // Reuse `size` as the next free slot of each position once read.
        let entry = self.rpo[0] as usize;
        self.span[entry] = [0, self.size[0]];
        self.size[0] = 1;
        for k in 1..nr {
            let p = self.idom[k] as usize;
            let pre = self.size[p];
            let end = pre + self.size[k];
            self.size[p] = end;
            self.size[k] = pre + 1;
            self.span[self.rpo[k] as usize] = [pre, end];
        }
    }

    /// Whether `b` is reachable from the entry.
    #[inline]
    pub fn is_reachable(&self, b: Block) -> bool {
        self.span.get(b.index()).is_some_and(|s| s[0] != NONE)
    }

    /// Whether `a` dominates `b` (every block dominates itself). False when
    /// either is unreachable.
    #[inline]
    pub fn dominates(&self, a: Block, b: Block) -> bool {
        match (self.span.get(a.index()), self.span.get(b.index())) {
            // An unreachable `b` has pre NONE, never below a reachable end;
            // an unreachable `a` has end 0.
            (Some(&[pa, ea]), Some(&[pb, _])) => pa <= pb && pb < ea,
            _ => false,
        }
    }

    /// The immediate dominator of `b`; `None` for the entry and unreachable
    /// blocks.
    pub fn idom(&self, b: Block) -> Option<Block> {
        let k = *self.rpo_num.get(b.index())? as usize;
        if k == 0 || k >= self.idom.len() {
            return None;
        }
        let d = *self.idom.get(k)?;
        (d != NONE).then(|| Block::from_u32(self.rpo[d as usize]))
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

    /// Dominators by the textbook set iteration, for comparison.
    fn naive_dominators(cfg: &Cfg) -> Vec<Option<Vec<bool>>> {
        let n = cfg.num_blocks();
        let mut reach = vec![false; n];
        let mut work = vec![0usize];
        reach[0] = true;
        while let Some(b) = work.pop() {
            for &s in cfg.succs(Block::from_index(b)) {
                if !reach[s as usize] {
                    reach[s as usize] = true;
                    work.push(s as usize);
                }
            }
        }
        let mut dom: Vec<Vec<bool>> = (0..n)
            .map(|b| (0..n).map(|a| b != 0 || a == 0).collect())
            .collect();
        let mut changed = true;
        while changed {
            changed = false;
            for b in 1..n {
                if !reach[b] {
                    continue;
                }
                let mut new = vec![true; n];
                for &p in cfg.preds(Block::from_index(b)) {
                    if reach[p as usize] {
                        for a in 0..n {
                            new[a] &= dom[p as usize][a];
                        }
                    }
                }
                new[b] = true;
                if new != dom[b] {
                    dom[b] = new;
                    changed = true;
                }
            }
        }
        (0..n).map(|b| reach[b].then(|| dom[b].clone())).collect()
    }

    #[test]
    fn random_graphs_match_the_set_iteration() {
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        let mut rnd = |m: usize| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            (seed % m as u64) as usize
        };
        for _ in 0..2000 {
            let n = 1 + rnd(12);
            let mut src = String::from("define void @f(i32 %x) {\n");
            for b in 0..n {
                src.push_str(&format!("b{b}:\n"));
                match rnd(4) {
                    0 => src.push_str("  ret void\n"),
                    1 => src.push_str(&format!("  br label %b{}\n", rnd(n))),
                    _ => {
                        let t = |r: usize| format!("label %b{}", r);
                        src.push_str(&format!(
                            "  switch i32 %x, {} [ i32 1, {}\n i32 2, {} ]\n",
                            t(rnd(n)),
                            t(rnd(n)),
                            t(rnd(n))
                        ));
                    }
                }
            }
            src.push_str("}\n");
            let (cfg, dt) = tree(&src);
            let naive = naive_dominators(&cfg);
            for b in 0..n {
                let bb = Block::from_index(b);
                assert_eq!(dt.is_reachable(bb), naive[b].is_some(), "{src}");
                for a in 0..n {
                    let want = naive[b].as_ref().is_some_and(|d| d[a]) && naive[a].is_some();
                    assert_eq!(
                        dt.dominates(Block::from_index(a), bb),
                        want,
                        "{a} dom {b}\n{src}"
                    );
                }
                if let Some(d) = dt.idom(bb) {
                    assert!(d != bb && dt.dominates(d, bb), "{src}");
                }
            }
        }
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
