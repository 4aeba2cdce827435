//! The target hooks the DAG builder calls for what the IR leaves to the
//! calling convention: incoming arguments, calls and returns.
//!
//! Contract: the builder owns the per-block [`Dag`] and the function's
//! `MachFunction`; a target implements [`CallLowering`] and creates its own
//! target nodes (`Op::Target(n)`) for calls and returns, which only its
//! instruction selector understands. Hooks never emit machine instructions
//! except [`CallLowering::lower_arguments`], which runs once, with the
//! entry block open (`mf.begin_block(entry)` done), before that block's
//! DAG is selected.
//!
//! Calls see `byval` arguments as `Op::ByValArg` nodes (the pointer, with
//! size and alignment in the payload): the target copies the bytes into
//! its outgoing argument area.
//!
//! Errors: a construct the target cannot lower (floating-point arguments,
//! aggregates, too-wide integers) is an [`IselError`] naming it; the same
//! type reports what instruction selection cannot cover.

use crate::node::{Dag, SDValue};
use crate::vt::VT;
use rcc_mach::{FrameIdx, MachFunction, PReg, RegClassId, SymFlag, VReg};
use std::any::Any;

/// An incoming argument as the calling convention sees it.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum FormalArg {
    /// A value of this type.
    Value(VT),
    /// A `byval` pointer: the caller copied `size` bytes (aligned to
    /// `align`) into the argument area; the argument is their address.
    ByVal { size: u64, align: u32 },
}

/// Where the builder finds an incoming argument.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum ArgValue {
    /// In this virtual register, defined at the top of the entry block.
    Reg(VReg),
    /// The address of this (fixed) frame object: a `byval` argument.
    Frame(FrameIdx),
}

/// The state a variadic function's `va_start` needs, in the target's own
/// shape (on x86-64 the System V register save area and `va_list`
/// offsets): made by [`CallLowering::lower_arguments`], kept by the builder
/// for the function, and handed back only to the same target's
/// [`CallLowering::lower_va_start`], which downcasts it.
pub type VarArgsState = Box<dyn Any + Send + Sync>;

/// What [`CallLowering::lower_arguments`] made.
#[derive(Debug, Default)]
pub struct LoweredArgs {
    /// One per argument.
    pub vals: Vec<ArgValue>,
    /// For a variadic function that calls `va_start`.
    pub va: Option<VarArgsState>,
}

/// What a symbol reference the builder makes is for; the target answers
/// with its own flag for it ([`CallLowering::sym_flag`], LLVM's
/// `classifyGlobalReference`).
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum SymRef {
    /// The address of a global that may be preempted, loaded from its GOT
    /// entry.
    GotAddress,
    /// The callee of a direct call that may be preempted (through the PLT).
    PreemptibleCall,
    /// A thread-local variable, general-dynamic model: its `tls_index`.
    TlsGeneralDynamic,
    /// Local-dynamic model: the module's `tls_index` (the block's base).
    TlsLocalDynamic,
    /// Local-dynamic model: the variable's offset in the module's block.
    TlsDtpOffset,
    /// Initial-exec model: the GOT slot of the offset from the thread
    /// pointer.
    TlsInitialExec,
    /// Local-exec model: the offset from the thread pointer.
    TlsLocalExec,
}

/// An address as the DAG builder's address sinking describes it to the
/// target (LLVM's `TargetLowering::AddrMode`): the sum of `terms`
/// registers, each times its scale, `free_bases` bases that need no
/// register live across blocks (symbols, constant addresses, frame
/// objects), and a constant `offset`.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct AddrShape {
    pub terms: u8,
    pub scales: [u64; 3],
    pub free_bases: u8,
    pub offset: i64,
}

/// A construct that lowering or instruction selection does not support.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IselError {
    /// What was not supported, e.g. `"f64 argument"` or `"(mul i128 ..)"`.
    pub what: String,
}

impl IselError {
    pub fn new(what: impl Into<String>) -> IselError {
        IselError { what: what.into() }
    }
}

impl std::fmt::Display for IselError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "unsupported in instruction selection: {}", self.what)
    }
}

impl std::error::Error for IselError {}

/// What the target's memory accesses allow, for the combiner's rules that
/// widen accesses (store merging, load combining). The default allows
/// nothing beyond the accesses the IR wrote: every field is a target fact,
/// never assumed by generic code.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct MemAccess {
    /// Integer accesses up to this many bits are legal and fast at any
    /// alignment (0: a widened access must be naturally aligned).
    pub misaligned_fast_bits: u32,
    /// The widest integer type a load or store may be widened to (0: no
    /// widening).
    pub max_int_bits: u32,
    /// A store of a constant wider than this many bits is one instruction
    /// only when the constant fits in this many bits sign-extended (x86:
    /// `movq $imm32`); wider constants are not merged.
    pub store_imm_bits: u32,
    /// The vector type of a 16-byte store of zeros, if the target stores
    /// zero vectors cheaply (x86 with SSE: `xorps` + `movups`).
    pub zero_vector: Option<VT>,
    /// The target loads one 32- or 64-bit integer lane from memory into a
    /// vector register, zeroing the rest (x86: `movd`/`movq`), as fast as
    /// into a general register; the combiner then builds a `build_vector`
    /// with loaded lanes from `scalar_to_vector` nodes and unpacking
    /// shuffles, so the selector folds each load into its lane's move.
    pub vector_lane_loads: bool,
}

impl MemAccess {
    /// No widened access.
    pub const NONE: MemAccess = MemAccess {
        misaligned_fast_bits: 0,
        max_int_bits: 0,
        store_imm_bits: 64,
        zero_vector: None,
        vector_lane_loads: false,
    };
}

impl Default for MemAccess {
    fn default() -> MemAccess {
        MemAccess::NONE
    }
}

/// LLVM's `CondMergingParams` (`getJumpConditionMergingParams`): how a
/// target weighs keeping the two sides of `br (and|or a, b)` as one
/// condition (`setcc; setcc; and; jne`) against branching on each
/// (see `build::merge_cond`). `base_cost < 0`: always branch on each.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct CondMerging {
    /// The latency the right side may cost and still be computed
    /// unconditionally.
    pub base_cost: i32,
    /// Added when the branch likely needs both sides.
    pub likely_bias: i32,
    /// Subtracted when the branch likely exits early; negative: always
    /// branch on each side then.
    pub unlikely_bias: i32,
}

impl CondMerging {
    /// TargetLoweringBase's default: never keep the conditions together.
    pub const NEVER: CondMerging = CondMerging {
        base_cost: -1,
        likely_bias: -1,
        unlikely_bias: -1,
    };
}

/// The kind of an IR instruction for its latency cost (LLVM's
/// `TargetTransformInfo::getInstructionCost` with `TCK_Latency`), as far
/// as the branch-merging heuristic needs it.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum CostKind {
    /// Phis, free casts, addresses that fold into a memory operand.
    Free,
    Load,
    /// Integer arithmetic, logic, shifts, selects, other casts.
    Basic,
    IntMul,
    /// Integer division and remainder.
    IntDiv,
    /// Floating-point arithmetic and conversions.
    Float,
    ICmp,
    FCmp,
    /// A call that is not an intrinsic.
    Call,
}

/// Calling-convention lowering of one target.
pub trait CallLowering: Sync {
    /// The register class of values of type `vt` (`None`: not supported).
    fn reg_class(&self, vt: VT) -> Option<RegClassId>;

    /// The target's flag for a symbol reference made for `r`.
    fn sym_flag(&self, r: SymRef) -> SymFlag;

    /// Whether an address of this shape folds into one memory operand
    /// (LLVM's `isLegalAddressingMode`); the builder's address sinking
    /// only rebuilds such addresses. By default none does.
    fn legal_address(&self, _am: &AddrShape) -> bool {
        false
    }

    /// Whether a symbol's addend may be `offset`, so that `sym + offset`
    /// is one symbol operand (LLVM's `isOffsetFoldingLegal` with the
    /// target's code-model rule for a symbolic displacement, x86's
    /// `isOffsetSuitableForCodeModel`); otherwise the offset is an `add`.
    /// By default an offset that fits 32 bits.
    fn symbol_offset_ok(&self, offset: i64) -> bool {
        i32::try_from(offset).is_ok()
    }

    /// Whether the target has several condition registers, so that an
    /// `i1` computed by a compare can stay in one across blocks (LLVM's
    /// `hasMultipleConditionRegisters`; false by default, as for x86 and
    /// AArch64, whose compares are then rebuilt in the blocks that use
    /// them: the builder's compare sinking).
    fn has_multiple_condition_registers(&self) -> bool {
        false
    }

    /// The target's vectors (`None`: no vector type is legal, vector code
    /// is refused).
    fn legality(&self) -> Option<&dyn crate::legalize::TypeLegality> {
        None
    }

    /// What widened memory accesses may do (see [`MemAccess`]).
    fn mem_access(&self) -> MemAccess {
        MemAccess::NONE
    }

    /// Whether multiplies by constants become shifts, adds and multiplies
    /// by 3, 5 or 9 when optimizing (LLVM's X86 `combineMul`; the
    /// combiner's `mul_const` rules). By default they stay multiplies.
    fn mul_by_shift_add(&self) -> bool {
        false
    }

    /// LLVM's `getJumpConditionMergingParams` for `br (and|or lhs, rhs)`
    /// (`and`: the logical operation; `both_eq`: both sides are `icmp
    /// eq`). By default the conditions are never kept together.
    fn cond_merging(&self, _and: bool, _both_eq: bool) -> CondMerging {
        CondMerging::NEVER
    }

    /// The latency cost of an IR instruction of kind `k` (LLVM's
    /// `TCK_Latency`; the defaults are TargetTransformInfoImplBase's).
    fn latency_cost(&self, k: CostKind) -> u32 {
        match k {
            CostKind::Free => 0,
            CostKind::Load => 4,
            CostKind::Basic | CostKind::IntMul | CostKind::ICmp | CostKind::FCmp => 1,
            CostKind::IntDiv => 4,
            CostKind::Float => 3,
            CostKind::Call => 10,
        }
    }

    /// A call of `callee` (a `Symbol` node for a direct call, any `I64`
    /// value for an indirect one) with `args`, ordered after `chain`.
    /// `rets` are the types of the returned values: none for `void`, one
    /// for a scalar, the scalar parts of a first-class aggregate in order
    /// (`{ i64, i64 }` comes back in two registers). Returns the call's
    /// output chain and one value per entry of `rets`.
    #[allow(clippy::too_many_arguments)]
    fn lower_call(
        &self,
        dag: &mut Dag,
        mf: &mut MachFunction,
        chain: SDValue,
        callee: SDValue,
        args: &[SDValue],
        rets: &[VT],
        variadic: bool,
    ) -> Result<(SDValue, Vec<SDValue>), IselError>;

    /// A sibling call of `callee` with `args` (as for
    /// [`CallLowering::lower_call`]) in tail position: the caller returns
    /// exactly what the callee returns (`rets`), and the callee touches no
    /// stack object of the caller. Returns the block's final chain (its
    /// root; the call ends the block, after the epilogue), or `None` when
    /// the target cannot make this call a tail call (then it is an
    /// ordinary call).
    #[allow(clippy::too_many_arguments)]
    fn lower_tail_call(
        &self,
        _dag: &mut Dag,
        _mf: &mut MachFunction,
        _chain: SDValue,
        _callee: SDValue,
        _args: &[SDValue],
        _rets: &[VT],
        _variadic: bool,
    ) -> Result<Option<SDValue>, IselError> {
        Ok(None)
    }

    /// A return of `vals` (none for `ret void`, the scalar parts of an
    /// aggregate in order) after `chain`; the result is the block's final
    /// chain (its root).
    fn lower_return(
        &self,
        dag: &mut Dag,
        mf: &mut MachFunction,
        chain: SDValue,
        vals: &[SDValue],
    ) -> Result<SDValue, IselError>;

    /// The incoming arguments `args`: one value per argument, a virtual
    /// register defined at the top of the (open) entry block or the frame
    /// object of a `byval` copy; the argument registers are recorded in
    /// `mf.live_ins`. With `va_start`, the function is variadic and
    /// calls `llvm.va_start`: the unnamed argument registers are saved
    /// and [`LoweredArgs::va`] says where.
    fn lower_arguments(
        &self,
        mf: &mut MachFunction,
        args: &[FormalArg],
        va_start: bool,
    ) -> Result<LoweredArgs, IselError>;

    /// The stack pointer, for dynamic allocas and `llvm.stacksave` /
    /// `llvm.stackrestore` (`None`: not supported).
    fn stack_pointer(&self) -> Option<PReg> {
        None
    }

    /// The alignment of the stack pointer at calls, in bytes; dynamic
    /// allocas are rounded to it.
    fn stack_align(&self) -> u64 {
        16
    }

    /// `llvm.va_start(list)` after `chain`, for a function whose arguments
    /// were lowered with `va`; returns the new chain.
    fn lower_va_start(
        &self,
        _dag: &mut Dag,
        _chain: SDValue,
        _list: SDValue,
        _va: &dyn Any,
    ) -> Result<SDValue, IselError> {
        Err(IselError::new("llvm.va_start on this target"))
    }

    /// The `va_arg` instruction: the next variadic argument of type `vt`
    /// from the `va_list` at `list`, after `chain`; returns the value and
    /// the new chain.
    fn lower_va_arg(
        &self,
        _dag: &mut Dag,
        _chain: SDValue,
        _list: SDValue,
        vt: VT,
    ) -> Result<(SDValue, SDValue), IselError> {
        Err(IselError::new(format!("va_arg of {vt} on this target")))
    }

    /// `llvm.va_copy(dst, src)` after `chain`; returns the new chain.
    fn lower_va_copy(
        &self,
        _dag: &mut Dag,
        _chain: SDValue,
        _dst: SDValue,
        _src: SDValue,
    ) -> Result<SDValue, IselError> {
        Err(IselError::new("llvm.va_copy on this target"))
    }
}
