//! The basic allocator (liveness, RABasic, the inline spiller, the
//! rewriter with the original-vreg checker) on the allocator test
//! functions of `tests/fast/*.mir`, each compared under the interpreter
//! before and after; plus the facts only the interval allocators have
//! (callee-saved registers instead of spills around calls, spills under
//! pressure, the checker catching a wrong reload).

mod common;

use common::*;
use rcc_mach::PReg;
use rcc_ralloc::basic::IntervalOptions;
use rcc_targets::x86_64::regs;

type Args = &'static [&'static [(PReg, u64)]];

const ARGS2: Args = &[
    &[(regs::RDI, 5), (regs::RSI, 7)],
    &[(regs::RDI, 0xffff_fff0), (regs::RSI, 3)],
    &[(regs::RDI, 1), (regs::RSI, 1 << 40)],
];

fn run(file: &str, args: Args) -> rcc_ralloc::basic::BasicStats {
    let mut b = load(file);
    let s = roundtrip_basic(&mut b, IntervalOptions::default(), args);
    if std::env::var_os("RCC_SHOW_MIR").is_some() {
        eprintln!("{}", b.mir());
    }
    s
}

#[test]
fn straight_line_and_control_flow() {
    for f in [
        "fast/straight_line_arithmetic.mir",
        "fast/diamond_with_phis.mir",
        "fast/loop_with_swap_phis.mir",
        "fast/tied_operand_with_live_source.mir",
        "fast/early_clobber_def.mir",
    ] {
        let s = run(f, ARGS2);
        assert_eq!(s.spill.spills, 0, "{f}: {s:?}");
    }
}

#[test]
fn values_across_calls_use_callee_saved_registers() {
    let s = run("fast/call_clobbers_live_values.mir", ARGS2);
    assert_eq!(s.spill.spills, 0, "{s:?}");
    assert_eq!(s.spill.reloads, 0, "{s:?}");
}

#[test]
fn vector_values_across_a_call_spill() {
    let s = run(
        "fast/vector_registers_across_call.mir",
        &[&[(regs::XMM0, 11), (regs::XMM1, 22)]],
    );
    assert!(s.spill.spills >= 1, "{s:?}");
}

#[test]
fn register_pressure_spills() {
    for fp in [false, true] {
        let mut b = load("fast/register_pressure.mir");
        let opts = IntervalOptions {
            frame_pointer: fp.then_some(regs::RBP),
            ..IntervalOptions::default()
        };
        let s = roundtrip_basic(&mut b, opts, &[&[(regs::RDI, 3)], &[(regs::RDI, 1 << 33)]]);
        assert!(s.spill.spills > 0 && s.spill.reloads > 0, "{s:?}");
        if fp {
            assert!(!regs_used(&b.mf).contains(&regs::RBP), "{}", b.mir());
        }
    }
}

#[test]
fn fixed_registers_sub_registers_and_undef() {
    run(
        "fast/sub_register_operands.mir",
        &[
            &[(regs::RDI, 0x1234_5678), (regs::RSI, 0x1000)],
            &[(regs::RDI, 200), (regs::RSI, 0x40)],
        ],
    );
    run(
        "fast/fixed_registers_shift_and_divide.mir",
        &[
            &[(regs::RDI, 1000), (regs::RSI, 7), (regs::RDX, 3)],
            &[(regs::RDI, 5), (regs::RSI, 3), (regs::RDX, 33)],
        ],
    );
    run("fast/self_zeroing_undef_reads_under_pressure.mir", &[&[]]);
    run(
        "fast/used_phys_lists_callee_saved_writes.mir",
        &[&[(regs::RDI, 9)]],
    );
    run(
        "fast/reload_does_not_evict_another_read_of_the_same_instruction.mir",
        &[&[(regs::RDI, 0x100)]],
    );
    let mut b = load("fast/implicit_def_and_undef_reads.mir");
    pipeline_basic(&mut b, IntervalOptions::default());
}

/// A reload (or folded reload) redirected to another spill slot must be
/// reported by the checker with originals: the value is followed through
/// the slots.
#[test]
fn checker_catches_a_reload_from_the_wrong_slot() {
    use rcc_mach::{FrameKind, MOpc, OpKind, Operand, TargetInfo};
    use rcc_ralloc::basic::RaScratch;
    use rcc_ralloc::liveness::Liveness;
    let mut b = load("fast/register_pressure.mir");
    rcc_mach::passes::phi_elim::eliminate_phis(&mut b.mf, &T);
    rcc_mach::passes::two_address::two_address(&mut b.mf, &T);
    let mut st = Liveness::default();
    let mut rs = RaScratch::default();
    rcc_ralloc::basic::allocate(
        &mut b.mf,
        &T,
        &mut st,
        &mut rs,
        &IntervalOptions::default(),
        &mut Default::default(),
    )
    .expect("allocation");
    st.materialize(&mut b.mf);
    st.vrm.sort_folds();
    let a = rcc_ralloc::rewrite::allocation(&b.mf, &T, &st, &rs).expect("allocation");
    rcc_ralloc::checker::check_with_originals(&b.mf, &T, &a, Some(&st.vrm)).expect("clean");
    // The first instruction reading a spill slot.
    let reader = b
        .mf
        .order
        .iter()
        .flat_map(|&bb| b.mf.block_insts(bb).iter().copied())
        .find(|&i| {
            T.is_load_from_slot(&b.mf, i).is_some() || st.vrm.fold_of(i).is_some_and(|f| f.reads)
        })
        .expect("a reload");
    assert_ne!(b.mf.opc(reader), MOpc::COPY);
    let other = b.mf.frame.create(8, 8, FrameKind::Spill);
    let k =
        b.mf.operands(reader)
            .iter()
            .position(|o| o.kind() == OpKind::Frame)
            .expect("a frame operand");
    b.mf.operands_mut(reader)[k] = Operand::frame(other);
    let errs = rcc_ralloc::checker::check_with_originals(&b.mf, &T, &a, Some(&st.vrm))
        .expect_err("a reload from the wrong slot");
    assert!(!errs.is_empty());
}
