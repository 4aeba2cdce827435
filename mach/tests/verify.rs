//! The machine verifier: well-formed functions pass, and each kind of
//! malformed function is reported with the expected message.

use rcc_ir::{parse_module, Module};
use rcc_mach::verify::verify;
use rcc_mach::{flag, prop, MBlock, MOpc, MachFunction, Operand, Reg, VReg};
use rcc_targets::x86_64::{mclass, op, regs, Opcode, X86Info};

const T: X86Info = X86Info;

struct B {
    m: Module,
    mf: MachFunction,
}

impl B {
    fn new() -> B {
        let m = parse_module("define void @f() {\n  ret void\n}\n", "t.ll").expect("module");
        let f = m.global_by_name("f").expect("@f");
        B {
            mf: MachFunction::new(f),
            m,
        }
    }
    fn i(&mut self, o: Opcode, ops: &[Operand]) {
        self.mf.push(MOpc::target(o.0), ops);
    }
    fn g(&mut self, o: MOpc, ops: &[Operand]) {
        self.mf.push(o, ops);
    }
    fn errors(&self) -> Vec<String> {
        verify(&self.mf, &self.m, &T)
            .iter()
            .map(|e| e.to_string())
            .collect()
    }
    fn expect_clean(&self) {
        let e = self.errors();
        assert!(e.is_empty(), "{e:#?}");
    }
    fn expect(&self, what: &str) {
        let e = self.errors();
        assert!(
            e.iter().any(|m| m.contains(what)),
            "wanted `{what}` in {e:#?}"
        );
    }
}

fn d(r: impl Into<Reg>) -> Operand {
    Operand::reg_def(r)
}
fn u(r: impl Into<Reg>) -> Operand {
    Operand::reg_use(r)
}
fn tu(r: impl Into<Reg>, k: usize) -> Operand {
    Operand::reg_tied_use(r, k)
}
fn eflags() -> Operand {
    Operand::implicit_def(regs::EFLAGS).with(flag::DEAD)
}

/// `%0 = COPY $rdi; %1 = ADD64rr %0, %0; $rax = COPY %1; RET64`, with
/// `body` inserted before the return copy.
fn straight(body: impl FnOnce(&mut B, VReg, VReg)) -> B {
    let mut b = B::new();
    b.mf.live_ins = vec![regs::RDI];
    let e = b.mf.create_block(0);
    b.mf.begin_block(e);
    let (x, y) = (b.mf.new_vreg(mclass::GR64), b.mf.new_vreg(mclass::GR64));
    b.g(MOpc::COPY, &[d(x), u(regs::RDI)]);
    b.i(op::ADD64rr, &[d(y), tu(x, 0), u(x), eflags()]);
    body(&mut b, x, y);
    b.g(MOpc::COPY, &[d(regs::RAX), u(y)]);
    b.i(op::RET64, &[Operand::implicit_use(regs::RAX)]);
    b.mf.end_block(&[]);
    b
}

/// A diamond: bb0 -> bb1 | bb2 -> bb3; `join` fills bb3 before its return.
fn diamond(join: impl FnOnce(&mut B, [MBlock; 4], VReg, VReg, VReg)) -> B {
    let mut b = B::new();
    b.mf.live_ins = vec![regs::RDI];
    let bs = [0, 1, 2, 3].map(|n| b.mf.create_block(n));
    let (x, l, r) = (
        b.mf.new_vreg(mclass::GR64),
        b.mf.new_vreg(mclass::GR64),
        b.mf.new_vreg(mclass::GR64),
    );
    b.mf.begin_block(bs[0]);
    b.g(MOpc::COPY, &[d(x), u(regs::RDI)]);
    b.i(
        op::TEST64rr,
        &[u(x), u(x), Operand::implicit_def(regs::EFLAGS)],
    );
    b.i(
        op::JCC_1,
        &[
            Operand::block(bs[2]),
            Operand::imm(4),
            Operand::implicit_use(regs::EFLAGS),
        ],
    );
    b.mf.end_block(&[bs[1], bs[2]]);
    b.mf.begin_block(bs[1]);
    b.i(op::MOV64ri32, &[d(l), Operand::imm(1)]);
    b.i(op::JMP_1, &[Operand::block(bs[3])]);
    b.mf.end_block(&[bs[3]]);
    b.mf.begin_block(bs[2]);
    b.i(op::MOV64ri32, &[d(r), Operand::imm(2)]);
    b.mf.end_block(&[bs[3]]);
    b.mf.begin_block(bs[3]);
    join(&mut b, bs, x, l, r);
    b.i(op::RET64, &[]);
    b.mf.end_block(&[]);
    b
}

fn good_phi(b: &mut B, bs: [MBlock; 4], _x: VReg, l: VReg, r: VReg) {
    let j = b.mf.new_vreg(mclass::GR64);
    b.g(
        MOpc::PHI,
        &[
            d(j),
            u(l),
            Operand::block(bs[1]),
            u(r),
            Operand::block(bs[2]),
        ],
    );
}

mod good {
    use super::*;

    #[test]
    fn straight_line() {
        straight(|_, _, _| {}).expect_clean();
    }

    #[test]
    fn diamond_with_phi() {
        diamond(good_phi).expect_clean();
    }

    #[test]
    fn sub_and_super_classes_and_sub_registers() {
        straight(|b, x, _| {
            let n = b.mf.new_vreg(mclass::GR64_NOSP);
            b.g(MOpc::COPY, &[d(n), u(x)]);
            let s = b.mf.new_vreg(mclass::GR64);
            // GR64_NOSP value in a GR64 slot, GR64_NOSP as a memory index.
            b.i(op::ADD64rr, &[d(s), tu(n, 0), u(x), eflags()]);
            let w = b.mf.new_vreg(mclass::GR32);
            b.i(op::MOVZX32rr8, &[d(w), u(x).with_subreg(0)]);
            b.i(
                op::MOV8mr,
                &[
                    u(x),
                    Operand::imm(4),
                    u(n),
                    Operand::imm(8),
                    u(Reg::NONE),
                    u(w).with_subreg(0),
                ],
            );
        })
        .expect_clean();
    }

    /// Scalar float classes name part of an XMM register: copies between
    /// them, VR128 and the physical XMM registers are not width mismatches.
    #[test]
    fn scalar_float_class_copies() {
        let mut b = B::new();
        b.mf.live_ins = vec![regs::XMM0];
        let e = b.mf.create_block(0);
        b.mf.begin_block(e);
        let (x, v, y) = (
            b.mf.new_vreg(mclass::FR64),
            b.mf.new_vreg(mclass::VR128),
            b.mf.new_vreg(mclass::FR32),
        );
        b.g(MOpc::COPY, &[d(x), u(regs::XMM0)]);
        b.g(MOpc::COPY, &[d(v), u(x)]);
        b.g(MOpc::COPY, &[d(y), u(v)]);
        b.g(MOpc::COPY, &[d(regs::XMM0), u(y)]);
        b.i(op::RET64, &[Operand::implicit_use(regs::XMM0)]);
        b.mf.end_block(&[]);
        b.expect_clean();
    }
}

mod operands {
    use super::*;

    #[test]
    fn operand_count() {
        straight(|b, x, _| {
            let z = b.mf.new_vreg(mclass::GR64);
            b.i(op::ADD64rr, &[d(z), tu(x, 0)]);
        })
        .expect("expected 3 explicit operands, found 2");
    }

    #[test]
    fn operand_kind() {
        straight(|b, x, _| {
            let z = b.mf.new_vreg(mclass::GR64);
            b.i(op::MOV64ri32, &[d(z), u(x)]);
        })
        .expect("expected an immediate");
    }

    #[test]
    fn extra_operand() {
        straight(|b, _, _| {
            let z = b.mf.new_vreg(mclass::GR64);
            b.i(op::MOV64ri32, &[d(z), Operand::imm(1), Operand::imm(2)]);
        })
        .expect("extra operand");
    }

    #[test]
    fn virtual_class_mismatch() {
        straight(|b, x, _| {
            let z = b.mf.new_vreg(mclass::GR32);
            b.i(op::ADD64rr, &[d(z), tu(x, 0), u(x), eflags()]);
        })
        .expect("register class GR32 is not compatible with GR64");
    }

    #[test]
    fn physical_register_outside_class() {
        straight(|b, x, _| {
            b.i(op::ADD64rr, &[d(regs::EAX), tu(x, 0), u(x), eflags()]);
        })
        .expect("$eax is not in class GR64");
    }

    #[test]
    fn invalid_sub_register() {
        straight(|b, _, _| {
            let c = b.mf.new_vreg(mclass::GR8);
            let z = b.mf.new_vreg(mclass::GR32);
            b.i(op::MOV8ri, &[d(c), Operand::imm(1)]);
            b.g(MOpc::COPY, &[d(z), u(c).with_subreg(3)]);
        })
        .expect("class GR8 has no sub-register sub_32bit");
    }

    #[test]
    fn bad_memory_scale() {
        straight(|b, x, _| {
            let z = b.mf.new_vreg(mclass::GR64);
            b.i(
                op::MOV64rm,
                &[
                    d(z),
                    u(x),
                    Operand::imm(3),
                    u(Reg::NONE),
                    Operand::imm(0),
                    u(Reg::NONE),
                ],
            );
        })
        .expect("expected a scale of 1, 2, 4 or 8");
    }

    #[test]
    fn copy_width_mismatch() {
        straight(|b, x, _| {
            let z = b.mf.new_vreg(mclass::GR32);
            b.g(MOpc::COPY, &[d(z), u(x)]);
        })
        .expect("COPY between registers of 32 and 64 bits");
    }

    #[test]
    fn tied_to_a_use() {
        straight(|b, x, _| {
            let z = b.mf.new_vreg(mclass::GR64);
            b.i(op::CMP64rr, &[u(x), tu(z, 0), eflags()]);
        })
        .expect("which is not a def");
    }

    #[test]
    fn tied_pair_after_two_address() {
        let mut b = straight(|_, _, _| {});
        b.mf.props = prop::TIED_REWRITTEN | prop::NO_PHIS;
        b.expect("tied use does not name the register of operand 0");
    }

    #[test]
    fn missing_block() {
        straight(|b, _, _| {
            b.i(op::JMP_1, &[Operand::block(MBlock::from_u32(9))]);
        })
        .expect("block 9 does not exist");
    }
}

mod ssa {
    use super::*;

    #[test]
    fn two_defs() {
        straight(|b, x, _| {
            b.g(MOpc::COPY, &[d(x), u(regs::RDI)]);
        })
        .expect("has more than one def");
    }

    #[test]
    fn use_before_def() {
        straight(|b, _, _| {
            let (p, q) = (b.mf.new_vreg(mclass::GR64), b.mf.new_vreg(mclass::GR64));
            b.g(MOpc::COPY, &[d(p), u(q)]);
            b.g(MOpc::COPY, &[d(q), u(regs::RDI)]);
        })
        .expect("is used before its def");
    }

    #[test]
    fn never_defined() {
        straight(|b, _, _| {
            let (p, q) = (b.mf.new_vreg(mclass::GR64), b.mf.new_vreg(mclass::GR64));
            b.g(MOpc::COPY, &[d(p), u(q)]);
        })
        .expect("is used but never defined");
    }

    #[test]
    fn def_does_not_dominate() {
        diamond(|b, _, _, l, _| {
            let z = b.mf.new_vreg(mclass::GR64);
            b.g(MOpc::COPY, &[d(z), u(l)]);
        })
        .expect("used where its def does not dominate");
    }

    #[test]
    fn phi_missing_input() {
        diamond(|b, bs, _, l, _| {
            let j = b.mf.new_vreg(mclass::GR64);
            b.g(MOpc::PHI, &[d(j), u(l), Operand::block(bs[1])]);
        })
        .expect("PHI has no input for predecessor bb.2");
    }

    #[test]
    fn phi_input_from_non_predecessor() {
        diamond(|b, bs, x, l, r| {
            let j = b.mf.new_vreg(mclass::GR64);
            b.g(
                MOpc::PHI,
                &[
                    d(j),
                    u(l),
                    Operand::block(bs[1]),
                    u(r),
                    Operand::block(bs[2]),
                    u(x),
                    Operand::block(bs[0]),
                ],
            );
        })
        .expect("which is not a predecessor");
    }

    #[test]
    fn phi_input_not_dominating_its_edge() {
        diamond(|b, bs, _, l, _| {
            let j = b.mf.new_vreg(mclass::GR64);
            b.g(
                MOpc::PHI,
                &[
                    d(j),
                    u(l),
                    Operand::block(bs[1]),
                    u(l),
                    Operand::block(bs[2]),
                ],
            );
        })
        .expect("does not dominate the end of bb.2");
    }
}

mod placement {
    use super::*;

    #[test]
    fn phi_after_non_phi() {
        diamond(|b, bs, x, l, r| {
            let z = b.mf.new_vreg(mclass::GR64);
            b.g(MOpc::COPY, &[d(z), u(x)]);
            good_phi(b, bs, x, l, r);
        })
        .expect("PHI after a non-PHI instruction");
    }

    #[test]
    fn phi_after_phi_elimination() {
        let mut b = diamond(good_phi);
        b.mf.props = prop::NO_PHIS;
        b.expect("PHI after PHI elimination");
    }

    #[test]
    fn non_terminator_after_terminator() {
        let mut b = B::new();
        let (e, n) = (b.mf.create_block(0), b.mf.create_block(1));
        b.mf.begin_block(e);
        b.i(
            op::JCC_1,
            &[
                Operand::block(n),
                Operand::imm(4),
                Operand::implicit_use(regs::EFLAGS),
            ],
        );
        let z = b.mf.new_vreg(mclass::GR64);
        b.i(op::MOV64ri32, &[d(z), Operand::imm(1)]);
        b.mf.end_block(&[n]);
        b.mf.begin_block(n);
        b.i(op::RET64, &[]);
        b.mf.end_block(&[]);
        b.expect("non-terminator after a terminator");
    }

    #[test]
    fn instruction_after_barrier() {
        straight(|b, _, _| {
            b.i(op::RET64, &[]);
        })
        .expect("instruction after a barrier");
    }

    #[test]
    fn branch_to_non_successor() {
        let mut b = diamond(good_phi);
        let b1 = b.mf.order[1];
        b.mf.set_succs(b1, &[]);
        b.expect("branch to bb.3, which is not a successor");
    }

    #[test]
    fn successor_without_branch() {
        let mut b = diamond(good_phi);
        let (b0, b3) = (b.mf.order[0], b.mf.order[3]);
        let s = b.mf.succs(b0).to_vec();
        b.mf.set_succs(b0, &[s[0], s[1], b3]);
        b.expect("successor bb.3 is neither a branch target nor the fall-through");
    }

    #[test]
    fn successor_probabilities() {
        use rcc_mach::BranchProb;
        let mut b = diamond(good_phi);
        let b0 = b.mf.order[0];
        let s = b.mf.succs(b0).to_vec();
        b.mf.set_succs_with_probs(b0, &s, &[BranchProb(0x6000_0000), BranchProb(0x2000_0000)]);
        b.expect_clean();
        b.mf.set_succs_with_probs(b0, &s, &[BranchProb::ONE]);
        b.expect("1 successor probabilities for 2 successors");
        b.mf.set_succs_with_probs(b0, &s, &[BranchProb(0x6000_0000), BranchProb(0x2000_0100)]);
        b.expect("successor probabilities sum to 0x80000100, not 0x80000000");
        // Replacing the successors forgets the probabilities.
        b.mf.set_succs(b0, &s);
        assert_eq!(b.mf.succ_probs(b0), None);
        assert_eq!(b.mf.succ_prob(b0, 1), BranchProb(0x4000_0000));
        b.expect_clean();
    }

    #[test]
    fn falls_off_the_end() {
        let mut b = B::new();
        let e = b.mf.create_block(0);
        b.mf.begin_block(e);
        let z = b.mf.new_vreg(mclass::GR64);
        b.i(op::MOV64ri32, &[d(z), Operand::imm(1)]);
        b.mf.end_block(&[e]);
        b.expect("falls off the end of the function");
    }

    #[test]
    fn a_block_without_successors_may_end_unreachable() {
        // IR `unreachable` after a call that does not return: no barrier.
        let mut b = B::new();
        let e = b.mf.create_block(0);
        b.mf.begin_block(e);
        let z = b.mf.new_vreg(mclass::GR64);
        b.i(op::MOV64ri32, &[d(z), Operand::imm(1)]);
        b.mf.end_block(&[]);
        b.expect_clean();
    }
}

mod allocated {
    use super::*;

    fn physical(body: impl FnOnce(&mut B)) -> B {
        let mut b = B::new();
        b.mf.live_ins = vec![regs::RDI];
        b.mf.props = prop::NO_PHIS | prop::TIED_REWRITTEN | prop::NO_VREGS;
        let e = b.mf.create_block(0);
        b.mf.begin_block(e);
        b.g(MOpc::COPY, &[d(regs::RAX), u(regs::RDI)]);
        body(&mut b);
        b.i(op::RET64, &[Operand::implicit_use(regs::RAX)]);
        b.mf.end_block(&[]);
        b
    }

    #[test]
    fn clean() {
        physical(|b| {
            b.i(
                op::ADD64rr,
                &[d(regs::RAX), tu(regs::RAX, 0), u(regs::RDI), eflags()],
            );
            b.i(op::MOV32rr, &[d(regs::ECX), u(regs::EAX)]);
        })
        .expect_clean();
    }

    #[test]
    fn virtual_register_left() {
        physical(|b| {
            let z = b.mf.new_vreg(mclass::GR64);
            b.g(MOpc::COPY, &[d(z), u(regs::RDI)]);
        })
        .expect("virtual register after register allocation");
    }

    #[test]
    fn read_before_write() {
        physical(|b| {
            b.i(
                op::ADD64rr,
                &[d(regs::RAX), tu(regs::RAX, 0), u(regs::RBX), eflags()],
            );
        })
        .expect("reads $rbx before it is written in the block");
    }

    #[test]
    fn read_after_call_clobber() {
        physical(|b| {
            b.i(
                op::CALL64pcrel32,
                &[Operand::block(MBlock::from_u32(0)), Operand::reg_mask(0)],
            );
            b.i(op::MOV64rr, &[d(regs::RAX), u(regs::RDI)]);
        })
        .expect("reads $rdi before it is written in the block");
    }

    #[test]
    fn tied_registers_differ() {
        physical(|b| {
            b.i(
                op::ADD64rr,
                &[d(regs::RCX), tu(regs::RAX, 0), u(regs::RDI), eflags()],
            );
        })
        .expect("tied use does not name the register of operand 0");
    }
}
