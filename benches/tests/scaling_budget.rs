//! The inputs that once grew super-linearly, kept as tests: each is
//! compiled at a small size and at 1000× that size, and the large one must
//! finish within 100× the linear expectation (100 × 1000 × the small
//! time, with a floor for timer noise). A linear compiler passes by two
//! orders of magnitude, so noise cannot fail it; an exponential blow-up
//! (the struct-nesting hang) or a quadratic term that dominates at these
//! sizes fails. Milder super-linear growth is the scaling benchmark's job
//! (`cargo run --release -p rcc-benches --bin scaling-report`, 12×/15×
//! bounds at 10× the size). The large compile runs on a watchdog thread,
//! so a regression fails at the budget instead of hanging.
//!
//! What each dimension caught: struct nesting (layouts recomputed at every
//! level: exponential), block count (the per-block value table sized by
//! the function; PHI elimination's lookups), switch cases (the jump-table
//! search and successor deduplication), live phis (phi edge
//! deduplication over the whole function), live values (interference
//! queries walking one union entry per segment, and the coalescer joining
//! a chain of copies into one growing interval: 248 s at 10,000).

use rcc_benches::scaling::dimension;
use rcc_driver::options::{FileType, Options};
use rcc_driver::{Compiler, Timings};
use std::sync::mpsc;
use std::time::{Duration, Instant};

fn compiler() -> Compiler {
    Compiler::new(Options {
        jobs: 1,
        filetype: FileType::Obj,
        ..Options::default()
    })
    .expect("compiler")
}

/// The fastest of three compiles of `text`.
fn time(c: &Compiler, text: &str) -> Duration {
    (0..3)
        .map(|_| {
            let t = Instant::now();
            c.compile(text.to_string(), "small.ll", &mut Timings::default())
                .expect("generated input compiles");
            t.elapsed()
        })
        .min()
        .expect("three runs")
}

fn within_budget(name: &str, small: usize) {
    let d = dimension(name).expect("dimension");
    let c = compiler();
    let t_small = time(&c, &(d.generate)(small)).max(Duration::from_millis(1));
    let budget = t_small * 100 * 1000;
    let large = (d.generate)(small * 1000);
    let (tx, rx) = mpsc::channel();
    std::thread::Builder::new()
        .stack_size(64 << 20)
        .spawn(move || {
            let t = Instant::now();
            let r = compiler().compile(large, "large.ll", &mut Timings::default());
            let _ = tx.send((r.map(|_| ()).map_err(|e| e.to_string()), t.elapsed()));
        })
        .expect("spawn");
    match rx.recv_timeout(budget) {
        Ok((Ok(()), t)) => eprintln!("{name}: {small} in {t_small:?}, {} in {t:?}", small * 1000),
        Ok((Err(e), _)) => panic!("{name}: the large input fails: {e}"),
        Err(_) => panic!(
            "{name}: {} did not compile within {budget:?} (100x linear from {t_small:?} at {small})",
            small * 1000
        ),
    }
}

#[test]
fn struct_nesting_depth() {
    within_budget("struct-nesting-depth", 20);
}

#[test]
fn block_count() {
    within_budget("block-count", 10);
}

#[test]
fn switch_cases() {
    within_budget("switch-cases", 10);
}

#[test]
fn live_phis() {
    within_budget("live-phis", 4);
}

#[test]
fn live_values() {
    within_budget("live-values", 10);
}
