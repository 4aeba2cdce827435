//! Lowering of relocatable constants to MC expressions (LLVM's
//! `AsmPrinter::lowerConstant`).
//!
//! A constant that folds to an integer becomes a constant expression; a
//! global becomes a symbol reference; `getelementptr` becomes `sym + offset`
//! (offsets from the data layout); casts that do not change the bits are
//! looked through; `add` and `sub` become MC additions and subtractions. A
//! difference of two "global plus constant" values is a relative reference:
//! `A - B + (offA - offB)`, with `A@PLT` when `A` is an `unnamed_addr`
//! function (ELF's PC-relative PLT reference, `.long f@PLT-tbl`).
//!
//! Anything else (a `blockaddress`, arithmetic on addresses other than
//! `add`/`sub`) is reported as unsupported, naming the global being emitted.

use super::symbols::is_dso_local;
use super::{EmitResult, ModuleEmitter};
use rcc_ir::constant::{ConstId, ConstKind};
use rcc_ir::inst::Opcode;
use rcc_ir::module::{GlobalId, GlobalKind, ThreadLocal, UnnamedAddr};
use rcc_ir::types::{Type, TypeLookup};
use rcc_ir::value::{Value, ValueTag};
use rcc_mc::{BinOp, Expr, ExprId, Streamer, VariantKind};

impl ModuleEmitter<'_> {
    /// The MC expression of constant `v` (an operand of `owner`'s
    /// initializer).
    pub(super) fn lower(
        &self,
        owner: GlobalId,
        v: Value,
        out: &mut dyn Streamer,
    ) -> EmitResult<ExprId> {
        let f = self.folder();
        if let Some(g) = v.as_entity::<GlobalId>(ValueTag::Global) {
            return Ok(self.sym_expr(g, VariantKind::None, out));
        }
        if let Some(i) = f.fold_int(v) {
            return Ok(out.ctx().exprs.constant(i.val as u64 as i64));
        }
        let Some(c) = v.as_entity::<ConstId>(ValueTag::Const) else {
            return Err(self.invalid(owner, "operand is not a constant"));
        };
        match self.m.consts.get(c).kind {
            ConstKind::Null | ConstKind::Zero | ConstKind::Undef | ConstKind::Poison => {
                Ok(out.ctx().exprs.constant(0))
            }
            ConstKind::Int(x) => Ok(out.ctx().exprs.constant(x as i64)),
            ConstKind::BlockAddress { func, block } => {
                let label = rcc_ir::verify::block_address_target(self.m, func, block)
                    .and_then(|(g, b)| self.block_address_label(g, b.as_u32()));
                match label {
                    Some(l) => {
                        let sym = out.ctx().symbol(&l);
                        Ok(out.ctx().sym_ref(sym, VariantKind::None))
                    }
                    None => Err(self.invalid(owner, "blockaddress of no emitted block")),
                }
            }
            ConstKind::DsoLocalEquivalent(gv) => {
                let g = self.global_operand(owner, gv)?;
                Ok(self.dso_local_equivalent(g, out))
            }
            ConstKind::NoCfi(gv) => {
                let g = self.global_operand(owner, gv)?;
                Ok(self.sym_expr(g, VariantKind::None, out))
            }
            ConstKind::Expr { op, .. } => self.lower_expr(owner, c, op, out),
            _ => Err(self.invalid(
                owner,
                "a floating-point or aggregate value used as an address",
            )),
        }
    }

    fn lower_expr(
        &self,
        owner: GlobalId,
        c: ConstId,
        op: Opcode,
        out: &mut dyn Streamer,
    ) -> EmitResult<ExprId> {
        let f = self.folder();
        let ops = self.m.consts.operands(c);
        let operand = |i: usize| {
            ops.get(i)
                .copied()
                .ok_or_else(|| self.invalid(owner, format!("malformed {} expression", op.name())))
        };
        match op {
            Opcode::AddrSpaceCast | Opcode::Trunc | Opcode::BitCast => {
                self.lower(owner, operand(0)?, out)
            }
            Opcode::GetElementPtr => {
                let g = f
                    .gep(c)
                    .ok_or_else(|| self.invalid(owner, "malformed getelementptr expression"))?;
                let off = f.gep_offset(&g).ok_or_else(|| {
                    self.unsupported(owner, "getelementptr with a non-constant index")
                })?;
                let base = self.lower(owner, g.base, out)?;
                Ok(self.add_offset(base, off, out))
            }
            Opcode::IntToPtr => {
                let x = operand(0)?;
                let width = f.int_width(f.type_of(x));
                if width == Some(self.dl.ptr_size * 8) {
                    self.lower(owner, x, out)
                } else {
                    Err(self.unsupported(owner, "inttoptr of a non-pointer-sized address"))
                }
            }
            Opcode::PtrToInt => {
                let x = operand(0)?;
                let t = &self.m.types;
                let to = self.dl.alloc_size(t, self.m.consts.get(c).ty);
                if to <= self.dl.alloc_size(t, f.type_of(x)) {
                    self.lower(owner, x, out)
                } else {
                    Err(self.unsupported(owner, "ptrtoint to an integer wider than a pointer"))
                }
            }
            Opcode::Add => {
                let a = self.lower(owner, operand(0)?, out)?;
                let b = self.lower(owner, operand(1)?, out)?;
                Ok(out.ctx().expr(Expr::Binary(BinOp::Add, a, b)))
            }
            Opcode::Sub => {
                let (a, b) = (operand(0)?, operand(1)?);
                if let (Some(l), Some(r)) = (self.offset_from_global(a), self.offset_from_global(b))
                {
                    if self.is_got_equivalent(l.0) && r.0 == owner {
                        return Err(self.unsupported(
                            owner,
                            "relative reference through a GOT-equivalent global (@GOTPCREL)",
                        ));
                    }
                    return Ok(self.relative_reference(l, r, out));
                }
                let a = self.lower(owner, a, out)?;
                let b = self.lower(owner, b, out)?;
                Ok(out.ctx().expr(Expr::Binary(BinOp::Sub, a, b)))
            }
            _ => Err(self.unsupported(
                owner,
                format!("'{}' of an address in a static initializer", op.name()),
            )),
        }
    }

    /// `base + off`, or `base` when `off` is zero.
    fn add_offset(&self, base: ExprId, off: i64, out: &mut dyn Streamer) -> ExprId {
        if off == 0 {
            return base;
        }
        let k = out.ctx().exprs.constant(off);
        out.ctx().expr(Expr::Binary(BinOp::Add, base, k))
    }

    fn sym_expr(&self, g: GlobalId, variant: VariantKind, out: &mut dyn Streamer) -> ExprId {
        let s = self.symbol(g, out);
        out.ctx().sym_ref(s, variant)
    }

    fn global_operand(&self, owner: GlobalId, v: Value) -> EmitResult<GlobalId> {
        v.as_entity(ValueTag::Global)
            .ok_or_else(|| self.invalid(owner, "expected a global operand"))
    }

    /// `dso_local_equivalent @g`: the symbol itself when `g` is `dso_local`,
    /// else a PLT reference.
    fn dso_local_equivalent(&self, g: GlobalId, out: &mut dyn Streamer) -> ExprId {
        let variant = if is_dso_local(self.m, g) {
            VariantKind::None
        } else {
            VariantKind::Plt
        };
        self.sym_expr(g, variant, out)
    }

    /// LLVM's `IsConstantOffsetFromGlobal`: `(global, offset, through a
    /// dso_local_equivalent)` when `v` is a global plus a constant offset.
    fn offset_from_global(&self, v: Value) -> Option<(GlobalId, i64, bool)> {
        if let Some(g) = v.as_entity::<GlobalId>(ValueTag::Global) {
            return Some((g, 0, false));
        }
        let c = v.as_entity::<ConstId>(ValueTag::Const)?;
        match self.m.consts.get(c).kind {
            ConstKind::DsoLocalEquivalent(gv) => Some((gv.as_entity(ValueTag::Global)?, 0, true)),
            ConstKind::Expr {
                op: Opcode::PtrToInt | Opcode::BitCast,
                ..
            } => self.offset_from_global(*self.m.consts.operands(c).first()?),
            ConstKind::Expr {
                op: Opcode::GetElementPtr,
                ..
            } => {
                let f = self.folder();
                let gep = f.gep(c)?;
                let (g, base, equiv) = self.offset_from_global(gep.base)?;
                Some((g, base.wrapping_add(f.gep_offset(&gep)?), equiv))
            }
            _ => None,
        }
    }

    /// `A - B + (offA - offB)`, with `A@PLT` for an `unnamed_addr`
    /// function `A` (`lowerRelativeReference`).
    fn relative_reference(
        &self,
        (lhs, loff, equiv): (GlobalId, i64, bool),
        (rhs, roff, _): (GlobalId, i64, bool),
        out: &mut dyn Streamer,
    ) -> ExprId {
        let l = &self.m.globals[lhs];
        let is_fn = l
            .value_ty
            .is_some_and(|t| matches!(self.m.types.get(t), Type::Func { .. }))
            || matches!(l.kind, GlobalKind::Func(_));
        let plt = l.unnamed_addr == UnnamedAddr::Global
            && is_fn
            && l.addrspace == 0
            && self.m.globals[rhs].addrspace == 0
            && l.tls == ThreadLocal::None
            && self.m.globals[rhs].tls == ThreadLocal::None;
        let a = if plt {
            self.sym_expr(lhs, VariantKind::Plt, out)
        } else if equiv {
            self.dso_local_equivalent(lhs, out)
        } else {
            self.sym_expr(lhs, VariantKind::None, out)
        };
        let b = self.sym_expr(rhs, VariantKind::None, out);
        let diff = out.ctx().expr(Expr::Binary(BinOp::Sub, a, b));
        self.add_offset(diff, loff.wrapping_sub(roff), out)
    }
}
