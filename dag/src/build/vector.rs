//! Building the DAG of vector instructions.
//!
//! Every IR vector type gets a value type (`VT::Vector`), legal for the
//! target or not: the builder writes the IR's operations as they are
//! (`BuildVector` for constants, `SetCC` yielding `<N x i1>`, `Shuffle` with
//! its mask as operands, vector loads and stores carrying their alignment)
//! and [`crate::legalize`] rewrites illegal types and operations afterwards.
//! The only place the builder needs the target's type legality is the
//! number of registers a value occupies across blocks
//! ([`value_vregs`]): a value of a split type gets one virtual register
//! per part, consecutive, so legalization can address part `k` as the
//! first register plus `k`.
//!
//! `llvm.vector.reduce.*` is expanded here into log2(lanes) steps of
//! "shuffle the upper half down, combine", then lane 0 is extracted, the
//! shape llc produces for SSE2.

use super::{class, unsupported, BResult, Builder};
use crate::legalize;
use crate::lowering::{CallLowering, IselError};
use crate::node::SDValue;
use crate::opcode::{Cond, MemInfo, Op};
use crate::vt::VT;
use rcc_ir::constant::{ConstId, ConstKind};
use rcc_ir::entity::EntityId;
use rcc_ir::inst::{self, Opcode};
use rcc_ir::{Inst, Value, ValueTag};
use rcc_mach::{MachFunction, VReg};

/// How many virtual registers a value of type `vt` occupies across blocks
/// (1 for scalars), and allocates them consecutively; returns the first.
pub(super) fn value_vregs(
    lower: &dyn CallLowering,
    mf: &mut MachFunction,
    vt: VT,
) -> BResult<(VReg, u32)> {
    if !vt.is_vector() {
        return Ok((mf.new_vreg(class(lower, vt)?), 1));
    }
    let l = lower
        .legality()
        .and_then(|t| legalize::layout(t, vt))
        .ok_or_else(|| IselError::new(format!("vector type {vt}")))?;
    let c = class(lower, l.part)?;
    let first = mf.new_vreg(c);
    for k in 1..l.count {
        let v = mf.new_vreg(c);
        debug_assert_eq!(v.as_u32(), first.as_u32() + k);
    }
    Ok((first, l.count))
}

impl Builder<'_, '_> {
    /// A constant of vector type `vt`: a `BuildVector` of its lanes, or
    /// `Undef`.
    pub(super) fn vector_const(&mut self, c: ConstId, vt: VT) -> BResult<SDValue> {
        let data = self.fl.f.consts.get(c);
        let lanes = vt.lanes() as usize;
        let elem = vt.elem();
        let mut v = Vec::with_capacity(lanes);
        match data.kind {
            ConstKind::Undef | ConstKind::Poison => {
                return Ok(self.dag.value(Op::Undef, vt, &[], 0));
            }
            ConstKind::Zero | ConstKind::Null => {
                let z = self.scalar_zero(elem);
                v.resize(lanes, z);
            }
            ConstKind::Aggregate(_) => {
                for &e in self.fl.f.consts.operands(c) {
                    v.push(self.lane_const(e, elem)?);
                }
            }
            _ => return unsupported(format!("this kind of {vt} constant")),
        }
        if v.len() != lanes {
            return unsupported("a vector constant of the wrong length");
        }
        Ok(self.dag.value(Op::BuildVector, vt, &v, 0))
    }

    fn scalar_zero(&mut self, elem: VT) -> SDValue {
        if elem.is_float() {
            self.dag.value(Op::ConstantFP, elem, &[], 0)
        } else {
            self.dag.constant(elem, 0)
        }
    }

    /// One lane of a vector constant.
    fn lane_const(&mut self, e: Value, elem: VT) -> BResult<SDValue> {
        let Some(c) = e.as_entity::<ConstId>(ValueTag::Const) else {
            return unsupported("a vector constant with a non-constant lane");
        };
        Ok(match self.fl.f.consts.get(c).kind {
            ConstKind::Int(x) => self.dag.constant(elem, x),
            ConstKind::Float(bits) if elem.is_float() => {
                self.dag.value(Op::ConstantFP, elem, &[], bits)
            }
            ConstKind::Null | ConstKind::Zero => self.scalar_zero(elem),
            ConstKind::Undef | ConstKind::Poison => self.dag.value(Op::Undef, elem, &[], 0),
            _ => return unsupported("this kind of vector lane constant"),
        })
    }

    /// A lane index as an i64 value.
    fn lane_index(&mut self, v: Value) -> BResult<SDValue> {
        let x = self.get(v)?;
        Ok(match self.dag.vt(x) {
            VT::I64 => x,
            t if t.is_int() && t.bits() < 64 => self.dag.value(Op::ZeroExtend, VT::I64, &[x], 0),
            t => return unsupported(format!("a vector index of type {t}")),
        })
    }

    /// `extractelement`, `insertelement`, `shufflevector`.
    pub(super) fn vector_inst(&mut self, i: Inst) -> BResult<()> {
        let f = self.fl.f;
        let ops = f.inst_ops(i);
        let v = match f.op(i) {
            Opcode::ExtractElement => {
                let x = self.get(ops[0])?;
                let idx = self.lane_index(ops[1])?;
                let vt = self.dag.vt(x).elem();
                self.dag.value(Op::ExtractElt, vt, &[x, idx], 0)
            }
            Opcode::InsertElement => {
                let x = self.get(ops[0])?;
                let e = self.get(ops[1])?;
                let idx = self.lane_index(ops[2])?;
                let vt = self.dag.vt(x);
                self.dag.value(Op::InsertElt, vt, &[x, e, idx], 0)
            }
            Opcode::ShuffleVector => {
                let vt = self.vt(f.ty[i.index()])?;
                let (a, b) = (self.get(ops[0])?, self.get(ops[1])?);
                let mask = self.shuffle_mask(ops[2], vt.lanes())?;
                self.shuffle(vt, a, b, &mask)
            }
            other => return unsupported(format!("the '{}' instruction", other.name())),
        };
        self.set(i, v);
        Ok(())
    }

    /// The lanes of a `shufflevector` mask (`None` = undefined).
    fn shuffle_mask(&self, m: Value, lanes: u32) -> BResult<Vec<Option<u32>>> {
        let Some(c) = m.as_entity::<ConstId>(ValueTag::Const) else {
            return unsupported("a non-constant shuffle mask");
        };
        let consts = &self.fl.f.consts;
        Ok(match consts.get(c).kind {
            ConstKind::Zero => vec![Some(0); lanes as usize],
            ConstKind::Undef | ConstKind::Poison => vec![None; lanes as usize],
            ConstKind::Aggregate(_) => consts
                .operands(c)
                .iter()
                .map(|e| match e.as_entity::<ConstId>(ValueTag::Const) {
                    Some(k) => match consts.get(k).kind {
                        ConstKind::Int(x) => u32::try_from(x).ok(),
                        _ => None,
                    },
                    None => None,
                })
                .collect(),
            _ => return unsupported("this kind of shuffle mask"),
        })
    }

    /// A `Shuffle` node of type `vt` (mask lanes index `a` then `b`).
    pub(crate) fn shuffle(
        &mut self,
        vt: VT,
        a: SDValue,
        b: SDValue,
        mask: &[Option<u32>],
    ) -> SDValue {
        crate::legalize::shuffle_node(self.dag, vt, a, b, mask)
    }

    /// Vector `load`: the memory type is the vector's, the payload
    /// records the alignment.
    pub(super) fn vector_load(&mut self, i: Inst, vt: VT, addr: SDValue) -> BResult<()> {
        let flags = self.fl.f.flags[i.index()];
        let n = self.dag.node(
            Op::Load,
            &[vt, VT::Chain],
            &[self.chain, addr],
            mem_payload(vt, flags),
        );
        self.chain = SDValue::new(n, 1);
        self.set(i, SDValue::new(n, 0));
        Ok(())
    }

    /// Vector `store`.
    pub(super) fn vector_store(&mut self, i: Inst, v: SDValue, addr: SDValue) -> BResult<()> {
        let flags = self.fl.f.flags[i.index()];
        let vt = self.dag.vt(v);
        self.chain = self.dag.value(
            Op::Store,
            VT::Chain,
            &[self.chain, v, addr],
            mem_payload(vt, flags),
        );
        Ok(())
    }

    /// Casts with a vector operand or result.
    pub(super) fn vector_cast(&mut self, op: Opcode, x: SDValue, to: VT) -> BResult<SDValue> {
        let from = self.dag.vt(x);
        if from == to {
            return Ok(x);
        }
        let o = match op {
            Opcode::ZExt => Op::ZeroExtend,
            Opcode::SExt => Op::SignExtend,
            Opcode::Trunc => Op::Truncate,
            Opcode::BitCast => Op::Bitcast,
            Opcode::PtrToInt | Opcode::IntToPtr if from.lanes() == to.lanes() => {
                match from.elem().bits().cmp(&to.elem().bits()) {
                    std::cmp::Ordering::Less => Op::ZeroExtend,
                    _ => Op::Truncate,
                }
            }
            _ => return unsupported(format!("the '{}' instruction on {from} -> {to}", op.name())),
        };
        if o != Op::Bitcast && (from.lanes() != to.lanes() || !from.is_vector()) {
            return unsupported(format!("a cast from {from} to {to}"));
        }
        if o == Op::Bitcast && from.bits() != to.bits() {
            return unsupported(format!("a bitcast from {from} to {to}"));
        }
        Ok(self.dag.value(o, to, &[x], 0))
    }

    /// `llvm.vector.reduce.<op>.*`: halving steps of shuffle + op, then
    /// lane 0.
    pub(super) fn vector_reduce(&mut self, i: Inst, name: &str) -> BResult<()> {
        let kind = name
            .strip_prefix("llvm.vector.reduce.")
            .and_then(|r| r.split('.').next())
            .unwrap_or("");
        let ops = self.fl.f.inst_ops(i);
        let info = *self.fl.f.call_info(i);
        if info.num_args != 1 {
            return unsupported(format!("the intrinsic {name}"));
        }
        let mut x = self.get(ops[1])?;
        let vt = self.dag.vt(x);
        if !vt.is_int_vector() || !vt.lanes().is_power_of_two() {
            return unsupported(format!("the intrinsic {name} on {vt}"));
        }
        let step = |b: &mut Self, a: SDValue, c: SDValue| -> Option<SDValue> {
            let vt = b.dag.vt(a);
            let cmp = |b: &mut Self, cond: Cond| {
                let m = b
                    .dag
                    .value(Op::SetCC, vt.with_elem(VT::I1)?, &[a, c], cond as u64);
                Some(b.dag.value(Op::Select, vt, &[m, a, c], 0))
            };
            Some(match kind {
                "add" => b.dag.value(Op::Add, vt, &[a, c], 0),
                "mul" => b.dag.value(Op::Mul, vt, &[a, c], 0),
                "and" => b.dag.value(Op::And, vt, &[a, c], 0),
                "or" => b.dag.value(Op::Or, vt, &[a, c], 0),
                "xor" => b.dag.value(Op::Xor, vt, &[a, c], 0),
                "smax" => cmp(b, Cond::Sgt)?,
                "smin" => cmp(b, Cond::Slt)?,
                "umax" => cmp(b, Cond::Ugt)?,
                "umin" => cmp(b, Cond::Ult)?,
                _ => return None,
            })
        };
        let mut half = vt.lanes() / 2;
        while half > 0 {
            let mask: Vec<Option<u32>> = (0..vt.lanes())
                .map(|l| (l < half).then_some(l + half))
                .collect();
            let u = self.dag.value(Op::Undef, vt, &[], 0);
            let hi = self.shuffle(vt, x, u, &mask);
            x = step(self, x, hi).ok_or_else(|| IselError::new(format!("the intrinsic {name}")))?;
            half /= 2;
        }
        let zero = self.dag.constant(VT::I64, 0);
        let r = self.dag.value(Op::ExtractElt, vt.elem(), &[x, zero], 0);
        self.set(i, r);
        Ok(())
    }
}

/// The payload of a vector load or store: memory bits (0 when wider than
/// the field holds; legalization reads the type), volatility, alignment.
fn mem_payload(vt: VT, flags: u32) -> u64 {
    let info = MemInfo {
        mem_bits: if vt.bits() <= 128 { vt.bits() } else { 0 },
        ext: crate::opcode::Ext::None,
        volatile: flags & inst::VOLATILE != 0,
    };
    let align = match flags >> inst::ALIGN_SHIFT {
        0 => 1,
        a => 1u32 << (a - 1).min(30),
    };
    MemInfo::with_align(info.pack(), align)
}
