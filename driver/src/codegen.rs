//! Code generation of a parsed module: the per-function machine pipeline,
//! run on the worker pool, and the deterministic merge into one output.
//!
//! The pipeline is the pass table ([`crate::pipeline::PASSES`]); this
//! module walks the rows a [`Plan`] picks for each function, between the
//! hooks every pass gets (`-print-before`/`-print-after`,
//! `-verify-machineinstrs`, `-mir-roundtrip`, `-time-passes` and `-stats`
//! accounting). The target is reached only through the `&'static dyn
//! Target` the registry picked from the module's triple (or
//! `-mtriple`/`-march`).
//!
//! ```text
//! per function (any worker, in parallel): the function starts empty, or
//!   from its section of the .mir input; the plan's passes run (normally
//!   finalize-isel .. branch-folder, then asm-printer records the function
//!   into a Fragment); a plan that stops early writes its MIR section
//! merge (calling thread, module order):
//!   begin_module, replay every fragment, emit_globals, the PIC unwind
//!   words, finish_module; or the MIR header and every section
//! ```
//!
//! Invariants: a function's output depends only on the module and the
//! options, never on the worker or the order in which functions finish;
//! fragments are replayed in module order, so `-j1` and `-jN` write the same
//! bytes. Each worker owns one [`Worker`] (the target's scratch, the machine
//! function, the recorder, counters), reused from function to function;
//! only the `MachFunction` carries anything from one pass to the next, so
//! a pass resumed from MIR sees what the uninterrupted pipeline gave it.
//! A failing function is reported with its name and location; the other
//! functions still run and report their own errors.

use crate::mir_input::{self, MirInput};
use crate::options::{FileType, Options, RelocModel};
use crate::pipeline::{counts, Counts, Pass, PASSES};
use crate::plan::Plan;
use rcc_ir::attrs::Attr;
use rcc_ir::entity::EntityId;
use rcc_ir::layout::DataLayout;
use rcc_ir::{Diagnostic, GlobalId, Module, ParseError};
use rcc_mach::eh::ExceptionRefs;
use rcc_mach::emit::{EmitOptions, ModuleEmitter, RelocModel as EmitReloc};
use rcc_mach::mir::Reader;
use rcc_mach::passes::frame_layout::{for_each_fn_attr, FrameOptions, FramePointer};
use rcc_mach::MachFunction;
use rcc_mc::fragment::{Fragment, RecordingStreamer};
use rcc_mc::Streamer;
use rcc_targets::subtarget::{Finding, Subtarget};
use rcc_targets::{ModuleEnv, Target, TargetScratch};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// What code generation decides once per module.
pub struct ModuleCx<'a> {
    pub m: &'a Module,
    pub dl: &'a DataLayout,
    pub emitter: ModuleEmitter<'a>,
    pub opts: &'a Options,
    pub file: &'a str,
    pub pic: bool,
    pub target: &'static dyn Target,
    frame_pointer: Option<FramePointer>,
    /// The subtarget of each global (functions; others hold the default).
    subtargets: Vec<Subtarget>,
    /// Warnings found while preparing the module, printed once.
    pub warnings: Vec<String>,
    /// What the IR audit found (`crate::audit`): each failing function's
    /// first unsupported construct.
    audit: crate::audit::Audit,
    /// The passes that run at the chosen `-O`, as indices into `PASSES`
    /// (the whole pipeline, for [`ModuleCx::run_until`]).
    passes: Vec<usize>,
    /// What [`ModuleCx::compile_function`] runs (default: `passes`).
    pub plan: Plan,
    /// The `.mir` file functions are read from, if the input is MIR.
    pub mir: Option<&'a MirInput<'a>>,
    /// The MIR reader's lookups, made once when MIR is read (MIR input,
    /// `-mir-roundtrip`; see [`ModuleCx::read_mir`]).
    reader: Option<Reader<'a>>,
    /// Indirect branch tracking's view of the module, under the
    /// `cf-protection-branch` module flag.
    pub ibt: Option<rcc_mach::passes::indirect_branch_tracking::IbtModule>,
}

/// One function's context for the passes.
pub struct FnCx<'a> {
    pub module: &'a ModuleCx<'a>,
    pub g: GlobalId,
    /// Its number among the module's emitted functions.
    pub n: u32,
    pub subtarget: Subtarget,
    pub frame: FrameOptions,
}

/// The result of one function: its recorded output and, with
/// `-print-after`, its machine-code dumps.
#[derive(Clone)]
pub struct FunctionOutput {
    pub fragment: Fragment,
    pub dump: String,
    /// The personality and type infos the module must provide words for.
    pub eh: ExceptionRefs,
    /// The function's MIR section, when the plan writes MIR.
    pub mir: String,
}

impl FunctionOutput {
    /// The output of worker `w`'s function: its recorded fragment when
    /// `asm-printer` ran (`emitted`), its dumps and MIR section.
    fn of(w: &mut Worker, emitted: bool, dump: String, mir: String) -> FunctionOutput {
        FunctionOutput {
            fragment: if emitted {
                w.rec.finish()
            } else {
                Fragment::default()
            },
            dump,
            eh: std::mem::take(&mut w.eh),
            mir,
        }
    }
}

/// Time spent in one pass, summed over functions and workers.
#[derive(Copy, Clone, Debug, Default)]
pub struct PassTime {
    pub user: Duration,
    pub system: Duration,
    pub wall: Duration,
}

impl std::ops::AddAssign for PassTime {
    fn add_assign(&mut self, o: PassTime) {
        self.user += o.user;
        self.system += o.system;
        self.wall += o.wall;
    }
}

/// Scratch state of one worker, reused across functions.
pub struct Worker {
    pub mf: MachFunction,
    /// The target's own scratch (selection and frame buffers).
    pub scratch: TargetScratch,
    pub rec: RecordingStreamer<'static>,
    /// A reusable instruction buffer (branch folding).
    pub insts: Vec<rcc_mach::MInst>,
    /// The interval allocators' state for the current function: liveness,
    /// the edit layer, the matrix and the map (`ra.valid` is cleared when a
    /// function starts; the first interval row computes it).
    pub ra: rcc_ralloc::liveness::Liveness,
    /// The interval allocators' buffers (frequencies, weights, spiller).
    pub ra_scratch: rcc_ralloc::basic::RaScratch,
    /// The greedy allocator's queue, stages and split buffers.
    pub greedy: rcc_ralloc::greedy::Greedy,
    /// The fast allocator's buffers.
    pub fast: rcc_ralloc::fast::FastScratch,
    /// Stack slot coloring's buffers.
    pub slot_coloring: rcc_ralloc::stack_coloring::Scratch,
    /// `-stats` counters per pass (indexed like `PASSES`).
    pub counts: Vec<Counts>,
    /// `-time-passes` times per pass (indexed like `PASSES`).
    pub times: Vec<PassTime>,
    /// What the last `asm-printer` run reported.
    eh: ExceptionRefs,
    /// `-mir-roundtrip`: the function read back, and the two texts.
    spare: MachFunction,
    mir_text: (String, String),
    /// Time spent reading and writing MIR.
    pub mir_read: Duration,
    pub mir_write: Duration,
    /// The register coalescer's buffers.
    pub coalesce: rcc_ralloc::coalesce::CoalesceScratch,
    /// The machine optimization passes' buffers.
    pub opt: rcc_mach::passes::OptScratch,
    /// CFG, dominators, post-dominators, loops and block frequencies of
    /// the current function, shared by the passes while its CFG is
    /// unchanged (invalidated when a function starts).
    pub analyses: rcc_mach::analysis::CfgAnalyses,
}

impl Worker {
    /// A worker for `target`; `encode`: its recorder pre-encodes
    /// instructions (for object output).
    pub fn new(target: &'static dyn Target, encode: bool) -> Worker {
        Worker {
            mf: MachFunction::new(GlobalId::from_u32(0)),
            scratch: target.new_scratch(),
            insts: Vec::new(),
            ra: Default::default(),
            ra_scratch: Default::default(),
            greedy: Default::default(),
            fast: Default::default(),
            slot_coloring: Default::default(),
            rec: if encode {
                RecordingStreamer::with_target(target.backend())
            } else {
                RecordingStreamer::new()
            },
            counts: vec![[0; crate::pipeline::MAX_COUNTERS]; PASSES.len()],
            times: vec![PassTime::default(); PASSES.len()],
            eh: ExceptionRefs::default(),
            spare: MachFunction::new(GlobalId::from_u32(0)),
            mir_text: (String::new(), String::new()),
            mir_read: Duration::ZERO,
            mir_write: Duration::ZERO,
            coalesce: Default::default(),
            opt: Default::default(),
            analyses: Default::default(),
        }
    }
}

/// CPU time of the calling thread `(user + system, system)`: the total
/// from the thread's CPU clock (exact), the system part from
/// `getrusage(RUSAGE_THREAD)` (tick-sampled, so only its sum over many
/// calls is meaningful).
fn thread_cpu() -> (Duration, Duration) {
    // SAFETY: both calls only write the structs they are given.
    let mut ts: libc::timespec = unsafe { std::mem::zeroed() };
    let total = if unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut ts) } == 0 {
        Duration::new(ts.tv_sec as u64, ts.tv_nsec as u32)
    } else {
        Duration::ZERO
    };
    // SAFETY: as above.
    let mut u: libc::rusage = unsafe { std::mem::zeroed() };
    // SAFETY: a valid pointer to a rusage; RUSAGE_THREAD is Linux's.
    let system = if unsafe { libc::getrusage(libc::RUSAGE_THREAD, &mut u) } == 0 {
        Duration::new(u.ru_stime.tv_sec as u64, u.ru_stime.tv_usec as u32 * 1000)
    } else {
        Duration::ZERO
    };
    (total, system)
}

/// The `"target-cpu"` and `"target-features"` attributes of function `g`.
fn subtarget_attrs(m: &Module, g: GlobalId) -> (Option<&str>, Option<&str>) {
    let (mut cpu, mut features) = (None, None);
    for_each_fn_attr(m, g, |a| {
        if let Attr::Str { key, value } = a {
            match m.str(*key) {
                "\"target-cpu\"" => cpu = Some(m.str(*value).trim_matches('"')),
                "\"target-features\"" => features = Some(m.str(*value).trim_matches('"')),
                _ => {}
            }
        }
    });
    (cpu, features)
}

/// Whether the module is compiled position-independent: the option, else
/// the module's `PIC Level` flag, else PIC (DESIGN.md).
pub fn is_pic(m: &Module, reloc: RelocModel) -> bool {
    match reloc {
        RelocModel::Pic => true,
        RelocModel::Static => false,
        RelocModel::Default => match m.module_flag_int("PIC Level") {
            Some(l) => l != 0,
            None => true,
        },
    }
}

impl<'a> ModuleCx<'a> {
    /// Prepares code generation of `m` for `target`: subtargets of every
    /// function (warnings collected in `warnings`), the module emitter and
    /// the pass list of the chosen `-O`.
    pub fn new(
        m: &'a Module,
        dl: &'a DataLayout,
        opts: &'a Options,
        file: &'a str,
        target: &'static dyn Target,
    ) -> Result<ModuleCx<'a>, String> {
        target.check_data_layout(dl)?;
        let pic = is_pic(m, opts.reloc);
        let eopts = EmitOptions {
            reloc: if pic {
                EmitReloc::Pic
            } else {
                EmitReloc::Static
            },
            addrsig: false,
            function_sections: opts.function_sections,
            data_sections: opts.data_sections,
            stack_size_section: opts.stack_size_section,
        };
        let emitter = ModuleEmitter::new(m, dl, &eopts)
            .map_err(|e| e.to_string())?
            .with_assembler(target.inline_assembler());
        let frame_pointer = opts.frame_pointer.as_deref().and_then(FramePointer::parse);
        let (subtargets, mut warnings) = resolve_subtargets(m, opts, target)?;
        let audit = crate::audit::audit_module(m, target.ir_support())?;
        warnings.extend(audit.warnings.iter().cloned());
        let passes: Vec<usize> = (1..PASSES.len())
            .filter(|&i| PASSES[i].runs(opts.opt_level, opts.allocator()))
            .collect();
        let plan = Plan {
            passes: passes.clone(),
            writes_mir: false,
            from_ir: true,
        };
        Ok(ModuleCx {
            m,
            dl,
            emitter,
            opts,
            file,
            pic,
            target,
            frame_pointer,
            subtargets,
            warnings,
            audit,
            passes,
            plan,
            mir: None,
            reader: None,
            ibt: rcc_mach::passes::indirect_branch_tracking::IbtModule::new(m),
        })
    }

    /// What the target needs to know about the module.
    pub fn env(&self) -> ModuleEnv<'_> {
        ModuleEnv {
            m: self.m,
            dl: self.dl,
            emitter: &self.emitter,
            pic: self.pic,
            opt_level: self.opts.opt_level,
            fast_isel: self.opts.fast_isel.unwrap_or(true) && self.opts.opt_level == 0,
        }
    }

    /// The defined functions in module order, with their ordinals.
    pub fn functions(&self) -> Vec<(GlobalId, u32)> {
        self.m
            .order
            .iter()
            .filter_map(|&g| self.emitter.function_ordinal(g).map(|n| (g, n)))
            .collect()
    }

    /// An error about function `g`, located at its definition.
    /// (Located in bulk by [`compile_module`]: one pass over the text for
    /// all errors.)
    fn error(&self, g: GlobalId, msg: impl std::fmt::Display) -> ParseError {
        let name = rcc_mach::symbols::display_name(self.m, g);
        let offset = self.m.globals[g].offset;
        ParseError::new(offset, format!("in function '{name}': {msg}"))
    }

    fn wants_dump_after(&self, pass: &str) -> bool {
        self.opts.print_after_all || self.opts.print_after.iter().any(|p| p == pass)
    }

    fn wants_dump_before(&self, pass: &str) -> bool {
        self.opts.print_before.iter().any(|p| p == pass)
    }

    /// Prepares reading MIR (the reader's lookups of the module's names).
    pub fn read_mir(&mut self) {
        if self.reader.is_none() {
            self.reader = Some(Reader::new(self.m, self.target.info()));
        }
    }

    /// The MIR reader (made by [`ModuleCx::read_mir`]).
    fn reader(&self) -> Result<&Reader<'a>, String> {
        self.reader
            .as_ref()
            .ok_or_else(|| "internal error: MIR reader not prepared".to_string())
    }

    /// The context of function `g` (ordinal `n`) for the passes.
    fn fn_cx(&self, g: GlobalId, n: u32) -> FnCx<'_> {
        FnCx {
            module: self,
            g,
            n,
            subtarget: self.subtargets[g.index()],
            frame: FrameOptions::for_function(self.m, g, self.frame_pointer),
        }
    }

    /// Compiles function `g` (ordinal `n`) with worker `w`'s scratch as the
    /// plan says: the function starts empty or from its MIR section, the
    /// plan's passes run, and the result is its fragment or, when the plan
    /// writes MIR, its MIR section.
    pub fn compile_function(
        &self,
        w: &mut Worker,
        g: GlobalId,
        n: u32,
    ) -> Result<FunctionOutput, ParseError> {
        if let Some(e) = self.audit.error(g) {
            return Err(self.error(g, e));
        }
        let cx = self.fn_cx(g, n);
        w.mf.clear(g);
        w.ra.valid = false;
        w.analyses.invalidate();
        if let Some(input) = self.mir {
            match input.section(g) {
                Some(s) => {
                    let start = Instant::now();
                    let reader = self.reader().map_err(|e| self.error(g, e))?;
                    input.read(reader, s, &mut w.mf)?;
                    w.mir_read += start.elapsed();
                    self.verify(w, g, "reading MIR")?;
                }
                None if !self.plan.from_ir => {
                    return Err(self.error(
                        g,
                        "the MIR file has no section for this function (every defined function needs one unless the passes start at finalize-isel)",
                    ))
                }
                None => {}
            }
        }
        let mut dump = String::new();
        let emitted = self.run_passes(&cx, w, &self.plan.passes, &mut dump)?;
        let mut mir = String::new();
        if self.plan.writes_mir && self.opts.filetype != FileType::Null {
            let start = Instant::now();
            mir_input::write_function(&mut mir, &w.mf, self.m, self.target.info());
            w.mir_write += start.elapsed();
        }
        Ok(FunctionOutput::of(w, emitted, dump, mir))
    }

    /// Runs the machine pipeline of the chosen `-O` on function `g`
    /// (ordinal `n`) from its IR, up to and including pass `last` (a name
    /// from the pass table; `None`: through emission). The benchmarks time
    /// the phases with it.
    pub fn run_until(
        &self,
        w: &mut Worker,
        g: GlobalId,
        n: u32,
        last: Option<&str>,
    ) -> Result<FunctionOutput, ParseError> {
        let end = match last {
            Some(p) => match self.passes.iter().position(|&k| PASSES[k].name == p) {
                Some(i) => i + 1,
                None => {
                    return Err(self.error(
                        g,
                        format!(
                            "pass '{p}' does not run at -O{} (passes: {})",
                            self.opts.opt_level,
                            crate::pipeline::names()
                        ),
                    ))
                }
            },
            None => self.passes.len(),
        };
        if let Some(e) = self.audit.error(g) {
            return Err(self.error(g, e));
        }
        let cx = self.fn_cx(g, n);
        w.mf.clear(g);
        w.ra.valid = false;
        w.analyses.invalidate();
        let mut dump = String::new();
        let emitted = self.run_passes(&cx, w, &self.passes[..end], &mut dump)?;
        Ok(FunctionOutput::of(w, emitted, dump, String::new()))
    }

    /// With `-verify-machineinstrs`, the machine verifier on the worker's
    /// function after `what`.
    fn verify(&self, w: &Worker, g: GlobalId, what: &str) -> Result<(), ParseError> {
        if !self.opts.verify_machineinstrs {
            return Ok(());
        }
        let errs = rcc_mach::verify::verify(&w.mf, self.m, self.target.info());
        if errs.is_empty() {
            return Ok(());
        }
        let list: Vec<String> = errs.iter().map(|e| e.to_string()).collect();
        Err(self.error(
            g,
            format!(
                "machine verifier failed after {what}:\n  {}",
                list.join("\n  ")
            ),
        ))
    }

    /// Runs `passes` (indices into `PASSES`) on the worker's function with
    /// the hooks every pass gets. Returns whether `asm-printer` ran (its
    /// fragment is then in the worker's recorder).
    fn run_passes(
        &self,
        cx: &FnCx<'_>,
        w: &mut Worker,
        passes: &[usize],
        dump: &mut String,
    ) -> Result<bool, ParseError> {
        let m = self.m;
        let g = cx.g;
        let t = self.target.info();
        let timed = self.opts.time_passes;
        for &k in passes {
            let pass: &Pass = &PASSES[k];
            let Some(run) = pass.run else {
                continue;
            };
            if self.wants_dump_before(pass.name) {
                rcc_mach::printer::print_function_at(dump, &w.mf, m, t, "Before", pass.name);
            }
            let start = timed.then(|| (Instant::now(), thread_cpu()));
            let counts = run(cx, w).map_err(|e| self.error(g, e))?;
            if let Some((wall, (c0, s0))) = start {
                let (c1, s1) = thread_cpu();
                let cpu = c1.saturating_sub(c0);
                let system = s1.saturating_sub(s0).min(cpu);
                w.times[k] += PassTime {
                    user: cpu - system,
                    system,
                    wall: wall.elapsed(),
                };
            }
            for (acc, c) in w.counts[k].iter_mut().zip(counts) {
                *acc += c;
            }
            if pass.name == "asm-printer" {
                return Ok(true);
            }
            if self.wants_dump_after(pass.name) {
                rcc_mach::printer::print_function(dump, &w.mf, m, t, pass.name);
            }
            self.verify(w, g, pass.name)?;
            // Between an interval allocator and `virtregrewriter` the
            // assignment is beside the function, not part of it (LLVM's
            // VirtRegMap, which MIR does not carry either): no round trip
            // there. Liveness is valid exactly then, and after the
            // coalescer (which leaves it canonical, equal to a fresh
            // computation, so a round trip there loses nothing: the next
            // row recomputes it); the rewriter clears it; even an empty
            // assignment (a function without vregs) counts.
            let assigned = w.ra.valid && pass.name != "register-coalescer";
            if self.opts.mir_roundtrip && !assigned {
                let Worker {
                    mf,
                    spare,
                    mir_text,
                    ..
                } = w;
                let reader = self.reader().map_err(|e| self.error(g, e))?;
                mir_input::roundtrip(reader, mf, spare, m, t, &mut mir_text.0, &mut mir_text.1)
                    .map_err(|e| {
                        self.error(g, format!("MIR round trip after {}: {e}", pass.name))
                    })?;
                std::mem::swap(&mut w.mf, &mut w.spare);
                // The function read back is a new arena: liveness kept for
                // the old one names its instructions, so the next interval
                // row recomputes it (as when resuming from a .mir file).
                w.ra.valid = false;
            }
        }
        Ok(false)
    }
}

/// The `asm-printer` pass: the function into the worker's recorder.
pub(crate) fn asm_printer(cx: &FnCx<'_>, w: &mut Worker) -> Result<Counts, String> {
    let module = cx.module;
    w.rec.clear();
    w.eh = module
        .target
        .emit_function(module.env(), cx.g, cx.n, &w.mf, &mut w.rec)?;
    let emitted: usize = w.mf.order.iter().map(|&b| w.mf.block_insts(b).len()).sum();
    Ok(counts(&[emitted as u64, 0, 0, 0]))
}

/// The subtarget of every function: `-mcpu`/`-mattr`, then each function's
/// `"target-cpu"`/`"target-features"`. Each distinct attribute pair is
/// resolved once. Findings of the command line alone are reported once;
/// a function's own findings once per message, naming the first function
/// (and how many others share it). Errors fail the module.
fn resolve_subtargets(
    m: &Module,
    opts: &Options,
    target: &'static dyn Target,
) -> Result<(Vec<Subtarget>, Vec<String>), String> {
    let table = target.features();
    let cli_flags: Vec<&str> = opts.attrs.iter().map(String::as_str).collect();
    let mut found = Vec::new();
    let base = table.resolve(opts.cpu.as_deref(), &cli_flags, &mut found);
    let mut warnings = Vec::new();
    let mut cli_messages: Vec<String> = Vec::new();
    for f in found {
        // Names given on the command line must be known (llc only warns,
        // then ignores them).
        if f.error || f.unknown {
            return Err(f.message);
        }
        warnings.push(f.message.clone());
        cli_messages.push(f.message);
    }
    let mut subtargets = vec![base; m.globals.len()];
    // (cpu, features) -> (subtarget, findings), in order of first use.
    type AttrKey<'m> = (Option<&'m str>, Option<&'m str>);
    let mut seen: Vec<(AttrKey<'_>, Subtarget, Vec<Finding>)> = Vec::new();
    // message -> (first function, how many functions)
    let mut per_fn: Vec<(String, GlobalId, usize, bool)> = Vec::new();
    for &g in &m.order {
        if m.body(g).is_none() {
            continue;
        }
        let key = subtarget_attrs(m, g);
        if key == (None, None) {
            continue;
        }
        let k = match seen.iter().position(|(k, _, _)| *k == key) {
            Some(k) => k,
            None => {
                let mut flags = cli_flags.clone();
                flags.extend(key.1);
                let mut found = Vec::new();
                let sub = table.resolve(key.0.or(opts.cpu.as_deref()), &flags, &mut found);
                found.retain(|f| !cli_messages.contains(&f.message));
                seen.push((key, sub, found));
                seen.len() - 1
            }
        };
        subtargets[g.index()] = seen[k].1;
        for f in &seen[k].2 {
            match per_fn.iter_mut().find(|(msg, ..)| *msg == f.message) {
                Some(e) => e.2 += 1,
                None => per_fn.push((f.message.clone(), g, 1, f.error)),
            }
        }
    }
    for (msg, g, count, error) in per_fn {
        let name = rcc_mach::symbols::display_name(m, g);
        let others = match count {
            1 => String::new(),
            n => format!(" (and {} other functions)", n - 1),
        };
        let text = format!("in function '{name}'{others}: {msg}");
        if error {
            return Err(text);
        }
        warnings.push(text);
    }
    Ok((subtargets, warnings))
}

/// What to compile besides the module and the options.
pub struct Job<'a> {
    /// Names the input in diagnostics.
    pub file: &'a str,
    /// The text errors are located in: the input file (for MIR input the
    /// whole `.mir` file; the module's offsets are the file's).
    pub source: &'a str,
    pub plan: Plan,
    /// The `.mir` file the functions are read from, if the input is MIR.
    pub mir: Option<&'a MirInput<'a>>,
}

/// What compiling a module reports besides its output.
#[derive(Default, Debug)]
pub struct Report {
    /// Warnings, each once.
    pub warnings: Vec<String>,
    /// `-stats` counters per pass (indexed like `PASSES`).
    pub counts: Vec<Counts>,
    /// `-time-passes` times per pass (indexed like `PASSES`), summed over
    /// workers.
    pub times: Vec<PassTime>,
    /// Wall time of the parallel region and of the serial merge.
    pub parallel_wall: Duration,
    pub merge_wall: Duration,
    /// `-time-passes`: CPU time (user + system) of compiling each function,
    /// summed, and the largest function's name and time.
    pub function_sum: Duration,
    pub largest: (String, Duration),
    /// Time spent reading and writing MIR, summed over workers.
    pub mir_read: Duration,
    pub mir_write: Duration,
}

/// Compiles every function of `m` for `target` on `pool` and merges the
/// output. Errors of all failing functions are returned together, in
/// module order.
pub fn compile_module(
    pool: &rayon::ThreadPool,
    m: &Module,
    opts: &Options,
    job: &Job<'_>,
    target: &'static dyn Target,
    report: &mut Report,
) -> Result<Vec<u8>, Vec<Diagnostic>> {
    let file = job.file;
    let other = |s: String| vec![Diagnostic::locate(file, job.source, &ParseError::new(0, s))];
    let dl = m.data_layout().map_err(other)?;
    let mut cx = ModuleCx::new(m, &dl, opts, file, target).map_err(other)?;
    cx.plan = job.plan.clone();
    cx.mir = job.mir;
    if job.mir.is_some() || opts.mir_roundtrip {
        cx.read_mir();
    }
    report.warnings.extend(cx.warnings.iter().cloned());
    // Each function with its size, for largest-first scheduling.
    let funcs: Vec<(GlobalId, u32, usize)> = cx
        .functions()
        .into_iter()
        .map(|(g, n)| (g, n, m.body(g).map_or(0, |b| b.num_insts())))
        .collect();
    let encode = opts.filetype == FileType::Obj;
    let workers: Vec<Mutex<Worker>> = (0..pool.current_num_threads().max(1))
        .map(|_| Mutex::new(Worker::new(target, encode)))
        .collect();
    let t0 = Instant::now();
    let timed = opts.time_passes;
    let results = run_largest_first(pool, &workers, &funcs, timed, |w, g, n| {
        cx.compile_function(w, g, n)
    });
    report.parallel_wall = t0.elapsed();
    report.counts = vec![[0; crate::pipeline::MAX_COUNTERS]; PASSES.len()];
    report.times = vec![PassTime::default(); PASSES.len()];
    for w in workers {
        let w = w.into_inner().unwrap_or_else(|p| p.into_inner());
        for k in 0..PASSES.len() {
            for (a, b) in report.counts[k].iter_mut().zip(w.counts[k]) {
                *a += b;
            }
            report.times[k] += w.times[k];
        }
        report.mir_read += w.mir_read;
        report.mir_write += w.mir_write;
    }
    let mut outs = Vec::with_capacity(results.len());
    let mut errors = Vec::new();
    for (&(g, ..), (r, t)) in funcs.iter().zip(results) {
        report.function_sum += t;
        if t > report.largest.1 {
            report.largest = (rcc_mach::symbols::display_name(m, g).to_string(), t);
        }
        match r {
            Ok(o) => outs.push(o),
            Err(e) => errors.push(e),
        }
    }
    if !errors.is_empty() {
        return Err(Diagnostic::locate_all(file, job.source, &errors));
    }
    if opts.print_after_all || !opts.print_after.is_empty() || !opts.print_before.is_empty() {
        let dumps: String = outs.iter().map(|o| o.dump.as_str()).collect();
        eprint!("{dumps}");
    }
    if cx.plan.writes_mir {
        if opts.filetype == FileType::Null {
            // `-filetype=null`: the passes ran, nothing is written (as for
            // code output).
            return Ok(Vec::new());
        }
        let mut text = String::new();
        mir_input::write_header(&mut text, m);
        for o in &outs {
            text.push_str(&o.mir);
        }
        return Ok(text.into_bytes());
    }
    let t1 = Instant::now();
    let out = merge(&cx, &mut outs, opts.filetype).map_err(other);
    report.merge_wall = t1.elapsed();
    out
}

/// Runs `f` on every function of `funcs` on `pool`, the largest first (by
/// IR instruction count, so that one big function does not finish last
/// alone), each worker taking the next function from a shared cursor with
/// its own [`Worker`]. Returns the results in `funcs`'s order (module
/// order), whatever order they finished in, each with the CPU time it took
/// when `timed` (zero otherwise).
fn run_largest_first<R: Send>(
    pool: &rayon::ThreadPool,
    workers: &[Mutex<Worker>],
    funcs: &[(GlobalId, u32, usize)],
    timed: bool,
    f: impl Fn(&mut Worker, GlobalId, u32) -> R + Sync,
) -> Vec<(R, Duration)> {
    use std::sync::atomic::{AtomicUsize, Ordering};
    let mut order: Vec<u32> = (0..funcs.len() as u32).collect();
    // Stable: equal sizes keep module order.
    order.sort_by_key(|&i| std::cmp::Reverse(funcs[i as usize].2));
    let next = AtomicUsize::new(0);
    let slots: Vec<Mutex<Option<(R, Duration)>>> = funcs.iter().map(|_| Mutex::new(None)).collect();
    let drain = |k: usize| {
        let mut w = workers[k].lock().unwrap_or_else(|p| p.into_inner());
        loop {
            let i = next.fetch_add(1, Ordering::Relaxed);
            let Some(&j) = order.get(i) else { break };
            let (g, n, _) = funcs[j as usize];
            let start = timed.then(thread_cpu);
            let r = f(&mut w, g, n);
            let t = start.map_or(Duration::ZERO, |s| thread_cpu().0.saturating_sub(s.0));
            *slots[j as usize].lock().unwrap_or_else(|p| p.into_inner()) = Some((r, t));
        }
    };
    if workers.len() <= 1 {
        drain(0);
    } else {
        pool.install(|| {
            use rayon::prelude::*;
            (0..workers.len()).into_par_iter().for_each(drain);
        });
    }
    slots
        .into_iter()
        .map(|s| {
            s.into_inner()
                .unwrap_or_else(|p| p.into_inner())
                .expect("every function was compiled")
        })
        .collect()
}

/// Replays the fragments in module order between the module's header and
/// its globals, and returns the output file's bytes (the serial merge; the
/// fragments are taken out of `outs`, freed as they are replayed).
pub fn merge(
    cx: &ModuleCx<'_>,
    outs: &mut [FunctionOutput],
    ft: FileType,
) -> Result<Vec<u8>, String> {
    fn run(
        cx: &ModuleCx<'_>,
        outs: &mut [FunctionOutput],
        s: &mut dyn Streamer,
    ) -> Result<(), String> {
        let em = &cx.emitter;
        em.begin_module(s).map_err(|e| e.to_string())?;
        for o in outs.iter_mut() {
            // Freed once replayed: the streamer's growth reuses that memory
            // instead of touching fresh pages.
            let frag = std::mem::take(&mut o.fragment);
            frag.replay(s).map_err(|e| e.to_string())?;
        }
        em.emit_globals(s).map_err(|e| e.to_string())?;
        if cx.pic {
            em.emit_exception_words(outs.iter().map(|o| &o.eh), s)
                .map_err(|e| e.to_string())?;
        }
        em.finish_module(s).map_err(|e| e.to_string())
    }
    let backend = cx.target.backend();
    match ft {
        FileType::Obj => {
            let mut s = rcc_mc::ObjectStreamer::new(backend);
            run(cx, outs, &mut s)?;
            s.finish().map_err(|e| e.to_string())
        }
        FileType::Asm => {
            let mut s = rcc_mc::asm_streamer::AsmStreamer::new(backend, false);
            if cx.opts.intel_syntax {
                // llc's X86AsmPrinter: the directive right after `.text`.
                s = s.with_intel_syntax();
                let text = s.ctx().text();
                s.switch_section(text);
                s.emit_verbatim("\t.intel_syntax noprefix");
            }
            run(cx, outs, &mut s)?;
            Ok(s.finish().into_bytes())
        }
        FileType::Null => {
            let mut s = rcc_mc::ObjectStreamer::new(backend);
            run(cx, outs, &mut s)?;
            s.finish().map(|_| Vec::new()).map_err(|e| e.to_string())
        }
    }
}
