//! Criterion benchmark of the first phase: parse (+ verify once it lands) of
//! corpus modules. Falls back to the shipped example when the corpus has not
//! been built. Throughput is reported in bytes of `.ll` per second.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use std::path::PathBuf;

fn inputs() -> Vec<PathBuf> {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..");
    let corpus = ["corpus/ll/sqlite3-O2.ll", "corpus/ll/lua-O0.ll"];
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

fn parse(c: &mut Criterion) {
    let mut g = c.benchmark_group("parse");
    g.sample_size(20);
    for path in inputs() {
        let text = std::fs::read_to_string(&path).expect("read input");
        let name = path
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        g.throughput(Throughput::Bytes(text.len() as u64));
        for threads in [1usize, 2] {
            let pool = rayon::ThreadPoolBuilder::new()
                .num_threads(threads)
                .build()
                .expect("pool");
            g.bench_function(format!("{name}/j{threads}"), |b| {
                b.iter(|| {
                    pool.install(|| rcc_ir::parse_module(text.clone(), &name).expect("parses"))
                })
            });
        }
    }
    g.finish();
}

criterion_group!(benches, parse);
criterion_main!(benches);
