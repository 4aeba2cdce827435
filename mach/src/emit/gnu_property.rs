//! The `.note.gnu.property` section of a module compiled with
//! `-fcf-protection` (X86AsmPrinter's `emitStartOfAsmFile` for ELF): one
//! `NT_GNU_PROPERTY_TYPE_0` note "GNU" holding a
//! `GNU_PROPERTY_X86_FEATURE_1_AND` property whose bits are IBT when the
//! module flag `cf-protection-branch` is present and SHSTK when
//! `cf-protection-return` is, 8-byte aligned and padded, emitted right
//! after the initial `.text` as llc does. No flag, no section.

use super::{EmitResult, ModuleEmitter};
use rcc_mc::section::{shf, sht};
use rcc_mc::Streamer;

const NT_GNU_PROPERTY_TYPE_0: i64 = 5;
const GNU_PROPERTY_X86_FEATURE_1_AND: i64 = 0xc000_0002;
const FEATURE_1_IBT: i64 = 1;
const FEATURE_1_SHSTK: i64 = 2;

/// The feature bits the module's flags ask for (0: none).
pub fn cet_features(m: &rcc_ir::Module) -> i64 {
    let mut bits = 0;
    if m.module_flag("cf-protection-branch").is_some() {
        bits |= FEATURE_1_IBT;
    }
    if m.module_flag("cf-protection-return").is_some() {
        bits |= FEATURE_1_SHSTK;
    }
    bits
}

/// Emits the note when the module asks for CET, then switches back to the
/// section that was current (`text`).
pub(super) fn emit(
    em: &ModuleEmitter<'_>,
    text: rcc_mc::SectionId,
    out: &mut dyn Streamer,
) -> EmitResult<()> {
    let bits = cet_features(em.m);
    if bits == 0 {
        return Ok(());
    }
    let mc = |e| super::module_error(super::ErrorKind::Mc(e));
    let sec = out
        .ctx()
        .section_unique(".note.gnu.property", sht::NOTE, shf::ALLOC, 0, None, None);
    out.switch_section(sec);
    out.emit_align(8, Some(0), u64::MAX).map_err(mc)?;
    // Name size ("GNU\0"), descriptor size (one 8 + 8-byte property), type.
    for v in [4, 16, NT_GNU_PROPERTY_TYPE_0] {
        let e = out.ctx().exprs.constant(v);
        out.emit_value(e, 4).map_err(mc)?;
    }
    out.emit_bytes(b"GNU\0").map_err(mc)?;
    for v in [GNU_PROPERTY_X86_FEATURE_1_AND, 4, bits] {
        let e = out.ctx().exprs.constant(v);
        out.emit_value(e, 4).map_err(mc)?;
    }
    out.emit_align(8, Some(0), u64::MAX).map_err(mc)?;
    out.switch_section(text);
    Ok(())
}
