//! Instruction selection of a whole function: the per-block loop that
//! ties the DAG builder to the x86-64 selector.
//!
//! For each IR block in order: open its machine block, emit its machine
//! PHIs (from the builder's phi edges), lower the incoming arguments in the
//! entry block, build the block's DAG, combine it, select and schedule it,
//! and close the block with the IR terminator's successors. The result is SSA machine
//! code over virtual registers.

use super::{Selector, X86Lowering};
use rcc_dag::build::{build_block, FunctionLowering};
use rcc_dag::combine::{combine, CombineCtx};
use rcc_dag::{Dag, IselError, SDValue};
use rcc_ir::entity::EntityId;
use rcc_ir::layout::DataLayout;
use rcc_ir::{GlobalId, Module};
use rcc_mach::{MBlock, MOpc, MachFunction, Operand};

/// Reused buffers of one worker.
#[derive(Default)]
pub struct IselCtx {
    dag: Dag,
    sel: Selector,
    vals: Vec<Option<SDValue>>,
    succs: Vec<MBlock>,
    combine: CombineCtx,
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
        build_block(&fl, b, &mut cx.dag, mf, &lower, &mut cx.vals)?;
        combine(&mut cx.dag, &mut cx.combine);
        rcc_dag::check::check(&cx.dag)?;
        cx.sel.select_block(&mut cx.dag, mf)?;
        cx.succs.clear();
        if let Some(t) = f.terminator(b) {
            for s in f.successors(t) {
                let mb = fl.blocks[s.index()];
                if !cx.succs.contains(&mb) {
                    cx.succs.push(mb);
                }
            }
        }
        mf.end_block(&cx.succs);
    }
    Ok(())
}
