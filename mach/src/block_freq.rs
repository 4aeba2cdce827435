//! Block frequencies (LLVM's MachineBlockFrequencyInfo): how often each
//! block runs per run of the function, the entry block being 1.0.
//!
//! Frequencies are `f32` relative to the entry (the entry is exactly 1.0;
//! unreachable blocks are 0.0). They are computed from the successor
//! probabilities ([`crate::prob`]) and the loop tree ([`MachineLoops`]) as
//! LLVM's BlockFrequencyInfoImpl does, in `f64` mass:
//!
//! - Loops are processed innermost first. Inside a loop, mass 1.0 starts
//!   at the header and flows in RPO over the loop's own blocks and its
//!   subloops, each subloop a single node that passes its entry mass on
//!   through its exits. Mass on an edge back to the header is back-edge
//!   mass, on an edge leaving the loop exit mass. The loop's scale (how
//!   many times the header runs per entry) is `1 / (1 - back-edge mass)`,
//!   capped at 4096 (LLVM uses 4096 for a loop without exit mass only);
//!   its exits, multiplied by the scale, are what the loop passes on as a
//!   node of its parent.
//! - The function body is the outermost region, entered once at the
//!   entry. A block's frequency is its mass in its innermost loop times
//!   that loop's multiplier (entries of the loop times its scale).
//! - Irreducible control flow (an edge to a block already visited in RPO
//!   that is not the loop header) has no natural loop to scale: inside a
//!   loop its mass counts as back-edge mass of the enclosing loop, at the
//!   top level it is dropped. *Fallback, not LLVM's* (which builds
//!   pseudo-loops for irreducible regions).
//! - Blocks without known probabilities use BranchProbabilityInfo's
//!   estimated-weight heuristic (`calcEstimatedHeuristics`, which in LLVM
//!   19 covers both the unreachable/no-return and the loop-branch
//!   heuristics), on the machine CFG: a block without successors that does
//!   not end in a return (a call that does not return, a trap for
//!   `unreachable`) and a landing pad weigh 1 (LLVM's `NORETURN` and
//!   `UNWIND`; *fallback*: LLVM gives a block ending in `unreachable`
//!   without a call weight 0, rcc 1 like a no-return call); a block whose
//!   successors all have a weight, in its own loop and not along a back
//!   edge, weighs their maximum (propagated in post-order); an edge leaving
//!   the block's loop weighs its target's weight (else the default
//!   0xfffff) divided by 31, at least 1. A block with at least one such
//!   weight gets probabilities proportional to the weights, the others
//!   weighing 0xfffff; so a simple loop runs 32 times per entry (124 : 4)
//!   and a branch to an `abort()` path is taken about once in a million.
//!   Other blocks distribute evenly. *Not done:* calls to `cold`
//!   functions (LLVM's `COLD` weight; the machine CFG does not know
//!   callee attributes) and LLVM's later pointer, zero-compare and float
//!   heuristics (they need the IR compare, and must not override the
//!   loop heuristic).
//!
//! Invariants: computed from one state of the function, its CFG and its
//! loops; never updated. Cost: linear in the sum of the loops' sizes plus
//! the edges, times the loop depth for containment tests. Buffers are
//! kept by [`BlockFreq::compute_into`].

use crate::cfg::MCfg;
use crate::func::{MBlock, MachFunction};
use crate::loops::{MLoop, MachineLoops};
use crate::target::{iflag, TargetInfo};
use rcc_ir::entity::EntityId;

/// The largest loop scale (LLVM's `InfiniteLoopScale`).
pub const MAX_LOOP_SCALE: f64 = 4096.0;

/// BranchProbabilityInfo's estimated block weights (`BlockExecWeight`):
/// no-return, unreachable and unwind blocks, and the default.
const W_LOWEST: u32 = 1;
const W_DEFAULT: u32 = 0xfffff;
/// The trip count the loop heuristic assumes, `LBH_TAKEN_WEIGHT /
/// LBH_NONTAKEN_WEIGHT` (124 / 4).
const LOOP_TRIPS: u32 = 31;

const NONE: u32 = u32::MAX;

/// Block frequencies of one function (see the module comment).
#[derive(Default, Debug)]
pub struct BlockFreq {
    freq: Vec<f32>,
    /// Per loop: scale (header runs per entry).
    scale: Vec<f64>,
    // Scratch of `compute_into`.
    mass: Vec<f64>,
    pkg_mass: Vec<f64>,
    mult: Vec<f64>,
    /// Per loop: its exits, `(target, mass per entry)`, in `exit_pool`.
    exit_range: Vec<(u32, u32)>,
    exit_pool: Vec<(MBlock, f64)>,
    rpo_pos: Vec<u32>,
    probs: Vec<f64>,
    /// Per block: its estimated weight, `NONE` without one.
    est: Vec<u32>,
}

impl BlockFreq {
    /// The frequencies of `mf`, given its CFG and loops.
    pub fn compute(
        mf: &MachFunction,
        t: &dyn TargetInfo,
        cfg: &MCfg,
        loops: &MachineLoops,
    ) -> BlockFreq {
        let mut f = BlockFreq::default();
        f.compute_into(mf, t, cfg, loops);
        f
    }

    /// Recomputes the frequencies of `mf` into `self`, reusing buffers.
    pub fn compute_into(
        &mut self,
        mf: &MachFunction,
        t: &dyn TargetInfo,
        cfg: &MCfg,
        loops: &MachineLoops,
    ) {
        let returns = |o: crate::MOpc| {
            o.as_target()
                .is_some_and(|o| t.inst_flags(o) & iflag::RETURN != 0)
        };
        self.compute_with(mf, &returns, cfg, loops);
    }

    /// [`BlockFreq::compute_into`] with `returns` telling the opcodes
    /// that return.
    fn compute_with(
        &mut self,
        mf: &MachFunction,
        returns: &dyn Fn(crate::MOpc) -> bool,
        cfg: &MCfg,
        loops: &MachineLoops,
    ) {
        let n = mf.blocks.len();
        estimate_weights(mf, returns, cfg, loops, &mut self.est);
        let nl = loops.len();
        self.freq.clear();
        self.freq.resize(n, 0.0);
        self.mass.clear();
        self.mass.resize(n, 0.0);
        self.rpo_pos.clear();
        self.rpo_pos.resize(n, NONE);
        for (k, &b) in cfg.rpo.iter().enumerate() {
            self.rpo_pos[b.index()] = k as u32;
        }
        self.scale.clear();
        self.scale.resize(nl, 1.0);
        self.pkg_mass.clear();
        self.pkg_mass.resize(nl, 0.0);
        self.mult.clear();
        self.mult.resize(nl, 0.0);
        self.exit_range.clear();
        self.exit_range.resize(nl, (0, 0));
        self.exit_pool.clear();
        if cfg.rpo.is_empty() {
            return;
        }
        for l in loops.loops().rev() {
            self.region(mf, cfg, loops, Some(l));
        }
        self.region(mf, cfg, loops, None);
        for l in loops.loops() {
            let outer = loops.parent(l).map_or(1.0, |p| self.mult[p.index()]);
            self.mult[l.index()] = self.pkg_mass[l.index()] * outer * self.scale[l.index()];
        }
        for &b in &cfg.rpo {
            let m = loops.loop_of(b).map_or(1.0, |l| self.mult[l.index()]);
            self.freq[b.index()] = (self.mass[b.index()] * m) as f32;
        }
    }

    /// Propagates mass through loop `l` (the function body when `None`),
    /// whose subloops are done: sets the masses of its own blocks and the
    /// entry masses of its subloops, and for a loop its scale and exits.
    fn region(&mut self, mf: &MachFunction, cfg: &MCfg, loops: &MachineLoops, l: Option<MLoop>) {
        let nodes: &[MBlock] = match l {
            Some(l) => loops.blocks(l),
            None => &cfg.rpo,
        };
        let header = nodes[0];
        for &b in nodes {
            if loops.loop_of(b) == l {
                self.mass[b.index()] = 0.0;
            } else if let Some(s) = loops.child_containing(l, b) {
                self.pkg_mass[s.index()] = 0.0;
            }
        }
        // The function's entry may itself be a loop header.
        match loops.child_containing(l, header) {
            Some(s) => self.pkg_mass[s.index()] = 1.0,
            None => self.mass[header.index()] = 1.0,
        }
        let mut back = 0.0f64;
        let exits_start = self.exit_pool.len();
        for &b in nodes {
            let pos = self.rpo_pos[b.index()];
            if loops.loop_of(b) == l {
                let m = self.mass[b.index()];
                if m == 0.0 {
                    continue;
                }
                edge_probs(mf, loops, &self.est, b, &mut self.probs);
                for (k, &t) in mf.succs(b).iter().enumerate() {
                    let p = self.probs.get(k).copied().unwrap_or(0.0);
                    self.flow(cfg, loops, l, header, pos, t, m * p, &mut back);
                }
            } else if let Some(s) = loops.child_containing(l, b) {
                if loops.header(s) != b {
                    continue;
                }
                let m = self.pkg_mass[s.index()];
                if m == 0.0 {
                    continue;
                }
                let (a, e) = self.exit_range[s.index()];
                for k in a..e {
                    let (t, x) = self.exit_pool[k as usize];
                    self.flow(cfg, loops, l, header, pos, t, m * x, &mut back);
                }
            }
        }
        let Some(l) = l else { return };
        let exit = (1.0 - back).max(1.0 / MAX_LOOP_SCALE);
        let scale = 1.0 / exit;
        self.scale[l.index()] = scale;
        for x in &mut self.exit_pool[exits_start..] {
            x.1 *= scale;
        }
        self.exit_range[l.index()] = (exits_start as u32, self.exit_pool.len() as u32);
    }

    /// Mass `m` on an edge to `t` from the node at RPO position `pos` in
    /// region `l` with header `header`.
    #[allow(clippy::too_many_arguments)]
    fn flow(
        &mut self,
        cfg: &MCfg,
        loops: &MachineLoops,
        l: Option<MLoop>,
        header: MBlock,
        pos: u32,
        t: MBlock,
        m: f64,
        back: &mut f64,
    ) {
        if !cfg.is_reachable(t) {
            return;
        }
        if let Some(l) = l {
            if t == header {
                *back += m;
                return;
            }
            if !loops.contains(l, t) {
                self.exit_pool.push((t, m));
                return;
            }
        }
        let (node_pos, slot) = match loops.child_containing(l, t) {
            Some(s) => (self.rpo_pos[loops.header(s).index()], Slot::Loop(s)),
            None => (self.rpo_pos[t.index()], Slot::Block(t)),
        };
        if node_pos <= pos {
            // Irreducible: a retreating edge that is not a back edge.
            if l.is_some() {
                *back += m;
            }
            return;
        }
        match slot {
            Slot::Loop(s) => self.pkg_mass[s.index()] += m,
            Slot::Block(b) => self.mass[b.index()] += m,
        }
    }

    /// The frequency of `b` relative to the entry (0.0 if unreachable).
    #[inline]
    pub fn freq(&self, b: MBlock) -> f32 {
        self.freq.get(b.index()).copied().unwrap_or(0.0)
    }

    /// The entry block's frequency: 1.0, the unit of [`BlockFreq::freq`].
    pub fn entry_freq(&self) -> f32 {
        1.0
    }

    /// The probability of each successor edge of `b` (parallel to
    /// `mf.succs(b)`), as the frequencies were computed with: the stored
    /// ones, else the estimated-weight heuristic, else an even share.
    pub fn edge_probs(
        &self,
        mf: &MachFunction,
        loops: &MachineLoops,
        b: MBlock,
        out: &mut Vec<f64>,
    ) {
        edge_probs(mf, loops, &self.est, b, out);
    }

    /// How many times the header of `l` runs per entry into `l`.
    pub fn loop_scale(&self, l: MLoop) -> f64 {
        self.scale.get(l.index()).copied().unwrap_or(1.0)
    }
}

enum Slot {
    Loop(MLoop),
    Block(MBlock),
}

/// BranchProbabilityInfo's estimated block weights (see the module
/// comment) into `est`, per block (`NONE`: no estimate).
fn estimate_weights(
    mf: &MachFunction,
    returns: &dyn Fn(crate::MOpc) -> bool,
    cfg: &MCfg,
    loops: &MachineLoops,
    est: &mut Vec<u32>,
) {
    est.clear();
    est.resize(mf.blocks.len(), NONE);
    // Post-order: successors first, except along back edges.
    for &b in cfg.rpo.iter().rev() {
        let succs = mf.succs(b);
        if succs.is_empty() {
            // An empty block has no known ending.
            if mf
                .block_insts(b)
                .last()
                .is_some_and(|&i| !returns(mf.opc(i)))
            {
                est[b.index()] = W_LOWEST;
            }
            continue;
        }
        if mf.eh.is_pad(b) {
            est[b.index()] = W_LOWEST;
            continue;
        }
        let l = loops.loop_of(b);
        let mut max = 0;
        let all = succs.iter().all(|&s| {
            let w = est[s.index()];
            let same = loops.loop_of(s) == l && l.is_none_or(|l| loops.header(l) != s);
            max = max.max(w);
            w != NONE && same
        });
        if all {
            est[b.index()] = max;
        }
    }
}

/// The probability of each successor edge of `b` as `f64`: the stored
/// ones, or the estimated-weight heuristic, or an even share.
fn edge_probs(mf: &MachFunction, loops: &MachineLoops, est: &[u32], b: MBlock, out: &mut Vec<f64>) {
    out.clear();
    let succs = mf.succs(b);
    if let Some(p) = mf.succ_probs(b) {
        if p.len() == succs.len() {
            out.extend(p.iter().map(|x| x.to_f64()));
            return;
        }
    }
    let l = loops.loop_of(b);
    let mut found = false;
    let mut total = 0u64;
    for &s in succs {
        let mut w = est.get(s.index()).copied().filter(|&w| w != NONE);
        if l.is_some_and(|l| !loops.contains(l, s)) {
            w = Some((w.unwrap_or(W_DEFAULT) / LOOP_TRIPS).max(W_LOWEST));
        }
        found |= w.is_some();
        let w = w.unwrap_or(W_DEFAULT);
        total += w as u64;
        out.push(w as f64);
    }
    if !found || total == 0 {
        out.clear();
        out.resize(succs.len(), 1.0 / succs.len().max(1) as f64);
        return;
    }
    for w in out.iter_mut() {
        *w /= total as f64;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::loops::tests::cfg_fn;

    fn freqs(succs: &[&[u32]], weights: &[Option<&[u64]>]) -> (Vec<f32>, MachineLoops, BlockFreq) {
        let mf = cfg_fn(succs, weights);
        let cfg = MCfg::compute(&mf);
        let loops = MachineLoops::compute(&mf, &cfg);
        let mut f = BlockFreq::default();
        f.compute_with(&mf, &|_| true, &cfg, &loops);
        let v = (0..succs.len())
            .map(|k| f.freq(MBlock::from_index(k)))
            .collect();
        (v, loops, f)
    }

    fn close(a: f32, b: f32) -> bool {
        (a - b).abs() <= 1e-3 * b.abs().max(1.0)
    }

    #[track_caller]
    fn assert_freqs(got: &[f32], want: &[f32]) {
        assert!(
            got.len() == want.len() && got.iter().zip(want).all(|(&a, &b)| close(a, b)),
            "got {got:?}, want {want:?}"
        );
    }

    #[test]
    fn a_diamond_splits_by_its_weights() {
        let (f, _, bf) = freqs(&[&[1, 2], &[3], &[3], &[]], &[Some(&[90, 10])]);
        assert_freqs(&f, &[1.0, 0.9, 0.1, 1.0]);
        assert_eq!(bf.entry_freq(), 1.0);
        // Without weights: even.
        let (f, _, _) = freqs(&[&[1, 2], &[3], &[3], &[]], &[]);
        assert_freqs(&f, &[1.0, 0.5, 0.5, 1.0]);
    }

    #[test]
    fn a_weighted_loop_runs_one_over_its_exit_probability() {
        // 0 -> 1; 1 -> 1 (p = 0.75) | 2.
        let (f, loops, bf) = freqs(&[&[1], &[1, 2], &[]], &[None, Some(&[3, 1])]);
        assert_freqs(&f, &[1.0, 4.0, 1.0]);
        let l = loops.loop_of(MBlock::from_u32(1)).unwrap();
        assert!((bf.loop_scale(l) - 4.0).abs() < 1e-9);
    }

    #[test]
    fn an_unweighted_loop_uses_the_loop_heuristic() {
        // Header 1 tests, body 2 goes back, 3 is the exit: 124 : 4.
        let (f, _, _) = freqs(&[&[1], &[2, 3], &[1], &[]], &[]);
        assert_freqs(&f, &[1.0, 32.0, 31.0, 1.0]);
    }

    #[test]
    fn nested_loops_multiply() {
        // 0 -> 1 (outer) -> 2 (inner) -> 3 -> 2 | 4; 4 -> 1 | 5.
        let succs: &[&[u32]] = &[&[1], &[2], &[3], &[2, 4], &[1, 5], &[]];
        let (f, _, _) = freqs(succs, &[None, None, None, Some(&[9, 1]), Some(&[1, 1])]);
        // Outer runs 2 times per entry, inner 10 per outer iteration.
        assert_freqs(&f, &[1.0, 2.0, 20.0, 20.0, 2.0, 1.0]);
        // Without data, each level multiplies by 32.
        let (f, _, _) = freqs(succs, &[]);
        assert_freqs(&f, &[1.0, 32.0, 1024.0, 1024.0, 32.0, 1.0]);
        assert!(f[2] > 8.0 * f[1] && f[1] > 8.0 * f[0]);
    }

    /// `succs` as in `cfg_fn`, each block without successors ending in
    /// `KILL` (standing for a return) or, when listed in `noreturn`, in
    /// `IMPLICIT_DEF` (standing for a call that does not return).
    fn freqs_with_ends(succs: &[&[u32]], noreturn: &[u32]) -> Vec<f32> {
        let mut mf = MachFunction::new(rcc_ir::GlobalId::from_u32(0));
        let bs: Vec<MBlock> = (0..succs.len())
            .map(|_| mf.create_block(u32::MAX))
            .collect();
        for (k, ss) in succs.iter().enumerate() {
            mf.begin_block(bs[k]);
            if ss.is_empty() {
                let opc = if noreturn.contains(&(k as u32)) {
                    crate::MOpc::IMPLICIT_DEF
                } else {
                    crate::MOpc::KILL
                };
                mf.push(opc, &[]);
            }
            let s: Vec<MBlock> = ss.iter().map(|&x| bs[x as usize]).collect();
            mf.end_block(&s);
        }
        let cfg = MCfg::compute(&mf);
        let loops = MachineLoops::compute(&mf, &cfg);
        let mut f = BlockFreq::default();
        f.compute_with(&mf, &|o| o == crate::MOpc::KILL, &cfg, &loops);
        bs.iter().map(|&b| f.freq(b)).collect()
    }

    #[test]
    fn a_path_that_does_not_return_is_cold() {
        // 0 -> 1 (no return, through 3) | 2 (returns).
        let f = freqs_with_ends(&[&[1, 2], &[3], &[], &[]], &[3]);
        assert!(f[1] < 1e-5 && f[3] < 1e-5, "{f:?}");
        assert_freqs(&f[..3], &[1.0, f[1], 1.0]);
        // Both return: even.
        let f = freqs_with_ends(&[&[1, 2], &[3], &[], &[]], &[]);
        assert_freqs(&f, &[1.0, 0.5, 0.5, 0.5]);
    }

    #[test]
    fn a_loop_exit_that_does_not_return_is_colder_than_the_loop_exit() {
        // 0 -> 1; 1 -> 2 | 4 (abort); 2 -> 1 | 3 (return).
        let f = freqs_with_ends(&[&[1], &[2, 4], &[1, 3], &[], &[]], &[4]);
        assert!(f[4] < 1e-3, "{f:?}");
        // The loop runs about 32 times (exit 3 at 1/32 per latch).
        assert!(f[1] > 30.0 && f[1] < 33.0, "{f:?}");
    }

    #[test]
    fn an_infinite_loop_is_capped() {
        let (f, _, _) = freqs(&[&[1], &[1]], &[]);
        assert_freqs(&f, &[1.0, MAX_LOOP_SCALE as f32]);
    }

    #[test]
    fn an_entry_that_is_a_loop_header() {
        // 0 -> 0 (p = 0.5) | 1.
        let (f, _, _) = freqs(&[&[0, 1], &[]], &[Some(&[1, 1])]);
        assert_freqs(&f, &[2.0, 1.0]);
    }

    #[test]
    fn irreducible_flow_and_unreachable_blocks_stay_finite() {
        // 0 -> 1 | 2; 1 <-> 2; 2 -> 3; 4 unreachable.
        let (f, _, _) = freqs(&[&[1, 2], &[2], &[1, 3], &[], &[3]], &[]);
        assert!(f.iter().all(|x| x.is_finite() && *x >= 0.0), "{f:?}");
        assert_eq!(f[4], 0.0);
        assert_eq!(f[0], 1.0);
    }
}
