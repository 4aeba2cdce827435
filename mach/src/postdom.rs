//! The post-dominator tree of a machine function (LLVM's
//! `MachinePostDominatorTree`): Cooper–Harvey–Kennedy over the reverse
//! CFG, from a virtual exit node that every block without successors
//! flows into.
//!
//! Invariants: computed from one state of the function and never updated.
//! Blocks that reach no exit (infinite loops) and blocks not reachable
//! from the entry have no post-dominator information: they post-dominate
//! nothing and nothing post-dominates them (LLVM adds such blocks as extra
//! roots; either answer is only a profitability question for its users).

use crate::cfg::MCfg;
use crate::func::{MBlock, MachFunction};
use rcc_ir::entity::EntityId;

const NONE: u32 = u32::MAX;

/// Post-dominators of one machine function.
#[derive(Default)]
pub struct PostDom {
    /// Position of each block in the reverse-CFG reverse post-order
    /// (position 0 is the virtual exit; `NONE`: no information).
    index: Vec<u32>,
    /// Immediate post-dominator of each position, as a position.
    ipdom: Vec<u32>,
}

impl PostDom {
    /// Computes the post-dominators of `mf`, whose CFG is `cfg`.
    pub fn compute(mf: &MachFunction, cfg: &MCfg) -> PostDom {
        let n = mf.blocks.len();
        let exit = n;
        let mut index = vec![NONE; n + 1];
        // Iterative DFS over the reverse CFG from the virtual exit.
        let mut post: Vec<usize> = Vec::with_capacity(n + 1);
        let mut seen = vec![false; n + 1];
        let exits: Vec<MBlock> = cfg
            .rpo
            .iter()
            .copied()
            .filter(|&b| mf.succs(b).is_empty())
            .collect();
        let rev_succs = |x: usize| -> &[MBlock] {
            if x == exit {
                &exits
            } else {
                cfg.preds(MBlock::from_index(x))
            }
        };
        let mut stack: Vec<(usize, usize)> = vec![(exit, 0)];
        seen[exit] = true;
        while let Some(top) = stack.last_mut() {
            let (x, k) = *top;
            if let Some(&p) = rev_succs(x).get(k) {
                top.1 += 1;
                if cfg.is_reachable(p) && !seen[p.index()] {
                    seen[p.index()] = true;
                    stack.push((p.index(), 0));
                }
            } else {
                post.push(x);
                stack.pop();
            }
        }
        post.reverse();
        let order = post;
        for (i, &x) in order.iter().enumerate() {
            index[x] = i as u32;
        }
        let mut ipdom = vec![NONE; order.len()];
        if !order.is_empty() {
            ipdom[0] = 0;
            let mut changed = true;
            while changed {
                changed = false;
                for i in 1..order.len() {
                    let b = MBlock::from_index(order[i]);
                    let mut new = NONE;
                    let succs = mf.succs(b);
                    let exit_edge = succs.is_empty().then_some(0u32);
                    for si in succs.iter().map(|s| index[s.index()]).chain(exit_edge) {
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
        }
        index.truncate(n);
        PostDom { index, ipdom }
    }

    /// Whether `a` post-dominates `b` (every path from `b` to an exit
    /// passes through `a`; every block post-dominates itself). `false`
    /// when either block has no post-dominator information.
    pub fn post_dominates(&self, a: MBlock, b: MBlock) -> bool {
        let (ai, mut bi) = (
            self.index.get(a.index()).copied().unwrap_or(NONE),
            self.index.get(b.index()).copied().unwrap_or(NONE),
        );
        if ai == NONE || bi == NONE {
            return false;
        }
        while bi > ai {
            bi = self.ipdom[bi as usize];
            if bi == NONE {
                return false;
            }
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

#[cfg(test)]
mod tests {
    use super::*;
    use rcc_ir::GlobalId;

    /// A diamond 0 -> {1, 2} -> 3, and 1 -> 4 (a second exit).
    #[test]
    fn diamond_with_second_exit() {
        let mut mf = MachFunction::new(GlobalId::from_u32(0));
        let b: Vec<MBlock> = (0..5).map(|_| mf.create_block(0)).collect();
        let succs: [&[usize]; 5] = [&[1, 2], &[3, 4], &[3], &[], &[]];
        for (k, s) in succs.iter().enumerate() {
            mf.begin_block(b[k]);
            let s: Vec<MBlock> = s.iter().map(|&x| b[x]).collect();
            mf.end_block(&s);
        }
        let cfg = MCfg::compute(&mf);
        let pd = PostDom::compute(&mf, &cfg);
        assert!(pd.post_dominates(b[3], b[2]));
        assert!(!pd.post_dominates(b[3], b[1]));
        assert!(!pd.post_dominates(b[3], b[0]));
        assert!(pd.post_dominates(b[0], b[0]));
        assert!(!pd.post_dominates(b[1], b[0]));
    }
}
