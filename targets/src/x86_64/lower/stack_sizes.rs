//! The `.stack_sizes` entry of a function (llc's `-stack-size-section`,
//! `AsmPrinter::emitStackSizeSection`): the address of the function's
//! begin label `.Lfunc_begin<F>` (8 bytes) and, as ULEB128, the bytes its
//! prologue allocates below the return address (LLVM's `StackSize`: pushes
//! and the stack-pointer adjustment). Functions with dynamic allocas get no
//! entry (but, as every function with the option, the label).
//!
//! The section is `.stack_sizes` with `SHF_LINK_ORDER`, linked to the
//! function's section and in its COMDAT group: one per code section, as
//! llc's `getStackSizesSection` makes it.

use super::{EmitContext, EmitError, FnEmitter};
use rcc_mach::symbols::func_begin_label;
use rcc_mach::MachFunction;
use rcc_mc::section::{shf, sht};
use rcc_mc::{SectionId, Streamer, VariantKind};

/// Whether `mf` gets a `.stack_sizes` entry. (Every function gets the
/// begin label with the option, as in llc.)
fn wanted(mf: &MachFunction, cx: EmitContext<'_>) -> bool {
    cx.emitter.options().stack_size_section && !mf.frame.has_var_sized
}

/// Emits `mf`'s entry, if it gets one, and switches back to `text`, the
/// function's section.
pub fn emit_stack_size(
    mf: &MachFunction,
    cx: EmitContext<'_>,
    text: SectionId,
    s: &mut dyn Streamer,
) -> Result<(), EmitError> {
    if !wanted(mf, cx) {
        return Ok(());
    }
    let e = FnEmitter::new(cx, mf);
    let (group, unique) = {
        let t = &s.ctx().sections[text];
        (t.group.expand(), t.unique)
    };
    let flags = shf::LINK_ORDER | if group.is_some() { shf::GROUP } else { 0 };
    let sec = s.ctx().section_linked(
        ".stack_sizes",
        sht::PROGBITS,
        flags,
        0,
        group,
        unique,
        Some(text),
    );
    s.switch_section(sec);
    let begin = s.ctx().symbol(&func_begin_label(cx.fn_number));
    let addr = s.ctx().sym_ref(begin, VariantKind::None);
    s.emit_value(addr, 8).map_err(|x| e.mc(x))?;
    let mut size = Vec::new();
    rcc_mc::leb::uleb(&mut size, mf.frame.stack_size);
    s.emit_bytes(&size).map_err(|x| e.mc(x))?;
    s.switch_section(text);
    Ok(())
}
