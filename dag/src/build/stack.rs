//! The stack pointer as the IR sees it: dynamic allocas (an `alloca`
//! outside the entry block or with a variable count), `llvm.stacksave`
//! and `llvm.stackrestore`.
//!
//! All three are generic DAG nodes on the target's stack-pointer register
//! ([`CallLowering::stack_pointer`], a reserved register), ordered on the
//! block's chain (LLVM's `DYNAMIC_STACKALLOC` expanded as its generic
//! form does):
//!
//! - `alloca T, N`: `sp = CopyFromReg(chain, SP)`;
//!   `size = (zext(N) * sizeof(T) + A - 1) & -A` with A the stack
//!   alignment; `p = sp - size`, then `p &= -align` when the alloca asks
//!   for more than A; `CopyToReg(SP, p)`; the result is `p`. The function's
//!   frame is marked as having variable-sized objects, which forces a
//!   frame pointer and turns call-frame pseudos into real `sub`/`add`.
//! - `stacksave`: `CopyFromReg(chain, SP)`; `stackrestore(p)`:
//!   `CopyToReg(chain, SP, p)` (also marks the frame variable-sized).

use super::{unsupported, BResult, Builder};
use crate::node::SDValue;
use crate::opcode::Op;
use crate::vt::VT;
use rcc_ir::entity::EntityId;
use rcc_ir::inst;
use rcc_ir::types::TypeId;
use rcc_ir::Inst;
use rcc_mach::Reg;

impl Builder<'_, '_> {
    /// The `Register` node of the stack pointer.
    fn sp_register(&mut self, what: &str) -> BResult<SDValue> {
        let Some(sp) = self.lower.stack_pointer() else {
            return unsupported(format!("{what} on this target"));
        };
        self.mf.frame.has_var_sized = true;
        Ok(self
            .dag
            .value(Op::Register, VT::I64, &[], Reg::phys(sp).bits() as u64))
    }

    /// Reads the stack pointer after the current chain.
    fn read_sp(&mut self, what: &str) -> BResult<SDValue> {
        let reg = self.sp_register(what)?;
        let n = self.dag.node(
            Op::CopyFromReg,
            &[VT::I64, VT::Chain],
            &[self.chain, reg],
            0,
        );
        self.chain = SDValue::new(n, 1);
        Ok(SDValue::new(n, 0))
    }

    /// Sets the stack pointer to `v` after the current chain.
    fn write_sp(&mut self, v: SDValue, what: &str) -> BResult<()> {
        let reg = self.sp_register(what)?;
        self.chain = self
            .dag
            .value(Op::CopyToReg, VT::Chain, &[self.chain, reg, v], 0);
        Ok(())
    }

    /// `alloca` that is not a fixed frame object.
    pub(super) fn dynamic_alloca(&mut self, i: Inst) -> BResult<()> {
        let f = self.fl.f;
        let types = &self.fl.m.types;
        let elem = TypeId::from_u32(f.extra[i.index()]);
        let elem_size = self.fl.dl.alloc_size(types, elem);
        let align = match f.flags[i.index()] >> inst::ALIGN_SHIFT {
            0 => u64::from(self.fl.dl.abi_align(types, elem)),
            a => 1u64 << (a - 1),
        };
        let count = match f.inst_ops(i).first() {
            Some(&c) => {
                let c = self.get(c)?;
                match self.dag.vt(c) {
                    VT::I64 => c,
                    t if t.bits() < 64 => self.dag.value(Op::ZeroExtend, VT::I64, &[c], 0),
                    t => return unsupported(format!("an alloca count of type {t}")),
                }
            }
            None => self.dag.constant(VT::I64, 1),
        };
        let stack_align = self.lower.stack_align();
        let es = self.dag.constant(VT::I64, elem_size);
        let bytes = self.dag.value(Op::Mul, VT::I64, &[count, es], 0);
        let up = self.dag.constant(VT::I64, stack_align - 1);
        let bytes = self.dag.value(Op::Add, VT::I64, &[bytes, up], 0);
        let mask = self.dag.constant(VT::I64, stack_align.wrapping_neg());
        let bytes = self.dag.value(Op::And, VT::I64, &[bytes, mask], 0);
        let sp = self.read_sp("dynamic alloca")?;
        let mut p = self.dag.value(Op::Sub, VT::I64, &[sp, bytes], 0);
        if align > stack_align {
            let m = self.dag.constant(VT::I64, align.wrapping_neg());
            p = self.dag.value(Op::And, VT::I64, &[p, m], 0);
        }
        self.write_sp(p, "dynamic alloca")?;
        self.set(i, p);
        Ok(())
    }

    /// Builds `llvm.stacksave`/`llvm.stackrestore` call `i`; returns whether
    /// `name` was one of them.
    pub(super) fn stack_intrinsic(&mut self, i: Inst, name: &str) -> BResult<bool> {
        if name.starts_with("llvm.stacksave") {
            let v = self.read_sp("llvm.stacksave")?;
            self.set(i, v);
        } else if name.starts_with("llvm.stackrestore") {
            let v = self.get(self.fl.f.inst_ops(i)[1])?;
            self.write_sp(v, "llvm.stackrestore")?;
        } else {
            return Ok(false);
        }
        Ok(true)
    }
}
