//! Initializer bytes (LLVM's `emitGlobalConstant`): every constant is laid
//! out at its allocation size, little-endian, with struct padding and tail
//! padding as zeros.
//!
//! Directive choice follows llc where the streamer interface can express it:
//! `.zero N[,B]` for `zeroinitializer`, `undef` and byte-repeating simple
//! arrays; `.ascii`/`.asciz` (via `emit_bytes`) for `i8` arrays;
//! `.byte`/`.short`/`.long`/`.quad` for integers, floating-point bits and
//! relocatable values. Integers wider than 64 bits are written as 64-bit
//! chunks then the remaining bytes; `x86_fp80` as its 64-bit significand
//! and 16-bit sign/exponent.
//!
//! Invariant: each call writes exactly `alloc_size` of the constant's type.

use super::{EmitResult, ModuleEmitter};
use rcc_ir::constant::{ConstId, ConstKind};
use rcc_ir::inst::Opcode;
use rcc_ir::module::GlobalId;
use rcc_ir::types::{Type, TypeId, TypeLookup};
use rcc_ir::value::{Value, ValueTag};
use rcc_mc::Streamer;

impl ModuleEmitter<'_> {
    /// Emits constant `v` (part of `owner`'s initializer).
    pub(super) fn emit_constant(
        &self,
        owner: GlobalId,
        v: Value,
        out: &mut dyn Streamer,
    ) -> EmitResult<()> {
        let f = self.folder();
        let ty = f.type_of(v);
        let t = &self.m.types;
        let size = self.dl.alloc_size(t, ty);
        let mc = self.mc(owner);
        let Some(c) = v.as_entity::<ConstId>(ValueTag::Const) else {
            let e = self.lower(owner, v, out)?;
            return self.emit_expr(owner, e, size, out);
        };
        let aggregate = matches!(
            t.get(ty),
            Type::Array { .. } | Type::Struct { .. } | Type::Named { .. } | Type::Vector { .. }
        );
        if f.undef_kind(v).is_some() || (aggregate && f.is_null(v)) {
            return zeros(size, out).map_err(mc);
        }
        let store = self.dl.store_size(t, ty);
        match self.m.consts.get(c).kind {
            ConstKind::Int(x) => {
                emit_int(x, store, out).map_err(&mc)?;
                zeros(size - store, out).map_err(mc)
            }
            ConstKind::Float(x) => {
                emit_int(x, store, out).map_err(&mc)?;
                zeros(size - store, out).map_err(mc)
            }
            ConstKind::BigInt(_) | ConstKind::BigFloat(_) => {
                let words = self.m.consts.words_of(c);
                let mut left = store;
                for &w in words {
                    if left == 0 {
                        break;
                    }
                    let n = left.min(8);
                    emit_int(w, n, out).map_err(&mc)?;
                    left -= n;
                }
                zeros(left + size - store, out).map_err(mc)
            }
            ConstKind::Null | ConstKind::Zero => {
                emit_int(0, store, out).map_err(&mc)?;
                zeros(size - store, out).map_err(mc)
            }
            ConstKind::CString(s) => {
                let bytes = super::symbols::cstring_bytes(self.m, s);
                if bytes.len() as u64 != size {
                    return Err(self.invalid(owner, "string constant does not match its type"));
                }
                emit_data_sequential(&bytes, 1, true, out).map_err(mc)
            }
            ConstKind::Aggregate(_) => self.emit_aggregate(owner, c, ty, size, out),
            ConstKind::Expr {
                op: Opcode::BitCast,
                ..
            } => {
                let op = *self
                    .m
                    .consts
                    .operands(c)
                    .first()
                    .ok_or_else(|| self.invalid(owner, "malformed bitcast expression"))?;
                if self.dl.alloc_size(t, f.type_of(op)) != size {
                    return Err(self.unsupported(owner, "bitcast between types of different sizes"));
                }
                self.emit_constant(owner, op, out)
            }
            ConstKind::Expr { .. } if size > 8 => match f.fold_int(v) {
                Some(i) => {
                    let words = [i.val as u64, (i.val >> 64) as u64];
                    let mut left = store;
                    for w in words {
                        let n = left.min(8);
                        emit_int(w, n, out).map_err(&mc)?;
                        left -= n;
                    }
                    zeros(left + size - store, out).map_err(mc)
                }
                None => Err(self.unsupported(owner, "constant expression wider than 64 bits")),
            },
            ConstKind::NoneToken => Err(self.invalid(owner, "token value in an initializer")),
            _ => {
                let e = self.lower(owner, v, out)?;
                self.emit_expr(owner, e, size, out)
            }
        }
    }

    /// A relocatable value of `size` bytes.
    fn emit_expr(
        &self,
        owner: GlobalId,
        e: rcc_mc::ExprId,
        size: u64,
        out: &mut dyn Streamer,
    ) -> EmitResult<()> {
        match size {
            1 | 2 | 4 | 8 => out.emit_value(e, size as u8).map_err(self.mc(owner)),
            _ => match out.ctx().exprs.as_constant(e) {
                Some(k) => emit_int(k as u64, size.min(8), out)
                    .and_then(|_| zeros(size.saturating_sub(8), out))
                    .map_err(self.mc(owner)),
                None => {
                    Err(self.unsupported(owner, format!("a relocatable value of {size} bytes")))
                }
            },
        }
    }

    fn emit_aggregate(
        &self,
        owner: GlobalId,
        c: ConstId,
        ty: TypeId,
        size: u64,
        out: &mut dyn Streamer,
    ) -> EmitResult<()> {
        let t = &self.m.types;
        let ops = self.m.consts.operands(c);
        let mc = self.mc(owner);
        let count_ok = |len: u64| ops.len() as u64 == len;
        match t.get(ty) {
            Type::Array { len, .. } if !count_ok(len) => {
                Err(self.invalid(owner, "array constant does not match its type"))
            }
            Type::Vector { len, .. } if !count_ok(len as u64) => {
                Err(self.invalid(owner, "vector constant does not match its type"))
            }
            Type::Array { elem, .. } => {
                if let Some(bytes) = self.simple_data(ops, elem) {
                    let esize = self.dl.alloc_size(t, elem);
                    let is_string = matches!(t.get(elem), Type::Int(8));
                    emit_data_sequential(&bytes, esize, is_string, out).map_err(&mc)?;
                    return zeros(size - bytes.len() as u64, out).map_err(mc);
                }
                let mut done = 0;
                for &e in ops {
                    self.emit_constant(owner, e, out)?;
                    done += self.dl.alloc_size(t, elem);
                }
                zeros(size.saturating_sub(done), out).map_err(mc)
            }
            Type::Struct { .. } | Type::Named { .. } => {
                let fields = t.fields(ty);
                if fields.len() != ops.len() {
                    return Err(self.invalid(owner, "struct constant does not match its type"));
                }
                let offsets = self.field_offsets(ty);
                for (i, (&e, &fty)) in ops.iter().zip(fields).enumerate() {
                    self.emit_constant(owner, e, out)?;
                    let end = offsets.get(i + 1).copied().unwrap_or(size);
                    let pad = end
                        .saturating_sub(offsets[i])
                        .saturating_sub(self.dl.alloc_size(t, fty));
                    zeros(pad, out).map_err(&mc)?;
                }
                Ok(())
            }
            Type::Vector { len, elem } => {
                let bits = self.dl.size_in_bits(t, elem);
                if bits == self.dl.alloc_size(t, elem) * 8 {
                    for &e in ops {
                        self.emit_constant(owner, e, out)?;
                    }
                    let done = len as u64 * self.dl.alloc_size(t, elem);
                    return zeros(size.saturating_sub(done), out).map_err(mc);
                }
                let bytes = self.packed_vector(owner, ops, bits)?;
                let store = self.dl.store_size(t, ty);
                for chunk in bytes[..store as usize].chunks(8) {
                    let mut w = [0u8; 8];
                    w[..chunk.len()].copy_from_slice(chunk);
                    emit_int(u64::from_le_bytes(w), chunk.len() as u64, out).map_err(&mc)?;
                }
                zeros(size - store, out).map_err(mc)
            }
            _ => Err(self.invalid(owner, "aggregate constant of a non-aggregate type")),
        }
    }

    /// The bytes of an array LLVM keeps as `ConstantDataArray`: elements of
    /// `i8`..`i64` or `half`..`double`, each a plain number.
    fn simple_data(&self, ops: &[Value], elem: TypeId) -> Option<Vec<u8>> {
        let t = &self.m.types;
        let esize = match t.get(elem) {
            Type::Int(b @ (8 | 16 | 32 | 64)) => b as usize / 8,
            Type::Half | Type::BFloat => 2,
            Type::Float => 4,
            Type::Double => 8,
            _ => return None,
        };
        let f = self.folder();
        let mut bytes = Vec::with_capacity(ops.len() * esize);
        for &e in ops {
            let c = e.as_entity::<ConstId>(ValueTag::Const)?;
            let x = match self.m.consts.get(c).kind {
                ConstKind::Int(x) | ConstKind::Float(x) => x,
                ConstKind::Expr { .. } => f.fold_int(e)?.val as u64,
                _ => return None,
            };
            bytes.extend_from_slice(&x.to_le_bytes()[..esize]);
        }
        Some(bytes)
    }

    /// A vector whose elements are not byte-sized (`<8 x i1>`, `<3 x i24>`,
    /// `x86_fp80` elements), packed bit after bit as LLVM's bitcast folding
    /// does, as bytes (at least the store size).
    fn packed_vector(&self, owner: GlobalId, ops: &[Value], bits: u64) -> EmitResult<Vec<u8>> {
        let f = self.folder();
        let total = bits * ops.len() as u64;
        let mut bytes = vec![0u8; total.div_ceil(8) as usize + 16];
        let mut pos = 0u64;
        for &e in ops {
            let odd = || self.unsupported(owner, "vector of odd-sized non-constant elements");
            let c = e.as_entity::<ConstId>(ValueTag::Const).ok_or_else(odd)?;
            let words: Vec<u64> = if f.undef_kind(e).is_some() || f.is_null(e) {
                Vec::new()
            } else {
                match self.m.consts.get(c).kind {
                    ConstKind::Int(x) | ConstKind::Float(x) => vec![x],
                    ConstKind::BigInt(_) | ConstKind::BigFloat(_) => {
                        self.m.consts.words_of(c).to_vec()
                    }
                    _ => {
                        let i = f.fold_int(e).ok_or_else(odd)?;
                        vec![i.val as u64, (i.val >> 64) as u64]
                    }
                }
            };
            for b in 0..bits {
                let w = words.get((b / 64) as usize).copied().unwrap_or(0);
                if (w >> (b % 64)) & 1 != 0 {
                    let p = pos + b;
                    bytes[(p / 8) as usize] |= 1 << (p % 8);
                }
            }
            pos += bits;
        }
        Ok(bytes)
    }

    /// Byte offsets of every field of a struct type.
    fn field_offsets(&self, ty: TypeId) -> Vec<u64> {
        let t = &self.m.types;
        (0..t.fields(ty).len())
            .map(|i| self.dl.field_offset(t, ty, i))
            .collect()
    }
}

/// `count` zero bytes (nothing for zero).
fn zeros(count: u64, out: &mut dyn Streamer) -> Result<(), rcc_mc::McError> {
    if count == 0 {
        return Ok(());
    }
    out.emit_fill(count, 0)
}

/// The low `size` bytes of `x` zero-extended, little-endian: one directive
/// for sizes 1, 2, 4 and 8, otherwise pieces of the largest power of two
/// below the size left (at most 8 bytes), as llvm-mc splits them (`i24` is
/// `.short` then `.byte`).
fn emit_int(x: u64, size: u64, out: &mut dyn Streamer) -> Result<(), rcc_mc::McError> {
    if matches!(size, 1 | 2 | 4 | 8) {
        let e = out.ctx().exprs.constant(x as i64);
        return out.emit_value(e, size as u8);
    }
    let mut done = 0;
    while done < size {
        let left = size - done;
        let piece = (1u64 << (63 - left.min(size - 1).leading_zeros())).min(8);
        // Bytes past the eighth are the zero extension.
        let rest = if done < 8 { x >> (done * 8) } else { 0 };
        let v = rest & (u64::MAX >> (64 - piece * 8));
        let e = out.ctx().exprs.constant(v as i64);
        out.emit_value(e, piece as u8)?;
        done += piece;
    }
    Ok(())
}

/// A `ConstantDataSequential`: `.zero N,B` if every byte is the same (and
/// there is more than one), the bytes of an `i8` array as a string, else
/// element by element.
fn emit_data_sequential(
    bytes: &[u8],
    esize: u64,
    is_string: bool,
    out: &mut dyn Streamer,
) -> Result<(), rcc_mc::McError> {
    if let Some((&b, rest)) = bytes.split_first() {
        if !rest.is_empty() && rest.iter().all(|&x| x == b) {
            return out.emit_fill(bytes.len() as u64, b);
        }
    }
    if is_string || esize == 1 {
        return out.emit_bytes(bytes);
    }
    for chunk in bytes.chunks(esize as usize) {
        let mut w = [0u8; 8];
        w[..chunk.len()].copy_from_slice(chunk);
        emit_int(u64::from_le_bytes(w), chunk.len() as u64, out)?;
    }
    Ok(())
}
