//! Allocation hints (`rcc_ralloc::hints`) on x86-64 functions read from
//! `tests/hints/*.mir`.

mod common;

use common::*;
use rcc_mach::{MBlock, PReg, VReg};
use rcc_ralloc::hints::{Hint, Hints};
use rcc_targets::x86_64::regs;

fn v(n: u32) -> VReg {
    VReg::from_u32(n)
}

#[test]
fn copies_give_physical_and_partner_hints_weighted_by_frequency() {
    let b = load("hints/copies.mir");
    let mf = &b.mf;
    // bb.1 is a loop: ten times as frequent.
    let loop_block = mf.order[1];
    let freq = |blk: MBlock| if blk == loop_block { 10.0 } else { 1.0 };
    let mut h = Hints::new();
    h.compute(mf, &T, freq);
    assert_eq!(h.preferred(v(0)).collect::<Vec<_>>(), vec![regs::RDI]);
    // %1: $rsi from the entry copy, $rax through `$eax = COPY %1.sub_32bit`;
    // partner %3 from the loop copies (weight 20) comes first.
    assert_eq!(h.of(v(1))[0], (Hint::Virt(v(3)), 20.0));
    let pref: Vec<PReg> = h.preferred(v(1)).collect();
    assert_eq!(pref, vec![regs::RAX, regs::RSI]);
    // %0's partners: %4 (loop, 10) before %2 (entry, 1).
    assert_eq!(h.partners(v(0)).collect::<Vec<_>>(), vec![v(4), v(2)]);
    assert_eq!(h.num_hinted(), 5);
    // `ordered` resolves partners through the current assignment and drops
    // duplicates.
    let mut out = Vec::new();
    h.ordered(mf, &T, v(1), |w| (w == v(3)).then_some(regs::RSI), &mut out);
    assert_eq!(out, vec![regs::RSI, regs::RAX]);
    h.ordered(mf, &T, v(1), |_| None, &mut out);
    assert_eq!(out, vec![regs::RAX, regs::RSI]);
    // Recomputing reuses the storage and gives the same answer.
    h.compute(mf, &T, freq);
    assert_eq!(
        h.preferred(v(1)).collect::<Vec<_>>(),
        vec![regs::RAX, regs::RSI]
    );
    assert!(h.of(v(100)).is_empty());
}
