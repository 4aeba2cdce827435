//! The fast allocator on hand-built x86-64 functions, one family of
//! situations per test. Each runs PHI elimination, two-address, the
//! allocator, the checker, the rewrite and pseudo expansion with the
//! verifier after every step, and compares interpreted behaviour before
//! and after.

mod common;

use common::*;
use rcc_mach::{flag, MOpc, Reg};
use rcc_ralloc::fast::FastOptions;
use rcc_targets::x86_64::{mclass, op, regs};

const ARGS2: &[&[(rcc_mach::PReg, u64)]] = &[
    &[(regs::RDI, 5), (regs::RSI, 7)],
    &[(regs::RDI, 0xffff_fff0), (regs::RSI, 3)],
    &[(regs::RDI, 1), (regs::RSI, 1 << 40)],
];

#[test]
fn straight_line_arithmetic() {
    let mut b = B::new();
    b.mf.live_ins = vec![regs::RDI, regs::RSI];
    let e = b.block();
    b.begin(e);
    let (x, y, s, p, l, k, z) = (
        b.v(mclass::GR64),
        b.v(mclass::GR64),
        b.v(mclass::GR64),
        b.v(mclass::GR64),
        b.v(mclass::GR64),
        b.v(mclass::GR32),
        b.v(mclass::GR64),
    );
    b.copy(x, regs::RDI);
    b.copy(y, regs::RSI);
    b.i(op::ADD64rr, &[d(s), tu(x, 0), u(y), dead_eflags()]);
    b.i(op::IMUL64rr, &[d(p), tu(s, 0), u(x), dead_eflags()]);
    let m = mem(p, 8);
    b.i(op::LEA64r, &[d(l), m[0], m[1], u(s), m[3], m[4]]);
    b.i(op::MOV32ri, &[d(k), imm(-1)]);
    b.g(MOpc::SUBREG_TO_REG, &[d(z), imm(0), u(k), imm(3)]);
    let r = b.v(mclass::GR64);
    b.i(op::ADD64rr, &[d(r), tu(l, 0), u(z), dead_eflags()]);
    b.copy(regs::RAX, r);
    b.i(op::RET64, &[imp_use(regs::RAX)]);
    b.end(&[]);
    let a = roundtrip(&mut b, FastOptions::default(), ARGS2);
    assert_eq!(a.stats.spills, 0, "{}", b.mir());
    assert_eq!(a.stats.reloads, 0);
}

/// bb0 branches to bb1 or bb2; bb3 joins them with a PHI.
#[test]
fn diamond_with_phis() {
    let mut b = B::new();
    b.mf.live_ins = vec![regs::RDI, regs::RSI];
    let (b0, b1, b2, b3) = (b.block(), b.block(), b.block(), b.block());
    let (x, y, l, r, j, j2) = (
        b.v(mclass::GR64),
        b.v(mclass::GR64),
        b.v(mclass::GR64),
        b.v(mclass::GR64),
        b.v(mclass::GR64),
        b.v(mclass::GR64),
    );
    b.begin(b0);
    b.copy(x, regs::RDI);
    b.copy(y, regs::RSI);
    b.i(op::CMP64rr, &[u(x), u(y), eflags_def()]);
    b.i(op::JCC_1, &[blk(b2), imm(12), eflags_use()]);
    b.end(&[b1, b2]);
    b.begin(b1);
    b.i(op::ADD64ri8, &[d(l), tu(x, 0), imm(1), dead_eflags()]);
    b.i(op::JMP_1, &[blk(b3)]);
    b.end(&[b3]);
    b.begin(b2);
    b.i(op::SUB64rr, &[d(r), tu(y, 0), u(x), dead_eflags()]);
    b.end(&[b3]);
    b.begin(b3);
    b.g(MOpc::PHI, &[d(j), u(l), blk(b1), u(r), blk(b2)]);
    b.g(MOpc::PHI, &[d(j2), u(x), blk(b1), u(y), blk(b2)]);
    let s = b.v(mclass::GR64);
    b.i(op::ADD64rr, &[d(s), tu(j, 0), u(j2), dead_eflags()]);
    b.copy(regs::RAX, s);
    b.i(op::RET64, &[imp_use(regs::RAX)]);
    b.end(&[]);
    roundtrip(&mut b, FastOptions::default(), ARGS2);
}

/// A loop whose header swaps two values through PHIs each iteration (the
/// swap problem) and counts down; the exit uses a PHI result (the
/// lost-copy problem).
#[test]
fn loop_with_swap_phis() {
    let mut b = B::new();
    b.mf.live_ins = vec![regs::RDI, regs::RSI];
    let (b0, b1, b2) = (b.block(), b.block(), b.block());
    let (a0, b0v, n0) = (b.v(mclass::GR64), b.v(mclass::GR64), b.v(mclass::GR32));
    let (a, bb, n, n1, acc0, acc, acc1) = (
        b.v(mclass::GR64),
        b.v(mclass::GR64),
        b.v(mclass::GR32),
        b.v(mclass::GR32),
        b.v(mclass::GR64),
        b.v(mclass::GR64),
        b.v(mclass::GR64),
    );
    b.begin(b0);
    b.copy(a0, regs::RDI);
    b.copy(b0v, regs::RSI);
    b.i(op::MOV32ri, &[d(n0), imm(5)]);
    b.i(op::MOV64ri32, &[d(acc0), imm(0)]);
    b.end(&[b1]);
    b.begin(b1);
    b.g(MOpc::PHI, &[d(a), u(a0), blk(b0), u(bb), blk(b1)]);
    b.g(MOpc::PHI, &[d(bb), u(b0v), blk(b0), u(a), blk(b1)]);
    b.g(MOpc::PHI, &[d(n), u(n0), blk(b0), u(n1), blk(b1)]);
    b.g(MOpc::PHI, &[d(acc), u(acc0), blk(b0), u(acc1), blk(b1)]);
    let t = b.v(mclass::GR64);
    b.i(op::IMUL64rr, &[d(t), tu(acc, 0), u(a), dead_eflags()]);
    b.i(op::ADD64rr, &[d(acc1), tu(t, 0), u(bb), dead_eflags()]);
    b.i(op::DEC32r, &[d(n1), tu(n, 0), eflags_def()]);
    b.i(op::JCC_1, &[blk(b1), imm(5), eflags_use()]);
    b.end(&[b1, b2]);
    b.begin(b2);
    let r = b.v(mclass::GR64);
    b.i(op::SUB64rr, &[d(r), tu(a, 0), u(acc1), dead_eflags()]);
    b.copy(regs::RAX, r);
    b.i(op::RET64, &[imp_use(regs::RAX)]);
    b.end(&[]);
    roundtrip(&mut b, FastOptions::default(), ARGS2);
}

/// Values live across a call survive its clobbers; argument and result
/// registers are respected.
#[test]
fn call_clobbers_live_values() {
    let mut b = B::new();
    b.mf.live_ins = vec![regs::RDI, regs::RSI];
    let e = b.block();
    b.begin(e);
    let (x, y, s, r, t, w) = (
        b.v(mclass::GR64),
        b.v(mclass::GR64),
        b.v(mclass::GR64),
        b.v(mclass::GR64),
        b.v(mclass::GR64),
        b.v(mclass::GR64),
    );
    b.copy(x, regs::RDI);
    b.copy(y, regs::RSI);
    b.i(op::ADD64rr, &[d(s), tu(x, 0), u(y), dead_eflags()]);
    b.g(MOpc::ADJCALLSTACKDOWN, &[imm(0)]);
    b.copy(regs::RDI, y);
    b.copy(regs::RSI, s);
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
    b.i(op::ADD64rr, &[d(t), tu(r, 0), u(s), dead_eflags()]);
    b.i(op::ADD64rr, &[d(w), tu(t, 0), u(x), dead_eflags()]);
    b.g(MOpc::ADJCALLSTACKDOWN, &[imm(0)]);
    b.copy(regs::RDI, w);
    b.copy(regs::RSI, x);
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
    let r2 = b.v(mclass::GR64);
    b.copy(r2, regs::RAX);
    let f = b.v(mclass::GR64);
    b.i(op::SUB64rr, &[d(f), tu(r2, 0), u(y), dead_eflags()]);
    b.copy(regs::RAX, f);
    b.i(op::RET64, &[imp_use(regs::RAX)]);
    b.end(&[]);
    let a = roundtrip(&mut b, FastOptions::default(), ARGS2);
    assert!(
        a.stats.spills > 0,
        "values live across the call must be saved"
    );
    if std::env::var_os("RCC_SHOW_MIR").is_some() {
        eprintln!("{}", b.mir());
    }
}

/// 20 GR64 values live at once force spills; with a frame pointer RBP is
/// never used.
fn pressure(fp: bool) {
    let mut b = B::new();
    b.mf.live_ins = vec![regs::RDI];
    let e = b.block();
    b.begin(e);
    let base = b.v(mclass::GR64);
    b.copy(base, regs::RDI);
    let vals: Vec<_> = (0..20).map(|_| b.v(mclass::GR64)).collect();
    for (n, &v) in vals.iter().enumerate() {
        let t = b.v(mclass::GR64);
        b.i(op::MOV64ri32, &[d(t), imm(n as i32 * 37 + 1)]);
        b.i(op::IMUL64rr, &[d(v), tu(t, 0), u(base), dead_eflags()]);
    }
    // Store all of them, then sum them, so all are live together.
    for (n, &v) in vals.iter().enumerate() {
        let m = mem(base, 8 * n as i32);
        b.i(op::MOV64mr, &[m[0], m[1], m[2], m[3], m[4], u(v)]);
    }
    let mut acc = vals[0];
    for &v in &vals[1..] {
        let s = b.v(mclass::GR64);
        b.i(op::ADD64rr, &[d(s), tu(acc, 0), u(v), dead_eflags()]);
        acc = s;
    }
    b.copy(regs::RAX, acc);
    b.i(op::RET64, &[imp_use(regs::RAX)]);
    b.end(&[]);
    let opts = FastOptions {
        frame_pointer: fp.then_some(regs::RBP),
        base_pointer: None,
        check: true,
    };
    let a = roundtrip(&mut b, opts, &[&[(regs::RDI, 3)], &[(regs::RDI, 1 << 33)]]);
    assert!(a.stats.spills > 0 && a.stats.reloads > 0, "{:?}", a.stats);
    if fp {
        let rbp = rcc_targets::x86_64::desc::aliases(regs::RBP);
        assert!(
            regs_used(&b.mf).iter().all(|r| !rbp.contains(&r.0)),
            "{}",
            b.mir()
        );
    }
}

#[test]
fn register_pressure_spills() {
    pressure(false);
}

#[test]
fn register_pressure_with_frame_pointer() {
    pressure(true);
}

/// A tied source that stays live after the instruction is copied first.
#[test]
fn tied_operand_with_live_source() {
    let mut b = B::new();
    b.mf.live_ins = vec![regs::RDI, regs::RSI];
    let e = b.block();
    b.begin(e);
    let (x, y, s, t) = (
        b.v(mclass::GR32),
        b.v(mclass::GR32),
        b.v(mclass::GR32),
        b.v(mclass::GR32),
    );
    b.copy(x, regs::EDI);
    b.copy(y, regs::ESI);
    b.i(op::SUB32rr, &[d(s), tu(x, 0), u(y), dead_eflags()]);
    b.i(op::XOR32rr, &[d(t), tu(s, 0), u(x), dead_eflags()]);
    b.copy(regs::EAX, t);
    b.i(op::RET64, &[imp_use(regs::EAX)]);
    b.end(&[]);
    roundtrip(&mut b, FastOptions::default(), ARGS2);
}

/// Sub-register uses (`%v.sub_8bit` of a GR32), an 8-bit value class,
/// SUBREG_TO_REG, and a store through a pointer argument.
#[test]
fn sub_register_operands() {
    let mut b = B::new();
    b.mf.live_ins = vec![regs::RDI, regs::RSI];
    let e = b.block();
    b.begin(e);
    let (x, p, z, c, s, w) = (
        b.v(mclass::GR32),
        b.v(mclass::GR64),
        b.v(mclass::GR32),
        b.v(mclass::GR8),
        b.v(mclass::GR8),
        b.v(mclass::GR64),
    );
    b.copy(x, regs::EDI);
    b.copy(p, regs::RSI);
    let m = mem(p, 0);
    b.i(
        op::MOV8mr,
        &[m[0], m[1], m[2], m[3], m[4], u(x).with_subreg(0)],
    );
    b.i(op::MOV8ri, &[d(c), imm(100)]);
    b.i(
        op::ADD8rr,
        &[d(s), tu(c, 0), u(x).with_subreg(0), dead_eflags()],
    );
    let m = mem(p, 1);
    b.i(op::MOV8mr, &[m[0], m[1], m[2], m[3], m[4], u(s)]);
    b.i(op::MOVZX32rr8, &[d(z), u(s)]);
    b.g(MOpc::SUBREG_TO_REG, &[d(w), imm(0), u(z), imm(3)]);
    let h = b.v(mclass::GR16);
    b.copy(h, Reg::from(x));
    let last = b.mf.layout.len() - 1;
    let i = b.mf.layout[last];
    b.mf.operands_mut(i)[1].set_subreg(Some(2));
    let m = mem(p, 2);
    b.i(op::MOV16mr, &[m[0], m[1], m[2], m[3], m[4], u(h)]);
    b.copy(regs::RAX, w);
    b.i(op::RET64, &[imp_use(regs::RAX)]);
    b.end(&[]);
    roundtrip(
        &mut b,
        FastOptions::default(),
        &[
            &[(regs::RDI, 0x1234_5678), (regs::RSI, 0x1000)],
            &[(regs::RDI, 200), (regs::RSI, 0x40)],
        ],
    );
}

/// Fixed registers: the shift count in CL, IDIV's EAX/EDX pair.
#[test]
fn fixed_registers_shift_and_divide() {
    let mut b = B::new();
    b.mf.live_ins = vec![regs::RDI, regs::RSI, regs::RDX];
    let e = b.block();
    b.begin(e);
    let (x, y, c, sh, q, r, s) = (
        b.v(mclass::GR32),
        b.v(mclass::GR32),
        b.v(mclass::GR32),
        b.v(mclass::GR32),
        b.v(mclass::GR32),
        b.v(mclass::GR32),
        b.v(mclass::GR32),
    );
    b.copy(x, regs::EDI);
    b.copy(y, regs::ESI);
    b.copy(c, regs::EDX);
    b.g(MOpc::COPY, &[d(regs::CL), u(c).with_subreg(0)]);
    b.i(
        op::SHL32rCL,
        &[d(sh), tu(x, 0), imp_use(regs::CL), dead_eflags()],
    );
    b.copy(regs::EAX, sh);
    b.i(
        op::CDQ,
        &[imp_def(regs::EAX), imp_def(regs::EDX), imp_use(regs::EAX)],
    );
    b.i(
        op::IDIV32r,
        &[
            u(y),
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
    let t = b.v(mclass::GR32);
    b.i(op::ADD32rr, &[d(t), tu(s, 0), u(c), dead_eflags()]);
    b.copy(regs::EAX, t);
    b.i(op::RET64, &[imp_use(regs::EAX)]);
    b.end(&[]);
    roundtrip(
        &mut b,
        FastOptions::default(),
        &[
            &[(regs::RDI, 1000), (regs::RSI, 7), (regs::RDX, 3)],
            &[(regs::RDI, 5), (regs::RSI, 3), (regs::RDX, 33)],
        ],
    );
}

/// XMM values across a call (which clobbers every XMM register).
#[test]
fn vector_registers_across_call() {
    let mut b = B::new();
    b.mf.live_ins = vec![regs::XMM0, regs::XMM1];
    let e = b.block();
    b.begin(e);
    let (x, y, s, m) = (
        b.v(mclass::VR128),
        b.v(mclass::VR128),
        b.v(mclass::VR128),
        b.v(mclass::VR128),
    );
    b.copy(x, regs::XMM0);
    b.copy(y, regs::XMM1);
    b.i(op::ADDSDrr, &[d(s), tu(x, 0), u(y)]);
    let callee = b.callee();
    b.i(op::CALL64pcrel32, &[callee, sysv_mask()]);
    b.i(op::MULSDrr, &[d(m), tu(s, 0), u(x)]);
    b.copy(regs::XMM0, m);
    b.i(op::RET64, &[imp_use(regs::XMM0)]);
    b.end(&[]);
    let a = roundtrip(
        &mut b,
        FastOptions::default(),
        &[&[(regs::XMM0, 11), (regs::XMM1, 22)]],
    );
    assert!(a.stats.spills >= 2, "{:?}", a.stats);
}

/// An early-clobber def never shares a register with a read.
#[test]
fn early_clobber_def() {
    let mut b = B::new();
    b.mf.live_ins = vec![regs::RDI, regs::RSI];
    let e = b.block();
    b.begin(e);
    let (x, y, l) = (b.v(mclass::GR64), b.v(mclass::GR64), b.v(mclass::GR64));
    b.copy(x, regs::RDI);
    b.copy(y, regs::RSI);
    let m = mem(x, 0);
    let lea = b.i(
        op::LEA64r,
        &[d(l).with(flag::EARLY_CLOBBER), m[0], m[1], u(y), m[3], m[4]],
    );
    b.copy(regs::RAX, l);
    b.i(op::RET64, &[imp_use(regs::RAX)]);
    b.end(&[]);
    roundtrip(&mut b, FastOptions::default(), ARGS2);
    let ops = b.mf.operands(lea);
    assert_ne!(ops[0].reg(), ops[1].reg());
    assert_ne!(ops[0].reg(), ops[3].reg());
}

/// Values read in a block before any def there (loop-carried without a
/// PHI after PHI elimination) and IMPLICIT_DEF / undef reads.
#[test]
fn implicit_def_and_undef_reads() {
    let mut b = B::new();
    let e = b.block();
    b.begin(e);
    let (x, y) = (b.v(mclass::GR32), b.v(mclass::GR32));
    b.g(MOpc::IMPLICIT_DEF, &[d(x)]);
    b.i(
        op::XOR32rr,
        &[
            d(y),
            tu(x, 0).with(flag::UNDEF),
            u(x).with(flag::UNDEF),
            dead_eflags(),
        ],
    );
    b.copy(regs::EAX, y);
    b.i(op::RET64, &[imp_use(regs::EAX)]);
    b.end(&[]);
    // Undefined values may differ between runs: no behavioural comparison.
    pipeline(&mut b, FastOptions::default());
}

/// Two undef reads of one vreg in one instruction (a self-zeroing xor, the
/// form instruction selection uses for +0.0) get the same register, even
/// when every register is taken and one must be evicted.
#[test]
fn self_zeroing_undef_reads_under_pressure() {
    let mut b = B::new();
    let e = b.block();
    b.begin(e);
    let vals: Vec<_> = (0..15)
        .map(|k| {
            let v = b.v(mclass::GR32);
            b.i(op::MOV32ri, &[d(v), imm(k * 3 + 1)]);
            v
        })
        .collect();
    let z = b.v(mclass::GR32);
    let zero = b.i(
        op::XOR32rr,
        &[
            d(z),
            tu(z, 0).with(flag::UNDEF),
            u(z).with(flag::UNDEF),
            dead_eflags(),
        ],
    );
    let mut acc = z;
    for &v in &vals {
        let s = b.v(mclass::GR32);
        b.i(op::ADD32rr, &[d(s), tu(acc, 0), u(v), dead_eflags()]);
        acc = s;
    }
    b.copy(regs::EAX, acc);
    b.i(op::RET64, &[imp_use(regs::EAX)]);
    b.end(&[]);
    roundtrip(&mut b, FastOptions::default(), &[&[]]);
    let ops = b.mf.operands(zero);
    assert_eq!(ops[0].reg(), ops[1].reg());
    assert_eq!(ops[1].reg(), ops[2].reg());
}

/// The pipeline entry point runs the checker when asked.
#[test]
fn run_fast_with_checker() {
    let mut b = B::new();
    b.mf.live_ins = vec![regs::RDI];
    let e = b.block();
    b.begin(e);
    let (x, y) = (b.v(mclass::GR64), b.v(mclass::GR64));
    b.copy(x, regs::RDI);
    b.i(op::ADD64rr, &[d(y), tu(x, 0), u(x), dead_eflags()]);
    b.copy(regs::RAX, y);
    b.i(op::RET64, &[imp_use(regs::RAX)]);
    b.end(&[]);
    rcc_mach::passes::phi_elim::eliminate_phis(&mut b.mf, &T);
    rcc_mach::passes::two_address::two_address(&mut b.mf, &T);
    let opts = FastOptions {
        frame_pointer: None,
        base_pointer: None,
        check: true,
    };
    let stats = rcc_ralloc::run_fast(&mut b.mf, &T, &opts).expect("allocation");
    assert_eq!(stats.spills, 0);
    b.verify("run_fast");
}

#[test]
fn used_phys_lists_callee_saved_writes() {
    let mut b = B::new();
    b.mf.live_ins = vec![regs::RDI];
    let e = b.block();
    b.begin(e);
    let base = b.v(mclass::GR64);
    b.copy(base, regs::RDI);
    let vals: Vec<_> = (0..13).map(|_| b.v(mclass::GR64)).collect();
    for &v in &vals {
        b.i(op::MOV64ri32, &[d(v), imm(3)]);
    }
    let mut acc = base;
    for &v in &vals {
        let s = b.v(mclass::GR64);
        b.i(op::ADD64rr, &[d(s), tu(acc, 0), u(v), dead_eflags()]);
        acc = s;
    }
    b.copy(regs::RAX, acc);
    b.i(op::RET64, &[imp_use(regs::RAX)]);
    b.end(&[]);
    roundtrip(&mut b, FastOptions::default(), &[&[(regs::RDI, 9)]]);
    assert!(b.mf.used_phys.contains(&regs::RBX), "{:?}", b.mf.used_phys);
    let saved =
        b.mf.callee_saved_written(&T, rcc_targets::x86_64::machine::mask::SYSV);
    assert!(
        saved.contains(&regs::RBX) && !saved.contains(&regs::EBX),
        "{saved:?}"
    );
    assert!(!saved.contains(&regs::RSP) && !saved.contains(&regs::RAX));
}

/// Every register holds a live value; an instruction reads a value that
/// dies there and one that must be reloaded: the reload must not evict the
/// dying value before the instruction reads it (found by the property
/// test).
#[test]
fn reload_does_not_evict_another_read_of_the_same_instruction() {
    let mut b = B::new();
    b.mf.live_ins = vec![regs::RDI];
    let (b0, b1) = (b.block(), b.block());
    b.begin(b0);
    let base = b.v(mclass::GR64);
    b.copy(base, regs::RDI);
    b.end(&[b1]);
    b.begin(b1);
    let vals: Vec<_> = (0..15).map(|_| b.v(mclass::GR64)).collect();
    for (n, &v) in vals.iter().enumerate() {
        b.i(op::MOV64ri32, &[d(v), imm(n as i32 + 1)]);
    }
    let m = mem(base, 0);
    b.i(op::MOV64mr, &[m[0], m[1], m[2], m[3], m[4], u(vals[0])]);
    let mut acc = vals[1];
    for &v in &vals[2..] {
        let s = b.v(mclass::GR64);
        b.i(op::ADD64rr, &[d(s), tu(acc, 0), u(v), dead_eflags()]);
        acc = s;
    }
    b.copy(regs::RAX, acc);
    b.i(op::RET64, &[imp_use(regs::RAX)]);
    b.end(&[]);
    roundtrip(&mut b, FastOptions::default(), &[&[(regs::RDI, 0x100)]]);
}
