//! The one table of opcode properties (LLVM's `ISD` predicates such as
//! `isCommutativeBinOp`): code that asks "is this a commutative operation",
//! "does its payload mean something" asks [`Op::props`] instead of listing
//! opcodes.
//!
//! Invariant: every property is a fact about the opcode alone, never about
//! the node's types; a target node (`Op::Target`) has only the properties
//! every target node shares (a meaningful payload).

use crate::opcode::Op;

/// A set of opcode properties (bits).
#[derive(Copy, Clone, PartialEq, Eq, Debug, Default)]
pub struct OpProps(u16);

impl OpProps {
    /// An integer operation on two operands of the result's type:
    /// `Add Sub Mul SDiv UDiv SRem URem And Or Xor`.
    pub const BINARY: OpProps = OpProps(1);
    /// A shift: (value, amount), the result of the value's type.
    pub const SHIFT: OpProps = OpProps(2);
    /// An integer operation whose two operands may be swapped (the binary
    /// ones and the overflow bits of add and mul).
    pub const COMMUTATIVE: OpProps = OpProps(4);
    /// `(a op b) op c == a op (b op c)`.
    pub const ASSOCIATIVE: OpProps = OpProps(8);
    /// The overflow bit of an arithmetic operation (`SAddO` ..).
    pub const OVERFLOW: OpProps = OpProps(16);
    /// The node's payload word carries meaning (a constant, a condition, a
    /// memory or atomic description, a frame object, ...); see the payload
    /// conventions in [`crate::opcode`].
    pub const PAYLOAD: OpProps = OpProps(32);

    const fn with(self, o: OpProps) -> OpProps {
        OpProps(self.0 | o.0)
    }

    /// Whether every property of `o` is in the set.
    pub const fn has(self, o: OpProps) -> bool {
        self.0 & o.0 == o.0
    }
}

impl Op {
    /// The opcode's properties.
    pub const fn props(self) -> OpProps {
        use OpProps as P;
        let none = OpProps(0);
        match self {
            Op::Add | Op::Mul | Op::And | Op::Or | Op::Xor => {
                P::BINARY.with(P::COMMUTATIVE).with(P::ASSOCIATIVE)
            }
            Op::Sub | Op::SDiv | Op::UDiv | Op::SRem | Op::URem => P::BINARY,
            Op::Shl | Op::Srl | Op::Sra => P::SHIFT,
            Op::SAddO | Op::UAddO | Op::SMulO | Op::UMulO => P::OVERFLOW.with(P::COMMUTATIVE),
            Op::SSubO | Op::USubO => P::OVERFLOW,
            Op::Constant
            | Op::ConstantFP
            | Op::FSetCC
            | Op::Symbol
            | Op::FrameIndex
            | Op::BasicBlock
            | Op::SetCC
            | Op::Load
            | Op::Store
            | Op::Register
            | Op::ExtractElement
            | Op::SetCCCarry
            | Op::AtomicLoad
            | Op::AtomicStore
            | Op::AtomicRMW
            | Op::AtomicCmpSwap
            | Op::Fence
            | Op::BrJt
            | Op::InlineAsm
            | Op::EhLabel
            | Op::Target(_) => P::PAYLOAD,
            _ => none,
        }
    }

    /// [`OpProps::BINARY`].
    pub const fn is_binary(self) -> bool {
        self.props().has(OpProps::BINARY)
    }

    /// [`OpProps::SHIFT`].
    pub const fn is_shift(self) -> bool {
        self.props().has(OpProps::SHIFT)
    }

    /// [`OpProps::COMMUTATIVE`].
    pub const fn is_commutative(self) -> bool {
        self.props().has(OpProps::COMMUTATIVE)
    }

    /// [`OpProps::ASSOCIATIVE`].
    pub const fn is_associative(self) -> bool {
        self.props().has(OpProps::ASSOCIATIVE)
    }

    /// [`OpProps::OVERFLOW`].
    pub const fn is_overflow(self) -> bool {
        self.props().has(OpProps::OVERFLOW)
    }

    /// [`OpProps::PAYLOAD`].
    pub const fn has_payload(self) -> bool {
        self.props().has(OpProps::PAYLOAD)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn commutative_binary_ops_are_the_associative_ones() {
        for op in [
            Op::Add,
            Op::Sub,
            Op::Mul,
            Op::SDiv,
            Op::And,
            Op::Or,
            Op::Xor,
            Op::Shl,
        ] {
            assert_eq!(op.is_binary() && op.is_commutative(), op.is_associative());
        }
        assert!(Op::UAddO.is_commutative() && !Op::USubO.is_commutative());
        assert!(Op::Target(3).has_payload() && !Op::Add.has_payload());
    }
}
