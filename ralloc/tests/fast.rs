//! The fast allocator on x86-64 functions read from `tests/fast/*.mir`,
//! one family of situations per file (each file says what it holds). Each
//! runs PHI elimination, two-address, the allocator, the checker, the
//! rewrite and pseudo expansion with the verifier after every step, and
//! compares interpreted behaviour before and after; the Rust side adds
//! what a file cannot say (allocator statistics, registers of particular
//! operands, `used_phys`).

mod common;

use common::*;
use rcc_ralloc::fast::FastOptions;
use rcc_targets::x86_64::{op, regs};

const ARGS2: &[&[(rcc_mach::PReg, u64)]] = &[
    &[(regs::RDI, 5), (regs::RSI, 7)],
    &[(regs::RDI, 0xffff_fff0), (regs::RSI, 3)],
    &[(regs::RDI, 1), (regs::RSI, 1 << 40)],
];

#[test]
fn straight_line_arithmetic() {
    let mut b = load("fast/straight_line_arithmetic.mir");
    let a = roundtrip(&mut b, FastOptions::default(), ARGS2);
    assert_eq!(a.stats.spills, 0, "{}", b.mir());
    assert_eq!(a.stats.reloads, 0);
}

#[test]
fn diamond_with_phis() {
    let mut b = load("fast/diamond_with_phis.mir");
    roundtrip(&mut b, FastOptions::default(), ARGS2);
}

#[test]
fn loop_with_swap_phis() {
    let mut b = load("fast/loop_with_swap_phis.mir");
    roundtrip(&mut b, FastOptions::default(), ARGS2);
}

#[test]
fn call_clobbers_live_values() {
    let mut b = load("fast/call_clobbers_live_values.mir");
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
    let mut b = load("fast/register_pressure.mir");
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

#[test]
fn tied_operand_with_live_source() {
    let mut b = load("fast/tied_operand_with_live_source.mir");
    roundtrip(&mut b, FastOptions::default(), ARGS2);
}

#[test]
fn sub_register_operands() {
    let mut b = load("fast/sub_register_operands.mir");
    roundtrip(
        &mut b,
        FastOptions::default(),
        &[
            &[(regs::RDI, 0x1234_5678), (regs::RSI, 0x1000)],
            &[(regs::RDI, 200), (regs::RSI, 0x40)],
        ],
    );
}

#[test]
fn fixed_registers_shift_and_divide() {
    let mut b = load("fast/fixed_registers_shift_and_divide.mir");
    roundtrip(
        &mut b,
        FastOptions::default(),
        &[
            &[(regs::RDI, 1000), (regs::RSI, 7), (regs::RDX, 3)],
            &[(regs::RDI, 5), (regs::RSI, 3), (regs::RDX, 33)],
        ],
    );
}

#[test]
fn vector_registers_across_call() {
    let mut b = load("fast/vector_registers_across_call.mir");
    let a = roundtrip(
        &mut b,
        FastOptions::default(),
        &[&[(regs::XMM0, 11), (regs::XMM1, 22)]],
    );
    assert!(a.stats.spills >= 2, "{:?}", a.stats);
}

#[test]
fn early_clobber_def() {
    let mut b = load("fast/early_clobber_def.mir");
    roundtrip(&mut b, FastOptions::default(), ARGS2);
    let lea = only_inst(&b.mf, op::LEA64r);
    let ops = b.mf.operands(lea);
    assert_ne!(ops[0].reg(), ops[1].reg());
    assert_ne!(ops[0].reg(), ops[3].reg());
}

#[test]
fn implicit_def_and_undef_reads() {
    let mut b = load("fast/implicit_def_and_undef_reads.mir");
    // Undefined values may differ between runs: no behavioural comparison.
    pipeline(&mut b, FastOptions::default());
}

/// The two undef reads get the same register, even when every register is
/// taken and one must be evicted.
#[test]
fn self_zeroing_undef_reads_under_pressure() {
    let mut b = load("fast/self_zeroing_undef_reads_under_pressure.mir");
    roundtrip(&mut b, FastOptions::default(), &[&[]]);
    let zero = only_inst(&b.mf, op::XOR32rr);
    let ops = b.mf.operands(zero);
    assert_eq!(ops[0].reg(), ops[1].reg());
    assert_eq!(ops[1].reg(), ops[2].reg());
}

/// The pipeline entry point runs the checker when asked.
#[test]
fn run_fast_with_checker() {
    let mut b = load("fast/run_fast_with_checker.mir");
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
    let mut b = load("fast/used_phys_lists_callee_saved_writes.mir");
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

#[test]
fn reload_does_not_evict_another_read_of_the_same_instruction() {
    let mut b = load("fast/reload_does_not_evict_another_read_of_the_same_instruction.mir");
    roundtrip(&mut b, FastOptions::default(), &[&[(regs::RDI, 0x100)]]);
}

/// One scratch allocates function after function (as a worker does):
/// every function of `tests/fast/`, with and without a frame pointer, in
/// an order that alternates large and small ones, gets exactly what a
/// fresh scratch gives it, the spill slots included.
#[test]
fn one_scratch_serves_many_functions() {
    let mut names: Vec<String> =
        std::fs::read_dir(std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fast"))
            .expect("tests/fast")
            .map(|e| e.expect("entry").file_name().into_string().expect("name"))
            .filter(|n| n.ends_with(".mir"))
            .collect();
    names.sort();
    let prepared = |name: &str| {
        let mut b = load(&format!("fast/{name}"));
        rcc_mach::passes::phi_elim::eliminate_phis(&mut b.mf, &T);
        rcc_mach::passes::two_address::two_address(&mut b.mf, &T);
        b
    };
    let mut shared = rcc_ralloc::fast::FastScratch::default();
    let mut runs = 0;
    for round in 0..2 {
        for (k, name) in names.iter().enumerate() {
            let name = if round == 1 && k % 2 == 0 {
                "register_pressure.mir"
            } else {
                name.as_str()
            };
            let opts = FastOptions {
                frame_pointer: ((k + round) % 2 == 1).then_some(regs::RBP),
                base_pointer: None,
                check: false,
            };
            let mut fresh = prepared(name);
            let want = rcc_ralloc::fast::allocate(&mut fresh.mf, &T, &opts);
            let mut reused = prepared(name);
            let got = rcc_ralloc::fast::allocate_in(&mut reused.mf, &T, &opts, &mut shared)
                .map(|()| shared.allocation.clone());
            assert_eq!(format!("{want:?}"), format!("{got:?}"), "{name}");
            assert_eq!(fresh.mir(), reused.mir(), "{name}");
            runs += 1;
        }
    }
    assert!(runs >= 20);
}
