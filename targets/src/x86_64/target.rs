//! The x86-64 [`Target`]: System V x86-64 on ELF, reached by the driver
//! only through this object (registered in `crate::registry`).
//!
//! It ties the x86 pieces to the target interface: the generated
//! descriptions ([`X86Info`], [`X86Backend`]), the feature table
//! ([`super::features`]), instruction selection ([`super::isel`]), frame
//! lowering ([`super::frame`]), branch analysis (through [`X86Info`]) and the
//! AsmPrinter ([`super::lower`]). Its per-worker scratch holds the
//! selection buffers and the frame buffers.

use super::frame::{
    base_pointer_reserved, frame_pointer_reserved, insert_prolog_epilog, FrameScratch,
};
use super::isel::Selector;
use super::lower::{
    emit_constant_pool, emit_exception_table, emit_function_body, emit_jump_tables,
    emit_stack_size, exception_refs, EmitContext,
};
use super::machine::mask;
use super::{regs, X86AsmParser, X86Backend, X86Info};
use crate::subtarget::{FeatureTable, Subtarget};
use crate::target::{ModuleEnv, ReservedRegs, Target, TargetScratch};
use crate::triple::Triple;
use rcc_dag::isel::{select_function, IselCtx};
use rcc_dag::IselError;
use rcc_ir::attrs::Attr;
use rcc_ir::layout::DataLayout;
use rcc_ir::{GlobalId, Module};
use rcc_mach::eh::ExceptionRefs;
use rcc_mach::passes::frame_layout::{for_each_fn_attr, FrameOptions};
use rcc_mach::{MachFunction, PReg, TargetInfo};
use rcc_mc::asm_parser::{InlineAssembler, TargetAsmParser};
use rcc_mc::{AsmTextAssembler, Streamer, TargetBackend};

/// The x86-64 target.
pub struct X86Target;

/// The one instance the registry hands out.
pub static X86_64: X86Target = X86Target;

static INFO: X86Info = X86Info;
static BACKEND: X86Backend = X86Backend;
static INLINE_ASSEMBLER: InlineAssembler<'static> = InlineAssembler(&X86AsmParser);

/// The x86 per-worker scratch.
#[derive(Default)]
struct Scratch {
    isel: IselCtx<Selector>,
    frame: FrameScratch,
}

fn scratch(s: &mut TargetScratch) -> &mut Scratch {
    if !s.is::<Scratch>() {
        // A scratch made by another target: replace it (never the case in
        // the driver, which asks the same target for its scratch).
        *s = Box::new(Scratch::default());
    }
    s.downcast_mut::<Scratch>().expect("x86 scratch")
}

impl Target for X86Target {
    fn name(&self) -> &'static str {
        "x86-64"
    }

    fn description(&self) -> &'static str {
        "64-bit X86: EM64T and AMD64 (System V ABI, ELF)"
    }

    fn matches_arch(&self, arch: &str) -> bool {
        matches!(arch, "x86_64" | "amd64" | "x86-64")
    }

    fn check_triple(&self, t: &Triple<'_>) -> Result<(), String> {
        if t.is_non_elf_os() {
            return Err(format!(
                "target triple '{}': only ELF with the System V ABI is supported for x86-64",
                t.text
            ));
        }
        if [t.vendor, t.os, t.env]
            .iter()
            .any(|c| c.starts_with("gnux32"))
        {
            return Err(format!(
                "target triple '{}': the x32 ABI (32-bit pointers) is not supported",
                t.text
            ));
        }
        Ok(())
    }

    fn check_data_layout(&self, dl: &DataLayout) -> Result<(), String> {
        if dl.ptr_size != 8 {
            return Err(format!(
                "x86-64 code generation needs 64-bit pointers; the data layout gives {} bits",
                dl.ptr_size * 8
            ));
        }
        Ok(())
    }

    fn info(&self) -> &'static dyn TargetInfo {
        &INFO
    }

    fn backend(&self) -> &'static dyn TargetBackend {
        &BACKEND
    }

    fn features(&self) -> &'static FeatureTable {
        &super::features::FEATURES
    }

    fn ir_support(&self) -> &'static crate::target::IrSupport {
        &super::ir_support::IR_SUPPORT
    }

    fn asm_parser(&self) -> &'static dyn TargetAsmParser {
        &X86AsmParser
    }

    fn inline_assembler(&self) -> &'static dyn AsmTextAssembler {
        &INLINE_ASSEMBLER
    }

    fn new_scratch(&self) -> TargetScratch {
        Box::new(Scratch::default())
    }

    fn select_function(
        &self,
        env: ModuleEnv<'_>,
        _sub: &Subtarget,
        g: GlobalId,
        mf: &mut MachFunction,
        s: &mut TargetScratch,
    ) -> Result<(), IselError> {
        let s = scratch(s);
        s.isel.pic = env.pic;
        s.isel.optimize = env.opt_level > 0;
        s.isel.fast_isel = env.fast_isel;
        select_function(env.m, env.dl, g, mf, &mut s.isel)
    }

    fn fast_isel_stats(&self, s: &TargetScratch) -> rcc_dag::fast::FastStats {
        s.downcast_ref::<Scratch>()
            .map_or_else(Default::default, |s| s.isel.fast.stats)
    }

    fn reserved_regs(&self, mf: &MachFunction, fopts: &FrameOptions) -> ReservedRegs {
        ReservedRegs {
            frame_pointer: frame_pointer_reserved(mf, fopts).then_some(regs::RBP),
            base_pointer: base_pointer_reserved(mf).then_some(regs::RBX),
        }
    }

    fn callee_saved_written(&self, mf: &MachFunction) -> Vec<PReg> {
        mf.callee_saved_written(&INFO, mask::SYSV)
    }

    fn endbr_opcode(&self) -> Option<rcc_mach::MOpc> {
        Some(rcc_mach::MOpc::target(super::op::ENDBR64.0))
    }

    fn shrink_wrap(
        &self,
        mf: &mut MachFunction,
        fopts: &FrameOptions,
        an: &mut rcc_mach::analysis::CfgAnalyses,
    ) -> rcc_mach::passes::shrink_wrap::ShrinkWrapStats {
        let csrs = mf.callee_saved_written(&INFO, mask::SYSV);
        super::frame::shrink_wrap(mf, &csrs, fopts, an)
    }

    fn insert_prolog_epilog(
        &self,
        mf: &mut MachFunction,
        m: &Module,
        used_csrs: &[PReg],
        fopts: &FrameOptions,
        s: &mut TargetScratch,
    ) -> Result<(), String> {
        let s = scratch(s);
        insert_prolog_epilog(mf, m, used_csrs, fopts, &mut s.frame)
            .map(|_| ())
            .map_err(|e| e.to_string())
    }

    fn emit_function(
        &self,
        env: ModuleEnv<'_>,
        g: GlobalId,
        fn_number: u32,
        mf: &MachFunction,
        out: &mut dyn Streamer,
    ) -> Result<ExceptionRefs, String> {
        let cx = EmitContext {
            emitter: env.emitter,
            fn_number,
            pic: env.pic,
        };
        // The driver names the function itself.
        emit_constant_pool(mf, cx, out).map_err(|e| e.kind.to_string())?;
        let syms = env
            .emitter
            .begin_function(g, out)
            .map_err(|e| e.to_string())?;
        emit_function_body(mf, cx, out).map_err(|e| e.kind.to_string())?;
        env.emitter
            .end_function(&syms, out)
            .map_err(|e| e.to_string())?;
        emit_stack_size(mf, cx, syms.section, out).map_err(|e| e.kind.to_string())?;
        emit_exception_table(mf, cx, syms.section, out).map_err(|e| e.kind.to_string())?;
        emit_jump_tables(mf, cx, out).map_err(|e| e.kind.to_string())?;
        Ok(exception_refs(mf, cx))
    }

    fn run_target_pass(
        &self,
        name: &str,
        env: ModuleEnv<'_>,
        g: GlobalId,
        mf: &mut MachFunction,
        _scratch: &mut TargetScratch,
    ) -> Option<Result<[u64; 4], String>> {
        match name {
            "x86-fixup-bw-insts" => {
                let mut opt_size = false;
                for_each_fn_attr(env.m, g, |a| {
                    if let Attr::Word(s) = a {
                        opt_size |= matches!(env.m.str(*s), "optsize" | "minsize");
                    }
                });
                let n = super::fixup_bw::fixup_bw_insts(mf, &INFO, opt_size);
                Some(Ok([n as u64, 0, 0, 0]))
            }
            _ => None,
        }
    }
}
