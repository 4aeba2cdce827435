//! The payload of atomic DAG nodes (`AtomicLoad`, `AtomicStore`,
//! `AtomicRMW`, `AtomicCmpSwap`, `Fence`): memory width, orderings, the
//! read-modify-write operation and the synchronization scope, packed into
//! the node's 64-bit payload word.
//!
//! Layout of [`AtomicInfo::pack`]: bits 0..8 memory bits, 8..11 ordering,
//! 11..14 failure ordering (cmpxchg), 14..19 [`RmwOp`], bit 19 single-thread
//! scope, bit 20 volatile.

/// Atomic orderings, in the IR's numbering (`rcc_ir::inst::ORDERING_NAMES`).
#[derive(Copy, Clone, PartialEq, Eq, Debug, PartialOrd, Ord)]
#[repr(u8)]
pub enum Ordering {
    NotAtomic,
    Unordered,
    Monotonic,
    Acquire,
    Release,
    AcqRel,
    SeqCst,
}

impl Ordering {
    const ALL: [Ordering; 7] = [
        Ordering::NotAtomic,
        Ordering::Unordered,
        Ordering::Monotonic,
        Ordering::Acquire,
        Ordering::Release,
        Ordering::AcqRel,
        Ordering::SeqCst,
    ];

    /// From the IR's ordering number (out of range: `SeqCst`, the strongest).
    pub fn from_ir(n: u32) -> Ordering {
        Self::ALL
            .get(n as usize)
            .copied()
            .unwrap_or(Ordering::SeqCst)
    }
}

/// `atomicrmw` operations, in the IR's numbering (`rcc_ir::inst::RMW_NAMES`).
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
#[repr(u8)]
pub enum RmwOp {
    Xchg,
    Add,
    Sub,
    And,
    Nand,
    Or,
    Xor,
    Max,
    Min,
    UMax,
    UMin,
    FAdd,
    FSub,
    FMax,
    FMin,
    UIncWrap,
    UDecWrap,
    USubCond,
    USubSat,
    FMaximum,
    FMinimum,
}

impl RmwOp {
    const ALL: [RmwOp; 21] = [
        RmwOp::Xchg,
        RmwOp::Add,
        RmwOp::Sub,
        RmwOp::And,
        RmwOp::Nand,
        RmwOp::Or,
        RmwOp::Xor,
        RmwOp::Max,
        RmwOp::Min,
        RmwOp::UMax,
        RmwOp::UMin,
        RmwOp::FAdd,
        RmwOp::FSub,
        RmwOp::FMax,
        RmwOp::FMin,
        RmwOp::UIncWrap,
        RmwOp::UDecWrap,
        RmwOp::USubCond,
        RmwOp::USubSat,
        RmwOp::FMaximum,
        RmwOp::FMinimum,
    ];

    /// From the IR's operation number.
    pub fn from_ir(n: u32) -> Option<RmwOp> {
        Self::ALL.get(n as usize).copied()
    }

    /// The IR keyword, for messages.
    pub fn name(self) -> &'static str {
        rcc_ir::inst::RMW_NAMES[self as usize]
    }
}

/// What an atomic node does besides its operands.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct AtomicInfo {
    /// Width of the memory access in bits (0 for a fence).
    pub mem_bits: u32,
    /// The ordering (of success, for cmpxchg).
    pub ordering: Ordering,
    /// The ordering on failure (cmpxchg only, else `NotAtomic`).
    pub failure: Ordering,
    /// The operation of an `AtomicRMW` (else `Xchg`).
    pub op: RmwOp,
    /// `syncscope("singlethread")`: orders only against signal handlers of
    /// this thread.
    pub single_thread: bool,
    pub volatile: bool,
}

impl AtomicInfo {
    pub fn pack(self) -> u64 {
        (self.mem_bits as u64 & 0xff)
            | (self.ordering as u64) << 8
            | (self.failure as u64) << 11
            | (self.op as u64) << 14
            | (self.single_thread as u64) << 19
            | (self.volatile as u64) << 20
    }

    pub fn unpack(p: u64) -> AtomicInfo {
        AtomicInfo {
            mem_bits: (p & 0xff) as u32,
            ordering: Ordering::from_ir(((p >> 8) & 7) as u32),
            failure: Ordering::from_ir(((p >> 11) & 7) as u32),
            op: RmwOp::from_ir(((p >> 14) & 31) as u32).unwrap_or(RmwOp::Xchg),
            single_thread: p & (1 << 19) != 0,
            volatile: p & (1 << 20) != 0,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pack_round_trips() {
        for (k, &op) in RmwOp::ALL.iter().enumerate() {
            let a = AtomicInfo {
                mem_bits: [8, 16, 32, 64][k % 4],
                ordering: Ordering::ALL[k % 7],
                failure: Ordering::ALL[(k + 3) % 7],
                op,
                single_thread: k % 2 == 0,
                volatile: k % 3 == 0,
            };
            assert_eq!(AtomicInfo::unpack(a.pack()), a);
            assert_eq!(RmwOp::from_ir(k as u32), Some(op));
            assert_eq!(op.name(), rcc_ir::inst::RMW_NAMES[k]);
        }
    }
}
