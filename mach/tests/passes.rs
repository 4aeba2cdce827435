//! Shapes produced by PHI elimination and the two-address pass (their
//! semantics are tested end to end, with an interpreter, in `ralloc`).

use rcc_ir::parse_module;
use rcc_mach::passes::{phi_elim::eliminate_phis, two_address::two_address};
use rcc_mach::verify::verify_to_string;
use rcc_mach::{flag, prop, MOpc, MachFunction, Operand, Reg};
use rcc_targets::x86_64::{mclass, op, regs, X86Info};

const T: X86Info = X86Info;

fn t(o: rcc_targets::x86_64::Opcode) -> MOpc {
    MOpc::target(o.0)
}

/// bb0: x = rdi; test; jcc bb2 (fall through to bb1)
/// bb1: l = 1; jmp bb2
/// bb2: j = PHI x, bb0, l, bb1; ret j
/// bb0 -> bb2 is a critical edge (bb0 has two successors, bb2 two preds).
fn critical_edge() -> (rcc_ir::Module, MachFunction) {
    let m = parse_module("define void @f() {\n  ret void\n}\n", "t.ll").unwrap();
    let mut mf = MachFunction::new(m.global_by_name("f").unwrap());
    mf.live_ins = vec![regs::RDI];
    let (b0, b1, b2) = (mf.create_block(0), mf.create_block(1), mf.create_block(2));
    let (x, l, j) = (
        mf.new_vreg(mclass::GR64),
        mf.new_vreg(mclass::GR64),
        mf.new_vreg(mclass::GR64),
    );
    mf.begin_block(b0);
    mf.push(
        MOpc::COPY,
        &[Operand::reg_def(x), Operand::reg_use(regs::RDI)],
    );
    mf.push(
        t(op::TEST64rr),
        &[
            Operand::reg_use(x),
            Operand::reg_use(x),
            Operand::implicit_def(regs::EFLAGS),
        ],
    );
    mf.push(
        t(op::JCC_1),
        &[
            Operand::block(b2),
            Operand::imm(4),
            Operand::implicit_use(regs::EFLAGS),
        ],
    );
    mf.end_block(&[b1, b2]);
    mf.begin_block(b1);
    mf.push(t(op::MOV64ri32), &[Operand::reg_def(l), Operand::imm(1)]);
    mf.push(t(op::JMP_1), &[Operand::block(b2)]);
    mf.end_block(&[b2]);
    mf.begin_block(b2);
    mf.push(
        MOpc::PHI,
        &[
            Operand::reg_def(j),
            Operand::reg_use(x).with(flag::KILL),
            Operand::block(b0),
            Operand::reg_use(l),
            Operand::block(b1),
        ],
    );
    mf.push(
        MOpc::COPY,
        &[Operand::reg_def(regs::RAX), Operand::reg_use(j)],
    );
    mf.push(t(op::RET64), &[Operand::implicit_use(regs::RAX)]);
    mf.end_block(&[]);
    (m, mf)
}

fn opcodes(mf: &MachFunction, b: usize) -> Vec<MOpc> {
    mf.block_insts(mf.order[b])
        .iter()
        .map(|&i| mf.opc(i))
        .collect()
}

#[test]
fn phi_elimination_places_copies_before_terminators() {
    let (m, mut mf) = critical_edge();
    verify_to_string(&mf, &m, &T).unwrap();
    eliminate_phis(&mut mf, &T);
    verify_to_string(&mf, &m, &T).unwrap();
    assert!(mf.has_prop(prop::NO_PHIS) && !mf.has_prop(prop::IS_SSA));
    // The copy for the critical edge sits before bb0's JCC, after TEST.
    assert_eq!(
        opcodes(&mf, 0),
        [MOpc::COPY, t(op::TEST64rr), MOpc::COPY, t(op::JCC_1)]
    );
    assert_eq!(
        opcodes(&mf, 1),
        [t(op::MOV64ri32), MOpc::COPY, t(op::JMP_1)]
    );
    assert_eq!(opcodes(&mf, 2), [MOpc::COPY, MOpc::COPY, t(op::RET64)]);
    // Both predecessors write the same fresh register, which the join
    // block copies into the PHI's def; kill flags are dropped.
    let c0 = mf.operands(mf.block_insts(mf.order[0])[2]).to_vec();
    let c1 = mf.operands(mf.block_insts(mf.order[1])[1]).to_vec();
    let cj = mf.operands(mf.block_insts(mf.order[2])[0]).to_vec();
    assert_eq!(c0[0].reg(), c1[0].reg());
    assert_eq!(cj[1].reg(), c0[0].reg());
    assert!(!c0[1].has(flag::KILL));
    assert_eq!(mf.num_vregs(), 4);
}

#[test]
fn two_address_inserts_copies_for_differing_tied_uses() {
    let m = parse_module("define void @f() {\n  ret void\n}\n", "t.ll").unwrap();
    let mut mf = MachFunction::new(m.global_by_name("f").unwrap());
    mf.live_ins = vec![regs::RDI];
    let b = mf.create_block(0);
    let (x, y, n, s) = (
        mf.new_vreg(mclass::GR64),
        mf.new_vreg(mclass::GR64),
        mf.new_vreg(mclass::GR32),
        mf.new_vreg(mclass::GR64),
    );
    mf.begin_block(b);
    mf.push(
        MOpc::COPY,
        &[Operand::reg_def(x), Operand::reg_use(regs::RDI)],
    );
    // (XOR: an ADD64rr whose source lives on would become a LEA64r.)
    let add = mf.push(
        t(op::XOR64rr),
        &[
            Operand::reg_def(y),
            Operand::reg_tied_use(x, 0).with(flag::KILL),
            Operand::reg_use(x),
            Operand::implicit_def(regs::EFLAGS).with(flag::DEAD),
        ],
    );
    let narrow = mf.push(
        t(op::ADD32rr),
        &[
            Operand::reg_def(n),
            Operand::reg_tied_use(y, 0).with_subreg(3),
            Operand::reg_use(x).with_subreg(3),
            Operand::implicit_def(regs::EFLAGS).with(flag::DEAD),
        ],
    );
    mf.push(
        MOpc::SUBREG_TO_REG,
        &[
            Operand::reg_def(s),
            Operand::imm(0),
            Operand::reg_use(n),
            Operand::imm(3),
        ],
    );
    mf.push(
        MOpc::COPY,
        &[Operand::reg_def(regs::RAX), Operand::reg_use(s)],
    );
    mf.push(t(op::RET64), &[Operand::implicit_use(regs::RAX)]);
    mf.end_block(&[]);
    two_address(&mut mf, &T);
    verify_to_string(&mf, &m, &T).unwrap();
    assert!(mf.has_prop(prop::TIED_REWRITTEN));
    let insts = mf.block_insts(b).to_vec();
    assert_eq!(insts.len(), 8);
    // y = COPY x; y = XOR64rr y(tied), x
    assert_eq!(mf.opc(insts[1]), MOpc::COPY);
    assert_eq!(mf.operands(insts[1])[0].reg(), Reg::from(y));
    assert_eq!(mf.operands(insts[1])[1].reg(), Reg::from(x));
    assert_eq!(insts[2], add);
    assert_eq!(mf.operands(add)[1].reg(), Reg::from(y));
    assert!(!mf.operands(add)[1].has(flag::KILL));
    // n = COPY y.sub_32bit; n = ADD32rr n(tied), x.sub_32bit
    assert_eq!(mf.operands(insts[3])[1].subreg(), Some(3));
    assert_eq!(mf.operands(narrow)[1].reg(), Reg::from(n));
    assert_eq!(mf.operands(narrow)[1].subreg(), None);
}
