//! `,unique,N` ids of explicit sections (LLVM's
//! `calcUniqueIDUpdateFlagsAndSize` with the integrated assembler).
//!
//! A global in an explicit section shares the section of that name only if
//! the flags and entry size agree; otherwise LLVM makes a section of the
//! same name with a fresh unique id (numbered from 1, module-wide, in
//! emission order: functions, then variables). A name is "seen" once a
//! generic section of that name exists (the sections LLVM creates at start-up
//! count, and so does every `.rodata.str*`/`.rodata.cst*` name); an unseen
//! name takes the generic section unless the global is mergeable. Members of
//! `llvm.used` always get a unique id.
//!
//! The ids are assigned once, in [`assign`], so that function headers and
//! variables emitted separately (or in parallel) agree on them.

use super::sections::SectionSpec;
use super::{EmitResult, ModuleEmitter};
use rcc_ir::module::{GlobalId, GlobalKind};
use rcc_mc::section::shf;
use std::collections::{HashMap, HashSet};

/// Sections LLVM's `MCObjectFileInfo` creates for x86-64 ELF before any
/// global is emitted, with their flags and entry sizes. Debug and other
/// non-allocated sections have flags no global can have, so any global
/// placed in one gets a unique id.
const INITIAL: &[(&str, u64, u64)] = &[
    (".text", shf::ALLOC | shf::EXECINSTR, 0),
    (".data", shf::ALLOC | shf::WRITE, 0),
    (".bss", shf::ALLOC | shf::WRITE, 0),
    (".rodata", shf::ALLOC, 0),
    (".tdata", shf::ALLOC | shf::WRITE | shf::TLS, 0),
    (".tbss", shf::ALLOC | shf::WRITE | shf::TLS, 0),
    (".data.rel.ro", shf::ALLOC | shf::WRITE, 0),
    (".rodata.cst4", shf::ALLOC | shf::MERGE, 4),
    (".rodata.cst8", shf::ALLOC | shf::MERGE, 8),
    (".rodata.cst16", shf::ALLOC | shf::MERGE, 16),
    (".rodata.cst32", shf::ALLOC | shf::MERGE, 32),
    (".init_array", shf::ALLOC | shf::WRITE, 0),
    (".fini_array", shf::ALLOC | shf::WRITE, 0),
    (".gcc_except_table", shf::ALLOC, 0),
    (".eh_frame", shf::ALLOC, 0),
    (".llvm_stackmaps", shf::ALLOC, 0),
    (".llvm_faultmaps", shf::ALLOC, 0),
    (".stack_sizes", 0, 0),
    (".pseudo_probe", 0, 0),
    (".pseudo_probe_desc", 0, 0),
    (".apple_names", 0, 0),
    (".apple_objc", 0, 0),
    (".apple_namespaces", 0, 0),
    (".apple_types", 0, 0),
];

/// Debug sections created at start-up (all non-allocated).
const DEBUG: &[&str] = &[
    "abbrev",
    "info",
    "line",
    "line_str",
    "frame",
    "pubnames",
    "pubtypes",
    "gnu_pubnames",
    "gnu_pubtypes",
    "str",
    "loc",
    "aranges",
    "ranges",
    "macinfo",
    "macro",
    "names",
    "cu_index",
    "tu_index",
    "str_offsets",
    "addr",
    "rnglists",
    "loclists",
    "info.dwo",
    "str.dwo",
    "abbrev.dwo",
    "line.dwo",
    "loc.dwo",
    "str_offsets.dwo",
    "rnglists.dwo",
    "macinfo.dwo",
    "macro.dwo",
    "loclists.dwo",
];

/// Whether LLVM treats `name` as an implicitly mergeable section name.
fn implicit_mergeable(name: &str) -> bool {
    name.starts_with(".rodata.str") || name.starts_with(".rodata.cst")
}

/// Unique ids by global (absent: the generic section of the name).
pub(super) type Ids = HashMap<GlobalId, u32>;

/// Assigns the unique ids of every explicit-section global object `em`
/// will emit, in llc's emission order.
pub(super) fn assign(em: &ModuleEmitter<'_>) -> Ids {
    let m = em.m;
    let mut seen: HashSet<String> = INITIAL.iter().map(|e| e.0.to_string()).collect();
    let mut by_flags: HashMap<(String, u64, u64), Option<u32>> = INITIAL
        .iter()
        .map(|&(n, f, e)| ((n.to_string(), f, e), None))
        .collect();
    for d in DEBUG {
        let n = format!(".debug_{d}");
        seen.insert(n.clone());
        by_flags.insert((n, 0, 0), None);
    }
    let mut next = 1u32;
    let mut ids = Ids::new();
    let funcs = m.order.iter().filter(|&&g| em.syms.ordinal(g).is_some());
    let vars = em
        .variables_in_emission_order()
        .filter(|&&g| m.globals[g].section.is_some() && em.emits_in_section(g));
    for &g in funcs.chain(vars) {
        if m.globals[g].section.is_none() {
            continue;
        }
        let Ok((spec, stem)) = explicit(em, g) else {
            continue;
        };
        let (name, flags, entsize) = (spec.name, spec.flags, spec.entsize);
        let mergeable = flags & shf::MERGE != 0;
        let is_seen = |seen: &HashSet<String>| implicit_mergeable(&name) || seen.contains(&name);
        let key = (name.clone(), flags, entsize);
        let id = if em.syms.retained(g) {
            Some(next)
        } else if !mergeable && !is_seen(&seen) {
            None
        } else if let Some(&prev) = by_flags.get(&key) {
            prev
        } else if mergeable && implicit_mergeable(&name) && name.starts_with(&stem) {
            None
        } else {
            Some(next)
        };
        if id == Some(next) {
            next += 1;
        }
        match id {
            None => {
                seen.insert(name.clone());
                by_flags.entry(key).or_insert(None);
            }
            Some(u) => {
                if mergeable || is_seen(&seen) {
                    by_flags.entry(key).or_insert(Some(u));
                }
                ids.insert(g, u);
            }
        }
    }
    ids
}

/// The section spec of an explicit-section global (without its unique id)
/// and the section name LLVM would have derived from its kind.
fn explicit(em: &ModuleEmitter<'_>, g: GlobalId) -> EmitResult<(SectionSpec, String)> {
    let kind = match em.m.globals[g].kind {
        GlobalKind::Func(_) => super::classify::Kind::Text,
        _ => em.folder().kind_of(g, em.opts.reloc),
    };
    let spec = em.generic_section_for(g, kind)?;
    Ok((spec, em.implicit_name(g, kind)))
}

impl ModuleEmitter<'_> {
    /// The unique id of `g`'s explicit section, if it has one.
    pub(super) fn unique_id(&self, g: GlobalId) -> Option<u32> {
        self.unique.get(&g).copied()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn implicit_names() {
        assert!(implicit_mergeable(".rodata.str1.1"));
        assert!(implicit_mergeable(".rodata.cst16"));
        assert!(!implicit_mergeable(".rodata"));
    }
}
