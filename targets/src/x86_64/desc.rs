//! The types of the generated x86-64 tables (registers, register classes,
//! instruction descriptors) and the tables themselves, included from
//! `$OUT_DIR/x86_64_gen.rs`.
//!
//! Invariants (checked by the generator): every register named in a class,
//! an implicit operand or a fixed operand exists; every descriptor has at
//! most `MCInst::MAX_OPERANDS` MCInst operands; `relax_to`/`imm1_form` name
//! existing forms; `DESCS[op.0]` describes `op`.

use rcc_mc::Reg;

/// An instruction form: an index into [`DESCS`].
#[derive(Copy, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct Opcode(pub u16);

impl Opcode {
    /// The descriptor of this form, if the opcode is valid.
    pub fn desc(self) -> Option<&'static InstDesc> {
        DESCS.get(self.0 as usize)
    }
}

/// A register class: an index into [`CLASSES`].
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct RegClass(pub u8);

impl RegClass {
    /// The class data.
    pub fn info(self) -> &'static RegClassInfo {
        &CLASSES[self.0 as usize]
    }

    /// Whether `r` is in this class.
    pub fn contains(self, r: Reg) -> bool {
        REG_CLASS_MASK
            .get(r.index())
            .is_some_and(|m| m & (1 << self.0) != 0)
    }
}

/// Register flags (bit set).
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct RegFlags(pub u8);

impl RegFlags {
    /// An 8-bit register that only exists with a REX prefix (SPL..DIL).
    pub const NEEDS_REX: u8 = 1;
    /// A high-byte register (AH..BH) that cannot be encoded with REX.
    pub const NO_REX: u8 = 2;
    /// Hardware number >= 8: needs an extension bit (REX.R/X/B or VEX).
    pub const EXT: u8 = 4;
    /// A general-purpose register (any width).
    pub const GPR: u8 = 8;

    /// Whether flag `f` is set.
    pub fn has(self, f: u8) -> bool {
        self.0 & f != 0
    }
}

/// One register.
#[derive(Debug)]
pub struct RegInfo {
    pub name: &'static str,
    /// AT&T spelling without `%`.
    pub asm: &'static str,
    /// Hardware number (0..15); the low 3 bits go in ModRM/SIB/opcode.
    pub enc: u8,
    pub bits: u16,
    /// DWARF register number (`u16::MAX` if none), for CFI.
    pub dwarf: u16,
    pub flags: RegFlags,
    /// Sub-registers by [`SUBREG_INDEX_NAMES`] index; 0 = none.
    pub subregs: [u16; 5],
}

/// A register class.
#[derive(Debug)]
pub struct RegClassInfo {
    pub name: &'static str,
    /// Bytes of a spill slot.
    pub spill_size: u32,
    /// Members in allocation order.
    pub members: &'static [Reg],
}

/// The register data of `r` (the none entry for `Reg::NONE` or out of range).
pub fn reg_info(r: Reg) -> &'static RegInfo {
    REG_INFO.get(r.index()).unwrap_or(&REG_INFO[0])
}

/// The registers that overlap `r`, including `r` itself.
pub fn aliases(r: Reg) -> &'static [u16] {
    match REG_ALIAS_RANGES.get(r.index()) {
        Some(&(s, e)) => &REG_ALIAS_POOL[s as usize..e as usize],
        None => &[],
    }
}

/// The DWARF register number of `r`, if it has one (64-bit GPRs, RIP,
/// XMM, ST).
pub fn dwarf_number(r: Reg) -> Option<u16> {
    let d = reg_info(r).dwarf;
    (d != u16::MAX).then_some(d)
}

/// The register with DWARF number `n`.
pub fn reg_by_dwarf(n: u16) -> Option<Reg> {
    REG_INFO
        .iter()
        .position(|i| i.dwarf == n)
        .map(|i| Reg(i as u16))
}

/// Looks a register up by its AT&T spelling (without `%`, lowercase).
pub fn reg_by_asm_name(name: &str) -> Option<Reg> {
    REG_BY_ASM
        .binary_search_by(|(n, _)| (*n).cmp(name))
        .ok()
        .map(|i| Reg(REG_BY_ASM[i].1))
}

/// How a memory operand is accessed, for documentation and Intel syntax.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum MemSize {
    /// An address only (`lea`, `nop`): not accessed.
    Any,
    B8,
    B16,
    B32,
    B64,
    B80,
    B128,
    B256,
}

pub use super::imm::ImmKind;

/// What an operand slot of a form holds.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum OpKind {
    Reg(RegClass),
    Mem(MemSize),
    Imm(ImmKind),
    /// A PC-relative branch target of this many bytes.
    Rel(u8),
    /// A 64-bit absolute address (`movabs` to/from the accumulator):
    /// an immediate or expression printed and parsed as a memory operand.
    MemOffs,
    /// A condition code (0..15), added to the last opcode byte.
    Cond,
    /// An SSE compare predicate (0..7), emitted as an imm8.
    FCond,
    /// A fixed register: printed and parsed, not an MCInst operand.
    Fixed(Reg),
    /// Literal text: printed, optional when parsing, not an MCInst operand.
    Lit(&'static str),
}

impl OpKind {
    /// Whether the slot is an MCInst operand.
    pub fn is_mc_operand(self) -> bool {
        !matches!(self, OpKind::Fixed(_) | OpKind::Lit(_))
    }
}

/// How an operand is accessed.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Role {
    Use,
    Def,
    /// Read and written: a two-address destination whose tied source is not
    /// repeated in the MCInst.
    UseDef,
}

/// One operand slot.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct OperandInfo {
    pub kind: OpKind,
    pub role: Role,
}

/// Opcode maps (escape bytes).
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum OpMap {
    OneByte,
    /// 0F
    TB,
    /// 0F 38
    T38,
    /// 0F 3A
    T3A,
}

/// Mandatory (SIMD) prefixes, which VEX folds into `pp`.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Prefix {
    None,
    /// 66
    PD,
    /// F3
    XS,
    /// F2
    XD,
}

/// Where operands go in the encoding.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Form {
    /// Opcode (and immediates) only.
    RawFrm,
    /// Register in the low 3 bits of the last opcode byte.
    AddRegFrm,
    /// r/m = first register/memory operand, reg = next.
    MRMDestReg,
    MRMDestMem,
    /// reg = first register operand, r/m = next (after VEX.vvvv if any).
    MRMSrcReg,
    MRMSrcMem,
    /// ModRM.reg = the digit, r/m = the register operand.
    MRMr(u8),
    /// ModRM.reg = the digit, r/m = the memory operand.
    MRMm(u8),
    /// No encoding: a pseudo the MC lowering expands into real forms.
    Pseudo,
}

/// Encoding flags (`InstDesc::enc`).
pub mod enc {
    /// 66 operand-size prefix (16-bit operation).
    pub const OPSIZE16: u16 = 1;
    /// REX.W / 64-bit operation.
    pub const REX_W: u16 = 2;
    /// VEX-encoded.
    pub const VEX: u16 = 4;
    /// The operand after the destination goes in VEX.vvvv.
    pub const VEX_4V: u16 = 8;
    /// VEX.L = 1 (256-bit).
    pub const VEX_L: u16 = 16;
    /// VEX.W = 1.
    pub const VEX_W: u16 = 32;
    /// The last register operand goes in `imm8[7:4]`.
    pub const IS4: u16 = 64;
    /// An F0 (`lock`) prefix, after the operand-size prefix.
    pub const LOCK: u16 = 128;
    /// A 3E (`notrack`) prefix, after the operand-size prefix.
    pub const NOTRACK: u16 = 256;
}

/// Instruction property flags (`InstDesc::flags`): the generic bits of
/// [`rcc_mach::iflag`] plus x86's own, numbered from its `FIRST_TARGET`.
pub mod iflag {
    pub use rcc_mach::iflag::*;
    /// A RIP-relative GOT load the linker may relax (GOTPCRELX).
    pub const GOT_RELAX: u32 = FIRST_TARGET;
    /// A prefix written as its own instruction (`lock`, `rep`).
    pub const PREFIX: u32 = FIRST_TARGET << 1;
}

/// The subtarget feature a form needs (`-mattr`).
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Feature {
    /// x86-64 baseline (SSE2).
    Base,
    Sse3,
    Ssse3,
    Sse41,
    Sse42,
    Avx,
    Avx2,
    Popcnt,
    Lzcnt,
    Bmi,
    Cx16,
}

/// What folding a register operand into memory makes of it.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum FoldKind {
    /// A register use becomes a load of the memory operand.
    Load,
    /// A register def becomes a store of the whole memory operand.
    Store,
    /// A tied def/use pair becomes a read-modify-write of memory.
    ReadModifyWrite,
}

/// One entry of [`FOLD_TABLE`] (derived by the generator: the register and
/// memory forms share mnemonic and every other operand).
#[derive(Copy, Clone, Debug)]
pub struct FoldEntry {
    pub reg_form: Opcode,
    /// The descriptor operand index (not the machine operand index).
    pub operand: u8,
    pub mem_form: Opcode,
    /// Bytes the memory form reads or writes at that operand.
    pub bytes: u8,
    pub kind: FoldKind,
}

/// The folding entry of `form`'s descriptor operand `operand`.
pub fn fold_entry(form: Opcode, operand: u8) -> Option<&'static FoldEntry> {
    FOLD_TABLE
        .binary_search_by(|e| (e.reg_form, e.operand).cmp(&(form, operand)))
        .ok()
        .map(|i| &FOLD_TABLE[i])
}

/// The load-folding entry whose memory form is `form` (the inverse of
/// [`fold_entry`] for loads, LLVM's unfolding table): the register form
/// and the descriptor operand the load was folded into.
pub fn unfold_entry(form: Opcode) -> Option<&'static FoldEntry> {
    UNFOLD_TABLE
        .binary_search_by(|&k| FOLD_TABLE[k as usize].mem_form.cmp(&form))
        .ok()
        .map(|i| &FOLD_TABLE[UNFOLD_TABLE[i] as usize])
}

/// One instruction form.
#[derive(Debug)]
pub struct InstDesc {
    /// LLVM-style form name (`ADD32ri8`).
    pub name: &'static str,
    /// AT&T mnemonic; may contain `{cc}` or `{fcc}`.
    pub mnemonic: &'static str,
    /// Intel-syntax mnemonic (derived, or `intel=` in the row).
    pub intel: &'static str,
    /// How many slots are MCInst operands (not fixed or literal).
    pub num_mc_operands: u8,
    /// Operand slots, Intel order.
    pub operands: &'static [OperandInfo],
    /// Opcode bytes after the map escape.
    pub opcode: &'static [u8],
    pub map: OpMap,
    pub prefix: Prefix,
    pub form: Form,
    /// [`enc`] flags.
    pub enc: u16,
    /// [`iflag`] flags.
    pub flags: u32,
    pub implicit_defs: &'static [Reg],
    pub implicit_uses: &'static [Reg],
    /// The rel32 form of a rel8 branch (`Opcode(u16::MAX)` if none).
    pub relax_to: Opcode,
    /// The by-one form of a shift by immediate (`Opcode(u16::MAX)` if none).
    pub imm1_form: Opcode,
    pub feature: Feature,
    /// The description section the row is in (for tests and docs).
    pub group: &'static str,
}

impl InstDesc {
    /// Whether [`iflag`] `f` is set.
    pub fn has(&self, f: u32) -> bool {
        self.flags & f != 0
    }

    /// Whether [`enc`] flag `f` is set.
    pub fn has_enc(&self, f: u16) -> bool {
        self.enc & f != 0
    }

    /// The MCInst operand slots (fixed and literal slots removed).
    pub fn mc_operands(&self) -> impl Iterator<Item = &'static OperandInfo> + use<> {
        let ops: &'static [OperandInfo] = self.operands;
        ops.iter().filter(|o| o.kind.is_mc_operand())
    }

    /// The rel32 form this rel8 form relaxes to.
    pub fn relaxed(&self) -> Option<Opcode> {
        (self.relax_to.0 != u16::MAX).then_some(self.relax_to)
    }
}

include!(concat!(env!("OUT_DIR"), "/x86_64_gen.rs"));

/// Sub-register indices (positions in [`RegInfo::subregs`]).
pub mod subreg {
    /// The low byte (AL of RAX).
    pub const SUB_8BIT: usize = 0;
    /// The high byte (AH of RAX); only RAX..RBX families have one.
    pub const SUB_8BIT_HI: usize = 1;
    /// The low 16 bits.
    pub const SUB_16BIT: usize = 2;
    /// The low 32 bits.
    pub const SUB_32BIT: usize = 3;
    /// The XMM half of a YMM register.
    pub const SUB_XMM: usize = 4;
}

/// The sub-register of `r` at index `idx` (see [`subreg`]), if any.
pub fn sub_reg(r: Reg, idx: usize) -> Option<Reg> {
    let s = *reg_info(r).subregs.get(idx)?;
    (s != 0).then_some(Reg(s))
}

/// The register of which `r` is the sub-register at `idx`, if any
/// (`super_reg(EAX, SUB_32BIT) == Some(RAX)`).
pub fn super_reg(r: Reg, idx: usize) -> Option<Reg> {
    REG_INFO
        .iter()
        .position(|i| i.subregs.get(idx) == Some(&r.0))
        .map(|i| Reg(i as u16))
}

/// Whether `a` and `b` overlap.
pub fn regs_alias(a: Reg, b: Reg) -> bool {
    aliases(a).contains(&b.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sub_registers_and_aliases() {
        assert_eq!(sub_reg(regs::RAX, subreg::SUB_32BIT), Some(regs::EAX));
        assert_eq!(sub_reg(regs::RAX, subreg::SUB_8BIT_HI), Some(regs::AH));
        assert_eq!(sub_reg(regs::R8, subreg::SUB_8BIT), Some(regs::R8B));
        assert_eq!(sub_reg(regs::RSI, subreg::SUB_8BIT_HI), None);
        assert_eq!(sub_reg(regs::YMM3, subreg::SUB_XMM), Some(regs::XMM3));
        assert_eq!(super_reg(regs::EAX, subreg::SUB_32BIT), Some(regs::RAX));
        assert!(regs_alias(regs::AX, regs::AH));
        assert!(regs_alias(regs::AL, regs::RAX));
        assert!(!regs_alias(regs::AL, regs::AH));
        assert!(regs_alias(regs::YMM9, regs::XMM9));
        assert!(!regs_alias(regs::RAX, regs::RCX));
    }

    #[test]
    fn rex_flags_and_classes() {
        assert!(reg_info(regs::SIL).flags.has(RegFlags::NEEDS_REX));
        assert!(reg_info(regs::BH).flags.has(RegFlags::NO_REX));
        assert!(reg_info(regs::R13D).flags.has(RegFlags::EXT));
        assert!(!reg_info(regs::EDI).flags.has(RegFlags::EXT));
        assert!(class::GR64.contains(regs::R15));
        assert!(!class::GR64.contains(regs::RIP));
        assert!(class::GR8_NOREX.contains(regs::AH) && !class::GR8_NOREX.contains(regs::SIL));
        assert_eq!(class::GR64.info().spill_size, 8);
        assert_eq!(class::GR64.info().members[0], regs::RAX);
        assert_eq!(class::VR128.info().members.len(), 16);
        assert_eq!(reg_by_asm_name("st(3)"), Some(regs::ST3));
    }

    #[test]
    fn pseudos_describe_but_never_encode() {
        let d = op::TLS_addr64.desc().expect("valid");
        assert_eq!(d.form, Form::Pseudo);
        assert!(d.has(iflag::CALL) && d.implicit_defs.contains(&regs::RAX));
        assert!(MATCH_TABLE.iter().all(|(m, _)| *m != d.mnemonic));
        let inst = rcc_mc::MCInst::new(op::TLS_base_addr64.0);
        let e = crate::x86_64::encode(&inst, &mut Vec::new(), &mut Vec::new()).unwrap_err();
        assert!(e.to_string().contains("pseudo"), "{e}");
    }

    #[test]
    fn descriptors_derive_memory_flags() {
        let d = op::ADD32mr.desc().expect("valid");
        assert!(d.has(iflag::MAY_LOAD) && d.has(iflag::MAY_STORE));
        let d = op::MOV32rm.desc().expect("valid");
        assert!(d.has(iflag::MAY_LOAD) && !d.has(iflag::MAY_STORE));
        assert!(!op::LEA64r.desc().expect("valid").has(iflag::MAY_LOAD));
        assert_eq!(op::JMP_1.desc().and_then(|d| d.relaxed()), Some(op::JMP_4));
        assert!(op::ADD32rr
            .desc()
            .expect("valid")
            .implicit_defs
            .contains(&regs::EFLAGS));
        assert!(op::RET64
            .desc()
            .expect("valid")
            .has(iflag::RETURN | iflag::BARRIER));
    }
}
