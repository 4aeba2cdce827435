//! Global variables, static constructor tables, aliases and ifuncs, in the
//! order llc-19's `AsmPrinter::doFinalization` emits them after the last
//! function:
//!
//! 1. every global variable in module order (`emitGlobalVariable`), GOT
//!    equivalents (see `gotequiv`) last:
//!    declarations only get their visibility; `llvm.used`, `llvm.metadata`
//!    sections and `available_externally` definitions are not emitted;
//!    `llvm.global_ctors`/`dtors` become `.init_array`/`.fini_array`
//!    entries sorted by priority; `common` globals become `.comm`, local
//!    zero-initialized ones in plain `.bss` `.local` + `.comm`; the rest are
//!    `.type`, section, linkage, `.p2align`, label, initializer, `.size`;
//! 2. the visibility of function declarations;
//! 3. aliases, each after the aliases it refers to, as `.set`;
//! 4. ifuncs;
//! 5. `.weak` for every extern_weak function and variable.

use super::classify::Kind;
use super::sections::structor_section;
use super::symbols::{const_elems, is_declaration, strip_casts};
use super::{EmitResult, ModuleEmitter};
use rcc_ir::constant::{ConstId, ConstKind};
use rcc_ir::entity::EntityId;
use rcc_ir::inst::Opcode;
use rcc_ir::module::{GlobalId, GlobalKind, Linkage, Visibility};
use rcc_ir::types::{Type, TypeLookup};
use rcc_ir::value::{Value, ValueTag};
use rcc_mc::section::shf;
use rcc_mc::{Streamer, SymbolAttr, SymbolId, SymbolType};

/// One entry of a constructor or destructor list.
struct Structor {
    priority: u64,
    func: Value,
    key: Option<GlobalId>,
}

pub(super) fn emit_all(em: &ModuleEmitter<'_>, out: &mut dyn Streamer) -> EmitResult<()> {
    let m = em.m;
    for &g in em.variables_in_emission_order() {
        em.emit_variable(g, out)?;
    }
    for &g in &m.order {
        let gl = &m.globals[g];
        if matches!(gl.kind, GlobalKind::Func(_)) && is_declaration(m, g) {
            let s = em.symbol(g, out);
            em.emit_visibility(g, s, gl.visibility, out)?;
        }
    }
    let mut visited = vec![false; m.globals.len()];
    for &g in &m.order {
        if !matches!(m.globals[g].kind, GlobalKind::Alias { .. })
            || m.globals[g].linkage == Linkage::AvailableExternally
        {
            continue;
        }
        let mut chain = Vec::new();
        let mut cur = Some(g);
        while let Some(a) = cur {
            if visited[a.index()] {
                break;
            }
            visited[a.index()] = true;
            chain.push(a);
            cur = match m.globals[a].kind {
                GlobalKind::Alias { aliasee } => aliasee
                    .as_entity::<GlobalId>(ValueTag::Global)
                    .filter(|&t| matches!(m.globals[t].kind, GlobalKind::Alias { .. })),
                _ => None,
            };
        }
        for &a in chain.iter().rev() {
            em.emit_alias(a, out)?;
        }
    }
    for &g in &m.order {
        if matches!(m.globals[g].kind, GlobalKind::IFunc { .. }) {
            em.emit_ifunc(g, out)?;
        }
    }
    for want_fn in [true, false] {
        for &g in &m.order {
            let gl = &m.globals[g];
            let is_fn = matches!(gl.kind, GlobalKind::Func(_));
            let is_var = matches!(gl.kind, GlobalKind::Var(_));
            if gl.linkage == Linkage::ExternWeak && ((want_fn && is_fn) || (!want_fn && is_var)) {
                let s = em.symbol(g, out);
                out.emit_symbol_attr(s, SymbolAttr::Weak)
                    .map_err(em.mc(g))?;
            }
        }
    }
    Ok(())
}

impl ModuleEmitter<'_> {
    /// `.hidden`/`.protected` for a non-default visibility.
    pub(super) fn emit_visibility(
        &self,
        g: GlobalId,
        s: SymbolId,
        vis: Visibility,
        out: &mut dyn Streamer,
    ) -> EmitResult<()> {
        let attr = match vis {
            Visibility::Default => return Ok(()),
            Visibility::Hidden => SymbolAttr::Hidden,
            Visibility::Protected => SymbolAttr::Protected,
        };
        out.emit_symbol_attr(s, attr).map_err(self.mc(g))
    }

    /// `.globl` for external linkage, `.weak` for the weak and linkonce
    /// kinds, nothing for local linkage (`AsmPrinter::emitLinkage`).
    pub(super) fn emit_linkage(
        &self,
        g: GlobalId,
        s: SymbolId,
        out: &mut dyn Streamer,
    ) -> EmitResult<()> {
        let attr = match self.m.globals[g].linkage {
            Linkage::External => SymbolAttr::Global,
            Linkage::Common
            | Linkage::LinkOnce
            | Linkage::LinkOnceOdr
            | Linkage::Weak
            | Linkage::WeakOdr => SymbolAttr::Weak,
            Linkage::Private | Linkage::Internal => return Ok(()),
            l @ (Linkage::ExternWeak | Linkage::AvailableExternally | Linkage::Appending) => {
                return Err(self.invalid(
                    g,
                    format!("cannot emit a definition with {} linkage", l.name()),
                ))
            }
        };
        out.emit_symbol_attr(s, attr).map_err(self.mc(g))
    }

    /// The global variables in the order llc emits them: module order,
    /// GOT equivalents moved to the end.
    pub(super) fn variables_in_emission_order(&self) -> impl Iterator<Item = &GlobalId> + '_ {
        let is_var = |g: &&GlobalId| matches!(self.m.globals[**g].kind, GlobalKind::Var(_));
        let held = |g: &&GlobalId| self.got_equiv[g.index()];
        let first = self.m.order.iter().filter(is_var).filter(move |g| !held(g));
        let last = self.m.order.iter().filter(is_var).filter(held);
        first.chain(last)
    }

    /// Whether `g` is a GOT equivalent (see `gotequiv`).
    pub(super) fn is_got_equivalent(&self, g: GlobalId) -> bool {
        self.got_equiv[g.index()]
    }

    /// Whether `emit_variable` puts `g` in a section (a definition that is
    /// neither special nor common).
    pub(super) fn emits_in_section(&self, g: GlobalId) -> bool {
        let gl = &self.m.globals[g];
        let GlobalKind::Var(v) = &gl.kind else {
            return false;
        };
        v.init.is_some()
            && !self.is_special(g)
            && gl.linkage != Linkage::Common
            && self.folder().kind_of(g, self.opts.reloc) != Kind::Common
    }

    /// Special variables: not emitted (`is_skipped`) or appending
    /// (`llvm.global_ctors`).
    fn is_special(&self, g: GlobalId) -> bool {
        self.is_skipped(g) || self.m.globals[g].linkage == Linkage::Appending
    }

    /// `llvm.used`, globals in `llvm.metadata` and `available_externally`
    /// definitions, which are not emitted.
    fn is_skipped(&self, g: GlobalId) -> bool {
        let gl = &self.m.globals[g];
        self.syms.name(g) == "llvm.used"
            || gl.section.map(|s| self.m.str(s).trim_matches('"')) == Some("llvm.metadata")
            || gl.linkage == Linkage::AvailableExternally
    }

    fn emit_variable(&self, g: GlobalId, out: &mut dyn Streamer) -> EmitResult<()> {
        let m = self.m;
        let gl = &m.globals[g];
        let GlobalKind::Var(v) = &gl.kind else {
            return Ok(());
        };
        if let Some(init) = v.init {
            let name = self.syms.name(g);
            if self.is_skipped(g) {
                return Ok(());
            }
            if gl.linkage == Linkage::Appending {
                return match name {
                    "llvm.global_ctors" => self.emit_structors(g, init, true, out),
                    "llvm.global_dtors" => self.emit_structors(g, init, false, out),
                    _ => Err(self.invalid(g, "unknown special variable with appending linkage")),
                };
            }
        }
        let sym = self.symbol(g, out);
        self.emit_visibility(g, sym, gl.visibility, out)?;
        let Some(init) = v.init else {
            return Ok(());
        };
        let mc = self.mc(g);
        if self.has_md(g, "!exclude") && gl.section.is_some() {
            return Err(self.unsupported(g, "!exclude metadata"));
        }
        out.emit_symbol_attr(sym, SymbolAttr::Type(SymbolType::Object))
            .map_err(&mc)?;
        let f = self.folder();
        let kind = f.kind_of(g, self.opts.reloc);
        let ty = gl
            .value_ty
            .ok_or_else(|| self.invalid(g, "global variable without a type"))?;
        let size = self.dl.alloc_size(&m.types, ty);
        let align = self.variable_align(g);
        if kind == Kind::Common {
            return out.emit_common(sym, size.max(1), align).map_err(mc);
        }
        let spec = self.section_for(g, kind)?;
        if kind == Kind::BssLocal
            && spec.name == ".bss"
            && spec.group.is_none()
            && spec.flags == shf::ALLOC | shf::WRITE
        {
            out.emit_symbol_attr(sym, SymbolAttr::Local).map_err(&mc)?;
            return out.emit_common(sym, size.max(1), align).map_err(mc);
        }
        let sec = spec.open(out);
        out.switch_section(sec);
        self.emit_linkage(g, sym, out)?;
        if align > 1 {
            out.emit_align(align, Some(0), u64::MAX).map_err(&mc)?;
        }
        out.emit_label(sym).map_err(&mc)?;
        if let Some(local) = self.syms.local_alias_name(m, g) {
            let l = out.ctx().symbol(&local);
            out.emit_label(l).map_err(&mc)?;
        }
        self.emit_constant(g, init, out)?;
        let e = out.ctx().exprs.constant(size as i64);
        out.emit_size(sym, e).map_err(mc)
    }

    /// `llvm.global_ctors`/`llvm.global_dtors`: `{ i32 priority, ptr fn,
    /// ptr key }` entries, stably sorted by priority, each a pointer in its
    /// `.init_array`/`.fini_array` section.
    fn emit_structors(
        &self,
        g: GlobalId,
        init: Value,
        ctor: bool,
        out: &mut dyn Streamer,
    ) -> EmitResult<()> {
        let m = self.m;
        let f = self.folder();
        let Some(c) = init.as_entity::<ConstId>(ValueTag::Const) else {
            return Ok(());
        };
        if !matches!(m.consts.get(c).kind, ConstKind::Aggregate(_)) || f.is_null(init) {
            return Ok(());
        }
        let mut list = Vec::new();
        for &e in m.consts.operands(c) {
            let ops = const_elems(m, e);
            let func = match ops.get(1) {
                Some(&func) if !f.is_null(func) => func,
                _ => break,
            };
            let Some(prio) = f.fold_int(ops[0]) else {
                continue;
            };
            let key = ops
                .get(2)
                .filter(|&&k| !f.is_null(k))
                .and_then(|&k| strip_casts(m, k));
            list.push(Structor {
                priority: prio.val.min(65535) as u64,
                func,
                key,
            });
        }
        list.sort_by_key(|s| s.priority);
        for s in &list {
            let key = match s.key {
                Some(k) if is_declaration(m, k) => continue,
                Some(k) => Some(self.syms.name(k).to_string()),
                None => None,
            };
            let sec = structor_section(ctor, s.priority, key).open(out);
            let changed = out.current_section() != Some(sec);
            out.switch_section(sec);
            if changed {
                let a = self.dl.ptr_pref_align as u64;
                out.emit_align(a, Some(0), u64::MAX).map_err(self.mc(g))?;
            }
            let e = self.lower(g, s.func, out)?;
            out.emit_value(e, self.dl.ptr_size as u8)
                .map_err(self.mc(g))?;
        }
        Ok(())
    }

    /// `.set alias, aliasee` with the alias's linkage, type and visibility.
    fn emit_alias(&self, g: GlobalId, out: &mut dyn Streamer) -> EmitResult<()> {
        let m = self.m;
        let gl = &m.globals[g];
        let GlobalKind::Alias { aliasee } = gl.kind else {
            return Ok(());
        };
        let sym = self.symbol(g, out);
        let mc = self.mc(g);
        let func_ty = gl
            .value_ty
            .is_some_and(|t| matches!(m.types.get(t), Type::Func { .. }));
        let is_function = func_ty
            || strip_casts(m, aliasee)
                .is_some_and(|t| matches!(m.globals[t].kind, GlobalKind::Func(_)));
        match gl.linkage {
            Linkage::External => out.emit_symbol_attr(sym, SymbolAttr::Global).map_err(&mc)?,
            Linkage::Weak | Linkage::WeakOdr | Linkage::LinkOnce | Linkage::LinkOnceOdr => {
                out.emit_symbol_attr(sym, SymbolAttr::Weak).map_err(&mc)?
            }
            Linkage::Private | Linkage::Internal => {}
            l => return Err(self.invalid(g, format!("alias with {} linkage", l.name()))),
        }
        if is_function {
            out.emit_symbol_attr(sym, SymbolAttr::Type(SymbolType::Func))
                .map_err(&mc)?;
        }
        self.emit_visibility(g, sym, gl.visibility, out)?;
        let e = self.lower(g, aliasee, out)?;
        out.emit_assignment(sym, e).map_err(&mc)?;
        if let Some(local) = self.syms.local_alias_name(m, g) {
            let l = out.ctx().symbol(&local);
            out.emit_assignment(l, e).map_err(&mc)?;
        }
        let base = self.base_object(aliasee, 0);
        let sized = gl.value_ty.is_some_and(|t| self.is_sized(t));
        if sized && base.is_none_or(|b| m.globals[b].linkage == Linkage::Private) {
            let ty = gl.value_ty.unwrap_or(rcc_ir::types::prim::I8);
            let size = self.dl.alloc_size(&m.types, ty);
            let e = out.ctx().exprs.constant(size as i64);
            out.emit_size(sym, e).map_err(mc)?;
        }
        Ok(())
    }

    /// `.set ifunc, resolver` typed `@gnu_indirect_function`.
    fn emit_ifunc(&self, g: GlobalId, out: &mut dyn Streamer) -> EmitResult<()> {
        let m = self.m;
        let gl = &m.globals[g];
        let GlobalKind::IFunc { resolver } = gl.kind else {
            return Ok(());
        };
        let sym = self.symbol(g, out);
        let mc = self.mc(g);
        match gl.linkage {
            Linkage::External => out.emit_symbol_attr(sym, SymbolAttr::Global).map_err(&mc)?,
            Linkage::Weak | Linkage::WeakOdr | Linkage::LinkOnce | Linkage::LinkOnceOdr => {
                out.emit_symbol_attr(sym, SymbolAttr::Weak).map_err(&mc)?
            }
            Linkage::Private | Linkage::Internal => {}
            l => return Err(self.invalid(g, format!("ifunc with {} linkage", l.name()))),
        }
        out.emit_symbol_attr(sym, SymbolAttr::Type(SymbolType::GnuIndirectFunc))
            .map_err(&mc)?;
        self.emit_visibility(g, sym, gl.visibility, out)?;
        let e = self.lower(g, resolver, out)?;
        out.emit_assignment(sym, e).map_err(&mc)?;
        if let Some(local) = self.syms.local_alias_name(m, g) {
            let l = out.ctx().symbol(&local);
            out.emit_assignment(l, e).map_err(mc)?;
        }
        Ok(())
    }

    /// LLVM's `findBaseObject`: the variable or function an alias's target
    /// is based on, if exactly one.
    fn base_object(&self, v: Value, depth: u32) -> Option<GlobalId> {
        let m = self.m;
        if depth > 256 {
            return None;
        }
        if let Some(g) = v.as_entity::<GlobalId>(ValueTag::Global) {
            return match m.globals[g].kind {
                GlobalKind::Var(_) | GlobalKind::Func(_) => Some(g),
                GlobalKind::Alias { aliasee } => self.base_object(aliasee, depth + 1),
                _ => None,
            };
        }
        let c = v.as_entity::<ConstId>(ValueTag::Const)?;
        let ConstKind::Expr { op, .. } = m.consts.get(c).kind else {
            return None;
        };
        let ops = m.consts.operands(c);
        match op {
            Opcode::Add => {
                let a = self.base_object(*ops.first()?, depth + 1);
                let b = self.base_object(*ops.get(1)?, depth + 1);
                match (a, b) {
                    (Some(_), Some(_)) => None,
                    (a, b) => a.or(b),
                }
            }
            Opcode::Sub => {
                if self.base_object(*ops.get(1)?, depth + 1).is_some() {
                    return None;
                }
                self.base_object(*ops.first()?, depth + 1)
            }
            Opcode::IntToPtr | Opcode::PtrToInt | Opcode::BitCast | Opcode::GetElementPtr => {
                let g = self.folder().gep(c);
                let base = g.map_or(*ops.first()?, |g| g.base);
                self.base_object(base, depth + 1)
            }
            _ => None,
        }
    }

    /// Whether values of `ty` have a size (not functions, labels, opaque
    /// structs).
    fn is_sized(&self, ty: rcc_ir::TypeId) -> bool {
        let t = &self.m.types;
        match t.get(ty) {
            Type::Func { .. } | Type::Void | Type::Label | Type::Metadata | Type::Token => false,
            Type::Named { name } => t.named(name).body.is_some(),
            _ => true,
        }
    }
}
