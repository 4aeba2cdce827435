//! The target-independent physical register handle used by `MCInst`.
//!
//! A [`Reg`] is a `u16` index into the target's generated register table.
//! Index 0 is reserved as "no register" so optional registers (a memory
//! operand's base or index) cost no extra space.

/// A physical register: an index into the target's register table; 0 is none.
#[derive(Copy, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Default)]
pub struct Reg(pub u16);

impl Reg {
    /// No register.
    pub const NONE: Reg = Reg(0);

    /// Whether this is a real register.
    #[inline]
    pub fn is_some(self) -> bool {
        self.0 != 0
    }

    /// Whether this is [`Reg::NONE`].
    #[inline]
    pub fn is_none(self) -> bool {
        self.0 == 0
    }

    /// The table index.
    #[inline]
    pub fn index(self) -> usize {
        self.0 as usize
    }
}
