//! The per-function analysis cache of the machine passes (LLVM's analysis
//! manager keeping `MachineDominatorTree`, `MachinePostDominatorTree`,
//! `MachineLoopInfo` and `MachineBlockFrequencyInfo` while the passes in
//! between preserve the CFG): the CFG with dominators ([`MCfg`]), the
//! post-dominators ([`MPostDom`]), the loop tree ([`MachineLoops`]) and the
//! block frequencies ([`BlockFreq`]), each computed on first request and
//! reused by later passes until the CFG changes.
//!
//! Invalidation is by comparison, not by declaration: each request builds
//! a key of everything the four analyses read from the function (the block
//! count, the layout order, each block's successors and stored successor
//! probabilities, the landing pads, and the last opcode of each block
//! without successors, which decides whether it returns) and compares it
//! with the key the cached results were computed from; any difference
//! drops them all. So a pass that changes the CFG needs no bookkeeping,
//! and a cached result is always exactly what computing it afresh would
//! give (a pass run alone, `-run-pass`, computes what it needs). Building
//! and comparing the key is linear in blocks plus edges, a small fraction
//! of computing the dominator tree.
//!
//! Invariants: `key` describes the function the valid results were
//! computed from; a result is valid only with its flag set (the CFG when
//! `cfg` is `Some`); the post-dominators, loops and frequencies are valid
//! only with the CFG. The buffers are reused from function to function.

use crate::block_freq::BlockFreq;
use crate::cfg::{MCfg, MPostDom};
use crate::func::MachFunction;
use crate::loops::MachineLoops;
use crate::target::TargetInfo;

/// The cached analyses of one function (see the module comment).
#[derive(Default)]
pub struct CfgAnalyses {
    /// What the valid results were computed from.
    key: Vec<u32>,
    /// The key of the function asked about, built on each request.
    probe: Vec<u32>,
    cfg: Option<MCfg>,
    pdom: Option<MPostDom>,
    loops: MachineLoops,
    has_loops: bool,
    freq: BlockFreq,
    has_freq: bool,
    /// Requests answered from the cache, and results computed.
    pub hits: u64,
    pub computed: u64,
}

impl CfgAnalyses {
    /// Drops every result (a new function starts).
    pub fn invalidate(&mut self) {
        self.cfg = None;
        self.pdom = None;
        self.has_loops = false;
        self.has_freq = false;
        self.key.clear();
    }

    /// Drops the results if `mf`'s CFG is not the one they describe.
    fn sync(&mut self, mf: &MachFunction) {
        let k = &mut self.probe;
        k.clear();
        k.push(mf.blocks.len() as u32);
        k.push(mf.order.len() as u32);
        let pads = mf.eh.pads();
        k.push(pads.len() as u32);
        k.extend(pads.iter().map(|p| p.block.as_u32()));
        for &b in &mf.order {
            k.push(b.as_u32());
            let succs = mf.succs(b);
            k.push(succs.len() as u32);
            k.extend(succs.iter().map(|s| s.as_u32()));
            match mf.succ_probs(b) {
                Some(p) => {
                    k.push(p.len() as u32);
                    k.extend(p.iter().map(|p| p.0));
                }
                None => k.push(u32::MAX),
            }
            if succs.is_empty() {
                let last = mf.block_insts(b).last();
                k.push(last.map_or(u32::MAX, |&i| u32::from(mf.opc(i).0)));
            }
        }
        if self.cfg.is_some() && self.key == self.probe {
            return;
        }
        std::mem::swap(&mut self.key, &mut self.probe);
        self.cfg = None;
        self.pdom = None;
        self.has_loops = false;
        self.has_freq = false;
    }

    fn ensure_cfg(&mut self, mf: &MachFunction) {
        self.sync(mf);
        if self.cfg.is_none() {
            self.cfg = Some(MCfg::compute(mf));
            self.computed += 1;
        } else {
            self.hits += 1;
        }
    }

    fn ensure_loops(&mut self, mf: &MachFunction) {
        if !self.has_loops {
            let cfg = self.cfg.as_ref().expect("the CFG is computed first");
            self.loops.compute_into(mf, cfg);
            self.has_loops = true;
            self.computed += 1;
        }
    }

    fn ensure_pdom(&mut self, mf: &MachFunction) {
        if self.pdom.is_none() {
            let cfg = self.cfg.as_ref().expect("the CFG is computed first");
            self.pdom = Some(MPostDom::compute(mf, cfg));
            self.computed += 1;
        }
    }

    fn ensure_freq(&mut self, mf: &MachFunction, t: &dyn TargetInfo) {
        self.ensure_loops(mf);
        if !self.has_freq {
            let cfg = self.cfg.as_ref().expect("the CFG is computed first");
            self.freq.compute_into(mf, t, cfg, &self.loops);
            self.has_freq = true;
            self.computed += 1;
        }
    }

    /// The CFG and dominators of `mf`.
    pub fn cfg(&mut self, mf: &MachFunction) -> &MCfg {
        self.ensure_cfg(mf);
        self.cfg.as_ref().expect("computed above")
    }

    /// The CFG and the loop tree of `mf`.
    pub fn loops(&mut self, mf: &MachFunction) -> (&MCfg, &MachineLoops) {
        self.ensure_cfg(mf);
        self.ensure_loops(mf);
        (self.cfg.as_ref().expect("computed above"), &self.loops)
    }

    /// The CFG and the post-dominators of `mf`.
    pub fn post_dominators(&mut self, mf: &MachFunction) -> (&MCfg, &MPostDom) {
        self.ensure_cfg(mf);
        self.ensure_pdom(mf);
        (
            self.cfg.as_ref().expect("computed above"),
            self.pdom.as_ref().expect("computed above"),
        )
    }

    /// The CFG, loop tree and block frequencies of `mf`.
    pub fn frequencies(
        &mut self,
        mf: &MachFunction,
        t: &dyn TargetInfo,
    ) -> (&MCfg, &MachineLoops, &BlockFreq) {
        self.ensure_cfg(mf);
        self.ensure_freq(mf, t);
        (
            self.cfg.as_ref().expect("computed above"),
            &self.loops,
            &self.freq,
        )
    }

    /// All four: CFG, post-dominators, loop tree, block frequencies.
    pub fn all(
        &mut self,
        mf: &MachFunction,
        t: &dyn TargetInfo,
    ) -> (&MCfg, &MPostDom, &MachineLoops, &BlockFreq) {
        self.ensure_cfg(mf);
        self.ensure_pdom(mf);
        self.ensure_freq(mf, t);
        (
            self.cfg.as_ref().expect("computed above"),
            self.pdom.as_ref().expect("computed above"),
            &self.loops,
            &self.freq,
        )
    }
}
