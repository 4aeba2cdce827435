//! Machine operands, packed in 8 bytes (regalloc2-style).
//!
//! Layout of the first word (`meta`):
//! - bits 0..4: [`OpKind`];
//! - bits 4..12: flags ([`flag`]): def, implicit, kill, dead, undef,
//!   early-clobber, tied;
//! - bits 12..16: sub-register index + 1 (0 = the whole register);
//! - bits 16..24: for a tied operand, the index of the operand it is tied to.
//!
//! The second word is the payload: the register bits ([`Reg::bits`]), a
//! 32-bit immediate, an index into the function's 64-bit immediate pool, a
//! block, a frame index, an index into the symbol-operand pool, a constant
//! pool entry, a jump table or a register-mask index. Anything wider lives in
//! a side pool of the function, so an operand never grows.

use crate::reg::Reg;

/// What an operand holds.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
#[repr(u8)]
pub enum OpKind {
    Reg = 0,
    /// A sign-extended 32-bit immediate.
    Imm = 1,
    /// An index into `MachFunction::imm64`.
    Imm64 = 2,
    /// A machine block.
    Block = 3,
    /// A frame object.
    Frame = 4,
    /// An index into `MachFunction::syms` (symbol + offset + flags).
    Sym = 5,
    /// An index into the function's register-mask table (call clobbers).
    RegMask = 6,
}

/// Operand flags.
pub mod flag {
    pub const DEF: u32 = 1 << 4;
    pub const IMPLICIT: u32 = 1 << 5;
    pub const KILL: u32 = 1 << 6;
    pub const DEAD: u32 = 1 << 7;
    pub const UNDEF: u32 = 1 << 8;
    pub const EARLY_CLOBBER: u32 = 1 << 9;
    pub const TIED: u32 = 1 << 10;
}

const KIND_MASK: u32 = 0xf;
const SUBREG_SHIFT: u32 = 12;
const SUBREG_MASK: u32 = 0xf << SUBREG_SHIFT;
const TIED_SHIFT: u32 = 16;
const TIED_MASK: u32 = 0xff << TIED_SHIFT;

/// One operand.
#[derive(Copy, Clone, PartialEq, Eq, Hash)]
pub struct Operand {
    meta: u32,
    payload: u32,
}

const _: () = assert!(size_of::<Operand>() == 8);

impl Operand {
    #[inline]
    const fn new(kind: OpKind, flags: u32, payload: u32) -> Operand {
        Operand {
            meta: kind as u32 | flags,
            payload,
        }
    }

    /// A register read.
    pub fn reg_use(r: impl Into<Reg>) -> Operand {
        Operand::new(OpKind::Reg, 0, r.into().bits())
    }
    /// A register write.
    pub fn reg_def(r: impl Into<Reg>) -> Operand {
        Operand::new(OpKind::Reg, flag::DEF, r.into().bits())
    }
    /// An implicit register read (not an operand of the encoding).
    pub fn implicit_use(r: impl Into<Reg>) -> Operand {
        Operand::new(OpKind::Reg, flag::IMPLICIT, r.into().bits())
    }
    /// An implicit register write.
    pub fn implicit_def(r: impl Into<Reg>) -> Operand {
        Operand::new(OpKind::Reg, flag::DEF | flag::IMPLICIT, r.into().bits())
    }
    /// A read tied to the def at operand index `def` (two-address).
    pub fn reg_tied_use(r: impl Into<Reg>, def: usize) -> Operand {
        let mut o = Operand::new(OpKind::Reg, flag::TIED, r.into().bits());
        o.meta |= (def as u32) << TIED_SHIFT;
        o
    }
    /// A 32-bit immediate.
    pub const fn imm(v: i32) -> Operand {
        Operand::new(OpKind::Imm, 0, v as u32)
    }
    /// An entry of the 64-bit immediate pool.
    pub const fn imm64_index(i: u32) -> Operand {
        Operand::new(OpKind::Imm64, 0, i)
    }
    /// A block.
    pub fn block(b: crate::func::MBlock) -> Operand {
        Operand::new(OpKind::Block, 0, b.as_u32())
    }
    /// A frame object.
    pub fn frame(f: crate::frame::FrameIdx) -> Operand {
        Operand::new(OpKind::Frame, 0, f.as_u32())
    }
    /// An entry of the symbol-operand pool.
    pub const fn sym_index(i: u32) -> Operand {
        Operand::new(OpKind::Sym, 0, i)
    }
    /// A register mask (registers a call preserves).
    pub const fn reg_mask(i: u32) -> Operand {
        Operand::new(OpKind::RegMask, 0, i)
    }

    #[inline]
    pub fn kind(self) -> OpKind {
        match self.meta & KIND_MASK {
            0 => OpKind::Reg,
            1 => OpKind::Imm,
            2 => OpKind::Imm64,
            3 => OpKind::Block,
            4 => OpKind::Frame,
            5 => OpKind::Sym,
            _ => OpKind::RegMask,
        }
    }
    #[inline]
    pub fn payload(self) -> u32 {
        self.payload
    }
    #[inline]
    pub fn is_reg(self) -> bool {
        self.meta & KIND_MASK == OpKind::Reg as u32
    }
    /// The register (`Reg::NONE` for other kinds).
    #[inline]
    pub fn reg(self) -> Reg {
        if self.is_reg() {
            Reg::from_bits(self.payload)
        } else {
            Reg::NONE
        }
    }
    /// Replaces the register, keeping flags and sub-register index.
    #[inline]
    pub fn set_reg(&mut self, r: Reg) {
        debug_assert!(self.is_reg());
        self.payload = r.bits();
    }
    /// The immediate value of an `Imm` operand.
    #[inline]
    pub fn imm_value(self) -> i32 {
        self.payload as i32
    }
    #[inline]
    pub fn has(self, f: u32) -> bool {
        self.meta & f != 0
    }
    #[inline]
    pub fn is_def(self) -> bool {
        self.is_reg() && self.has(flag::DEF)
    }
    #[inline]
    pub fn is_use(self) -> bool {
        self.is_reg() && !self.has(flag::DEF)
    }
    #[inline]
    pub fn set(&mut self, f: u32, on: bool) {
        if on {
            self.meta |= f;
        } else {
            self.meta &= !f;
        }
    }
    /// Builder form of [`Operand::set`].
    pub fn with(mut self, f: u32) -> Operand {
        self.meta |= f;
        self
    }
    /// The sub-register index (0-based), if the operand names a part.
    #[inline]
    pub fn subreg(self) -> Option<u8> {
        let s = (self.meta & SUBREG_MASK) >> SUBREG_SHIFT;
        (s != 0).then(|| (s - 1) as u8)
    }
    /// Sets the sub-register index (`None` = the whole register).
    pub fn set_subreg(&mut self, idx: Option<u8>) {
        self.meta &= !SUBREG_MASK;
        if let Some(i) = idx {
            debug_assert!(i < 15);
            self.meta |= (i as u32 + 1) << SUBREG_SHIFT;
        }
    }
    /// Builder form of [`Operand::set_subreg`].
    pub fn with_subreg(mut self, idx: u8) -> Operand {
        self.set_subreg(Some(idx));
        self
    }
    /// The index of the operand this use is tied to.
    #[inline]
    pub fn tied_to(self) -> Option<usize> {
        self.has(flag::TIED)
            .then_some(((self.meta & TIED_MASK) >> TIED_SHIFT) as usize)
    }
}

impl std::fmt::Debug for Operand {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{:?}({:#x}, {:#x})",
            self.kind(),
            self.meta,
            self.payload
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::reg::VReg;

    #[test]
    fn flags_and_fields() {
        let v = Reg::virt(VReg::from_u32(3));
        let mut o = Operand::reg_tied_use(v, 0).with_subreg(2);
        assert_eq!(o.reg(), v);
        assert_eq!(o.tied_to(), Some(0));
        assert_eq!(o.subreg(), Some(2));
        assert!(o.is_use() && !o.is_def());
        o.set(flag::KILL, true);
        assert!(o.has(flag::KILL));
        o.set_subreg(None);
        assert_eq!(o.subreg(), None);
        assert_eq!(Operand::imm(-5).imm_value(), -5);
        assert_eq!(Operand::imm(-5).reg(), Reg::NONE);
        assert!(Operand::implicit_def(v).is_def());
    }
}
