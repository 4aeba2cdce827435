//! Types, constants and value references, shared by the module parser and the
//! body parser through the [`Env`] trait: the module parser resolves globals
//! by creating placeholders and has no locals; a body parser resolves
//! globals against the frozen module and locals through its scope.

use super::cursor::{Cursor, PResult};
use super::literals::{self, FloatBits, IntBits};
use crate::constant::{ConstKind, ConstPool};
use crate::entity::PoolRange;
use crate::inst::{self, Opcode};
use crate::lexer::{Tok, TokKind};
use crate::span::Span;
use crate::types::{prim, Type, TypeId, TypeInterner, TypeKey, TypeLookup};
use crate::value::Value;

/// Where names resolve and constants go.
pub trait Env<'a> {
    type Types: TypeInterner;
    /// The type interner.
    fn types(&mut self) -> &mut Self::Types;
    /// The constant pool of this context.
    fn consts(&mut self) -> &mut ConstPool;
    /// Resolves a `@global` token.
    fn global(&mut self, c: &Cursor<'a>, t: Tok) -> PResult<Value>;
    /// Resolves a `%local` token used with type `ty`.
    fn local(&mut self, c: &Cursor<'a>, t: Tok, ty: TypeId) -> PResult<Value>;
    /// Whether pointers are LLVM 14 typed pointers.
    fn typed_ptrs(&self) -> bool;
    /// Called when the `ptr` keyword is parsed (the module parser uses it to
    /// tell the pointer dialect).
    fn saw_ptr_keyword(&mut self) {}
}

/// Whether `t` is a pointer type of either kind.
pub fn is_ptr(t: Type) -> bool {
    matches!(t, Type::Ptr(_) | Type::TypedPtr { .. })
}

/// Whether `t` is a floating-point type.
pub fn is_float(t: Type) -> bool {
    matches!(
        t,
        Type::Half
            | Type::BFloat
            | Type::Float
            | Type::Double
            | Type::X86Fp80
            | Type::Fp128
            | Type::PpcFp128
    )
}

/// Parses `addrspace(N)` if present.
pub fn parse_opt_addrspace(c: &mut Cursor<'_>) -> PResult<Option<u32>> {
    if !c.is_word("addrspace") {
        return Ok(None);
    }
    c.bump();
    c.expect(TokKind::LParen, "'(' after addrspace")?;
    // LLVM also accepts symbolic address spaces ("A", "G", "P"): keep numeric only.
    let n = c.parse_u32("address space")?;
    if n >= 1 << 24 {
        return c.err("invalid address space, must be a 24-bit integer");
    }
    c.expect(TokKind::RParen, "')'")?;
    Ok(Some(n))
}

/// Parses a type.
#[inline]
pub fn parse_type<'a, E: Env<'a>>(c: &mut Cursor<'a>, e: &mut E) -> PResult<TypeId> {
    if let Some(t) = common_type(c, e) {
        return Ok(t);
    }
    parse_type_general(c, e)
}

/// The common primitive types (`i1`..`i64`, `ptr`, `float`, `double`,
/// `void`) when no suffix follows: one token compare, no table lookup.
#[inline(always)]
fn common_type<'a, E: Env<'a>>(c: &mut Cursor<'a>, e: &mut E) -> Option<TypeId> {
    let t = c.tok;
    let b = c.src.as_bytes().get(t.start as usize..t.end as usize)?;
    let id = match t.kind {
        TokKind::IntType => match b {
            b"i32" => prim::I32,
            b"i64" => prim::I64,
            b"i8" => prim::I8,
            b"i1" => prim::I1,
            b"i16" => prim::I16,
            _ => return None,
        },
        TokKind::Ident => match b {
            b"ptr" => prim::PTR,
            b"void" => prim::VOID,
            b"double" => prim::DOUBLE,
            b"float" => prim::FLOAT,
            _ => return None,
        },
        _ => return None,
    };
    // A suffix makes a pointer or function type, or `ptr addrspace(N)`.
    let next = c.peek();
    match next.kind {
        TokKind::Star | TokKind::LParen => return None,
        TokKind::Ident if c.text(next) == "addrspace" => return None,
        _ => {}
    }
    if id == prim::PTR {
        e.saw_ptr_keyword();
    }
    c.bump();
    Some(id)
}

#[inline(never)]
fn parse_type_general<'a, E: Env<'a>>(c: &mut Cursor<'a>, e: &mut E) -> PResult<TypeId> {
    c.enter()?;
    let r = parse_type_inner(c, e);
    c.leave();
    r
}

fn parse_type_list<'a, E: Env<'a>>(
    c: &mut Cursor<'a>,
    e: &mut E,
    close: TokKind,
) -> PResult<Vec<TypeId>> {
    let mut v = Vec::new();
    if c.eat(close) {
        return Ok(v);
    }
    loop {
        v.push(parse_type(c, e)?);
        if c.eat(close) {
            return Ok(v);
        }
        c.expect(TokKind::Comma, "',' or end of type list")?;
    }
}

fn parse_type_inner<'a, E: Env<'a>>(c: &mut Cursor<'a>, e: &mut E) -> PResult<TypeId> {
    let t = c.tok;
    let mut ty = match t.kind {
        TokKind::IntType => {
            let mut bits: u32 = 0;
            for d in c.text(t)[1..].bytes() {
                bits = bits.saturating_mul(10).saturating_add((d - b'0') as u32);
            }
            if !(1..1 << 23).contains(&bits) {
                return c.err("bitwidth for integer type out of range");
            }
            c.bump();
            match bits {
                1 => prim::I1,
                8 => prim::I8,
                16 => prim::I16,
                32 => prim::I32,
                64 => prim::I64,
                _ => e.types().simple(Type::Int(bits)),
            }
        }
        TokKind::Ident => {
            let simple = match c.cur() {
                "void" => Type::Void,
                "half" => Type::Half,
                "bfloat" => Type::BFloat,
                "float" => Type::Float,
                "double" => Type::Double,
                "x86_fp80" => Type::X86Fp80,
                "fp128" => Type::Fp128,
                "ppc_fp128" => Type::PpcFp128,
                "x86_amx" => Type::X86Amx,
                "label" => Type::Label,
                "token" => Type::Token,
                "metadata" => Type::Metadata,
                "ptr" => {
                    c.bump();
                    e.saw_ptr_keyword();
                    let a = parse_opt_addrspace(c)?.unwrap_or(0);
                    if c.is(TokKind::Star) {
                        return c.err("ptr* is invalid - use ptr instead");
                    }
                    let p = e.types().simple(Type::Ptr(a));
                    return parse_type_suffix(c, e, p);
                }
                "x86_mmx" => return c.err("x86_mmx type is not supported"),
                "target" => return c.err("target extension types are not supported"),
                w => return c.err(format!("expected type, found '{w}'")),
            };
            c.bump();
            e.types().simple(simple)
        }
        TokKind::LocalVar | TokKind::LocalId => {
            let name = &c.text(t)[1..];
            match e.types().named_struct(name, t.start) {
                Some(id) => {
                    c.bump();
                    id
                }
                None => return c.err(format!("use of undefined type '%{name}'")),
            }
        }
        TokKind::LBrace => {
            c.bump();
            let f = parse_type_list(c, e, TokKind::RBrace)?;
            e.types().intern(TypeKey::Struct {
                packed: false,
                fields: &f,
            })
        }
        TokKind::Less => {
            c.bump();
            if c.eat(TokKind::LBrace) {
                let f = parse_type_list(c, e, TokKind::RBrace)?;
                c.expect(TokKind::Greater, "'>' after packed struct")?;
                e.types().intern(TypeKey::Struct {
                    packed: true,
                    fields: &f,
                })
            } else {
                if c.is_word("vscale") {
                    return c.err("scalable vector types are not supported");
                }
                let n = c.parse_u32("vector length")?;
                if n == 0 {
                    return c.err_at(t.start, "zero element vector is illegal");
                }
                c.expect_word("x")?;
                let elem = parse_type(c, e)?;
                c.expect(TokKind::Greater, "'>' after vector type")?;
                e.types().simple(Type::Vector { len: n, elem })
            }
        }
        TokKind::LSquare => {
            c.bump();
            let n = c.parse_u64("array length")?;
            c.expect_word("x")?;
            let elem = parse_type(c, e)?;
            c.expect(TokKind::RSquare, "']' after array type")?;
            e.types().simple(Type::Array { len: n, elem })
        }
        _ => return c.err("expected type"),
    };
    ty = parse_type_suffix(c, e, ty)?;
    Ok(ty)
}

fn parse_type_suffix<'a, E: Env<'a>>(
    c: &mut Cursor<'a>,
    e: &mut E,
    mut ty: TypeId,
) -> PResult<TypeId> {
    loop {
        match c.tok.kind {
            TokKind::Star => {
                c.bump();
                ty = typed_ptr(c, e, ty, 0)?;
            }
            TokKind::Ident if c.cur() == "addrspace" => {
                // `T addrspace(N)*`: only valid when followed by `*`.
                let save = c.clone();
                if c.peek().kind != TokKind::LParen {
                    return Ok(ty);
                }
                let a = parse_opt_addrspace(c)?.unwrap_or(0);
                if c.eat(TokKind::Star) {
                    ty = typed_ptr(c, e, ty, a)?;
                } else {
                    *c = save;
                    return Ok(ty);
                }
            }
            TokKind::LParen => {
                c.bump();
                let mut params = Vec::new();
                let mut vararg = false;
                if !c.eat(TokKind::RParen) {
                    loop {
                        if c.eat(TokKind::DotDotDot) {
                            vararg = true;
                            c.expect(TokKind::RParen, "')' after '...'")?;
                            break;
                        }
                        params.push(parse_type(c, e)?);
                        if c.eat(TokKind::RParen) {
                            break;
                        }
                        c.expect(TokKind::Comma, "',' in function type")?;
                    }
                }
                ty = e.types().intern(TypeKey::Func {
                    ret: ty,
                    params: &params,
                    vararg,
                });
            }
            _ => return Ok(ty),
        }
    }
}

fn typed_ptr<'a, E: Env<'a>>(
    c: &Cursor<'a>,
    e: &mut E,
    pointee: TypeId,
    addrspace: u32,
) -> PResult<TypeId> {
    if matches!(
        e.types().get(pointee),
        Type::Void | Type::Label | Type::Metadata | Type::Token
    ) {
        return c.err("pointer to this type is invalid");
    }
    Ok(e.types().simple(Type::TypedPtr { pointee, addrspace }))
}

/// Parses `ty value`.
pub fn parse_typed_value<'a, E: Env<'a>>(
    c: &mut Cursor<'a>,
    e: &mut E,
) -> PResult<(TypeId, Value)> {
    let ty = parse_type(c, e)?;
    let v = parse_value(c, e, ty)?;
    Ok((ty, v))
}

fn int_const(
    c: &Cursor<'_>,
    pool: &mut ConstPool,
    ty: TypeId,
    bits: u32,
    r: Result<IntBits, String>,
) -> PResult<Value> {
    match r {
        Ok(IntBits::Small(v)) => Ok(pool.value(ty, ConstKind::Int(v))),
        Ok(IntBits::Big(words)) => {
            let _ = bits;
            let r = PoolRange::push_slice(&mut pool.words, &words);
            Ok(pool.value(ty, ConstKind::BigInt(r)))
        }
        Err(m) => c.err(m),
    }
}

/// Parses a value of type `ty`: a local, a global, or a constant.
#[inline]
pub fn parse_value<'a, E: Env<'a>>(c: &mut Cursor<'a>, e: &mut E, ty: TypeId) -> PResult<Value> {
    let t = c.tok;
    if matches!(t.kind, TokKind::LocalVar | TokKind::LocalId) {
        let v = e.local(c, t, ty)?;
        c.bump();
        return Ok(v);
    }
    parse_value_general(c, e, ty)
}

#[inline(never)]
fn parse_value_general<'a, E: Env<'a>>(
    c: &mut Cursor<'a>,
    e: &mut E,
    ty: TypeId,
) -> PResult<Value> {
    c.enter()?;
    let r = parse_value_inner(c, e, ty);
    c.leave();
    r
}

fn elem_check<'a, E: Env<'a>>(
    c: &Cursor<'a>,
    at: u32,
    got: TypeId,
    want: TypeId,
    e: &mut E,
) -> PResult<()> {
    if got != want {
        let _ = e;
        return c.err_at(at, "element type does not match the aggregate's type");
    }
    Ok(())
}

fn parse_value_inner<'a, E: Env<'a>>(c: &mut Cursor<'a>, e: &mut E, ty: TypeId) -> PResult<Value> {
    let t = c.tok;
    let tyk = e.types().get(ty);
    match t.kind {
        TokKind::LocalVar | TokKind::LocalId => {
            let v = e.local(c, t, ty)?;
            c.bump();
            Ok(v)
        }
        TokKind::GlobalVar | TokKind::GlobalId => {
            if !is_ptr(tyk) && !matches!(tyk, Type::Vector { .. }) {
                return c.err("global variable reference must have pointer type");
            }
            let v = e.global(c, t)?;
            c.bump();
            Ok(v)
        }
        TokKind::Int => {
            let Type::Int(bits) = tyk else {
                if is_float(tyk) {
                    return c.err("floating point constant requires a decimal point");
                }
                return c.err("integer constant must have integer type");
            };
            let r = literals::parse_decimal(c.cur(), bits);
            let v = int_const(c, e.consts(), ty, bits, r)?;
            c.bump();
            Ok(v)
        }
        TokKind::HexInt => {
            let Type::Int(bits) = tyk else {
                return c.err("integer constant must have integer type");
            };
            let r = literals::parse_hex_int(c.cur(), bits);
            let v = int_const(c, e.consts(), ty, bits, r)?;
            c.bump();
            Ok(v)
        }
        TokKind::Float => {
            if !is_float(tyk) {
                return c.err("floating point constant invalid for type");
            }
            let v = match literals::parse_float(c.cur(), tyk) {
                Ok(FloatBits::Small(b)) => e.consts().value(ty, ConstKind::Float(b)),
                Ok(FloatBits::Big(w)) => {
                    let pool = e.consts();
                    let r = PoolRange::push_slice(&mut pool.words, &w);
                    pool.value(ty, ConstKind::BigFloat(r))
                }
                Err(m) => return c.err(m),
            };
            c.bump();
            Ok(v)
        }
        TokKind::CString => {
            let body = Span::new(t.start as usize + 2, t.end as usize - 1);
            let n = crate::span::unescape(body.text(c.src)).len() as u64;
            match tyk {
                Type::Array { len, elem } if len == n && e.types().get(elem) == Type::Int(8) => {}
                _ => return c.err("constant string does not match its type"),
            }
            c.bump();
            Ok(e.consts().value(ty, ConstKind::CString(body)))
        }
        TokKind::LBrace => {
            c.bump();
            parse_struct_body(c, e, ty, false)
        }
        TokKind::Less => {
            c.bump();
            if c.eat(TokKind::LBrace) {
                let v = parse_struct_body(c, e, ty, true)?;
                c.expect(TokKind::Greater, "'>' after packed struct constant")?;
                return Ok(v);
            }
            let Type::Vector { len, elem } = tyk else {
                return c.err("vector constant must have vector type");
            };
            let elems = parse_elems(c, e, TokKind::Greater, |_| Some(elem))?;
            if elems.len() as u64 != len as u64 {
                return c.err_at(t.start, "vector constant length does not match its type");
            }
            let pool = e.consts();
            let r = PoolRange::push_slice(&mut pool.elems, &elems);
            Ok(pool.value(ty, ConstKind::Aggregate(r)))
        }
        TokKind::LSquare => {
            c.bump();
            let Type::Array { len, elem } = tyk else {
                return c.err("array constant must have array type");
            };
            let elems = parse_elems(c, e, TokKind::RSquare, |_| Some(elem))?;
            if elems.len() as u64 != len {
                return c.err_at(t.start, "array constant length does not match its type");
            }
            let pool = e.consts();
            let r = PoolRange::push_slice(&mut pool.elems, &elems);
            Ok(pool.value(ty, ConstKind::Aggregate(r)))
        }
        TokKind::Ident => parse_keyword_value(c, e, ty, tyk),
        TokKind::MetadataId | TokKind::MetadataString | TokKind::Exclaim | TokKind::MetadataVar => {
            c.err("metadata is only valid as a 'metadata' operand")
        }
        _ => c.err("expected value"),
    }
}

fn parse_struct_body<'a, E: Env<'a>>(
    c: &mut Cursor<'a>,
    e: &mut E,
    ty: TypeId,
    packed: bool,
) -> PResult<Value> {
    let start = c.tok.start;
    let (is_packed, fields): (bool, Vec<TypeId>) = match e.types().get(ty) {
        Type::Struct { packed, .. } => (packed, e.types().fields(ty).to_vec()),
        Type::Named { name } => match e.types().named(name).body {
            Some((p, _)) => (p, e.types().fields(ty).to_vec()),
            None => return c.err("struct constant of opaque type"),
        },
        _ => return c.err("struct constant must have struct type"),
    };
    if is_packed != packed {
        return c.err("struct constant packing does not match its type");
    }
    let elems = parse_elems(c, e, TokKind::RBrace, |i| fields.get(i).copied())?;
    if elems.len() != fields.len() {
        return c.err_at(start, "struct constant has the wrong number of fields");
    }
    let pool = e.consts();
    let r = PoolRange::push_slice(&mut pool.elems, &elems);
    Ok(pool.value(ty, ConstKind::Aggregate(r)))
}

/// Parses `ty v, ty v, ... close`, checking each element's type.
fn parse_elems<'a, E: Env<'a>>(
    c: &mut Cursor<'a>,
    e: &mut E,
    close: TokKind,
    want: impl Fn(usize) -> Option<TypeId>,
) -> PResult<Vec<Value>> {
    let mut v = Vec::new();
    if c.eat(close) {
        return Ok(v);
    }
    loop {
        let at = c.tok.start;
        let (ty, val) = parse_typed_value(c, e)?;
        match want(v.len()) {
            Some(w) => elem_check(c, at, ty, w, e)?,
            None => return c.err_at(at, "too many elements in aggregate constant"),
        }
        v.push(val);
        if c.eat(close) {
            return Ok(v);
        }
        c.expect(TokKind::Comma, "',' between aggregate elements")?;
    }
}

/// Parses optional wrap/exact/fast-math flags for `op` into flag bits.
pub fn parse_op_flags(c: &mut Cursor<'_>, op: Opcode) -> u32 {
    let mut f = 0;
    loop {
        let w = if c.is(TokKind::Ident) {
            c.cur()
        } else {
            return f;
        };
        let bit = match w {
            "nuw" => inst::NUW,
            "nsw" => inst::NSW,
            "exact" => inst::EXACT,
            "disjoint" => inst::DISJOINT,
            "nneg" => inst::NNEG,
            "samesign" => inst::SAMESIGN,
            "fast" => inst::FMF_MASK,
            _ => match inst::FMF_NAMES.iter().position(|&n| n == w) {
                Some(i) => 1 << (inst::FMF_SHIFT + i as u32),
                None => return f,
            },
        };
        let _ = op;
        f |= bit;
        c.bump();
    }
}

fn parse_keyword_value<'a, E: Env<'a>>(
    c: &mut Cursor<'a>,
    e: &mut E,
    ty: TypeId,
    tyk: Type,
) -> PResult<Value> {
    let word = c.cur();
    let simple = match word {
        "true" | "false" => {
            if tyk != Type::Int(1) {
                return c.err("boolean constant must have type i1");
            }
            Some(ConstKind::Int((word == "true") as u64))
        }
        "null" => {
            if !is_ptr(tyk) {
                return c.err("null must be a pointer type");
            }
            Some(ConstKind::Null)
        }
        "undef" => Some(ConstKind::Undef),
        "poison" => Some(ConstKind::Poison),
        "zeroinitializer" => Some(ConstKind::Zero),
        "none" => {
            if tyk != Type::Token {
                return c.err("none must have token type");
            }
            Some(ConstKind::NoneToken)
        }
        _ => None,
    };
    if let Some(k) = simple {
        if matches!(
            tyk,
            Type::Void | Type::Label | Type::Func { .. } | Type::Metadata
        ) {
            return c.err("invalid type for constant");
        }
        c.bump();
        return Ok(e.consts().value(ty, k));
    }
    match word {
        "blockaddress" => {
            c.bump();
            c.expect(TokKind::LParen, "'(' after blockaddress")?;
            if !matches!(c.tok.kind, TokKind::GlobalVar | TokKind::GlobalId) {
                return c.err("expected function name in blockaddress");
            }
            let f = e.global(c, c.tok)?;
            c.bump();
            c.expect(TokKind::Comma, "','")?;
            if !matches!(c.tok.kind, TokKind::LocalVar | TokKind::LocalId) {
                return c.err("expected basic block name in blockaddress");
            }
            let b = c.bump();
            c.expect(TokKind::RParen, "')'")?;
            Ok(e.consts().value(
                ty,
                ConstKind::BlockAddress {
                    func: f,
                    block: Span::new(b.start as usize, b.end as usize),
                },
            ))
        }
        "dso_local_equivalent" | "no_cfi" => {
            c.bump();
            if !matches!(c.tok.kind, TokKind::GlobalVar | TokKind::GlobalId) {
                return c.err("expected global value name");
            }
            let g = e.global(c, c.tok)?;
            c.bump();
            let k = if word == "no_cfi" {
                ConstKind::NoCfi(g)
            } else {
                ConstKind::DsoLocalEquivalent(g)
            };
            Ok(e.consts().value(ty, k))
        }
        "splat" => {
            c.bump();
            c.expect(TokKind::LParen, "'(' after splat")?;
            let at = c.tok.start;
            let (ety, v) = parse_typed_value(c, e)?;
            c.expect(TokKind::RParen, "')'")?;
            let Type::Vector { len, elem } = tyk else {
                return c.err_at(at, "splat must have vector type");
            };
            if elem != ety {
                return c.err_at(at, "splat element type does not match");
            }
            let elems = vec![v; len as usize];
            let pool = e.consts();
            let r = PoolRange::push_slice(&mut pool.elems, &elems);
            Ok(pool.value(ty, ConstKind::Aggregate(r)))
        }
        "asm" => c.err("inline asm is only valid as a call target"),
        "ptrauth" => c.err("ptrauth constants are not supported"),
        _ => match Opcode::from_name(word) {
            Some(op) => parse_const_expr(c, e, ty, op),
            None => c.err(format!("expected value, found '{word}'")),
        },
    }
}

fn parse_const_expr<'a, E: Env<'a>>(
    c: &mut Cursor<'a>,
    e: &mut E,
    ty: TypeId,
    op: Opcode,
) -> PResult<Value> {
    let at = c.tok.start;
    c.bump();
    let mut flags = 0u32;
    let mut ops: Vec<Value> = Vec::new();
    let mut aux = ty;
    match op {
        _ if op.is_cast() => {
            flags = parse_op_flags(c, op);
            c.expect(TokKind::LParen, "'(' after cast")?;
            let (_, v) = parse_typed_value(c, e)?;
            c.expect_word("to")?;
            let dst = parse_type(c, e)?;
            c.expect(TokKind::RParen, "')'")?;
            if dst != ty {
                return c.err_at(at, "constant cast type does not match the constant's type");
            }
            ops.push(v);
        }
        _ if op.is_binary() => {
            flags = parse_op_flags(c, op);
            c.expect(TokKind::LParen, "'('")?;
            let (t1, a) = parse_typed_value(c, e)?;
            c.expect(TokKind::Comma, "','")?;
            let (t2, b) = parse_typed_value(c, e)?;
            c.expect(TokKind::RParen, "')'")?;
            if t1 != t2 || t1 != ty {
                return c.err_at(at, "constant expression operand types do not match");
            }
            ops.extend([a, b]);
        }
        Opcode::ICmp | Opcode::FCmp => {
            let p = c.cur();
            let pred = if op == Opcode::ICmp {
                inst::IntPred::from_name(p).map(|p| p as u32)
            } else {
                inst::float_pred_from_name(p)
            };
            let Some(pred) = pred else {
                return c.err("expected comparison predicate");
            };
            c.bump();
            flags = pred << inst::PRED_SHIFT;
            c.expect(TokKind::LParen, "'('")?;
            let (_, a) = parse_typed_value(c, e)?;
            c.expect(TokKind::Comma, "','")?;
            let (_, b) = parse_typed_value(c, e)?;
            c.expect(TokKind::RParen, "')'")?;
            ops.extend([a, b]);
        }
        Opcode::GetElementPtr => {
            let mut inrange: Option<(i64, i64)> = None;
            loop {
                if c.eat_word("inbounds") {
                    flags |= inst::GEP_INBOUNDS;
                } else if c.eat_word("nusw") {
                    flags |= inst::GEP_NUSW;
                } else if c.eat_word("nuw") {
                    flags |= inst::GEP_NUW;
                } else if c.is_word("inrange") {
                    c.bump();
                    c.expect(TokKind::LParen, "'(' after inrange")?;
                    let lo = c.parse_i64("inrange start")?;
                    c.expect(TokKind::Comma, "','")?;
                    let hi = c.parse_i64("inrange end")?;
                    c.expect(TokKind::RParen, "')'")?;
                    inrange = Some((lo, hi));
                } else {
                    break;
                }
            }
            c.expect(TokKind::LParen, "'(' after getelementptr")?;
            aux = parse_type(c, e)?;
            if let Some((lo, hi)) = inrange {
                flags |= inst::GEP_INRANGE;
                let i64t = e.types().simple(Type::Int(64));
                ops.push(e.consts().value(i64t, ConstKind::Int(lo as u64)));
                ops.push(e.consts().value(i64t, ConstKind::Int(hi as u64)));
            }
            c.expect(TokKind::Comma, "','")?;
            let (pt, p) = parse_typed_value(c, e)?;
            let ptk = e.types().get(pt);
            if !is_ptr(ptk) && !matches!(ptk, Type::Vector { .. }) {
                return c.err_at(at, "base of getelementptr must be a pointer");
            }
            ops.push(p);
            let mut k = 0u32;
            while c.eat(TokKind::Comma) {
                k += 1;
                if c.eat_word("inrange") {
                    flags |= (k & 0xFF) << inst::GEP_OLD_INRANGE_SHIFT;
                }
                let (it, iv) = parse_typed_value(c, e)?;
                if !matches!(e.types().get(it), Type::Int(_) | Type::Vector { .. }) {
                    return c.err_at(at, "getelementptr index must be an integer");
                }
                ops.push(iv);
            }
            c.expect(TokKind::RParen, "')'")?;
        }
        Opcode::Select
        | Opcode::ExtractElement
        | Opcode::InsertElement
        | Opcode::ShuffleVector
        | Opcode::ExtractValue => {
            c.expect(TokKind::LParen, "'('")?;
            loop {
                if op == Opcode::ExtractValue && !ops.is_empty() {
                    let i = c.parse_u32("index")?;
                    let i32t = e.types().simple(Type::Int(32));
                    ops.push(e.consts().value(i32t, ConstKind::Int(i as u64)));
                } else {
                    let (_, v) = parse_typed_value(c, e)?;
                    ops.push(v);
                }
                if c.eat(TokKind::RParen) {
                    break;
                }
                c.expect(TokKind::Comma, "','")?;
            }
        }
        _ => {
            return c.err_at(
                at,
                format!("'{}' is not a valid constant expression", op.name()),
            )
        }
    }
    let pool = e.consts();
    let r = PoolRange::push_slice(&mut pool.elems, &ops);
    Ok(pool.value(
        ty,
        ConstKind::Expr {
            op,
            flags,
            aux,
            ops: r,
        },
    ))
}
