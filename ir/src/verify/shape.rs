//! Phase 1: the body's arrays are consistent, so later phases may index
//! them directly.
//!
//! `columns` checks the whole body (one entry per instruction in every
//! column; block instruction ranges non-empty and tiling `0..num_insts` in
//! order; the parameter count) and fills `Scratch::inst_block`.
//! `shape_insts` checks each instruction: its operand range lies in the
//! pool, every value index is in bounds for its table and no unresolved
//! placeholder remains, call-site records exist and agree with the operand
//! count, and block operands sit where the opcode expects them. The fast
//! walk (`walk`) runs the same per-instruction checks through
//! `value_in_bounds` and `shape_ok`.

use super::{Fx, Located, Scratch};
use crate::constant::ConstId;
use crate::entity::EntityId;
use crate::function::Inst;
use crate::inst::Opcode;
use crate::module::GlobalId;
use crate::value::{Value, ValueTag};

impl Fx<'_> {
    /// The whole-body checks: column lengths, the block tiling (filling
    /// `Scratch::inst_block`) and the parameter count. The per-instruction
    /// checks ([`Fx::shape_insts`]) may index the columns after this.
    pub(super) fn columns(&self, s: &mut Scratch) -> Result<(), Located> {
        let f = self.f;
        let n = f.opcode.len();
        let at0 = super::body_offset(self.m, f);
        if [
            f.ty.len(),
            f.ops.len(),
            f.flags.len(),
            f.extra.len(),
            f.name.len(),
            f.loc.len(),
        ]
        .iter()
        .any(|&l| l != n)
        {
            return Err((at0, "instruction columns have different lengths".into()));
        }
        if f.blocks.is_empty() {
            return Err((at0, "function body has no basic block".into()));
        }
        if f.arg_names.len() != self.params.len() {
            return Err((
                at0,
                "parameter count does not match the function type".into(),
            ));
        }
        s.inst_block.clear();
        s.inst_block.reserve(n);
        let mut next = 0u32;
        for (b, d) in f.blocks.iter() {
            let r = d.insts;
            if r.start != next || r.end <= r.start || r.end as usize > n {
                let at = f.loc.get(next as usize).copied().unwrap_or(at0);
                return Err((at, format!("basic block {} is empty or out of order", b)));
            }
            let len = (r.end - r.start) as usize;
            s.inst_block.extend(std::iter::repeat_n(b.as_u32(), len));
            next = r.end;
        }
        if next as usize != n {
            return Err((at0, "instructions outside any block".into()));
        }
        Ok(())
    }

    /// Every instruction's operand range, result type, operand indices and
    /// block operands, in order; the first failure. Runs after `columns`.
    pub(super) fn shape_insts(&self) -> Result<(), Located> {
        let f = self.f;
        let b = self.bounds();
        for (k, (&r, &ty)) in f.ops.iter().zip(&f.ty).enumerate() {
            let Some(ops) = f.operands.get(r.start as usize..r.end as usize) else {
                return Err((f.loc[k], "operand range out of bounds".into()));
            };
            if ty.index() >= b.ntypes {
                return Err((f.loc[k], "result type out of range".into()));
            }
            for &v in ops {
                if !self.value_in_bounds(v, &b) {
                    return Err((f.loc[k], format!("operand {v:?} is out of bounds")));
                }
            }
            self.shape_inst(Inst::from_index(k))?;
        }
        Ok(())
    }

    /// What the operand bounds checks compare against.
    pub(super) fn bounds(&self) -> Bounds {
        let ntypes = self.types.len();
        Bounds {
            lim: self.index_limits(),
            ntypes,
            // Constant types are checked once for the pool; if one is out of
            // range, each constant operand is checked on its own (same result).
            consts_ok: self.f.consts.data.values().all(|c| c.ty.index() < ntypes),
        }
    }

    /// One past the largest valid index for each [`ValueTag`] (0 for
    /// `Special`: placeholders never survive parsing).
    fn index_limits(&self) -> [usize; 8] {
        let f = self.f;
        let mut lim = [0; 8];
        lim[ValueTag::Inst as usize] = f.opcode.len();
        lim[ValueTag::Arg as usize] = self.params.len();
        lim[ValueTag::Const as usize] = f.consts.data.len();
        lim[ValueTag::Global as usize] = self.m.globals.len();
        lim[ValueTag::Block as usize] = f.blocks.len();
        lim[ValueTag::Meta as usize] = f.meta.len();
        lim[ValueTag::Asm as usize] = f.asms.len();
        lim
    }

    /// Whether `v`'s index is in bounds for its table and, for constants
    /// and globals, its type is in range. Indexing `lim` by tag keeps the
    /// common case free of a jump table.
    #[inline]
    pub(super) fn value_in_bounds(&self, v: Value, b: &Bounds) -> bool {
        let tag = v.tag();
        let i = v.index();
        if i >= b.lim[tag as usize] {
            return false;
        }
        match tag {
            ValueTag::Const if !b.consts_ok => self
                .f
                .consts
                .data
                .get(ConstId::from_index(i))
                .is_some_and(|c| c.ty.index() < self.types.len()),
            ValueTag::Global => self
                .m
                .globals
                .get(GlobalId::from_index(i))
                .is_some_and(|g| g.ptr_ty.is_some_and(|t| t.index() < self.types.len())),
            _ => true,
        }
    }

    /// Block operands where the opcode expects them; call records.
    pub(super) fn shape_inst(&self, i: Inst) -> Result<(), Located> {
        let f = self.f;
        let ops = f.inst_ops(i);
        let op = f.op(i);
        let problem = if ops.len() < min_operands(op) {
            Some("too few operands")
        } else {
            self.shape_problem(i, op, ops)
        };
        match problem {
            Some(what) => Err((self.loc(i), format!("malformed {}: {what}", op.name()))),
            None => Ok(()),
        }
    }

    /// Whether `shape_inst` passes, without building its message.
    #[inline]
    pub(super) fn shape_ok(&self, i: Inst, op: Opcode, ops: &[Value]) -> bool {
        ops.len() >= min_operands(op)
            && (!has_layout(op) || self.shape_problem(i, op, ops).is_none())
    }

    fn shape_problem(&self, i: Inst, op: Opcode, ops: &[Value]) -> Option<&'static str> {
        let f = self.f;
        let is_block = |v: &Value| (*v).tag() == ValueTag::Block;
        let all_blocks = |vs: &[Value]| vs.iter().all(is_block);
        let (ok, what) = match op {
            Opcode::Br => (
                match ops {
                    [d] => is_block(d),
                    [_, t, e] => is_block(t) && is_block(e),
                    _ => false,
                },
                "expected a label or a condition and two labels",
            ),
            Opcode::Switch => (
                ops.len().is_multiple_of(2) && ops[1..].iter().step_by(2).all(is_block),
                "expected a default label and (value, label) pairs",
            ),
            Opcode::IndirectBr => (all_blocks(&ops[1..]), "expected an address and labels"),
            Opcode::Phi => (
                ops.len().is_multiple_of(2) && ops.iter().skip(1).step_by(2).all(is_block),
                "expected (value, label) pairs",
            ),
            Opcode::Call | Opcode::Invoke | Opcode::CallBr => {
                let Some(ci) = f.calls.get(f.extra[i.index()] as usize) else {
                    return Some("missing call-site record");
                };
                if ci.fn_ty.index() >= self.types.len() {
                    return Some("call type out of range");
                }
                let fixed = 1 + ci.num_args as usize;
                let ok = match op {
                    Opcode::Call => ops.len() == fixed,
                    Opcode::Invoke => ops.len() == fixed + 2 && all_blocks(&ops[fixed..]),
                    _ => ops.len() > fixed && all_blocks(&ops[fixed..]),
                };
                (ok, "operand count does not match the call-site record")
            }
            Opcode::CatchRet => (
                ops.len() == 2 && is_block(&ops[1]),
                "expected a pad and a label",
            ),
            Opcode::CleanupRet => (
                !ops.is_empty() && ops.len() <= 2 && all_blocks(&ops[1..]),
                "expected a pad and an optional label",
            ),
            Opcode::CatchSwitch => (
                ops.len() >= 2 && all_blocks(&ops[1..]),
                "expected a parent and labels",
            ),
            Opcode::ExtractValue | Opcode::InsertValue => {
                let s = f.extra[i.index()] as usize;
                let ok = f
                    .aux
                    .get(s)
                    .is_some_and(|&len| s + 1 + len as usize <= f.aux.len());
                (ok, "index list out of range")
            }
            Opcode::Alloca | Opcode::GetElementPtr => (
                (f.extra[i.index()] as usize) < self.types.len(),
                "type operand out of range",
            ),
            _ => (true, ""),
        };
        (!ok).then_some(what)
    }
}

/// Limits for [`Fx::value_in_bounds`].
pub(super) struct Bounds {
    /// One past the largest valid index, by [`ValueTag`].
    pub lim: [usize; 8],
    pub ntypes: usize,
    /// Whether every constant of the body's pool has a type in range.
    pub consts_ok: bool,
}

/// Whether `shape_problem` checks anything for `op`.
#[inline]
fn has_layout(op: Opcode) -> bool {
    use Opcode as O;
    op.is_terminator()
        || matches!(
            op,
            O::Phi | O::Call | O::ExtractValue | O::InsertValue | O::Alloca | O::GetElementPtr
        )
}

/// The fewest operands each opcode has (the checks index below this).
#[inline]
fn min_operands(op: Opcode) -> usize {
    use Opcode as O;
    match op {
        O::InsertElement | O::ShuffleVector | O::CmpXchg | O::Select => 3,
        O::Switch
        | O::ExtractElement
        | O::InsertValue
        | O::Store
        | O::AtomicRmw
        | O::ICmp
        | O::FCmp => 2,
        _ if op.is_binary() => 2,
        _ if op.is_cast() => 1,
        O::Br
        | O::IndirectBr
        | O::Resume
        | O::FNeg
        | O::ExtractValue
        | O::Load
        | O::GetElementPtr
        | O::Freeze
        | O::VAArg
        | O::Call
        | O::Invoke
        | O::CallBr
        | O::Phi => 1,
        _ => 0,
    }
}
