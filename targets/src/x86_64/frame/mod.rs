//! Prolog/epilog insertion and frame-index elimination for x86-64 System V.
//!
//! Pipeline position: after register allocation (every register operand is
//! physical), before the AsmPrinter ([`super::lower`]). One call,
//! [`insert_prolog_epilog`], does the whole job in one walk over the
//! layout: it plans the frame ([`plan`]), places the stack slots
//! (`rcc_mach::passes::frame_layout`), writes the prologue at the top of the
//! entry block and an epilogue before every return, replaces every frame
//! operand by `%rsp`/`%rbp` plus a displacement, removes the call-frame
//! pseudos and emits CFI as LLVM does (including the CFA restore at the
//! start of a block laid out after an epilogue, LLVM's CFIInstrInserter).
//!
//! The frame, from the canonical frame address (CFA, 16-byte aligned)
//! down:
//!
//! ```text
//!   CFA-8   return address            (entry %rsp points here)
//!   CFA-16  saved %rbp                (with a frame pointer; %rbp = CFA-16)
//!           callee-saved pushes       (push order: rbp r15 r14 r13 r12 rbx)
//!           [padding from `and $-A, %rsp` when realigned]
//!           locals and spill slots    (largest alignment first)
//!           outgoing call arguments   (reserved once: max over all calls)
//!   %rsp    (16-byte aligned at every call site)
//! ```
//!
//! Frame references: with a frame pointer and no realignment everything is
//! `%rbp`-relative (as llc); without one everything is `%rsp`-relative (the
//! stack pointer does not move in the body: call frames are reserved, so
//! `ADJCALLSTACKDOWN/UP` vanish); with realignment locals are
//! `%rsp`-relative and incoming arguments `%rbp`-relative. With dynamic
//! allocas the frame pointer is forced, call frames are not reserved, and
//! the pseudos become `sub`/`add` of `%rsp`. With both, `%rbx` is a base
//! pointer: the prologue copies the realigned `%rsp` into it and locals are
//! `%rbx`-relative (it is pushed as a callee-saved register and reserved
//! from allocation, [`base_pointer_reserved`]).
//!
//! Invariants on input: registers are physical; frame operands appear only
//! as memory bases; the entry block has no predecessors; `%rbp` is not
//! written by the body when the function keeps a frame pointer (the
//! allocator must reserve it: [`frame_pointer_reserved`] answers before
//! allocation). On output: no frame operand and no call-frame pseudo
//! remains; the saved registers are live into the entry block and a kept
//! frame pointer is in `mf.reserved`; `mf.frame.stack_size`, `mf.frame.emit_cfi` and every object's
//! `offset` (relative to the entry `%rsp`) are set.
//!
//! `%rbp` is written by the body only when [`frame_pointer_reserved`] is
//! false; then it is an ordinary callee-saved register.

mod eflags;
mod eliminate;
pub mod plan;
mod probe;
mod prolog;

use super::desc::iflag;
use rcc_ir::entity::EntityId;
use rcc_ir::Module;
use rcc_mach::passes::frame_layout::{call_frame, FrameOptions, FramePointer, StackProbe};
use rcc_mach::passes::shrink_wrap::{ShrinkWrapStats, ShrinkWrapTarget};
use rcc_mach::{FrameIdx, MInst, MOpc, MachFunction, PReg, TargetInfo};
use std::fmt;

pub use plan::FramePlan;

/// Why prolog/epilog insertion failed, and in which function.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct FrameError {
    /// The function's symbol name.
    pub function: String,
    pub kind: FrameErrorKind,
}

/// The failure itself.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum FrameErrorKind {
    /// The function needs a base pointer (a realigned frame with dynamic
    /// allocas) but the body writes `%rbx` (the allocator must reserve it:
    /// [`base_pointer_reserved`]).
    BasePointerClobbered,
    /// The function keeps a frame pointer but the body writes `%rbp`.
    FramePointerClobbered,
    /// The entry block is a branch target: the prologue would run again.
    EntryHasPredecessors,
    /// A frame operand that is not the base of a memory reference.
    FrameOperand { inst: String },
    /// A frame reference whose displacement is symbolic or overflows 32 bits.
    Displacement { inst: String },
    /// The frame does not fit a 32-bit displacement.
    FrameTooLarge(u64),
    /// A frame operand naming no object.
    BadFrameIndex(u32),
    /// A shrink-wrapped frame whose blocks disagree on the CFA at a join.
    InconsistentCfi,
    /// Dynamic allocas in a function with `"probe-stack"`: llc probes
    /// them (`PROBED_ALLOCA`), which is not implemented.
    ProbedDynamicAlloca,
}

impl fmt::Display for FrameError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // The function is named by whoever reports the error (the driver
        // prefixes `in function 'f': ` to every function's error).
        match &self.kind {
            FrameErrorKind::BasePointerClobbered => write!(
                f,
                "the base pointer %rbx of a realigned frame with dynamic allocas is written by the function body"
            ),
            FrameErrorKind::FramePointerClobbered => {
                write!(f, "the frame pointer %rbp is written by the function body")
            }
            FrameErrorKind::EntryHasPredecessors => {
                write!(f, "the entry block is a branch target")
            }
            FrameErrorKind::FrameOperand { inst } => {
                write!(f, "frame index outside a memory base: {inst}")
            }
            FrameErrorKind::Displacement { inst } => {
                write!(f, "frame reference displacement out of range: {inst}")
            }
            FrameErrorKind::FrameTooLarge(n) => write!(f, "stack frame too large: {n} bytes"),
            FrameErrorKind::BadFrameIndex(i) => write!(f, "unknown frame index %stack.{i}"),
            FrameErrorKind::InconsistentCfi => write!(
                f,
                "shrink-wrapped frame: blocks disagree on the CFA at a join"
            ),
            FrameErrorKind::ProbedDynamicAlloca => write!(
                f,
                "unsupported: dynamic alloca in a function with \"probe-stack\" (stack probes of dynamic allocations)"
            ),
        }
    }
}

impl std::error::Error for FrameError {}

/// Buffers reused from function to function (one per worker).
#[derive(Default, Debug)]
pub struct FrameScratch {
    order: Vec<FrameIdx>,
    layout: Vec<MInst>,
    prolog: Vec<MInst>,
}

/// Whether the function will keep a frame pointer, from what is known
/// before register allocation (calls, dynamic allocas, over-aligned
/// objects, options). See [`frame_pointer_reserved`] for what the
/// allocator must leave alone.
pub fn needs_frame_pointer(mf: &MachFunction, opts: &FrameOptions) -> bool {
    let calls = call_frame(mf, &super::X86Info);
    plan::needs_fp(mf, opts, calls.has_calls)
}

/// Whether `%rbp` must stay out of register allocation: the function keeps
/// a frame pointer, or `frame-pointer=reserved` asks for the register to
/// be left alone.
pub fn frame_pointer_reserved(mf: &MachFunction, opts: &FrameOptions) -> bool {
    opts.frame_pointer == FramePointer::Reserved || needs_frame_pointer(mf, opts)
}

/// Whether `%rbx` must stay out of register allocation: the frame is
/// realigned (an object aligned over 16 bytes) and has dynamic allocas, so
/// `%rsp` moves and `%rbp` is not at a known distance from the realigned
/// locals; `%rbx` holds the realigned stack pointer (LLVM's base
/// pointer) and locals are addressed from it.
pub fn base_pointer_reserved(mf: &MachFunction) -> bool {
    plan::needs_base_pointer(mf)
}

/// Inserts the prologue and epilogues of `mf`, lays out its frame and
/// eliminates frame indices. `used_csrs` are the callee-saved registers the
/// allocator used (any width; registers the body defines are added).
/// On error the function may be partly rewritten and must be dropped.
pub fn insert_prolog_epilog(
    mf: &mut MachFunction,
    m: &Module,
    used_csrs: &[PReg],
    opts: &FrameOptions,
    scratch: &mut FrameScratch,
) -> Result<FramePlan, FrameError> {
    let err = |mf: &MachFunction, kind| FrameError {
        function: rcc_mach::symbols::display_name(m, mf.func),
        kind,
    };
    let p = plan::plan(mf, used_csrs, opts, &mut scratch.order).map_err(|k| err(mf, k))?;
    mf.frame.stack_size = p.stack_size;
    mf.frame.emit_cfi = p.emit_cfi;
    // The prologue reads the caller's values of the registers it saves;
    // the frame pointer is this function's own from then on.
    let saved = p.uses_fp.then_some(super::regs::RBP);
    for r in saved.into_iter().chain(p.csrs.iter().copied()) {
        if !mf.live_ins.contains(&r) {
            mf.live_ins.push(r);
        }
    }
    if p.uses_fp && !mf.reserved.contains(&super::regs::RBP) {
        mf.reserved.push(super::regs::RBP);
    }
    if p.base_pointer && !mf.reserved.contains(&super::regs::RBX) {
        mf.reserved.push(super::regs::RBX);
    }
    let Some(&entry) = mf.order.first() else {
        return Ok(p);
    };
    if mf.order.iter().any(|&b| mf.succs(b).contains(&entry)) {
        return Err(err(mf, FrameErrorKind::EntryHasPredecessors));
    }
    // Shrink wrapping's points: consumed here (LLVM clears them too).
    let points = mf.frame.save_point.zip(mf.frame.restore_point);
    mf.frame.save_point = None;
    mf.frame.restore_point = None;
    let (save, restore) = match points {
        Some((s, r)) => (s, Some(r)),
        None => (entry, None),
    };
    // Where the flags are live, the stack adjustments use `lea` (as
    // LLVM's emitSPUpdate does for a live-in EFLAGS or flags needed by the
    // restore block's terminators).
    let flags = restore.map(|_| eflags::live_in(mf));
    let prolog_lea = flags.as_ref().is_some_and(|f| f[save.index()]);
    if save != entry {
        // The saved registers reach the save block untouched.
        let mut ins = mf.block_live_ins(save).to_vec();
        for r in saved.into_iter().chain(p.csrs.iter().copied()) {
            if !ins.contains(&r) {
                ins.push(r);
            }
        }
        mf.set_block_live_ins(save, &ins);
    }
    if p.var_sized && opts.probe != StackProbe::None {
        return Err(err(mf, FrameErrorKind::ProbedDynamicAlloca));
    }
    let probe = match opts.probe {
        StackProbe::None => probe::Probe::None,
        StackProbe::Inline => probe::Probe::Inline {
            size: opts.probe_size,
        },
        StackProbe::Call(s) => probe::Probe::Call {
            sym: mf.external(m.str(s).trim_matches('"')),
            size: opts.probe_size,
        },
    };
    let save_live_in = if save == entry {
        mf.live_ins.clone()
    } else {
        mf.block_live_ins(save).to_vec()
    };
    scratch.prolog.clear();
    let probe_loop = prolog::prologue(
        mf,
        &p,
        prolog_lea,
        probe,
        &save_live_in,
        &mut scratch.prolog,
    );
    let prolog_insts = std::mem::take(&mut scratch.prolog);
    let mut failure = None;
    // Whether the block laid out before this one ends with the CFA of an
    // epilogue (its successor in layout then needs the body's CFA again).
    let mut after_epilogue = false;
    let mut layout = std::mem::take(&mut scratch.layout);
    mf.rewrite(&mut layout, |mf, b, old, out| {
        if b == save {
            out.extend_from_slice(&prolog_insts);
        } else if after_epilogue && restore.is_none() {
            prolog::restore_body_cfa(mf, &p, out);
        }
        after_epilogue = false;
        let mut epilogue_due = restore == Some(b);
        for &i in old {
            if failure.is_some() {
                out.push(i);
                continue;
            }
            let opc = mf.opc(i);
            if opc == MOpc::ADJCALLSTACKDOWN || opc == MOpc::ADJCALLSTACKUP {
                eliminate::call_frame_pseudo(mf, &p, i, out);
                continue;
            }
            if let Err(k) = eliminate::frame_operands(mf, m, &p, i) {
                failure = Some(k);
            }
            match restore {
                None if is_return(opc) => {
                    prolog::epilogue(mf, &p, Some(i), false, out);
                    after_epilogue = p.changes_cfa();
                }
                Some(r) if epilogue_due && is_terminator(opc) => {
                    let lea = flags
                        .as_ref()
                        .is_some_and(|f| eflags::needed_before(mf, r, old, f));
                    let ret = is_return(opc).then_some(i);
                    prolog::epilogue(mf, &p, ret, lea, out);
                    if !mf.succs(r).is_empty() {
                        prolog::cfi_restores(mf, &p, out);
                    }
                    epilogue_due = false;
                }
                _ => {}
            }
            out.push(i);
        }
        if epilogue_due && failure.is_none() {
            // A restore block without terminators: the epilogue ends it.
            let lea = flags
                .as_ref()
                .is_some_and(|f| mf.succs(b).iter().any(|s| f[s.index()]));
            prolog::epilogue(mf, &p, None, lea, out);
            if !mf.succs(b).is_empty() {
                prolog::cfi_restores(mf, &p, out);
            }
        }
    });
    scratch.prolog = prolog_insts;
    if let Some(k) = failure {
        scratch.layout = layout;
        return Err(err(mf, k));
    }
    // A shrink-wrapped frame: blocks laid out after the epilogue or
    // before the prologue state their own CFA and saved registers.
    if restore.is_some() && p.emit_cfi {
        let mut fix = rcc_mach::cfi_fixup::CfiFixup::default();
        if !fix.fix_layout(mf, super::X86Info.initial_cfa(), &mut layout) {
            scratch.layout = layout;
            return Err(err(mf, FrameErrorKind::InconsistentCfi));
        }
    }
    scratch.layout = layout;
    if let Some(l) = probe_loop {
        probe::split_for_loop(mf, save, &l, &save_live_in);
    }
    Ok(p)
}

/// Whether `opc` ends a block (the restore block's epilogue goes before
/// its first terminator).
fn is_terminator(opc: MOpc) -> bool {
    opc.as_target()
        .is_some_and(|op| super::X86Info.inst_flags(op) & iflag::TERMINATOR != 0)
}

/// Whether `opc` returns from the function (an epilogue goes before it).
fn is_return(opc: MOpc) -> bool {
    opc.as_target()
        .is_some_and(|op| super::X86Info.inst_flags(op) & iflag::RETURN != 0)
}

#[cfg(test)]
mod tests;

/// Shrink wrapping for x86-64 (LLVM's ShrinkWrap with
/// `X86FrameLowering::enableShrinkWrapping`, `canUseAsPrologue` and
/// `canUseAsEpilogue` for ELF): the generic analysis with x86's
/// callee-saved registers and stack pointer. A save block with live-in
/// flags cannot take a realigning or probing prologue (the `and`, the
/// probe loop or call clobber them);
/// everything else can (stack adjustments become `lea` where flags are
/// live, and ELF has no compact unwind or Windows epilogue rules).
///
/// The blocks with live-in flags are computed only when a realigning
/// prologue asks.
pub fn shrink_wrap(
    mf: &mut MachFunction,
    csrs_written: &[PReg],
    opts: &FrameOptions,
    an: &mut rcc_mach::analysis::CfgAnalyses,
) -> ShrinkWrapStats {
    let flags = std::cell::OnceCell::new();
    // Stack probes clobber the flags too (LLVM's canUseAsPrologue).
    let clobbers_flags = plan::realigns(mf) || opts.probe != StackProbe::None;
    let prologue_ok = |mf: &MachFunction, b: rcc_mach::MBlock| {
        !clobbers_flags || !flags.get_or_init(|| eflags::live_in(mf))[b.index()]
    };
    let epilogue_ok = |_: &MachFunction, _: rcc_mach::MBlock| true;
    let st = ShrinkWrapTarget {
        callee_saved: &plan::PUSH_ORDER,
        saved: csrs_written,
        sp: super::regs::RSP,
        can_use_as_prologue: &prologue_ok,
        can_use_as_epilogue: &epilogue_ok,
    };
    rcc_mach::passes::shrink_wrap::shrink_wrap(mf, &super::X86Info, &st, an)
}
