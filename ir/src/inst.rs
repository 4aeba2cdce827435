//! Instruction opcodes, and the packed `flags` word each instruction carries.
//!
//! `flags` layout (bits not listed for an opcode are zero):
//! ```text
//! binary ops, casts:   0 nuw  1 nsw  2 exact  3 disjoint  4 nneg  5 samesign
//! fast-math (any fp):  8 nnan 9 ninf 10 nsz 11 arcp 12 contract 13 afn 14 reassoc
//! icmp/fcmp:           16..23 predicate (IntPred / FloatPred as u8)
//! getelementptr:       0 inbounds 1 nusw 2 nuw 3 inrange(lo,hi) 16..23 LLVM 14 inrange index + 1
//! load/store:          0 volatile 1 atomic 4..7 ordering 24..31 log2(align)+1
//! alloca:              0 inalloca 1 swifterror 16..23 addrspace 24..31 log2(align)+1
//! cmpxchg:             0 volatile 1 weak 4..7 success 20..23 failure 24..31 log2(align)+1
//! atomicrmw:           0 volatile 4..7 ordering 16..23 RmwOp 24..31 log2(align)+1
//! fence:               4..7 ordering
//! call/invoke/callbr:  0..1 tail kind (TailKind) + fast-math
//! landingpad:          0 cleanup
//! catchswitch:         0 has an unwind destination (last operand)
//! ```
//! Non-default sync scopes live in the function's `aux` pool (see
//! [`crate::function`]).

/// An instruction opcode.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
#[repr(u8)]
pub enum Opcode {
    // Terminators.
    Ret,
    Br,
    Switch,
    IndirectBr,
    Invoke,
    CallBr,
    Resume,
    Unreachable,
    CatchSwitch,
    CatchRet,
    CleanupRet,
    // Unary.
    FNeg,
    // Binary.
    Add,
    FAdd,
    Sub,
    FSub,
    Mul,
    FMul,
    UDiv,
    SDiv,
    FDiv,
    URem,
    SRem,
    FRem,
    Shl,
    LShr,
    AShr,
    And,
    Or,
    Xor,
    // Vectors and aggregates.
    ExtractElement,
    InsertElement,
    ShuffleVector,
    ExtractValue,
    InsertValue,
    // Memory.
    Alloca,
    Load,
    Store,
    Fence,
    CmpXchg,
    AtomicRmw,
    GetElementPtr,
    // Casts.
    Trunc,
    ZExt,
    SExt,
    FPTrunc,
    FPExt,
    FPToUI,
    FPToSI,
    UIToFP,
    SIToFP,
    PtrToInt,
    PtrToAddr,
    IntToPtr,
    BitCast,
    AddrSpaceCast,
    // Other.
    ICmp,
    FCmp,
    Phi,
    Select,
    Freeze,
    Call,
    VAArg,
    LandingPad,
    CatchPad,
    CleanupPad,
}

impl Opcode {
    /// The keyword that spells this opcode.
    pub fn name(self) -> &'static str {
        use Opcode::*;
        match self {
            Ret => "ret",
            Br => "br",
            Switch => "switch",
            IndirectBr => "indirectbr",
            Invoke => "invoke",
            CallBr => "callbr",
            Resume => "resume",
            Unreachable => "unreachable",
            CatchSwitch => "catchswitch",
            CatchRet => "catchret",
            CleanupRet => "cleanupret",
            FNeg => "fneg",
            Add => "add",
            FAdd => "fadd",
            Sub => "sub",
            FSub => "fsub",
            Mul => "mul",
            FMul => "fmul",
            UDiv => "udiv",
            SDiv => "sdiv",
            FDiv => "fdiv",
            URem => "urem",
            SRem => "srem",
            FRem => "frem",
            Shl => "shl",
            LShr => "lshr",
            AShr => "ashr",
            And => "and",
            Or => "or",
            Xor => "xor",
            ExtractElement => "extractelement",
            InsertElement => "insertelement",
            ShuffleVector => "shufflevector",
            ExtractValue => "extractvalue",
            InsertValue => "insertvalue",
            Alloca => "alloca",
            Load => "load",
            Store => "store",
            Fence => "fence",
            CmpXchg => "cmpxchg",
            AtomicRmw => "atomicrmw",
            GetElementPtr => "getelementptr",
            Trunc => "trunc",
            ZExt => "zext",
            SExt => "sext",
            FPTrunc => "fptrunc",
            FPExt => "fpext",
            FPToUI => "fptoui",
            FPToSI => "fptosi",
            UIToFP => "uitofp",
            SIToFP => "sitofp",
            PtrToInt => "ptrtoint",
            PtrToAddr => "ptrtoaddr",
            IntToPtr => "inttoptr",
            BitCast => "bitcast",
            AddrSpaceCast => "addrspacecast",
            ICmp => "icmp",
            FCmp => "fcmp",
            Phi => "phi",
            Select => "select",
            Freeze => "freeze",
            Call => "call",
            VAArg => "va_arg",
            LandingPad => "landingpad",
            CatchPad => "catchpad",
            CleanupPad => "cleanuppad",
        }
    }

    /// The opcode spelled `word`, if any.
    pub fn from_name(word: &str) -> Option<Opcode> {
        use Opcode::*;
        Some(match word {
            "ret" => Ret,
            "br" => Br,
            "switch" => Switch,
            "indirectbr" => IndirectBr,
            "invoke" => Invoke,
            "callbr" => CallBr,
            "resume" => Resume,
            "unreachable" => Unreachable,
            "catchswitch" => CatchSwitch,
            "catchret" => CatchRet,
            "cleanupret" => CleanupRet,
            "fneg" => FNeg,
            "add" => Add,
            "fadd" => FAdd,
            "sub" => Sub,
            "fsub" => FSub,
            "mul" => Mul,
            "fmul" => FMul,
            "udiv" => UDiv,
            "sdiv" => SDiv,
            "fdiv" => FDiv,
            "urem" => URem,
            "srem" => SRem,
            "frem" => FRem,
            "shl" => Shl,
            "lshr" => LShr,
            "ashr" => AShr,
            "and" => And,
            "or" => Or,
            "xor" => Xor,
            "extractelement" => ExtractElement,
            "insertelement" => InsertElement,
            "shufflevector" => ShuffleVector,
            "extractvalue" => ExtractValue,
            "insertvalue" => InsertValue,
            "alloca" => Alloca,
            "load" => Load,
            "store" => Store,
            "fence" => Fence,
            "cmpxchg" => CmpXchg,
            "atomicrmw" => AtomicRmw,
            "getelementptr" => GetElementPtr,
            "trunc" => Trunc,
            "zext" => ZExt,
            "sext" => SExt,
            "fptrunc" => FPTrunc,
            "fpext" => FPExt,
            "fptoui" => FPToUI,
            "fptosi" => FPToSI,
            "uitofp" => UIToFP,
            "sitofp" => SIToFP,
            "ptrtoint" => PtrToInt,
            "ptrtoaddr" => PtrToAddr,
            "inttoptr" => IntToPtr,
            "bitcast" => BitCast,
            "addrspacecast" => AddrSpaceCast,
            "icmp" => ICmp,
            "fcmp" => FCmp,
            "phi" => Phi,
            "select" => Select,
            "freeze" => Freeze,
            "call" => Call,
            "va_arg" => VAArg,
            "landingpad" => LandingPad,
            "catchpad" => CatchPad,
            "cleanuppad" => CleanupPad,
            _ => return None,
        })
    }

    /// Whether this opcode ends a block.
    pub fn is_terminator(self) -> bool {
        self <= Opcode::CleanupRet
    }

    /// Whether this is a two-operand arithmetic or logic opcode.
    pub fn is_binary(self) -> bool {
        (Opcode::Add..=Opcode::Xor).contains(&self)
    }

    /// Whether this is a cast.
    pub fn is_cast(self) -> bool {
        (Opcode::Trunc..=Opcode::AddrSpaceCast).contains(&self)
    }

    /// Whether this is a floating-point operation: arithmetic, `fneg`,
    /// `fcmp`, or a conversion to, from or between floating-point types.
    pub fn is_fp_op(self) -> bool {
        self.is_fp_binary()
            || matches!(
                self,
                Opcode::FNeg
                    | Opcode::FCmp
                    | Opcode::FPExt
                    | Opcode::FPTrunc
                    | Opcode::SIToFP
                    | Opcode::UIToFP
                    | Opcode::FPToSI
                    | Opcode::FPToUI
            )
    }

    /// Whether this binary opcode works on floating point.
    pub fn is_fp_binary(self) -> bool {
        matches!(
            self,
            Opcode::FAdd | Opcode::FSub | Opcode::FMul | Opcode::FDiv | Opcode::FRem
        )
    }
}

// Flag bits; see the module comment.
pub const NUW: u32 = 1 << 0;
pub const NSW: u32 = 1 << 1;
pub const EXACT: u32 = 1 << 2;
pub const DISJOINT: u32 = 1 << 3;
pub const NNEG: u32 = 1 << 4;
pub const SAMESIGN: u32 = 1 << 5;
pub const FMF_SHIFT: u32 = 8;
pub const FMF_MASK: u32 = 0x7F << FMF_SHIFT;
/// Fast-math flag names, in bit order from `FMF_SHIFT`.
pub const FMF_NAMES: [&str; 7] = ["nnan", "ninf", "nsz", "arcp", "contract", "afn", "reassoc"];
pub const PRED_SHIFT: u32 = 16;
pub const GEP_INBOUNDS: u32 = 1 << 0;
pub const GEP_NUSW: u32 = 1 << 1;
pub const GEP_NUW: u32 = 1 << 2;
pub const GEP_INRANGE: u32 = 1 << 3;
pub const GEP_OLD_INRANGE_SHIFT: u32 = 16;
pub const VOLATILE: u32 = 1 << 0;
pub const ATOMIC: u32 = 1 << 1;
pub const WEAK: u32 = 1 << 1;
pub const INALLOCA: u32 = 1 << 0;
pub const SWIFTERROR: u32 = 1 << 1;
pub const CLEANUP: u32 = 1 << 0;
pub const HAS_UNWIND: u32 = 1 << 0;
pub const ORDER_SHIFT: u32 = 4;
pub const FAIL_ORDER_SHIFT: u32 = 20;
pub const ADDRSPACE_SHIFT: u32 = 16;
pub const RMW_SHIFT: u32 = 16;
pub const ALIGN_SHIFT: u32 = 24;

/// Packs an alignment (a power of two) into its flags field.
pub fn align_bits(align: Option<u64>) -> u32 {
    align.map_or(0, |a| (a.trailing_zeros() + 1) << ALIGN_SHIFT)
}

/// The alignment stored in `flags`, if any.
pub fn align_of(flags: u32) -> Option<u64> {
    let l = flags >> ALIGN_SHIFT;
    (l != 0).then(|| 1u64 << (l - 1))
}

/// Integer comparison predicates: the one condition-code type of the
/// code generator too (`rcc_dag::Cond` is this type), numbered as LLVM's
/// `icmp` keywords in [`INT_PRED_NAMES`].
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
#[repr(u8)]
pub enum IntPred {
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

pub const INT_PRED_NAMES: [&str; 10] = [
    "eq", "ne", "ugt", "uge", "ult", "ule", "sgt", "sge", "slt", "sle",
];

impl IntPred {
    /// Every predicate, in numbering order.
    pub const ALL: [IntPred; 10] = [
        IntPred::Eq,
        IntPred::Ne,
        IntPred::Ugt,
        IntPred::Uge,
        IntPred::Ult,
        IntPred::Ule,
        IntPred::Sgt,
        IntPred::Sge,
        IntPred::Slt,
        IntPred::Sle,
    ];

    /// The predicate numbered `p` (as packed in an instruction's flags).
    pub fn from_ir(p: u8) -> Option<IntPred> {
        Self::ALL.get(p as usize).copied()
    }

    /// The predicate with operands swapped (`a < b` == `b > a`).
    pub fn swapped(self) -> IntPred {
        use IntPred::*;
        match self {
            Ugt => Ult,
            Uge => Ule,
            Ult => Ugt,
            Ule => Uge,
            Sgt => Slt,
            Sge => Sle,
            Slt => Sgt,
            Sle => Sge,
            c => c,
        }
    }

    /// The negated predicate.
    pub fn inverse(self) -> IntPred {
        use IntPred::*;
        match self {
            Eq => Ne,
            Ne => Eq,
            Ugt => Ule,
            Uge => Ult,
            Ult => Uge,
            Ule => Ugt,
            Sgt => Sle,
            Sge => Slt,
            Slt => Sge,
            Sle => Sgt,
        }
    }

    /// Evaluates the predicate on two values of `bits` bits.
    pub fn eval(self, a: u64, b: u64, bits: u32) -> bool {
        let sh = 64 - bits.min(64);
        let (sa, sb) = (((a << sh) as i64) >> sh, ((b << sh) as i64) >> sh);
        let (ua, ub) = ((a << sh) >> sh, (b << sh) >> sh);
        match self {
            IntPred::Eq => ua == ub,
            IntPred::Ne => ua != ub,
            IntPred::Ugt => ua > ub,
            IntPred::Uge => ua >= ub,
            IntPred::Ult => ua < ub,
            IntPred::Ule => ua <= ub,
            IntPred::Sgt => sa > sb,
            IntPred::Sge => sa >= sb,
            IntPred::Slt => sa < sb,
            IntPred::Sle => sa <= sb,
        }
    }

    /// The predicate spelled `s`.
    pub fn from_name(s: &str) -> Option<IntPred> {
        INT_PRED_NAMES
            .iter()
            .position(|&n| n == s)
            .map(|i| Self::ALL[i])
    }
    /// The predicate packed in `flags`.
    pub fn from_flags(flags: u32) -> IntPred {
        Self::ALL[((flags >> PRED_SHIFT) & 0xFF) as usize % Self::ALL.len()]
    }
    /// The keyword.
    pub fn name(self) -> &'static str {
        INT_PRED_NAMES[self as usize]
    }
}

/// Float comparison predicates, in LLVM's encoding order.
pub const FLOAT_PRED_NAMES: [&str; 16] = [
    "false", "oeq", "ogt", "oge", "olt", "ole", "one", "ord", "uno", "ueq", "ugt", "uge", "ult",
    "ule", "une", "true",
];

/// A float predicate number (index into [`FLOAT_PRED_NAMES`]).
pub fn float_pred_from_name(s: &str) -> Option<u32> {
    FLOAT_PRED_NAMES
        .iter()
        .position(|&n| n == s)
        .map(|i| i as u32)
}

/// Atomic orderings; 0 means not atomic.
pub const ORDERING_NAMES: [&str; 7] = [
    "",
    "unordered",
    "monotonic",
    "acquire",
    "release",
    "acq_rel",
    "seq_cst",
];

/// The ordering number spelled `s`.
pub fn ordering_from_name(s: &str) -> Option<u32> {
    ORDERING_NAMES
        .iter()
        .skip(1)
        .position(|&n| n == s)
        .map(|i| i as u32 + 1)
}

/// `atomicrmw` operations.
pub const RMW_NAMES: [&str; 21] = [
    "xchg",
    "add",
    "sub",
    "and",
    "nand",
    "or",
    "xor",
    "max",
    "min",
    "umax",
    "umin",
    "fadd",
    "fsub",
    "fmax",
    "fmin",
    "uinc_wrap",
    "udec_wrap",
    "usub_cond",
    "usub_sat",
    "fmaximum",
    "fminimum",
];

/// The rmw operation number spelled `s`.
pub fn rmw_from_name(s: &str) -> Option<u32> {
    RMW_NAMES.iter().position(|&n| n == s).map(|i| i as u32)
}

/// Call tail-call markers.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
#[repr(u8)]
pub enum TailKind {
    None = 0,
    Tail = 1,
    MustTail = 2,
    NoTail = 3,
}

impl TailKind {
    /// The marker packed in `flags`.
    pub fn from_flags(flags: u32) -> TailKind {
        match flags & 3 {
            1 => TailKind::Tail,
            2 => TailKind::MustTail,
            3 => TailKind::NoTail,
            _ => TailKind::None,
        }
    }
}
