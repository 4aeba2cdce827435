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
use crate::lowering::{ArgValue, CallLowering, IselError};
use crate::node::SDValue;
use crate::opcode::{Cond, FCond, MemInfo, Op};
use crate::vt::VT;
use rcc_ir::constant::{ConstId, ConstKind};
use rcc_ir::entity::EntityId;
use rcc_ir::inst::{self, Opcode};
use rcc_ir::types::{Type, TypeId, TypeLookup};
use rcc_ir::{Inst, Value, ValueTag};
use rcc_mach::{MachFunction, VReg};

/// How many virtual registers a value of type `vt` occupies across blocks
/// (1 for scalars, the halves of a wide integer), and allocates them
/// consecutively; returns the first.
pub(super) fn value_vregs(
    lower: &dyn CallLowering,
    mf: &mut MachFunction,
    vt: VT,
) -> BResult<(VReg, u32)> {
    if !vt.is_vector() {
        // One register, or consecutive halves of a wide integer.
        let r = super::wide::value_vreg(mf, lower, vt)?;
        return Ok((r, legalize::num_regs(vt)));
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

/// The type of the one register a value of type `vt` is passed or
/// returned in: `vt` itself, or for a vector the legal type holding it
/// (`<2 x i32>` in a `v4i32`, lanes in the low part, as LLVM passes it).
/// Vectors needing several registers, and vectors of `i1` (whose lanes
/// the legalizer keeps as 0/-1, which a caller does not promise), are
/// refused.
pub(crate) fn register_vt(lower: &dyn CallLowering, vt: VT) -> BResult<VT> {
    if !vt.is_vector() {
        return Ok(vt);
    }
    match lower.legality().and_then(|t| legalize::layout(t, vt)) {
        Some(l) if l.count == 1 && l.part.is_vector() && l.how != legalize::How::Promote => {
            Ok(l.part)
        }
        _ => unsupported(format!("a {vt} argument or return value")),
    }
}

/// The number of registers a value of IR type `ty` takes when it is a
/// vector (its layout's part count); 1 otherwise.
pub(super) fn vector_parts(
    fl: &super::FunctionLowering<'_>,
    lower: &dyn CallLowering,
    ty: TypeId,
) -> BResult<u32> {
    if !matches!(fl.m.types.get(ty), Type::Vector { .. }) {
        return Ok(1);
    }
    let vt = super::scalar_vt(fl.m, fl.dl, ty, "a vector")?;
    lower
        .legality()
        .and_then(|t| legalize::layout(t, vt))
        .map(|l| l.count)
        .ok_or_else(|| IselError::new(format!("vector type {vt}")))
}

/// The register layout of a vector passed or returned by value: one
/// register per legal part, the lanes of a widened type in the low lanes
/// of its one register (as LLVM passes them: `<8 x i32>` in two XMM
/// registers, `<2 x float>` in one). `<N x i1>` is refused: its lanes
/// would be whatever the other side leaves in the promoted register, not
/// the 0/-1 the legalizer keeps.
fn call_layout(lower: &dyn CallLowering, vt: VT) -> BResult<legalize::Layout> {
    match lower.legality().and_then(|t| legalize::layout(t, vt)) {
        Some(l) if l.part.is_vector() && l.how != legalize::How::Promote => Ok(l),
        _ => unsupported(format!("a {vt} argument or return value")),
    }
}

/// The register types of a value of type `vt` passed or returned by value:
/// `vt` itself for a scalar, a vector's legal parts (see [`call_layout`]).
pub(crate) fn register_types(lower: &dyn CallLowering, vt: VT) -> BResult<Vec<VT>> {
    if !vt.is_vector() {
        return Ok(vec![vt]);
    }
    let l = call_layout(lower, vt)?;
    Ok(vec![l.part; l.count as usize])
}

/// Checks that the parts of each multi-register vector argument
/// (`(first, count)` in `vectors`) are consecutive virtual registers:
/// legalization names part j as the first plus j.
pub(super) fn check_consecutive(vals: &[ArgValue], vectors: &[(usize, usize)]) -> BResult<()> {
    for &(first, n) in vectors {
        let Some(&ArgValue::Reg(r)) = vals.get(first) else {
            return unsupported("a vector argument in memory");
        };
        for k in 1..n {
            let ok = matches!(vals.get(first + k),
                Some(&ArgValue::Reg(q)) if q.as_u32() == r.as_u32() + k as u32);
            if !ok {
                return unsupported("a vector argument in scattered registers");
            }
        }
    }
    Ok(())
}

impl Builder<'_, '_> {
    /// `vals` with each vector needing several registers replaced by its
    /// parts (in lane order), for a call's arguments or a return.
    pub(super) fn vector_register_parts(&mut self, vals: &[SDValue]) -> BResult<Vec<SDValue>> {
        let mut out = Vec::with_capacity(vals.len());
        for &v in vals {
            let vt = self.dag.vt(v);
            if !vt.is_vector() {
                out.push(v);
                continue;
            }
            let l = call_layout(self.lower, vt)?;
            if l.count == 1 {
                out.push(v);
                continue;
            }
            let per = l.per_part(vt);
            let u = self.dag.value(Op::Undef, vt, &[], 0);
            for k in 0..l.count {
                let mask: Vec<Option<u32>> = (0..l.part.lanes())
                    .map(|i| Some(k * per + i).filter(|&x| x < vt.lanes()))
                    .collect();
                out.push(self.shuffle(l.part, v, u, &mask));
            }
        }
        Ok(out)
    }

    /// The register types of returned values of types `vts`: a vector's
    /// legal parts.
    pub(super) fn vector_register_types(&self, vts: &[VT]) -> BResult<Vec<VT>> {
        let mut out = Vec::with_capacity(vts.len());
        for &vt in vts {
            if vt.is_vector() {
                let l = call_layout(self.lower, vt)?;
                out.extend(std::iter::repeat_n(l.part, l.count as usize));
            } else {
                out.push(vt);
            }
        }
        Ok(out)
    }

    /// The values of types `vts` from registers `regs` as
    /// [`Builder::vector_register_types`] laid them out.
    pub(super) fn vector_from_registers(&mut self, vts: &[VT], regs: &[SDValue]) -> Vec<SDValue> {
        let mut out = Vec::with_capacity(vts.len());
        let mut next = regs.iter().copied();
        for &vt in vts {
            if !vt.is_vector() {
                out.extend(next.next());
                continue;
            }
            let count = call_layout(self.lower, vt).map_or(1, |l| l.count);
            let mut parts: Vec<SDValue> = next.by_ref().take(count as usize).collect();
            // Concatenate pairwise up to one vector holding every lane.
            while parts.len() > 1 {
                let mut joined = Vec::with_capacity(parts.len().div_ceil(2));
                for pair in parts.chunks(2) {
                    let pt = self.dag.vt(pair[0]);
                    let wide = pt.with_lanes(2 * pt.lanes()).unwrap_or(pt);
                    let b = match pair.get(1) {
                        Some(&b) => b,
                        None => self.dag.value(Op::Undef, pt, &[], 0),
                    };
                    let mask: Vec<Option<u32>> = (0..wide.lanes()).map(Some).collect();
                    joined.push(self.shuffle(wide, pair[0], b, &mask));
                }
                parts = joined;
            }
            if let Some(&r) = parts.first() {
                out.push(self.vector_from_register(vt, r));
            }
        }
        out
    }

    /// The IR value of type `vt` held in register value `r` of its
    /// [`register_vt`]: the low lanes.
    pub(super) fn vector_from_register(&mut self, vt: VT, r: SDValue) -> SDValue {
        let rt = self.dag.vt(r);
        if rt == vt {
            return r;
        }
        let mask: Vec<Option<u32>> = (0..vt.lanes()).map(Some).collect();
        let u = self.dag.value(Op::Undef, rt, &[], 0);
        self.shuffle(vt, r, u, &mask)
    }

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
            // A global's address.
            return self.get(e);
        };
        Ok(match self.fl.f.consts.get(c).kind {
            ConstKind::Int(x) => self.dag.constant(elem, x),
            ConstKind::Float(bits) if elem.is_float() => {
                self.dag.value(Op::ConstantFP, elem, &[], bits)
            }
            ConstKind::Null | ConstKind::Zero => self.scalar_zero(elem),
            ConstKind::Undef | ConstKind::Poison => self.dag.value(Op::Undef, elem, &[], 0),
            // A constant expression (an address, usually).
            _ => return self.get(e),
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
        if o == Op::Bitcast && from.bits() != to.bits() && !mask_bits_cast(from, to) {
            return unsupported(format!("a bitcast from {from} to {to}"));
        }
        Ok(self.dag.value(o, to, &[x], 0))
    }

    /// Whether instruction `i` yields or reads a vector.
    pub(super) fn is_vector_inst(&self, i: Inst) -> bool {
        let f = self.fl.f;
        let vec = |t: TypeId| matches!(self.fl.m.types.get(t), Type::Vector { .. });
        vec(f.ty[i.index()])
            || f.inst_ops(i)
                .first()
                .is_some_and(|&v| vec(self.value_ty(v)))
    }

    /// A vector of type `vt` with every lane the integer `v`.
    fn splat_int(&mut self, vt: VT, v: u64) -> SDValue {
        let c = self.dag.constant(vt.elem(), v);
        let lanes = vec![c; vt.lanes() as usize];
        self.dag.value(Op::BuildVector, vt, &lanes, 0)
    }

    /// The intrinsics on vectors: `llvm.vector.reduce.*`, and the ones with
    /// a vector operand: `fmuladd`, `fabs`, `sqrt`, `smin`/`smax`/`umin`/
    /// `umax` (compare and select), `abs`. `false`: not one of these.
    pub(super) fn vector_intrinsic(&mut self, i: Inst, name: &str) -> BResult<bool> {
        if name.starts_with("llvm.vector.reduce.") {
            self.vector_reduce(i, name)?;
            return Ok(true);
        }
        let f = self.fl.f;
        let ops = f.inst_ops(i);
        let nargs = f.call_info(i).num_args as usize;
        let Some(&first) = ops.get(1).filter(|_| nargs >= 1) else {
            return Ok(false);
        };
        let x = self.get(first)?;
        let vt = self.dag.vt(x);
        if !vt.is_vector() {
            return Ok(false);
        }
        let base = name
            .strip_prefix("llvm.")
            .and_then(|r| r.split('.').next())
            .unwrap_or("");
        let v = match (base, nargs) {
            ("fmuladd", 3) => {
                let (y, z) = (self.get(ops[2])?, self.get(ops[3])?);
                let m = self.dag.value(Op::FMul, vt, &[x, y], 0);
                self.dag.value(Op::FAdd, vt, &[m, z], 0)
            }
            ("fabs", 1) => self.dag.value(Op::FAbs, vt, &[x], 0),
            ("sqrt", 1) => self.dag.value(Op::FSqrt, vt, &[x], 0),
            ("smin" | "smax" | "umin" | "umax", 2) if vt.is_int_vector() => {
                let y = self.get(ops[2])?;
                let cond = match base {
                    "smin" => Cond::Slt,
                    "smax" => Cond::Sgt,
                    "umin" => Cond::Ult,
                    _ => Cond::Ugt,
                };
                let mt = vt.with_elem(VT::I1).unwrap_or(vt);
                let m = self.dag.value(Op::SetCC, mt, &[x, y], cond as u64);
                self.dag.value(Op::Select, vt, &[m, x, y], 0)
            }
            ("abs", 2) if vt.is_int_vector() => {
                // (x ^ s) - s with s = x >> (bits - 1), arithmetic.
                let sh = self.splat_int(vt, u64::from(vt.elem().bits() - 1));
                let s = self.dag.value(Op::Sra, vt, &[x, sh], 0);
                let t = self.dag.value(Op::Xor, vt, &[x, s], 0);
                self.dag.value(Op::Sub, vt, &[t, s], 0)
            }
            _ => return unsupported(format!("the intrinsic {name}")),
        };
        self.set(i, v);
        Ok(true)
    }

    /// Float instructions on vectors: arithmetic, `fcmp` (a vector of
    /// `i1`), and conversions lane by lane. Conversions the scalar
    /// selector lacks are widened first: narrow integers through `i32`
    /// lanes, unsigned ones through the next wider signed type.
    pub(super) fn vector_float_inst(&mut self, i: Inst) -> BResult<()> {
        let f = self.fl.f;
        let ops = f.inst_ops(i);
        let op = f.op(i);
        let to = self.vt(f.ty[i.index()])?;
        let x = self.get(ops[0])?;
        let from = self.dag.vt(x);
        let ext = |b: &mut Self, x: SDValue, bits: u32, signed: bool| -> BResult<SDValue> {
            let vt = b.dag.vt(x);
            if vt.elem().bits() >= bits {
                return Ok(x);
            }
            let t = VT::int(bits)
                .and_then(|e| vt.with_elem(e))
                .ok_or_else(|| IselError::new("a vector conversion"))?;
            let o = if signed {
                Op::SignExtend
            } else {
                Op::ZeroExtend
            };
            Ok(b.dag.value(o, t, &[x], 0))
        };
        let v = match op {
            Opcode::FNeg => self.dag.value(Op::FNeg, to, &[x], 0),
            Opcode::FAdd | Opcode::FSub | Opcode::FMul | Opcode::FDiv => {
                let y = self.get(ops[1])?;
                let o = match op {
                    Opcode::FAdd => Op::FAdd,
                    Opcode::FSub => Op::FSub,
                    Opcode::FMul => Op::FMul,
                    _ => Op::FDiv,
                };
                self.dag.value(o, to, &[x, y], 0)
            }
            Opcode::FCmp => {
                let p = (f.flags[i.index()] >> inst::PRED_SHIFT) as u8;
                let cond = FCond::from_ir(p).ok_or_else(|| IselError::new("an fcmp predicate"))?;
                let y = self.get(ops[1])?;
                match cond {
                    FCond::False | FCond::True => {
                        let c = self.dag.constant(VT::I1, (cond == FCond::True) as u64);
                        let lanes = vec![c; to.lanes() as usize];
                        self.dag.value(Op::BuildVector, to, &lanes, 0)
                    }
                    c => self.dag.value(Op::FSetCC, to, &[x, y], c as u64),
                }
            }
            Opcode::FPExt => self.dag.value(Op::FpExtend, to, &[x], 0),
            Opcode::FPTrunc => self.dag.value(Op::FpRound, to, &[x], 0),
            Opcode::SIToFP | Opcode::UIToFP => {
                let signed = op == Opcode::SIToFP;
                let bits = from.elem().bits();
                let src = match (bits, signed) {
                    (1..=16, _) => ext(self, x, 32, signed)?,
                    (32, false) => ext(self, x, 64, false)?,
                    (64, false) => {
                        return self.by_lanes(i, to, x, |b, e| b.int_to_fp(e, to.elem(), false))
                    }
                    _ => x,
                };
                self.dag.value(Op::SintToFp, to, &[src], 0)
            }
            Opcode::FPToSI | Opcode::FPToUI => {
                let signed = op == Opcode::FPToSI;
                let bits = to.elem().bits();
                let wide = match (bits, signed) {
                    (1..=16, _) => 32,
                    (32, false) => 64,
                    (64, false) => {
                        return self.by_lanes(i, to, x, |b, e| b.fp_to_int(e, to.elem(), false))
                    }
                    _ => bits,
                };
                let wt = VT::int(wide)
                    .and_then(|e| to.with_elem(e))
                    .ok_or_else(|| IselError::new("a vector conversion"))?;
                let r = self.dag.value(Op::FpToSint, wt, &[x], 0);
                if wt == to {
                    r
                } else {
                    self.dag.value(Op::Truncate, to, &[r], 0)
                }
            }
            other => return unsupported(format!("the '{}' instruction on {from}", other.name())),
        };
        self.set(i, v);
        Ok(())
    }

    /// A `getelementptr` yielding a vector of pointers: lane-wise address
    /// arithmetic on `i64` lanes (a scalar base or index is splat, narrower
    /// index lanes sign-extended, scaled by a shift or a multiply, constant
    /// offsets summed and added last). Struct indices must be scalar
    /// constants.
    pub(super) fn vector_gep(&mut self, i: Inst) -> BResult<SDValue> {
        let f = self.fl.f;
        let types = &self.fl.m.types;
        let dl = self.fl.dl;
        let ops = f.inst_ops(i);
        let rt = self.vt(f.ty[i.index()])?;
        let lanes = rt.lanes();
        let to_lanes = |b: &mut Self, x: SDValue| -> BResult<SDValue> {
            let t = b.dag.vt(x);
            if t.is_vector() {
                if t.lanes() != lanes || !t.is_int_vector() {
                    return unsupported(format!("a getelementptr operand of type {t}"));
                }
                return Ok(match t.elem().bits().cmp(&64) {
                    std::cmp::Ordering::Less => b.dag.value(Op::SignExtend, rt, &[x], 0),
                    _ => x,
                });
            }
            let x = match t.bits().cmp(&64) {
                std::cmp::Ordering::Less => b.dag.value(Op::SignExtend, VT::I64, &[x], 0),
                std::cmp::Ordering::Equal => x,
                std::cmp::Ordering::Greater => {
                    return unsupported("a getelementptr index wider than 64 bits")
                }
            };
            let v = vec![x; lanes as usize];
            Ok(b.dag.value(Op::BuildVector, rt, &v, 0))
        };
        let base = self.get(ops[0])?;
        let mut addr = to_lanes(self, base)?;
        let mut ty = TypeId::from_u32(f.extra[i.index()]);
        let mut offset: u64 = 0;
        for (k, &idx) in ops[1..].iter().enumerate() {
            if k > 0 {
                match types.get(ty) {
                    Type::Struct { .. } | Type::Named { .. } => {
                        let Some(field) = super::const_int(f, idx) else {
                            return unsupported("a vector getelementptr's struct index");
                        };
                        offset = offset.wrapping_add(dl.field_offset(types, ty, field as usize));
                        ty = types.fields(ty)[field as usize];
                        continue;
                    }
                    Type::Array { elem, .. } | Type::Vector { elem, .. } => ty = elem,
                    _ => return unsupported("getelementptr through this type"),
                }
            }
            let size = dl.alloc_size(types, ty);
            if let Some(c) = super::const_int(f, idx) {
                let bits = self.vt(self.value_ty(idx))?.bits().clamp(1, 64);
                let sh = 64 - bits;
                let c = (((c << sh) as i64) >> sh) as u64;
                offset = offset.wrapping_add(c.wrapping_mul(size));
                continue;
            }
            let x = self.get(idx)?;
            let mut x = to_lanes(self, x)?;
            if size.is_power_of_two() && size > 1 {
                let s = self.splat_int(rt, u64::from(size.trailing_zeros()));
                x = self.dag.value(Op::Shl, rt, &[x, s], 0);
            } else if size != 1 {
                let s = self.splat_int(rt, size);
                x = self.dag.value(Op::Mul, rt, &[x, s], 0);
            }
            addr = self.dag.value(Op::Add, rt, &[addr, x], 0);
        }
        if offset != 0 {
            let c = self.splat_int(rt, offset);
            addr = self.dag.value(Op::Add, rt, &[addr, c], 0);
        }
        Ok(addr)
    }

    /// Sets `i` to the vector of type `to` whose lanes are `f` of the lanes
    /// of `x` (scalar expansions the vector rules lack).
    fn by_lanes(
        &mut self,
        i: Inst,
        to: VT,
        x: SDValue,
        mut f: impl FnMut(&mut Self, SDValue) -> BResult<SDValue>,
    ) -> BResult<()> {
        let from = self.dag.vt(x);
        let mut lanes = Vec::with_capacity(to.lanes() as usize);
        for l in 0..to.lanes() {
            let idx = self.dag.constant(VT::I64, u64::from(l));
            let e = self.dag.value(Op::ExtractElt, from.elem(), &[x, idx], 0);
            lanes.push(f(self, e)?);
        }
        let v = self.dag.value(Op::BuildVector, to, &lanes, 0);
        self.set(i, v);
        Ok(())
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

/// Whether a bitcast between `a` and `b` is one of an `<N x i1>` and an
/// `iN` whose value type is wider (an odd width promoted to the next
/// legal integer, kept zero-extended).
pub(crate) fn mask_bits_cast(a: VT, b: VT) -> bool {
    let one =
        |v: VT, i: VT| v.elem() == VT::I1 && v.is_vector() && i.is_int() && i.bits() >= v.lanes();
    one(a, b) || one(b, a)
}

/// The payload of a vector load or store: memory bits (0 when wider than
/// the field holds; legalization reads the type), volatility, alignment.
fn mem_payload(vt: VT, flags: u32) -> u64 {
    let info = MemInfo {
        mem_bits: if vt.bits() <= 128 { vt.bits() } else { 0 },
        ext: crate::opcode::Ext::None,
        volatile: flags & inst::VOLATILE != 0,
        segment: crate::Segment::None,
    };
    let align = match flags >> inst::ALIGN_SHIFT {
        0 => 1,
        a => 1u32 << (a - 1).min(30),
    };
    MemInfo::with_align(info.pack(), align)
}
