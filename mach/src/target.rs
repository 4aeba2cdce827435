//! What machine code needs to know about a target, as an interface the
//! target's generated tables implement: opcode names and flags, implicit
//! registers, register names, classes (allocation order, spill size),
//! sub-registers, aliases and call-preserved masks.
//!
//! Opcodes: [`MOpc`] values below [`MOpc::FIRST_TARGET`] are the generic
//! opcodes every target shares (PHI, COPY, ...); a target opcode `t` is
//! `MOpc(FIRST_TARGET + t)`.
//!
//! Register allocation asks the target for three instructions it cannot
//! build itself: a store of a register to a spill slot, the reload, and a
//! register-to-register copy ([`TargetInfo::store_to_slot`],
//! [`TargetInfo::load_from_slot`], [`TargetInfo::copy_phys`]). They are
//! created in the function's arenas but not placed; the caller puts them in
//! the layout. Spill code takes any register ([`Reg`]): the fast allocator
//! passes physical ones, the inline spiller virtual ones (as LLVM's
//! `storeRegToStackSlot` / `loadRegFromStackSlot`).
//!
//! Spilling also asks two questions of an instruction, after LLVM's
//! `TargetInstrInfo`: whether it can be recomputed wherever its value is
//! needed instead of reloaded ([`TargetInfo::is_rematerializable`]; the
//! copy is made by [`crate::remat::rematerialize`]), and whether a spilled
//! register operand can be replaced by the stack slot itself
//! ([`TargetInfo::fold_memory_operand`]).
//!
//! Branch passes ask the target to read and rewrite the branches that end a
//! block, after LLVM's `analyzeBranch` / `reverseBranchCondition` /
//! `removeBranch` / `insertBranch`: [`TargetInfo::analyze_branch`] reports
//! the block's ending as [`Terminators`] plus a target-defined condition (a
//! list of operands only the target interprets); the other three hooks are
//! only called on blocks it understood. A condition may name blocks (x86's
//! two-branch float conditions name the destination of their first
//! branch): a pass that retargets a branch maps them as it maps the
//! destinations ([`map_cond_blocks`]), and a block named only by the
//! condition is still a destination of an explicit branch
//! ([`cond_names`]).

use crate::frame::FrameIdx;
use crate::func::{MBlock, MInst, MachFunction};
use crate::operand::{OpKind, Operand};
use crate::reg::{PReg, Reg, RegClassId};

/// A machine opcode: generic or target.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub struct MOpc(pub u16);

impl MOpc {
    /// `%d = PHI %a, bb.1, %b, bb.2`: pairs of (value, predecessor).
    pub const PHI: MOpc = MOpc(0);
    /// `%d = COPY %s`: a register copy (classes may differ within a bank).
    pub const COPY: MOpc = MOpc(1);
    /// `%d = IMPLICIT_DEF`: an undefined value.
    pub const IMPLICIT_DEF: MOpc = MOpc(2);
    /// `%d = SUBREG_TO_REG 0, %s, subidx`: `%s` placed in the `subidx`
    /// part of `%d`, the rest known zero (x86-64 32-bit writes).
    pub const SUBREG_TO_REG: MOpc = MOpc(3);
    /// Call-frame setup: `ADJCALLSTACKDOWN bytes`.
    pub const ADJCALLSTACKDOWN: MOpc = MOpc(4);
    /// Call-frame teardown: `ADJCALLSTACKUP bytes`.
    pub const ADJCALLSTACKUP: MOpc = MOpc(5);
    /// A label for exception tables: `EH_LABEL sym`.
    pub const EH_LABEL: MOpc = MOpc(6);
    /// Keeps the registers it reads live up to here; emits nothing.
    pub const KILL: MOpc = MOpc(7);
    /// A call-frame-information directive: `CFI_INSTRUCTION idx`, where the
    /// immediate indexes `MachFunction::cfi`. Made by prolog/epilog
    /// insertion; emits the directive at its position and no code.
    pub const CFI: MOpc = MOpc(8);
    /// Inline assembly: `INLINEASM idx, operands...`, where the immediate
    /// indexes `MachFunction::inline_asms` (see `crate::inline_asm`).
    pub const INLINEASM: MOpc = MOpc(9);
    /// The first target opcode.
    pub const FIRST_TARGET: u16 = 16;
    /// The number of generic opcodes (`0..NUM_GENERIC` are defined).
    pub const NUM_GENERIC: u16 = Self::GENERIC_NAMES.len() as u16;

    const GENERIC_NAMES: [&'static str; 10] = [
        "PHI",
        "COPY",
        "IMPLICIT_DEF",
        "SUBREG_TO_REG",
        "ADJCALLSTACKDOWN",
        "ADJCALLSTACKUP",
        "EH_LABEL",
        "KILL",
        "CFI_INSTRUCTION",
        "INLINEASM",
    ];

    /// The target opcode `t`.
    #[inline]
    pub const fn target(t: u16) -> MOpc {
        MOpc(Self::FIRST_TARGET + t)
    }

    /// The target opcode, if this is one.
    #[inline]
    pub fn as_target(self) -> Option<u16> {
        self.0.checked_sub(Self::FIRST_TARGET)
    }

    /// The opcode's name.
    pub fn name(self, t: &dyn TargetInfo) -> &'static str {
        match self.as_target() {
            Some(op) => t.inst_name(op),
            None => Self::GENERIC_NAMES
                .get(self.0 as usize)
                .copied()
                .unwrap_or("<bad opcode>"),
        }
    }
}

/// Instruction property flags, as targets report them: the one definition
/// of the generic bits. A target numbers its own bits from
/// [`iflag::FIRST_TARGET`] up (as LLVM's `TSFlags` sit beside `MCID` flags).
pub mod iflag {
    pub const MAY_LOAD: u32 = 1;
    pub const MAY_STORE: u32 = 2;
    pub const TERMINATOR: u32 = 4;
    pub const BRANCH: u32 = 8;
    pub const INDIRECT: u32 = 16;
    pub const CALL: u32 = 32;
    pub const RETURN: u32 = 64;
    pub const BARRIER: u32 = 128;
    pub const COMMUTABLE: u32 = 256;
    pub const REMAT: u32 = 512;
    pub const CHEAP_AS_MOVE: u32 = 1024;
    pub const SIDE_EFFECTS: u32 = 2048;
    /// Flags that give an instruction an effect beyond its register defs
    /// (a store, a call, control flow, a side effect): such an instruction
    /// is never deleted, duplicated or merged as a pure computation.
    pub const EFFECTS: u32 =
        MAY_STORE | CALL | SIDE_EFFECTS | TERMINATOR | BRANCH | RETURN | BARRIER | INDIRECT;
    /// The lowest bit a target may define for itself.
    pub const FIRST_TARGET: u32 = 4096;
}

/// How the explicit operands of a target instruction look in machine code
/// (before the implicit ones): used by the verifier and the printer.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum OperandSlot {
    /// A register def of the class.
    Def(RegClassId),
    /// A register use of the class.
    Use(RegClassId),
    /// A use tied to the def at this explicit operand index.
    TiedUse(RegClassId, u8),
    /// A memory reference: one machine operand per part of the target's
    /// [`TargetInfo::mem_operand_shape`].
    Mem,
    /// An immediate (or a symbol for a displacement-like immediate).
    Imm,
    /// A block.
    Block,
}

/// How a block ends, as [`TargetInfo::analyze_branch`] reports it (LLVM's
/// `TBB` and `FBB`; the condition is returned beside it).
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Terminators {
    /// No branch: the block falls through to the next block in the layout.
    FallThrough,
    /// An unconditional branch to the block.
    Uncond(MBlock),
    /// A branch to `tbb` when the condition holds; otherwise to `fbb`, or,
    /// without `fbb`, a fall-through to the next block in the layout.
    Cond { tbb: MBlock, fbb: Option<MBlock> },
}

/// Maps the blocks a branch condition names (see the module comment) by
/// `f`, as a pass retargeting the branch maps its destinations.
pub fn map_cond_blocks(cond: &mut [Operand], f: impl Fn(MBlock) -> MBlock) {
    for o in cond.iter_mut().filter(|o| o.kind() == OpKind::Block) {
        *o = Operand::block(f(MBlock::from_u32(o.payload())));
    }
}

/// Whether branch condition `cond` names block `b` (so a branch goes to
/// `b` explicitly even if `b` is neither `tbb` nor `fbb`).
pub fn cond_names(cond: &[Operand], b: MBlock) -> bool {
    cond.iter()
        .any(|o| o.kind() == OpKind::Block && o.payload() == b.as_u32())
}

/// One machine operand of a memory reference, in the order and shape the
/// target gives ([`TargetInfo::mem_operand_shape`]; x86: base, scale,
/// index, displacement, segment).
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum MemPart {
    /// The base: an address register use of
    /// [`TargetInfo::mem_base_class`], none, or a frame index.
    Base,
    /// An index: an address register use of
    /// [`TargetInfo::mem_index_class`], or none.
    Index,
    /// An immediate from `allowed`; `name` names it in diagnostics.
    Imm {
        name: &'static str,
        allowed: &'static [i64],
    },
    /// The displacement: an immediate or a symbol.
    Disp,
    /// A physical register use (`name` in diagnostics) or none.
    PhysReg { name: &'static str },
}

/// The target interface of machine code.
pub trait TargetInfo: Sync {
    /// Number of target opcodes.
    fn num_opcodes(&self) -> u16;
    fn inst_name(&self, op: u16) -> &'static str;
    /// [`iflag`] bits.
    fn inst_flags(&self, op: u16) -> u32;
    fn implicit_defs(&self, op: u16) -> &'static [PReg];
    fn implicit_uses(&self, op: u16) -> &'static [PReg];
    /// The explicit machine operands of a target instruction.
    fn operand_slots(&self, op: u16) -> &'static [OperandSlot];

    /// Lowercase name without a sigil (`eax`).
    fn reg_name(&self, r: PReg) -> &'static str;
    /// The name of one of the target's symbol-operand flags, for MIR text.
    fn sym_flag_name(&self, f: crate::SymFlag) -> &'static str;
    fn num_regs(&self) -> usize;
    fn num_classes(&self) -> usize;
    fn class_name(&self, c: RegClassId) -> &'static str;
    /// Members in allocation order.
    fn class_members(&self, c: RegClassId) -> &'static [PReg];
    fn class_contains(&self, c: RegClassId, r: PReg) -> bool;
    fn class_spill_size(&self, c: RegClassId) -> u32;
    /// Registers overlapping `r`, including `r`.
    fn aliases(&self, r: PReg) -> &'static [u16];
    /// The part of `r` at sub-register index `idx`.
    fn sub_reg(&self, r: PReg, idx: u8) -> Option<PReg>;
    fn subreg_name(&self, idx: u8) -> &'static str;
    /// The registers preserved across a call with register mask `mask`.
    fn preserved_regs(&self, mask: u32) -> &'static [PReg];
    /// Whether a call with register mask `mask` preserves `r` (it is in
    /// [`TargetInfo::preserved_regs`]); targets answer from a bit set, as
    /// allocators ask this for every candidate register of every interval
    /// that crosses a call.
    fn preserves(&self, mask: u32, r: PReg) -> bool {
        self.preserved_regs(mask).contains(&r)
    }
    /// Registers never allocated (stack pointer, instruction pointer, ...).
    fn is_reserved(&self, r: PReg) -> bool;
    /// The name of DWARF register `n` (CFI operands in MIR text), if the
    /// target knows it.
    fn dwarf_reg_name(&self, _n: u16) -> Option<&'static str> {
        None
    }
    /// The CFA rule at function entry, before any directive: DWARF
    /// register and offset (x86-64: `%rsp + 8`), if the target states it
    /// (CFI fix-ups then compare rules exactly). Default: unknown.
    fn initial_cfa(&self) -> Option<(u16, i64)> {
        None
    }

    /// `store r to slot`: an instruction storing the spill size of class
    /// `c` from `r` to frame object `slot`. `r` is a physical member of `c`
    /// or a virtual register of class `c` (the form depends on `c` only);
    /// `None` if the target cannot spill that class.
    fn store_to_slot(
        &self,
        mf: &mut MachFunction,
        r: Reg,
        c: RegClassId,
        slot: FrameIdx,
    ) -> Option<MInst>;
    /// The reload matching [`TargetInfo::store_to_slot`]: `r = load slot`.
    fn load_from_slot(
        &self,
        mf: &mut MachFunction,
        r: Reg,
        c: RegClassId,
        slot: FrameIdx,
    ) -> Option<MInst>;
    /// Whether `i` (one register def, a target instruction) may be
    /// recomputed at any point where its def is needed instead of being
    /// spilled and reloaded, as LLVM's `isTriviallyReMaterializable`: its
    /// description says `remat`, it has exactly one explicit register def
    /// (not a sub-register def) and no implicit defs, no side effects, no
    /// store, no register uses other than `undef` ones (a zeroing idiom's
    /// reads of its own def) and reserved physical registers (RIP), and it
    /// reads no memory or only memory that never changes (x86: the
    /// constant pool, the GOT). Default: nothing is.
    fn is_rematerializable(&self, _mf: &MachFunction, _i: MInst) -> bool {
        false
    }
    /// Whether every memory read of load `i` is of memory that never
    /// changes while the function runs (LLVM's `isDereferenceableInvariantLoad`
    /// and `mayLoadFromGOTOrConstantPool`; x86: the constant pool, a jump
    /// table, a GOT slot), so that the load may move across stores and out
    /// of loops when its address registers are invariant. Default: none is.
    fn is_invariant_load(&self, _mf: &MachFunction, _i: MInst) -> bool {
        false
    }
    /// If `i` does nothing but store to a stack slot's first bytes (a plain
    /// frame-index address, offset 0, no load, no other effect; a register
    /// or an immediate: wider than [`TargetInfo::is_store_to_slot`]), the
    /// slot and the bytes it writes.
    /// Stack slot coloring treats such a store of the slot's full size as
    /// the end of the slot's previous value. Default: none known (every
    /// access then counts as a read, which is correct but shares nothing).
    fn stack_slot_store(&self, _mf: &MachFunction, _i: MInst) -> Option<(FrameIdx, u64)> {
        None
    }
    /// Memory-operand folding (LLVM's `foldMemoryOperand`): a NEW
    /// instruction (created, not placed: the caller replaces `i` with it)
    /// equal to `i` with explicit operand `op` replaced by a reference to
    /// frame object `slot`: a register use becomes a load from the slot, a
    /// register def a store to it, a tied def/use pair (either index) a
    /// read-modify-write of it. Implicit operands are kept. `None` when the
    /// target has no such form, when the form would access more (or, for
    /// a def, other) bytes than the slot holds or need more alignment than
    /// it has, when the register occurs elsewhere in `i`, or when `op` is
    /// not an explicit register operand. A use of sub-register
    /// `%v.sub` folds as a load at offset 0 where the target's memory
    /// order allows (x86: the low part of a slot). Default: never.
    fn fold_memory_operand(
        &self,
        _mf: &mut MachFunction,
        _i: MInst,
        _op: usize,
        _slot: FrameIdx,
    ) -> Option<MInst> {
        None
    }
    /// The class of the register [`TargetInfo::unfold_load`] would load
    /// `i`'s folded memory operand into (LLVM's `getOpcodeAfterMemoryUnfold`
    /// and `getRegClass`), or `None` when `i` does not unfold. Creates
    /// nothing. Default: nothing unfolds.
    fn unfold_load_class(&self, _mf: &MachFunction, _i: MInst) -> Option<RegClassId> {
        None
    }
    /// Load unfolding (LLVM's `unfoldMemoryOperand` with `UnfoldLoad`):
    /// for an instruction `i` that reads memory through one folded load
    /// operand and does nothing else with memory (no store, call or side
    /// effect), two NEW instructions (created, not placed: the caller
    /// replaces `i` with them, in order): a load of that memory into `r`, a
    /// virtual register of class [`TargetInfo::unfold_load_class`], and
    /// `i`'s register form reading `r` where `i` read memory, every other
    /// operand (flags, implicit operands, ties) kept. The pair computes
    /// what `i` computed. `None` when `i` has no register form, is a plain
    /// load (LLVM's `canFoldAsLoad`: nothing would be left to unfold) or
    /// `r` is not of that class. Default: never.
    fn unfold_load(&self, _mf: &mut MachFunction, _i: MInst, _r: Reg) -> Option<(MInst, MInst)> {
        None
    }
    /// The three-address form of two-address instruction `i` (LLVM's
    /// `convertToThreeAddress`): a NEW instruction (created, not placed:
    /// the caller replaces `i` with it) with the same explicit def that
    /// computes the same value without a tied source, or `None`. Used by
    /// the two-address pass when the tied source stays live (a copy would
    /// be needed). It may only drop effects nothing observes (x86: a dead
    /// EFLAGS def). Default: none.
    fn convert_to_three_address(&self, _mf: &mut MachFunction, _i: MInst) -> Option<MInst> {
        None
    }
    /// Post-allocation expansion of a target pseudo (LLVM's
    /// `expandPostRAPseudo`): a NEW instruction (created, not placed: the
    /// caller replaces `i` with it) for target instruction `i` of block
    /// `b`, where `rest` are the instructions after `i` in the block (for
    /// a local liveness look-ahead, e.g. of flags). `None`: `i` is not a
    /// pseudo the target expands and stays. Default: none.
    fn expand_post_ra(
        &self,
        _mf: &mut MachFunction,
        _b: MBlock,
        _i: MInst,
        _rest: &[MInst],
    ) -> Option<MInst> {
        None
    }
    /// `dst = src` between physical registers of the same size; `None` if
    /// no single instruction does it.
    fn copy_phys(&self, mf: &mut MachFunction, dst: PReg, src: PReg) -> Option<MInst>;
    /// Whether [`TargetInfo::copy_phys`] has an instruction for `dst =
    /// src` (asked by passes that rewrite a copy's registers after
    /// allocation). Default: no.
    fn can_copy_phys(&self, _dst: PReg, _src: PReg) -> bool {
        false
    }

    /// If `i` only stores a whole register to frame object `slot` at offset
    /// 0 (LLVM's `isStoreToStackSlot`): the slot and the index of the
    /// stored register operand. The checker recognises spill stores with
    /// it. Default: never.
    fn is_store_to_slot(&self, _mf: &MachFunction, _i: MInst) -> Option<(FrameIdx, usize)> {
        None
    }
    /// If `i` only loads a whole register from frame object `slot` at
    /// offset 0 (LLVM's `isLoadFromStackSlot`): the slot and the index of
    /// the def operand. Default: never.
    fn is_load_from_slot(&self, _mf: &MachFunction, _i: MInst) -> Option<(FrameIdx, usize)> {
        None
    }

    // ---- compares (LLVM's analyzeCompare / optimizeCompareInstr) ----

    /// If `i` does nothing but set the flags register from comparing one
    /// register with zero (x86: `test r, r`, `cmp r, 0`), the index of that
    /// register operand. Default: none.
    fn compare_with_zero(&self, _mf: &MachFunction, _i: MInst) -> Option<usize> {
        None
    }
    /// Whether the flags `def` sets while computing its register result
    /// read, for flag reader `user`, exactly as a compare of that result
    /// with zero ([`TargetInfo::compare_with_zero`]) would. Default: never.
    fn flags_match_zero_compare(&self, _mf: &MachFunction, _def: MInst, _user: MInst) -> bool {
        false
    }

    // ---- layout ----

    /// Log2 of the preferred alignment in bytes of hot loop blocks (LLVM's
    /// `TargetLowering::getPrefLoopAlignment`); 0: not aligned. Default 0.
    fn pref_loop_align_log2(&self) -> u8 {
        0
    }

    // ---- zero extensions (peephole-opt) ----

    /// If `i` copies a register into a register of the same width and
    /// zeroes every bit of the full register above that width (x86:
    /// `MOV32rr`, the zero-extension of a 32-bit value to 64 bits), the
    /// index of its source operand. Default: none.
    fn zero_extending_copy(&self, _mf: &MachFunction, _i: MInst) -> Option<usize> {
        None
    }
    /// Whether `def` writes its register operand `op` with every bit of
    /// the full register above the operand's width zero, as a
    /// [`TargetInfo::zero_extending_copy`] of it would leave them (x86:
    /// a write of a 32-bit general register). Default: never.
    fn def_zeroes_high_bits(&self, _mf: &MachFunction, _def: MInst, _op: usize) -> bool {
        false
    }

    // ---- branches (LLVM's analyzeBranch family) ----

    /// How the block whose instructions are `insts` ends, with the branch
    /// condition (if any) left in `cond` (cleared first); `None` if the
    /// target cannot tell (an indirect branch, a return, two conditional
    /// branches). Default: never understood, so branch passes leave the
    /// target's blocks alone.
    fn analyze_branch(
        &self,
        _mf: &MachFunction,
        _insts: &[MInst],
        _cond: &mut Vec<Operand>,
    ) -> Option<Terminators> {
        None
    }
    /// Makes `cond` (from [`TargetInfo::analyze_branch`]) its inverse;
    /// `false` if it has none. Default: `false`.
    fn reverse_branch_condition(&self, _cond: &mut [Operand]) -> bool {
        false
    }
    /// The number of branch instructions ending `insts` (a block
    /// [`TargetInfo::analyze_branch`] understood), which
    /// [`TargetInfo::insert_branch`] replaces. Default: none.
    fn remove_branch(&self, _mf: &MachFunction, _insts: &[MInst]) -> usize {
        0
    }
    /// Creates the branches to `tbb` under `cond` (unconditional if empty)
    /// and then, if given, to `fbb`, appending them to `out`. Returns how
    /// many it created. Only called with terminators
    /// [`TargetInfo::analyze_branch`] reported. Default: none.
    fn insert_branch(
        &self,
        _mf: &mut MachFunction,
        _tbb: MBlock,
        _fbb: Option<MBlock>,
        _cond: &[Operand],
        _out: &mut Vec<MInst>,
    ) -> usize {
        0
    }

    // ---- derived facts, with defaults from the tables above ----

    /// The members of `c` a register allocator may hand out, in order; the
    /// allocator still skips reserved registers. Default: all members.
    fn allocation_order(&self, c: RegClassId) -> &'static [PReg] {
        self.class_members(c)
    }
    /// The register-pressure limit of the bank holding `c` that heuristics
    /// compare estimates against (LLVM's `getRegPressureSetLimit`), when
    /// the target knows one; `None`: the number of allocatable members.
    fn reg_pressure_limit(&self, _c: RegClassId) -> Option<u32> {
        None
    }
    /// Whether every member of `a` is a member of `b`.
    fn is_subclass(&self, a: RegClassId, b: RegClassId) -> bool {
        a == b
            || self
                .class_members(a)
                .iter()
                .all(|&r| self.class_contains(b, r))
    }
    /// Width of `r` in bits. Default: the spill size of the first class
    /// containing it.
    fn reg_bits(&self, r: PReg) -> u32 {
        (0..self.num_classes())
            .map(|c| RegClassId(c as u8))
            .find(|&c| self.class_contains(c, r))
            .map_or(0, |c| self.class_spill_size(c) * 8)
    }
    /// The machine operands of one memory reference, in order.
    fn mem_operand_shape(&self) -> &'static [MemPart];
    /// The class a virtual register may have as the base of a memory
    /// operand (`None`: any).
    fn mem_base_class(&self) -> Option<RegClassId> {
        None
    }
    /// The class a virtual register may have as the index of a memory
    /// operand (`None`: any).
    fn mem_index_class(&self) -> Option<RegClassId> {
        None
    }
}
