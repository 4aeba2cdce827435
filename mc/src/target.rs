//! The interface a target implements for the MC layer.
//!
//! Everything target-specific the streamers and the object writer need
//! comes through [`TargetBackend`]: encoding and printing, relaxation,
//! padding, the target's fixup kinds and their ELF relocations, the
//! `.eh_frame` conventions ([`CfiInfo`], the unwind section type) and the
//! ELF machine.

use crate::expr::{ExprWriter, VariantKind};
use crate::fixup::{Fixup, FixupInfo, FixupKind};
use crate::inst::MCInst;

/// A target's call-frame conventions, as the `.eh_frame` writer needs them
/// for its CIEs and FDEs.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct CfiInfo {
    /// The DWARF register number of the return-address column.
    pub return_address_reg: u16,
    /// The initial CFA rule: DWARF register and offset.
    pub cfa_reg: u16,
    pub cfa_offset: i64,
    /// Where the return address is saved, as an offset from the CFA.
    pub return_address_offset: i64,
    /// The data alignment factor (offsets in rules are multiples of it).
    pub data_align: i64,
    /// The fixup of an absolute signed 4-byte pointer (`DW_EH_PE_sdata4`).
    pub sdata4_fixup: FixupKind,
}

/// Target hooks used by the streamers and the object writer.
pub trait TargetBackend: Sync {
    /// Encodes `inst`, appending bytes and fixups (offsets relative to the
    /// instruction start). On error nothing is appended.
    fn encode(
        &self,
        inst: &MCInst,
        out: &mut Vec<u8>,
        fixups: &mut Vec<Fixup>,
    ) -> Result<(), String>;

    /// Whether `inst` is a prefix written as its own instruction (`lock`,
    /// `rep`), which the assembly printer joins with the next instruction.
    fn is_prefix(&self, inst: &MCInst) -> bool;

    /// The relaxed (larger-range) form of `inst`, if it has one.
    fn relax(&self, inst: &MCInst) -> Option<MCInst>;

    /// Appends `n` bytes of padding that execute as no-ops.
    fn write_nops(&self, n: u64, out: &mut Vec<u8>);

    /// Prints `inst` as assembly (`mnemonic\toperands`).
    fn print_inst(
        &self,
        inst: &MCInst,
        exprs: &dyn ExprWriter,
        out: &mut String,
    ) -> Result<(), String>;

    /// Comments the printer attaches to `inst` (llvm-mc's `imm = 0x3E8`),
    /// appended to `out` one per line without the `# `.
    fn inst_comments(&self, inst: &MCInst, out: &mut Vec<String>);

    /// Prints `inst` in Intel syntax (`mnemonic\toperands`).
    fn print_inst_intel(
        &self,
        inst: &MCInst,
        exprs: &dyn ExprWriter,
        out: &mut String,
    ) -> Result<(), String>;

    /// The assembly name (without `%`) of DWARF register `n`, for CFI text.
    fn dwarf_reg_name(&self, n: u16) -> Option<&'static str>;

    /// Width, PC-relativity and name of one of the target's own fixup kinds
    /// (at or above [`FixupKind::FIRST_TARGET`]; see [`FixupKind::info`]).
    fn fixup_info(&self, kind: FixupKind) -> FixupInfo;

    /// The ELF relocation type for a fixup kind and symbol variant.
    fn reloc_type(&self, kind: FixupKind, variant: VariantKind) -> Result<u32, String>;

    /// Whether relocations of this type must name the symbol itself rather
    /// than its section (GOT and TLS relocations).
    fn reloc_needs_symbol(&self, reloc_type: u32) -> bool;

    /// Whether the relocation type refers to a thread-local symbol (such a
    /// symbol gets `STT_TLS` even when undefined).
    fn reloc_is_tls(&self, reloc_type: u32) -> bool;

    /// The call-frame conventions of `.eh_frame`.
    fn cfi_info(&self) -> CfiInfo;

    /// The ELF section type of `.eh_frame` (and of `@unwind` in assembly).
    fn unwind_section_type(&self) -> u32;

    /// `e_machine`.
    fn elf_machine(&self) -> u16;
}
