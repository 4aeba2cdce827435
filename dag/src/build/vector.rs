//! `<2 x float>`, the one vector type the System V struct ABI makes
//! common: clang passes and returns a struct of two (or the first two of
//! three or four) floats as `<2 x float>` in an XMM register, and at -O2
//! builds and takes such values apart with `insertelement`,
//! `extractelement` and `shufflevector`.
//!
//! The value type is `VT::V2F32` (8 bytes of SSE data in an XMM register).
//! Besides moves (loads, stores, phis, selects, calls, returns, bitcasts,
//! aggregate parts) the builder supports lane access with constant
//! indices (LLVM's `EXTRACT_VECTOR_ELT`/`INSERT_VECTOR_ELT`, the index an
//! operand), shuffles of two-lane vectors (as extracts and inserts), and
//! `fadd fsub fmul fdiv fneg` lane-wise (the target computes them with
//! packed instructions on the whole register). Anything else on a
//! `<2 x float>` is refused by name, before the scalar float code could
//! take the vector for a `double` (e.g. `frem` as a call of `fmod`).

use super::{unsupported, BResult, Builder};
use crate::node::SDValue;
use crate::opcode::Op;
use crate::vt::VT;
use rcc_ir::constant::{ConstId, ConstKind};
use rcc_ir::entity::EntityId;
use rcc_ir::inst::Opcode;
use rcc_ir::types::{Type, TypeId, TypeLookup};
use rcc_ir::{Inst, Value, ValueTag};

impl Builder<'_, '_> {
    /// Whether IR type `ty` is `<2 x float>`.
    fn is_v2f32(&self, ty: TypeId) -> bool {
        let types = &self.fl.m.types;
        matches!(types.get(ty), Type::Vector { len: 2, elem } if types.get(elem) == Type::Float)
    }

    /// Builds instruction `i` if it is a lane operation on `<2 x float>`;
    /// refuses any other instruction on `<2 x float>` values that the
    /// scalar paths would not move bit for bit. Returns whether it built
    /// `i`.
    pub(super) fn vector_inst(&mut self, i: Inst) -> BResult<bool> {
        let f = self.fl.f;
        let op = f.op(i);
        let ops = f.inst_ops(i);
        let result = self.is_v2f32(f.ty[i.index()]);
        let touches = result
            || ops.iter().any(|&v| {
                !matches!(v.tag(), ValueTag::Block | ValueTag::Meta)
                    && self.is_v2f32(self.value_ty(v))
            });
        if !touches {
            return Ok(false);
        }
        match op {
            Opcode::ExtractElement => {
                let v = self.get(ops[0])?;
                let lane = self.lane(ops[1])?;
                let k = self.dag.constant(VT::I64, lane);
                let x = self.dag.value(Op::ExtractVectorElt, VT::F32, &[v, k], 0);
                self.set(i, x);
            }
            Opcode::InsertElement => {
                let v = self.get(ops[0])?;
                let e = self.get(ops[1])?;
                let lane = self.lane(ops[2])?;
                let x = self.insert_lane(v, e, lane);
                self.set(i, x);
            }
            Opcode::ShuffleVector if result => {
                let srcs = [self.get(ops[0])?, self.get(ops[1])?];
                let mask = self.shuffle_mask(ops[2])?;
                let mut r = self.dag.value(Op::Undef, VT::V2F32, &[], 0);
                for (k, m) in mask.into_iter().enumerate() {
                    let Some(m) = m else { continue };
                    let lane = self.dag.constant(VT::I64, m % 2);
                    let e = self.dag.value(
                        Op::ExtractVectorElt,
                        VT::F32,
                        &[srcs[(m / 2) as usize], lane],
                        0,
                    );
                    r = self.insert_lane(r, e, k as u64);
                }
                self.set(i, r);
            }
            Opcode::FAdd | Opcode::FSub | Opcode::FMul | Opcode::FDiv if result => {
                let (a, b) = (self.get(ops[0])?, self.get(ops[1])?);
                let o = match op {
                    Opcode::FAdd => Op::FAdd,
                    Opcode::FSub => Op::FSub,
                    Opcode::FMul => Op::FMul,
                    _ => Op::FDiv,
                };
                let x = self.dag.value(o, VT::V2F32, &[a, b], 0);
                self.set(i, x);
            }
            Opcode::FNeg if result => {
                let a = self.get(ops[0])?;
                let x = self.dag.value(Op::FNeg, VT::V2F32, &[a], 0);
                self.set(i, x);
            }
            // Moves.
            Opcode::Load
            | Opcode::Store
            | Opcode::Phi
            | Opcode::Select
            | Opcode::Call
            | Opcode::Ret
            | Opcode::BitCast
            | Opcode::Freeze
            | Opcode::ExtractValue
            | Opcode::InsertValue => return Ok(false),
            other => {
                return unsupported(format!("the '{}' instruction on <2 x float>", other.name()));
            }
        }
        Ok(true)
    }

    fn insert_lane(&mut self, v: SDValue, e: SDValue, lane: u64) -> SDValue {
        let k = self.dag.constant(VT::I64, lane);
        self.dag
            .value(Op::InsertVectorElt, VT::V2F32, &[v, e, k], 0)
    }

    /// A constant lane index (0 or 1).
    fn lane(&self, v: Value) -> BResult<u64> {
        match super::const_int(self.fl.f, v) {
            Some(k @ (0 | 1)) => Ok(k),
            Some(_) => unsupported("a <2 x float> lane index out of range"),
            None => unsupported("a variable <2 x float> lane index"),
        }
    }

    /// The lanes of a two-lane shuffle mask (`None`: undefined).
    fn shuffle_mask(&self, m: Value) -> BResult<[Option<u64>; 2]> {
        let f = self.fl.f;
        let Some(c) = m.as_entity::<ConstId>(ValueTag::Const) else {
            return unsupported("a shufflevector mask that is not a constant");
        };
        let mut out = [None, None];
        match f.consts.get(c).kind {
            ConstKind::Zero => out = [Some(0), Some(0)],
            ConstKind::Undef | ConstKind::Poison => {}
            ConstKind::Aggregate(_) => {
                let elems = f.consts.operands(c);
                if elems.len() != 2 {
                    return unsupported("a shufflevector mask of other than two lanes");
                }
                for (k, &e) in elems.iter().enumerate() {
                    out[k] = match super::const_int(f, e) {
                        Some(x @ 0..=3) => Some(x),
                        Some(_) => return unsupported("a shufflevector lane out of range"),
                        None => None,
                    };
                }
            }
            _ => return unsupported("this kind of shufflevector mask"),
        }
        Ok(out)
    }
}
