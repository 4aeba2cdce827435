//! Slot indexes: the numbering of program points that live ranges are
//! made of (LLVM's `SlotIndex`).
//!
//! A [`SlotIndex`] packs an *entry number* and one of four *slots* into a
//! `u32`: `entry << 2 | slot`. Entries are numbered in layout order: each
//! block has one entry for its start (the boundary before its first
//! instruction), then one per instruction. Entry numbers leave gaps (see
//! `SlotIndexes`) so instructions inserted later get numbers between their
//! neighbours without renumbering.
//!
//! The four slots of an instruction, in order:
//! - [`Slot::Block`]: the boundary before the instruction (and, on a block
//!   entry, the block start: where live-in values begin);
//! - [`Slot::EarlyClobber`]: where early-clobber defs begin, so they overlap
//!   the instruction's reads;
//! - [`Slot::Register`]: where reads end (a read *kills* a segment ending
//!   here) and normal defs begin, so a def may reuse the register of a
//!   value the same instruction reads last;
//! - [`Slot::Dead`]: where a dead def ends.
//!
//! Invariants: the order of `SlotIndex` values is program order; a segment
//! `[start, end)` is half-open; `SlotIndex::INVALID` (`u32::MAX`) is none.

/// One of the four slots of an entry.
#[derive(Copy, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
#[repr(u8)]
pub enum Slot {
    Block = 0,
    EarlyClobber = 1,
    Register = 2,
    Dead = 3,
}

/// A program point: entry number and slot (see the module comment).
#[derive(Copy, Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct SlotIndex(pub u32);

impl SlotIndex {
    /// No index.
    pub const INVALID: SlotIndex = SlotIndex(u32::MAX);

    /// The index of `slot` of entry `entry`.
    #[inline]
    pub const fn new(entry: u32, slot: Slot) -> SlotIndex {
        SlotIndex(entry << 2 | slot as u32)
    }

    #[inline]
    pub fn is_valid(self) -> bool {
        self != Self::INVALID
    }

    /// The entry number.
    #[inline]
    pub const fn entry(self) -> u32 {
        self.0 >> 2
    }

    /// The slot.
    #[inline]
    pub fn slot(self) -> Slot {
        match self.0 & 3 {
            0 => Slot::Block,
            1 => Slot::EarlyClobber,
            2 => Slot::Register,
            _ => Slot::Dead,
        }
    }

    /// The same entry at another slot.
    #[inline]
    pub const fn with_slot(self, s: Slot) -> SlotIndex {
        SlotIndex(self.0 & !3 | s as u32)
    }

    /// The block slot of this entry (LLVM's `getBaseIndex`).
    #[inline]
    pub const fn base(self) -> SlotIndex {
        self.with_slot(Slot::Block)
    }
    #[inline]
    pub const fn early_clobber(self) -> SlotIndex {
        self.with_slot(Slot::EarlyClobber)
    }
    #[inline]
    pub const fn reg(self) -> SlotIndex {
        self.with_slot(Slot::Register)
    }
    #[inline]
    pub const fn dead(self) -> SlotIndex {
        self.with_slot(Slot::Dead)
    }

    /// The next slot (of this entry, or the block slot of entry + 1).
    #[inline]
    pub const fn next_slot(self) -> SlotIndex {
        SlotIndex(self.0 + 1)
    }

    /// The previous slot.
    #[inline]
    pub const fn prev_slot(self) -> SlotIndex {
        SlotIndex(self.0 - 1)
    }

    /// Whether `a` and `b` are slots of the same entry.
    #[inline]
    pub const fn same_entry(a: SlotIndex, b: SlotIndex) -> bool {
        a.0 >> 2 == b.0 >> 2
    }
}

impl std::fmt::Debug for SlotIndex {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if !self.is_valid() {
            return f.write_str("invalid");
        }
        let s = ["B", "e", "r", "d"][(self.0 & 3) as usize];
        write!(f, "{}{}", self.entry(), s)
    }
}

impl std::fmt::Display for SlotIndex {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        std::fmt::Debug::fmt(self, f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slots_order_and_pack() {
        let i = SlotIndex::new(10, Slot::Block);
        assert!(i < i.early_clobber() && i.early_clobber() < i.reg() && i.reg() < i.dead());
        assert!(i.dead() < SlotIndex::new(11, Slot::Block));
        assert_eq!(i.dead().next_slot(), SlotIndex::new(11, Slot::Block));
        assert_eq!(i.reg().entry(), 10);
        assert_eq!(i.reg().slot(), Slot::Register);
        assert_eq!(i.dead().base(), i);
        assert!(SlotIndex::same_entry(i, i.dead()));
        assert!(!SlotIndex::same_entry(i, i.dead().next_slot()));
        assert_eq!(format!("{:?}", i.early_clobber()), "10e");
        assert!(!SlotIndex::INVALID.is_valid());
    }
}
