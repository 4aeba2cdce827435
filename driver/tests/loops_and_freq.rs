//! Loop information and block frequencies on real functions: every
//! function of `tests/ll/*.ll` (and the Lua -O2 corpus file when present)
//! is selected, then `MachineLoops` and `BlockFreq` are computed and
//! checked against their definitions: a loop's header dominates its
//! blocks and is reached from outside only by its header; latches are
//! the header's predecessors inside; depths follow the tree; frequencies
//! are finite, the entry's is 1 and a loop header runs at least as often
//! as it is entered from outside.

use rcc_mach::block_freq::BlockFreq;
use rcc_mach::cfg::MCfg;
use rcc_mach::loops::MachineLoops;
use rcc_mach::MachFunction;
use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("workspace")
        .to_path_buf()
}

fn check(mf: &MachFunction, loops: &mut MachineLoops, bf: &mut BlockFreq) -> Result<(), String> {
    let cfg = MCfg::compute(mf);
    loops.compute_into(mf, &cfg);
    bf.compute_into(mf, &rcc_targets::x86_64::X86Info, &cfg, loops);
    for l in loops.loops() {
        let h = loops.header(l);
        let blocks = loops.blocks(l);
        if blocks.first() != Some(&h) {
            return Err(format!("{l:?}: header {h} is not first"));
        }
        let want_depth = loops.parent(l).map_or(1, |p| loops.depth(p) + 1);
        if loops.depth(l) != want_depth {
            return Err(format!("{l:?}: depth"));
        }
        if let Some(p) = loops.parent(l) {
            if p >= l || !loops.contains(p, h) {
                return Err(format!("{l:?}: parent {p:?}"));
            }
        }
        for &b in blocks {
            if !cfg.dominates(h, b) || !loops.contains(l, b) {
                return Err(format!("{l:?}: {b} not dominated or not contained"));
            }
            if b != h
                && cfg
                    .preds(b)
                    .iter()
                    .any(|&p| cfg.is_reachable(p) && !loops.contains(l, p))
            {
                return Err(format!("{l:?}: {b} entered from outside"));
            }
        }
        let inside = |p: &&rcc_mach::MBlock| loops.contains(l, **p);
        let stored = loops.latches(l);
        if stored.is_empty()
            || cfg
                .preds(h)
                .iter()
                .filter(inside)
                .any(|p| !stored.contains(p))
            || stored
                .iter()
                .any(|p| !cfg.preds(h).contains(p) || !loops.contains(l, *p))
        {
            return Err(format!("{l:?}: latches {stored:?}"));
        }
        // Frequency: the header runs at least as often as it is entered.
        let mut entering = 0.0f64;
        for &p in cfg.preds(h) {
            if loops.contains(l, p) {
                continue;
            }
            let k = mf.succs(p).iter().position(|&s| s == h).unwrap_or(0);
            entering += bf.freq(p) as f64 * mf.succ_prob(p, k).to_f64();
        }
        if (bf.freq(h) as f64) < entering * 0.999 {
            return Err(format!(
                "{l:?}: header {h} freq {} < entering {entering}",
                bf.freq(h)
            ));
        }
    }
    for &b in &cfg.rpo {
        let f = bf.freq(b);
        if !f.is_finite() || f < 0.0 {
            return Err(format!("{b}: frequency {f}"));
        }
        let d = loops.loop_depth(b);
        if d != loops.loop_of(b).map_or(0, |l| loops.depth(l)) {
            return Err(format!("{b}: loop depth"));
        }
    }
    if let Some(&e) = cfg.rpo.first() {
        if bf.freq(e) != 1.0 && !loops.is_header(e) {
            return Err(format!("entry frequency {}", bf.freq(e)));
        }
    }
    Ok(())
}

/// Checks every function of `ll`; returns (functions, loops).
fn check_file(ll: &Path) -> (usize, usize) {
    use rcc_driver::codegen::{ModuleCx, Worker};
    let text = std::fs::read_to_string(ll).expect("reads");
    let m = rcc_ir::parse_module(text, "t.ll").expect("parses");
    let dl = m.data_layout().expect("data layout");
    let opts = rcc_driver::options::Options::default();
    let target = rcc_targets::lookup(None, None).expect("x86-64");
    let cx = ModuleCx::new(&m, &dl, &opts, "t.ll", target).expect("module context");
    let mut w = Worker::new(target, false);
    let (mut loops, mut bf) = (MachineLoops::default(), BlockFreq::default());
    let (mut n, mut nl) = (0, 0);
    for (f, k) in cx.functions() {
        if cx.run_until(&mut w, f, k, Some("finalize-isel")).is_err() {
            continue;
        }
        if let Err(e) = check(&w.mf, &mut loops, &mut bf) {
            panic!("{} function {k}: {e}", ll.display());
        }
        n += 1;
        nl += loops.len();
    }
    (n, nl)
}

#[test]
fn loops_and_frequencies_hold_on_test_programs() {
    let (mut n, mut nl) = (0, 0);
    for f in std::fs::read_dir(root().join("tests/ll")).expect("tests/ll") {
        let p = f.expect("entry").path();
        if p.extension().is_some_and(|e| e == "ll") {
            let (a, b) = check_file(&p);
            n += a;
            nl += b;
        }
    }
    assert!(n > 100 && nl > 10, "{n} functions, {nl} loops");
}

#[test]
fn loops_and_frequencies_hold_on_lua() {
    let dir = std::env::var_os("RCC_CORPUS").map_or_else(|| root().join("corpus"), PathBuf::from);
    let ll = dir.join("ll/lua-O2.ll");
    if !ll.exists() {
        eprintln!("skipped: {} not found", ll.display());
        return;
    }
    let (n, nl) = check_file(&ll);
    assert!(n > 500 && nl > 100, "{n} functions, {nl} loops");
}
