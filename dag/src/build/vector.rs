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

use super::aggregate::{self, is_bit_vector, is_lane_vector};
use super::{unsupported, BResult, Builder};
use crate::node::SDValue;
use crate::opcode::{Cond, FCond, Op};
use crate::vt::VT;
use rcc_ir::constant::{ConstId, ConstKind};
use rcc_ir::entity::EntityId;
use rcc_ir::inst::{self, Opcode};
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
        let m = self.fl.m;
        // The data operands (a shuffle's mask is a constant, not data).
        let data = if op == Opcode::ShuffleVector {
            &ops[..2]
        } else {
            ops
        };
        let values = || {
            data.iter()
                .filter(|v| !matches!(v.tag(), ValueTag::Block | ValueTag::Meta))
        };
        if is_lane_vector(m, f.ty[i.index()])
            || values().any(|&v| is_lane_vector(m, self.value_ty(v)))
        {
            return self.lane_inst(i);
        }
        let result = self.is_v2f32(f.ty[i.index()]);
        let touches = result || values().any(|&v| self.is_v2f32(self.value_ty(v)));
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

    /// Builds instruction `i` on vectors held as lanes (see
    /// `aggregate::is_lane_vector`), lane by lane; returns `Ok(false)` for
    /// what the aggregate code already moves (loads, stores, phis,
    /// selects, `freeze`).
    fn lane_inst(&mut self, i: Inst) -> BResult<bool> {
        let f = self.fl.f;
        let m = self.fl.m;
        let op = f.op(i);
        let ops = f.inst_ops(i);
        let ty = f.ty[i.index()];
        let v = match (op, super::bin_op(op)) {
            // Moved by the aggregate code; calls check their own operands
            // (only `llvm.vector.reduce.*` takes lanes).
            (
                Opcode::Load
                | Opcode::Store
                | Opcode::Phi
                | Opcode::Select
                | Opcode::Freeze
                | Opcode::Call
                | Opcode::Ret
                | Opcode::ExtractValue
                | Opcode::InsertValue,
                _,
            ) => return Ok(false),
            (_, Some(o)) => {
                let (a, b) = (self.lanes(ops[0])?, self.lanes(ops[1])?);
                let out: Vec<SDValue> = a
                    .iter()
                    .zip(&b)
                    .map(|(&x, &y)| {
                        let vt = self.dag.vt(x);
                        self.dag.value(o, vt, &[x, y], 0)
                    })
                    .collect();
                self.merge(&out)
            }
            (Opcode::FAdd | Opcode::FSub | Opcode::FMul | Opcode::FDiv, _) => {
                let o = match op {
                    Opcode::FAdd => Op::FAdd,
                    Opcode::FSub => Op::FSub,
                    Opcode::FMul => Op::FMul,
                    _ => Op::FDiv,
                };
                let (a, b) = (self.lanes(ops[0])?, self.lanes(ops[1])?);
                let out: Vec<SDValue> = a
                    .iter()
                    .zip(&b)
                    .map(|(&x, &y)| {
                        let vt = self.dag.vt(x);
                        self.dag.value(o, vt, &[x, y], 0)
                    })
                    .collect();
                self.merge(&out)
            }
            (Opcode::FNeg, _) => {
                let a = self.lanes(ops[0])?;
                let out: Vec<SDValue> = a
                    .iter()
                    .map(|&x| {
                        let vt = self.dag.vt(x);
                        self.dag.value(Op::FNeg, vt, &[x], 0)
                    })
                    .collect();
                self.merge(&out)
            }
            (Opcode::ICmp, _) => {
                let p = (f.flags[i.index()] >> inst::PRED_SHIFT) as u8;
                let cond = Cond::from_ir(p)
                    .ok_or_else(|| crate::lowering::IselError::new("an icmp predicate"))?;
                let (a, b) = (self.lanes(ops[0])?, self.lanes(ops[1])?);
                let out: Vec<SDValue> = a
                    .iter()
                    .zip(&b)
                    .map(|(&x, &y)| self.dag.value(Op::SetCC, VT::I1, &[x, y], cond as u64))
                    .collect();
                self.merge(&out)
            }
            (Opcode::FCmp, _) => {
                let p = (f.flags[i.index()] >> inst::PRED_SHIFT) as u8;
                let cond = FCond::from_ir(p)
                    .ok_or_else(|| crate::lowering::IselError::new("an fcmp predicate"))?;
                let (a, b) = (self.lanes(ops[0])?, self.lanes(ops[1])?);
                let out: Vec<SDValue> = a
                    .iter()
                    .zip(&b)
                    .map(|(&x, &y)| self.fsetcc(x, y, cond))
                    .collect();
                self.merge(&out)
            }
            (
                Opcode::ZExt | Opcode::SExt | Opcode::Trunc | Opcode::PtrToInt | Opcode::IntToPtr,
                _,
            ) if is_lane_vector(m, ty) => {
                let a = self.lanes(ops[0])?;
                let mut parts = Vec::new();
                aggregate::parts_of(m, self.fl.dl, ty, 0, &mut parts)?;
                if parts.len() != a.len() {
                    return unsupported("a vector cast that changes the lane count");
                }
                let mut out = Vec::with_capacity(a.len());
                for (&x, &(to, _)) in a.iter().zip(&parts) {
                    out.push(self.cast(op, x, to)?);
                }
                self.merge(&out)
            }
            (
                Opcode::SIToFP
                | Opcode::UIToFP
                | Opcode::FPToSI
                | Opcode::FPToUI
                | Opcode::FPExt
                | Opcode::FPTrunc,
                _,
            ) if is_lane_vector(m, ty) => {
                let a = self.lanes(ops[0])?;
                let mut parts = Vec::new();
                aggregate::parts_of(m, self.fl.dl, ty, 0, &mut parts)?;
                if parts.len() != a.len() {
                    return unsupported("a vector conversion that changes the lane count");
                }
                let mut out = Vec::with_capacity(a.len());
                for (&x, &(to, _)) in a.iter().zip(&parts) {
                    out.push(match op {
                        Opcode::SIToFP | Opcode::UIToFP => {
                            self.int_to_fp(x, to, op == Opcode::SIToFP)?
                        }
                        Opcode::FPToSI | Opcode::FPToUI => {
                            self.fp_to_int(x, to, op == Opcode::FPToSI)?
                        }
                        Opcode::FPExt => self.dag.value(Op::FpExtend, to, &[x], 0),
                        _ => self.dag.value(Op::FpRound, to, &[x], 0),
                    });
                }
                self.merge(&out)
            }
            (Opcode::BitCast, _) => self.bitcast_through_memory(ops[0], ty)?,
            (Opcode::ExtractElement, _) => {
                let a = self.lanes(ops[0])?;
                match super::const_int(f, ops[1]) {
                    Some(k) if (k as usize) < a.len() => a[k as usize],
                    Some(_) => self.dag.value(Op::Undef, self.vt(ty)?, &[], 0),
                    None => unsupported("extractelement with a variable index")?,
                }
            }
            (Opcode::InsertElement, _) => {
                let mut a = self.lanes(ops[0])?;
                let e = self.get(ops[1])?;
                match super::const_int(f, ops[2]) {
                    Some(k) if (k as usize) < a.len() => a[k as usize] = e,
                    Some(_) => {}
                    None => return unsupported("insertelement with a variable index"),
                }
                self.merge(&a)
            }
            (Opcode::ShuffleVector, _) => {
                let mut src = self.lanes(ops[0])?;
                src.extend(self.lanes(ops[1])?);
                let mask = self.lane_mask(ops[2])?;
                let evt = match src.first() {
                    Some(&x) => self.dag.vt(x),
                    None => return unsupported("a shuffle of empty vectors"),
                };
                let out: Vec<SDValue> = mask
                    .into_iter()
                    .map(|k| match k.and_then(|k| src.get(k as usize)) {
                        Some(&x) => x,
                        None => self.dag.value(Op::Undef, evt, &[], 0),
                    })
                    .collect();
                self.merge(&out)
            }
            (other, None) => {
                let t = self.type_name_of(ty, ops);
                return unsupported(format!("the '{}' instruction on {t}", other.name()));
            }
        };
        self.set(i, v);
        Ok(true)
    }

    /// The lanes of vector operand `v`.
    fn lanes(&mut self, v: Value) -> BResult<Vec<SDValue>> {
        let x = self.get(v)?;
        Ok(self.parts(x))
    }

    /// The vector type an instruction works on (its result or first
    /// vector operand), spelled for a message.
    fn type_name_of(&self, ty: TypeId, ops: &[Value]) -> String {
        let m = self.fl.m;
        let t = if is_lane_vector(m, ty) {
            ty
        } else {
            ops.iter()
                .map(|&v| self.value_ty(v))
                .find(|&t| is_lane_vector(m, t))
                .unwrap_or(ty)
        };
        super::type_name(m, t)
    }

    /// The lanes of a shuffle mask (`None`: undefined).
    fn lane_mask(&self, m: Value) -> BResult<Vec<Option<u64>>> {
        let f = self.fl.f;
        let Some(c) = m.as_entity::<ConstId>(ValueTag::Const) else {
            return unsupported("a shufflevector mask that is not a constant");
        };
        let len = match self.fl.m.types.get(f.consts.get(c).ty) {
            Type::Vector { len, .. } => len as usize,
            _ => return unsupported("a shufflevector mask that is not a vector"),
        };
        Ok(match f.consts.get(c).kind {
            ConstKind::Zero => vec![Some(0); len],
            ConstKind::Undef | ConstKind::Poison => vec![None; len],
            ConstKind::Aggregate(_) => f
                .consts
                .operands(c)
                .iter()
                .map(|&e| super::const_int(f, e))
                .collect(),
            _ => return unsupported("this kind of shufflevector mask"),
        })
    }

    /// `bitcast` to or from a vector held as lanes: stored as the source
    /// type into a stack temporary and loaded back as the result type
    /// (both have the same size; LLVM legalizes the same way).
    pub(super) fn bitcast_through_memory(&mut self, v: Value, to: TypeId) -> BResult<SDValue> {
        let m = self.fl.m;
        let dl = self.fl.dl;
        let from = self.value_ty(v);
        if is_bit_vector(m, from) || is_bit_vector(m, to) {
            return self.bitcast_bit_vector(v, to);
        }
        let size = dl.alloc_size(&m.types, to);
        let x = self.get(v)?;
        let fi = self
            .mf
            .frame
            .create(size.max(1), 16, rcc_mach::FrameKind::Local);
        let slot = self
            .dag
            .value(Op::FrameIndex, VT::I64, &[], fi.as_u32() as u64);
        let mut parts = Vec::new();
        aggregate::parts_of(m, dl, from, 0, &mut parts)?;
        for (&p, &(_, off)) in self.parts(x).iter().zip(&parts) {
            let a = self.add_offset(slot, off as i64);
            self.store_scalar(p, a, false);
        }
        parts.clear();
        aggregate::parts_of(m, dl, to, 0, &mut parts)?;
        let mut out = Vec::with_capacity(parts.len());
        for &(vt, off) in &parts {
            let a = self.add_offset(slot, off as i64);
            out.push(self.load_scalar(vt, a, false));
        }
        Ok(if aggregate::is_aggregate(m, to) {
            self.merge(&out)
        } else {
            out.first()
                .copied()
                .ok_or_else(|| crate::lowering::IselError::new("an empty bitcast"))?
        })
    }

    /// `bitcast` between a vector of i1 lanes and an integer of as many
    /// bits (lane k is bit k, as in memory): lanes are zero-extended,
    /// shifted into place and or-ed; bits are shifted down and truncated.
    fn bitcast_bit_vector(&mut self, v: Value, to: TypeId) -> BResult<SDValue> {
        let m = self.fl.m;
        let from = self.value_ty(v);
        let x = self.get(v)?;
        let i1_lanes = |t: TypeId| match m.types.get(t) {
            Type::Vector { len, elem } if m.types.get(elem) == Type::Int(1) => Some(len),
            _ => None,
        };
        let int_bits = |t: TypeId| match m.types.get(t) {
            Type::Int(n) => Some(n),
            _ => None,
        };
        match (i1_lanes(from), int_bits(to), int_bits(from), i1_lanes(to)) {
            (Some(n), Some(b), _, _) if n == b => {
                let vt = self.vt(to)?;
                let mut acc = self.dag.constant(vt, 0);
                for (k, lane) in self.parts(x).into_iter().enumerate() {
                    let w = self.dag.value(Op::ZeroExtend, vt, &[lane], 0);
                    let sh = self.dag.constant(VT::I8, k as u64);
                    let w = self.dag.value(Op::Shl, vt, &[w, sh], 0);
                    acc = self.dag.value(Op::Or, vt, &[acc, w], 0);
                }
                Ok(acc)
            }
            (_, _, Some(b), Some(n)) if n == b => {
                let vt = self.dag.vt(x);
                let mut lanes = Vec::with_capacity(n as usize);
                for k in 0..n {
                    let sh = self.dag.constant(VT::I8, u64::from(k));
                    let w = self.dag.value(Op::Srl, vt, &[x, sh], 0);
                    lanes.push(self.dag.value(Op::Truncate, VT::I1, &[w], 0));
                }
                Ok(self.merge(&lanes))
            }
            _ => unsupported("a bitcast of a vector of sub-byte lanes to another shape"),
        }
    }

    /// Intrinsic calls on vectors held as lanes: `llvm.vector.reduce.*`
    /// (`add mul and or xor smax smin umax umin`, folded lane by lane) and
    /// the lane-wise `llvm.fmuladd` (multiply, then add, as for scalars),
    /// `llvm.{s,u}{max,min}`; any other intrinsic on lanes is refused.
    /// Returns whether `i` was built.
    pub(super) fn vector_intrinsic(&mut self, i: Inst, name: &str) -> BResult<bool> {
        let f = self.fl.f;
        let m = self.fl.m;
        let nargs = f.call_info(i).num_args as usize;
        let args = &f.inst_ops(i)[1..1 + nargs];
        let lanes_in = args
            .iter()
            .any(|&a| a.tag() != ValueTag::Meta && is_lane_vector(m, self.value_ty(a)));
        if !lanes_in {
            return Ok(false);
        }
        let fam = name
            .strip_prefix("llvm.")
            .and_then(|r| r.split('.').next())
            .unwrap_or("");
        let v = if let Some(rest) = name.strip_prefix("llvm.vector.reduce.") {
            let op = rest.split('.').next().unwrap_or("");
            let lanes = self.lanes(args[0])?;
            let Some((&first, rest)) = lanes.split_first() else {
                return unsupported(format!("{name} of an empty vector"));
            };
            let mut acc = first;
            for &x in rest {
                acc = self.combine(op, acc, x).ok_or_else(|| {
                    crate::lowering::IselError::new(format!("the intrinsic {name}"))
                })?;
            }
            acc
        } else if matches!(fam, "smax" | "smin" | "umax" | "umin") {
            let (a, b) = (self.lanes(args[0])?, self.lanes(args[1])?);
            let mut out = Vec::with_capacity(a.len());
            for (&x, &y) in a.iter().zip(&b) {
                out.push(self.combine(fam, x, y).ok_or_else(|| {
                    crate::lowering::IselError::new(format!("the intrinsic {name}"))
                })?);
            }
            self.merge(&out)
        } else if fam == "fmuladd" {
            let (a, b, c) = (
                self.lanes(args[0])?,
                self.lanes(args[1])?,
                self.lanes(args[2])?,
            );
            let mut out = Vec::with_capacity(a.len());
            for ((&x, &y), &z) in a.iter().zip(&b).zip(&c) {
                let vt = self.dag.vt(x);
                if !vt.is_float() {
                    return unsupported(format!("the intrinsic {name}"));
                }
                let p = self.dag.value(Op::FMul, vt, &[x, y], 0);
                out.push(self.dag.value(Op::FAdd, vt, &[p, z], 0));
            }
            self.merge(&out)
        } else {
            return unsupported(format!("the intrinsic {name} on vectors"));
        };
        self.set(i, v);
        Ok(true)
    }

    /// `a op b` for a reduction or lane-wise min/max (`None`: not one).
    fn combine(&mut self, op: &str, a: SDValue, b: SDValue) -> Option<SDValue> {
        let vt = self.dag.vt(a);
        if !vt.is_int() {
            return None;
        }
        Some(match op {
            "add" | "mul" | "and" | "or" | "xor" => {
                let o = match op {
                    "add" => Op::Add,
                    "mul" => Op::Mul,
                    "and" => Op::And,
                    "or" => Op::Or,
                    _ => Op::Xor,
                };
                self.dag.value(o, vt, &[a, b], 0)
            }
            "smax" | "smin" | "umax" | "umin" => {
                let cond = match op {
                    "smax" => Cond::Sgt,
                    "smin" => Cond::Slt,
                    "umax" => Cond::Ugt,
                    _ => Cond::Ult,
                };
                let c = self.dag.value(Op::SetCC, VT::I1, &[a, b], cond as u64);
                self.dag.value(Op::Select, vt, &[c, a, b], 0)
            }
            _ => return None,
        })
    }
}
