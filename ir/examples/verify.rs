//! Parses and verifies each file given on the command line; prints the
//! parse and verify times (best of `VERIFY_REPS` verify runs, default 1).
fn main() {
    let reps: usize = std::env::var("VERIFY_REPS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(1);
    let mut failed = false;
    for path in std::env::args().skip(1) {
        let text = match std::fs::read_to_string(&path) {
            Ok(t) => t,
            Err(e) => {
                eprintln!("{path}: {e}");
                failed = true;
                continue;
            }
        };
        let t = std::time::Instant::now();
        let m = match rcc_ir::parse_module(text, &path) {
            Ok(m) => m,
            Err(d) => {
                println!("{d}");
                failed = true;
                continue;
            }
        };
        let parse = t.elapsed();
        let mut best = std::time::Duration::MAX;
        let mut result = Ok(());
        for _ in 0..reps.max(1) {
            let t = std::time::Instant::now();
            result = rcc_ir::verify_module(&m);
            best = best.min(t.elapsed());
        }
        match result {
            Ok(()) => println!("{path}: ok, parse {parse:?}, verify {best:?}"),
            Err(e) => {
                println!("{}", rcc_ir::Diagnostic::locate(&path, &m.text, &e));
                failed = true;
            }
        }
    }
    if failed {
        std::process::exit(1);
    }
}
