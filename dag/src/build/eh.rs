//! Exception handling in the DAG builder: `invoke`, `landingpad` and
//! `resume` (LLVM's `visitInvoke`, `visitLandingPad`, `visitResume`).
//!
//! - An `invoke` is its call bracketed by two `EhLabel` nodes on the
//!   chain (begin before the argument set-up, end after the call), recorded
//!   in `MachFunction::eh` with the landing pad it unwinds to. The inputs
//!   of the landing pad's phis are copied *before* the begin label (the
//!   unwind edge leaves from inside the call); those of the normal
//!   destination after the call, then a branch to it.
//! - Every block whose first non-phi instruction is a `landingpad` is a
//!   landing pad, registered once in [`FunctionLowering::new`] with its
//!   clauses, an entry label and two virtual registers that receive the
//!   exception pointer and selector: [`FunctionLowering::pad_entry`] tells
//!   instruction selection to start the block with `EH_LABEL` and the
//!   copies out of the target's exception registers (x86-64: RAX, RDX),
//!   so the registers are read before anything else can clobber them.
//!   The `landingpad` instruction itself reads those vregs.
//! - `resume` passes the exception pointer to `_Unwind_Resume`.
//!
//! Invariants: a landing pad block is reached only through invoke unwind
//! edges; a landing pad's value is the aggregate `{ ptr, i32 }`
//! (other shapes are an error naming them); clause type infos are globals
//! or null (anything else is an error); a label number is used once.

use super::{unsupported, BResult, Builder, FunctionLowering};
use crate::lowering::{CallLowering, IselError};
use crate::opcode::Op;
use crate::vt::VT;
use rcc_ir::constant::{ConstId, ConstKind};
use rcc_ir::entity::{EntityId, PackedOption};
use rcc_ir::inst::{self, Opcode};
use rcc_ir::types::TypeLookup;
use rcc_ir::{Block, GlobalId, Inst, Value, ValueTag};
use rcc_mach::eh::{EhClause, EhClauseKind, EhInvoke, EhPad};
use rcc_mach::{MBlock, MachFunction, VReg};

/// What a landing pad block starts with: its label and the vregs of the
/// exception pointer (i64) and selector (i32).
#[derive(Copy, Clone, Debug)]
pub struct PadEntry {
    pub label: u32,
    pub ptr: VReg,
    pub sel: VReg,
}

/// A landing pad of the function: IR block, pad index in
/// `MachFunction::eh.pads`, its entry.
#[derive(Copy, Clone, Debug)]
pub(super) struct PadPlan {
    pub block: u32,
    pub pad: u32,
    pub entry: PadEntry,
}

/// The `landingpad` instruction of block `b`, if it is a landing pad.
fn landing_pad_inst(f: &rcc_ir::Function, b: Block) -> Option<Inst> {
    f.block_insts(b)
        .find(|&i| f.op(i) != Opcode::Phi)
        .filter(|&i| f.op(i) == Opcode::LandingPad)
}

impl FunctionLowering<'_> {
    /// Registers every landing pad of the function in `mf.eh`.
    pub(super) fn plan_landing_pads(
        &mut self,
        mf: &mut MachFunction,
        lower: &dyn CallLowering,
    ) -> BResult<()> {
        let f = self.f;
        for b in f.blocks.keys() {
            let Some(lp) = landing_pad_inst(f, b) else {
                continue;
            };
            // The unwind tables name the personality by symbol.
            let personality = match &self.m.globals[mf.func].kind {
                rcc_ir::module::GlobalKind::Func(d) => d.personality,
                _ => None,
            };
            if personality
                .and_then(|p| p.as_entity::<GlobalId>(ValueTag::Global))
                .is_none()
            {
                return unsupported("a landingpad whose function's personality is not a global");
            }
            let mut parts = Vec::new();
            super::aggregate::parts_of(self.m, self.dl, f.ty[lp.index()], 0, &mut parts)?;
            if parts.iter().map(|p| p.0).collect::<Vec<_>>() != [VT::I64, VT::I32] {
                return unsupported(format!(
                    "a landingpad of type {} (only {{ ptr, i32 }})",
                    super::type_name(self.m, f.ty[lp.index()])
                ));
            }
            let c0 = mf.eh.clauses.len() as u32;
            let kinds = f.aux_list(lp).to_vec();
            for (k, &v) in f.inst_ops(lp).iter().enumerate() {
                let start = mf.eh.types.len() as u32;
                let kind = if kinds.get(k) == Some(&1) {
                    let c = v.as_entity::<ConstId>(ValueTag::Const).ok_or_else(|| {
                        IselError::new("a landingpad filter that is not a constant")
                    })?;
                    match f.consts.get(c).kind {
                        ConstKind::Aggregate(_) => {
                            for &e in f.consts.operands(c) {
                                let t = self.type_info(e)?;
                                mf.eh.types.push(t);
                            }
                        }
                        ConstKind::Zero => {
                            let n = match self.m.types.get(f.consts.get(c).ty) {
                                rcc_ir::types::Type::Array { len, .. } => len,
                                _ => {
                                    return unsupported("a landingpad filter that is not an array")
                                }
                            };
                            for _ in 0..n {
                                mf.eh.types.push(PackedOption::default());
                            }
                        }
                        _ => return unsupported("a landingpad filter of this constant kind"),
                    }
                    EhClauseKind::Filter
                } else {
                    let t = self.type_info(v)?;
                    mf.eh.types.push(t);
                    EhClauseKind::Catch
                };
                let end = mf.eh.types.len() as u32;
                mf.eh.clauses.push(EhClause { kind, start, end });
            }
            let c1 = mf.eh.clauses.len() as u32;
            for k in (c0..c1).rev() {
                let c = mf.eh.clauses[k as usize];
                for t in c.start..c.end {
                    let ty = mf.eh.types[t as usize];
                    mf.eh.type_id_for(ty);
                }
            }
            let label = mf.eh.new_label();
            let block = self.blocks[b.index()];
            let pad = mf.eh.add_pad(EhPad {
                block,
                label,
                cleanup: f.flags[lp.index()] & inst::CLEANUP != 0,
                clauses: (c0, c1),
            });
            let ptr = mf.new_vreg(super::class(lower, VT::I64)?);
            let sel = mf.new_vreg(super::class(lower, VT::I32)?);
            self.pads.push(PadPlan {
                block: b.as_u32(),
                pad,
                entry: PadEntry { label, ptr, sel },
            });
        }
        // A landing pad is entered only by unwinding (nothing else sets the
        // exception registers it reads first).
        for b in f.blocks.keys() {
            let Some(t) = f.terminator(b) else { continue };
            let ops = f.inst_ops(t);
            let unwind_ok = |s: Block| {
                f.op(t) == Opcode::Invoke
                    && ops.len() >= 2
                    && ops[ops.len() - 1].as_entity::<Block>(ValueTag::Block) == Some(s)
                    && ops[ops.len() - 2].as_entity::<Block>(ValueTag::Block) != Some(s)
            };
            for s in f.successors(t) {
                if self.pad_plan(s).is_some() && !unwind_ok(s) {
                    return unsupported(
                        "a landingpad block reached other than by an invoke's unwind edge",
                    );
                }
            }
        }
        Ok(())
    }

    /// A clause's type info: a global, or null.
    fn type_info(&self, v: Value) -> BResult<PackedOption<GlobalId>> {
        if let Some(g) = v.as_entity::<GlobalId>(ValueTag::Global) {
            return Ok(PackedOption::some(g));
        }
        if let Some(c) = v.as_entity::<ConstId>(ValueTag::Const) {
            if matches!(self.f.consts.get(c).kind, ConstKind::Null | ConstKind::Zero) {
                return Ok(PackedOption::default());
            }
        }
        unsupported("a landingpad clause whose type info is not a global or null")
    }

    /// The plan of pad block `b` (pads are planned in block order).
    fn pad_plan(&self, b: Block) -> Option<&PadPlan> {
        self.pads
            .binary_search_by_key(&b.as_u32(), |p| p.block)
            .ok()
            .map(|k| &self.pads[k])
    }

    /// What landing pad block `b` starts with (after its PHIs), if it is one.
    pub fn pad_entry(&self, b: Block) -> Option<PadEntry> {
        self.pad_plan(b).map(|p| p.entry)
    }

    /// The machine block of IR block `b`.
    fn mblock(&self, b: Block) -> MBlock {
        self.blocks[b.index()]
    }
}

impl Builder<'_, '_> {
    fn eh_label(&mut self, n: u32) {
        self.chain = self
            .dag
            .value(Op::EhLabel, VT::Chain, &[self.chain], n as u64);
    }

    /// `invoke`: phi inputs of the landing pad, begin label, the call, end
    /// label, phi inputs of the normal destination, branch.
    pub(super) fn invoke(&mut self, b: Block, i: Inst) -> BResult<()> {
        let f = self.fl.f;
        let ops = f.inst_ops(i);
        let n = ops.len();
        if n < 2 {
            return unsupported("an invoke without destination blocks");
        }
        let (Some(normal), Some(unwind)) = (
            ops[n - 2].as_entity::<Block>(ValueTag::Block),
            ops[n - 1].as_entity::<Block>(ValueTag::Block),
        ) else {
            return unsupported("an invoke without destination blocks");
        };
        let Some(pad) = self.fl.pad_plan(unwind).map(|p| p.pad) else {
            return unsupported("an invoke whose unwind destination is not a landingpad block");
        };
        self.copy_phi_inputs(b, unwind)?;
        let begin = self.mf.eh.new_label();
        let end = self.mf.eh.new_label();
        self.eh_label(begin);
        self.call(i)?;
        self.eh_label(end);
        self.mf.eh.add_invoke(EhInvoke { begin, end, pad });
        if normal != unwind {
            self.copy_phi_inputs(b, normal)?;
        }
        let t = self.fl.mblock(normal);
        let t = self
            .dag
            .value(Op::BasicBlock, VT::Chain, &[], t.as_u32() as u64);
        self.chain = self.dag.value(Op::Br, VT::Chain, &[self.chain, t], 0);
        Ok(())
    }

    /// `landingpad`: the exception pointer and selector the block's entry
    /// copied out of the target's registers.
    pub(super) fn landing_pad(&mut self, b: Block, i: Inst) -> BResult<()> {
        let Some(e) = self.fl.pad_entry(b) else {
            return unsupported("a landingpad that is not the first non-phi instruction");
        };
        let p = self.copy_from(e.ptr, VT::I64);
        let s = self.copy_from(e.sel, VT::I32);
        let v = self.merge(&[p, s]);
        self.set(i, v);
        Ok(())
    }

    /// `resume`: `_Unwind_Resume(exception pointer)`; it does not return.
    pub(super) fn resume(&mut self, i: Inst) -> BResult<()> {
        let Some(&op) = self.fl.f.inst_ops(i).first() else {
            return unsupported("a resume without an operand");
        };
        let v = self.get(op)?;
        let parts = self.parts(v);
        let Some(&ptr) = parts.first().filter(|&&p| self.dag.vt(p) == VT::I64) else {
            return unsupported("a resume of a value that is not { ptr, i32 }");
        };
        self.call_library("_Unwind_Resume", &[ptr], &[])?;
        Ok(())
    }

    /// `llvm.eh.typeid.for(T)`: the type id of `T` in the function's table.
    pub(super) fn type_id_for(&mut self, i: Inst) -> BResult<()> {
        let Some(&arg) = self.fl.f.inst_ops(i).get(1) else {
            return unsupported("llvm.eh.typeid.for without an operand");
        };
        let t = self.fl.type_info(arg)?;
        let id = self.mf.eh.type_id_for(t);
        let v = self.dag.constant(VT::I32, id as u64);
        self.set(i, v);
        Ok(())
    }

    /// Copies the inputs of `succ`'s phis on the edge from `b`.
    pub(super) fn copy_phi_inputs(&mut self, b: Block, succ: Block) -> BResult<()> {
        let f = self.fl.f;
        for p in f.block_insts(succ) {
            if f.op(p) != Opcode::Phi {
                break;
            }
            let Some(edge) = self.fl.edge(b.as_u32(), p.as_u32()) else {
                continue;
            };
            let Some(pair) = f
                .inst_ops(p)
                .chunks(2)
                .find(|c| c.get(1).and_then(|x| x.as_entity::<Block>(ValueTag::Block)) == Some(b))
            else {
                continue;
            };
            let v = self.get(pair[0])?;
            self.copy_to(edge, v);
        }
        Ok(())
    }
}
