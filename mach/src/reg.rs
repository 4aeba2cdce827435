//! Registers in machine code: one `u32` that is either a physical register
//! of the target or a virtual register.
//!
//! Layout of [`Reg`]: bit 31 set = virtual, bits 0..31 = the [`VReg`] index;
//! bit 31 clear = physical, bits 0..16 = the target's register number (the
//! `rcc_mc::Reg` index, 0 = none). Virtual registers get their class from
//! the function's `vreg_class` side table, never from the number.

use rcc_ir::entity_id;

entity_id!(
    /// A virtual register.
    pub struct VReg,
    "%v"
);

/// A physical register number of the target (`rcc_mc::Reg`).
pub type PReg = rcc_mc::Reg;

/// A register class of the target (an index into its class table).
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct RegClassId(pub u8);

/// A physical or virtual register.
#[derive(Copy, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct Reg(u32);

const VIRTUAL: u32 = 1 << 31;

impl Reg {
    /// No register.
    pub const NONE: Reg = Reg(0);

    /// The physical register `p`.
    #[inline]
    pub const fn phys(p: PReg) -> Reg {
        Reg(p.0 as u32)
    }

    /// The virtual register `v`.
    #[inline]
    pub fn virt(v: VReg) -> Reg {
        Reg(VIRTUAL | v.as_u32())
    }

    /// Rebuilds a register from [`Reg::bits`].
    #[inline]
    pub const fn from_bits(b: u32) -> Reg {
        Reg(b)
    }

    /// The packed form.
    #[inline]
    pub const fn bits(self) -> u32 {
        self.0
    }

    #[inline]
    pub fn is_none(self) -> bool {
        self.0 == 0
    }

    #[inline]
    pub fn is_virtual(self) -> bool {
        self.0 & VIRTUAL != 0
    }

    #[inline]
    pub fn is_phys(self) -> bool {
        self.0 != 0 && self.0 & VIRTUAL == 0
    }

    /// The virtual register, if this is one.
    #[inline]
    pub fn as_virt(self) -> Option<VReg> {
        self.is_virtual().then(|| VReg::from_u32(self.0 & !VIRTUAL))
    }

    /// The physical register, if this is one.
    #[inline]
    pub fn as_phys(self) -> Option<PReg> {
        self.is_phys().then_some(rcc_mc::Reg(self.0 as u16))
    }
}

impl From<VReg> for Reg {
    fn from(v: VReg) -> Reg {
        Reg::virt(v)
    }
}

impl From<PReg> for Reg {
    fn from(p: PReg) -> Reg {
        Reg::phys(p)
    }
}

impl std::fmt::Debug for Reg {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match (self.as_virt(), self.as_phys()) {
            (Some(v), _) => write!(f, "{v}"),
            (_, Some(p)) => write!(f, "$p{}", p.0),
            _ => f.write_str("$noreg"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn packing() {
        let v = Reg::virt(VReg::from_u32(7));
        assert!(v.is_virtual() && !v.is_phys());
        assert_eq!(v.as_virt(), Some(VReg::from_u32(7)));
        let p = Reg::phys(rcc_mc::Reg(12));
        assert!(p.is_phys() && !p.is_virtual());
        assert_eq!(p.as_phys(), Some(rcc_mc::Reg(12)));
        assert!(Reg::NONE.is_none() && !Reg::NONE.is_phys());
    }
}
