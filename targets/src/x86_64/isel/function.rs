//! Instruction selection of a whole function: the per-block loop that
//! ties the DAG builder to the x86-64 selector.
//!
//! For each IR block in order: open its machine block, emit its machine
//! PHIs (from the builder's phi edges), lower the incoming arguments in the
//! entry block, start a landing pad with its label and the copies out of
//! the exception registers, build the block's DAG, legalize its types (wide integers
//! become halves), combine it, select and schedule it, and close the block
//! with the IR terminator's successors. The result is SSA machine
//! code over virtual registers.

use super::{Selector, X86Lowering};
use crate::x86_64::desc::regs;
use rcc_dag::build::{build_block, build_switch_step, FunctionLowering, PadEntry};
use rcc_dag::combine::{combine, CombineCtx};
use rcc_dag::legalize::{legalize_types, LegalizeCtx};
use rcc_dag::{Dag, IselError, SDValue};
use rcc_ir::layout::DataLayout;
use rcc_ir::{GlobalId, Module};
use rcc_mach::{MBlock, MOpc, MachFunction, OpKind, Operand, SymFlag, SymOperand, SymTarget};

/// Reused buffers of one worker.
#[derive(Default)]
pub struct IselCtx {
    dag: Dag,
    sel: Selector,
    vals: Vec<Option<SDValue>>,
    succs: Vec<MBlock>,
    legal: LegalizeCtx,
    combine: CombineCtx,
    /// (first, last) machine block of each IR block that selection split.
    splits: Vec<(MBlock, MBlock)>,
    /// Position-independent code (GOT and PLT references).
    pub pic: bool,
}

/// Selects the machine code of function `g` into `mf` (cleared first).
pub fn select_function(
    m: &Module,
    dl: &DataLayout,
    g: GlobalId,
    mf: &mut MachFunction,
    cx: &mut IselCtx,
) -> Result<(), IselError> {
    mf.clear(g);
    let f = m
        .body(g)
        .ok_or_else(|| IselError::new("a function without a body"))?;
    let fn_ty = m.globals[g]
        .value_ty
        .ok_or_else(|| IselError::new("a function without a type"))?;
    let lower = X86Lowering;
    let mut fl = FunctionLowering::new(m, f, dl, fn_ty, mf, &lower)?;
    fl.pic = cx.pic;
    cx.legal.pic = cx.pic;
    for (k, b) in f.blocks.keys().enumerate() {
        mf.begin_block(fl.blocks[k]);
        for phi in fl.phis(b) {
            let i = mf.push(MOpc::PHI, &[Operand::reg_def(phi.dst)]);
            for (v, pred) in phi.inputs {
                mf.add_operand(i, Operand::reg_use(v));
                mf.add_operand(i, Operand::block(pred));
            }
        }
        if k == 0 {
            fl.lower_arguments(mf, &lower)?;
        }
        if let Some(e) = fl.pad_entry(b) {
            landing_pad_entry(mf, fl.blocks[k], e);
        }
        build_block(&fl, b, &mut cx.dag, mf, &lower, &mut cx.vals)?;
        legalize_types(&mut cx.dag, mf, &lower, &mut cx.legal)?;
        rcc_dag::legalize::legalize_vectors(&mut cx.dag, mf, &super::vector::Sse2)?;
        combine(&mut cx.dag, &mut cx.combine);
        rcc_dag::check::check(&cx.dag)?;
        cx.sel.select_block(&mut cx.dag, mf)?;
        fl.machine_succs(b, 0, &mut cx.succs);
        // Selection may have split the block (an atomic loop): the IR
        // block's successors are reached from its last part.
        let last = mf.current_block().unwrap_or(fl.blocks[k]);
        if last != fl.blocks[k] {
            cx.splits.push((fl.blocks[k], last));
        }
        mf.end_block(&cx.succs);
        // A switch continues in blocks of its own, right after.
        for s in 1..fl.num_steps(b) {
            mf.begin_block(fl.step_block(b, s));
            build_switch_step(&fl, b, s, &mut cx.dag, mf, &lower, &mut cx.vals)?;
            legalize_types(&mut cx.dag, mf, &lower, &mut cx.legal)?;
            combine(&mut cx.dag, &mut cx.combine);
            rcc_dag::check::check(&cx.dag)?;
            cx.sel.select_block(&mut cx.dag, mf)?;
            fl.machine_succs(b, s, &mut cx.succs);
            mf.end_block(&cx.succs);
        }
    }
    retarget_phis(mf, &cx.splits);
    cx.splits.clear();
    Ok(())
}

/// The start of a landing pad block (after its PHIs): its label, then the
/// exception pointer and selector copied out of RAX and EDX, which the
/// unwinder sets (System V) and which are the block's live-ins.
fn landing_pad_entry(mf: &mut MachFunction, b: MBlock, e: PadEntry) {
    let l = mf.sym(SymOperand {
        target: SymTarget::EhLabel(e.label),
        offset: 0,
        flag: SymFlag::NONE,
    });
    mf.push(MOpc::EH_LABEL, &[l]);
    mf.push(
        MOpc::COPY,
        &[Operand::reg_def(e.ptr), Operand::reg_use(regs::RAX)],
    );
    mf.push(
        MOpc::COPY,
        &[Operand::reg_def(e.sel), Operand::reg_use(regs::EDX)],
    );
    mf.set_block_live_ins(b, &[regs::RAX, regs::RDX]);
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
