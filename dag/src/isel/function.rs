//! Instruction selection of a whole function: the per-block loop that
//! ties the DAG builder, the legalizers and the combiner to a target's
//! selector ([`TargetSelector`]).
//!
//! For each IR block in order, and for each step of it (a `switch`, or a
//! branch on a combined condition, lowers to several machine blocks,
//! right after the first): open the step's
//! machine block; in the first step only, emit its machine PHIs (from the
//! builder's phi edges), lower the incoming arguments in the entry block,
//! and start a landing pad with its label and the copies out of the
//! exception registers. Then every step goes through the same sequence
//! ([`select_step`]): build its DAG, legalize its types (wide integers
//! become halves) and its vectors, combine it, check it, select and
//! schedule it; and close the block with the step's machine successors
//! and their probabilities (`build::prof`: from `!prof` or `llvm.expect`,
//! unknown without data).
//! With `fast_isel` (`-O0`'s default), a block the target's direct
//! selector handles skips the DAG sequence ([`crate::fast`]).
//! The result is SSA machine code over virtual registers.
//!
//! Invariant: selection may split a block (an atomic loop); the PHIs of
//! the IR block's successors then name its last part, the one that
//! branches to them.

use crate::build::{build_block, build_step, FunctionLowering, PadEntry};
use crate::combine::{combine, CombineCtx};
use crate::fast::{self, FastCx, FastTarget};
use crate::legalize::{legalize_types, legalize_vectors, LegalizeCtx};
use crate::{CallLowering, Dag, IselError, SDValue};
use rcc_ir::layout::DataLayout;
use rcc_ir::{Block, GlobalId, Module};
use rcc_mach::{MBlock, MOpc, MachFunction, OpKind, Operand, PReg, SymFlag, SymOperand, SymTarget};

/// The physical registers in which the unwinder hands a landing pad the
/// exception (LLVM's `getExceptionPointerRegister` and
/// `getExceptionSelectorRegister`).
#[derive(Copy, Clone, Debug)]
pub struct PadRegs {
    /// The exception pointer, copied into the pad's pointer value.
    pub ptr: PReg,
    /// The selector, copied into the pad's selector value.
    pub sel: PReg,
    /// The pad block's live-in registers (the full registers holding both).
    pub live_ins: &'static [PReg],
}

/// What the per-block driver asks of a target's instruction selector.
pub trait TargetSelector {
    /// The target's lowering hooks: calling convention, register classes
    /// and, through [`CallLowering::legality`], vector legality.
    fn lowering(&self) -> &dyn CallLowering;
    /// The registers a landing pad receives.
    fn pad_regs(&self) -> PadRegs;
    /// Selects the legal, combined block DAG `dag` (its root set) into the
    /// open block of `mf`. Selection may end that block and continue in
    /// new ones (`mf.current_block()` is then the last part).
    fn select_block(&mut self, dag: &mut Dag, mf: &mut MachFunction) -> Result<(), IselError>;
    /// The target's direct selector ([`crate::fast`]), if it has one.
    fn fast(&mut self) -> Option<&mut dyn FastTarget> {
        None
    }
}

/// Reused buffers of one worker, with its target selector `S`.
#[derive(Default)]
pub struct IselCtx<S> {
    /// The target's selector (and its own reused state).
    pub sel: S,
    dag: Dag,
    vals: Vec<Option<SDValue>>,
    succs: Vec<MBlock>,
    probs: Vec<rcc_mach::BranchProb>,
    legal: LegalizeCtx,
    combine: CombineCtx,
    /// Select blocks directly ([`crate::fast`]) where the target can,
    /// falling back to the SelectionDAG per block (`-fast-isel`).
    pub fast_isel: bool,
    /// The direct selector's state and the function's block counts.
    pub fast: FastCx,
    /// (first, last) machine block of each block that selection split.
    splits: Vec<(MBlock, MBlock)>,
    /// Position-independent code (GOT and PLT references).
    pub pic: bool,
    /// Optimizing (`-O1` and up): the combiner's optimizing rules apply,
    /// and returns are duplicated into tail-call predecessors, as LLVM's
    /// CodeGenPrepare does.
    pub optimize: bool,
}

/// Selects the machine code of function `g` into `mf` (cleared first).
pub fn select_function<S: TargetSelector>(
    m: &Module,
    dl: &DataLayout,
    g: GlobalId,
    mf: &mut MachFunction,
    cx: &mut IselCtx<S>,
) -> Result<(), IselError> {
    mf.clear(g);
    let f = m
        .body(g)
        .ok_or_else(|| IselError::new("a function without a body"))?;
    let fn_ty = m.globals[g]
        .value_ty
        .ok_or_else(|| IselError::new("a function without a type"))?;
    let mut fl = FunctionLowering::new(m, f, dl, fn_ty, mf, cx.sel.lowering(), cx.optimize)?;
    fl.pic = cx.pic;
    if cx.optimize {
        fl.plan_ret_duplication();
    }
    cx.legal.pic = cx.pic;
    cx.fast.begin_function();
    cx.fast.stats.cmp_uses_sunk = fl.cmp_uses_sunk();
    for (k, b) in f.blocks.keys().enumerate() {
        for s in 0..fl.num_steps(b) {
            let mb = fl.step_block(b, s);
            mf.begin_block(mb);
            if s == 0 {
                for phi in fl.phis(b) {
                    // Every predecessor got its own copy of this return
                    // block (`plan_ret_duplication`): it is unreachable.
                    if phi.inputs.is_empty() {
                        mf.push(MOpc::IMPLICIT_DEF, &[Operand::reg_def(phi.dst)]);
                        continue;
                    }
                    let i = mf.push(MOpc::PHI, &[Operand::reg_def(phi.dst)]);
                    for (v, pred) in phi.inputs {
                        mf.add_operand(i, Operand::reg_use(v));
                        mf.add_operand(i, Operand::block(pred));
                    }
                }
                if k == 0 {
                    fl.lower_arguments(mf, cx.sel.lowering())?;
                }
                if let Some(e) = fl.pad_entry(b) {
                    landing_pad_entry(mf, mb, e, cx.sel.pad_regs());
                }
            }
            let direct = s == 0
                && cx.fast_isel
                && match cx.sel.fast() {
                    Some(t) => fast::select_block(&fl, b, mf, t, &mut cx.fast)?.is_none(),
                    None => false,
                };
            if !direct {
                select_step(&fl, b, s, mf, cx)?;
            }
            fl.machine_succs(b, s, &mut cx.succs);
            fl.machine_succ_probs(b, s, &cx.succs, &mut cx.probs);
            let last = mf.current_block().unwrap_or(mb);
            if last != mb {
                cx.splits.push((mb, last));
            }
            mf.end_block_with_probs(&cx.succs, &cx.probs);
        }
    }
    retarget_phis(mf, &cx.splits);
    cx.splits.clear();
    Ok(())
}

/// Selects step `s` of IR block `b` into the open block of `mf`: builds
/// its DAG, legalizes its types and vectors, combines, checks and selects
/// it.
fn select_step<S: TargetSelector>(
    fl: &FunctionLowering<'_>,
    b: Block,
    s: usize,
    mf: &mut MachFunction,
    cx: &mut IselCtx<S>,
) -> Result<(), IselError> {
    let lower = cx.sel.lowering();
    if s == 0 {
        build_block(fl, b, &mut cx.dag, mf, lower, &mut cx.vals)?;
    } else {
        build_step(fl, b, s, &mut cx.dag, mf, lower, &mut cx.vals)?;
    }
    legalize_types(&mut cx.dag, mf, lower, &mut cx.legal)?;
    if let Some(t) = lower.legality() {
        legalize_vectors(&mut cx.dag, mf, t)?;
    }
    cx.combine.optimize = cx.optimize;
    cx.combine.mem = lower.mem_access();
    cx.combine.mul_by_shift_add = lower.mul_by_shift_add();
    combine(&mut cx.dag, &mut cx.combine);
    crate::check::check(&cx.dag)?;
    cx.sel.select_block(&mut cx.dag, mf)
}

/// The start of a landing pad block (after its PHIs): its label, then the
/// exception pointer and selector copied out of the registers the unwinder
/// sets, which are the block's live-ins.
fn landing_pad_entry(mf: &mut MachFunction, b: MBlock, e: PadEntry, r: PadRegs) {
    let l = mf.sym(SymOperand {
        target: SymTarget::EhLabel(e.label),
        offset: 0,
        flag: SymFlag::NONE,
    });
    mf.push(MOpc::EH_LABEL, &[l]);
    mf.push(
        MOpc::COPY,
        &[Operand::reg_def(e.ptr), Operand::reg_use(r.ptr)],
    );
    mf.push(
        MOpc::COPY,
        &[Operand::reg_def(e.sel), Operand::reg_use(r.sel)],
    );
    mf.set_block_live_ins(b, r.live_ins);
}

/// Makes the inputs of the IR phis' machine PHIs that name the first part
/// of a split block name its last part (the one that branches to the PHI's
/// block). PHIs of blocks made by lowering (a loop's own) are left alone.
fn retarget_phis(mf: &mut MachFunction, splits: &[(MBlock, MBlock)]) {
    if splits.is_empty() {
        return;
    }
    for k in 0..mf.order.len() {
        let b = mf.order[k];
        if mf.blocks[b].ir_block == u32::MAX {
            continue;
        }
        let (start, end) = (mf.blocks[b].start as usize, mf.blocks[b].end as usize);
        for p in start..end {
            let i = mf.layout[p];
            if mf.opc(i) != MOpc::PHI {
                break;
            }
            for o in mf.operands_mut(i) {
                if o.kind() != OpKind::Block {
                    continue;
                }
                if let Some(&(_, last)) = splits.iter().find(|s| s.0.as_u32() == o.payload()) {
                    *o = Operand::block(last);
                }
            }
        }
    }
}
