//! The greedy allocator (RAGreedy with splitting, the inline spiller, the
//! rewriter with the original-vreg checker) on the allocator test
//! functions of `tests/fast/*.mir`, each compared under the interpreter
//! before and after, plus the failures found by the random property test.

mod common;

use common::*;
use rcc_mach::PReg;
use rcc_ralloc::basic::IntervalOptions;
use rcc_ralloc::greedy::GreedyStats;
use rcc_targets::x86_64::regs;

type Args = &'static [&'static [(PReg, u64)]];

const ARGS2: Args = &[
    &[(regs::RDI, 5), (regs::RSI, 7)],
    &[(regs::RDI, 0xffff_fff0), (regs::RSI, 3)],
    &[(regs::RDI, 1), (regs::RSI, 1 << 40)],
];

fn run(file: &str, args: Args) -> GreedyStats {
    let mut b = load(file);
    let s = roundtrip_greedy(&mut b, IntervalOptions::default(), args);
    if std::env::var_os("RCC_SHOW_MIR").is_some() {
        eprintln!("{s:?}\n{}", b.mir());
    }
    s
}

#[test]
fn allocator_files() {
    let cases: &[(&str, Args)] = &[
        ("fast/straight_line_arithmetic.mir", ARGS2),
        ("fast/diamond_with_phis.mir", ARGS2),
        ("fast/loop_with_swap_phis.mir", ARGS2),
        ("fast/call_clobbers_live_values.mir", ARGS2),
        ("fast/tied_operand_with_live_source.mir", ARGS2),
        ("fast/early_clobber_def.mir", ARGS2),
        ("fast/self_zeroing_undef_reads_under_pressure.mir", &[&[]]),
        (
            "fast/sub_register_operands.mir",
            &[
                &[(regs::RDI, 0x1234_5678), (regs::RSI, 0x1000)],
                &[(regs::RDI, 200), (regs::RSI, 0x40)],
            ],
        ),
        (
            "fast/fixed_registers_shift_and_divide.mir",
            &[
                &[(regs::RDI, 1000), (regs::RSI, 7), (regs::RDX, 3)],
                &[(regs::RDI, 5), (regs::RSI, 3), (regs::RDX, 33)],
            ],
        ),
        (
            "fast/vector_registers_across_call.mir",
            &[&[(regs::XMM0, 11), (regs::XMM1, 22)]],
        ),
    ];
    for (path, args) in cases {
        eprintln!("{path}");
        run(path, args);
    }
}

#[test]
fn register_pressure_spills_or_splits() {
    let s = run(
        "fast/register_pressure.mir",
        &[&[(regs::RDI, 3)], &[(regs::RDI, 1 << 33)]],
    );
    assert!(s.spilled > 0, "{s:?}");
}

/// A random function on which a per-block split once isolated every use
/// of a vreg into one new interval, again and again (the split editor now
/// refuses splits that leave everything in one interval).
#[test]
fn split_that_changes_nothing_is_refused() {
    run(
        "greedy/nonconvergence.mir",
        &[&[(regs::RDI, 5), (regs::RSI, 7), (regs::RDX, 0x10_0000)]],
    );
}
