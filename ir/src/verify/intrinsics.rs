//! Signatures of the intrinsics clang commonly emits, checked against
//! their declarations.
//!
//! Each [`Spec`] row gives an intrinsic's base name, its return and
//! parameter types in terms of overloaded types `Ov(k)`, and what kind each
//! overloaded type must be. Checking a declaration binds every `Ov(k)` from
//! the first position that holds it (parameters, then the return type),
//! checks every position against the bindings, then requires the name to be
//! the base followed by `.` and the mangling of each overloaded type in
//! order (`llvm.umax.i32`, `llvm.memcpy.p0.p0.i64`, `llvm.memcpy.p0i8.p0i8.i64`
//! with typed pointers). Rows marked `opt_suffix` also accept the bare base
//! name (older, non-overloaded forms such as `llvm.va_start`). Names with no
//! row, or whose first suffix part is not a type mangling (say
//! `llvm.memcpy.inline.*`), are accepted unchecked.

use super::tyutil::{mangle, shape, type_str, Kind};
use crate::types::{Type, TypeId, TypeLookup, TypeTable};

/// A position's required type.
#[derive(Copy, Clone)]
enum P {
    /// The overloaded type `k`.
    Ov(u8),
    /// The element type of the overloaded vector type `k`.
    Elem(u8),
    /// `{ Ov(k), i1 }` (or `<N x i1>` for vectors), as `*.with.overflow`.
    Pair(u8),
    I(u32),
    Void,
    Md,
}

/// What an overloaded type may be.
#[derive(Copy, Clone, PartialEq)]
enum K {
    Int,
    Fp,
    Ptr,
    IntVec,
    FpVec,
}

struct Spec {
    base: &'static str,
    ret: P,
    params: &'static [P],
    kinds: &'static [K],
    opt_suffix: bool,
}

const fn s(
    base: &'static str,
    ret: P,
    params: &'static [P],
    kinds: &'static [K],
    opt_suffix: bool,
) -> Spec {
    Spec {
        base,
        ret,
        params,
        kinds,
        opt_suffix,
    }
}

use P::{Elem, Md, Ov, Pair, Void, I};
const O0: P = Ov(0);
const UN_INT: &[P] = &[O0];
const BIN: &[P] = &[O0, O0];
const TRI: &[P] = &[O0, O0, O0];
const INT: &[K] = &[K::Int];
const FP: &[K] = &[K::Fp];
const PTR: &[K] = &[K::Ptr];

static SPECS: &[Spec] = &[
    s(
        "llvm.memcpy",
        Void,
        &[O0, Ov(1), Ov(2), I(1)],
        &[K::Ptr, K::Ptr, K::Int],
        false,
    ),
    s(
        "llvm.memmove",
        Void,
        &[O0, Ov(1), Ov(2), I(1)],
        &[K::Ptr, K::Ptr, K::Int],
        false,
    ),
    s(
        "llvm.memset",
        Void,
        &[O0, I(8), Ov(1), I(1)],
        &[K::Ptr, K::Int],
        false,
    ),
    s("llvm.lifetime.start", Void, &[I(64), O0], PTR, true),
    s("llvm.lifetime.end", Void, &[I(64), O0], PTR, true),
    // LLVM 21 dropped the size operand.
    s("llvm.lifetime.start", Void, &[O0], PTR, true),
    s("llvm.lifetime.end", Void, &[O0], PTR, true),
    s("llvm.va_start", Void, &[O0], PTR, true),
    s("llvm.va_end", Void, &[O0], PTR, true),
    s("llvm.va_copy", Void, &[O0, O0], PTR, true),
    s("llvm.stacksave", O0, &[], PTR, true),
    s("llvm.stackrestore", Void, &[O0], PTR, true),
    s("llvm.umax", O0, BIN, INT, false),
    s("llvm.umin", O0, BIN, INT, false),
    s("llvm.smax", O0, BIN, INT, false),
    s("llvm.smin", O0, BIN, INT, false),
    s("llvm.abs", O0, &[O0, I(1)], INT, false),
    s("llvm.fshl", O0, TRI, INT, false),
    s("llvm.fshr", O0, TRI, INT, false),
    s("llvm.bswap", O0, UN_INT, INT, false),
    s("llvm.ctpop", O0, UN_INT, INT, false),
    s("llvm.bitreverse", O0, UN_INT, INT, false),
    s("llvm.ctlz", O0, &[O0, I(1)], INT, false),
    s("llvm.cttz", O0, &[O0, I(1)], INT, false),
    s("llvm.fabs", O0, UN_INT, FP, false),
    s("llvm.floor", O0, UN_INT, FP, false),
    s("llvm.ceil", O0, UN_INT, FP, false),
    s("llvm.trunc", O0, UN_INT, FP, false),
    s("llvm.rint", O0, UN_INT, FP, false),
    s("llvm.sqrt", O0, UN_INT, FP, false),
    s("llvm.fmuladd", O0, TRI, FP, false),
    s("llvm.fma", O0, TRI, FP, false),
    s("llvm.copysign", O0, BIN, FP, false),
    s("llvm.sadd.with.overflow", Pair(0), BIN, INT, false),
    s("llvm.uadd.with.overflow", Pair(0), BIN, INT, false),
    s("llvm.ssub.with.overflow", Pair(0), BIN, INT, false),
    s("llvm.usub.with.overflow", Pair(0), BIN, INT, false),
    s("llvm.smul.with.overflow", Pair(0), BIN, INT, false),
    s("llvm.umul.with.overflow", Pair(0), BIN, INT, false),
    s("llvm.trap", Void, &[], &[], false),
    s("llvm.debugtrap", Void, &[], &[], false),
    s("llvm.assume", Void, &[I(1)], &[], false),
    s("llvm.expect", O0, BIN, INT, false),
    s(
        "llvm.objectsize",
        O0,
        &[Ov(1), I(1), I(1), I(1)],
        &[K::Int, K::Ptr],
        false,
    ),
    s("llvm.prefetch", Void, &[O0, I(32), I(32), I(32)], PTR, true),
    s(
        "llvm.vector.reduce.add",
        Elem(0),
        UN_INT,
        &[K::IntVec],
        false,
    ),
    s(
        "llvm.vector.reduce.mul",
        Elem(0),
        UN_INT,
        &[K::IntVec],
        false,
    ),
    s(
        "llvm.vector.reduce.and",
        Elem(0),
        UN_INT,
        &[K::IntVec],
        false,
    ),
    s(
        "llvm.vector.reduce.or",
        Elem(0),
        UN_INT,
        &[K::IntVec],
        false,
    ),
    s(
        "llvm.vector.reduce.xor",
        Elem(0),
        UN_INT,
        &[K::IntVec],
        false,
    ),
    s(
        "llvm.vector.reduce.smax",
        Elem(0),
        UN_INT,
        &[K::IntVec],
        false,
    ),
    s(
        "llvm.vector.reduce.smin",
        Elem(0),
        UN_INT,
        &[K::IntVec],
        false,
    ),
    s(
        "llvm.vector.reduce.umax",
        Elem(0),
        UN_INT,
        &[K::IntVec],
        false,
    ),
    s(
        "llvm.vector.reduce.umin",
        Elem(0),
        UN_INT,
        &[K::IntVec],
        false,
    ),
    s(
        "llvm.vector.reduce.fmax",
        Elem(0),
        UN_INT,
        &[K::FpVec],
        false,
    ),
    s(
        "llvm.vector.reduce.fmin",
        Elem(0),
        UN_INT,
        &[K::FpVec],
        false,
    ),
    s(
        "llvm.vector.reduce.fadd",
        Elem(0),
        &[Elem(0), O0],
        &[K::FpVec],
        false,
    ),
    s(
        "llvm.vector.reduce.fmul",
        Elem(0),
        &[Elem(0), O0],
        &[K::FpVec],
        false,
    ),
    s("llvm.dbg.declare", Void, &[Md, Md, Md], &[], false),
    s("llvm.dbg.value", Void, &[Md, Md, Md], &[], false),
    s(
        "llvm.dbg.assign",
        Void,
        &[Md, Md, Md, Md, Md, Md],
        &[],
        false,
    ),
    s("llvm.dbg.label", Void, &[Md], &[], false),
];

/// Whether a name component after the base is a type mangling.
fn type_like(c: &str) -> bool {
    match c.as_bytes() {
        [b'i' | b'f' | b'p' | b'v' | b'a', d, ..] if d.is_ascii_digit() => true,
        _ => ["bf16", "ppcf128", "s_", "sl_", "x86amx", "Metadata"]
            .iter()
            .any(|p| c.starts_with(p)),
    }
}

/// Whether row `s` applies to `name`.
fn applies(s: &Spec, name: &str) -> bool {
    match name.strip_prefix(s.base) {
        Some("") => true,
        Some(rest) => rest
            .strip_prefix('.')
            .is_some_and(|r| type_like(r.split('.').next().unwrap_or(""))),
        None => false,
    }
}

/// Checks the declaration of intrinsic `name` with function type `fty`
/// against the rows with the longest base that applies (several rows may
/// share a base: the declaration must fit one of them).
pub(super) fn check_decl(types: &TypeTable, name: &str, fty: TypeId) -> Result<(), String> {
    let Some(len) = SPECS
        .iter()
        .filter(|s| applies(s, name))
        .map(|s| s.base.len())
        .max()
    else {
        return Ok(());
    };
    let mut first = None;
    for spec in SPECS
        .iter()
        .filter(|s| s.base.len() == len && applies(s, name))
    {
        match check_spec(spec, types, name, fty) {
            Ok(()) => return Ok(()),
            Err(e) => {
                first.get_or_insert(e);
            }
        }
    }
    first.map_or(Ok(()), Err)
}

fn check_spec(spec: &Spec, types: &TypeTable, name: &str, fty: TypeId) -> Result<(), String> {
    let Type::Func { ret, vararg, .. } = types.get(fty) else {
        return Err("intrinsic declaration is not a function".into());
    };
    let params = types.fields(fty);
    if vararg || params.len() != spec.params.len() {
        return Err(format!(
            "intrinsic @{name} takes {} parameter{}, declared with {}{}",
            spec.params.len(),
            if spec.params.len() == 1 { "" } else { "s" },
            params.len(),
            if vararg { " and '...'" } else { "" }
        ));
    }
    let mut bound: [Option<TypeId>; 4] = [None; 4];
    for (p, &t) in spec.params.iter().zip(params).chain([(&spec.ret, &ret)]) {
        if let Ov(k) = *p {
            bound[k as usize].get_or_insert(t);
        }
    }
    let positions = spec.params.iter().zip(params).enumerate();
    for (k, (p, &t)) in positions.chain([(usize::MAX, (&spec.ret, &ret))]) {
        if let Some(want) = expected(types, *p, &bound, t) {
            let what = if k == usize::MAX {
                "the return type".to_string()
            } else {
                format!("parameter {}", k + 1)
            };
            return Err(format!(
                "{what} of intrinsic @{name} must be {want}, declared as {}",
                type_str(types, t)
            ));
        }
    }
    for (k, kind) in spec.kinds.iter().enumerate() {
        let Some(t) = bound[k] else { continue };
        let ok = matches!(
            (kind, shape(types, t)),
            (K::Int, (Kind::Int(_), _))
                | (K::Fp, (Kind::Fp(_), _))
                | (K::Ptr, (Kind::Ptr(_), None))
                | (K::IntVec, (Kind::Int(_), Some(_)))
                | (K::FpVec, (Kind::Fp(_), Some(_)))
        );
        if !ok {
            let want = match kind {
                K::Int => "an integer or integer vector",
                K::Fp => "a floating-point type or vector",
                K::Ptr => "a pointer",
                K::IntVec => "an integer vector",
                K::FpVec => "a floating-point vector",
            };
            return Err(format!(
                "overloaded type of intrinsic @{name} must be {want}, found {}",
                type_str(types, t)
            ));
        }
    }
    let mut expect = String::from(spec.base);
    for t in bound.iter().take(spec.kinds.len()).flatten() {
        expect.push('.');
        mangle(types, *t, &mut expect, 0);
    }
    if name != expect && !(spec.opt_suffix && name == spec.base) {
        return Err(format!(
            "intrinsic name does not match its signature: expected @{expect}"
        ));
    }
    Ok(())
}

/// `None` if `t` fits position `p`, else the expected type as text.
fn expected(types: &TypeTable, p: P, bound: &[Option<TypeId>; 4], t: TypeId) -> Option<String> {
    let ov = |k: u8| bound[k as usize];
    let fits = match p {
        Ov(k) => ov(k) == Some(t),
        Elem(k) => match ov(k).map(|v| types.get(v)) {
            Some(Type::Vector { elem, .. }) => elem == t,
            _ => return None, // reported by the kind check
        },
        Pair(k) => {
            let f = types.fields(t);
            let flag_ok = |b: TypeId| match (ov(k).map(|v| shape(types, v).1), shape(types, b)) {
                (Some(len), (Kind::Int(1), l)) => l == len,
                _ => false,
            };
            matches!(types.get(t), Type::Struct { .. })
                && f.len() == 2
                && Some(f[0]) == ov(k)
                && flag_ok(f[1])
        }
        I(n) => types.get(t) == Type::Int(n),
        Void => types.get(t) == Type::Void,
        Md => types.get(t) == Type::Metadata,
    };
    if fits {
        return None;
    }
    Some(match p {
        Ov(k) | Pair(k) | Elem(k) => {
            let b = ov(k).map_or("?".into(), |b| type_str(types, b));
            match p {
                Pair(_) => format!("{{ {b}, i1 }}"),
                Elem(_) => format!("the element type of {b}"),
                _ => b,
            }
        }
        I(n) => format!("i{n}"),
        Void => "void".into(),
        Md => "metadata".into(),
    })
}
