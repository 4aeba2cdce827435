//! Writes one generated scaling input to standard output, for profiling
//! a dimension with the real binary: `scaling-gen NAME N > x.ll`.

use rcc_benches::scaling::dimension;
use std::io::Write;
use std::process::ExitCode;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (Some(name), Some(n)) = (
        args.first(),
        args.get(1).and_then(|n| n.parse::<usize>().ok()),
    ) else {
        eprintln!("usage: scaling-gen NAME N");
        return ExitCode::from(2);
    };
    let Some(d) = dimension(name) else {
        eprintln!("scaling-gen: unknown dimension '{name}'");
        return ExitCode::from(2);
    };
    if std::io::stdout()
        .write_all((d.generate)(n).as_bytes())
        .is_err()
    {
        return ExitCode::from(1);
    }
    ExitCode::SUCCESS
}
