//! The module-level words PIC unwind information reaches through (llc's
//! ELF `TargetLoweringObjectFile`): for every type info a PIC exception
//! table names, an indirection word `.L<ti>.DW.stub` in `.data`; for every
//! personality, a hidden weak `DW.ref.<personality>` word in a COMDAT
//! group of its own.
//!
//! Emitted once, after the globals, from the [`ExceptionRefs`] of every
//! function: stubs sorted by name, personalities in order of first use
//! (llc's order), so the output does not depend on which worker compiled
//! which function.

use super::ModuleEmitter;
use crate::eh::ExceptionRefs;
use crate::symbols::type_info_stub;
use rcc_ir::GlobalId;
use rcc_mc::section::{shf, sht};
use rcc_mc::{McError, Streamer, SymbolAttr, SymbolType, VariantKind};

impl ModuleEmitter<'_> {
    /// Emits the stubs and personality words `refs` ask for (pointer-sized
    /// words of the module's data layout).
    pub fn emit_exception_words<'r>(
        &self,
        refs: impl Iterator<Item = &'r ExceptionRefs> + Clone,
        s: &mut dyn Streamer,
    ) -> Result<(), McError> {
        let word = self.dl.ptr_size as u8;
        let mut stubs: Vec<(String, GlobalId)> = refs
            .clone()
            .flat_map(|r| r.type_infos.iter())
            .map(|&g| (type_info_stub(self.symbol_name(g)), g))
            .collect();
        stubs.sort();
        stubs.dedup();
        if !stubs.is_empty() {
            let data = s.ctx().default_section(".data");
            s.switch_section(data);
            s.emit_align(word as u64, Some(0), u64::MAX)?;
            for (name, g) in &stubs {
                let l = s.ctx().symbol(name);
                s.emit_label(l)?;
                let sym = self.symbol(*g, s);
                let r = s.ctx().sym_ref(sym, VariantKind::None);
                s.emit_value(r, word)?;
            }
        }
        let mut pers: Vec<GlobalId> = Vec::new();
        for p in refs.filter_map(|r| r.personality) {
            if !pers.contains(&p) {
                pers.push(p);
            }
        }
        for p in pers {
            let name = format!("DW.ref.{}", self.symbol_name(p));
            let l = s.ctx().symbol(&name);
            s.emit_symbol_attr(l, SymbolAttr::Hidden)?;
            s.emit_symbol_attr(l, SymbolAttr::Weak)?;
            let sec = s.ctx().section(
                &format!(".data.{name}"),
                sht::PROGBITS,
                shf::WRITE | shf::ALLOC | shf::GROUP,
                0,
                Some(l),
            );
            s.switch_section(sec);
            s.emit_align(word as u64, Some(0), u64::MAX)?;
            s.emit_symbol_attr(l, SymbolAttr::Type(SymbolType::Object))?;
            let size = s.ctx().expr(rcc_mc::Expr::Constant(word as i64));
            s.emit_size(l, size)?;
            s.emit_label(l)?;
            let sym = self.symbol(p, s);
            let r = s.ctx().sym_ref(sym, VariantKind::None);
            s.emit_value(r, word)?;
        }
        Ok(())
    }
}
