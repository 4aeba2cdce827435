//! The builder's side of wide integers (`i128`): the IR's types are kept in
//! the DAG (an `i128` add is an `Add` of type `I128`) and
//! [`crate::legalize`] expands them into halves later. What the builder
//! itself must know is where a wide value meets the rest of the function:
//!
//! - a wide value crossing blocks, a wide phi and a wide argument live in
//!   consecutive vregs, low half first ([`crate::legalize::vregs_for`]),
//!   like the parts of an aggregate ([`super::aggregate`]); a wide phi is
//!   two machine PHIs, one per half;
//! - a wide constant is `BuildPair(lo, hi)` of two `I64` constants, or of
//!   two `I128` pairs for an `I256` (a `Constant` node holds only 64 bits).

use super::Builder;
use crate::legalize::{half_of, num_regs, vregs_for};
use crate::lowering::{CallLowering, IselError};
use crate::node::SDValue;
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
    /// The constant `v` (truncated to `vt`) of any integer type.
    pub(super) fn int_const(&mut self, vt: VT, v: u128) -> SDValue {
        self.int_words(vt, &[v as u64, (v >> 64) as u64])
    }

    /// The constant of integer type `vt` whose 64-bit words, low first, are
    /// `words` (missing words are zero): a `Constant`, or a `BuildPair` of
    /// the halves for a wide type (`I64` halves of an `I128`, `I128` ones of
    /// an `I256`).
    pub(super) fn int_words(&mut self, vt: VT, words: &[u64]) -> SDValue {
        if half_of(vt).is_none() {
            return self.dag.constant(vt, words.first().copied().unwrap_or(0));
        }
        let n = num_regs(vt) as usize;
        let half = VT::int(vt.bits() / 2).unwrap_or(VT::I64);
        let word = |k: usize| words.get(k).copied().unwrap_or(0);
        let lo_words: Vec<u64> = (0..n / 2).map(word).collect();
        let hi_words: Vec<u64> = (n / 2..n).map(word).collect();
        let lo = self.int_words(half, &lo_words);
        let hi = self.int_words(half, &hi_words);
        self.dag.value(Op::BuildPair, vt, &[lo, hi], 0)
    }

    /// A constant of wide type `vt` from the IR.
    pub(super) fn wide_const(&mut self, c: ConstId, vt: VT) -> Result<SDValue, IselError> {
        let consts = &self.fl.f.consts;
        if matches!(consts.get(c).kind, ConstKind::Undef | ConstKind::Poison) {
            return Ok(self.dag.value(Op::Undef, vt, &[], 0));
        }
        let words = words_of_const(self.fl.f, c)
            .ok_or_else(|| IselError::new(format!("this kind of {vt} constant")))?;
        Ok(self.int_words(vt, &words))
    }
}

/// The words of integer constant `c`, low first (as many as it stores).
fn words_of_const(f: &rcc_ir::Function, c: ConstId) -> Option<Vec<u64>> {
    let consts = &f.consts;
    match consts.get(c).kind {
        ConstKind::Int(x) => Some(vec![x]),
        ConstKind::Null | ConstKind::Zero => Some(vec![0]),
        ConstKind::BigInt(_) => Some(consts.words_of(c).to_vec()),
        _ => None,
    }
}

/// The words of integer constant operand `v`, low first.
pub(super) fn const_words(f: &rcc_ir::Function, v: rcc_ir::Value) -> Option<Vec<u64>> {
    let c = v.as_entity::<ConstId>(rcc_ir::ValueTag::Const)?;
    words_of_const(f, c)
}
