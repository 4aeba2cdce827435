//! First-class aggregates (struct and array values): `extractvalue`,
//! `insertvalue`, loads and stores of small structs, aggregate phis,
//! selects, calls and returns, `zeroinitializer`/`undef`/literal aggregate
//! constants.
//!
//! Representation (LLVM's `ComputeValueVTs`): an aggregate value is the
//! list of its scalar *parts*, the leaves of its type in memory order, each
//! with a value type and a byte offset ([`parts_of`]). In a block's DAG the
//! builder holds it as one `MergeValues` node whose operands are the parts
//! ([`Builder::merge`]); that node is only a handle and is never reachable
//! from the root. Every consumer takes the parts apart
//! ([`Builder::parts`]): a load is one load per part at its offset, a store
//! one store per part, a select one select per part, a call or return one
//! register per part, `extractvalue`/`insertvalue` pick or replace a range
//! of parts ([`part_range`]). Across blocks an aggregate lives in
//! consecutive virtual registers, one per part (two for an `i128` part; the
//! first is recorded, see [`new_vregs`]); an aggregate phi is one machine
//! PHI per register.
//!
//! Aggregate call arguments and formal parameters are split into their
//! parts, each an argument of its own (LLVM's rule; clang passes structs
//! as scalars or `byval` pointers, other front ends may not).
//!
//! Limits: at most [`MAX_PARTS`] parts (a bigger value is an `IselError`;
//! clang never makes one). An odd-width integer field is a promoted part,
//! loaded and stored through its own bytes.

use super::{scalar_vt, unsupported, BResult, Builder, FunctionLowering};
use crate::lowering::{CallLowering, IselError};
use crate::node::SDValue;
use crate::opcode::Op;
use crate::vt::VT;
use rcc_ir::constant::{ConstId, ConstKind};
use rcc_ir::entity::EntityId;
use rcc_ir::inst::{self, Opcode};
use rcc_ir::layout::DataLayout;
use rcc_ir::types::{Type, TypeId, TypeLookup};
use rcc_ir::{Inst, Module};
use rcc_mach::{MachFunction, VReg};

/// Most scalar parts an aggregate value may have.
pub const MAX_PARTS: usize = 1024;

/// Whether `ty` is a struct or array type.
pub fn is_aggregate(m: &Module, ty: TypeId) -> bool {
    matches!(
        m.types.get(ty),
        Type::Struct { .. } | Type::Named { .. } | Type::Array { .. }
    )
}

/// Appends the scalar parts of a value of type `ty` stored at byte offset
/// `off`: (value type, offset), in memory order.
pub fn parts_of(
    m: &Module,
    dl: &DataLayout,
    ty: TypeId,
    off: u64,
    out: &mut Vec<(VT, u64)>,
) -> BResult<()> {
    let types = &m.types;
    match types.get(ty) {
        Type::Struct { .. } | Type::Named { .. } => {
            for (k, &ft) in types.fields(ty).iter().enumerate() {
                parts_of(m, dl, ft, off + dl.field_offset(types, ty, k), out)?;
            }
        }
        Type::Array { len, elem } => {
            let start = out.len();
            parts_of(m, dl, elem, off, out)?;
            let n = out.len() - start;
            if n > 0 && len > 1 {
                if (len as usize).saturating_mul(n) > MAX_PARTS {
                    return too_big();
                }
                let size = dl.alloc_size(types, elem);
                for j in 1..len {
                    for k in start..start + n {
                        let (vt, o) = out[k];
                        out.push((vt, o + j * size));
                    }
                }
            }
        }
        // An odd-width field is a promoted part (kept zero-extended, see
        // `promote`); loads and stores of it touch its own bytes only
        // ([`odd_part_bits`]).
        Type::Int(n) if super::promote::promoted(n).is_some() => {
            out.push((super::promote::promoted(n).expect("checked"), off));
        }
        _ => out.push((scalar_vt(m, dl, ty, "an aggregate field")?, off)),
    }
    if out.len() > MAX_PARTS {
        return too_big();
    }
    Ok(())
}

/// The IR width of each part of `ty` that is an odd-width integer (0 for
/// the other parts), in the order of [`parts_of`].
fn odd_part_bits(m: &Module, ty: TypeId, out: &mut Vec<u32>) {
    let types = &m.types;
    match types.get(ty) {
        Type::Struct { .. } | Type::Named { .. } => {
            for &ft in types.fields(ty) {
                odd_part_bits(m, ft, out);
            }
        }
        Type::Array { len, elem } => {
            let start = out.len();
            odd_part_bits(m, elem, out);
            let n = out.len() - start;
            for _ in 1..len.min(MAX_PARTS as u64 + 1) {
                out.extend_from_within(start..start + n);
            }
        }
        Type::Int(n) if super::promote::promoted(n).is_some() => out.push(n),
        _ => {
            // One entry per scalar part (an i128 is one part too).
            out.push(0)
        }
    }
}

fn too_big<T>() -> BResult<T> {
    unsupported(format!(
        "an aggregate value of more than {MAX_PARTS} scalar parts"
    ))
}

/// The number of scalar parts of type `ty` (saturating).
fn count_parts(m: &Module, ty: TypeId) -> u64 {
    let types = &m.types;
    match types.get(ty) {
        Type::Struct { .. } | Type::Named { .. } => types
            .fields(ty)
            .iter()
            .fold(0u64, |n, &f| n.saturating_add(count_parts(m, f))),
        Type::Array { len, elem } => len.saturating_mul(count_parts(m, elem)),
        _ => 1,
    }
}

/// The parts `start..start + len` of an aggregate of type `ty` that the
/// `extractvalue`/`insertvalue` index path `path` names.
pub fn part_range(m: &Module, ty: TypeId, path: &[u32]) -> BResult<(usize, usize)> {
    let types = &m.types;
    let mut ty = ty;
    let mut start = 0u64;
    for &k in path {
        match types.get(ty) {
            Type::Struct { .. } | Type::Named { .. } => {
                let fields = types.fields(ty);
                let Some(&f) = fields.get(k as usize) else {
                    return unsupported("an aggregate index out of range");
                };
                start += fields[..k as usize]
                    .iter()
                    .map(|&f| count_parts(m, f))
                    .sum::<u64>();
                ty = f;
            }
            Type::Array { elem, .. } => {
                start += u64::from(k) * count_parts(m, elem);
                ty = elem;
            }
            _ => return unsupported("an aggregate index into a scalar"),
        }
    }
    Ok((start as usize, count_parts(m, ty) as usize))
}

/// Virtual registers for a value of type `ty` that crosses blocks: one for
/// a scalar, one per part (consecutive) for an aggregate; the first is
/// returned.
pub(super) fn new_vregs(
    fl: &FunctionLowering<'_>,
    mf: &mut MachFunction,
    lower: &dyn CallLowering,
    ty: TypeId,
    what: &str,
) -> BResult<VReg> {
    if !is_aggregate(fl.m, ty) {
        // A wide integer takes consecutive registers for its halves.
        let vt = scalar_vt(fl.m, fl.dl, ty, what)?;
        // A vector may take several registers, a wide integer its halves.
        return Ok(super::vector::value_vregs(lower, mf, vt)?.0);
    }
    let mut parts = Vec::new();
    parts_of(fl.m, fl.dl, ty, 0, &mut parts)?;
    let mut first = None;
    let mut next = 0;
    for &(vt, _) in &parts {
        // A vector part lives in the one register of its legal type; a
        // wide part takes consecutive registers for its halves.
        let vt = super::vector::register_vt(lower, vt)?;
        let v = super::wide::value_vreg(mf, lower, vt)?;
        debug_assert!(first.is_none_or(|f: VReg| f.as_u32() + next == v.as_u32()));
        next += crate::legalize::num_regs(vt);
        first.get_or_insert(v);
    }
    first.ok_or_else(|| IselError::new(format!("{what} of an empty aggregate type")))
}

/// The `k`-th of the consecutive registers starting at `r`.
pub(super) fn nth_vreg(r: VReg, k: usize) -> VReg {
    VReg::from_u32(r.as_u32() + k as u32)
}

impl Builder<'_, '_> {
    /// The aggregate handle of `parts`.
    pub(super) fn merge(&mut self, parts: &[SDValue]) -> SDValue {
        let vts: Vec<VT> = parts.iter().map(|&p| self.dag.vt(p)).collect();
        SDValue::new(self.dag.node(Op::MergeValues, &vts, parts, 0), 0)
    }

    /// The scalar parts of `v`: the operands of an aggregate handle, or `v`
    /// itself.
    pub(super) fn parts(&self, v: SDValue) -> Vec<SDValue> {
        if self.dag.op_of(v) == Op::MergeValues {
            self.dag.operands(v.node()).to_vec()
        } else {
            vec![v]
        }
    }

    /// The parts (type, offset) of type `ty`.
    fn layout_parts(&self, ty: TypeId) -> BResult<Vec<(VT, u64)>> {
        let mut out = Vec::new();
        parts_of(self.fl.m, self.fl.dl, ty, 0, &mut out)?;
        Ok(out)
    }

    /// The value of type `ty` held in the register(s) starting at `r`.
    pub(super) fn read_vregs(&mut self, r: VReg, ty: TypeId) -> BResult<SDValue> {
        if !is_aggregate(self.fl.m, ty) {
            let vt = self.vt(ty)?;
            return Ok(self.copy_from(r, vt));
        }
        let mut next = 0;
        let parts: Vec<SDValue> = self
            .layout_parts(ty)?
            .iter()
            .map(|&(vt, _)| {
                let v = self.copy_from(nth_vreg(r, next), vt);
                next += crate::legalize::num_regs(vt) as usize;
                v
            })
            .collect();
        Ok(self.merge(&parts))
    }

    /// An aggregate constant of type `ty`.
    pub(super) fn const_aggregate(&mut self, c: ConstId, ty: TypeId) -> BResult<SDValue> {
        let f = self.fl.f;
        let layout = self.layout_parts(ty)?;
        let parts: Vec<SDValue> = match f.consts.get(c).kind {
            ConstKind::Zero | ConstKind::Null => {
                layout.iter().map(|&(vt, _)| self.zero(vt)).collect()
            }
            ConstKind::Undef | ConstKind::Poison => layout
                .iter()
                .map(|&(vt, _)| self.dag.value(Op::Undef, vt, &[], 0))
                .collect(),
            ConstKind::Aggregate(_) => {
                let mut parts = Vec::with_capacity(layout.len());
                for &e in f.consts.operands(c) {
                    let v = self.get(e)?;
                    parts.extend(self.parts(v));
                }
                parts
            }
            ConstKind::CString(s) => {
                let bytes = rcc_ir::span::unescape(s.text(&self.fl.m.text));
                bytes
                    .iter()
                    .map(|&b| self.dag.constant(VT::I8, b as u64))
                    .collect()
            }
            _ => return unsupported("this kind of aggregate constant"),
        };
        if parts.len() != layout.len() {
            return unsupported("an aggregate constant that does not match its type");
        }
        Ok(self.merge(&parts))
    }

    /// The zero of a part type.
    fn zero(&mut self, vt: VT) -> SDValue {
        if vt.is_float() {
            SDValue::new(self.dag.node(Op::ConstantFP, &[vt], &[], 0), 0)
        } else {
            self.dag.constant(vt, 0)
        }
    }

    /// Builds instruction `i` if it makes, takes apart or moves an
    /// aggregate (returns whether it did).
    pub(super) fn aggregate_inst(&mut self, i: Inst) -> BResult<bool> {
        let f = self.fl.f;
        let m = self.fl.m;
        let ops = f.inst_ops(i);
        let ty = f.ty[i.index()];
        match f.op(i) {
            Opcode::ExtractValue => {
                let agg_ty = self.value_ty(ops[0]);
                let agg = self.get(ops[0])?;
                let parts = self.parts(agg);
                let (start, len) = part_range(m, agg_ty, f.aux_list(i))?;
                let Some(sub) = parts.get(start..start + len) else {
                    return unsupported("an extractvalue outside its aggregate");
                };
                let v = if is_aggregate(m, ty) {
                    self.merge(sub)
                } else {
                    sub[0]
                };
                self.set(i, v);
            }
            Opcode::InsertValue => {
                let agg = self.get(ops[0])?;
                let elt = self.get(ops[1])?;
                let mut parts = self.parts(agg);
                let (start, len) = part_range(m, ty, f.aux_list(i))?;
                let new = self.parts(elt);
                if start + len > parts.len() || new.len() != len {
                    return unsupported("an insertvalue outside its aggregate");
                }
                parts.splice(start..start + len, new);
                let v = self.merge(&parts);
                self.set(i, v);
            }
            Opcode::Load if is_aggregate(m, ty) => {
                let flags = f.flags[i.index()];
                if flags & inst::ATOMIC != 0 {
                    return unsupported("atomic load of an aggregate");
                }
                let addr = self.get(ops[0])?;
                let mut parts = Vec::new();
                let mut odd = Vec::new();
                odd_part_bits(m, ty, &mut odd);
                let volatile = flags & inst::VOLATILE != 0;
                for (k, (vt, off)) in self.layout_parts(ty)?.into_iter().enumerate() {
                    let a = self.add_offset(addr, off as i64);
                    parts.push(match odd.get(k) {
                        Some(&n) if n != 0 => self.odd_load(vt, n, a, volatile)?,
                        _ => self.load_scalar(vt, a, volatile),
                    });
                }
                let v = self.merge(&parts);
                self.set(i, v);
            }
            Opcode::Store if is_aggregate(m, self.value_ty(ops[0])) => {
                let flags = f.flags[i.index()];
                if flags & inst::ATOMIC != 0 {
                    return unsupported("atomic store of an aggregate");
                }
                let vty = self.value_ty(ops[0]);
                let v = self.get(ops[0])?;
                let addr = self.get(ops[1])?;
                let parts = self.parts(v);
                let mut odd = Vec::new();
                odd_part_bits(m, vty, &mut odd);
                let volatile = flags & inst::VOLATILE != 0;
                for (k, (&p, (_, off))) in parts.iter().zip(self.layout_parts(vty)?).enumerate() {
                    let a = self.add_offset(addr, off as i64);
                    match odd.get(k) {
                        Some(&n) if n != 0 => self.odd_store(n, p, a, volatile),
                        _ => self.store_scalar(p, a, volatile),
                    }
                }
            }
            Opcode::Select if is_aggregate(m, ty) => {
                let c = self.get(ops[0])?;
                let (x, y) = (self.get(ops[1])?, self.get(ops[2])?);
                let (xs, ys) = (self.parts(x), self.parts(y));
                let parts: Vec<SDValue> = xs
                    .iter()
                    .zip(&ys)
                    .map(|(&a, &b)| {
                        let vt = self.dag.vt(a);
                        self.dag.value(Op::Select, vt, &[c, a, b], 0)
                    })
                    .collect();
                let v = self.merge(&parts);
                self.set(i, v);
            }
            Opcode::Freeze if is_aggregate(m, ty) => {
                let v = self.get(ops[0])?;
                self.set(i, v);
            }
            _ => return Ok(false),
        }
        Ok(true)
    }
}
