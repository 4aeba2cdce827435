//! Spill weights (LLVM's `VirtRegAuxInfo::weightCalcHelper` and
//! `normalizeSpillWeight`): how much a vreg wants a register.
//!
//! The weight of `v` is the sum, over the instructions that read or write
//! it, of the block frequency ([`BlockFreqs::freq`]) once for a read and
//! once for a write (an instruction that does both counts twice), times
//! 1.01 when a copy ties it to a physical register (a hint), divided by
//! the interval's size in instructions plus 25 (so short, dense intervals
//! weigh more), halved when its value is rematerializable (cheap to
//! recompute instead of reloading). Intervals the spiller creates around
//! one instruction are unspillable: their weight is `f32::INFINITY` (set
//! by the spiller, not here).
//!
//! Invariant: weights depend only on the function, the intervals and the
//! frequencies, never on allocation order.

use crate::liveness::freq::BlockFreqs;
use crate::liveness::Liveness;
use rcc_mach::{flag, MInst, MOpc, MachFunction, TargetInfo, VReg};

/// The instruction defining every value of `v` when it is one
/// rematerializable instruction (`TargetInfo::is_rematerializable`: no
/// register inputs but `undef` self-reads and reserved registers, no
/// implicit defs, invariant memory at most), so it can be recomputed
/// anywhere instead of reloaded.
pub fn remat_def(st: &Liveness, mf: &MachFunction, t: &dyn TargetInfo, v: VReg) -> Option<MInst> {
    let mut def = None;
    for (i, pos) in st.uses.iter(v) {
        let o = mf.operands(i)[pos - mf.operand_range(i).start];
        if !o.is_def() {
            continue;
        }
        if def.is_some_and(|d| d != i) || o.subreg().is_some() {
            return None;
        }
        def = Some(i);
    }
    let d = def?;
    t.is_rematerializable(mf, d).then_some(d)
}

/// Per-instruction scratch of [`spill_weight`].
#[derive(Default)]
pub struct WeightScratch {
    occ: Vec<(MInst, bool, bool, bool)>,
}

/// The spill weight of `v` (see the module comment).
pub fn spill_weight(
    st: &Liveness,
    mf: &MachFunction,
    t: &dyn TargetInfo,
    freqs: &BlockFreqs,
    v: VReg,
    s: &mut WeightScratch,
) -> f32 {
    let lr = st.lis.vreg(v);
    if lr.is_empty() {
        return 0.0;
    }
    s.occ.clear();
    for (i, pos) in st.uses.iter(v) {
        let o = mf.operands(i)[pos - mf.operand_range(i).start];
        let read = crate::liveness::intervals::reads(o);
        let write = o.is_def();
        let hint = mf.opc(i) == MOpc::COPY
            && mf
                .operands(i)
                .iter()
                .any(|x| x.reg().is_phys() && !x.has(flag::UNDEF));
        s.occ.push((i, read, write, hint));
    }
    s.occ.sort_unstable_by_key(|x| x.0);
    let mut sum = 0f32;
    let mut hinted = false;
    let mut k = 0;
    while k < s.occ.len() {
        let i = s.occ[k].0;
        let (mut r, mut w) = (false, false);
        while k < s.occ.len() && s.occ[k].0 == i {
            r |= s.occ[k].1;
            w |= s.occ[k].2;
            hinted |= s.occ[k].3;
            k += 1;
        }
        let f = st.indexes.inst_block(i).map_or(1.0, |b| freqs.freq(b));
        sum += f * (r as u32 + w as u32) as f32;
    }
    let size = lr.size() as f32 / (4 * st.indexes.spacing()) as f32;
    let mut w = sum / (size + 25.0);
    if hinted {
        w *= 1.01;
    }
    if remat_def(st, mf, t, v).is_some() {
        w *= 0.5;
    }
    w
}
