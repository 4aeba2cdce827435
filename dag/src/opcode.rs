//! DAG node opcodes: target-independent ones (LLVM's ISD) and the target
//! nodes a target's lowering creates (`Target(n)`), distinguished so the
//! combiner and legalizer only reason about the generic ones.
//!
//! Payload conventions (the node's `payload` word): `Constant` = the value
//! (sign-agnostic, masked to the type); `ConstantFP` = IEEE bits;
//! `GlobalAddress` = the symbol-operand index of the owning function;
//! `FrameIndex` = the frame object; `BasicBlock` = the machine block;
//! `Register` = the register bits; `SetCC`/`BrCond` = the condition code;
//! `Load`/`Store` = extension kind / truncating memory type (see
//! [`MemInfo`]); `ExtractElement` = the part; `SetCCCarry` = the condition
//! code; atomics = [`crate::atomic::AtomicInfo`].
//!
//! Glue: a node whose last result is `Glue` is never hash-consed (each is
//! unique, so its glue has at most one user) and is scheduled immediately
//! before that user (see the x86 matcher's glue groups).

/// An opcode.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum Op {
    // Leaves.
    EntryToken,
    Constant,
    ConstantFP,
    /// A symbol address (global, external, constant pool, jump table).
    Symbol,
    FrameIndex,
    BasicBlock,
    Register,
    Undef,
    // Chains and registers.
    TokenFactor,
    /// (chain, Register) -> (value, chain)
    CopyFromReg,
    /// (chain, Register, value) -> chain
    CopyToReg,
    // Memory: Load (chain, addr) -> (value, chain); Store (chain, value, addr) -> chain.
    Load,
    Store,
    // Integer arithmetic.
    Add,
    Sub,
    Mul,
    SDiv,
    UDiv,
    SRem,
    URem,
    And,
    Or,
    Xor,
    Shl,
    Srl,
    Sra,
    /// (a, b) with payload = condition code -> i1
    SetCC,
    /// (cond, a, b)
    Select,
    ZeroExtend,
    SignExtend,
    AnyExtend,
    Truncate,
    // Control flow: Br (chain, bb); BrCond (chain, cond, bb).
    Br,
    BrCond,
    // ---- Wide integers: the nodes type legalization (crate::legalize)
    // works with when it expands an integer into halves.
    /// (lo, hi) -> the value twice as wide (LLVM's BUILD_PAIR).
    BuildPair,
    /// (wide) with payload = part (0 low, 1 high) -> the half (EXTRACT_ELEMENT).
    ExtractElement,
    /// (a, b) -> (sum, Glue carry): the low half of a wide add (ADDC).
    AddC,
    /// (a, b, Glue carry) -> (sum, Glue carry): a higher half (ADDE).
    AddE,
    /// (a, b) -> (difference, Glue borrow) (SUBC).
    SubC,
    /// (a, b, Glue borrow) -> (difference, Glue borrow) (SUBE).
    SubE,
    /// (a_hi, b_hi, Glue borrow) with payload = condition -> i1: the
    /// comparison of two wide values whose low halves were subtracted by the
    /// glued `SubC` (SETCCCARRY). Conditions: `Ult Uge Slt Sge`.
    SetCCCarry,
    /// (a, b) -> (lo, hi): the full unsigned product (UMUL_LOHI).
    UMulLoHi,
    /// (a, b, c) -> the high half of `(a:b) << (c mod bits)` (FSHL).
    FShl,
    /// (a, b, c) -> the low half of `(a:b) >> (c mod bits)` (FSHR).
    FShr,
    // ---- Atomics (payload: crate::atomic::AtomicInfo).
    /// (chain, addr) -> (value, chain).
    AtomicLoad,
    /// (chain, value, addr) -> chain.
    AtomicStore,
    /// (chain, addr, value) -> (old value, chain); the operation is in the payload.
    AtomicRMW,
    /// (chain, addr, expected, new) -> (old value, i1 success, chain).
    AtomicCmpSwap,
    /// (chain) -> chain.
    Fence,
    /// A target node; the number is the target's own.
    Target(u16),
}

/// Condition codes of `SetCC`.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
#[repr(u8)]
pub enum Cond {
    Eq,
    Ne,
    Ugt,
    Uge,
    Ult,
    Ule,
    Sgt,
    Sge,
    Slt,
    Sle,
}

impl Cond {
    pub const ALL: [Cond; 10] = [
        Cond::Eq,
        Cond::Ne,
        Cond::Ugt,
        Cond::Uge,
        Cond::Ult,
        Cond::Ule,
        Cond::Sgt,
        Cond::Sge,
        Cond::Slt,
        Cond::Sle,
    ];

    /// From the IR's integer predicate number (same order).
    pub fn from_ir(p: u8) -> Option<Cond> {
        Self::ALL.get(p as usize).copied()
    }

    /// The condition with operands swapped (`a < b` == `b > a`).
    pub fn swapped(self) -> Cond {
        match self {
            Cond::Ugt => Cond::Ult,
            Cond::Uge => Cond::Ule,
            Cond::Ult => Cond::Ugt,
            Cond::Ule => Cond::Uge,
            Cond::Sgt => Cond::Slt,
            Cond::Sge => Cond::Sle,
            Cond::Slt => Cond::Sgt,
            Cond::Sle => Cond::Sge,
            c => c,
        }
    }

    /// The negated condition.
    pub fn inverse(self) -> Cond {
        match self {
            Cond::Eq => Cond::Ne,
            Cond::Ne => Cond::Eq,
            Cond::Ugt => Cond::Ule,
            Cond::Uge => Cond::Ult,
            Cond::Ult => Cond::Uge,
            Cond::Ule => Cond::Ugt,
            Cond::Sgt => Cond::Sle,
            Cond::Sge => Cond::Slt,
            Cond::Slt => Cond::Sge,
            Cond::Sle => Cond::Sgt,
        }
    }

    /// Evaluates the condition on two values of `bits` bits.
    pub fn eval(self, a: u64, b: u64, bits: u32) -> bool {
        let sh = 64 - bits.min(64);
        let (sa, sb) = (((a << sh) as i64) >> sh, ((b << sh) as i64) >> sh);
        let (ua, ub) = ((a << sh) >> sh, (b << sh) >> sh);
        match self {
            Cond::Eq => ua == ub,
            Cond::Ne => ua != ub,
            Cond::Ugt => ua > ub,
            Cond::Uge => ua >= ub,
            Cond::Ult => ua < ub,
            Cond::Ule => ua <= ub,
            Cond::Sgt => sa > sb,
            Cond::Sge => sa >= sb,
            Cond::Slt => sa < sb,
            Cond::Sle => sa <= sb,
        }
    }
}

/// Memory-access details of a `Load`/`Store`, packed in the payload:
/// bits 0..8 = memory bits (8, 16, 32, 64, ...), bits 8..10 = extension of
/// a load (0 none, 1 zero, 2 sign, 3 any), bit 10 = volatile.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct MemInfo {
    pub mem_bits: u32,
    pub ext: Ext,
    pub volatile: bool,
}

/// Load extension kinds.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Ext {
    None,
    Zero,
    Sign,
    Any,
}

impl MemInfo {
    pub fn pack(self) -> u64 {
        let e = match self.ext {
            Ext::None => 0,
            Ext::Zero => 1,
            Ext::Sign => 2,
            Ext::Any => 3,
        };
        (self.mem_bits as u64 & 0xff) | (e << 8) | ((self.volatile as u64) << 10)
    }
    pub fn unpack(p: u64) -> MemInfo {
        MemInfo {
            mem_bits: (p & 0xff) as u32,
            ext: match (p >> 8) & 3 {
                0 => Ext::None,
                1 => Ext::Zero,
                2 => Ext::Sign,
                _ => Ext::Any,
            },
            volatile: p & (1 << 10) != 0,
        }
    }
}
