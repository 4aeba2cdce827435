//! Property test: random structured machine functions (straight-line
//! arithmetic, diamonds and loops with PHIs, calls, fixed-register shifts,
//! sub-register values, XMM round trips, stores) go through PHI
//! elimination, two-address, the fast allocator, the checker, the rewrite
//! and pseudo expansion with the verifier after every step, and behave the
//! same under the interpreter before and after.

mod common;

use common::*;
use proptest::prelude::*;
use rcc_mach::{MBlock, MOpc, VReg};
use rcc_ralloc::fast::FastOptions;
use rcc_targets::x86_64::{mclass, op, regs};

#[derive(Clone, Debug)]
enum Op {
    Bin(u8, usize, usize),
    Const(i32),
    Lea(usize, usize, i8),
    Shl(usize, usize),
    Narrow(usize, usize),
    Store(usize, u8),
    Call(usize, usize),
    Fp(usize, usize),
    Div(usize, u8),
    Byte(usize, usize),
}

#[derive(Clone, Debug)]
enum Region {
    Ops(Vec<Op>),
    Seq(Vec<Region>),
    Diamond {
        cond: (usize, usize, u8),
        left: Box<Region>,
        right: Box<Region>,
        phis: Vec<(usize, usize)>,
    },
    Loop {
        trip: u8,
        body: Box<Region>,
        carried: Vec<(usize, usize)>,
    },
}

fn op_strategy() -> impl Strategy<Value = Op> {
    let ix = || any::<usize>();
    prop_oneof![
        4 => (0u8..5, ix(), ix()).prop_map(|(k, a, b)| Op::Bin(k, a, b)),
        2 => any::<i32>().prop_map(Op::Const),
        1 => (ix(), ix(), any::<i8>()).prop_map(|(a, b, c)| Op::Lea(a, b, c)),
        1 => (ix(), ix()).prop_map(|(a, b)| Op::Shl(a, b)),
        1 => (ix(), ix()).prop_map(|(a, b)| Op::Narrow(a, b)),
        1 => (ix(), any::<u8>()).prop_map(|(a, k)| Op::Store(a, k)),
        1 => (ix(), ix()).prop_map(|(a, b)| Op::Call(a, b)),
        1 => (ix(), ix()).prop_map(|(a, b)| Op::Fp(a, b)),
        1 => (ix(), 2u8..100).prop_map(|(a, c)| Op::Div(a, c)),
        1 => (ix(), ix()).prop_map(|(a, b)| Op::Byte(a, b)),
    ]
}

fn region_strategy() -> impl Strategy<Value = Region> {
    let leaf = prop::collection::vec(op_strategy(), 1..14).prop_map(Region::Ops);
    leaf.prop_recursive(3, 20, 3, |inner| {
        let pairs = || prop::collection::vec(any::<(usize, usize)>(), 0..4);
        prop_oneof![
            prop::collection::vec(inner.clone(), 1..4).prop_map(Region::Seq),
            (
                any::<(usize, usize, u8)>(),
                inner.clone(),
                inner.clone(),
                pairs()
            )
                .prop_map(|(cond, l, r, phis)| Region::Diamond {
                    cond,
                    left: Box::new(l),
                    right: Box::new(r),
                    phis,
                }),
            (1u8..4, inner, pairs()).prop_map(|(trip, body, carried)| Region::Loop {
                trip,
                body: Box::new(body),
                carried,
            }),
        ]
    })
}

/// Builds the SSA function for a region tree.
struct Gen {
    b: B,
    scope: Vec<VReg>,
    cur: MBlock,
    ptr: VReg,
}

impl Gen {
    fn pick(&self, i: usize) -> VReg {
        self.scope[i % self.scope.len()]
    }
    fn new_block(&mut self) -> MBlock {
        self.b.block()
    }
    fn switch_to(&mut self, blk: MBlock) {
        self.b.begin(blk);
        self.cur = blk;
    }

    fn op(&mut self, o: &Op) {
        let b = &mut self.b;
        let v = match *o {
            Op::Bin(k, x, y) => {
                let (x, y, r) = (
                    self.scope[x % self.scope.len()],
                    self.scope[y % self.scope.len()],
                    b.v(mclass::GR64),
                );
                let opc = [
                    op::ADD64rr,
                    op::SUB64rr,
                    op::IMUL64rr,
                    op::AND64rr,
                    op::XOR64rr,
                ][k as usize];
                b.i(opc, &[d(r), tu(x, 0), u(y), dead_eflags()]);
                r
            }
            Op::Const(c) => {
                let r = b.v(mclass::GR64);
                b.i(op::MOV64ri32, &[d(r), imm(c)]);
                r
            }
            Op::Lea(x, y, disp) => {
                let (x, y, r) = (
                    self.scope[x % self.scope.len()],
                    self.scope[y % self.scope.len()],
                    b.v(mclass::GR64),
                );
                b.i(
                    op::LEA64r,
                    &[
                        d(r),
                        u(x),
                        imm(2),
                        u(y),
                        imm(disp as i32),
                        u(rcc_mach::Reg::NONE),
                    ],
                );
                r
            }
            Op::Shl(x, c) => {
                let (x, c, r) = (
                    self.scope[x % self.scope.len()],
                    self.scope[c % self.scope.len()],
                    b.v(mclass::GR64),
                );
                b.g(MOpc::COPY, &[d(regs::CL), u(c).with_subreg(0)]);
                b.i(
                    op::SHL64rCL,
                    &[d(r), tu(x, 0), imp_use(regs::CL), dead_eflags()],
                );
                r
            }
            Op::Narrow(x, y) => {
                let (x, y) = (
                    self.scope[x % self.scope.len()],
                    self.scope[y % self.scope.len()],
                );
                let (n, r) = (b.v(mclass::GR32), b.v(mclass::GR64));
                b.i(
                    op::ADD32rr,
                    &[
                        d(n),
                        tu(x, 0).with_subreg(3),
                        u(y).with_subreg(3),
                        dead_eflags(),
                    ],
                );
                b.g(MOpc::SUBREG_TO_REG, &[d(r), imm(0), u(n), imm(3)]);
                r
            }
            Op::Store(x, k) => {
                let x = self.scope[x % self.scope.len()];
                let m = mem(self.ptr, 8 * k as i32);
                b.i(op::MOV64mr, &[m[0], m[1], m[2], m[3], m[4], u(x)]);
                return;
            }
            Op::Call(x, y) => {
                let (x, y, r) = (
                    self.scope[x % self.scope.len()],
                    self.scope[y % self.scope.len()],
                    b.v(mclass::GR64),
                );
                b.g(MOpc::ADJCALLSTACKDOWN, &[imm(0)]);
                b.copy(regs::RDI, x);
                b.copy(regs::RSI, y);
                let callee = b.callee();
                b.i(
                    op::CALL64pcrel32,
                    &[
                        callee,
                        sysv_mask(),
                        imp_use(regs::RDI),
                        imp_use(regs::RSI),
                        imp_def(regs::RAX),
                    ],
                );
                b.g(MOpc::ADJCALLSTACKUP, &[imm(0)]);
                b.copy(r, regs::RAX);
                r
            }
            Op::Fp(x, y) => {
                let (x, y) = (
                    self.scope[x % self.scope.len()],
                    self.scope[y % self.scope.len()],
                );
                let (fx, fy, fs, r) = (
                    b.v(mclass::VR128),
                    b.v(mclass::VR128),
                    b.v(mclass::VR128),
                    b.v(mclass::GR64),
                );
                b.i(op::MOV64toPQIrr, &[d(fx), u(x)]);
                b.i(op::MOV64toPQIrr, &[d(fy), u(y)]);
                b.i(op::ADDSDrr, &[d(fs), tu(fx, 0), u(fy)]);
                b.i(op::MOVPQIto64rr, &[d(r), u(fs)]);
                r
            }
            Op::Div(x, c) => {
                let x = self.scope[x % self.scope.len()];
                let (dv, q, r, s, w) = (
                    b.v(mclass::GR32),
                    b.v(mclass::GR32),
                    b.v(mclass::GR32),
                    b.v(mclass::GR32),
                    b.v(mclass::GR64),
                );
                b.i(op::MOV32ri, &[d(dv), imm(c as i32)]);
                b.g(MOpc::COPY, &[d(regs::EAX), u(x).with_subreg(3)]);
                b.i(
                    op::CDQ,
                    &[imp_def(regs::EAX), imp_def(regs::EDX), imp_use(regs::EAX)],
                );
                b.i(
                    op::IDIV32r,
                    &[
                        u(dv),
                        imp_def(regs::EAX),
                        imp_def(regs::EDX),
                        dead_eflags(),
                        imp_use(regs::EAX),
                        imp_use(regs::EDX),
                    ],
                );
                b.copy(q, regs::EAX);
                b.copy(r, regs::EDX);
                b.i(op::ADD32rr, &[d(s), tu(q, 0), u(r), dead_eflags()]);
                b.g(MOpc::SUBREG_TO_REG, &[d(w), imm(0), u(s), imm(3)]);
                w
            }
            Op::Byte(x, y) => {
                let (x, y) = (
                    self.scope[x % self.scope.len()],
                    self.scope[y % self.scope.len()],
                );
                let (c, a, z, w) = (
                    b.v(mclass::GR8),
                    b.v(mclass::GR8),
                    b.v(mclass::GR32),
                    b.v(mclass::GR64),
                );
                b.g(MOpc::COPY, &[d(c), u(x).with_subreg(0)]);
                b.i(
                    op::ADD8rr,
                    &[d(a), tu(c, 0), u(y).with_subreg(0), dead_eflags()],
                );
                b.i(op::MOVZX32rr8, &[d(z), u(a)]);
                b.g(MOpc::SUBREG_TO_REG, &[d(w), imm(0), u(z), imm(3)]);
                w
            }
        };
        self.scope.push(v);
    }

    fn region(&mut self, r: &Region) {
        match r {
            Region::Ops(ops) => ops.iter().for_each(|o| self.op(o)),
            Region::Seq(rs) => rs.iter().for_each(|r| self.region(r)),
            Region::Diamond {
                cond,
                left,
                right,
                phis,
            } => {
                let (l, rt, join) = (self.new_block(), self.new_block(), self.new_block());
                let (a, c) = (self.pick(cond.0), self.pick(cond.1));
                self.b.i(op::CMP64rr, &[u(a), u(c), eflags_def()]);
                self.b.i(
                    op::JCC_1,
                    &[blk(rt), imm((cond.2 % 16) as i32), eflags_use()],
                );
                self.b.end(&[l, rt]);
                let saved = self.scope.clone();
                self.switch_to(l);
                self.region(left);
                let (l_end, l_scope) =
                    (self.cur, std::mem::replace(&mut self.scope, saved.clone()));
                self.b.i(op::JMP_1, &[blk(join)]);
                self.b.end(&[join]);
                self.switch_to(rt);
                self.region(right);
                let (r_end, r_scope) = (self.cur, std::mem::replace(&mut self.scope, saved));
                self.b.end(&[join]);
                self.switch_to(join);
                for &(x, y) in phis {
                    let p = self.b.v(mclass::GR64);
                    let (x, y) = (l_scope[x % l_scope.len()], r_scope[y % r_scope.len()]);
                    self.b
                        .g(MOpc::PHI, &[d(p), u(x), blk(l_end), u(y), blk(r_end)]);
                    self.scope.push(p);
                }
            }
            Region::Loop {
                trip,
                body,
                carried,
            } => {
                let (header, exit) = (self.new_block(), self.new_block());
                let pre = self.cur;
                let cnt0 = self.b.v(mclass::GR64);
                self.b.i(op::MOV64ri32, &[d(cnt0), imm(*trip as i32)]);
                self.b.end(&[header]);
                self.switch_to(header);
                let saved = self.scope.clone();
                let cnt = self.b.v(mclass::GR64);
                // Inputs from the latch are patched once the body is built.
                let cnt_phi = self
                    .b
                    .g(MOpc::PHI, &[d(cnt), u(cnt0), blk(pre), u(cnt0), blk(pre)]);
                let mut phis = Vec::new();
                for &(init, _) in carried {
                    let p = self.b.v(mclass::GR64);
                    let i0 = self.pick(init);
                    let phi = self
                        .b
                        .g(MOpc::PHI, &[d(p), u(i0), blk(pre), u(i0), blk(pre)]);
                    phis.push((phi, p));
                }
                self.scope.extend(phis.iter().map(|&(_, p)| p));
                self.scope.push(cnt);
                let after: Vec<VReg> = self.scope.clone();
                self.region(body);
                let latch = self.cur;
                let cnt1 = self.b.v(mclass::GR64);
                self.b.i(op::DEC64r, &[d(cnt1), tu(cnt, 0), eflags_def()]);
                self.b.i(op::JCC_1, &[blk(header), imm(5), eflags_use()]);
                self.b.end(&[header, exit]);
                let ops = self.b.mf.operands_mut(cnt_phi);
                ops[3] = u(cnt1);
                ops[4] = blk(latch);
                for (n, &(phi, _)) in phis.iter().enumerate() {
                    let next = self.pick(carried[n].1);
                    let ops = self.b.mf.operands_mut(phi);
                    ops[3] = u(next);
                    ops[4] = blk(latch);
                }
                self.scope = saved;
                self.scope.extend(after[self.scope.len()..].iter().copied());
                self.switch_to(exit);
            }
        }
    }
}

fn build(r: &Region) -> B {
    let mut b = B::new();
    b.mf.live_ins = vec![regs::RDI, regs::RSI, regs::RDX];
    let e = b.block();
    b.begin(e);
    let (x, y, p) = (b.v(mclass::GR64), b.v(mclass::GR64), b.v(mclass::GR64));
    b.copy(x, regs::RDI);
    b.copy(y, regs::RSI);
    b.copy(p, regs::RDX);
    let mut g = Gen {
        b,
        scope: vec![x, y],
        cur: e,
        ptr: p,
    };
    g.region(r);
    let vals = g.scope.clone();
    for (k, &v) in vals.iter().enumerate().rev().take(6) {
        let m = mem(g.ptr, 0x1000 + 8 * k as i32);
        g.b.i(op::MOV64mr, &[m[0], m[1], m[2], m[3], m[4], u(v)]);
    }
    let last = *vals.last().expect("a value");
    g.b.copy(regs::RAX, last);
    g.b.i(op::RET64, &[imp_use(regs::RAX)]);
    g.b.end(&[]);
    g.b
}

/// Cases per run: 300, or `RCC_PROPTEST_CASES` for longer soaks.
fn cases() -> u32 {
    std::env::var("RCC_PROPTEST_CASES")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(300)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(cases()))]

    #[test]
    fn random_functions_allocate_correctly(r in region_strategy(), a in any::<u64>(), c in any::<u64>(), fp in any::<bool>()) {
        run_with(Allocator::Fast, &r, a, c, fp);
    }

    #[test]
    fn random_functions_allocate_correctly_basic(r in region_strategy(), a in any::<u64>(), c in any::<u64>(), fp in any::<bool>()) {
        run_with(Allocator::Basic, &r, a, c, fp);
    }

    #[test]
    fn random_functions_allocate_correctly_greedy(r in region_strategy(), a in any::<u64>(), c in any::<u64>(), fp in any::<bool>()) {
        run_with(Allocator::Greedy, &r, a, c, fp);
    }
}

/// Builds the function and runs allocator `which` on it under the checker
/// and the interpreter (greedy: add its arm here and a proptest above).
fn run_with(which: Allocator, r: &Region, a: u64, c: u64, fp: bool) {
    let mut b = build(r);
    let args: &[&[(rcc_mach::PReg, u64)]] = &[
        &[(regs::RDI, a), (regs::RSI, c), (regs::RDX, 0x10_0000)],
        &[(regs::RDI, 3), (regs::RSI, a), (regs::RDX, 0x20_0000)],
    ];
    match which {
        Allocator::Fast => {
            let opts = FastOptions {
                frame_pointer: fp.then_some(regs::RBP),
                base_pointer: None,
                check: true,
            };
            roundtrip(&mut b, opts, args);
        }
        Allocator::Basic => {
            let opts = rcc_ralloc::basic::IntervalOptions {
                frame_pointer: fp.then_some(regs::RBP),
                base_pointer: None,
                check: true,
            };
            roundtrip_basic(&mut b, opts, args);
        }
        Allocator::Greedy => {
            let opts = rcc_ralloc::basic::IntervalOptions {
                frame_pointer: fp.then_some(regs::RBP),
                base_pointer: None,
                check: true,
            };
            roundtrip_greedy(&mut b, opts, args);
        }
    }
}

/// A replacement operand for corrupting a function.
fn junk_operand(kind: u8, x: u32) -> rcc_mach::Operand {
    use rcc_mach::{FrameIdx, Operand};
    match kind % 10 {
        0 => Operand::imm(x as i32),
        1 => Operand::block(MBlock::from_u32(x % 12)),
        2 => Operand::reg_use(VReg::from_u32(x % 300)),
        3 => Operand::reg_def(rcc_mc::Reg((x % 200) as u16)),
        4 => Operand::frame(FrameIdx::from_u32(x % 4)),
        5 => Operand::sym_index(x % 4),
        6 => Operand::reg_mask(x % 3),
        7 => Operand::reg_tied_use(VReg::from_u32(x % 300), (x % 12) as usize),
        8 => Operand::reg_use(rcc_mc::Reg((x % 200) as u16)).with_subreg((x % 15) as u8),
        _ => Operand::imm64_index(x % 4),
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(cases()))]

    /// The verifier and the MIR printer never panic on malformed
    /// functions (random operands replaced, random successor lists).
    #[test]
    fn verifier_survives_corruption(
        r in region_strategy(),
        edits in prop::collection::vec((any::<usize>(), any::<usize>(), any::<u8>(), any::<u32>()), 1..6),
        succ in any::<Option<(usize, u8)>>(),
    ) {
        let mut b = build(&r);
        for (i, k, kind, x) in edits {
            let inst = b.mf.layout[i % b.mf.layout.len()];
            let n = b.mf.operands(inst).len();
            if n > 0 {
                b.mf.operands_mut(inst)[k % n] = junk_operand(kind, x);
            }
        }
        if let Some((blk, s)) = succ {
            let blk = b.mf.order[blk % b.mf.order.len()];
            b.mf.set_succs(blk, &[MBlock::from_u32(s as u32 % 16)]);
        }
        let _ = rcc_mach::verify::verify(&b.mf, &b.m, &T);
        let _ = b.mir();
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(cases()))]

    /// The register coalescer on random functions: intervals stay exact
    /// and the fast allocator's result behaves as the original.
    #[test]
    fn random_functions_coalesce_correctly(r in region_strategy(), a in any::<u64>(), c in any::<u64>()) {
        let mut b = build(&r);
        let before = b.mf.clone();
        let mut sc = rcc_ralloc::coalesce::CoalesceScratch::default();
        common::coalesce::run(&mut b, &mut sc);
        common::coalesce::allocate_and_compare(&mut b, &before, &[&[(regs::RDI, a), (regs::RSI, c), (regs::RDX, 0x10_0000)], &[(regs::RDI, 3), (regs::RSI, a), (regs::RDX, 0x20_0000)]], false);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(cases()))]

    /// Stack slot coloring after allocation changes no behaviour: the
    /// interpreter keys slot memory by frame object, so slots merged while
    /// both live would clobber each other.
    #[test]
    fn stack_slot_coloring_keeps_behaviour(r in region_strategy(), a in any::<u64>(), c in any::<u64>()) {
        let mut b = build(&r);
        pipeline(&mut b, FastOptions { check: true, ..FastOptions::default() });
        let before = b.mf.clone();
        let mut s = rcc_ralloc::stack_coloring::Scratch::default();
        rcc_ralloc::stack_coloring::color_stack_slots(&mut b.mf, &T, &mut s);
        b.verify("stack-slot-coloring");
        for set in [[(regs::RDI, a), (regs::RSI, c), (regs::RDX, 0x10_0000)], [(regs::RDI, 3), (regs::RSI, a), (regs::RDX, 0x20_0000)]] {
            let x = common::interp::run(&before, &set);
            let y = common::interp::run(&b.mf, &set);
            prop_assert_eq!(x, y, "behaviour differs for {:?}\n{}", set, b.mir());
        }
    }
}

/// The property above exercises merging, not only functions whose slots
/// all interfere.
#[test]
fn random_functions_have_mergeable_spill_slots() {
    let merged = std::sync::atomic::AtomicUsize::new(0);
    let mut runner = proptest::test_runner::TestRunner::new(ProptestConfig::with_cases(64));
    runner
        .run(&region_strategy(), |r| {
            let mut b = build(&r);
            pipeline(
                &mut b,
                FastOptions {
                    check: true,
                    ..FastOptions::default()
                },
            );
            let mut s = rcc_ralloc::stack_coloring::Scratch::default();
            let st = rcc_ralloc::stack_coloring::color_stack_slots(&mut b.mf, &T, &mut s);
            merged.fetch_add(st.eliminated, std::sync::atomic::Ordering::Relaxed);
            Ok(())
        })
        .unwrap();
    assert!(
        merged.into_inner() > 0,
        "no random function had mergeable spill slots"
    );
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(cases()))]

    /// The full liveness computation (every vreg's occurrences gathered in
    /// one layout walk) gives each vreg exactly the interval, value numbers
    /// included, that recomputing it from its use list gives.
    #[test]
    fn full_liveness_equals_per_vreg_recomputation(r in region_strategy()) {
        let mut b = build(&r);
        rcc_mach::passes::phi_elim::eliminate_phis(&mut b.mf, &T);
        rcc_mach::passes::two_address::two_address(&mut b.mf, &T);
        let mut st = rcc_ralloc::liveness::Liveness::default();
        st.compute(&mut b.mf, &T);
        for v in 0..b.mf.num_vregs() {
            let v = VReg::from_u32(v as u32);
            let full = st.lis.vreg(v).clone();
            st.recompute(&b.mf, v);
            prop_assert_eq!(&full, st.lis.vreg(v), "{}", b.mir());
        }
    }
}
