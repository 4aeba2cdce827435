//! The target object: the one way shared code reaches a target (LLVM's
//! `TargetMachine`, Cranelift's `TargetIsa`).
//!
//! A [`Target`] bundles everything a target provides to the pipeline:
//! register and instruction information ([`TargetInfo`], used by every
//! machine pass), the MC hooks ([`TargetBackend`]: encoder, printers,
//! relocations), its subtarget features, instruction selection (which owns
//! the target's lowering: calling convention, legality, custom lowering,
//! the selector's hooks), frame lowering (prologue and epilogue,
//! callee-saved registers, frame-index elimination), branch analysis for
//! branch folding (`TargetInfo::analyze_branch` and friends), and the AsmPrinter (machine function to streamer).
//!
//! Per-function work that needs scratch memory takes a
//! [`TargetScratch`]: one per worker, made by [`Target::new_scratch`] and
//! reused from function to function; only the target that made it reads
//! it.
//!
//! Invariants: a target is immutable and `Sync` (one static instance
//! serves every worker); its output for a function depends only on the
//! module, the function and the options, never on the scratch's history.

use crate::subtarget::{FeatureTable, Subtarget};
use crate::triple::Triple;
use rcc_dag::IselError;
use rcc_ir::layout::DataLayout;
use rcc_ir::{GlobalId, Module};
use rcc_mach::eh::ExceptionRefs;
use rcc_mach::emit::ModuleEmitter;
use rcc_mach::passes::frame_layout::FrameOptions;
use rcc_mach::{MachFunction, PReg, TargetInfo};
use rcc_mc::asm_parser::TargetAsmParser;
use rcc_mc::{AsmTextAssembler, Streamer, TargetBackend};
use std::any::Any;

/// A worker's scratch for one target, reused across functions.
pub type TargetScratch = Box<dyn Any + Send>;

/// What the target needs to know about the module a function belongs to.
#[derive(Copy, Clone)]
pub struct ModuleEnv<'a> {
    pub m: &'a Module,
    pub dl: &'a DataLayout,
    /// The module's emitter: the one authority on global symbol names.
    pub emitter: &'a ModuleEmitter<'a>,
    /// Position-independent code (GOT and PLT references, PC-relative jump
    /// tables).
    pub pic: bool,
    /// The optimization level (`-O0` .. `-O3`); above 0, IR-level
    /// preparation LLVM's CodeGenPrepare does (return duplication for tail
    /// calls) and the combiner's optimizing rules apply.
    pub opt_level: u8,
    /// Select blocks directly where the target can (`-fast-isel`),
    /// falling back to the SelectionDAG per block.
    pub fast_isel: bool,
}

/// Registers register allocation must leave alone in one function.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct ReservedRegs {
    /// The frame pointer, when the function keeps one.
    pub frame_pointer: Option<PReg>,
    /// The base pointer, when the function needs one.
    pub base_pointer: Option<PReg>,
}

impl std::fmt::Debug for dyn Target {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Target({})", self.name())
    }
}

/// What a target implements of the IR's calling conventions and address
/// spaces; the driver's audit (`driver/src/audit.rs`) rejects the rest
/// with an error naming the function.
#[derive(Debug)]
pub struct IrSupport {
    /// Calling conventions (LLVM's numbers) code generation lowers, each
    /// with why it is correct on this target.
    pub calling_conventions: &'static [(u32, &'static str)],
    /// Non-zero address spaces memory accesses may use, each with what it
    /// becomes.
    pub address_spaces: &'static [(u32, &'static str)],
}

/// Everything a target provides. See the module comment.
pub trait Target: Sync {
    /// The registry name, as llc's `-march` spells it (`x86-64`).
    fn name(&self) -> &'static str;
    /// One line for `-version`.
    fn description(&self) -> &'static str;
    /// Whether the target generates code for triples with this
    /// architecture component (`x86_64`, `amd64`).
    fn matches_arch(&self, arch: &str) -> bool;
    /// Checks the rest of the triple (object format, ABI); an error names
    /// what is not supported.
    fn check_triple(&self, t: &Triple<'_>) -> Result<(), String>;
    /// Checks the module's data layout (pointer size and the like).
    fn check_data_layout(&self, dl: &DataLayout) -> Result<(), String>;
    /// Register and instruction information.
    fn info(&self) -> &'static dyn TargetInfo;
    /// The MC layer's hooks.
    fn backend(&self) -> &'static dyn TargetBackend;
    /// The subtarget features and CPUs.
    fn features(&self) -> &'static FeatureTable;
    /// The calling conventions and address spaces code generation
    /// implements (the target facts of the driver's IR audit).
    fn ir_support(&self) -> &'static IrSupport;
    /// The assembler's target part (instructions, registers), for `rcc-mc`.
    fn asm_parser(&self) -> &'static dyn TargetAsmParser;
    /// The assembler of inline and module-level asm text.
    fn inline_assembler(&self) -> &'static dyn AsmTextAssembler;

    /// A fresh per-worker scratch.
    fn new_scratch(&self) -> TargetScratch;
    /// Instruction selection of function `g` into `mf` (cleared first):
    /// SSA machine code over virtual registers.
    fn select_function(
        &self,
        env: ModuleEnv<'_>,
        sub: &Subtarget,
        g: GlobalId,
        mf: &mut MachFunction,
        scratch: &mut TargetScratch,
    ) -> Result<(), IselError>;
    /// The direct selector's block counts ([`rcc_dag::fast`]) of the last
    /// function [`Target::select_function`] selected with `scratch`.
    fn fast_isel_stats(&self, _scratch: &TargetScratch) -> rcc_dag::fast::FastStats {
        Default::default()
    }
    /// The registers the allocator must not touch in `mf`.
    fn reserved_regs(&self, mf: &MachFunction, fopts: &FrameOptions) -> ReservedRegs;
    /// The callee-saved registers `mf` writes after allocation (any width).
    fn callee_saved_written(&self, mf: &MachFunction) -> Vec<PReg>;
    /// The target's `endbr` instruction for indirect branch tracking
    /// (`-fcf-protection=branch`), if it has one.
    fn endbr_opcode(&self) -> Option<rcc_mach::MOpc> {
        None
    }
    /// Shrink wrapping (llc's `shrink-wrap`): sets `mf.frame.save_point`
    /// and `restore_point` where the prologue and epilogue may go instead
    /// of the entry and the returns. Default: the target does not shrink
    /// wrap.
    /// The CFG analyses come from (and stay in) `an`.
    fn shrink_wrap(
        &self,
        _mf: &mut MachFunction,
        _fopts: &FrameOptions,
        _an: &mut rcc_mach::analysis::CfgAnalyses,
    ) -> rcc_mach::passes::shrink_wrap::ShrinkWrapStats {
        Default::default()
    }
    /// Lays out the frame, inserts the prologue and epilogues and
    /// eliminates frame indices.
    fn insert_prolog_epilog(
        &self,
        mf: &mut MachFunction,
        m: &Module,
        used_csrs: &[PReg],
        fopts: &FrameOptions,
        scratch: &mut TargetScratch,
    ) -> Result<(), String>;
    /// Emits function `g` (number `fn_number` among the module's emitted
    /// functions): constant pool, header, body, footer, exception table and
    /// jump tables. Returns what the module must provide for its unwind
    /// information.
    fn emit_function(
        &self,
        env: ModuleEnv<'_>,
        g: GlobalId,
        fn_number: u32,
        mf: &MachFunction,
        out: &mut dyn Streamer,
    ) -> Result<ExceptionRefs, String>;
    /// Runs the target's own machine pass `name` on `mf` (a `PASSES` row
    /// only a target provides, like x86's `x86-fixup-bw-insts`, LLVM's
    /// passes added by a target's `addPreEmitPass`) and returns its
    /// `-stats` counts; `None` when the target has no pass of that name,
    /// as llc's pipeline for another target has no such pass either.
    fn run_target_pass(
        &self,
        name: &str,
        env: ModuleEnv<'_>,
        g: GlobalId,
        mf: &mut MachFunction,
        scratch: &mut TargetScratch,
    ) -> Option<Result<[u64; 4], String>> {
        let _ = (name, env, g, mf, scratch);
        None
    }
}
