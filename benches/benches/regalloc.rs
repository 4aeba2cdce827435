//! Criterion benchmarks of register allocation on the largest functions:
//! `sqlite3VdbeExec` (`corpus/ll/sqlite3-O2.ll`), `luaV_execute`
//! (`corpus/ll/lua-O2.ll`) and the generated `live-values` function of the
//! scaling suite with 10,000 values live at once (about 110,000
//! instructions), for each register allocator `rcc-par` accepts.
//!
//! Each measurement runs the driver's own pipeline on one worker
//! (`ModuleCx::run_until`) up to the allocator's last row
//! (`regallocfast`, or `virtregrewriter` for the interval allocators), and
//! the same function up to `twoaddressinstruction` as the baseline row: the
//! allocator's own cost (including the coalescer and liveness) is the
//! difference. Throughput is machine instructions entering allocation.
//! An allocator the options reject, or a function that does not compile,
//! is reported and skipped.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use rcc_driver::codegen::{ModuleCx, Worker};
use rcc_driver::options::{Options, RegAlloc};
use std::path::PathBuf;

/// (label, module text, function name).
fn inputs() -> Vec<(String, String, &'static str)> {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..");
    let mut v = Vec::new();
    for (file, f) in [
        ("corpus/ll/sqlite3-O2.ll", "sqlite3VdbeExec"),
        ("corpus/ll/lua-O2.ll", "luaV_execute"),
    ] {
        match std::fs::read_to_string(root.join(file)) {
            Ok(text) => v.push((f.to_string(), text, f)),
            Err(_) => eprintln!("note: {file} missing (scripts/build-corpus.sh); skipping {f}"),
        }
    }
    v.push((
        "live-values-10000".to_string(),
        rcc_benches::scaling::live_values(10_000),
        "f",
    ));
    v
}

fn regalloc(c: &mut Criterion) {
    let mut g = c.benchmark_group("regalloc");
    g.sample_size(10);
    for (label, text, fname) in inputs() {
        let m = rcc_ir::parse_module(text, &label).expect("parses");
        let dl = m.data_layout().expect("data layout");
        let target = rcc_targets::lookup(None, None).expect("x86-64 is registered");
        for ra in [RegAlloc::Fast, RegAlloc::Basic, RegAlloc::Greedy] {
            let opts = Options {
                regalloc: Some(ra),
                ..Options::default()
            };
            let cx = match ModuleCx::new(&m, &dl, &opts, &label, target) {
                Ok(cx) => cx,
                Err(e) => {
                    eprintln!("{label}: -regalloc={}: {e}; skipped", ra.name());
                    continue;
                }
            };
            let Some(&(f, n)) = cx
                .functions()
                .iter()
                .find(|&&(f, _)| !m.globals[f].name.is_none() && m.str(m.globals[f].name) == fname)
            else {
                eprintln!("{label}: no function @{fname}");
                break;
            };
            let last = match ra {
                RegAlloc::Fast => "regallocfast",
                _ => "virtregrewriter",
            };
            let mut w = Worker::new(target, true);
            let before = match cx.run_until(&mut w, f, n, Some("twoaddressinstruction")) {
                Ok(_) => w.mf.num_insts(),
                Err(e) => {
                    eprintln!("{label}: {}; skipped", e.message);
                    break;
                }
            };
            if let Err(e) = cx.run_until(&mut w, f, n, Some(last)) {
                eprintln!("{label}: -regalloc={}: {}; skipped", ra.name(), e.message);
                continue;
            }
            g.throughput(Throughput::Elements(before as u64));
            for stop in ["twoaddressinstruction", last] {
                g.bench_function(format!("{label}/{}/{stop}", ra.name()), |b| {
                    b.iter(|| {
                        let out = cx.run_until(&mut w, f, n, Some(stop)).expect("compiles");
                        std::hint::black_box(out);
                    })
                });
            }
        }
    }
    g.finish();
}

criterion_group!(benches, regalloc);
criterion_main!(benches);
