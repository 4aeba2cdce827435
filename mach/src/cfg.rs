//! The control-flow graph of a machine function: predecessors (a counting
//! sort over successor lists), reverse post-order from the entry block,
//! the dominator tree (Cooper–Harvey–Kennedy over RPO positions) and the
//! post-dominator tree ([`MPostDom`], the same algorithm over the reverse
//! CFG from a virtual exit).
//!
//! Invariants: computed from one state of the function and never updated;
//! a pass that changes successors recomputes it. Blocks not reachable from
//! the entry have no RPO position and are dominated by every block (the
//! verifier skips dominance checks there, as LLVM's does).

use crate::func::{MBlock, MachFunction, Preds};
use rcc_ir::entity::EntityId;

const NONE: u32 = u32::MAX;

/// Predecessors, RPO and dominators of one machine function.
pub struct MCfg {
    preds: Preds,
    /// Reachable blocks in reverse post-order; `rpo[0]` is the entry.
    pub rpo: Vec<MBlock>,
    /// Position of each block in `rpo` (`NONE` if unreachable).
    rpo_index: Vec<u32>,
    /// Immediate dominator of each RPO position, as an RPO position.
    idom: Vec<u32>,
}

impl MCfg {
    /// Computes the CFG of `mf` (entry: the first block of `order`).
    pub fn compute(mf: &MachFunction) -> MCfg {
        let n = mf.blocks.len();
        let preds = mf.preds();
        let mut rpo_index = vec![NONE; n];
        let mut post = Vec::with_capacity(n);
        if let Some(&entry) = mf.order.first() {
            // Iterative DFS: (block, next successor to visit).
            let mut seen = vec![false; n];
            let mut stack = vec![(entry, 0usize)];
            seen[entry.index()] = true;
            while let Some(top) = stack.last_mut() {
                let (b, k) = *top;
                if let Some(&s) = mf.succs(b).get(k) {
                    top.1 += 1;
                    if !seen[s.index()] {
                        seen[s.index()] = true;
                        stack.push((s, 0));
                    }
                } else {
                    post.push(b);
                    stack.pop();
                }
            }
        }
        post.reverse();
        let rpo = post;
        for (i, &b) in rpo.iter().enumerate() {
            rpo_index[b.index()] = i as u32;
        }
        let mut idom = vec![NONE; rpo.len()];
        if !rpo.is_empty() {
            idom[0] = 0;
            let mut changed = true;
            while changed {
                changed = false;
                for i in 1..rpo.len() {
                    let mut new = NONE;
                    for &p in preds.of(rpo[i]) {
                        let pi = rpo_index[p.index()];
                        if pi == NONE || idom[pi as usize] == NONE {
                            continue;
                        }
                        new = if new == NONE {
                            pi
                        } else {
                            intersect(&idom, pi, new)
                        };
                    }
                    if new != idom[i] {
                        idom[i] = new;
                        changed = true;
                    }
                }
            }
        }
        MCfg {
            preds,
            rpo,
            rpo_index,
            idom,
        }
    }

    /// The predecessors of `b` (one entry per CFG edge).
    pub fn preds(&self, b: MBlock) -> &[MBlock] {
        self.preds.of(b)
    }

    /// Whether `b` is reachable from the entry.
    pub fn is_reachable(&self, b: MBlock) -> bool {
        self.rpo_index.get(b.index()).is_some_and(|&i| i != NONE)
    }

    /// The position of reachable block `b` in [`MCfg::rpo`] (`u32::MAX`
    /// when unreachable).
    pub fn rpo_position(&self, b: MBlock) -> u32 {
        self.rpo_index.get(b.index()).copied().unwrap_or(NONE)
    }

    /// The immediate dominator of reachable block `b` (`None` for the
    /// entry and unreachable blocks).
    pub fn idom(&self, b: MBlock) -> Option<MBlock> {
        let i = *self.rpo_index.get(b.index())?;
        if i == NONE || i == 0 {
            return None;
        }
        self.idom
            .get(i as usize)
            .filter(|&&d| d != NONE)
            .map(|&d| self.rpo[d as usize])
    }

    /// Whether `a` dominates `b` (every block dominates itself; an
    /// unreachable `b` is dominated by everything).
    pub fn dominates(&self, a: MBlock, b: MBlock) -> bool {
        let (ai, mut bi) = (self.rpo_index[a.index()], self.rpo_index[b.index()]);
        if bi == NONE {
            return true;
        }
        if ai == NONE {
            return false;
        }
        while bi > ai {
            bi = self.idom[bi as usize];
        }
        bi == ai
    }
}

fn intersect(idom: &[u32], mut a: u32, mut b: u32) -> u32 {
    while a != b {
        while a > b {
            a = idom[a as usize];
        }
        while b > a {
            b = idom[b as usize];
        }
    }
    a
}

impl MCfg {
    /// The dominator tree's children of every block, by a counting sort
    /// over the immediate dominators: block `b`'s children are
    /// `children[start[b]..start[b + 1]]`, in RPO (`n` blocks; buffers
    /// reused).
    pub fn dom_children_into(&self, n: usize, start: &mut Vec<u32>, children: &mut Vec<MBlock>) {
        start.clear();
        start.resize(n + 1, 0);
        for &b in &self.rpo {
            if let Some(d) = self.idom(b) {
                start[d.index() + 1] += 1;
            }
        }
        for k in 0..n {
            start[k + 1] += start[k];
        }
        children.clear();
        children.resize(start[n] as usize, MBlock::from_u32(0));
        let mut fill: Vec<u32> = start[..n].to_vec();
        for &b in &self.rpo {
            if let Some(d) = self.idom(b) {
                children[fill[d.index()] as usize] = b;
                fill[d.index()] += 1;
            }
        }
    }
}

impl MCfg {
    /// The nearest common dominator of reachable blocks `a` and `b`
    /// (LLVM's `findNearestCommonDominator`); `None` if either is
    /// unreachable.
    pub fn nearest_common_dominator(&self, a: MBlock, b: MBlock) -> Option<MBlock> {
        let (ai, bi) = (self.rpo_position(a), self.rpo_position(b));
        if ai == NONE || bi == NONE {
            return None;
        }
        Some(self.rpo[intersect(&self.idom, ai, bi) as usize])
    }
}

/// The post-dominator tree of a machine function (LLVM's
/// `MachinePostDominatorTree`): Cooper–Harvey–Kennedy over the reverse
/// CFG rooted at a virtual exit whose predecessors are the blocks without
/// successors (returns, `unreachable` ends, tail calls).
///
/// Invariants: computed from one state of the function and never updated.
/// Only blocks reachable from the entry that reach an exit are in the tree;
/// a block caught in an infinite loop is not ([`MPostDom::contains`] is
/// false and every query about it answers `None`/`false`). The virtual
/// exit is never returned: a nearest common post-dominator that is only
/// the virtual exit (two different exits) is `None`.
#[derive(Default)]
pub struct MPostDom {
    /// Blocks of the tree in reverse post-order of the reverse CFG; the
    /// virtual exit is position 0 and has no block.
    order: Vec<MBlock>,
    /// Position of each block in `order` (`NONE` if not in the tree).
    index: Vec<u32>,
    /// Immediate post-dominator of each position, as a position.
    ipdom: Vec<u32>,
}

impl MPostDom {
    /// Computes the post-dominators of `mf` over its reachable blocks.
    pub fn compute(mf: &MachFunction, cfg: &MCfg) -> MPostDom {
        let n = mf.blocks.len();
        let mut index = vec![NONE; n];
        // Reverse CFG: the successors of block b are its predecessors; the
        // virtual exit's successors are the reachable blocks without
        // successors, in layout order.
        let exits: Vec<MBlock> = mf
            .order
            .iter()
            .copied()
            .filter(|&b| cfg.is_reachable(b) && mf.succs(b).is_empty())
            .collect();
        let mut post: Vec<MBlock> = Vec::with_capacity(n);
        let mut seen = vec![false; n];
        for &e in &exits {
            if seen[e.index()] {
                continue;
            }
            seen[e.index()] = true;
            let mut stack = vec![(e, 0usize)];
            while let Some(top) = stack.last_mut() {
                let (b, k) = *top;
                if let Some(&p) = cfg.preds(b).get(k) {
                    top.1 += 1;
                    if cfg.is_reachable(p) && !seen[p.index()] {
                        seen[p.index()] = true;
                        stack.push((p, 0));
                    }
                } else {
                    post.push(b);
                    stack.pop();
                }
            }
        }
        post.reverse();
        // Position 0 is the virtual exit.
        let mut order = Vec::with_capacity(post.len() + 1);
        order.push(MBlock::from_u32(u32::MAX));
        order.extend_from_slice(&post);
        for (i, &b) in order.iter().enumerate().skip(1) {
            index[b.index()] = i as u32;
        }
        let mut ipdom = vec![NONE; order.len()];
        ipdom[0] = 0;
        let mut changed = true;
        while changed {
            changed = false;
            for i in 1..order.len() {
                let b = order[i];
                let succs = mf.succs(b);
                let mut new = if succs.is_empty() { 0 } else { NONE };
                for &s in succs {
                    let si = index[s.index()];
                    if si == NONE || ipdom[si as usize] == NONE {
                        continue;
                    }
                    new = if new == NONE {
                        si
                    } else {
                        intersect(&ipdom, si, new)
                    };
                }
                if new != ipdom[i] {
                    ipdom[i] = new;
                    changed = true;
                }
            }
        }
        MPostDom {
            order,
            index,
            ipdom,
        }
    }

    fn pos(&self, b: MBlock) -> u32 {
        self.index.get(b.index()).copied().unwrap_or(NONE)
    }

    /// Whether `b` is in the tree (reachable and reaches an exit).
    pub fn contains(&self, b: MBlock) -> bool {
        self.pos(b) != NONE
    }

    /// The immediate post-dominator of `b`; `None` when it is the virtual
    /// exit or `b` is not in the tree.
    pub fn ipdom(&self, b: MBlock) -> Option<MBlock> {
        let i = self.pos(b);
        if i == NONE {
            return None;
        }
        match self.ipdom[i as usize] {
            0 | NONE => None,
            d => Some(self.order[d as usize]),
        }
    }

    /// Whether `a` post-dominates `b` (every block post-dominates itself);
    /// `false` when either is not in the tree.
    pub fn post_dominates(&self, a: MBlock, b: MBlock) -> bool {
        let (ai, mut bi) = (self.pos(a), self.pos(b));
        if ai == NONE || bi == NONE {
            return false;
        }
        while bi > ai {
            bi = self.ipdom[bi as usize];
        }
        bi == ai
    }

    /// The nearest common post-dominator of `a` and `b` (LLVM's
    /// `findNearestCommonDominator` on the post-dominator tree); `None`
    /// when it is only the virtual exit or either block is not in the tree.
    pub fn nearest_common(&self, a: MBlock, b: MBlock) -> Option<MBlock> {
        let (ai, bi) = (self.pos(a), self.pos(b));
        if ai == NONE || bi == NONE {
            return None;
        }
        match intersect(&self.ipdom, ai, bi) {
            0 => None,
            d => Some(self.order[d as usize]),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::loops::tests::cfg_fn;

    fn b(n: u32) -> MBlock {
        MBlock::from_u32(n)
    }

    #[test]
    fn post_dominators_of_a_diamond_with_an_early_exit() {
        // 0 -> 1, 4; 1 -> 2, 3; 2 -> 3; 3 -> 5; 4 -> 5; 5 returns.
        // 6: an infinite loop reached from 4 is not in the tree.
        let mf = cfg_fn(&[&[1, 4], &[2, 3], &[3], &[5], &[5], &[]], &[]);
        let cfg = MCfg::compute(&mf);
        let pd = MPostDom::compute(&mf, &cfg);
        assert_eq!(pd.ipdom(b(1)), Some(b(3)));
        assert_eq!(pd.ipdom(b(2)), Some(b(3)));
        assert_eq!(pd.ipdom(b(3)), Some(b(5)));
        assert_eq!(pd.ipdom(b(0)), Some(b(5)));
        assert_eq!(pd.ipdom(b(5)), None, "the virtual exit is not a block");
        assert!(pd.post_dominates(b(3), b(2)) && pd.post_dominates(b(5), b(0)));
        assert!(!pd.post_dominates(b(3), b(0)));
        assert_eq!(pd.nearest_common(b(2), b(4)), Some(b(5)));
        assert_eq!(pd.nearest_common(b(1), b(2)), Some(b(3)));
        assert_eq!(cfg.nearest_common_dominator(b(2), b(3)), Some(b(1)));
        assert_eq!(cfg.nearest_common_dominator(b(2), b(4)), Some(b(0)));
    }

    #[test]
    fn two_exits_and_an_infinite_loop() {
        // 0 -> 1, 2; 1 returns; 2 -> 3; 3 -> 3 (never returns).
        let mf = cfg_fn(&[&[1, 2], &[], &[3], &[3]], &[]);
        let cfg = MCfg::compute(&mf);
        let pd = MPostDom::compute(&mf, &cfg);
        assert!(pd.contains(b(1)) && pd.contains(b(0)));
        assert!(!pd.contains(b(2)) && !pd.contains(b(3)));
        assert_eq!(pd.nearest_common(b(1), b(3)), None);
        // Two returning exits meet only at the virtual exit.
        let mf = cfg_fn(&[&[1, 2], &[], &[]], &[]);
        let cfg = MCfg::compute(&mf);
        let pd = MPostDom::compute(&mf, &cfg);
        assert_eq!(pd.nearest_common(b(1), b(2)), None);
        assert_eq!(pd.ipdom(b(0)), None);
    }
}
