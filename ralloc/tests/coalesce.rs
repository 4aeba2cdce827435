//! The register coalescer (`rcc_ralloc::coalesce`) on x86-64 functions
//! read from `tests/coalesce/*.mir` (one situation per file) and, as a
//! broader behaviour test, every `tests/fast/*.mir` function: PHI
//! elimination, two-address, liveness, the coalescer (verifier after
//! each step), then the intervals the coalescer kept are compared with
//! intervals recomputed from scratch, and the function is allocated (fast
//! allocator, checker), rewritten and interpreted against the original.

mod common;

use common::coalesce::{allocate_and_compare, count_copies, run};
use common::*;
use rcc_mach::PReg;
use rcc_ralloc::coalesce::{CoalesceScratch, CoalesceStats};
use rcc_targets::x86_64::regs;

const ARGS2: &[&[(PReg, u64)]] = &[
    &[(regs::RDI, 5), (regs::RSI, 7)],
    &[(regs::RDI, 0xffff_fff0), (regs::RSI, 3)],
    &[(regs::RDI, 1), (regs::RSI, 1 << 40)],
];
const SMALL: &[&[(PReg, u64)]] = &[
    &[(regs::RDI, 5), (regs::RSI, 7)],
    &[(regs::RDI, 0xffff_fff0), (regs::RSI, 3)],
    &[(regs::RDI, 1 << 40), (regs::RSI, 1)],
];

fn case(path: &str, args: &[&[(PReg, u64)]]) -> (CoalesceStats, B) {
    let mut b = load(path);
    let before = b.mf.clone();
    let mut sc = CoalesceScratch::default();
    let stats = run(&mut b, &mut sc);
    let after = b.mf.clone();
    allocate_and_compare(&mut b, &before, args, true);
    b.mf = after;
    (stats, b)
}

#[test]
fn two_address_copy_joined_interfering_kept() {
    let (s, b) = case("coalesce/two_address_copy_joined.mir", ARGS2);
    assert_eq!(
        (s.copies, s.joined, s.interfering, s.remat),
        (2, 1, 1, 0),
        "{s:?}\n{}",
        b.mir()
    );
    // Left: the argument and return copies and the interfering one.
    assert_eq!(count_copies(&b.mf), 4, "{}", b.mir());
}

/// The coalescer's own state differs from a fresh computation (gaps where
/// copies were, renamed use lists, merged value numbers) and
/// `Liveness::check_fresh` sees it; `Liveness::canonicalize` removes the
/// difference (`run` checks that for every test function).
#[test]
fn kept_liveness_is_canonical_only_after_canonicalize() {
    use rcc_mach::passes::{phi_elim::eliminate_phis, two_address::two_address};
    use rcc_ralloc::coalesce::coalesce;
    use rcc_ralloc::liveness::{freq::BlockFreqs, Liveness};
    let mut b = load("coalesce/loop_counter_phis.mir");
    eliminate_phis(&mut b.mf, &T);
    two_address(&mut b.mf, &T);
    let mut st = Liveness::default();
    st.compute(&mut b.mf, &T);
    let mut fr = BlockFreqs::default();
    fr.compute(&b.mf, &T, &mut Default::default());
    let s = coalesce(&mut b.mf, &T, &mut st, &fr, &mut CoalesceScratch::default());
    assert!(s.joined > 0, "{s:?}");
    assert!(st.check_fresh(&b.mf, &T).is_err(), "{}", b.mir());
    st.canonicalize(&mut b.mf, &T);
    st.check_fresh(&b.mf, &T)
        .unwrap_or_else(|e| panic!("{e}\n{}", b.mir()));
}

#[test]
fn remat_constant_instead_of_copy() {
    let (s, b) = case("coalesce/remat_constant.mir", SMALL);
    // The SUB's copy of the constant interferes (the IMUL reads it):
    // rematerialized; the IMUL's copy is joined.
    assert_eq!(
        (s.copies, s.remat, s.joined),
        (2, 1, 1),
        "{s:?}\n{}",
        b.mir()
    );
    let movs =
        b.mf.order
            .iter()
            .flat_map(|&blk| b.mf.block_insts(blk))
            .filter(|&&i| b.mf.opc(i).name(&T) == "MOV32ri")
            .count();
    assert_eq!(movs, 2, "{}", b.mir());
    assert_eq!(count_copies(&b.mf), 2, "{}", b.mir());
}

#[test]
fn loop_phi_copies_joined() {
    let (s, b) = case("coalesce/loop_counter_phis.mir", SMALL);
    // Two PHIs: two incoming copies each and the PHI copy; two two-address
    // copies: 8 copies, all joined.
    assert_eq!(
        (s.copies, s.joined, s.interfering),
        (8, 8, 0),
        "{s:?}\n{}",
        b.mir()
    );
    assert_eq!(count_copies(&b.mf), 3, "{}", b.mir());
}

/// Every fast-allocator test function, coalesced, then allocated:
/// intervals stay exact and behaviour is unchanged.
#[test]
fn fast_test_functions_keep_behaviour() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fast");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "mir"))
        .collect();
    files.sort();
    assert!(files.len() >= 10);
    let mut sc = CoalesceScratch::default();
    let mut joined = 0;
    for p in files {
        let rel = format!("fast/{}", p.file_name().unwrap().to_str().unwrap());
        let mut b = load(&rel);
        let before = b.mf.clone();
        let s = run(&mut b, &mut sc);
        joined += s.joined;
        allocate_and_compare(&mut b, &before, ARGS2, false);
    }
    assert!(joined > 10, "{joined}");
}

/// Soak: every function of the MIR file named by `RCC_COALESCE_MIR`
/// (e.g. `rcc-par -O2 -stop-after=twoaddressinstruction` output for a
/// corpus program) is coalesced with the checks of `run` (verifier,
/// intervals equal to recomputed ones). Prints the totals.
#[test]
#[ignore]
fn soak_mir_file() {
    let Some(path) = std::env::var_os("RCC_COALESCE_MIR") else {
        return;
    };
    let text = std::fs::read_to_string(&path).unwrap();
    let sections = rcc_mach::mir::split(&text).unwrap();
    let m = rcc_ir::parse_module(rcc_mach::mir::module_source(&text, &sections), "soak")
        .unwrap_or_else(|e| panic!("{e}"));
    let mut sc = CoalesceScratch::default();
    let mut total = CoalesceStats::default();
    for section in &sections.functions {
        let f = m.global_by_name(&section.name).unwrap();
        let mut mf = rcc_mach::MachFunction::new(f);
        rcc_mach::mir::read_function(&text, section, &m, &T, &mut mf)
            .unwrap_or_else(|e| panic!("{}: {e:?}", section.name));
        let mut b = B { m: m.clone(), mf };
        let t0 = std::time::Instant::now();
        let s = run(&mut b, &mut sc);
        if t0.elapsed().as_millis() > 200 {
            eprintln!("slow: {} {:?}", section.name, t0.elapsed());
        }
        total.copies += s.copies;
        total.joined += s.joined;
        total.remat += s.remat;
        total.interfering += s.interfering;
        total.class_mismatch += s.class_mismatch;
    }
    eprintln!("{} functions: {total:?}", sections.functions.len());
}
