//! The control-flow graph of a machine function: predecessors (a counting
//! sort over successor lists), reverse post-order from the entry block and
//! the dominator tree (Cooper–Harvey–Kennedy over RPO positions).
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
