//! Building atomic operations: `load atomic`, `store atomic`, `atomicrmw`,
//! `cmpxchg` and `fence` become the generic atomic nodes (`AtomicLoad`,
//! `AtomicStore`, `AtomicRMW`, `AtomicCmpSwap`, `Fence`) with an
//! [`AtomicInfo`] payload, on the block's one memory chain, so they keep
//! their program order against every other memory operation. What each
//! becomes is the target's choice (x86-64: `isel/atomic.rs`).
//!
//! `cmpxchg` yields `{ T, i1 }`: its node has the two values as results 0
//! and 1, and the builder holds the pair as an aggregate handle
//! (`MergeValues` of the two, see [`super::aggregate`]), so `extractvalue`,
//! phis, stores and uses in other blocks (two consecutive vregs) work as
//! for any aggregate. `float`/`double` loads, stores and `xchg` move the
//! integer of their width (bitcasts around the node, as LLVM's
//! AtomicExpand does); floating-point `atomicrmw` operations (`fadd`..)
//! and `i128` atomics are refused by name.

use super::{BResult, Builder};
use crate::atomic::{AtomicInfo, Ordering, RmwOp};
use crate::lowering::IselError;
use crate::node::SDValue;
use crate::opcode::Op;
use crate::vt::VT;
use rcc_ir::entity::EntityId;
use rcc_ir::inst::{self, Opcode};
use rcc_ir::span::Span;
use rcc_ir::Inst;

impl Builder<'_, '_> {
    /// The payload of atomic instruction `i` on values of type `vt`.
    fn atomic_info(&self, i: Inst, vt: VT, op: RmwOp) -> AtomicInfo {
        let f = self.fl.f;
        let flags = f.flags[i.index()];
        let failure = if f.op(i) == Opcode::CmpXchg {
            Ordering::from_ir((flags >> inst::FAIL_ORDER_SHIFT) & 0xF)
        } else {
            Ordering::NotAtomic
        };
        let scope = f.extra[i.index()];
        let single_thread = scope != u32::MAX
            && f.aux.get(scope as usize + 1).is_some_and(|&end| {
                let s = Span {
                    start: f.aux[scope as usize],
                    end,
                };
                self.fl.m.str(s).trim_matches('"') == "singlethread"
            });
        AtomicInfo {
            mem_bits: vt.bits(),
            ordering: Ordering::from_ir((flags >> inst::ORDER_SHIFT) & 0xF),
            failure,
            op,
            single_thread,
            volatile: flags & inst::VOLATILE != 0,
        }
    }

    /// The integer type an atomic access of instruction `i` is done in, and
    /// the float type of its value when that is a `float`/`double` (moved
    /// as the integer of its width, as LLVM's AtomicExpand casts it).
    fn atomic_types(&self, i: Inst, what: &str) -> BResult<(VT, Option<VT>)> {
        let f = self.fl.f;
        let ty = match f.op(i) {
            Opcode::Store => self.value_ty(f.inst_ops(i)[0]),
            _ => f.ty[i.index()],
        };
        match VT::of(&self.fl.m.types, self.fl.dl, ty) {
            Some(t @ (VT::F32 | VT::F64)) => Ok((VT::int(t.bits()).unwrap_or(VT::I64), Some(t))),
            _ => Ok((self.atomic_vt(i, what)?, None)),
        }
    }

    /// The value type of an atomic access to integers or pointers.
    fn atomic_vt(&self, i: Inst, what: &str) -> BResult<VT> {
        let ty = self.fl.f.ty[i.index()];
        // The accessed type: the stored value's, cmpxchg's expected value's,
        // else the result's.
        let operand = match self.fl.f.op(i) {
            Opcode::Store => Some(0),
            Opcode::CmpXchg => Some(1),
            _ => None,
        };
        let ty = operand.map_or(ty, |k| self.value_ty(self.fl.f.inst_ops(i)[k]));
        let vt = VT::of(&self.fl.m.types, self.fl.dl, ty);
        match vt {
            Some(t) if t.is_int() && (8..=64).contains(&t.bits()) => Ok(t),
            Some(t) => Err(IselError::new(format!("{what} of type {t}"))),
            None => Err(IselError::new(format!("{what} of this type"))),
        }
    }

    pub(super) fn atomic_load(&mut self, i: Inst) -> BResult<()> {
        let (vt, float) = self.atomic_types(i, "an atomic load")?;
        let addr = self.get(self.fl.f.inst_ops(i)[0])?;
        let info = self.atomic_info(i, vt, RmwOp::Xchg).pack();
        let n = self
            .dag
            .node(Op::AtomicLoad, &[vt, VT::Chain], &[self.chain, addr], info);
        self.chain = SDValue::new(n, 1);
        let mut v = SDValue::new(n, 0);
        if let Some(ft) = float {
            v = self.dag.value(Op::Bitcast, ft, &[v], 0);
        }
        self.set(i, v);
        Ok(())
    }

    pub(super) fn atomic_store(&mut self, i: Inst) -> BResult<()> {
        let (vt, float) = self.atomic_types(i, "an atomic store")?;
        let ops = self.fl.f.inst_ops(i);
        let (mut v, addr) = (self.get(ops[0])?, self.get(ops[1])?);
        if float.is_some() {
            v = self.dag.value(Op::Bitcast, vt, &[v], 0);
        }
        let info = self.atomic_info(i, vt, RmwOp::Xchg).pack();
        self.chain = self
            .dag
            .value(Op::AtomicStore, VT::Chain, &[self.chain, v, addr], info);
        Ok(())
    }

    pub(super) fn atomic_rmw(&mut self, i: Inst) -> BResult<()> {
        let f = self.fl.f;
        let code = (f.flags[i.index()] >> inst::RMW_SHIFT) & 0xFF;
        let op =
            RmwOp::from_ir(code).ok_or_else(|| IselError::new("an unknown atomicrmw operation"))?;
        if matches!(
            op,
            RmwOp::FAdd
                | RmwOp::FSub
                | RmwOp::FMax
                | RmwOp::FMin
                | RmwOp::FMaximum
                | RmwOp::FMinimum
        ) {
            return Err(IselError::new(format!("atomicrmw {}", op.name())));
        }
        // Only xchg takes floats (as integers of their width).
        let (vt, float) = self.atomic_types(i, "an atomicrmw")?;
        let ops = f.inst_ops(i);
        let (addr, mut v) = (self.get(ops[0])?, self.get(ops[1])?);
        if float.is_some() {
            v = self.dag.value(Op::Bitcast, vt, &[v], 0);
        }
        let info = self.atomic_info(i, vt, op).pack();
        let n = self.dag.node(
            Op::AtomicRMW,
            &[vt, VT::Chain],
            &[self.chain, addr, v],
            info,
        );
        self.chain = SDValue::new(n, 1);
        let mut r = SDValue::new(n, 0);
        if let Some(ft) = float {
            r = self.dag.value(Op::Bitcast, ft, &[r], 0);
        }
        self.set(i, r);
        Ok(())
    }

    pub(super) fn cmpxchg(&mut self, i: Inst) -> BResult<()> {
        let vt = self.atomic_vt(i, "a cmpxchg")?;
        let ops = self.fl.f.inst_ops(i);
        let addr = self.get(ops[0])?;
        let (cmp, new) = (self.get(ops[1])?, self.get(ops[2])?);
        let info = self.atomic_info(i, vt, RmwOp::Xchg).pack();
        let n = self.dag.node(
            Op::AtomicCmpSwap,
            &[vt, VT::I1, VT::Chain],
            &[self.chain, addr, cmp, new],
            info,
        );
        self.chain = SDValue::new(n, 2);
        let pair = self.merge(&[SDValue::new(n, 0), SDValue::new(n, 1)]);
        self.set(i, pair);
        Ok(())
    }

    pub(super) fn fence(&mut self, i: Inst) -> BResult<()> {
        let info = self.atomic_info(i, VT::I8, RmwOp::Xchg);
        let info = AtomicInfo {
            mem_bits: 0,
            ..info
        };
        self.chain = self
            .dag
            .value(Op::Fence, VT::Chain, &[self.chain], info.pack());
        Ok(())
    }
}
