//! Phase 2: each instruction on its own, in source order.
//!
//! Checks placement (one terminator, last; phis first; landingpad first
//! after the phis) and operand/result types per opcode, including call
//! signatures. Runs after `shape`, so every index is in bounds; values with
//! no type (inline asm outside a callee position) are errors, not panics.

use super::tyutil::{self, shape, Kind};
use super::{Fx, Located, Scratch};
use crate::constant::{ConstId, ConstKind};
use crate::entity::EntityId;
use crate::function::Inst;
use crate::inst::Opcode;
use crate::module::{GlobalId, GlobalKind};
use crate::types::{Type, TypeId, TypeLookup};
use crate::value::{Value, ValueTag};

type Check = Result<(), String>;

#[cold]
fn invalid_operand() -> String {
    "invalid operand".to_string()
}

/// Why an instruction with opcode `op` cannot stand where it is: `last` in
/// its block, or after a non-phi (`seen_non_phi`).
#[inline]
pub(super) fn misplaced(op: Opcode, last: bool, seen_non_phi: bool) -> Option<&'static str> {
    if op.is_terminator() != last {
        return Some(if last {
            "basic block does not end with a terminator"
        } else {
            "terminator found in the middle of a basic block"
        });
    }
    if seen_non_phi {
        if op == Opcode::Phi {
            return Some("phi nodes must be grouped at the top of their basic block");
        }
        if op == Opcode::LandingPad {
            return Some("landingpad must be the first non-phi instruction of its block");
        }
    }
    None
}

impl Fx<'_> {
    pub(super) fn check_insts(&self, s: &mut Scratch) -> Result<(), Located> {
        for d in self.f.blocks.values() {
            let r = d.insts;
            let mut seen_non_phi = false;
            for k in r.start..r.end {
                let i = Inst::from_index(k as usize);
                let op = self.f.op(i);
                let last = k + 1 == r.end;
                let placed = match misplaced(op, last, seen_non_phi) {
                    Some(msg) => Err(msg.to_string()),
                    None => Ok(()),
                };
                seen_non_phi |= op != Opcode::Phi;
                placed
                    .and_then(|()| self.check_const_operands(i, s))
                    .and_then(|()| self.check_inst(i, s))
                    .map_err(|m| (self.loc(i), m))?;
            }
        }
        Ok(())
    }

    /// Constant expressions among `i`'s operands (each tree checked once
    /// per function: the `seen` test is inline, the walk is not).
    #[inline]
    fn check_const_operands(&self, i: Inst, s: &mut Scratch) -> Check {
        for &v in self.f.inst_ops(i) {
            if v.tag() == ValueTag::Const && !s.const_seen.get(v.index()).is_some_and(|&b| b) {
                self.check_const_tree(v, s)?;
            }
        }
        Ok(())
    }

    #[inline(never)]
    pub(super) fn check_const_tree(&self, v: Value, s: &mut Scratch) -> Check {
        let cx = super::consts::ConstCx {
            types: self.types,
            pool: &self.f.consts,
            globals: &self.m.globals,
        };
        cx.check_tree(v, &mut s.const_seen, 0)
    }

    /// The type of an operand, or an error for an untyped value.
    #[inline]
    fn t(&self, v: Value) -> Result<TypeId, String> {
        match self.vty(v) {
            Some(t) => Ok(t),
            None => Err(invalid_operand()),
        }
    }

    #[inline]
    fn expect_ty(&self, what: &str, v: Value, want: TypeId) -> Check {
        match self.vty(v) {
            Some(t) if t == want => Ok(()),
            _ => Err(self.type_mismatch(what, v, want)),
        }
    }

    #[cold]
    #[inline(never)]
    fn type_mismatch(&self, what: &str, v: Value, want: TypeId) -> String {
        match self.vty(v) {
            Some(t) => format!(
                "{what} has type {}, expected {}",
                self.ty_str(t),
                self.ty_str(want)
            ),
            None => invalid_operand(),
        }
    }

    #[inline]
    fn expect_ptr(&self, what: &str, v: Value) -> Result<TypeId, String> {
        match self.vty(v) {
            Some(t) if matches!(self.get(t), Type::Ptr(_) | Type::TypedPtr { .. }) => Ok(t),
            _ => Err(self.not_a_pointer(what, v)),
        }
    }

    #[cold]
    #[inline(never)]
    fn not_a_pointer(&self, what: &str, v: Value) -> String {
        match self.vty(v) {
            Some(t) => format!("{what} must be a pointer, found {}", self.ty_str(t)),
            None => invalid_operand(),
        }
    }

    /// In typed-pointer IR, `ptr_ty` must point to `pointee`.
    #[inline]
    fn expect_pointee(&self, what: &str, ptr_ty: TypeId, pointee: TypeId) -> Check {
        if !self.typed_ptrs {
            return Ok(());
        }
        match self.get(ptr_ty) {
            Type::TypedPtr { pointee: p, .. } if p != pointee => Err(format!(
                "{what}: pointer type {} does not point to {}",
                self.ty_str(ptr_ty),
                self.ty_str(pointee)
            )),
            _ => Ok(()),
        }
    }

    fn expect_int(&self, what: &str, v: Value) -> Check {
        let t = self.t(v)?;
        match shape(self.types, t).0 {
            Kind::Int(_) => Ok(()),
            _ => Err(format!(
                "{what} must be an integer, found {}",
                self.ty_str(t)
            )),
        }
    }

    pub(super) fn check_inst(&self, i: Inst, s: &mut Scratch) -> Check {
        let f = self.f;
        let ty = f.ty[i.index()];
        let ops = f.inst_ops(i);
        let op = f.op(i);
        use Opcode as O;
        match op {
            O::Ret => match ops {
                [] if self.get(self.ret) == Type::Void => Ok(()),
                [] => Err(format!(
                    "'ret void' in a function returning {}",
                    self.ty_str(self.ret)
                )),
                [v] => {
                    let t = self.t(*v)?;
                    if t != self.ret || self.get(t) == Type::Void {
                        return Err(format!(
                            "return value has type {}, but the function returns {}",
                            self.ty_str(t),
                            self.ty_str(self.ret)
                        ));
                    }
                    Ok(())
                }
                _ => Err("ret takes at most one operand".into()),
            },
            O::Br => match ops {
                [c, _, _] => self.expect_i1("branch condition", *c),
                _ => Ok(()),
            },
            O::Switch => self.check_switch(ops, s),
            O::IndirectBr => self.expect_ptr("indirectbr address", ops[0]).map(drop),
            O::Resume | O::Unreachable => Ok(()),
            O::CatchSwitch | O::CatchRet | O::CleanupRet | O::CatchPad | O::CleanupPad => {
                match ops.first() {
                    Some(&p) => {
                        let t = self.t(p)?;
                        if self.get(t) != Type::Token {
                            return Err(format!("{} pad operand must be a token", op.name()));
                        }
                        Ok(())
                    }
                    None => Err(format!("{} needs a pad operand", op.name())),
                }
            }
            O::FNeg => {
                self.expect_ty("fneg operand", ops[0], ty)?;
                match shape(self.types, ty).0 {
                    Kind::Fp(_) => Ok(()),
                    _ => Err(format!(
                        "fneg requires a floating-point type, found {}",
                        self.ty_str(ty)
                    )),
                }
            }
            _ if op.is_binary() => self.check_binary(op, ty, ops),
            O::ExtractElement | O::InsertElement | O::ShuffleVector => {
                self.check_vector_op(op, ty, ops)
            }
            O::ExtractValue | O::InsertValue => self.check_aggregate_op(i, op, ty, ops),
            O::Alloca => {
                let at = TypeId::from_u32(f.extra[i.index()]);
                if !tyutil::is_first_class(self.types, at) || self.get(at) == Type::Token {
                    return Err(format!("cannot allocate unsized type {}", self.ty_str(at)));
                }
                if let Some(&n) = ops.first() {
                    self.expect_int("alloca element count", n)?;
                }
                self.expect_ptr_ty("alloca result", ty)
            }
            O::Load => {
                let pt = self.expect_ptr("load operand", ops[0])?;
                if !tyutil::is_first_class(self.types, ty) || self.get(ty) == Type::Token {
                    return Err(format!("cannot load a value of type {}", self.ty_str(ty)));
                }
                self.expect_pointee("load", pt, ty)
            }
            O::Store => {
                let vt = self.t(ops[0])?;
                let pt = self.expect_ptr("store address", ops[1])?;
                if !tyutil::is_first_class(self.types, vt) || self.get(vt) == Type::Token {
                    return Err(format!("cannot store a value of type {}", self.ty_str(vt)));
                }
                self.expect_pointee("store", pt, vt)
            }
            O::Fence => Ok(()),
            O::CmpXchg => {
                self.expect_ptr("cmpxchg address", ops[0])?;
                let t = self.t(ops[1])?;
                self.expect_ty("cmpxchg new value", ops[2], t)?;
                if !matches!(shape(self.types, t), (Kind::Int(_) | Kind::Ptr(_), None)) {
                    return Err(format!(
                        "cmpxchg operand must be an integer or pointer, found {}",
                        self.ty_str(t)
                    ));
                }
                match self.types.fields(ty) {
                    [a, b] if *a == t && Some(*b) == self.i1 => Ok(()),
                    _ => Err("cmpxchg result must be { T, i1 }".into()),
                }
            }
            O::AtomicRmw => {
                self.expect_ptr("atomicrmw address", ops[0])?;
                self.expect_ty("atomicrmw value", ops[1], ty)?;
                match shape(self.types, ty).0 {
                    Kind::Int(_) | Kind::Fp(_) | Kind::Ptr(_) => Ok(()),
                    Kind::Other => Err(format!(
                        "invalid atomicrmw operand type {}",
                        self.ty_str(ty)
                    )),
                }
            }
            O::GetElementPtr => self.check_gep(i, ty, ops),
            _ if op.is_cast() => self.check_cast(op, self.t(ops[0])?, ty),
            O::ICmp | O::FCmp => self.check_cmp(op, ty, ops),
            O::Phi => {
                if matches!(
                    self.get(ty),
                    Type::Void | Type::Label | Type::Metadata | Type::Func { .. }
                ) {
                    return Err(format!("phi cannot have type {}", self.ty_str(ty)));
                }
                for pair in ops.chunks_exact(2) {
                    self.expect_ty("phi incoming value", pair[0], ty)?;
                }
                Ok(())
            }
            O::Select => {
                let ct = self.t(ops[0])?;
                self.expect_ty("select true value", ops[1], ty)?;
                self.expect_ty("select false value", ops[2], ty)?;
                let ok = match (shape(self.types, ct), shape(self.types, ty)) {
                    ((Kind::Int(1), None), _) => true,
                    ((Kind::Int(1), Some(a)), (_, Some(b))) => a == b,
                    _ => false,
                };
                if !ok {
                    return Err(format!(
                        "select condition must be i1 or <N x i1> matching the operands, found {}",
                        self.ty_str(ct)
                    ));
                }
                Ok(())
            }
            O::Freeze => self.expect_ty("freeze operand", ops[0], ty),
            O::VAArg => self.expect_ptr("va_arg operand", ops[0]).map(drop),
            O::Call | O::Invoke | O::CallBr => self.check_call(i, ty, ops),
            O::LandingPad => {
                let has_personality = self
                    .m
                    .func(self.global)
                    .is_some_and(|fd| fd.personality.is_some());
                if !has_personality {
                    return Err("landingpad requires the function to have a personality".into());
                }
                Ok(())
            }
            _ => Ok(()),
        }
    }

    #[inline]
    fn expect_i1(&self, what: &str, v: Value) -> Check {
        match self.vty(v) {
            Some(t) if Some(t) == self.i1 => Ok(()),
            _ => Err(self.not_i1(what, v)),
        }
    }

    #[cold]
    #[inline(never)]
    fn not_i1(&self, what: &str, v: Value) -> String {
        match self.vty(v) {
            Some(t) => format!("{what} must have type i1, found {}", self.ty_str(t)),
            None => invalid_operand(),
        }
    }

    fn expect_ptr_ty(&self, what: &str, t: TypeId) -> Check {
        match shape(self.types, t) {
            (Kind::Ptr(_), None) => Ok(()),
            _ => Err(format!(
                "{what} must be a pointer, found {}",
                self.ty_str(t)
            )),
        }
    }

    fn check_switch(&self, ops: &[Value], s: &mut Scratch) -> Check {
        let ct = self.t(ops[0])?;
        let Type::Int(bits) = self.get(ct) else {
            return Err(format!(
                "switch condition must be an integer, found {}",
                self.ty_str(ct)
            ));
        };
        s.keys.clear();
        let cases = &ops[2..];
        for pair in cases.chunks_exact(2) {
            let v = pair[0];
            self.expect_ty("switch case value", v, ct)?;
            let c = v
                .as_entity::<ConstId>(ValueTag::Const)
                .map(|c| self.f.consts.get(c).kind);
            match c {
                Some(ConstKind::Int(x)) => s.keys.push(x),
                Some(ConstKind::BigInt(_)) if bits > 64 => {}
                _ => return Err("switch case value must be a constant integer".into()),
            }
        }
        if bits > 64 {
            // Rare: compare wide cases pairwise by value.
            for (a, pa) in cases.chunks_exact(2).enumerate() {
                for pb in cases.chunks_exact(2).skip(a + 1) {
                    if self.wide_eq(pa[0], pb[0]) {
                        return Err("duplicate case value in switch".into());
                    }
                }
            }
            return Ok(());
        }
        s.keys.sort_unstable();
        if let Some(w) = s.keys.windows(2).find(|w| w[0] == w[1]) {
            let x = w[0];
            let signed = if bits < 64 && bits > 0 && x >> (bits - 1) & 1 == 1 {
                (x | (!0u64 << bits)) as i64
            } else {
                x as i64
            };
            return Err(format!("duplicate case value {signed} in switch"));
        }
        Ok(())
    }

    /// Value equality of two wide integer constants.
    fn wide_eq(&self, a: Value, b: Value) -> bool {
        let words = |v: Value| -> Vec<u64> {
            let Some(c) = v.as_entity::<ConstId>(ValueTag::Const) else {
                return Vec::new();
            };
            let mut w = match self.f.consts.get(c).kind {
                ConstKind::Int(x) => vec![x],
                _ => self.f.consts.words_of(c).to_vec(),
            };
            while w.last() == Some(&0) {
                w.pop();
            }
            w
        };
        words(a) == words(b)
    }

    fn check_binary(&self, op: Opcode, ty: TypeId, ops: &[Value]) -> Check {
        let [a, b] = ops else {
            return Err("binary operator needs two operands".into());
        };
        self.expect_ty("first operand", *a, ty)?;
        self.expect_ty("second operand", *b, ty)?;
        match (op.is_fp_binary(), shape(self.types, ty).0) {
            (true, Kind::Fp(_)) | (false, Kind::Int(_)) => Ok(()),
            (true, _) => Err(format!(
                "floating-point operator '{}' requires floating-point operands, found {}",
                op.name(),
                self.ty_str(ty)
            )),
            (false, _) => Err(format!(
                "integer operator '{}' requires integer operands, found {}",
                op.name(),
                self.ty_str(ty)
            )),
        }
    }

    fn check_vector_op(&self, op: Opcode, ty: TypeId, ops: &[Value]) -> Check {
        let vt = self.t(ops[0])?;
        let Type::Vector { len, elem } = self.get(vt) else {
            return Err(format!(
                "{} operand must be a vector, found {}",
                op.name(),
                self.ty_str(vt)
            ));
        };
        match op {
            Opcode::ExtractElement => {
                self.expect_int("extractelement index", ops[1])?;
                if ty != elem {
                    return Err("extractelement result must be the element type".into());
                }
            }
            Opcode::InsertElement => {
                self.expect_ty("inserted element", ops[1], elem)?;
                self.expect_int("insertelement index", ops[2])?;
                if ty != vt {
                    return Err("insertelement result must be the vector type".into());
                }
            }
            _ => {
                self.expect_ty("second shufflevector operand", ops[1], vt)?;
                let mt = self.t(ops[2])?;
                let ok = matches!(shape(self.types, mt), (Kind::Int(32), Some(_)))
                    && matches!(self.get(ty), Type::Vector { elem: e, len: l } if e == elem && Some(l) == shape(self.types, mt).1);
                let _ = len;
                if !ok {
                    return Err("invalid shufflevector operands".into());
                }
            }
        }
        Ok(())
    }

    fn check_aggregate_op(&self, i: Inst, op: Opcode, ty: TypeId, ops: &[Value]) -> Check {
        let agg = self.t(ops[0])?;
        if !tyutil::is_aggregate(self.types, agg) {
            return Err(format!(
                "{} operand must be an aggregate, found {}",
                op.name(),
                self.ty_str(agg)
            ));
        }
        let mut cur = agg;
        for &k in self.f.aux_list(i) {
            cur = match self.get(cur) {
                Type::Array { len, elem } if (k as u64) < len => elem,
                Type::Struct { .. } | Type::Named { .. } => {
                    match self.types.fields(cur).get(k as usize) {
                        Some(&t) => t,
                        None => return Err(format!("invalid index {k} for {}", op.name())),
                    }
                }
                _ => return Err(format!("invalid index {k} for {}", op.name())),
            };
        }
        if op == Opcode::ExtractValue {
            if ty != cur {
                return Err("extractvalue result type does not match the indexed type".into());
            }
        } else {
            self.expect_ty("inserted value", ops[1], cur)?;
            if ty != agg {
                return Err("insertvalue result must be the aggregate type".into());
            }
        }
        Ok(())
    }

    fn check_gep(&self, i: Inst, ty: TypeId, ops: &[Value]) -> Check {
        let src = TypeId::from_u32(self.f.extra[i.index()]);
        if !tyutil::is_first_class(self.types, src) || self.get(src) == Type::Token {
            return Err(format!(
                "getelementptr source type {} is not sized",
                self.ty_str(src)
            ));
        }
        let Some(&base) = ops.first() else {
            return Err("getelementptr needs a base pointer".into());
        };
        let bt = self.t(base)?;
        let (Kind::Ptr(_), blen) = shape(self.types, bt) else {
            return Err(format!(
                "getelementptr base must be a pointer, found {}",
                self.ty_str(bt)
            ));
        };
        if let Type::TypedPtr { .. } = self.get(bt) {
            self.expect_pointee("getelementptr", bt, src)?;
        }
        let mut len = blen;
        for &v in &ops[1..] {
            let t = self.t(v)?;
            match shape(self.types, t) {
                (Kind::Int(_), None) => {}
                (Kind::Int(_), Some(l)) if len.is_none_or(|x| x == l) => len = Some(l),
                _ => {
                    return Err(format!(
                        "getelementptr index must be an integer, found {}",
                        self.ty_str(t)
                    ))
                }
            }
        }
        match shape(self.types, ty) {
            (Kind::Ptr(_), l) if l == len => Ok(()),
            _ => Err(format!(
                "getelementptr result type {} is wrong",
                self.ty_str(ty)
            )),
        }
    }

    fn check_cast(&self, op: Opcode, src: TypeId, dst: TypeId) -> Check {
        if !tyutil::cast_ok(self.types, op, src, dst) {
            return Err(format!(
                "invalid cast: {} from {} to {}",
                op.name(),
                self.ty_str(src),
                self.ty_str(dst)
            ));
        }
        Ok(())
    }

    fn check_cmp(&self, op: Opcode, ty: TypeId, ops: &[Value]) -> Check {
        let t = self.t(ops[0])?;
        self.expect_ty("second comparison operand", ops[1], t)?;
        let (k, len) = shape(self.types, t);
        let ok = if op == Opcode::ICmp {
            matches!(k, Kind::Int(_) | Kind::Ptr(_))
        } else {
            matches!(k, Kind::Fp(_))
        };
        if !ok {
            let want = if op == Opcode::ICmp {
                "integer or pointer"
            } else {
                "floating-point"
            };
            return Err(format!(
                "{} operands must be {want}, found {}",
                op.name(),
                self.ty_str(t)
            ));
        }
        if shape(self.types, ty) != (Kind::Int(1), len) {
            return Err(format!(
                "{} result must be i1 or <N x i1> matching the operands",
                op.name()
            ));
        }
        Ok(())
    }

    fn check_call(&self, i: Inst, ty: TypeId, ops: &[Value]) -> Check {
        let ci = self.f.call_info(i);
        let Type::Func { ret, vararg, .. } = self.get(ci.fn_ty) else {
            return Err(format!(
                "call type {} is not a function type",
                self.ty_str(ci.fn_ty)
            ));
        };
        if ty != ret {
            return Err("call result type does not match the function type".into());
        }
        let params = self.types.fields(ci.fn_ty);
        let n = ci.num_args as usize;
        if n < params.len() || (!vararg && n > params.len()) {
            return Err(format!(
                "incorrect number of arguments: the function type takes {}{}, the call passes {n}",
                params.len(),
                if vararg { " or more" } else { "" }
            ));
        }
        let args = &ops[1..1 + n];
        for (k, &a) in args.iter().enumerate() {
            let t = self.t(a)?;
            match params.get(k) {
                Some(&p) if p != t => {
                    return Err(format!(
                        "argument {} has type {}, but the function type expects {}",
                        k + 1,
                        self.ty_str(t),
                        self.ty_str(p)
                    ))
                }
                None if !tyutil::is_first_class(self.types, t) => {
                    return Err(format!("invalid variadic argument type {}", self.ty_str(t)))
                }
                _ => {}
            }
        }
        let callee = ops[0];
        if callee.tag() == ValueTag::Asm {
            return Ok(());
        }
        let ct = self.expect_ptr("callee", callee)?;
        self.expect_pointee("callee", ct, ci.fn_ty)?;
        if let Some(g) = callee.as_entity::<GlobalId>(ValueTag::Global) {
            let gl = &self.m.globals[g];
            if let GlobalKind::Func(_) = gl.kind {
                if self.m.str(gl.name).starts_with("llvm.") && gl.value_ty != Some(ci.fn_ty) {
                    return Err(format!(
                        "intrinsic @{} called with type {}, but it is declared as {}",
                        self.m.str(gl.name),
                        self.ty_str(ci.fn_ty),
                        gl.value_ty.map_or("?".into(), |t| self.ty_str(t))
                    ));
                }
            }
        }
        Ok(())
    }
}
