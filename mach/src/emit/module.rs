//! File-level directives: what llc writes before the first function
//! (`.text`, the CET `.note.gnu.property` (`gnu_property`), `.file
//! "<basename of source_filename>"`) and after the last
//! global (`.ident` per `!llvm.ident` entry, `.note.GNU-stack`, and with
//! `-addrsig` the `.addrsig` table).
//!
//! The MC layer adds nothing on its own: `.note.GNU-stack` exists only
//! because [`finish`] switches to it.

use super::sections::gnu_stack_section;
use super::{module_error, EmitResult, ErrorKind, ModuleEmitter};
use rcc_ir::constant::ConstKind;
use rcc_ir::entity::EntityId;
use rcc_ir::metadata::MdElem;
use rcc_ir::module::{DllStorage, GlobalKind, Module, ThreadLocal, UnnamedAddr};
use rcc_ir::span::name_bytes;
use rcc_ir::value::{Value, ValueTag};
use rcc_mc::Streamer;

pub(super) fn begin(em: &ModuleEmitter<'_>, out: &mut dyn Streamer) -> EmitResult<()> {
    let m = em.m;
    let text = out.ctx().text();
    out.switch_section(text);
    super::gnu_property::emit(em, text, out)?;
    let name = match m.source_filename {
        Some(s) => String::from_utf8_lossy(&name_bytes(m.str(s))).into_owned(),
        None => m.file.clone(),
    };
    let base = name.rsplit('/').next().unwrap_or(&name);
    out.emit_file(base);
    module_asm(em, out)
}

/// `module asm` lines, joined with newlines and assembled after `.file`
/// (llc's place), between llc's comments; the section is `.text` again
/// afterwards, whatever the asm switched to.
fn module_asm(em: &ModuleEmitter<'_>, out: &mut dyn Streamer) -> EmitResult<()> {
    let m = em.m;
    if m.module_asm.is_empty() {
        return Ok(());
    }
    let mut src = String::new();
    for &s in &m.module_asm {
        let bytes = name_bytes(m.str(s));
        let line = std::str::from_utf8(&bytes)
            .map_err(|_| module_error(ErrorKind::Invalid("module asm that is not UTF-8".into())))?;
        src.push_str(line);
        src.push('\n');
    }
    let Some(asm) = em.asm else {
        return Err(module_error(ErrorKind::Unsupported(
            "module-level asm without an assembler".into(),
        )));
    };
    out.emit_verbatim(
        "                                        # Start of file scope inline assembly",
    );
    asm.assemble(&src, out)
        .map_err(|e| module_error(ErrorKind::Invalid(format!("in module asm: {e}"))))?;
    out.emit_verbatim("");
    out.emit_verbatim(
        "                                        # End of file scope inline assembly",
    );
    let text = out.ctx().text();
    out.switch_section(text);
    Ok(())
}

pub(super) fn finish(em: &ModuleEmitter<'_>, out: &mut dyn Streamer) -> EmitResult<()> {
    let m = em.m;
    if let Some(nm) = m.named_md.iter().find(|n| m.str(n.name) == "!llvm.ident") {
        for &id in &nm.nodes {
            if let Some(MdElem::String(s)) = m.md_tuple(id).and_then(|t| t.into_iter().next()) {
                out.emit_ident(&String::from_utf8_lossy(&s));
            }
        }
    }
    let sec = gnu_stack_section().open(out);
    out.switch_section(sec);
    if em.opts.addrsig {
        out.emit_addrsig(None);
        let used = used_globals(m);
        let order = [
            |k: &GlobalKind| matches!(k, GlobalKind::Func(_)),
            |k: &GlobalKind| matches!(k, GlobalKind::Var(_)),
            |k: &GlobalKind| matches!(k, GlobalKind::Alias { .. }),
            |k: &GlobalKind| matches!(k, GlobalKind::IFunc { .. }),
        ];
        for is_kind in order {
            for &g in &m.order {
                let gl = &m.globals[g];
                if !is_kind(&gl.kind)
                    || !used[g.index()]
                    || gl.tls != ThreadLocal::None
                    || gl.dll == DllStorage::Import
                    || gl.unnamed_addr != UnnamedAddr::None
                    || name_bytes(m.str(gl.name)).starts_with(b"llvm.")
                {
                    continue;
                }
                let s = em.symbol(g, out);
                out.emit_addrsig(Some(s));
            }
        }
    }
    Ok(())
}

/// Which globals have a use (LLVM's `!use_empty()`): an operand of an
/// instruction or constant of any body, or of the module's constants,
/// initializers, aliases, ifuncs and function prefix/prologue/personality.
fn used_globals(m: &Module) -> Vec<bool> {
    let mut used = vec![false; m.globals.len()];
    let mut mark = |v: Value| {
        if let Some(g) = v.as_entity::<rcc_ir::GlobalId>(ValueTag::Global) {
            used[g.index()] = true;
        }
    };
    let pool_uses = |pool: &rcc_ir::constant::ConstPool, mark: &mut dyn FnMut(Value)| {
        for &v in &pool.elems {
            mark(v);
        }
        for (_, d) in pool.data.iter() {
            match d.kind {
                ConstKind::BlockAddress { func, .. } => mark(func),
                ConstKind::DsoLocalEquivalent(v) | ConstKind::NoCfi(v) => mark(v),
                _ => {}
            }
        }
    };
    pool_uses(&m.consts, &mut mark);
    for b in &m.bodies {
        for &v in &b.operands {
            mark(v);
        }
        pool_uses(&b.consts, &mut mark);
    }
    global_refs(m, &mut mark);
    used
}

/// Calls `mark` on every value the globals themselves refer to: variable
/// initializers, aliasees, ifunc resolvers, and functions' prefix and
/// prologue data and personalities.
pub(crate) fn global_refs(m: &Module, mark: &mut dyn FnMut(Value)) {
    for (_, gl) in m.globals.iter() {
        match &gl.kind {
            GlobalKind::Var(v) => v.init.into_iter().for_each(&mut *mark),
            GlobalKind::Alias { aliasee } => mark(*aliasee),
            GlobalKind::IFunc { resolver } => mark(*resolver),
            GlobalKind::Func(f) => {
                for v in [f.prefix, f.prologue, f.personality].into_iter().flatten() {
                    mark(v);
                }
            }
            GlobalKind::Undefined => {}
        }
    }
}
