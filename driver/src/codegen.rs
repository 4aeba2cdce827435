//! Code generation of a parsed module: the per-function machine pipeline,
//! run on the worker pool, and the deterministic merge into one output.
//!
//! ```text
//! per function (any worker, in parallel):
//!   finalize-isel          IR -> per-block DAG -> SSA machine code
//!   phi-node-elimination   PHIs -> copies in predecessors
//!   twoaddressinstruction  tied operands rewritten to one register
//!   regallocfast           fast register allocation (+ checker with -verify)
//!   prologepilog           frame layout, prologue/epilogue, frame indices
//!   postrapseudos          COPY/SUBREG_TO_REG... to target instructions
//!   branch-folder          `jcc next; jmp B` -> `j!cc B`
//!   emission               constant pool, header, body, footer, jump tables
//!                          recorded into a Fragment (RecordingStreamer)
//! merge (calling thread, module order):
//!   begin_module, replay every fragment, emit_globals, finish_module
//! ```
//!
//! Invariants: a function's output depends only on the module and the
//! options, never on the worker or the order in which functions finish;
//! fragments are replayed in module order, so `-j1` and `-jN` write the same
//! bytes. Each worker owns one [`Worker`] (selection scratch, the machine
//! function, frame scratch, the recorder), reused from function to function.
//! A failing function is reported with its name and location; the other
//! functions still run and report their own errors.

use crate::options::{FileType, Options, RelocModel};
use rcc_ir::layout::DataLayout;
use rcc_ir::{Diagnostic, GlobalId, Module, ParseError};
use rcc_mach::emit::{EmitOptions, ModuleEmitter, RelocModel as EmitReloc};
use rcc_mach::passes::frame_layout::{FrameOptions, FramePointer};
use rcc_mach::passes::two_address::two_address;
use rcc_mach::passes::{expand_pseudos::expand_pseudos, phi_elim::eliminate_phis};
use rcc_mach::{MachFunction, TargetInfo};
use rcc_mc::fragment::{Fragment, RecordingStreamer};
use rcc_mc::Streamer;
use rcc_ralloc::fast::FastOptions;
use rcc_targets::x86_64::frame::{
    base_pointer_reserved, frame_pointer_reserved, insert_prolog_epilog, FrameScratch,
};
use rcc_targets::x86_64::isel::function::{select_function, IselCtx};
use rcc_targets::x86_64::lower::{
    emit_constant_pool, emit_exception_table, emit_function_body, emit_jump_tables,
    emit_stack_size, exception_refs, stub_name, EmitContext, ExceptionRefs,
};
use rcc_targets::x86_64::machine::mask;
use rcc_targets::x86_64::{regs, X86Backend, X86Info};
use std::sync::Mutex;

/// The machine passes, in pipeline order, by llc's names (for
/// `-print-after=` and `-stop-after=`).
pub const MACHINE_PASSES: &[&str] = &[
    "finalize-isel",
    "phi-node-elimination",
    "twoaddressinstruction",
    "regallocfast",
    "prologepilog",
    "postrapseudos",
    "branch-folder",
];

/// The target description every stage reads.
static TARGET: X86Info = X86Info;
static BACKEND: X86Backend = X86Backend;

/// What code generation decides once per module.
pub struct ModuleCx<'a> {
    pub m: &'a Module,
    pub dl: &'a DataLayout,
    pub emitter: ModuleEmitter<'a>,
    pub opts: &'a Options,
    pub file: &'a str,
    pub pic: bool,
    frame_pointer: Option<FramePointer>,
}

/// The result of one function: its recorded output and, with
/// `-print-after`, its machine-code dumps.
pub struct FunctionOutput {
    pub fragment: Fragment,
    pub dump: String,
    /// The personality and type infos the module must provide words for.
    pub eh: ExceptionRefs,
}

/// Scratch state of one worker, reused across functions.
pub struct Worker {
    isel: IselCtx,
    mf: MachFunction,
    frame: FrameScratch,
    rec: RecordingStreamer<'static>,
    scratch: Vec<rcc_mach::MInst>,
}

impl Worker {
    /// A worker; `encode`: its recorder pre-encodes instructions (for
    /// object output).
    pub fn new(encode: bool) -> Worker {
        Worker {
            isel: IselCtx::default(),
            mf: MachFunction::new(GlobalId::from_u32(0)),
            frame: FrameScratch::default(),
            scratch: Vec::new(),
            rec: if encode {
                RecordingStreamer::with_target(&BACKEND)
            } else {
                RecordingStreamer::new()
            },
        }
    }
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
    /// Prepares code generation of `m`.
    pub fn new(
        m: &'a Module,
        dl: &'a DataLayout,
        opts: &'a Options,
        file: &'a str,
    ) -> Result<ModuleCx<'a>, String> {
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
            .with_assembler(&crate::asm::InlineAssembler);
        let frame_pointer = opts.frame_pointer.as_deref().and_then(FramePointer::parse);
        Ok(ModuleCx {
            m,
            dl,
            emitter,
            opts,
            file,
            pic,
            frame_pointer,
        })
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

    fn wants_dump(&self, pass: &str) -> bool {
        self.opts.print_after_all
            || self.opts.print_after.iter().any(|p| p == pass)
            || self.opts.stop_after.as_deref() == Some(pass)
    }

    /// Runs the machine pipeline on function `g` (ordinal `n`) with worker
    /// `w`'s scratch, as far as `-stop-after` says.
    pub fn compile_function(
        &self,
        w: &mut Worker,
        g: GlobalId,
        n: u32,
    ) -> Result<FunctionOutput, ParseError> {
        self.run_until(w, g, n, self.opts.stop_after.as_deref())
    }

    /// Runs the machine pipeline on function `g` up to and including pass
    /// `last` (one of [`MACHINE_PASSES`]; `None`: through emission). The
    /// benchmarks time the phases with it.
    pub fn run_until(
        &self,
        w: &mut Worker,
        g: GlobalId,
        n: u32,
        last: Option<&str>,
    ) -> Result<FunctionOutput, ParseError> {
        let m = self.m;
        let t: &dyn TargetInfo = &TARGET;
        let mf = &mut w.mf;
        let mut dump = String::new();
        // After each pass: the dump, the verifier, and the stop.
        let mut after = |mf: &MachFunction, pass: &str| -> Result<bool, ParseError> {
            if self.wants_dump(pass) {
                rcc_mach::printer::print_function(&mut dump, mf, m, t, pass);
            }
            if self.opts.verify_machineinstrs {
                let errs = rcc_mach::verify::verify(mf, m, t);
                if !errs.is_empty() {
                    let list: Vec<String> = errs.iter().map(|e| e.to_string()).collect();
                    return Err(self.error(
                        g,
                        format!(
                            "machine verifier failed after {pass}:\n  {}",
                            list.join("\n  ")
                        ),
                    ));
                }
            }
            Ok(last == Some(pass))
        };
        w.isel.pic = self.pic;
        select_function(m, self.dl, g, mf, &mut w.isel).map_err(|e| self.error(g, e))?;
        if after(mf, "finalize-isel")? {
            return Ok(stopped(dump));
        }
        eliminate_phis(mf, t);
        if after(mf, "phi-node-elimination")? {
            return Ok(stopped(dump));
        }
        two_address(mf, t);
        if after(mf, "twoaddressinstruction")? {
            return Ok(stopped(dump));
        }
        let fopts = FrameOptions::for_function(m, g, self.frame_pointer);
        let fast = FastOptions {
            frame_pointer: frame_pointer_reserved(mf, &fopts).then_some(regs::RBP),
            base_pointer: base_pointer_reserved(mf).then_some(regs::RBX),
            check: self.opts.verify_machineinstrs,
        };
        rcc_ralloc::run_fast(mf, t, &fast).map_err(|e| self.error(g, e))?;
        if after(mf, "regallocfast")? {
            return Ok(stopped(dump));
        }
        let csrs = mf.callee_saved_written(t, mask::SYSV);
        insert_prolog_epilog(mf, m, &csrs, &fopts, &mut w.frame).map_err(|e| self.error(g, e))?;
        if after(mf, "prologepilog")? {
            return Ok(stopped(dump));
        }
        expand_pseudos(mf, m, t).map_err(|e| self.error(g, e))?;
        if after(mf, "postrapseudos")? {
            return Ok(stopped(dump));
        }
        rcc_targets::x86_64::branch::fold_branches(mf, &mut w.scratch);
        if after(mf, "branch-folder")? {
            return Ok(stopped(dump));
        }
        let rec = &mut w.rec;
        rec.clear();
        let cx = EmitContext {
            emitter: &self.emitter,
            fn_number: n,
            pic: self.pic,
        };
        let emit = |rec: &mut RecordingStreamer<'static>| -> Result<(), String> {
            // The driver names the function itself (`self.error`).
            emit_constant_pool(mf, cx, rec).map_err(|e| e.kind.to_string())?;
            let syms = self
                .emitter
                .begin_function(g, rec)
                .map_err(|e| e.to_string())?;
            emit_function_body(mf, cx, rec).map_err(|e| e.kind.to_string())?;
            self.emitter
                .end_function(&syms, rec)
                .map_err(|e| e.to_string())?;
            emit_stack_size(mf, cx, syms.section, rec).map_err(|e| e.kind.to_string())?;
            emit_exception_table(mf, cx, syms.section, rec).map_err(|e| e.kind.to_string())?;
            emit_jump_tables(mf, cx, rec).map_err(|e| e.kind.to_string())
        };
        emit(rec).map_err(|e| self.error(g, e))?;
        Ok(FunctionOutput {
            fragment: rec.finish(),
            dump,
            eh: exception_refs(mf, cx),
        })
    }
}

fn stopped(dump: String) -> FunctionOutput {
    FunctionOutput {
        fragment: Fragment::default(),
        dump,
        eh: ExceptionRefs::default(),
    }
}

/// Compiles every function of `m` on `pool` and merges the output. Errors
/// of all failing functions are returned together, in module order.
pub fn compile_module(
    pool: &rayon::ThreadPool,
    m: &Module,
    opts: &Options,
    file: &str,
) -> Result<Vec<u8>, Vec<Diagnostic>> {
    let other = |s: String| vec![Diagnostic::locate(file, &m.text, &ParseError::new(0, s))];
    let dl = m.data_layout().map_err(other)?;
    if dl.ptr_size != 8 {
        return Err(other(format!(
            "x86-64 code generation needs 64-bit pointers; the data layout gives {} bits",
            dl.ptr_size * 8
        )));
    }
    let cx = ModuleCx::new(m, &dl, opts, file).map_err(other)?;
    let funcs = cx.functions();
    let encode = opts.filetype == FileType::Obj;
    let workers: Vec<Mutex<Worker>> = (0..pool.current_num_threads().max(1))
        .map(|_| Mutex::new(Worker::new(encode)))
        .collect();
    let results: Vec<Result<FunctionOutput, ParseError>> = pool.install(|| {
        use rayon::prelude::*;
        funcs
            .par_iter()
            .map(|&(g, n)| {
                let k = rayon::current_thread_index().unwrap_or(0) % workers.len();
                let mut w = workers[k].lock().unwrap_or_else(|p| p.into_inner());
                cx.compile_function(&mut w, g, n)
            })
            .collect()
    });
    drop(workers);
    let mut outs = Vec::with_capacity(results.len());
    let mut errors = Vec::new();
    for r in results {
        match r {
            Ok(o) => outs.push(o),
            Err(e) => errors.push(e),
        }
    }
    if !errors.is_empty() {
        return Err(Diagnostic::locate_all(file, &m.text, &errors));
    }
    if opts.print_after_all || !opts.print_after.is_empty() || opts.stop_after.is_some() {
        let dumps: String = outs.iter().map(|o| o.dump.as_str()).collect();
        if opts.stop_after.is_some() {
            return Ok(dumps.into_bytes());
        }
        eprint!("{dumps}");
    }
    merge(&cx, &outs, opts.filetype).map_err(other)
}

/// The words PIC unwind information reaches through (llc's GV stubs and
/// `DW.ref` personality words): `.L<ti>.DW.stub` in `.data`, sorted by
/// name, then a hidden weak `DW.ref.<personality>` in a COMDAT group of its
/// own per personality, in order of first use.
fn emit_exception_words(
    cx: &ModuleCx<'_>,
    outs: &[FunctionOutput],
    s: &mut dyn Streamer,
) -> Result<(), rcc_mc::McError> {
    use rcc_mc::section::{shf, sht};
    use rcc_mc::{SymbolAttr, SymbolType, VariantKind};
    let em = &cx.emitter;
    let mut stubs: Vec<(String, GlobalId)> = outs
        .iter()
        .flat_map(|o| o.eh.type_infos.iter())
        .map(|&g| (stub_name(em.symbol_name(g)), g))
        .collect();
    stubs.sort();
    stubs.dedup();
    if !stubs.is_empty() {
        let data = s.ctx().default_section(".data");
        s.switch_section(data);
        s.emit_align(8, Some(0), u64::MAX)?;
        for (name, g) in &stubs {
            let l = s.ctx().symbol(name);
            s.emit_label(l)?;
            let sym = em.symbol(*g, s);
            let r = s.ctx().sym_ref(sym, VariantKind::None);
            s.emit_value(r, 8)?;
        }
    }
    let mut pers: Vec<GlobalId> = Vec::new();
    for p in outs.iter().filter_map(|o| o.eh.personality) {
        if !pers.contains(&p) {
            pers.push(p);
        }
    }
    for p in pers {
        let name = format!("DW.ref.{}", em.symbol_name(p));
        let l = s.ctx().symbol(&name);
        s.emit_symbol_attr(l, SymbolAttr::Hidden)?;
        s.emit_symbol_attr(l, SymbolAttr::Weak)?;
        let sec = s.ctx().section(
            &format!(".data.{name}"),
            sht::PROGBITS,
            shf::WRITE | shf::ALLOC | shf::GROUP,
            0,
            Some(l),
        );
        s.switch_section(sec);
        s.emit_align(8, Some(0), u64::MAX)?;
        s.emit_symbol_attr(l, SymbolAttr::Type(SymbolType::Object))?;
        let eight = s.ctx().expr(rcc_mc::Expr::Constant(8));
        s.emit_size(l, eight)?;
        s.emit_label(l)?;
        let sym = em.symbol(p, s);
        let r = s.ctx().sym_ref(sym, VariantKind::None);
        s.emit_value(r, 8)?;
    }
    Ok(())
}

/// Replays the fragments in module order between the module's header and
/// its globals.
fn merge(cx: &ModuleCx<'_>, outs: &[FunctionOutput], ft: FileType) -> Result<Vec<u8>, String> {
    fn run(cx: &ModuleCx<'_>, outs: &[FunctionOutput], s: &mut dyn Streamer) -> Result<(), String> {
        let em = &cx.emitter;
        em.begin_module(s).map_err(|e| e.to_string())?;
        for o in outs {
            o.fragment.replay(s).map_err(|e| e.to_string())?;
        }
        em.emit_globals(s).map_err(|e| e.to_string())?;
        if cx.pic {
            emit_exception_words(cx, outs, s).map_err(|e| e.to_string())?;
        }
        em.finish_module(s).map_err(|e| e.to_string())
    }
    match ft {
        FileType::Obj => {
            let mut s = rcc_mc::ObjectStreamer::new(&BACKEND);
            run(cx, outs, &mut s)?;
            s.finish().map_err(|e| e.to_string())
        }
        FileType::Asm => {
            let mut s = rcc_mc::asm_streamer::AsmStreamer::new(&BACKEND, false);
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
            let mut s = rcc_mc::ObjectStreamer::new(&BACKEND);
            run(cx, outs, &mut s)?;
            s.finish().map(|_| Vec::new()).map_err(|e| e.to_string())
        }
    }
}
