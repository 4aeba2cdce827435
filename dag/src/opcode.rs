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
//! [`MemInfo`]; the alignment, when known, in bits 16..21, see
//! [`MemInfo::with_align`]); `FSetCC` = the float condition ([`FCond`]);
//! `ExtractElement` = the part; `SetCCCarry` = the condition code; atomics
//! = [`crate::atomic::AtomicInfo`]. `SetCC` on vectors yields a vector of
//! `i1` (after legalization: of integers, each lane 0 or -1).
//!
//! Glue: a node whose last result is `Glue` is never hash-consed (each is
//! unique, so its glue has at most one user) and is scheduled immediately
//! before that user (see the x86 matcher's glue groups).

/// `Add` and `Shl` payload bit: the IR's `nuw` (no unsigned wrap).
pub const WRAP_NUW: u64 = 1;
/// `Add` and `Shl` payload bit: the IR's `nsw` (no signed wrap).
pub const WRAP_NSW: u64 = 2;
/// `Or` payload bit: the IR's `disjoint` (no bit set in both operands, so
/// the `or` is an `add`).
pub const OR_DISJOINT: u64 = 1;

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
    /// The address of a thread-local variable (LLVM's GlobalTLSAddress):
    /// payload = the symbol operand, whose flag is the target's flag for the
    /// access model (`SymRef::TlsLocalExec`, `TlsInitialExec`,
    /// `TlsGeneralDynamic`; `TlsLocalDynamic`: the base of the module's TLS
    /// block). Targets lower it by hand; the dynamic models are
    /// calls whose registers the target keeps inside the node's sequence.
    TlsAddress,
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
    /// (a, b); payload: the IR's wrap flags ([`WRAP_NUW`], [`WRAP_NSW`]),
    /// which rules may rely on (a rebuilt `add` drops them).
    Add,
    Sub,
    Mul,
    SDiv,
    UDiv,
    SRem,
    URem,
    And,
    /// (a, b); payload: [`OR_DISJOINT`] when the IR says so.
    Or,
    Xor,
    /// (a, b); payload: the IR's wrap flags, as `Add`'s (a rebuilt
    /// shift drops them).
    Shl,
    Srl,
    Sra,
    // Vectors (built by `crate::build::vector`, made legal by
    // `crate::legalize`; lane indexes are i64 values).
    /// (lane, lane, ...) -> vector: one scalar of the element type (or
    /// `Undef`) per lane.
    BuildVector,
    /// (scalar) -> vector: lane 0 is the scalar, the other lanes undefined.
    ScalarToVector,
    /// (vector, index) -> element.
    ExtractElt,
    /// (vector, element, index) -> vector.
    InsertElt,
    /// (a, b, m0, m1, ...) -> vector of `a`'s type with the result's lane
    /// count: lane i is `m_i < n ? a[m_i] : b[m_i - n]` (n = lanes of `a`);
    /// each `m_i` is an i32 `Constant` or `Undef` (any lane).
    Shuffle,
    /// (vector) -> vector with fewer, wider lanes: the low lanes of the
    /// operand sign- (zero-) extended (LLVM's `*_EXTEND_VECTOR_INREG`).
    SignExtendInReg,
    ZeroExtendInReg,
    /// (vector) -> i32 whose bit i is the sign bit of lane i (x86
    /// `pmovmskb`, `movmskps`): how a vector of `i1` becomes an integer.
    MoveMask,
    /// (a, b) with payload = condition code -> i1
    SetCC,
    /// (cond, a, b)
    Select,
    ZeroExtend,
    SignExtend,
    AnyExtend,
    Truncate,
    /// (ptr) -> ptr: a call argument passed `byval`, the bytes at `ptr`;
    /// payload = size << 8 | log2(alignment) (see [`ByVal`]). Only a call
    /// node's operand; the target copies the bytes.
    ByValArg,
    /// (values...) -> the same values: the scalar parts of a first-class
    /// aggregate as the builder holds it (see `build::aggregate`). Never
    /// reachable from a block's root, so never selected.
    MergeValues,
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
    /// (a, b) -> (a udiv b, a urem b): one division for both results
    /// (UDIVREM), made by the combiner from `udiv`/`urem` when optimizing.
    UDivRem,
    /// (a, b) -> (a sdiv b, a srem b) (SDIVREM).
    SDivRem,
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
    /// (chain, address) -> chain: `indirectbr` [BRIND].
    BrInd,
    // Floating point (f32/f64; see `crate::build::float`).
    FAdd,
    FSub,
    FMul,
    FDiv,
    FNeg,
    FAbs,
    /// (magnitude, sign)
    FCopySign,
    FSqrt,
    /// `llvm.minnum`/`llvm.maxnum`: a NaN operand yields the other one.
    FMinNum,
    FMaxNum,
    /// (a, b) with payload = float condition ([`FCond`]) -> i1
    FSetCC,
    /// Float to signed integer, rounding toward zero (i32/i64 results).
    FpToSint,
    /// Signed integer (i32/i64) to float, in the current rounding mode.
    SintToFp,
    /// f32 -> f64.
    FpExtend,
    /// f64 -> f32.
    FpRound,
    /// Reinterprets the bits as another type of the same width (int <->
    /// float, vector <-> vector, scalar <-> vector).
    Bitcast,
    // Integer operations of intrinsics and switch lowering (LLVM's ISD
    // names in brackets).
    /// (value, amount) [ROTL, ROTR]
    Rotl,
    Rotr,
    /// [BSWAP]
    Bswap,
    /// Count leading/trailing zeros; the `ZeroUndef` forms may assume a
    /// non-zero input [CTLZ, CTLZ_ZERO_UNDEF, CTTZ, CTTZ_ZERO_UNDEF].
    Ctlz,
    CtlzZeroUndef,
    Cttz,
    CttzZeroUndef,
    /// (a, b) -> i1: only the overflow bit of the operation; its value is
    /// the plain `Add`/`Sub`/`Mul` node (LLVM's SADDO..UMULO have both as
    /// two results; one result each keeps instruction selection to
    /// single-result rows).
    SAddO,
    UAddO,
    SSubO,
    USubO,
    SMulO,
    UMulO,
    /// (chain) -> chain: the exception-handling label number `payload`
    /// of the function (`EH_LABEL`, around an invoke's call).
    EhLabel,
    /// (chain) -> chain [TRAP, DEBUGTRAP]
    Trap,
    DebugTrap,
    /// (chain) -> chain: the spin-wait loop hint (x86 `pause`, from
    /// `llvm.x86.sse2.pause`).
    Pause,
    /// (chain, addr, rw, locality) -> chain; `rw` and `locality` are
    /// constants [PREFETCH].
    Prefetch,
    /// (chain, index) -> chain: jump through entry `index` (i64) of the
    /// function's jump table number `payload` [BR_JT].
    BrJt,
    /// (chain, op0, op1, ...) -> chain: inline assembly; payload = index
    /// into `MachFunction::inline_asms`; operand k+1 is template operand k
    /// (see `crate::build::inline_asm`).
    InlineAsm,
    /// A target node; the number is the target's own.
    Target(u16),
}

/// Condition codes of `SetCC`/`BrCond`: the IR's integer predicate type,
/// so the DAG and the IR share one condition-code representation.
pub use rcc_ir::inst::IntPred as Cond;

/// Float condition codes of `FSetCC`, numbered as the IR's `fcmp`
/// predicates (LLVM's encoding): the value is a set of outcomes, equal = 1,
/// greater = 2, less = 4, unordered = 8 (`oge` = 3, `une` = 14, ...).
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
#[repr(u8)]
pub enum FCond {
    False,
    Oeq,
    Ogt,
    Oge,
    Olt,
    Ole,
    One,
    Ord,
    Uno,
    Ueq,
    Ugt,
    Uge,
    Ult,
    Ule,
    Une,
    True,
}

impl FCond {
    pub const ALL: [FCond; 16] = [
        FCond::False,
        FCond::Oeq,
        FCond::Ogt,
        FCond::Oge,
        FCond::Olt,
        FCond::Ole,
        FCond::One,
        FCond::Ord,
        FCond::Uno,
        FCond::Ueq,
        FCond::Ugt,
        FCond::Uge,
        FCond::Ult,
        FCond::Ule,
        FCond::Une,
        FCond::True,
    ];

    /// From the IR's float predicate number (same order).
    pub fn from_ir(p: u8) -> Option<FCond> {
        Self::ALL.get(p as usize).copied()
    }

    /// The predicate's `fcmp` keyword.
    pub fn name(self) -> &'static str {
        rcc_ir::inst::FLOAT_PRED_NAMES[self as usize]
    }

    /// The condition with operands swapped (`a < b` == `b > a`).
    pub fn swapped(self) -> FCond {
        // Swap the "greater" (2) and "less" (4) bits.
        let b = self as u8;
        let s = (b & !6) | ((b & 2) << 1) | ((b & 4) >> 1);
        FCond::ALL[s as usize]
    }

    /// The negated condition (true exactly when `self` is false, NaNs
    /// included).
    pub fn inverse(self) -> FCond {
        FCond::ALL[(self as u8 ^ 15) as usize]
    }

    /// Evaluates the condition.
    pub fn eval(self, a: f64, b: f64) -> bool {
        let rel = if a.is_nan() || b.is_nan() {
            8
        } else if a == b {
            1
        } else if a > b {
            2
        } else {
            4
        };
        self as u8 & rel != 0
    }
}

/// Memory-access details of a `Load`/`Store`, packed in the payload:
/// bits 0..10 = memory bits (8, 16, 32, 64, ... 256), bits 10..12 =
/// extension of a load (0 none, 1 zero, 2 sign, 3 any), bit 12 = volatile;
/// bits 13..15 = the segment ([`Segment`]); bits 16..21 = the alignment
/// ([`MemInfo::with_align`]).
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct MemInfo {
    pub mem_bits: u32,
    pub ext: Ext,
    pub volatile: bool,
    /// The segment of the address (LLVM's address spaces 256, 257, 258 on
    /// x86): part of the address, kept by every combine that keeps the
    /// access; a combine joining accesses refuses segment ones.
    pub segment: Segment,
}

/// A segment-relative address space of an access (x86's `%gs:`, `%fs:`,
/// `%ss:` prefixes; LLVM's address spaces 256, 257 and 258).
#[derive(Copy, Clone, PartialEq, Eq, Debug, Default)]
pub enum Segment {
    #[default]
    None,
    Gs,
    Fs,
    Ss,
}

impl Segment {
    /// The segment of IR address space `a` (`None` for 0 and any other).
    pub fn of_addrspace(a: u32) -> Segment {
        match a {
            256 => Segment::Gs,
            257 => Segment::Fs,
            258 => Segment::Ss,
            _ => Segment::None,
        }
    }

    pub fn bits(self) -> u64 {
        self as u64
    }

    pub fn from_bits(b: u64) -> Segment {
        match b & 3 {
            0 => Segment::None,
            1 => Segment::Gs,
            2 => Segment::Fs,
            _ => Segment::Ss,
        }
    }
}

/// Load extension kinds.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Ext {
    None,
    Zero,
    Sign,
    Any,
}

/// Where [`MemInfo::with_align`] keeps the alignment in a payload.
const ALIGN_SHIFT: u32 = 16;

impl MemInfo {
    pub fn pack(self) -> u64 {
        let e = match self.ext {
            Ext::None => 0,
            Ext::Zero => 1,
            Ext::Sign => 2,
            Ext::Any => 3,
        };
        (self.mem_bits as u64 & 0x3ff)
            | (e << 10)
            | ((self.volatile as u64) << 12)
            | (self.segment.bits() << 13)
    }
    /// `packed` with the access alignment recorded (bits 16..21, above
    /// the fields of [`MemInfo::pack`]: log2 of the alignment plus one;
    /// 0 = unknown, i.e. 1).
    pub fn with_align(packed: u64, align: u32) -> u64 {
        let a = u64::from(align.max(1).trailing_zeros().min(30)) + 1;
        (packed & !(0x1f << ALIGN_SHIFT)) | (a << ALIGN_SHIFT)
    }
    /// The alignment recorded by [`MemInfo::with_align`] (1 if none).
    pub fn align_of(payload: u64) -> u32 {
        match (payload >> ALIGN_SHIFT) & 0x1f {
            0 => 1,
            a => 1 << (a - 1),
        }
    }
    pub fn unpack(p: u64) -> MemInfo {
        MemInfo {
            mem_bits: (p & 0x3ff) as u32,
            ext: match (p >> 10) & 3 {
                0 => Ext::None,
                1 => Ext::Zero,
                2 => Ext::Sign,
                _ => Ext::Any,
            },
            volatile: p & (1 << 12) != 0,
            segment: Segment::from_bits(p >> 13),
        }
    }
}

/// The payload of a `ByValArg`: size and alignment of the copied bytes.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct ByVal {
    pub size: u64,
    pub align: u32,
}

impl ByVal {
    pub fn pack(self) -> u64 {
        debug_assert!(self.align.is_power_of_two());
        self.size << 8 | u64::from(self.align.trailing_zeros())
    }
    pub fn unpack(p: u64) -> ByVal {
        ByVal {
            size: p >> 8,
            align: 1 << (p & 0x3f),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn float_conditions_swap_and_invert() {
        let vals = [
            f64::NEG_INFINITY,
            -1.0,
            -0.0,
            0.0,
            2.5,
            f64::INFINITY,
            f64::NAN,
        ];
        for c in FCond::ALL {
            assert_eq!(FCond::from_ir(c as u8), Some(c));
            for &a in &vals {
                for &b in &vals {
                    assert_eq!(c.swapped().eval(b, a), c.eval(a, b), "{c:?} {a} {b}");
                    assert_eq!(c.inverse().eval(a, b), !c.eval(a, b), "{c:?} {a} {b}");
                }
            }
        }
        assert_eq!(FCond::Olt.swapped(), FCond::Ogt);
        assert_eq!(FCond::Oeq.inverse(), FCond::Une);
        assert_eq!(FCond::Uge.name(), "uge");
        assert!(FCond::Ueq.eval(f64::NAN, 1.0) && !FCond::Oeq.eval(f64::NAN, f64::NAN));
        assert!(FCond::Oeq.eval(-0.0, 0.0));
    }
}
