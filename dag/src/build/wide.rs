//! The builder's side of wide integers (`i128`): the IR's types are kept in
//! the DAG (an `i128` add is an `Add` of type `I128`) and
//! [`crate::legalize`] expands them into halves later. What the builder
//! itself must know is where a wide value meets the rest of the function:
//!
//! - a wide value crossing blocks, a wide phi and a wide argument live in
//!   consecutive vregs, low half first ([`crate::legalize::vregs_for`]),
//!   like the parts of an aggregate ([`super::aggregate`]); a wide phi is
//!   two machine PHIs, one per half;
//! - a wide constant is `BuildPair(lo, hi)` of two `I64` constants (a
//!   `Constant` node holds only 64 bits).

use super::Builder;
use crate::legalize::{half_of, vregs_for};
use crate::lowering::{CallLowering, IselError};
use crate::opcode::Op;
use crate::vt::VT;
use rcc_ir::constant::{ConstId, ConstKind};
use rcc_mach::{MachFunction, VReg};

/// The vreg (the first of consecutive ones for a wide type) that holds a
/// value of type `vt` across blocks.
pub(super) fn value_vreg(
    mf: &mut MachFunction,
    lower: &dyn CallLowering,
    vt: VT,
) -> Result<VReg, IselError> {
    vregs_for(mf, lower, vt).ok_or_else(|| IselError::new(format!("values of type {vt}")))
}

impl Builder<'_, '_> {
    /// The constant `v` (truncated to `vt`) of any integer type: a
    /// `Constant`, or `BuildPair` of two for a wide type.
    pub(super) fn int_const(&mut self, vt: VT, v: u128) -> crate::node::SDValue {
        match half_of(vt) {
            Some(h) => {
                let lo = self.dag.constant(h, v as u64);
                let hi = self.dag.constant(h, (v >> 64) as u64);
                self.dag.value(Op::BuildPair, vt, &[lo, hi], 0)
            }
            None => self.dag.constant(vt, v as u64),
        }
    }

    /// A constant of wide type `vt`: `BuildPair` of its 64-bit words.
    pub(super) fn wide_const(
        &mut self,
        c: ConstId,
        vt: VT,
    ) -> Result<crate::node::SDValue, IselError> {
        let consts = &self.fl.f.consts;
        let (lo, hi) = match consts.get(c).kind {
            ConstKind::Int(x) => (x, 0),
            ConstKind::Null | ConstKind::Zero => (0, 0),
            ConstKind::BigInt(_) => {
                let w = consts.words_of(c);
                (
                    w.first().copied().unwrap_or(0),
                    w.get(1).copied().unwrap_or(0),
                )
            }
            ConstKind::Undef | ConstKind::Poison => {
                return Ok(self.dag.value(Op::Undef, vt, &[], 0));
            }
            _ => return Err(IselError::new(format!("this kind of {vt} constant"))),
        };
        let h = half_of(vt).ok_or_else(|| IselError::new(format!("a {vt} constant")))?;
        let lo = self.dag.constant(h, lo);
        let hi = self.dag.constant(h, hi);
        Ok(self.dag.value(Op::BuildPair, vt, &[lo, hi], 0))
    }
}
