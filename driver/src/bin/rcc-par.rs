//! `rcc-par`: the parallel code generator, with llc's options.
//!
//! Reads a `.ll` file (or `-` for standard input), runs the pipeline as far
//! as the options ask, and writes the result to `-o` (default standard
//! output). Errors print as `file:line:col: error: ...` and exit with 1.

#[cfg(feature = "dhat-heap")]
#[global_allocator]
static ALLOC: dhat::Alloc = dhat::Alloc;

use rcc_driver::input::read_source;
use rcc_driver::options::parse_args;
use rcc_driver::{Compiler, Error, Timings};
use std::io::Write;
use std::process::ExitCode;

fn run() -> Result<(), Error> {
    let mut opts = parse_args(std::env::args().skip(1)).map_err(Error::Other)?;
    opts.disable_free = true;
    let input = opts
        .input
        .clone()
        .ok_or_else(|| Error::Other("no input file".into()))?;
    let mut timings = Timings::default();
    let (text, name) = timings.record("read", || read_source(&input))?;
    let time_passes = opts.time_passes;
    let output = opts.output.clone();
    let compiler = Compiler::new(opts)?;
    let bytes = compiler.compile(text, &name, &mut timings)?;
    if time_passes {
        eprint!("{}", timings.report());
    }
    if bytes.is_empty() {
        return Ok(());
    }
    match output.as_ref().filter(|p| p.as_os_str() != "-") {
        Some(p) => {
            std::fs::write(p, &bytes).map_err(|e| Error::Other(format!("{}: {e}", p.display())))
        }
        None => std::io::stdout()
            .write_all(&bytes)
            .map_err(|e| Error::Other(format!("<stdout>: {e}"))),
    }
}

fn main() -> ExitCode {
    #[cfg(feature = "dhat-heap")]
    let _profiler = dhat::Profiler::new_heap();
    #[cfg(not(feature = "dhat-heap"))]
    rcc_driver::heap::use_huge_pages(256 << 20);
    match run() {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            // Located errors start with `file:line:col: error:`, as
            // compilers print them; others name the tool.
            match e {
                Error::Input(_) | Error::Functions(_) => eprintln!("{e}"),
                Error::Other(_) => eprintln!("rcc-par: {e}"),
            }
            ExitCode::from(1)
        }
    }
}
