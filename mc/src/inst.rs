//! `MCInst`: a fully selected, register-allocated instruction, as handed to
//! the encoder and the printer.
//!
//! Layout: a `u16` opcode (the target's generated `Opcode` enum), an operand
//! count and up to [`MCInst::MAX_OPERANDS`] inline operands, no heap. Operands
//! appear in the target description's order (Intel order: destination first)
//! and a two-address instruction's tied source is *not* repeated: `ADD32rr`
//! has two operands, the read-written destination and the source.
//!
//! A memory reference is one operand ([`MemRef`], 12 bytes) rather than
//! LLVM's five, which keeps [`MCOperand`] at 16 bytes and `MCInst` at 72.

use crate::expr::ExprId;
use crate::reg::Reg;

/// The displacement of a memory reference: a constant or an expression.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Disp {
    Imm(i32),
    Expr(ExprId),
}

/// A memory reference `seg:disp(base, index, scale)`.
///
/// Packed in 12 bytes: `base`, `index` (0 = none), `scale` (1, 2, 4 or 8),
/// `flags` (bits 0..3 = segment register number + 1 in the target's segment
/// numbering, 0 = none; bit 4 = displacement is an expression), `disp` (an
/// `i32` or an [`ExprId`] as raw bits).
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct MemRef {
    pub base: Reg,
    pub index: Reg,
    pub scale: u8,
    flags: u8,
    disp: u32,
}

const SEG_MASK: u8 = 0x0f;
const DISP_EXPR: u8 = 0x10;

const _: () = assert!(size_of::<MemRef>() == 12);

impl MemRef {
    /// `disp(base, index, scale)` with no segment override.
    pub fn new(base: Reg, index: Reg, scale: u8, disp: Disp) -> MemRef {
        let mut m = MemRef {
            base,
            index,
            scale,
            flags: 0,
            disp: 0,
        };
        m.set_disp(disp);
        m
    }

    /// `disp(base)`.
    pub fn base_disp(base: Reg, disp: i32) -> MemRef {
        MemRef::new(base, Reg::NONE, 1, Disp::Imm(disp))
    }

    /// The displacement.
    pub fn disp(&self) -> Disp {
        if self.flags & DISP_EXPR != 0 {
            Disp::Expr(ExprId::from_u32(self.disp))
        } else {
            Disp::Imm(self.disp as i32)
        }
    }

    /// Replaces the displacement.
    pub fn set_disp(&mut self, d: Disp) {
        match d {
            Disp::Imm(v) => {
                self.flags &= !DISP_EXPR;
                self.disp = v as u32;
            }
            Disp::Expr(e) => {
                self.flags |= DISP_EXPR;
                self.disp = e.as_u32();
            }
        }
    }

    /// The segment override as the target's segment number (0..15), if any.
    pub fn segment(&self) -> Option<u8> {
        let s = self.flags & SEG_MASK;
        (s != 0).then(|| s - 1)
    }

    /// Sets the segment override (target numbering, < 15).
    pub fn with_segment(mut self, seg: Option<u8>) -> MemRef {
        self.flags = (self.flags & !SEG_MASK) | seg.map_or(0, |s| (s + 1) & SEG_MASK);
        self
    }
}

/// One operand of an [`MCInst`].
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum MCOperand {
    Reg(Reg),
    Imm(i64),
    Expr(ExprId),
    Mem(MemRef),
}

const _: () = assert!(size_of::<MCOperand>() == 16);

/// A machine-code instruction: opcode and inline operands.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct MCInst {
    pub opcode: u16,
    len: u8,
    ops: [MCOperand; MCInst::MAX_OPERANDS],
}

const _: () = assert!(size_of::<MCInst>() == 72);

impl MCInst {
    /// The most operands an instruction form has once tied sources are dropped.
    pub const MAX_OPERANDS: usize = 4;

    /// An instruction with no operands.
    pub fn new(opcode: u16) -> MCInst {
        MCInst {
            opcode,
            len: 0,
            ops: [MCOperand::Imm(0); MCInst::MAX_OPERANDS],
        }
    }

    /// An instruction with the given operands. Returns `None` if there are
    /// more than [`MCInst::MAX_OPERANDS`].
    pub fn with_operands(opcode: u16, ops: &[MCOperand]) -> Option<MCInst> {
        let mut i = MCInst::new(opcode);
        for &o in ops {
            i.push(o)?;
        }
        Some(i)
    }

    /// Appends an operand; `None` if full.
    pub fn push(&mut self, op: MCOperand) -> Option<()> {
        let slot = self.ops.get_mut(self.len as usize)?;
        *slot = op;
        self.len += 1;
        Some(())
    }

    /// The operands.
    pub fn operands(&self) -> &[MCOperand] {
        &self.ops[..self.len as usize]
    }

    /// The operands, mutably (e.g. to relax or rewrite registers).
    pub fn operands_mut(&mut self) -> &mut [MCOperand] {
        &mut self.ops[..self.len as usize]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn memref_packing_round_trips() {
        let m = MemRef::new(Reg(3), Reg(5), 8, Disp::Imm(-129)).with_segment(Some(4));
        assert_eq!(m.disp(), Disp::Imm(-129));
        assert_eq!(m.segment(), Some(4));
        let e = ExprId::from_u32(77);
        let m2 = MemRef::new(Reg(3), Reg::NONE, 1, Disp::Expr(e));
        assert_eq!(m2.disp(), Disp::Expr(e));
        assert_eq!(m2.segment(), None);
    }

    #[test]
    fn inst_capacity_is_checked() {
        let mut i = MCInst::new(1);
        for k in 0..MCInst::MAX_OPERANDS {
            assert!(i.push(MCOperand::Imm(k as i64)).is_some());
        }
        assert!(i.push(MCOperand::Imm(9)).is_none());
        assert_eq!(i.operands().len(), MCInst::MAX_OPERANDS);
    }
}
