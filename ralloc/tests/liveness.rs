//! Liveness on x86-64 functions after two-address: slot indexes, vreg
//! intervals (multiple defs, PHI values, dead defs, tied pairs), register
//! unit ranges, call masks, the matrix, and the edit layer (insertion,
//! rename, recompute, renumbering, dead-def elimination, materialize).

mod common;

use common::*;
use rcc_mach::{MOpc, Operand, Reg, VReg};
use rcc_ralloc::liveness::{Interference, Liveness, SlotIndex};
use rcc_targets::x86_64::{mclass, regs};

fn mir(body: &str, liveins: &str) -> B {
    let text = format!(
        "--- |\ndeclare void @g()\ndefine i64 @f(i64 %x, i64 %y) {{\n  unreachable\n}}\n...\n---\nname: f\nproperties: no-phis tied-rewritten\nliveins: {liveins}\nbody:\n{body}"
    );
    parse("inline.mir", &text)
}

fn v(n: u32) -> VReg {
    VReg::from_u32(n)
}

const LOOP: &str = "bb.0:
  successors: %bb.1
  %0:gr64 = COPY $rdi
  %1:gr32 = MOV32ri 5

bb.1:
  successors: %bb.1, %bb.2
  %0:gr64 = ADD64ri8 %0(tied-def 0), 1, implicit-def dead $eflags
  %1:gr32 = DEC32r %1(tied-def 0), implicit-def $eflags
  JCC_1 %bb.1, 5, implicit $eflags

bb.2:
  $rax = COPY %0
  RET64 implicit $rax
";

#[test]
fn loop_values_and_phis() {
    let mut b = mir(LOOP, "$rdi");
    let mut st = Liveness::default();
    st.compute_spaced(&mut b.mf, &T, Some(16));
    st.lis.verify().unwrap();
    assert_eq!(
        st.lis.vreg(v(0)).dump(),
        "[16r,48B:0)[48B,64r:2)[64r,128r:1) 0@16r 1@64r 2@48B-phi"
    );
    // %1 is live around the loop but not after it.
    assert_eq!(
        st.lis.vreg(v(1)).dump(),
        "[32r,48B:0)[48B,80r:2)[80r,112B:1) 0@32r 1@80r 2@48B-phi"
    );
    // RDI lives from the entry to the copy; RAX from the copy to the return.
    let ru = st.units.units(regs::RDI)[0];
    assert_eq!(st.lis.unit(ru).dump(), "[0B,16r:0) 0@0B");
    let au = st.units.units(regs::RAX)[0];
    assert_eq!(st.lis.unit(au).dump(), "[128r,144r:0) 0@128r");
    assert_eq!(st.indexes.block_of(SlotIndex(64 << 2)), Some(b.mf.order[1]));
}

#[test]
fn dead_defs_and_diamond_phi() {
    let body = "bb.0:
  successors: %bb.1, %bb.2
  %0:gr64 = COPY $rdi
  %1:gr64 = MOV64ri32 7
  TEST64rr %0, %0, implicit-def $eflags
  JCC_1 %bb.2, 4, implicit $eflags

bb.1:
  successors: %bb.3
  %2:gr64 = COPY %0
  JMP_1 %bb.3

bb.2:
  successors: %bb.3
  %2:gr64 = MOV64ri32 3

bb.3:
  $rax = COPY %2
  RET64 implicit $rax
";
    let mut b = mir(body, "$rdi");
    let mut st = Liveness::default();
    st.compute_spaced(&mut b.mf, &T, Some(16));
    st.lis.verify().unwrap();
    // %1 is never read: a dead def.
    assert_eq!(st.lis.vreg(v(1)).dump(), "[32r,32d:0) 0@32r");
    // %2 has a def per arm and a PHI value at the join.
    assert_eq!(
        st.lis.vreg(v(2)).dump(),
        "[96r,128B:0)[144r,160B:1)[160B,176r:2) 0@96r 1@144r 2@160B-phi"
    );
    // A dead def is deletable.
    let mut work = vec![b.mf.block_insts(b.mf.order[0])[1]];
    let mut gone = Vec::new();
    assert_eq!(st.eliminate_dead_defs(&b.mf, &T, &mut work, &mut gone), 1);
    assert!(st.lis.vreg(v(1)).is_empty());
    st.materialize(&mut b.mf);
    assert_eq!(b.mf.block_insts(b.mf.order[0]).len(), 3);
    b.verify("dead-def elimination");
}

#[test]
fn matrix_interference_kinds() {
    let body = "bb.0:
  %0:gr64 = COPY $rdi
  %1:gr64 = COPY $rsi
  ADJCALLSTACKDOWN 0
  CALL64pcrel32 @g, regmask(0)
  ADJCALLSTACKUP 0
  %0:gr64 = ADD64rr %0(tied-def 0), %1, implicit-def dead $eflags
  %3:gr64 = COPY %0
  %2:gr8 = COPY %0.sub_8bit
  $cl = COPY %2
  %0:gr64 = SHL64rCL %0(tied-def 0), implicit $cl, implicit-def dead $eflags
  %0:gr64 = ADD64rr %0(tied-def 0), %3, implicit-def dead $eflags
  $rax = COPY %0
  RET64 implicit $rax
";
    let mut b = mir(body, "$rdi, $rsi");
    let mut st = Liveness::default();
    st.compute(&mut b.mf, &T);
    let lv = &mut st;
    // %0 lives across the call: RAX is clobbered, RBX is not.
    let i = |st: &Liveness, x, p| {
        st.matrix
            .check_interference(&st.lis, &st.units, &T, v(x), p)
    };
    assert_eq!(i(lv, 0, regs::RAX), Interference::RegMask);
    assert_eq!(i(lv, 0, regs::RBX), Interference::Free);
    // %3 is live while the program holds the shift count in CL.
    assert_eq!(i(lv, 3, regs::RCX), Interference::Fixed);
    assert_eq!(i(lv, 3, regs::RDX), Interference::Free);
    // %2 dies where CL is written: free.
    assert_eq!(i(lv, 2, regs::CL), Interference::Free);
    // RSI is live from the entry to %1's copy, %0's def overlaps it.
    assert_eq!(i(lv, 0, regs::RSI), Interference::RegMask);
    let Liveness {
        lis,
        units,
        matrix,
        vrm,
        ..
    } = lv;
    matrix.assign(lis, units, vrm, v(0), regs::RBX);
    assert_eq!(
        matrix.check_interference(lis, units, &T, v(1), regs::EBX),
        Interference::Virt
    );
    let mut out = Vec::new();
    matrix.collect_interfering(lis, units, v(1), regs::BL, &mut out);
    assert_eq!(out, vec![v(0)]);
    assert_eq!(
        matrix.check_interference(lis, units, &T, v(2), regs::BH),
        Interference::Virt
    );
    assert_eq!(
        matrix.check_interference(lis, units, &T, v(2), regs::DL),
        Interference::Free
    );
    matrix.unassign(lis, units, vrm, v(0));
    assert_eq!(
        matrix.check_interference(lis, units, &T, v(1), regs::RBX),
        Interference::Free
    );
    assert!(vrm.phys(v(0)).is_none());
}

#[test]
fn edit_layer_insert_rename_recompute_and_renumber() {
    let mut b = mir(LOOP, "$rdi");
    let mut st = Liveness::default();
    // Gaps of two entries: the second insertion at one point renumbers.
    st.compute_spaced(&mut b.mf, &T, Some(2));
    let bb2 = b.mf.order[2];
    let copy = b.mf.block_insts(bb2)[0];
    // Reload-like: %2 = COPY %0 before the use, the use reads %2.
    let n = st.new_vreg_like(&mut b.mf, v(0));
    assert_eq!(st.vrm.original(n), v(0));
    let c =
        b.mf.create(MOpc::COPY, &[Operand::reg_def(n), Operand::reg_use(v(0))]);
    st.insert_before(&b.mf, copy, c);
    let c2 = b.mf.create(MOpc::KILL, &[Operand::reg_use(n)]);
    st.insert_before(&b.mf, copy, c2);
    assert!(st.indexes.renumbers >= 1);
    st.set_operand_reg(&mut b.mf, copy, 1, Reg::virt(n));
    assert_eq!(st.uses.iter(n).count(), 3);
    assert_eq!(st.uses.iter(v(0)).count(), 4);
    st.recompute(&b.mf, n);
    st.recompute(&b.mf, v(0));
    st.lis.verify().unwrap();
    let ci = st.indexes.index(c);
    let ui = st.indexes.index(copy);
    assert_eq!(st.lis.vreg(n).begin(), ci.reg());
    assert_eq!(st.lis.vreg(n).end(), ui.reg());
    assert_eq!(st.lis.vreg(v(0)).end(), ci.reg());
    // The unit ranges were remapped with the renumbering.
    let au = st.units.units(regs::RAX)[0];
    assert_eq!(st.lis.unit(au).begin(), ui.reg());
    st.materialize(&mut b.mf);
    assert_eq!(
        b.mf.block_insts(bb2),
        &[c, c2, copy, b.mf.block_insts(bb2)[3]]
    );
    b.verify("edit");
}

#[test]
fn classes_narrow_to_operand_constraints() {
    // A GR64 value used as a memory index must avoid RSP: GR64_NOSP.
    let body = "bb.0:
  %0:gr64 = COPY $rdi
  %1:gr64 = COPY $rsi
  %2:gr64 = MOV64rm %0, 8, %1, 0, $noreg
  $rax = COPY %2
  RET64 implicit $rax
";
    let mut b = mir(body, "$rdi, $rsi");
    let mut st = Liveness::default();
    st.compute(&mut b.mf, &T);
    assert_eq!(b.mf.class_of(v(1)), mclass::GR64_NOSP);
    assert_eq!(st.constrain_copies, 0);
}

#[test]
fn loop_depth_frequencies_and_spill_weights() {
    use rcc_ralloc::liveness::freq::BlockFreqs;
    use rcc_ralloc::weights::{spill_weight, WeightScratch};
    let body = "bb.0:
  successors: %bb.1
  %0:gr64 = COPY $rdi
  %1:gr64 = MOV64ri32 5
  %2:gr64 = MOV64ri32 9

bb.1:
  successors: %bb.1, %bb.2
  %0:gr64 = ADD64rr %0(tied-def 0), %1, implicit-def dead $eflags
  CMP64rr %0, %1, implicit-def $eflags
  JCC_1 %bb.1, 5, implicit $eflags

bb.2:
  %0:gr64 = ADD64rr %0(tied-def 0), %2, implicit-def dead $eflags
  $rax = COPY %0
  RET64 implicit $rax
";
    let mut b = mir(body, "$rdi");
    let mut st = Liveness::default();
    st.compute(&mut b.mf, &T);
    let mut f = BlockFreqs::default();
    f.compute(&b.mf, &T, &mut Default::default());
    let o = b.mf.order.clone();
    assert_eq!((f.depth(o[0]), f.depth(o[1]), f.depth(o[2])), (0, 1, 0));
    // No probabilities: LLVM's loop-branch heuristic (124:4) gives the
    // self-loop a back-edge probability of 31/32, so 32 iterations.
    assert!((f.freq(o[1]) - 32.0).abs() < 0.01, "{}", f.freq(o[1]));
    assert!((f.freq(o[2]) - 1.0).abs() < 0.01, "{}", f.freq(o[2]));
    let mut s = WeightScratch::default();
    let mut w = |st: &Liveness, x| spill_weight(st, &b.mf, &T, &f, v(x), &mut s);
    let (w0, w1, w2) = (w(&st, 0), w(&st, 1), w(&st, 2));
    // %0 is read and written in the loop; %1 only read there; %2 (a
    // rematerializable constant read once after the loop) is cheapest.
    assert!(w0 > w1 && w1 > w2, "{w0} {w1} {w2}");
    assert!(rcc_ralloc::weights::remat_def(&st, &b.mf, &T, v(2)).is_some());
}
