//! Sections: ELF type, flags, entry size, alignment and COMDAT group.
//!
//! A section is identified by `(name, group, unique id)`; the context
//! interns them so switching to `.text` twice yields the same [`SectionId`].
//! A unique id (`,unique,N` in assembly) makes a section distinct from
//! others of the same name, as LLVM does for globals whose flags or entry
//! size differ from an existing section's. A `SHF_LINK_ORDER` section also
//! names the section it is linked to, and is distinct for each. Alignment only
//! grows (the maximum of every `.p2align` seen in it).

use crate::expr::SymbolId;
use rcc_ir::entity::PackedOption;
use rcc_ir::entity_id;

entity_id!(
    /// A section owned by the MC context.
    pub struct SectionId,
    "sec"
);

/// ELF section types used by the assembler.
pub mod sht {
    pub const NULL: u32 = 0;
    pub const PROGBITS: u32 = 1;
    pub const SYMTAB: u32 = 2;
    pub const STRTAB: u32 = 3;
    pub const RELA: u32 = 4;
    pub const NOTE: u32 = 7;
    pub const NOBITS: u32 = 8;
    pub const INIT_ARRAY: u32 = 14;
    pub const FINI_ARRAY: u32 = 15;
    pub const PREINIT_ARRAY: u32 = 16;
    pub const GROUP: u32 = 17;
    pub const LLVM_ADDRSIG: u32 = 0x6fff_4c03;
}

/// ELF section flags.
pub mod shf {
    pub const WRITE: u64 = 1;
    pub const ALLOC: u64 = 2;
    pub const EXECINSTR: u64 = 4;
    pub const MERGE: u64 = 0x10;
    pub const STRINGS: u64 = 0x20;
    pub const INFO_LINK: u64 = 0x40;
    pub const LINK_ORDER: u64 = 0x80;
    pub const GROUP: u64 = 0x200;
    pub const TLS: u64 = 0x400;
    pub const EXCLUDE: u64 = 0x8000_0000;
}

/// One output section.
#[derive(Clone, Debug)]
pub struct Section {
    pub name: String,
    pub sh_type: u32,
    pub flags: u64,
    pub entsize: u64,
    /// Alignment in bytes (a power of two, at least 1).
    pub align: u64,
    /// COMDAT group signature symbol, if the section is in a group.
    pub group: PackedOption<SymbolId>,
    /// The `,unique,N` id; `None` for the generic section of this name.
    pub unique: Option<u32>,
    /// With `SHF_LINK_ORDER`: the section this one is linked to (ELF
    /// `sh_link`), such as `.stack_sizes` to the code it describes.
    pub link: PackedOption<SectionId>,
}

impl Section {
    /// Whether the section holds code.
    pub fn is_code(&self) -> bool {
        self.flags & shf::EXECINSTR != 0
    }

    /// Whether the section occupies no file space.
    pub fn is_bss(&self) -> bool {
        self.sh_type == sht::NOBITS
    }

    /// The default type and flags GNU as gives a section from its name,
    /// used when `.section` omits them; `.eh_frame` gets the target's
    /// `unwind` type.
    pub fn defaults_for(name: &str, unwind: u32) -> (u32, u64) {
        let starts = |p: &str| name == p || name.starts_with(&format!("{p}."));
        if starts(".text") {
            (sht::PROGBITS, shf::ALLOC | shf::EXECINSTR)
        } else if starts(".bss") || starts(".sbss") {
            (sht::NOBITS, shf::ALLOC | shf::WRITE)
        } else if starts(".tbss") {
            (sht::NOBITS, shf::ALLOC | shf::WRITE | shf::TLS)
        } else if starts(".tdata") {
            (sht::PROGBITS, shf::ALLOC | shf::WRITE | shf::TLS)
        } else if starts(".data") || starts(".data.rel.ro") {
            (sht::PROGBITS, shf::ALLOC | shf::WRITE)
        } else if starts(".rodata") {
            (sht::PROGBITS, shf::ALLOC)
        } else if starts(".init_array") {
            (sht::INIT_ARRAY, shf::ALLOC | shf::WRITE)
        } else if starts(".fini_array") {
            (sht::FINI_ARRAY, shf::ALLOC | shf::WRITE)
        } else if starts(".preinit_array") {
            (sht::PREINIT_ARRAY, shf::ALLOC | shf::WRITE)
        } else if name.starts_with(".note") {
            (sht::NOTE, 0)
        } else if name == ".eh_frame" {
            (unwind, shf::ALLOC)
        } else {
            (sht::PROGBITS, 0)
        }
    }
}
