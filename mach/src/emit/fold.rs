//! Folding of integer-valued constants and constant GEP offsets.
//!
//! LLVM folds constant expressions when it parses them, so an initializer
//! like `ptrtoint (ptr getelementptr (i8, ptr null, i64 8) to i64)` reaches
//! llc as `i64 8`; rcc keeps the expression, and this module computes the
//! value llc would have seen. Only integers of at most 128 bits and pointers
//! are folded; anything referring to a global does not fold.
//!
//! Invariant: an [`IntVal`]'s `val` is masked to its `bits`.

use rcc_ir::constant::{ConstId, ConstKind};
use rcc_ir::inst::{Opcode, GEP_INRANGE};
use rcc_ir::layout::DataLayout;
use rcc_ir::module::{GlobalId, Module};
use rcc_ir::types::{prim, Type, TypeId, TypeLookup};
use rcc_ir::value::{Value, ValueTag};

/// A folded integer (or pointer) value.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub(super) struct IntVal {
    pub bits: u32,
    pub val: u128,
}

impl IntVal {
    pub(super) fn new(bits: u32, val: u128) -> IntVal {
        IntVal {
            bits,
            val: val & mask(bits),
        }
    }

    /// The value sign-extended from its width.
    pub(super) fn sext(self) -> i128 {
        if self.bits == 0 || self.bits >= 128 {
            return self.val as i128;
        }
        let shift = 128 - self.bits;
        ((self.val << shift) as i128) >> shift
    }

    fn resize(self, bits: u32, signed: bool) -> IntVal {
        let v = if signed {
            self.sext() as u128
        } else {
            self.val
        };
        IntVal::new(bits, v)
    }
}

fn mask(bits: u32) -> u128 {
    if bits >= 128 {
        u128::MAX
    } else {
        (1u128 << bits) - 1
    }
}

/// Folds constants of one module.
pub(super) struct Folder<'a> {
    pub m: &'a Module,
    pub dl: &'a DataLayout,
}

/// The parts of a constant GEP: source element type, base and indices.
pub(super) struct Gep<'a> {
    pub source: TypeId,
    pub base: Value,
    pub indices: &'a [Value],
    pub inbounds: bool,
}

impl<'a> Folder<'a> {
    /// The width in bits of an integer or pointer type.
    pub(super) fn int_width(&self, ty: TypeId) -> Option<u32> {
        match self.m.types.get(ty) {
            Type::Int(n) => Some(n),
            Type::Ptr(_) | Type::TypedPtr { .. } => Some(self.dl.ptr_size * 8),
            _ => None,
        }
    }

    /// The type of a value of the module pool (pointers for globals).
    pub(super) fn type_of(&self, v: Value) -> TypeId {
        if let Some(c) = v.as_entity::<ConstId>(ValueTag::Const) {
            return self.m.consts.get(c).ty;
        }
        v.as_entity::<GlobalId>(ValueTag::Global)
            .and_then(|g| self.m.globals[g].ptr_ty)
            .unwrap_or(prim::PTR)
    }

    /// The GEP parts of constant `c`, if it is a GEP expression.
    pub(super) fn gep(&self, c: ConstId) -> Option<Gep<'a>> {
        let m: &'a Module = self.m;
        match m.consts.get(c).kind {
            ConstKind::Expr {
                op: Opcode::GetElementPtr,
                flags,
                aux,
                ..
            } => {
                let mut ops = m.consts.operands(c);
                if flags & GEP_INRANGE != 0 {
                    ops = ops.get(2..)?;
                }
                let (&base, indices) = ops.split_first()?;
                Some(Gep {
                    source: aux,
                    base,
                    indices,
                    inbounds: flags & rcc_ir::inst::GEP_INBOUNDS != 0,
                })
            }
            _ => None,
        }
    }

    /// The byte offset a GEP's indices add to its base (LLVM's
    /// `accumulateConstantOffset`), if every index folds.
    pub(super) fn gep_offset(&self, g: &Gep<'_>) -> Option<i64> {
        let t = &self.m.types;
        let idx = |v: Value| self.fold_int(v).map(|i| i.sext() as i64);
        let mut off: i64 = 0;
        let (&first, rest) = g.indices.split_first()?;
        let size = self.dl.alloc_size(t, g.source) as i64;
        off = off.wrapping_add(idx(first)?.wrapping_mul(size));
        let mut ty = g.source;
        for &i in rest {
            match t.get(ty) {
                Type::Struct { .. } | Type::Named { .. } => {
                    let k = usize::try_from(idx(i)?).ok()?;
                    let f = *t.fields(ty).get(k)?;
                    off = off.wrapping_add(self.dl.field_offset(t, ty, k) as i64);
                    ty = f;
                }
                Type::Array { elem, .. } | Type::Vector { elem, .. } => {
                    let size = self.dl.alloc_size(t, elem) as i64;
                    off = off.wrapping_add(idx(i)?.wrapping_mul(size));
                    ty = elem;
                }
                _ => return None,
            }
        }
        Some(off)
    }

    /// The integer value of `v`, if it folds to one.
    pub(super) fn fold_int(&self, v: Value) -> Option<IntVal> {
        let c: ConstId = v.as_entity(ValueTag::Const)?;
        let d = self.m.consts.get(c);
        // Only widths the folder's `u128` holds.
        let bits = self.int_width(d.ty).filter(|&b| b <= 128);
        match d.kind {
            ConstKind::Int(x) => Some(IntVal::new(bits?, x as u128)),
            ConstKind::BigInt(_) => {
                let bits = bits?;
                let w = self.m.consts.words_of(c);
                let lo = *w.first().unwrap_or(&0) as u128;
                let hi = *w.get(1).unwrap_or(&0) as u128;
                Some(IntVal::new(bits, lo | (hi << 64)))
            }
            ConstKind::Null | ConstKind::Zero => Some(IntVal::new(bits?, 0)),
            ConstKind::Expr { op, .. } => self.fold_expr(c, op, bits?),
            _ => None,
        }
    }

    fn fold_expr(&self, c: ConstId, op: Opcode, bits: u32) -> Option<IntVal> {
        let ops = self.m.consts.operands(c);
        let a = || ops.first().and_then(|&v| self.fold_int(v));
        let b = || ops.get(1).and_then(|&v| self.fold_int(v));
        Some(match op {
            Opcode::Trunc | Opcode::ZExt | Opcode::PtrToInt | Opcode::IntToPtr => {
                a()?.resize(bits, false)
            }
            Opcode::SExt => a()?.resize(bits, true),
            Opcode::AddrSpaceCast => a()?,
            Opcode::BitCast => {
                let v = *ops.first()?;
                match self.fold_int(v) {
                    Some(i) if i.bits == bits => i,
                    Some(_) => return None,
                    None => {
                        let d = self.m.consts.get(v.as_entity(ValueTag::Const)?);
                        match d.kind {
                            ConstKind::Float(f)
                                if self.dl.size_in_bits(&self.m.types, d.ty) == bits as u64 =>
                            {
                                IntVal::new(bits, f as u128)
                            }
                            _ => return None,
                        }
                    }
                }
            }
            Opcode::GetElementPtr => {
                let g = self.gep(c)?;
                let base = self.fold_int(g.base)?;
                let off = self.gep_offset(&g)?;
                IntVal::new(bits, base.val.wrapping_add(off as i128 as u128))
            }
            Opcode::Add | Opcode::Sub | Opcode::Mul | Opcode::Xor | Opcode::And | Opcode::Or => {
                let (x, y) = (a()?.val, b()?.val);
                let r = match op {
                    Opcode::Add => x.wrapping_add(y),
                    Opcode::Sub => x.wrapping_sub(y),
                    Opcode::Mul => x.wrapping_mul(y),
                    Opcode::Xor => x ^ y,
                    Opcode::And => x & y,
                    _ => x | y,
                };
                IntVal::new(bits, r)
            }
            Opcode::Shl | Opcode::LShr | Opcode::AShr => {
                let (x, y) = (a()?, b()?.val);
                if y >= bits as u128 {
                    return None;
                }
                let y = y as u32;
                match op {
                    Opcode::Shl => IntVal::new(bits, x.val << y),
                    Opcode::LShr => IntVal::new(bits, x.val >> y),
                    _ => IntVal::new(bits, (x.sext() >> y) as u128),
                }
            }
            _ => return None,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn int_vals() {
        let v = IntVal::new(8, 0x1ff);
        assert_eq!(v.val, 0xff);
        assert_eq!(v.sext(), -1);
        assert_eq!(v.resize(16, true).val, 0xffff);
        assert_eq!(v.resize(16, false).val, 0xff);
        assert_eq!(IntVal::new(128, u128::MAX).sext(), -1);
    }
}
