//! `CfgAnalyses`: results are reused while the CFG is unchanged and
//! recomputed, equal to a fresh computation, after any edit of what the
//! analyses read (successors, probabilities, layout order).

use rcc_mach::analysis::CfgAnalyses;
use rcc_mach::cfg::{MCfg, MPostDom};
use rcc_mach::loops::MachineLoops;
use rcc_mach::prob::BranchProb;
use rcc_mach::{MBlock, MachFunction};

fn b(n: u32) -> MBlock {
    MBlock::from_u32(n)
}

/// Blocks `0..n` in order with the given successors, no instructions.
fn cfg_fn(succs: &[&[u32]]) -> MachFunction {
    let mut mf = MachFunction::new(rcc_ir::GlobalId::from_u32(0));
    let bs: Vec<MBlock> = (0..succs.len())
        .map(|_| mf.create_block(u32::MAX))
        .collect();
    for (k, ss) in succs.iter().enumerate() {
        mf.begin_block(bs[k]);
        let s: Vec<MBlock> = ss.iter().map(|&x| bs[x as usize]).collect();
        mf.end_block(&s);
    }
    mf
}

/// The cached answers equal fresh ones.
fn check_fresh(mf: &MachFunction, an: &mut CfgAnalyses) {
    let fresh = MCfg::compute(mf);
    let fresh_loops = MachineLoops::compute(mf, &fresh);
    let fresh_pd = MPostDom::compute(mf, &fresh);
    let (cfg, pd) = an.post_dominators(mf);
    assert_eq!(cfg.rpo, fresh.rpo);
    for &x in &fresh.rpo {
        assert_eq!(cfg.idom(x), fresh.idom(x));
        assert_eq!(pd.ipdom(x), fresh_pd.ipdom(x));
    }
    let (_, loops) = an.loops(mf);
    assert_eq!(loops.len(), fresh_loops.len());
    for &x in &fresh.rpo {
        assert_eq!(loops.loop_depth(x), fresh_loops.loop_depth(x));
    }
}

#[test]
fn results_are_reused_until_the_cfg_changes() {
    // 0 -> 1; 1 -> 2; 2 -> 1, 3 (a loop {1, 2}); 3 returns.
    let mut mf = cfg_fn(&[&[1], &[2], &[1, 3], &[]]);
    let mut an = CfgAnalyses::default();
    assert_eq!(an.loops(&mf).1.len(), 1);
    let computed = an.computed;
    assert_eq!(computed, 2, "the CFG and the loops");
    // Asking again, or for less, computes nothing.
    let _ = an.cfg(&mf);
    let _ = an.loops(&mf);
    assert_eq!(an.computed, computed);
    check_fresh(&mf, &mut an);
    let computed = an.computed;

    // Breaking the back edge drops every result.
    mf.set_succs(b(2), &[b(3)]);
    assert!(an.loops(&mf).1.is_empty());
    assert!(an.computed > computed);
    check_fresh(&mf, &mut an);

    // Probabilities alone (frequencies read them) invalidate too.
    let computed = an.computed;
    mf.set_succs_with_probs(b(0), &[b(1)], &[BranchProb::ONE]);
    let _ = an.cfg(&mf);
    assert_eq!(an.computed, computed + 1);

    // So does the layout order (the entry is its first block).
    let computed = an.computed;
    mf.order.swap(2, 3);
    let _ = an.cfg(&mf);
    assert_eq!(an.computed, computed + 1);
    check_fresh(&mf, &mut an);

    // A new function starts from nothing.
    an.invalidate();
    let computed = an.computed;
    let _ = an.cfg(&mf);
    assert_eq!(an.computed, computed + 1);
}
