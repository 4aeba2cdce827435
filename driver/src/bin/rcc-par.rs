//! `rcc-par`: the parallel code generator, with llc's options.
//!
//! Reads a `.ll` file (`-` or no input: standard input), or a `.mir` file
//! to resume the pipeline from (`-start-after`, `-start-before`,
//! `-run-pass`), runs the pipeline as far as the options ask, and writes
//! the result where llc would: `-o`, else `x.s`/`x.o` next to input `x.ll`,
//! else (standard input, `-filetype=null`, MIR output) standard output.
//! `-help` lists the options, `-version` the version and the targets. Errors print as `file:line:col: error: ...`
//! or `rcc-par: error: ...` and exit with 1.

#[cfg(feature = "dhat-heap")]
#[global_allocator]
static ALLOC: dhat::Alloc = dhat::Alloc;

use rcc_driver::input::read_source;
use rcc_driver::options::{default_output, help_text, parse_args, Action};
use rcc_driver::{Compiler, Error, Timings};
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

/// `-version`'s text, in llc's layout, from the target registry.
fn version_text() -> String {
    let mut s = format!(
        "rcc-par (rcc) version {}\n  Default target: {}\n\n  Registered Targets:\n",
        env!("CARGO_PKG_VERSION"),
        rcc_targets::triple::DEFAULT_TRIPLE,
    );
    for t in rcc_targets::registry::TARGETS {
        s.push_str(&format!("    {} - {}\n", t.name(), t.description()));
    }
    s
}

fn write_stdout(text: &[u8]) -> Result<(), Error> {
    std::io::stdout()
        .write_all(text)
        .map_err(|e| Error::Other(format!("<stdout>: {e}")))
}

fn run() -> Result<(), Error> {
    let mut opts = parse_args(std::env::args().skip(1)).map_err(Error::Other)?;
    match opts.action {
        Action::Help => return write_stdout(help_text("rcc-par").as_bytes()),
        Action::Version => return write_stdout(version_text().as_bytes()),
        Action::Compile => {}
    }
    opts.disable_free = true;
    let input = opts.input.clone().unwrap_or_else(|| PathBuf::from("-"));
    let mut timings = Timings::default();
    let (text, name) = timings.record("read", || read_source(&input))?;
    let time_passes = opts.time_passes;
    // MIR (stop options, -run-pass) without -o goes to standard output:
    // a name made from the input could be the input itself.
    let output = opts.output.clone().unwrap_or_else(|| {
        if opts.writes_mir() {
            PathBuf::from("-")
        } else {
            default_output(&input, opts.filetype)
        }
    });
    let compiler = Compiler::new(opts)?;
    let bytes = compiler.compile(text, &name, &mut timings)?;
    // The output is written once, whole.
    let written = timings.record("write", || {
        if bytes.is_empty() {
            Ok(())
        } else if output.as_os_str() == "-" {
            write_stdout(&bytes)
        } else {
            std::fs::write(&output, &bytes)
                .map_err(|e| Error::Other(format!("{}: {e}", output.display())))
        }
    });
    if time_passes {
        eprint!("{}", timings.report());
    }
    written
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
