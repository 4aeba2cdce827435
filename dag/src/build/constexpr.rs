//! Constant expressions as instruction operands (`getelementptr`, casts,
//! integer arithmetic and `icmp` over globals and constants, as clang
//! emits them at -O2: `getelementptr inbounds (i8, ptr @g, i64 8)`).
//!
//! A constant expression becomes the same DAG nodes its instruction form
//! would, built where it is used (it is pure, and hash-consing shares
//! repeated uses within a block). Constant address arithmetic on a plain
//! symbol is folded into the symbol operand's addend
//! ([`Builder::add_offset`]), so `@g + 8` is one leaf that the address
//! matcher folds into a RIP-relative operand (`g+8(%rip)`) and a value use
//! computes with one `lea`. Symbols with a relocation variant (a GOT entry)
//! keep an explicit `add`.
//!
//! `blockaddress(@f, %bb)` of the function's own block is that machine
//! block's label (`lea .LBB0_3(%rip)`); the block is marked address-taken.
//!
//! Unsupported: expressions over floating point or vectors, and the old
//! forms LLVM 19 no longer prints (`extractvalue`, `shufflevector`, ...);
//! each is an [`IselError`] naming the opcode.

use super::{bin_op, BResult, Builder};
use crate::lowering::IselError;
use crate::node::SDValue;
use crate::opcode::{Cond, Op};
use crate::vt::VT;
use rcc_ir::constant::{ConstId, ConstKind};
use rcc_ir::entity::EntityId;
use rcc_ir::inst::{self, Opcode};
use rcc_ir::span::Span;
use rcc_ir::Value;

impl Builder<'_, '_> {
    /// The value of constant expression `c`, of type `vt`.
    pub(super) fn const_expr(&mut self, c: ConstId, vt: VT) -> BResult<SDValue> {
        let f = self.fl.f;
        let ConstKind::Expr { op, flags, aux, .. } = f.consts.get(c).kind else {
            return Err(IselError::new("a constant expression that is not one"));
        };
        let ops = f.consts.operands(c);
        if op.is_cast() {
            if !matches!(
                op,
                Opcode::Trunc
                    | Opcode::ZExt
                    | Opcode::SExt
                    | Opcode::PtrToInt
                    | Opcode::IntToPtr
                    | Opcode::BitCast
                    | Opcode::AddrSpaceCast
            ) {
                return Err(unsupported_expr(op));
            }
            let x = self.get(ops[0])?;
            return self.cast(op, x, vt);
        }
        if let Some(o) = bin_op(op) {
            let (a, b) = (self.get(ops[0])?, self.get(ops[1])?);
            let k = crate::fold::sext(self.dag.as_const(b).unwrap_or(0), vt.bits());
            return Ok(match o {
                Op::Add if vt == VT::I64 && self.dag.as_const(b).is_some() => self.add_offset(a, k),
                Op::Sub if vt == VT::I64 && self.dag.as_const(b).is_some() => {
                    self.add_offset(a, k.wrapping_neg())
                }
                _ => self.dag.value(o, vt, &[a, b], 0),
            });
        }
        match op {
            Opcode::GetElementPtr => {
                // `inrange(lo, hi)` bounds come first; they do not address.
                let skip = if flags & inst::GEP_INRANGE != 0 { 2 } else { 0 };
                let base = self.get(ops[skip])?;
                self.gep_value(base, aux, &ops[skip + 1..])
            }
            Opcode::ICmp => {
                let cond = Cond::from_ir((flags >> inst::PRED_SHIFT) as u8)
                    .ok_or_else(|| IselError::new("an icmp predicate"))?;
                let (a, b) = (self.get(ops[0])?, self.get(ops[1])?);
                Ok(self.dag.value(Op::SetCC, VT::I1, &[a, b], cond as u64))
            }
            Opcode::Select => {
                let c = self.get(ops[0])?;
                let (x, y) = (self.get(ops[1])?, self.get(ops[2])?);
                Ok(self.dag.value(Op::Select, vt, &[c, x, y], 0))
            }
            _ => Err(unsupported_expr(op)),
        }
    }

    /// `blockaddress(func, %block)` used in the function's own body: the
    /// machine block's label (the block is marked address-taken so it
    /// keeps a label). Another function's block is refused.
    pub(super) fn block_address(&mut self, func: Value, block: Span) -> BResult<SDValue> {
        let target = rcc_ir::verify::block_address_target(self.fl.m, func, block);
        let Some((g, b)) = target else {
            return Err(IselError::new("a blockaddress of no block"));
        };
        if Some(g) != self.fl.f.global {
            return Err(IselError::new("a blockaddress of another function's block"));
        }
        let mb = self.fl.blocks[b.index()];
        self.mf.blocks[mb].address_taken = true;
        let s = self.mf.sym(rcc_mach::SymOperand {
            target: rcc_mach::SymTarget::Block(mb),
            offset: 0,
            flag: rcc_mach::SymFlag::NONE,
        });
        Ok(self.dag.value(Op::Symbol, VT::I64, &[], s.payload() as u64))
    }

    /// `addr + off` for a 64-bit address: folded into the addend of a plain
    /// symbol (no relocation variant) when the target takes that addend
    /// ([`crate::CallLowering::symbol_offset_ok`]: on x86-64 the small code
    /// model's `-2^31 <= addend < 16 MiB`), else an `add` of the whole
    /// offset to the bare symbol (LLVM folds the offsets into the
    /// `GlobalAddress` and `LowerGlobalAddress` splits off the sum), else
    /// an `add`.
    pub(super) fn add_offset(&mut self, addr: SDValue, off: i64) -> SDValue {
        if off == 0 {
            return addr;
        }
        let mut addr = addr;
        let mut off = off;
        if self.dag.op_of(addr) == Op::Symbol {
            let i = self.dag.payload(addr.node()) as usize;
            if let Some(&s) = self.mf.syms.get(i) {
                if s.flag == rcc_mach::SymFlag::NONE {
                    let sum = s.offset.wrapping_add(off);
                    let fits = self.lower.symbol_offset_ok(sum);
                    let sym = self.mf.sym(rcc_mach::SymOperand {
                        offset: if fits { sum } else { 0 },
                        ..s
                    });
                    addr = self
                        .dag
                        .value(Op::Symbol, VT::I64, &[], sym.payload() as u64);
                    if fits || sum == 0 {
                        return addr;
                    }
                    off = sum;
                }
            }
        }
        let c = self.dag.constant(VT::I64, off as u64);
        self.dag.value(Op::Add, VT::I64, &[addr, c], 0)
    }
}

fn unsupported_expr(op: Opcode) -> IselError {
    IselError::new(format!("a '{}' constant expression", op.name()))
}
