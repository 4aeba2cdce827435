//! Criterion benchmark of the MIR reader against the IR parser: bytes per
//! second reading sqlite3's -O2 MIR (every function after
//! `finalize-isel`, the largest form, as `-stop-after=finalize-isel`
//! writes it) versus parsing `sqlite3-O2.ll`. The MIR figure counts the
//! function sections only (the module section is IR, parsed once); the
//! name lookups (`mir::Reader`) are built once per module, as the driver
//! does, and the sections are read on the rayon pool as the driver's
//! workers read them (a one-thread row shows the reader's own speed).
//! Skips with a note when the corpus is not built.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use rayon::prelude::*;
use rcc_driver::codegen::{ModuleCx, Worker};
use rcc_mach::{mir, MachFunction};
use rcc_targets::x86_64::X86Info;
use std::path::PathBuf;

fn mir_vs_ll(c: &mut Criterion) {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..");
    let corpus = std::env::var_os("RCC_CORPUS").map_or_else(|| root.join("corpus"), PathBuf::from);
    let path = corpus.join("ll/sqlite3-O2.ll");
    let Ok(text) = std::fs::read_to_string(&path) else {
        eprintln!(
            "note: {} not found (scripts/build-corpus.sh); MIR benchmark skipped",
            path.display()
        );
        return;
    };
    let m = rcc_ir::parse_module(text.clone(), "sqlite3-O2.ll").expect("parses");
    let dl = m.data_layout().expect("data layout");
    let opts = rcc_driver::options::Options::default();
    let target = rcc_targets::lookup(None, None).expect("x86-64");
    let cx = ModuleCx::new(&m, &dl, &opts, "sqlite3-O2.ll", target).expect("module context");
    let mut w = Worker::new(target, false);
    let mut file = String::new();
    mir::write_header(&mut file, &text);
    let module_end = file.len();
    for (g, n) in cx.functions() {
        if cx.run_until(&mut w, g, n, Some("finalize-isel")).is_ok() {
            mir::write_function(&mut file, &w.mf, &m, &X86Info);
        }
    }
    let sections = mir::split(&file).expect("splits");
    let mir_bytes = file.len() - module_end;
    eprintln!(
        "sqlite3 -O2 MIR: {} functions, {mir_bytes} bytes of sections; sqlite3-O2.ll: {} bytes",
        sections.functions.len(),
        text.len()
    );
    let mut g = c.benchmark_group("mir");
    g.sample_size(10);
    g.throughput(Throughput::Bytes(mir_bytes as u64));
    // As the driver reads them: every section on a rayon worker, one
    // machine function per worker (the IR parser below parses function
    // bodies on the same pool).
    g.bench_function("read sqlite3-O2 MIR", |b| {
        b.iter(|| {
            let s = mir::split(&file).expect("splits");
            let r = mir::Reader::new(&m, &X86Info);
            s.functions.par_iter().for_each_init(
                || MachFunction::new(m.order[0]),
                |mf, f| {
                    r.read_function(&file, f, mf).expect("reads");
                    std::hint::black_box(&*mf);
                },
            );
        })
    });
    // The same on one thread: the reader's own speed.
    g.bench_function("read sqlite3-O2 MIR, one thread", |b| {
        let mut mf = MachFunction::new(m.order[0]);
        b.iter(|| {
            let s = mir::split(&file).expect("splits");
            let r = mir::Reader::new(&m, &X86Info);
            for f in &s.functions {
                r.read_function(&file, f, &mut mf).expect("reads");
            }
            std::hint::black_box(&mf);
        })
    });
    g.throughput(Throughput::Bytes(text.len() as u64));
    g.bench_function("parse sqlite3-O2.ll", |b| {
        b.iter(|| {
            let m = rcc_ir::parse_module(text.clone(), "sqlite3-O2.ll").expect("parses");
            std::hint::black_box(m);
        })
    });
    g.finish();
}

criterion_group!(benches, mir_vs_ll);
criterion_main!(benches);
