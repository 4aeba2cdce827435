//! Block frequencies for spill weights and split costs, behind one query
//! ([`BlockFreqs::freq`]): `rcc_mach`'s loop tree ([`MachineLoops`]) and
//! block frequencies ([`BlockFreq`], LLVM's MachineBlockFrequencyInfo, from
//! the successor probabilities of `!prof`/`llvm.expect`, or LLVM's
//! estimated-weight heuristics (loops, no-return paths) without them),
//! relative to the entry (1.0).
//!
//! Invariants: computed from one CFG state (the allocators compute it once
//! per function, before they insert anything; splitting and spilling add
//! no blocks); unreachable blocks have frequency 0 and depth 0. The
//! buffers are reused from function to function.

use rcc_mach::block_freq::BlockFreq;
use rcc_mach::cfg::MCfg;
use rcc_mach::loops::MachineLoops;
use rcc_mach::{MBlock, MachFunction, TargetInfo};

/// Loops and frequencies of one function.
#[derive(Default, Debug)]
pub struct BlockFreqs {
    loops: MachineLoops,
    freq: BlockFreq,
}

impl BlockFreqs {
    /// Computes the loops and block frequencies of `mf`.
    pub fn compute(&mut self, mf: &MachFunction, t: &dyn TargetInfo) {
        let cfg = MCfg::compute(mf);
        self.loops.compute_into(mf, &cfg);
        self.freq.compute_into(mf, t, &cfg, &self.loops);
    }

    /// The frequency of `b` relative to the entry (1.0).
    #[inline]
    pub fn freq(&self, b: MBlock) -> f32 {
        self.freq.freq(b)
    }

    /// The loop depth of `b`.
    pub fn depth(&self, b: MBlock) -> u32 {
        self.loops.loop_depth(b)
    }
}
