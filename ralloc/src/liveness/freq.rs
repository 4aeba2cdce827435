//! Block frequencies for spill weights and split costs, behind one query
//! ([`BlockFreqs::freq`]) so the source can change in one place: today a
//! private loop-depth analysis (natural loops of the back edges found with
//! the dominator tree, `rcc_mach::cfg::MCfg`), frequency `10^min(depth, 6)`
//! relative to the entry; `rcc_mach`'s `BlockFreq` (branch `freq`) will
//! replace it.
//!
//! Invariants: computed from one CFG state; unreachable blocks have depth 0.
//! Cost: the sum of the loop bodies' sizes.

use rcc_ir::entity::EntityId;
use rcc_mach::cfg::MCfg;
use rcc_mach::{MBlock, MachFunction};

/// Loop depths and frequencies of one function.
#[derive(Default, Debug)]
pub struct BlockFreqs {
    depth: Vec<u8>,
    freq: Vec<f32>,
    seen: Vec<u32>,
    stack: Vec<MBlock>,
}

impl BlockFreqs {
    /// Computes the loop depth of every block of `mf`.
    pub fn compute(&mut self, mf: &MachFunction) {
        let n = mf.blocks.len();
        self.depth.clear();
        self.depth.resize(n, 0);
        self.seen.clear();
        self.seen.resize(n, u32::MAX);
        let cfg = MCfg::compute(mf);
        // One natural loop per header: the union of its back edges' bodies.
        for (hn, &h) in cfg.rpo.iter().enumerate() {
            let latches: Vec<MBlock> = cfg
                .preds(h)
                .iter()
                .copied()
                .filter(|&p| cfg.is_reachable(p) && cfg.dominates(h, p))
                .collect();
            if latches.is_empty() {
                continue;
            }
            let mark = hn as u32;
            self.seen[h.index()] = mark;
            self.depth[h.index()] = self.depth[h.index()].saturating_add(1);
            self.stack.clear();
            for l in latches {
                if self.seen[l.index()] != mark {
                    self.seen[l.index()] = mark;
                    self.depth[l.index()] = self.depth[l.index()].saturating_add(1);
                    self.stack.push(l);
                }
            }
            while let Some(b) = self.stack.pop() {
                for &p in cfg.preds(b) {
                    if cfg.is_reachable(p) && self.seen[p.index()] != mark {
                        self.seen[p.index()] = mark;
                        self.depth[p.index()] = self.depth[p.index()].saturating_add(1);
                        self.stack.push(p);
                    }
                }
            }
        }
        self.freq.clear();
        self.freq
            .extend(self.depth.iter().map(|&d| 10f32.powi(d.min(6) as i32)));
    }

    /// The frequency of `b` relative to the entry (1.0).
    #[inline]
    pub fn freq(&self, b: MBlock) -> f32 {
        self.freq.get(b.index()).copied().unwrap_or(1.0)
    }

    /// The loop depth of `b`.
    pub fn depth(&self, b: MBlock) -> u32 {
        self.depth.get(b.index()).copied().unwrap_or(0) as u32
    }
}
