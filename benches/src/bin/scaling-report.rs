//! The scaling report: for every dimension of `rcc_benches::scaling`, the
//! whole compile (parse, verify, code generation to an object, one thread)
//! at 1× and 10× the dimension's base size, medians of several runs, and
//! the ratio against the dimension's bound (12× for linear algorithms,
//! 15× where n log n is expected).
//!
//! Usage: `cargo run --release -p rcc-benches --bin scaling-report [-- --runs N] [NAME...]`
//! Exit status 1 when a ratio is over its bound.

use rcc_benches::scaling::{dimension, Dimension, DIMENSIONS};
use rcc_driver::options::{FileType, Options};
use rcc_driver::{Compiler, Timings};
use std::process::ExitCode;
use std::time::{Duration, Instant};

fn median_time(c: &Compiler, text: &str, runs: usize) -> Duration {
    let mut t: Vec<Duration> = (0..runs)
        .map(|_| {
            let start = Instant::now();
            let out = c
                .compile(text.to_string(), "scaling.ll", &mut Timings::default())
                .unwrap_or_else(|e| panic!("generated input fails: {e}"));
            std::hint::black_box(out);
            start.elapsed()
        })
        .collect();
    t.sort();
    t[t.len() / 2]
}

fn main() -> ExitCode {
    let mut runs = 5;
    let mut dims: Vec<&'static Dimension> = Vec::new();
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        match a.as_str() {
            "--runs" => runs = args.next().and_then(|n| n.parse().ok()).unwrap_or(5),
            name => match dimension(name) {
                Some(d) => dims.push(d),
                None => {
                    eprintln!("scaling-report: unknown dimension '{name}'");
                    return ExitCode::from(2);
                }
            },
        }
    }
    if dims.is_empty() {
        dims = DIMENSIONS.iter().collect();
    }
    let opts = Options {
        jobs: 1,
        filetype: FileType::Obj,
        ..Options::default()
    };
    let c = Compiler::new(opts).expect("compiler");
    println!(
        "{:<22} {:>8} {:>11} {:>11} {:>7} {:>6}  verdict",
        "dimension", "base", "time 1x", "time 10x", "ratio", "bound"
    );
    let mut bad = 0;
    for d in dims {
        let small = (d.generate)(d.base);
        let large = (d.generate)(d.base * 10);
        let t1 = median_time(&c, &small, runs);
        let t10 = median_time(&c, &large, runs);
        let ratio = t10.as_secs_f64() / t1.as_secs_f64().max(1e-9);
        let ok = ratio <= d.bound;
        bad += usize::from(!ok);
        println!(
            "{:<22} {:>8} {:>9.2}ms {:>9.2}ms {:>7.2} {:>6.1}  {}",
            d.name,
            d.base,
            t1.as_secs_f64() * 1e3,
            t10.as_secs_f64() * 1e3,
            ratio,
            d.bound,
            if ok { "ok" } else { "SUPER-LINEAR" }
        );
    }
    if bad == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    }
}
