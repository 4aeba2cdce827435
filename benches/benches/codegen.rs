//! Criterion benchmarks of the code generator's phases, per function, on
//! the corpus (`corpus/ll/lua-O0.ll`, `corpus/ll/sqlite3-O2.ll`; the shipped
//! example when the corpus is not built).
//!
//! Each benchmark runs the driver's own per-function pipeline
//! (`rcc_driver::codegen::ModuleCx::run_until`) on one worker, over every
//! function of the module that compiles (the count is printed: functions
//! with constructs not supported yet are left out, so figures from
//! different coverage levels are not comparable). The phases are
//! cumulative: `isel` stops after instruction selection, `regalloc` after
//! fast register allocation, `frame` after prolog/epilog insertion, and
//! `emit` runs through emission into a fragment; a phase's own cost is the
//! difference from the one before. Throughput is IR instructions.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use rcc_driver::codegen::{ModuleCx, Worker};
use rcc_driver::options::Options;
use std::path::PathBuf;

fn inputs() -> Vec<PathBuf> {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..");
    let corpus = ["corpus/ll/lua-O0.ll", "corpus/ll/sqlite3-O2.ll"];
    let found: Vec<PathBuf> = corpus
        .iter()
        .map(|p| root.join(p))
        .filter(|p| p.exists())
        .collect();
    if found.is_empty() {
        eprintln!(
            "note: corpus not built (scripts/build-corpus.sh); benchmarking examples/hello.ll"
        );
        vec![root.join("examples/hello.ll")]
    } else {
        found
    }
}

fn codegen(c: &mut Criterion) {
    let mut g = c.benchmark_group("codegen");
    g.sample_size(10);
    let opts = Options::default();
    for path in inputs() {
        let text = std::fs::read_to_string(&path).expect("read input");
        let name = path
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        let m = rcc_ir::parse_module(text, &name).expect("parses");
        let dl = m.data_layout().expect("data layout");
        let target = rcc_targets::lookup(None, None).expect("x86-64 is registered");
        let cx = ModuleCx::new(&m, &dl, &opts, &name, target).expect("module context");
        let mut w = Worker::new(target, true);
        let funcs: Vec<_> = cx
            .functions()
            .into_iter()
            .filter(|&(f, n)| cx.run_until(&mut w, f, n, None).is_ok())
            .collect();
        let insts: usize = funcs
            .iter()
            .filter_map(|&(f, _)| m.body(f))
            .map(|b| b.num_insts())
            .sum();
        eprintln!(
            "{name}: {} of {} functions compile ({insts} IR instructions)",
            funcs.len(),
            cx.functions().len()
        );
        g.throughput(Throughput::Elements(insts as u64));
        for (phase, last) in [
            ("isel", Some("finalize-isel")),
            ("regalloc", Some("regallocfast")),
            ("frame", Some("prologepilog")),
            ("emit", None),
        ] {
            g.bench_function(format!("{name}/{phase}"), |b| {
                b.iter(|| {
                    for &(f, n) in &funcs {
                        let out = cx.run_until(&mut w, f, n, last).expect("compiles");
                        std::hint::black_box(out);
                    }
                })
            });
        }
    }
    g.finish();
}

/// The direct selector (`-fast-isel`) against the SelectionDAG at `-O0`:
/// every function of the module stopped after `finalize-isel`, with and
/// without it (`corpus/ll/sqlite3-O0.ll`, else `lua-O0.ll`).
fn fast_isel(c: &mut Criterion) {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..");
    let Some(path) = ["corpus/ll/sqlite3-O0.ll", "corpus/ll/lua-O0.ll"]
        .iter()
        .map(|p| root.join(p))
        .find(|p| p.exists())
    else {
        eprintln!("note: corpus not built (scripts/build-corpus.sh); no fast_isel benchmark");
        return;
    };
    let mut g = c.benchmark_group("fast_isel");
    g.sample_size(10);
    let text = std::fs::read_to_string(&path).expect("read input");
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let m = rcc_ir::parse_module(text, &name).expect("parses");
    let dl = m.data_layout().expect("data layout");
    let target = rcc_targets::lookup(None, None).expect("x86-64 is registered");
    for on in [true, false] {
        let opts = Options {
            opt_level: 0,
            fast_isel: Some(on),
            ..Options::default()
        };
        let cx = ModuleCx::new(&m, &dl, &opts, &name, target).expect("module context");
        let mut w = Worker::new(target, true);
        let funcs: Vec<_> = cx
            .functions()
            .into_iter()
            .filter(|&(f, n)| cx.run_until(&mut w, f, n, Some("finalize-isel")).is_ok())
            .collect();
        let insts: usize = funcs
            .iter()
            .filter_map(|&(f, _)| m.body(f))
            .map(|b| b.num_insts())
            .sum();
        g.throughput(Throughput::Elements(insts as u64));
        let label = if on { "fast-isel" } else { "dag" };
        g.bench_function(format!("{name}/{label}"), |b| {
            b.iter(|| {
                for &(f, n) in &funcs {
                    let out = cx
                        .run_until(&mut w, f, n, Some("finalize-isel"))
                        .expect("compiles");
                    std::hint::black_box(out);
                }
            })
        });
    }
    g.finish();
}

criterion_group!(benches, codegen, fast_isel);
criterion_main!(benches);
