//! rcc's library API, shared by the `rcc-par` and `rcc-mc` binaries.
//!
//! [`Compiler`] owns the options and a thread pool; it is `Send + Sync` and
//! is reused across compilations. Stages report typed errors
//! ([`rcc_ir::Diagnostic`]) that render as `file:line:col: error: ...`.

pub mod asm;
pub mod codegen;
pub mod heap;
pub mod input;
pub mod options;
pub mod target_options;

use options::{FileType, Options};
use rcc_ir::{Diagnostic, Module, Source};
use std::time::{Duration, Instant};

/// Stack size of worker threads: deep but bounded nesting is parsed
/// recursively on workers.
const WORKER_STACK: usize = 16 << 20;

/// An error of any stage.
#[derive(Debug)]
pub enum Error {
    /// A located error in the input.
    Input(Diagnostic),
    /// Errors of several functions, in module order.
    Functions(Vec<Diagnostic>),
    /// A problem not tied to a location (I/O, unsupported request).
    Other(String),
}

impl std::fmt::Display for Error {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Error::Input(d) => write!(f, "{d}"),
            Error::Functions(ds) => {
                for (k, d) in ds.iter().enumerate() {
                    if k > 0 {
                        writeln!(f)?;
                    }
                    write!(f, "{d}")?;
                }
                Ok(())
            }
            Error::Other(s) => write!(f, "error: {s}"),
        }
    }
}

impl std::error::Error for Error {}

/// Wall time of each phase, for `-time-passes`.
#[derive(Default, Debug, Clone)]
pub struct Timings {
    pub phases: Vec<(&'static str, Duration)>,
}

impl Timings {
    /// Runs `f` and records its wall time as phase `name`.
    pub fn record<T>(&mut self, name: &'static str, f: impl FnOnce() -> T) -> T {
        let t = Instant::now();
        let r = f();
        self.phases.push((name, t.elapsed()));
        r
    }
}

/// A reusable compiler: options plus a worker pool.
pub struct Compiler {
    pub opts: Options,
    pool: rayon::ThreadPool,
}

impl Compiler {
    /// A compiler with `opts` (`opts.jobs == 0` uses every core).
    pub fn new(opts: Options) -> Result<Compiler, Error> {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(opts.jobs)
            // The calling thread is one of the workers: with -j1 no thread
            // is started at all, and the main thread's malloc arena (which
            // grows in large steps) serves the allocations.
            .use_current_thread()
            .stack_size(WORKER_STACK)
            .thread_name(|i| format!("rcc-worker-{i}"))
            .build()
            .map_err(|e| Error::Other(format!("cannot start worker threads: {e}")))?;
        Ok(Compiler { opts, pool })
    }

    /// Parses and verifies `text`; `file` names it in diagnostics.
    pub fn parse(
        &self,
        text: impl Into<Source>,
        file: &str,
        timings: &mut Timings,
    ) -> Result<Module, Error> {
        let text = text.into();
        let m = timings.record("parse", || {
            self.pool.install(|| rcc_ir::parse_module(text, file))
        });
        let m = m.map_err(Error::Input)?;
        let v = timings.record("verify", || self.pool.install(|| rcc_ir::verify_module(&m)));
        v.map_err(|e| Error::Input(Diagnostic::locate(file, &m.text, &e)))?;
        Ok(m)
    }

    /// Runs the pipeline as far as the options ask and returns the output
    /// bytes (empty for `-filetype=null`).
    pub fn compile(
        &self,
        text: impl Into<Source>,
        file: &str,
        timings: &mut Timings,
    ) -> Result<Vec<u8>, Error> {
        let m = self.parse(text, file, timings)?;
        self.check_triple(&m)?;
        if self.opts.print_after_all || self.opts.print_after.iter().any(|p| p == "parse") {
            eprintln!(
                "; *** IR Dump After parse ***\n{}",
                rcc_ir::print_module(&m)
            );
        }
        if self.opts.stats {
            eprint!("{}", ir_stats(&m));
        }
        let out = self.run_after_parse(&m, file, timings);
        if self.opts.disable_free {
            std::mem::forget(m);
        }
        out
    }

    /// Checks the triple the module is compiled for (`-mtriple`, else the
    /// module's, with `-march`'s architecture).
    fn check_triple(&self, m: &Module) -> Result<(), Error> {
        let module = m.triple.map(|t| m.str(t).trim_matches('"').to_string());
        let t = target_options::effective_triple(
            self.opts.triple.as_deref(),
            module.as_deref(),
            self.opts.march,
        );
        target_options::check_triple(&t).map_err(Error::Other)
    }

    fn run_after_parse(
        &self,
        m: &Module,
        file: &str,
        timings: &mut Timings,
    ) -> Result<Vec<u8>, Error> {
        if self.opts.stop_after.as_deref() == Some("parse") {
            if self.opts.filetype == FileType::Null {
                return Ok(Vec::new());
            }
            return Ok(timings
                .record("print", || rcc_ir::print_module(m))
                .into_bytes());
        }
        timings.record("codegen", || {
            codegen::compile_module(&self.pool, m, &self.opts, file).map_err(|mut ds| {
                if ds.len() == 1 {
                    Error::Input(ds.remove(0))
                } else {
                    Error::Functions(ds)
                }
            })
        })
    }
}

/// The `-stats` report for a parsed module: sizes and IR bytes per
/// instruction, from the arenas' capacities.
pub fn ir_stats(m: &Module) -> String {
    let insts: usize = m.bodies.iter().map(|f| f.num_insts()).sum();
    let blocks: usize = m.bodies.iter().map(|f| f.blocks.len()).sum();
    let body_bytes: usize = m.bodies.iter().map(|f| f.heap_bytes()).sum();
    let heap = m.heap_bytes();
    let per = |b: usize| {
        if insts == 0 {
            0.0
        } else {
            b as f64 / insts as f64
        }
    };
    format!(
        "===-- rcc-par statistics --===\n\
         {:>12} source bytes\n\
         {:>12} globals\n\
         {:>12} function bodies\n\
         {:>12} basic blocks\n\
         {:>12} IR instructions\n\
         {:>12} types\n\
         {:>12} bytes of IR in function bodies ({:.1} per instruction)\n\
         {:>12} bytes of IR in all (excluding the source text; {:.1} per instruction)\n",
        m.text.len(),
        m.globals.len(),
        m.bodies.len(),
        blocks,
        insts,
        m.types.len(),
        body_bytes,
        per(body_bytes),
        heap,
        per(heap),
    )
}
