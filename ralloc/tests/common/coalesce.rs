//! Test support for the register coalescer: run it after PHI elimination
//! and two-address with the checks every coalescer test wants (verifier,
//! kept intervals equal to recomputed ones), then allocate with the fast
//! allocator and compare behaviour under the interpreter.

use super::*;
use rcc_mach::passes::{phi_elim::eliminate_phis, two_address::two_address};
use rcc_mach::{MOpc, MachFunction, PReg, VReg};
use rcc_ralloc::coalesce::{coalesce, CoalesceScratch, CoalesceStats};
use rcc_ralloc::fast::FastOptions;
use rcc_ralloc::liveness::freq::BlockFreqs;
use rcc_ralloc::liveness::{LiveRange, Liveness, SlotIndex};

/// The slots a range covers, as maximal `[start, end)` runs.
fn coverage(lr: &LiveRange) -> Vec<(SlotIndex, SlotIndex)> {
    let mut out: Vec<(SlotIndex, SlotIndex)> = Vec::new();
    for s in lr.segments() {
        match out.last_mut() {
            Some(l) if l.1 == s.start => l.1 = s.end,
            _ => out.push((s.start, s.end)),
        }
    }
    out
}

pub fn count_copies(mf: &MachFunction) -> usize {
    mf.order
        .iter()
        .flat_map(|&b| mf.block_insts(b))
        .filter(|&&i| mf.opc(i) == MOpc::COPY)
        .count()
}

/// Runs the coalescer on `b` (after PHI elimination and two-address) and
/// checks its intervals; returns the statistics.
pub fn run(b: &mut B, sc: &mut CoalesceScratch) -> CoalesceStats {
    eliminate_phis(&mut b.mf, &T);
    two_address(&mut b.mf, &T);
    b.verify("two-address");
    let mut st = Liveness::default();
    st.compute(&mut b.mf, &T);
    b.verify("liveness");
    let mut fr = BlockFreqs::default();
    fr.compute(&b.mf, &T, &mut Default::default());
    // The same coalescing on a copy, then the canonical form the
    // allocator starts from: equal to a fresh computation.
    let mut canon = b.mf.clone();
    let mut cst = Liveness::default();
    cst.compute(&mut canon, &T);
    coalesce(
        &mut canon,
        &T,
        &mut cst,
        &fr,
        &mut CoalesceScratch::default(),
    );
    cst.canonicalize(&mut canon, &T);
    cst.check_fresh(&canon, &T)
        .unwrap_or_else(|e| panic!("canonical liveness after coalescing: {e}\n{}", b.mir()));
    let stats = coalesce(&mut b.mf, &T, &mut st, &fr, sc);
    b.verify("coalesce");
    st.lis
        .verify()
        .unwrap_or_else(|e| panic!("intervals: {e}\n{}", b.mir()));
    let mut again = b.mf.clone();
    let mut fresh = Liveness::default();
    fresh.compute(&mut again, &T);
    assert_eq!(fresh.constrain_copies, 0, "{}", b.mir());
    // Each kept interval must cover the one recomputed from the
    // occurrences in the same numbering: a longer one is conservative (it
    // only blocks joins; `Liveness::canonicalize` recomputes the vregs the
    // coalescer touched before allocation), a shorter one could let two live values join. Known:
    // after a deleted copy's local trim, a PHI value downstream can stay
    // longer than needed (random functions find it).
    for v in 0..b.mf.num_vregs() {
        let v = VReg::from_u32(v as u32);
        let kept = st.lis.vreg(v).clone();
        st.recompute(&b.mf, v);
        let exact = st.lis.vreg(v);
        let (k, e) = (coverage(&kept), coverage(exact));
        assert!(
            e.iter().all(|&(s0, e0)| k.iter().any(|&(s1, e1)| s1 <= s0 && e0 <= e1)),
            "interval of {v:?} after coalescing does not cover its liveness: kept {} recomputed {}\n{}",
            kept.dump(),
            st.lis.vreg(v).dump(),
            b.mir()
        );
    }
    stats
}

/// Allocates, rewrites and expands `b` (already coalesced), then compares
/// its behaviour with `before`.
pub fn allocate_and_compare(
    b: &mut B,
    before: &MachFunction,
    args: &[&[(PReg, u64)]],
    must_finish: bool,
) {
    allocate_checked(b, FastOptions::default());
    for set in args {
        let x = interp::run(before, set);
        let y = interp::run(&b.mf, set);
        assert_eq!(x, y, "behaviour differs for {set:?}\n{}", b.mir());
        if must_finish {
            assert!(x.is_some(), "the test program did not finish");
        }
    }
}
