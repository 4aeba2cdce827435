//! Constant expressions: the type rules of `ConstKind::Expr` trees.
//!
//! The parser checks that each constant matches the type written before it;
//! what it does not check is an expression's own rule (a `trunc` that
//! widens, an `add` of a pointer, a `getelementptr` on an integer). This
//! walks a constant tree in one pool (the module's, for initializers; a
//! body's, for instruction operands) and applies the same rules the
//! instruction checks apply. Each constant is checked once per pool
//! (`seen`); recursion is bounded by the parser's nesting limit, and an
//! out-of-range id is an error, never a panic.

use super::tyutil::{self, shape, Kind};
use crate::constant::{ConstId, ConstKind, ConstPool};
use crate::entity::{EntityId, PoolRange, PrimaryMap};
use crate::inst::{self, Opcode};
use crate::module::{Global, GlobalId};
use crate::types::{Type, TypeId, TypeLookup, TypeTable};
use crate::value::{Value, ValueTag};

/// Deeper trees than the parser accepts mean a corrupted pool.
const MAX_DEPTH: u32 = 512;

/// What checking a pool's constants reads.
pub(super) struct ConstCx<'a> {
    pub types: &'a TypeTable,
    pub pool: &'a ConstPool,
    pub globals: &'a PrimaryMap<GlobalId, Global>,
}

impl ConstCx<'_> {
    /// The type of a constant operand (a constant of this pool or a global).
    fn vty(&self, v: Value) -> Result<TypeId, String> {
        let t = match v.tag() {
            ValueTag::Const => self
                .pool
                .data
                .get(ConstId::from_index(v.index()))
                .map(|c| c.ty),
            ValueTag::Global => self
                .globals
                .get(GlobalId::from_index(v.index()))
                .and_then(|g| g.ptr_ty),
            _ => None,
        };
        t.filter(|t| t.index() < self.types.len())
            .ok_or_else(|| "invalid constant operand".to_string())
    }

    fn ty_str(&self, t: TypeId) -> String {
        tyutil::type_str(self.types, t)
    }

    /// Checks the tree under `v` (a no-op for globals and checked constants).
    pub(super) fn check_tree(
        &self,
        v: Value,
        seen: &mut Vec<bool>,
        depth: u32,
    ) -> Result<(), String> {
        if v.tag() != ValueTag::Const {
            return Ok(());
        }
        let k = v.index();
        if seen.len() < self.pool.data.len() {
            seen.resize(self.pool.data.len(), false);
        }
        match seen.get(k) {
            Some(true) => return Ok(()),
            Some(false) => {}
            None => return Err("invalid constant operand".into()),
        }
        if depth > MAX_DEPTH {
            return Err("constant nested too deeply".into());
        }
        seen[k] = true;
        let d = self.pool.get(ConstId::from_index(k));
        match d.kind {
            ConstKind::Aggregate(r) => self.check_list(r, seen, depth),
            ConstKind::Expr {
                op,
                flags,
                aux,
                ops,
            } => {
                self.check_list(ops, seen, depth)?;
                let vals = ops.get(&self.pool.elems);
                self.check_expr(d.ty, op, flags, aux, vals)
                    .map_err(|m| format!("invalid constant expression '{}': {m}", op.name()))
            }
            _ => Ok(()),
        }
    }

    fn check_list(&self, r: PoolRange, seen: &mut Vec<bool>, depth: u32) -> Result<(), String> {
        let Some(vals) = self.pool.elems.get(r.start as usize..r.end as usize) else {
            return Err("invalid constant operand list".into());
        };
        for &e in vals {
            self.check_tree(e, seen, depth + 1)?;
        }
        Ok(())
    }

    fn check_expr(
        &self,
        ty: TypeId,
        op: Opcode,
        flags: u32,
        aux: TypeId,
        vals: &[Value],
    ) -> Result<(), String> {
        let n = |want: usize| {
            if vals.len() == want {
                Ok(())
            } else {
                Err(format!("expected {want} operands, found {}", vals.len()))
            }
        };
        match op {
            _ if op.is_cast() => {
                n(1)?;
                let src = self.vty(vals[0])?;
                if !tyutil::cast_ok(self.types, op, src, ty) {
                    return Err(format!(
                        "cannot cast {} to {}",
                        self.ty_str(src),
                        self.ty_str(ty)
                    ));
                }
                Ok(())
            }
            _ if op.is_binary() => {
                n(2)?;
                for &v in vals {
                    let t = self.vty(v)?;
                    if t != ty {
                        return Err(format!(
                            "operand has type {}, expected {}",
                            self.ty_str(t),
                            self.ty_str(ty)
                        ));
                    }
                }
                match (op.is_fp_binary(), shape(self.types, ty).0) {
                    (true, Kind::Fp(_)) | (false, Kind::Int(_)) => Ok(()),
                    _ => Err(format!("operator does not apply to {}", self.ty_str(ty))),
                }
            }
            Opcode::ICmp | Opcode::FCmp => {
                n(2)?;
                let t = self.vty(vals[0])?;
                if self.vty(vals[1])? != t {
                    return Err("comparison operands differ in type".into());
                }
                let (k, len) = shape(self.types, t);
                let ok = if op == Opcode::ICmp {
                    matches!(k, Kind::Int(_) | Kind::Ptr(_))
                } else {
                    matches!(k, Kind::Fp(_))
                };
                if !ok || shape(self.types, ty) != (Kind::Int(1), len) {
                    return Err(format!("cannot compare {}", self.ty_str(t)));
                }
                Ok(())
            }
            Opcode::GetElementPtr => {
                let skip = if flags & inst::GEP_INRANGE != 0 { 2 } else { 0 };
                let Some((&base, idx)) = vals.get(skip..).and_then(|v| v.split_first()) else {
                    return Err("missing base pointer".into());
                };
                if !tyutil::is_first_class(self.types, aux) {
                    return Err(format!("source type {} is not sized", self.ty_str(aux)));
                }
                let bt = self.vty(base)?;
                let (Kind::Ptr(_), mut len) = shape(self.types, bt) else {
                    return Err(format!("base must be a pointer, found {}", self.ty_str(bt)));
                };
                for &v in idx {
                    let t = self.vty(v)?;
                    match shape(self.types, t) {
                        (Kind::Int(_), None) => {}
                        (Kind::Int(_), Some(l)) if len.is_none_or(|x| x == l) => len = Some(l),
                        _ => {
                            return Err(format!(
                                "index must be an integer, found {}",
                                self.ty_str(t)
                            ))
                        }
                    }
                }
                match shape(self.types, ty) {
                    (Kind::Ptr(_), l) if l == len => Ok(()),
                    _ => Err(format!("result type {} is not a pointer", self.ty_str(ty))),
                }
            }
            Opcode::Select => {
                n(3)?;
                let ct = self.vty(vals[0])?;
                if shape(self.types, ct).0 != Kind::Int(1) {
                    return Err(format!("condition must be i1, found {}", self.ty_str(ct)));
                }
                if self.vty(vals[1])? != ty || self.vty(vals[2])? != ty {
                    return Err("operands must have the result type".into());
                }
                Ok(())
            }
            Opcode::ExtractElement | Opcode::InsertElement | Opcode::ShuffleVector => {
                let vt = self.vty(*vals.first().ok_or("missing vector operand")?)?;
                let Type::Vector { elem, .. } = self.types.get(vt) else {
                    return Err(format!(
                        "operand must be a vector, found {}",
                        self.ty_str(vt)
                    ));
                };
                let ok = match op {
                    Opcode::ExtractElement => vals.len() == 2 && ty == elem,
                    Opcode::InsertElement => {
                        vals.len() == 3 && ty == vt && self.vty(vals[1])? == elem
                    }
                    _ => {
                        vals.len() == 3
                            && matches!(self.types.get(ty), Type::Vector { elem: e, .. } if e == elem)
                    }
                };
                if ok {
                    Ok(())
                } else {
                    Err("operand or result types do not fit".into())
                }
            }
            // LLVM 14's constant `extractvalue`: the parser already walked
            // the indices.
            Opcode::ExtractValue => Ok(()),
            _ => Err("not a constant expression opcode".into()),
        }
    }
}
