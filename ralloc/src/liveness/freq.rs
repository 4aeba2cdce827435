//! Block frequencies for spill weights and split costs, behind one query
//! ([`BlockFreqs::freq`]): `rcc_mach`'s loop tree
//! ([`MachineLoops`](rcc_mach::loops::MachineLoops)) and block frequencies
//! ([`BlockFreq`](rcc_mach::block_freq::BlockFreq), LLVM's MachineBlockFrequencyInfo, from
//! the successor probabilities of `!prof`/`llvm.expect`, or LLVM's
//! estimated-weight heuristics (loops, no-return paths) without them),
//! relative to the entry (1.0).
//!
//! Invariants: computed from one CFG state (the allocators compute it once
//! per function, before they insert anything; splitting and spilling add
//! no blocks), copied per block out of the shared analysis cache
//! ([`CfgAnalyses`], so the coalescer's computation serves the allocator
//! too); unreachable blocks have frequency 0 and depth 0. The buffers are
//! reused from function to function.

use rcc_ir::entity::EntityId;
use rcc_mach::analysis::CfgAnalyses;
use rcc_mach::{MBlock, MachFunction, TargetInfo};

/// Loops and frequencies of one function, per block.
#[derive(Default, Debug)]
pub struct BlockFreqs {
    freq: Vec<f32>,
    depth: Vec<u32>,
}

impl BlockFreqs {
    /// Takes the loop depths and block frequencies of `mf` from `an`
    /// (computed there unless its CFG is the one they were computed for).
    pub fn compute(&mut self, mf: &MachFunction, t: &dyn TargetInfo, an: &mut CfgAnalyses) {
        let (_, loops, freq) = an.frequencies(mf, t);
        let n = mf.blocks.len();
        self.freq.clear();
        self.freq
            .extend((0..n).map(|b| freq.freq(MBlock::from_index(b))));
        self.depth.clear();
        self.depth
            .extend((0..n).map(|b| loops.loop_depth(MBlock::from_index(b))));
    }

    /// The frequency of `b` relative to the entry (1.0).
    #[inline]
    pub fn freq(&self, b: MBlock) -> f32 {
        self.freq.get(b.index()).copied().unwrap_or(0.0)
    }

    /// The loop depth of `b`.
    pub fn depth(&self, b: MBlock) -> u32 {
        self.depth.get(b.index()).copied().unwrap_or(0)
    }
}
