//! rcc's library API, shared by the `rcc-par` and `rcc-mc` binaries.
//!
//! [`Compiler`] owns the options and a thread pool; it is `Send + Sync` and
//! is reused across compilations. Stages report typed errors
//! ([`rcc_ir::Diagnostic`]) that render as `file:line:col: error: ...`.

pub mod audit;
pub mod codegen;
pub mod heap;
pub mod input;
pub mod mir_input;
pub mod options;
pub mod pipeline;
pub mod plan;

use mir_input::MirInput;
use options::{FileType, Options};
use plan::Plan;
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

/// Wall time of each phase, for `-time-passes`, and what code generation
/// reported (per-pass times and counters).
#[derive(Default, Debug)]
pub struct Timings {
    pub phases: Vec<(&'static str, Duration)>,
    pub codegen: codegen::Report,
    /// The parser's sequential and parallel phases.
    pub parse: rcc_ir::ParseTimes,
}

impl Timings {
    /// Runs `f` and records its wall time as phase `name`.
    pub fn record<T>(&mut self, name: &'static str, f: impl FnOnce() -> T) -> T {
        let t = Instant::now();
        let r = f();
        self.phases.push((name, t.elapsed()));
        r
    }

    /// llc's `-time-passes` table: per pass user, system, user+system and
    /// wall time (summed over workers) with their percentages, then the
    /// module phases (serial) and the parallel region's wall time.
    pub fn report(&self) -> String {
        use std::fmt::Write;
        let r = &self.codegen;
        let mut rows: Vec<(&str, codegen::PassTime)> = Vec::new();
        for (name, d) in &self.phases {
            if *name != "codegen" {
                rows.push((
                    name,
                    codegen::PassTime {
                        wall: *d,
                        ..Default::default()
                    },
                ));
            }
        }
        for (p, t) in pipeline::PASSES.iter().zip(&r.times) {
            if t.wall > Duration::ZERO {
                rows.push((p.description, *t));
            }
        }
        for (name, d) in [
            ("MIR function reader (summed over workers)", r.mir_read),
            ("MIR function printer (summed over workers)", r.mir_write),
        ] {
            if d > Duration::ZERO {
                rows.push((
                    name,
                    codegen::PassTime {
                        wall: d,
                        ..Default::default()
                    },
                ));
            }
        }
        rows.push((
            "Module merge (serial)",
            codegen::PassTime {
                wall: r.merge_wall,
                ..Default::default()
            },
        ));
        let sum = |f: fn(&codegen::PassTime) -> Duration| -> f64 {
            rows.iter().map(|(_, t)| f(t).as_secs_f64()).sum()
        };
        let (tu, ts, tw) = (sum(|t| t.user), sum(|t| t.system), sum(|t| t.wall));
        let pct = |x: f64, total: f64| if total > 0.0 { 100.0 * x / total } else { 0.0 };
        let mut s = String::new();
        let rule =
            "===-------------------------------------------------------------------------===";
        let _ = writeln!(
            s,
            "{rule}\n                      ... Pass execution timing report ...\n{rule}"
        );
        let _ = writeln!(
            s,
            "  Total Execution Time: {:.4} seconds ({:.4} wall clock; passes summed over workers)\n",
            tu + ts,
            tw
        );
        let _ = writeln!(
            s,
            "   ---User Time---   --System Time--   --User+System--   ---Wall Time---  --- Name ---"
        );
        rows.sort_by_key(|r| std::cmp::Reverse(r.1.wall));
        for (name, t) in &rows {
            let (u, y, w) = (
                t.user.as_secs_f64(),
                t.system.as_secs_f64(),
                t.wall.as_secs_f64(),
            );
            let _ = writeln!(
                s,
                "   {u:.4} ({:5.1}%)   {y:.4} ({:5.1}%)   {:.4} ({:5.1}%)   {w:.4} ({:5.1}%)  {name}",
                pct(u, tu),
                pct(y, ts),
                u + y,
                pct(u + y, tu + ts),
                pct(w, tw)
            );
        }
        let _ = writeln!(
            s,
            "   {tu:.4} (100.0%)   {ts:.4} (100.0%)   {:.4} (100.0%)   {tw:.4} (100.0%)  Total",
            tu + ts
        );
        let _ = writeln!(
            s,
            "\n  Parallel region (wall): {:.4} seconds",
            r.parallel_wall.as_secs_f64()
        );
        s.push_str(&self.model().report());
        s
    }

    /// The serial part of the process and the parallel work, for the
    /// modelled speedup.
    pub fn model(&self) -> Model {
        let r = &self.codegen;
        let p = &self.parse;
        let phase = |name: &str| -> Duration {
            self.phases
                .iter()
                .filter(|(n, _)| *n == name)
                .map(|(_, d)| *d)
                .sum()
        };
        let codegen = phase("codegen");
        let parse = phase("parse");
        let serial = vec![
            ("read", phase("read")),
            ("parse phase 1", p.top),
            ("parse phase 3", p.merge),
            ("verify (module)", p.verify),
            (
                "parse other",
                parse.saturating_sub(p.prescan.wall + p.top + p.bodies_wall + p.merge + p.verify),
            ),
            (
                "codegen setup",
                codegen.saturating_sub(r.parallel_wall + r.merge_wall),
            ),
            ("merge", r.merge_wall),
            ("write", phase("write")),
        ];
        Model {
            serial,
            prescan: (p.prescan.sum, p.prescan.largest),
            bodies: (p.bodies_sum, p.largest_body),
            functions: (r.function_sum, r.largest.1),
            largest_name: r.largest.0.clone(),
        }
    }
}

/// The modelled speedup at `-jN`: the process as its serial part plus three
/// parallel regions (the parser's pre-scan for body ends, parsing and
/// verifying bodies, compiling functions), each taking the longer of its
/// largest item and its work divided by `N`.
#[derive(Debug, Default)]
pub struct Model {
    /// The serial parts, each with its wall time. Bodies are verified in
    /// the parse region (their time is in `bodies`); the verifier's
    /// module-level checks are serial.
    pub serial: Vec<(&'static str, Duration)>,
    /// The pre-scan's chunks, parsing bodies and compiling functions: the
    /// time summed over items, and the largest item.
    pub prescan: (Duration, Duration),
    pub bodies: (Duration, Duration),
    pub functions: (Duration, Duration),
    pub largest_name: String,
}

impl Model {
    pub fn serial_time(&self) -> f64 {
        self.serial.iter().map(|(_, d)| d.as_secs_f64()).sum()
    }

    /// The modelled time with `n` workers.
    pub fn time(&self, n: u32) -> f64 {
        let region = |(sum, largest): (Duration, Duration)| {
            (sum.as_secs_f64() / n as f64).max(largest.as_secs_f64())
        };
        self.serial_time() + region(self.prescan) + region(self.bodies) + region(self.functions)
    }

    /// The modelled speedup at `n` workers over one.
    pub fn speedup(&self, n: u32) -> f64 {
        let t = self.time(n);
        if t > 0.0 {
            self.time(1) / t
        } else {
            1.0
        }
    }

    /// The `-time-passes` lines.
    pub fn report(&self) -> String {
        use std::fmt::Write;
        let mut s = String::new();
        let parts: Vec<String> = self
            .serial
            .iter()
            .map(|(n, d)| format!("{n} {:.4}", d.as_secs_f64()))
            .collect();
        let _ = writeln!(
            s,
            "  Serial part (wall): {:.4} seconds ({})",
            self.serial_time(),
            parts.join(", ")
        );
        let _ = writeln!(
            s,
            "  Parallel work: parse bodies {:.4} seconds (largest {:.4}), functions {:.4} seconds (largest {:.4}: {}), body pre-scan {:.4} seconds (largest {:.4})",
            self.bodies.0.as_secs_f64(),
            self.bodies.1.as_secs_f64(),
            self.functions.0.as_secs_f64(),
            self.functions.1.as_secs_f64(),
            self.largest_name,
            self.prescan.0.as_secs_f64(),
            self.prescan.1.as_secs_f64(),
        );
        let _ = writeln!(
            s,
            "  Modelled speedup: -j2 {:.2}x, -j16 {:.2}x (serial + max(largest, work / N) per parallel region)",
            self.speedup(2),
            self.speedup(16)
        );
        s
    }
}

/// llc's `-stats` report for the machine passes: one line per non-zero
/// counter, `value pass - description`.
pub fn pass_stats(r: &codegen::Report) -> String {
    let rule = "===-------------------------------------------------------------------------===";
    let mut s =
        format!("{rule}\n                          ... Statistics Collected ...\n{rule}\n\n");
    for (p, counts) in pipeline::PASSES.iter().zip(&r.counts) {
        for (name, v) in p.counters.iter().zip(counts) {
            if *v != 0 {
                s.push_str(&format!("{v:>12} {} - {name}\n", p.name));
            }
        }
    }
    s
}

/// A reusable compiler: options plus a worker pool.
pub struct Compiler {
    pub opts: Options,
    pool: rayon::ThreadPool,
}

impl Compiler {
    /// A compiler with `opts` (`opts.jobs == 0` uses every core).
    pub fn new(opts: Options) -> Result<Compiler, Error> {
        opts.validate().map_err(Error::Other)?;
        // The command line's target, CPU and features: an unknown name or
        // an unsupported request is an error before any input is read.
        let target = rcc_targets::lookup(opts.triple.as_deref(), opts.march.as_deref())
            .map_err(Error::Other)?;
        let attrs: Vec<&str> = opts.attrs.iter().map(String::as_str).collect();
        let mut found = Vec::new();
        target
            .features()
            .resolve(opts.cpu.as_deref(), &attrs, &mut found);
        if let Some(f) = found.iter().find(|f| f.error || f.unknown) {
            return Err(Error::Other(f.message.replace(" (ignored)", "")));
        }
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
        let mut pt = rcc_ir::ParseTimes::default();
        // Each body is verified by the worker that parsed it; the serial
        // rest of the verifier is `pt.verify`.
        let m = timings.record("parse", || {
            self.pool
                .install(|| rcc_ir::parse_and_verify_timed(text, file, &mut pt))
        });
        timings.parse = pt;
        m.map_err(Error::Input)
    }

    /// Runs the pipeline as far as the options ask and returns the output
    /// bytes (empty for `-filetype=null`). The input is IR, or MIR when
    /// `file` ends with `.mir` or the text starts with rcc's MIR header.
    pub fn compile(
        &self,
        text: impl Into<Source>,
        file: &str,
        timings: &mut Timings,
    ) -> Result<Vec<u8>, Error> {
        match self.opts.debug_pass {
            Some(options::DebugPass::Structure) => eprint!(
                "{}",
                pipeline::structure(self.opts.opt_level, self.opts.allocator())
            ),
            Some(options::DebugPass::Arguments) => {
                eprint!(
                    "{}",
                    pipeline::arguments(self.opts.opt_level, self.opts.allocator())
                )
            }
            None => {}
        }
        let text: Source = text.into();
        let is_mir = mir_input::is_mir(file, &text);
        let plan = Plan::new(&self.opts, is_mir).map_err(Error::Other)?;
        if !is_mir {
            let m = self.parse(text, file, timings)?;
            self.after_parse(&m);
            let out = self.run_after_parse(&m, &m.text, file, plan, None, timings);
            if self.opts.disable_free {
                std::mem::forget(m);
            }
            return out;
        }
        let located = |e: rcc_ir::ParseError| Error::Input(Diagnostic::locate(file, &text, &e));
        let sections = timings
            .record("split MIR", || mir_input::split(&text))
            .map_err(located)?;
        let module = mir_input::module_source(&text, &sections);
        let m = self.parse(module, file, timings)?;
        self.after_parse(&m);
        let input = MirInput::new(&m, &text, &sections).map_err(located)?;
        let out = self.run_after_parse(&m, &text, file, plan, Some(&input), timings);
        if self.opts.disable_free {
            std::mem::forget(m);
        }
        out
    }

    /// `-print-after=parse` and the IR part of `-stats`.
    fn after_parse(&self, m: &Module) {
        if self.opts.print_after_all || self.opts.print_after.iter().any(|p| p == "parse") {
            eprintln!("; *** IR Dump After parse ***\n{}", rcc_ir::print_module(m));
        }
        if self.opts.stats {
            eprint!("{}", ir_stats(m));
        }
    }

    /// Code generation of the parsed module `m` as `plan` says. `source`
    /// is the input's text (errors are located in it).
    fn run_after_parse(
        &self,
        m: &Module,
        source: &str,
        file: &str,
        plan: Plan,
        mir: Option<&MirInput<'_>>,
        timings: &mut Timings,
    ) -> Result<Vec<u8>, Error> {
        if plan.writes_mir && plan.from_ir && plan.passes.is_empty() {
            // Stopped after the reader: the module alone.
            if self.opts.filetype == FileType::Null {
                return Ok(Vec::new());
            }
            let mut out = String::new();
            timings.record("print", || mir_input::write_header(&mut out, m));
            return Ok(out.into_bytes());
        }
        let triple = self
            .opts
            .triple
            .as_deref()
            .or(m.triple.map(|s| m.str(s).trim_matches('"')));
        let target = rcc_targets::lookup(triple, self.opts.march.as_deref()).map_err(|e| {
            let at = m.triple.map_or(0, |s| s.start);
            Error::Input(Diagnostic::locate(
                file,
                source,
                &rcc_ir::ParseError::new(at, e),
            ))
        })?;
        let job = codegen::Job {
            file,
            source,
            plan,
            mir,
        };
        let mut report = codegen::Report::default();
        let out = timings.record("codegen", || {
            codegen::compile_module(&self.pool, m, &self.opts, &job, target, &mut report).map_err(
                |mut ds| {
                    if ds.len() == 1 {
                        Error::Input(ds.remove(0))
                    } else {
                        Error::Functions(ds)
                    }
                },
            )
        });
        for w in &report.warnings {
            eprintln!("{file}: warning: {w}");
        }
        if self.opts.stats {
            eprint!("{}", pass_stats(&report));
        }
        timings.codegen = report;
        out
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
