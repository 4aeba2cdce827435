//! Branch probabilities of machine successor edges, from the IR.
//!
//! Sources, per IR terminator (`br`, `switch`, `indirectbr`, `invoke`,
//! `callbr`):
//! - its `!prof !{!"branch_weights", ...}` (`rcc_ir::prof`), when it has
//!   one weight per IR successor (the IR verifier rejects other counts; an
//!   `invoke` with its normal weight only is no data, as in LLVM's
//!   BranchProbabilityInfo);
//! - else, for a `br` or `switch` on `llvm.expect` /
//!   `llvm.expect.with.probability` (directly, or a `br` on `icmp eq|ne`
//!   of it and a constant), the weights LLVM's LowerExpectIntrinsic pass
//!   would attach: likely 2000, unlikely 1, or from the given probability
//!   `p`: `ceil(p * (2^31 - 2) + 1)` and the rest shared by the other
//!   successors. That pass runs in `opt` (clang -O1 and up), not in llc;
//!   rcc applies it at instruction selection so that hand-written or -O0
//!   IR gets the same data. An explicit `!prof` wins;
//! - else nothing: the block's probabilities stay unknown (an even
//!   distribution). LLVM's static heuristics (BranchProbabilityInfo) are
//!   not run; `rcc_mach::block_freq` applies its loop heuristic.
//!
//! Weights become probabilities as in BranchProbabilityInfo: summed in 64
//! bits, scaled down when the sum does not fit 32 bits, all ones when the
//! sum is zero, each `w / sum` rounded. A machine successor reached by
//! several IR successors (a `br` to one block twice, switch cases to one
//! block) gets their sum; the list is then normalized
//! (`MachineBasicBlock::normalizeSuccProbs`).

use super::FunctionLowering;
use rcc_ir::constant::ConstKind;
use rcc_ir::entity::EntityId;
use rcc_ir::inst::{self, IntPred, Opcode};
use rcc_ir::prof::Prof;
use rcc_ir::{Function, Inst, Module, Value, ValueTag};
use rcc_mach::{BranchProb, MBlock};

/// LowerExpectIntrinsic's default weights (`-likely-branch-weight`,
/// `-unlikely-branch-weight`).
pub const LIKELY_WEIGHT: u32 = 2000;
pub const UNLIKELY_WEIGHT: u32 = 1;

/// The branch weights of terminator `t`, one per IR successor (in
/// `Function::successors` order), from its `!prof` or an `llvm.expect`
/// on its condition; `None` without data.
pub(super) fn edge_weights(m: &Module, f: &Function, t: Inst) -> Option<Vec<u32>> {
    let n = f.successors(t).count();
    if n < 2 {
        return None;
    }
    // The verifier has checked the node; a malformed one is no data here.
    if let Ok(Prof::Weights { weights, .. }) = rcc_ir::prof::branch_weights(m, f, t) {
        return (weights.len() == n).then_some(weights);
    }
    match f.op(t) {
        Opcode::Br => expect_br(m, f, f.inst_ops(t)[0]),
        Opcode::Switch => expect_switch(m, f, t, n),
        _ => None,
    }
}

/// An `llvm.expect*` call: (tested value's expected constant, the
/// (likely, unlikely) weights for `branches` successors).
fn expect_call(m: &Module, f: &Function, v: Value, branches: u32) -> Option<(u64, (u32, u32))> {
    let i = v.as_entity::<Inst>(ValueTag::Inst)?;
    if f.op(i) != Opcode::Call {
        return None;
    }
    let ops = f.inst_ops(i);
    let g = ops
        .first()?
        .as_entity::<rcc_ir::GlobalId>(ValueTag::Global)?;
    let name = m.str(m.globals[g].name);
    let name = name.strip_prefix('@').unwrap_or(name);
    let with_prob = name.starts_with("llvm.expect.with.probability.");
    if !with_prob && !name.starts_with("llvm.expect.") {
        return None;
    }
    let expected = const_int(f, *ops.get(2)?)?;
    if !with_prob {
        return Some((expected, (LIKELY_WEIGHT, UNLIKELY_WEIGHT)));
    }
    let p = const_f64(f, *ops.get(3)?)?;
    if !(0.0..=1.0).contains(&p) {
        return None;
    }
    let other = (1.0 - p) / (branches.max(2) - 1) as f64;
    let scale = (i32::MAX - 1) as f64;
    let bw = |x: f64| (x * scale + 1.0).ceil() as u32;
    Some((expected, (bw(p), bw(other))))
}

/// Weights of `br i1 c` when `c` is an expect call or `icmp eq|ne` of one
/// and a constant (LowerExpectIntrinsic's `handleBrSelExpect`).
fn expect_br(m: &Module, f: &Function, c: Value) -> Option<Vec<u32>> {
    let (call, pred, k) = match expect_call(m, f, c, 2) {
        Some(_) => (c, IntPred::Ne, 0),
        None => {
            let i = c.as_entity::<Inst>(ValueTag::Inst)?;
            if f.op(i) != Opcode::ICmp {
                return None;
            }
            let pred = IntPred::from_ir((f.flags[i.index()] >> inst::PRED_SHIFT) as u8)?;
            if !matches!(pred, IntPred::Eq | IntPred::Ne) {
                return None;
            }
            let ops = f.inst_ops(i);
            (ops[0], pred, const_int(f, ops[1])?)
        }
    };
    let (expected, (likely, unlikely)) = expect_call(m, f, call, 2)?;
    Some(if (expected == k) == (pred == IntPred::Eq) {
        vec![likely, unlikely]
    } else {
        vec![unlikely, likely]
    })
}

/// Weights of `switch (expect x, C)`: the case `C` (else the default)
/// likely, every other successor unlikely.
fn expect_switch(m: &Module, f: &Function, t: Inst, n: usize) -> Option<Vec<u32>> {
    let ops = f.inst_ops(t);
    let (expected, (likely, unlikely)) = expect_call(m, f, ops[0], n as u32)?;
    let mut w = vec![unlikely; n];
    let case = ops[2..]
        .chunks(2)
        .position(|c| const_int(f, c[0]) == Some(expected));
    w[case.map_or(0, |k| k + 1)] = likely;
    Some(w)
}

fn const_int(f: &Function, v: Value) -> Option<u64> {
    let c = v.as_entity::<rcc_ir::constant::ConstId>(ValueTag::Const)?;
    match f.consts.get(c).kind {
        ConstKind::Int(x) => Some(x),
        _ => None,
    }
}

fn const_f64(f: &Function, v: Value) -> Option<f64> {
    let c = v.as_entity::<rcc_ir::constant::ConstId>(ValueTag::Const)?;
    match f.consts.get(c).kind {
        ConstKind::Float(bits) => Some(f64::from_bits(bits)),
        _ => None,
    }
}

/// BranchProbabilityInfo's probabilities of weights (see the module
/// comment), as masses (numerators over 2^31).
pub(super) fn weight_masses(weights: &[u32]) -> Vec<u64> {
    let sum: u64 = weights.iter().map(|&w| w as u64).sum();
    let factor = if sum > u32::MAX as u64 {
        sum / u32::MAX as u64 + 1
    } else {
        1
    };
    let mut w: Vec<u64> = weights.iter().map(|&x| x as u64 / factor).collect();
    let mut sum: u64 = w.iter().sum();
    if sum == 0 {
        w.fill(1);
        sum = w.len() as u64;
    }
    w.iter()
        .map(|&x| BranchProb::new(x, sum).raw() as u64)
        .collect()
}

impl FunctionLowering<'_> {
    /// The probabilities of `succs`, the machine successors of step `k` of
    /// IR block `b` (from `machine_succs`), into `out`: empty when not
    /// known.
    pub fn machine_succ_probs(
        &self,
        b: rcc_ir::Block,
        k: usize,
        succs: &[MBlock],
        out: &mut Vec<BranchProb>,
    ) {
        out.clear();
        if let Some(p) = self.switch_plan(b) {
            p.succ_probs(k, out);
            return;
        }
        if let Some(p) = self.cond_plan(b) {
            let s = p.steps[k];
            if s.t == s.f {
                out.push(BranchProb::ONE);
            } else {
                out.extend_from_slice(&s.probs);
            }
            return;
        }
        let Some(t) = self.f.terminator(b) else {
            return;
        };
        if self.ret_into(b).is_some() {
            return;
        }
        let Some(w) = edge_weights(self.m, self.f, t) else {
            return;
        };
        let masses = weight_masses(&w);
        let mut sums = vec![0u64; succs.len()];
        for (s, m) in self.f.successors(t).zip(masses) {
            let mb = self.blocks[s.index()];
            if let Some(j) = succs.iter().position(|&x| x == mb) {
                sums[j] += m;
            }
        }
        BranchProb::from_masses(&sums, out);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn weights_scale_as_in_branch_probability_info() {
        assert_eq!(weight_masses(&[1, 1]), [1 << 30, 1 << 30]);
        assert_eq!(weight_masses(&[0, 0]), [1 << 30, 1 << 30]);
        // A sum beyond 32 bits is scaled down first.
        let m = weight_masses(&[u32::MAX, u32::MAX]);
        assert_eq!(m, [1 << 30, 1 << 30]);
        assert_eq!(weight_masses(&[2000, 1]), [0x7fef_9fcb, 0x0010_6035]);
    }
}
