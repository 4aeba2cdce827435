//! The interface a target implements for the MC layer.

use crate::expr::{ExprWriter, VariantKind};
use crate::fixup::{Fixup, FixupKind};
use crate::inst::MCInst;

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

    /// The ELF relocation type for a fixup kind and symbol variant.
    fn reloc_type(&self, kind: FixupKind, variant: VariantKind) -> Result<u32, String>;

    /// Whether relocations of this type must name the symbol itself rather
    /// than its section (GOT and TLS relocations).
    fn reloc_needs_symbol(&self, reloc_type: u32) -> bool;

    /// Whether the relocation type refers to a thread-local symbol (such a
    /// symbol gets `STT_TLS` even when undefined).
    fn reloc_is_tls(&self, reloc_type: u32) -> bool;

    /// `e_machine`.
    fn elf_machine(&self) -> u16;
}
