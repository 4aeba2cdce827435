//! The x86-64 implementation of the MC layer's [`TargetBackend`]: encoding,
//! printing, branch relaxation, padding no-ops, ELF relocation types and
//! the `.eh_frame` conventions.

use super::desc::Opcode;
use super::fixup::{
    BRANCH_4BYTE_PCREL, RIPREL_4BYTE, RIPREL_4BYTE_RELAX, RIPREL_4BYTE_RELAX_REX, SIGNED_4BYTE,
};
use super::{encoder, opt, printer};
use rcc_mc::{
    CfiInfo, ExprWriter, Fixup, FixupInfo, FixupKind, MCInst, TargetBackend, VariantKind,
};

/// x86-64 ELF relocation types.
pub mod reloc {
    pub const R_X86_64_64: u32 = 1;
    pub const R_X86_64_PC32: u32 = 2;
    pub const R_X86_64_GOT32: u32 = 3;
    pub const R_X86_64_PLT32: u32 = 4;
    pub const R_X86_64_GOTPCREL: u32 = 9;
    pub const R_X86_64_32: u32 = 10;
    pub const R_X86_64_32S: u32 = 11;
    pub const R_X86_64_16: u32 = 12;
    pub const R_X86_64_PC16: u32 = 13;
    pub const R_X86_64_8: u32 = 14;
    pub const R_X86_64_PC8: u32 = 15;
    pub const R_X86_64_DTPOFF64: u32 = 17;
    pub const R_X86_64_TLSGD: u32 = 19;
    pub const R_X86_64_TLSLD: u32 = 20;
    pub const R_X86_64_DTPOFF32: u32 = 21;
    pub const R_X86_64_GOTTPOFF: u32 = 22;
    pub const R_X86_64_TPOFF32: u32 = 23;
    pub const R_X86_64_PC64: u32 = 24;
    pub const R_X86_64_GOTOFF64: u32 = 25;
    pub const R_X86_64_TPOFF64: u32 = 18;
    pub const R_X86_64_GOTPCRELX: u32 = 41;
    pub const R_X86_64_REX_GOTPCRELX: u32 = 42;
}

/// `SHT_X86_64_UNWIND`, the type of `.eh_frame`.
pub const UNWIND_SECTION_TYPE: u32 = 0x7000_0001;

/// The x86-64 target backend.
#[derive(Copy, Clone, Debug, Default)]
pub struct X86Backend;

/// The longest single no-op instruction used for padding.
const MAX_NOP: u64 = 15;

impl TargetBackend for X86Backend {
    fn encode(
        &self,
        inst: &MCInst,
        out: &mut Vec<u8>,
        fixups: &mut Vec<Fixup>,
    ) -> Result<(), String> {
        encoder::encode(inst, out, fixups).map_err(|e| e.to_string())
    }

    fn is_prefix(&self, inst: &MCInst) -> bool {
        Opcode(inst.opcode)
            .desc()
            .is_some_and(|d| d.has(super::desc::iflag::PREFIX))
    }

    fn relax(&self, inst: &MCInst) -> Option<MCInst> {
        let to = Opcode(inst.opcode).desc()?.relaxed()?;
        let mut r = *inst;
        r.opcode = to.0;
        Some(r)
    }

    fn write_nops(&self, mut n: u64, out: &mut Vec<u8>) {
        const NOPS: [&[u8]; 10] = [
            &[0x90],
            &[0x66, 0x90],
            &[0x0f, 0x1f, 0x00],
            &[0x0f, 0x1f, 0x40, 0x00],
            &[0x0f, 0x1f, 0x44, 0x00, 0x00],
            &[0x66, 0x0f, 0x1f, 0x44, 0x00, 0x00],
            &[0x0f, 0x1f, 0x80, 0x00, 0x00, 0x00, 0x00],
            &[0x0f, 0x1f, 0x84, 0x00, 0x00, 0x00, 0x00, 0x00],
            &[0x66, 0x0f, 0x1f, 0x84, 0x00, 0x00, 0x00, 0x00, 0x00],
            &[0x66, 0x2e, 0x0f, 0x1f, 0x84, 0x00, 0x00, 0x00, 0x00, 0x00],
        ];
        while n > 0 {
            let len = n.min(MAX_NOP);
            let base = len.min(10);
            out.extend(std::iter::repeat_n(0x66, (len - base) as usize));
            out.extend_from_slice(NOPS[base as usize - 1]);
            n -= len;
        }
    }

    fn print_inst(
        &self,
        inst: &MCInst,
        exprs: &dyn ExprWriter,
        out: &mut String,
    ) -> Result<(), String> {
        printer::print_inst(inst, exprs, out).map_err(|e| e.to_string())
    }

    fn inst_comments(&self, inst: &MCInst, out: &mut Vec<String>) {
        printer::imm_comments(inst, out)
    }

    fn print_inst_intel(
        &self,
        inst: &MCInst,
        exprs: &dyn ExprWriter,
        out: &mut String,
    ) -> Result<(), String> {
        super::intel_printer::print_inst_intel(inst, exprs, out).map_err(|e| e.to_string())
    }

    fn dwarf_reg_name(&self, n: u16) -> Option<&'static str> {
        super::desc::reg_by_dwarf(n).map(|r| super::desc::reg_info(r).asm)
    }

    fn fixup_info(&self, kind: FixupKind) -> FixupInfo {
        super::fixup::info(kind)
    }

    fn reloc_type(&self, kind: FixupKind, variant: VariantKind) -> Result<u32, String> {
        use reloc::*;
        use FixupKind as K;
        use VariantKind as V;
        let bad = || {
            Err(format!(
                "unsupported relocation: {} with @{}",
                super::fixup::info(kind).name,
                variant.name()
            ))
        };
        Ok(match (kind, variant) {
            (K::ABS64, V::None) => R_X86_64_64,
            (K::ABS64, V::DtpOff) => R_X86_64_DTPOFF64,
            (K::ABS64, V::TpOff) => R_X86_64_TPOFF64,
            (K::ABS64, V::GotOff) => R_X86_64_GOTOFF64,
            (K::ABS32, V::None) => R_X86_64_32,
            (SIGNED_4BYTE, V::None) => R_X86_64_32S,
            (K::ABS32 | SIGNED_4BYTE, V::TpOff) => R_X86_64_TPOFF32,
            (K::ABS32 | SIGNED_4BYTE, V::DtpOff) => R_X86_64_DTPOFF32,
            (K::ABS32 | SIGNED_4BYTE, V::Got) => R_X86_64_GOT32,
            (K::ABS16, V::None) => R_X86_64_16,
            (K::ABS8, V::None) => R_X86_64_8,
            (K::PCREL8, V::None) => R_X86_64_PC8,
            (K::PCREL64, V::None) => R_X86_64_PC64,
            (BRANCH_4BYTE_PCREL, V::None | V::Plt) => R_X86_64_PLT32,
            (K::PCREL32 | RIPREL_4BYTE | RIPREL_4BYTE_RELAX | RIPREL_4BYTE_RELAX_REX, V::None) => {
                R_X86_64_PC32
            }
            (K::PCREL32 | RIPREL_4BYTE | RIPREL_4BYTE_RELAX | RIPREL_4BYTE_RELAX_REX, V::Plt) => {
                R_X86_64_PLT32
            }
            (RIPREL_4BYTE_RELAX_REX, V::GotPcRel | V::GotPcRelX) => R_X86_64_REX_GOTPCRELX,
            (RIPREL_4BYTE_RELAX, V::GotPcRel | V::GotPcRelX) => R_X86_64_GOTPCRELX,
            (K::PCREL32 | RIPREL_4BYTE, V::GotPcRel) => R_X86_64_GOTPCREL,
            (
                K::PCREL32 | RIPREL_4BYTE | RIPREL_4BYTE_RELAX | RIPREL_4BYTE_RELAX_REX,
                V::GotTpOff,
            ) => R_X86_64_GOTTPOFF,
            (K::PCREL32 | RIPREL_4BYTE | RIPREL_4BYTE_RELAX | RIPREL_4BYTE_RELAX_REX, V::TlsGd) => {
                R_X86_64_TLSGD
            }
            (K::PCREL32 | RIPREL_4BYTE | RIPREL_4BYTE_RELAX | RIPREL_4BYTE_RELAX_REX, V::TlsLd) => {
                R_X86_64_TLSLD
            }

            _ => return bad(),
        })
    }

    fn reloc_needs_symbol(&self, ty: u32) -> bool {
        use reloc::*;
        matches!(
            ty,
            R_X86_64_GOT32
                | R_X86_64_GOTPCREL
                | R_X86_64_GOTPCRELX
                | R_X86_64_REX_GOTPCRELX
                | R_X86_64_TLSGD
                | R_X86_64_TLSLD
                | R_X86_64_DTPOFF32
                | R_X86_64_DTPOFF64
                | R_X86_64_GOTTPOFF
                | R_X86_64_TPOFF32
                | R_X86_64_TPOFF64
                | R_X86_64_GOTOFF64
        )
    }

    fn reloc_is_tls(&self, ty: u32) -> bool {
        use reloc::*;
        matches!(
            ty,
            R_X86_64_DTPOFF64
                | R_X86_64_TPOFF64
                | R_X86_64_TLSGD
                | R_X86_64_TLSLD
                | R_X86_64_DTPOFF32
                | R_X86_64_GOTTPOFF
                | R_X86_64_TPOFF32
        )
    }

    fn cfi_info(&self) -> CfiInfo {
        // DWARF 16 is the return address, 7 is %rsp; `call` pushed the
        // return address just below the caller's stack pointer.
        CfiInfo {
            return_address_reg: 16,
            cfa_reg: 7,
            cfa_offset: 8,
            return_address_offset: -8,
            data_align: -8,
            sdata4_fixup: SIGNED_4BYTE,
        }
    }

    fn unwind_section_type(&self) -> u32 {
        UNWIND_SECTION_TYPE
    }

    fn elf_machine(&self) -> u16 {
        62
    }
}

/// Applies encoding optimizations, then encodes (what emission should call).
pub fn encode_optimized(
    inst: &MCInst,
    out: &mut Vec<u8>,
    fixups: &mut Vec<Fixup>,
) -> Result<(), encoder::EncodeError> {
    let mut i = *inst;
    opt::optimize_for_encoding(&mut i);
    encoder::encode(&i, out, fixups)
}
