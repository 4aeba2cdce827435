//! What a register allocator produces, beside the function it allocated
//! (regalloc2's `Output`): a physical register per virtual-register
//! operand and a list of moves to insert. [`crate::apply`] rewrites the
//! function from it; [`crate::checker`] validates it before that.
//!
//! Invariants:
//! - `allocs` is indexed by operand-pool position
//!   ([`MachFunction::operand_range`]); the entry of a virtual-register
//!   operand is the *whole* register given to that virtual register at that
//!   instruction (a member of its class); the operand's sub-register index
//!   is applied by the rewrite. Other entries are `PReg(0)`.
//! - `edits` are sorted by [`ProgPoint`]; edits at one point run in list
//!   order. Points are positions in the layout the allocator saw, so the
//!   layout must not change between allocation and rewrite.
//! - A move never goes from a stack slot to a stack slot.

use rcc_mach::{FrameIdx, MachFunction, PReg, RegClassId};

/// A point between instructions: before or after the instruction at a
/// layout position, packed as `position * 2 + after`.
#[derive(Copy, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct ProgPoint(pub u32);

impl ProgPoint {
    /// Before the instruction at layout position `pos`.
    pub fn before(pos: usize) -> ProgPoint {
        ProgPoint(pos as u32 * 2)
    }
    /// After the instruction at layout position `pos`.
    pub fn after(pos: usize) -> ProgPoint {
        ProgPoint(pos as u32 * 2 + 1)
    }
    /// The layout position.
    pub fn pos(self) -> usize {
        (self.0 / 2) as usize
    }
    pub fn is_after(self) -> bool {
        self.0 & 1 != 0
    }
}

/// Where a value lives: a physical register or a spill slot.
#[derive(Copy, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub enum Loc {
    Reg(PReg),
    Stack(FrameIdx),
}

/// A move inserted by the allocator: a spill (register to slot), a reload
/// (slot to register) or a register copy, of a value of class `class`.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct Edit {
    pub point: ProgPoint,
    pub from: Loc,
    pub to: Loc,
    pub class: RegClassId,
}

/// Counts for `-stats`.
#[derive(Copy, Clone, Default, Debug, PartialEq, Eq)]
pub struct AllocStats {
    pub spills: u32,
    pub reloads: u32,
    pub moves: u32,
    pub spill_slots: u32,
}

/// The result of allocating one function.
#[derive(Clone, Debug, Default)]
pub struct Allocation {
    /// Per operand-pool position: the physical register of a virtual
    /// register operand.
    pub allocs: Vec<PReg>,
    /// Inserted moves, sorted by point.
    pub edits: Vec<Edit>,
    /// Physical registers the allocated code writes (sorted, deduplicated).
    pub used_phys: Vec<PReg>,
    pub stats: AllocStats,
}

impl Allocation {
    /// The register allocated to operand `k` of instruction `i`.
    pub fn alloc(&self, mf: &MachFunction, i: rcc_mach::MInst, k: usize) -> PReg {
        self.allocs
            .get(mf.operand_range(i).start + k)
            .copied()
            .unwrap_or(rcc_mc::Reg(0))
    }
}

/// Why allocation failed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AllocError {
    /// No register of the needed class could be found or freed for an
    /// operand of the instruction at this layout position.
    OutOfRegisters { pos: usize, class: RegClassId },
    /// The target has no spill, reload or copy instruction for a class.
    CannotMove { class: RegClassId },
    /// The input breaks an assumption of the allocator.
    Unsupported { pos: usize, what: &'static str },
}

impl std::fmt::Display for AllocError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            AllocError::OutOfRegisters { pos, class } => write!(
                f,
                "ran out of registers of class {} at layout position {pos}",
                class.0
            ),
            AllocError::CannotMove { class } => {
                write!(f, "the target cannot spill or copy class {}", class.0)
            }
            AllocError::Unsupported { pos, what } => {
                write!(f, "unsupported input at layout position {pos}: {what}")
            }
        }
    }
}

impl std::error::Error for AllocError {}
