//! Type predicates, spelling and intrinsic-name mangling for the verifier.
//!
//! Everything here is a pure function of the module's [`TypeTable`]; nothing
//! allocates except the `String` builders used on error paths and for
//! intrinsic names (once per declaration).

use crate::entity::EntityId;
use crate::types::{Type, TypeId, TypeLookup, TypeTable};
use std::fmt::Write;

/// The scalar kind of a type or of a vector's elements.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub(super) enum Kind {
    Int(u32),
    Fp(u32),
    Ptr(u32),
    Other,
}

/// The scalar kind of `t` and its vector length (`None` for scalars).
#[inline]
pub(super) fn shape(types: &TypeTable, t: TypeId) -> (Kind, Option<u32>) {
    match types.get(t) {
        Type::Vector { len, elem } => (scalar_kind(types.get(elem)), Some(len)),
        other => (scalar_kind(other), None),
    }
}

#[inline]
fn scalar_kind(t: Type) -> Kind {
    match t {
        Type::Int(n) => Kind::Int(n),
        Type::Ptr(a) | Type::TypedPtr { addrspace: a, .. } => Kind::Ptr(a),
        Type::Half | Type::BFloat => Kind::Fp(16),
        Type::Float => Kind::Fp(32),
        Type::Double => Kind::Fp(64),
        Type::X86Fp80 => Kind::Fp(80),
        Type::Fp128 | Type::PpcFp128 => Kind::Fp(128),
        _ => Kind::Other,
    }
}

/// Whether values of `t` can be loaded, stored, passed and returned.
#[inline]
pub(super) fn is_first_class(types: &TypeTable, t: TypeId) -> bool {
    !matches!(
        types.get(t),
        Type::Void | Type::Func { .. } | Type::Label | Type::Metadata
    )
}

/// A named struct that contains itself by value (through fields, arrays and
/// literal structs): such a type has no size. One colouring walk over the
/// struct types with an explicit stack, so linear in the type graph.
pub(super) fn recursive_struct(types: &TypeTable) -> Option<TypeId> {
    const WHITE: u8 = 0;
    const GREY: u8 = 1;
    const BLACK: u8 = 2;
    let is_struct = |t: TypeId| matches!(types.get(t), Type::Struct { .. } | Type::Named { .. });
    let by_value = |mut t: TypeId| {
        while let Type::Array { elem, .. } = types.get(t) {
            t = elem;
        }
        Some(t).filter(|&t| is_struct(t))
    };
    let mut colour = vec![WHITE; types.len()];
    // (struct, index of the next field to visit)
    let mut stack: Vec<(TypeId, usize)> = Vec::new();
    for i in 0..types.len() {
        let root = TypeId::from_u32(i as u32);
        if colour[i] != WHITE || !is_struct(root) {
            continue;
        }
        colour[i] = GREY;
        stack.push((root, 0));
        while let Some(&mut (t, ref mut next)) = stack.last_mut() {
            let fields = types.fields(t);
            if *next == fields.len() {
                colour[t.index()] = BLACK;
                stack.pop();
                continue;
            }
            let f = fields[*next];
            *next += 1;
            if let Some(inner) = by_value(f) {
                match colour[inner.index()] {
                    WHITE => {
                        colour[inner.index()] = GREY;
                        stack.push((inner, 0));
                    }
                    GREY => return Some(inner),
                    _ => {}
                }
            }
        }
    }
    None
}

/// Whether `t` is an array or struct.
#[inline]
pub(super) fn is_aggregate(types: &TypeTable, t: TypeId) -> bool {
    matches!(
        types.get(t),
        Type::Array { .. } | Type::Struct { .. } | Type::Named { .. }
    )
}

/// The size in bits of a primitive or vector type (`bitcast` operands);
/// `None` for pointers, aggregates and sizeless types.
pub(super) fn prim_bits(types: &TypeTable, t: TypeId) -> Option<u64> {
    match types.get(t) {
        Type::Vector { len, elem } => Some(len as u64 * prim_bits(types, elem)?),
        other => match scalar_kind(other) {
            Kind::Int(n) | Kind::Fp(n) => Some(n as u64),
            _ => None,
        },
    }
}

/// Whether `op` may cast a `src` value to `dst` (LLVM's cast rules).
pub(super) fn cast_ok(
    types: &TypeTable,
    op: crate::inst::Opcode,
    src: TypeId,
    dst: TypeId,
) -> bool {
    use crate::inst::Opcode as O;
    use Kind::*;
    let (sk, sl) = shape(types, src);
    let (dk, dl) = shape(types, dst);
    match op {
        O::BitCast => {
            if is_aggregate(types, src) || is_aggregate(types, dst) {
                false
            } else {
                match (sk, dk) {
                    (Ptr(a), Ptr(b)) => a == b && sl == dl,
                    (Ptr(_), _) | (_, Ptr(_)) => false,
                    _ => {
                        let (a, b) = (prim_bits(types, src), prim_bits(types, dst));
                        a.is_some() && a == b
                    }
                }
            }
        }
        _ if sl != dl => false,
        O::Trunc => matches!((sk, dk), (Int(a), Int(b)) if a > b),
        O::ZExt | O::SExt => matches!((sk, dk), (Int(a), Int(b)) if a < b),
        O::FPTrunc => matches!((sk, dk), (Fp(a), Fp(b)) if a > b),
        O::FPExt => matches!((sk, dk), (Fp(a), Fp(b)) if a < b),
        O::FPToUI | O::FPToSI => matches!((sk, dk), (Fp(_), Int(_))),
        O::UIToFP | O::SIToFP => matches!((sk, dk), (Int(_), Fp(_))),
        O::PtrToInt | O::PtrToAddr => matches!((sk, dk), (Ptr(_), Int(_))),
        O::IntToPtr => matches!((sk, dk), (Int(_), Ptr(_))),
        O::AddrSpaceCast => matches!((sk, dk), (Ptr(a), Ptr(b)) if a != b),
        _ => false,
    }
}

/// The type as LLVM spells it, for messages.
pub(super) fn type_str(types: &TypeTable, t: TypeId) -> String {
    let mut s = String::new();
    crate::printer::write_type(types, t, &mut s);
    s
}

/// Appends LLVM's intrinsic-name mangling of `t` (`i32`, `p0`, `p0i8`,
/// `v4f32`, `f64`, ...).
pub(super) fn mangle(types: &TypeTable, t: TypeId, out: &mut String, depth: u32) {
    if depth > 16 {
        return;
    }
    let _ = match types.get(t) {
        Type::Int(n) => write!(out, "i{n}"),
        Type::Half => write!(out, "f16"),
        Type::BFloat => write!(out, "bf16"),
        Type::Float => write!(out, "f32"),
        Type::Double => write!(out, "f64"),
        Type::X86Fp80 => write!(out, "f80"),
        Type::Fp128 => write!(out, "f128"),
        Type::PpcFp128 => write!(out, "ppcf128"),
        Type::X86Amx => write!(out, "x86amx"),
        Type::Void => write!(out, "isVoid"),
        Type::Metadata => write!(out, "Metadata"),
        Type::Token | Type::Label => write!(out, "token"),
        Type::Ptr(a) => write!(out, "p{a}"),
        Type::TypedPtr { pointee, addrspace } => {
            let _ = write!(out, "p{addrspace}");
            mangle(types, pointee, out, depth + 1);
            Ok(())
        }
        Type::Array { len, elem } => {
            let _ = write!(out, "a{len}");
            mangle(types, elem, out, depth + 1);
            Ok(())
        }
        Type::Vector { len, elem } => {
            let _ = write!(out, "v{len}");
            mangle(types, elem, out, depth + 1);
            Ok(())
        }
        Type::Named { name } => write!(out, "s_{}", types.named(name).name),
        Type::Struct { .. } => {
            out.push_str("sl_");
            for &f in types.fields(t) {
                mangle(types, f, out, depth + 1);
            }
            write!(out, "s")
        }
        Type::Func { ret, vararg, .. } => {
            out.push_str("f_");
            mangle(types, ret, out, depth + 1);
            for &f in types.fields(t) {
                mangle(types, f, out, depth + 1);
            }
            if vararg {
                out.push_str("vararg");
            }
            write!(out, "f")
        }
    };
}
