//! Function headers and trailers (`AsmPrinter::emitFunctionHeader` and the
//! end of `emitFunctionBody`), for the target's function emitter to call
//! around a body:
//!
//! ```text
//! begin_function:  section (.text, .text.<name> in a comdat group, or the
//!                  explicit section), .hidden/.protected, .globl/.weak,
//!                  .p2align 4, 0x90 (none under optsize), .type @function,
//!                  prefix data, the label, .L<name>$local, prologue data
//! ... body, CFI ...
//! end_function:    .Lfunc_endN:  .size f, .Lfunc_endN-f
//! ... .cfi_endproc (after end_function, as llc does)
//! ```
//!
//! `N` is the function's ordinal among emitted functions in module order,
//! so per-function output does not depend on which worker emitted it.

use super::classify::Kind;
use super::{EmitResult, ModuleEmitter};
use rcc_ir::module::{GlobalId, GlobalKind, Linkage};
use rcc_mc::{BinOp, Expr, SectionId, Streamer, SymbolAttr, SymbolId, SymbolType};

/// The symbols of a function being emitted, from
/// [`ModuleEmitter::begin_function`].
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct FunctionSymbols {
    pub global: GlobalId,
    /// The entry label.
    pub sym: SymbolId,
    /// The `.L<name>$local` entry alias, when llc emits one (PIC, not PIE,
    /// `dso_local`); code should call through [`FunctionSymbols::callee`].
    pub local: Option<SymbolId>,
    /// `.Lfunc_endN`, defined by [`ModuleEmitter::end_function`].
    pub end: SymbolId,
    /// The section the body goes in.
    pub section: SectionId,
}

impl FunctionSymbols {
    /// The symbol for references from within the module.
    pub fn callee(&self) -> SymbolId {
        self.local.unwrap_or(self.sym)
    }
}

pub(super) fn begin(
    em: &ModuleEmitter<'_>,
    g: GlobalId,
    out: &mut dyn Streamer,
) -> EmitResult<FunctionSymbols> {
    let m = em.m;
    let gl = &m.globals[g];
    let GlobalKind::Func(decl) = &gl.kind else {
        return Err(em.invalid(g, "not a function"));
    };
    let Some(ordinal) = em.syms.ordinal(g) else {
        return Err(em.invalid(
            g,
            "only defined functions without available_externally linkage are emitted",
        ));
    };
    // Not implemented yet, and never silently ignored: nop sleds and
    // `__patchable_function_entries`, `callq __fentry__`, and the stack
    // protector's guard (LLVM's StackProtector).
    for attr in [
        "patchable-function-prefix",
        "patchable-function-entry",
        "fentry-call",
    ] {
        if em.fn_has_str_attr(g, attr) {
            return Err(em.unsupported(g, format!("\"{attr}\"")));
        }
    }
    for attr in ["ssp", "sspstrong", "sspreq"] {
        if em.fn_has_word_attr(g, attr) {
            return Err(em.unsupported(g, format!("stack protector ({attr})")));
        }
    }
    for md in ["!func_sanitize", "!kcfi_type"] {
        if em.has_md(g, md) {
            return Err(em.unsupported(g, format!("{md} metadata")));
        }
    }
    let mc = em.mc(g);
    let section = em.section_for(g, Kind::Text)?.open(out);
    out.switch_section(section);
    let sym = em.symbol(g, out);
    em.emit_visibility(g, sym, gl.visibility, out)?;
    em.emit_linkage(g, sym, out)?;
    let align = em.function_align(g);
    if align > 1 {
        out.emit_align(align, Some(0x90), u64::MAX).map_err(&mc)?;
    }
    out.emit_symbol_attr(sym, SymbolAttr::Type(SymbolType::Func))
        .map_err(&mc)?;
    if let Some(p) = decl.prefix {
        em.emit_constant(g, p, out)?;
    }
    out.emit_label(sym).map_err(&mc)?;
    let local = match em.syms.local_alias_name(m, g) {
        Some(n) => {
            let l = out.ctx().symbol(&n);
            out.emit_label(l).map_err(&mc)?;
            out.emit_symbol_attr(l, SymbolAttr::Type(SymbolType::Func))
                .map_err(&mc)?;
            Some(l)
        }
        None => None,
    };
    if let Some(p) = decl.prologue {
        em.emit_constant(g, p, out)?;
    }
    debug_assert!(gl.linkage != Linkage::AvailableExternally);
    let end = out.ctx().symbol(&crate::symbols::func_end_label(ordinal));
    Ok(FunctionSymbols {
        global: g,
        sym,
        local,
        end,
        section,
    })
}

pub(super) fn end(
    em: &ModuleEmitter<'_>,
    f: &FunctionSymbols,
    out: &mut dyn Streamer,
) -> EmitResult<()> {
    let mc = em.mc(f.global);
    out.emit_label(f.end).map_err(&mc)?;
    let a = out.ctx().sym_ref(f.end, rcc_mc::VariantKind::None);
    let b = out.ctx().sym_ref(f.sym, rcc_mc::VariantKind::None);
    let size = out.ctx().expr(Expr::Binary(BinOp::Sub, a, b));
    out.emit_size(f.sym, size).map_err(&mc)?;
    if let Some(l) = f.local {
        out.emit_size(l, size).map_err(mc)?;
    }
    Ok(())
}
