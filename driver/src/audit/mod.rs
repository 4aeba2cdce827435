//! The IR audit: "never silently ignore anything". Once per module, before
//! selection, every construct of the module that code generation could
//! ignore is looked up in one table ([`table`]): module flags, the
//! function, parameter and return attributes of each defined function,
//! its calling convention and those of its calls, the metadata attached
//! to it and to its instructions, and the address spaces of its memory
//! accesses and of global variables. Calling conventions and address
//! spaces are target facts (`rcc_targets::IrSupport`).
//!
//! Outcome by class: *implemented* and *no effect* rows pass; an
//! *unsupported* construct fails its function (`in function 'f': ...`,
//! reported by `ModuleCx::compile_function`; the others still compile)
//! or, for a module flag or a global variable, the module; a *degraded*
//! construct and a name the table does not know (a newer LLVM's) give one
//! warning per message, naming the first function and how many others.
//!
//! Cost: attribute groups are classified once each (functions share a
//! few groups); instruction metadata kinds are classified once per
//! distinct kind per body; the address-space walk runs only when the
//! module's type table holds a pointer outside address space 0.

pub mod table;

use rcc_ir::attrs::{cconv_name, Attr};
use rcc_ir::constant::ConstId;
use rcc_ir::entity::EntityId;
use rcc_ir::function::Function;
use rcc_ir::inst::Opcode;
use rcc_ir::metadata::{MdAttach, MdElem};
use rcc_ir::module::GlobalKind;
use rcc_ir::types::{prim, Type, TypeId, TypeLookup};
use rcc_ir::value::{Value, ValueTag};
use rcc_ir::{GlobalId, Module};
use rcc_targets::IrSupport;
use table::{lookup, Class, Row};

/// What the audit found.
#[derive(Default, Debug)]
pub struct Audit {
    /// The first unsupported construct of each failing function, by
    /// global index (sorted).
    pub errors: Vec<(u32, String)>,
    /// Warnings, each once.
    pub warnings: Vec<String>,
}

impl Audit {
    /// The error of function `g`, if it uses an unsupported construct.
    pub fn error(&self, g: GlobalId) -> Option<&str> {
        let k = self
            .errors
            .binary_search_by_key(&(g.index() as u32), |e| e.0)
            .ok()?;
        Some(&self.errors[k].1)
    }
}

/// One finding: an error or a warning message.
#[derive(Clone, PartialEq, Eq, Debug)]
struct Finding {
    error: bool,
    message: String,
}

/// What `class` means for the construct described by `what` (formatted
/// only for a finding).
fn finding(what: impl FnOnce() -> String, class: Option<Class>) -> Option<Finding> {
    match class {
        None => Some(Finding {
            error: false,
            message: format!(
                "{} is not known to rcc (a newer LLVM's?) and is ignored",
                what()
            ),
        }),
        Some(Class::Implemented(_) | Class::NoEffect(_)) => None,
        Some(Class::Unsupported(why)) => Some(Finding {
            error: true,
            message: format!("{} is not supported ({why})", what()),
        }),
        Some(Class::Degraded(lost)) => Some(Finding {
            error: false,
            message: format!("{} is ignored: {lost}", what()),
        }),
    }
}

fn class_of(table: &'static [Row], name: &str, value: &str) -> Option<Class> {
    lookup(table, name, value).map(|r| r.class)
}

/// The finding for one attribute (not a group reference).
fn attr_finding(m: &Module, a: &Attr) -> Option<Finding> {
    let word = |s| {
        let name = m.str(s);
        finding(
            || format!("attribute '{name}'"),
            class_of(table::KEYWORDS, name, ""),
        )
    };
    match *a {
        Attr::Word(s) | Attr::Int(s, _) | Attr::Type(s, _) => word(s),
        Attr::Raw(s) => {
            let text = m.str(s);
            let name = text.split('(').next().unwrap_or(text).trim();
            finding(
                || format!("attribute '{name}'"),
                class_of(table::KEYWORDS, name, ""),
            )
        }
        Attr::Str { key, value } => {
            let k = m.str(key).trim_matches('"');
            let v = if value.is_none() {
                ""
            } else {
                m.str(value).trim_matches('"')
            };
            let what = || match value.is_none() {
                true => format!("attribute \"{k}\""),
                false => format!("attribute \"{k}\"=\"{v}\""),
            };
            finding(what, class_of(table::STRINGS, k, v))
        }
        Attr::Group(_) => None,
    }
}

/// The findings of module flags; `Err` for an unsupported one.
fn module_flags(m: &Module, out: &mut Vec<Finding>) {
    let Some(flags) = m
        .named_md
        .iter()
        .find(|n| m.str(n.name) == "!llvm.module.flags")
    else {
        return;
    };
    for &id in &flags.nodes {
        let Some(t) = m.md_tuple(id) else { continue };
        let Some(MdElem::String(name)) = t.get(1) else {
            continue;
        };
        let name = String::from_utf8_lossy(name);
        let value = match t.get(2) {
            Some(MdElem::Int(_, v)) => v.to_string(),
            _ => String::new(),
        };
        let what = || match value.is_empty() {
            true => format!("module flag '{name}'"),
            false => format!("module flag '{name}' = {value}"),
        };
        out.extend(finding(what, class_of(table::MODULE_FLAGS, &name, &value)));
    }
}

/// The address space of pointer type `t`, if it is a pointer.
fn addrspace_of(m: &Module, t: TypeId) -> Option<u32> {
    match m.types.get(t) {
        Type::Ptr(a) => Some(a),
        Type::TypedPtr { addrspace, .. } => Some(addrspace),
        _ => None,
    }
}

/// Whether the module has a pointer type outside address space 0.
fn has_other_addrspaces(m: &Module) -> bool {
    (0..m.types.len()).any(|i| addrspace_of(m, TypeId::from_index(i)).is_some_and(|a| a != 0))
}

/// The type of operand `v` of body `f` (of function `g`).
fn value_type(m: &Module, g: GlobalId, f: &Function, v: Value) -> TypeId {
    match v.tag() {
        ValueTag::Inst => f.ty[v.index()],
        ValueTag::Arg => m.globals[g]
            .value_ty
            .and_then(|ft| m.types.fields(ft).get(v.index()).copied())
            .unwrap_or(prim::PTR),
        ValueTag::Const => f.consts.get(ConstId::from_index(v.index())).ty,
        ValueTag::Global => m.globals[GlobalId::from_index(v.index())]
            .ptr_ty
            .unwrap_or(prim::PTR),
        _ => prim::PTR,
    }
}

/// The first memory access of `f` through an address space the target
/// does not implement.
fn addrspace_finding(
    m: &Module,
    g: GlobalId,
    f: &Function,
    support: &IrSupport,
) -> Option<Finding> {
    // Only plain scalar loads and stores take the target's address
    // spaces; every other access needs address space 0.
    let bad = |a: u32| a != 0;
    // The message of a plain load or store of a `t` in address space `a`.
    let scalar = |a: u32, t: TypeId, what: &'static str| {
        if a == 0 {
            None
        } else if !support.address_spaces.iter().any(|&(s, _)| s == a) {
            Some(what)
        } else if !matches!(
            m.types.get(t),
            Type::Int(1 | 8 | 16 | 32 | 64)
                | Type::Ptr(_)
                | Type::TypedPtr { .. }
                | Type::Float
                | Type::Double
        ) {
            Some("an access wider than a scalar register or of a vector, aggregate or odd-width type")
        } else {
            None
        }
    };
    let err = |a: u32, what: &str| Finding {
        error: true,
        message: format!("address space {a} on {what} is not supported"),
    };
    let ptr_space = |v: Value| addrspace_of(m, value_type(m, g, f, v)).unwrap_or(0);
    for i in 0..f.num_insts() {
        let inst = rcc_ir::Inst::from_index(i);
        let ops = f.inst_ops(inst);
        let atomic = f.flags[i] & rcc_ir::inst::ATOMIC != 0;
        let (what, ptr) = match f.op(inst) {
            Opcode::Load if atomic => ("an atomic load", ops.first()),
            Opcode::Store if atomic => ("an atomic store", ops.get(1)),
            Opcode::Load => {
                let a = ops.first().map_or(0, |&v| ptr_space(v));
                if let Some(what) = scalar(a, f.ty[i], "a load") {
                    return Some(err(a, what));
                }
                continue;
            }
            Opcode::Store => {
                let a = ops.get(1).map_or(0, |&v| ptr_space(v));
                if let Some(what) = scalar(a, value_type(m, g, f, ops[0]), "a store") {
                    return Some(err(a, what));
                }
                continue;
            }
            Opcode::AtomicRmw => ("an atomicrmw", ops.first()),
            Opcode::CmpXchg => ("a cmpxchg", ops.first()),
            Opcode::Call | Opcode::Invoke | Opcode::CallBr => {
                let ci = f.call_info(inst);
                if bad(ci.addrspace) {
                    return Some(err(ci.addrspace, "a call"));
                }
                let intrinsic = ops.first().is_some_and(|c| {
                    c.tag() == ValueTag::Global
                        && m.str(m.globals[GlobalId::from_index(c.index())].name)
                            .trim_start_matches('@')
                            .starts_with("llvm.")
                });
                if intrinsic {
                    let args = ops.iter().skip(1).take(ci.num_args as usize);
                    if let Some(a) = args.map(|&v| ptr_space(v)).find(|&a| bad(a)) {
                        return Some(err(a, "an intrinsic's pointer argument"));
                    }
                }
                continue;
            }
            _ => continue,
        };
        if let Some(a) = ptr.map(|&v| ptr_space(v)).filter(|&a| bad(a)) {
            return Some(err(a, what));
        }
    }
    None
}

/// Classifies metadata attachment kinds, remembering those seen.
fn md_findings<'m>(
    m: &'m Module,
    attach: &[MdAttach],
    seen: &mut Vec<&'m str>,
    out: &mut Vec<Finding>,
) {
    for a in attach {
        let kind = m.str(a.kind);
        if seen.contains(&kind) {
            continue;
        }
        seen.push(kind);
        out.extend(finding(
            || format!("metadata {kind}"),
            class_of(table::METADATA, kind, ""),
        ));
    }
}

/// Audits module `m` for a target with `support`. `Err`: a module flag or
/// a global variable the target cannot compile.
pub fn audit_module(m: &Module, support: &IrSupport) -> Result<Audit, String> {
    let mut flags = Vec::new();
    module_flags(m, &mut flags);
    let mut audit = Audit::default();
    for f in flags {
        if f.error {
            return Err(f.message);
        }
        audit.warnings.push(f.message);
    }
    for &g in &m.order {
        let gl = &m.globals[g];
        if matches!(gl.kind, GlobalKind::Var(_))
            && gl.addrspace != 0
            && !support
                .address_spaces
                .iter()
                .any(|&(s, _)| s == gl.addrspace)
        {
            return Err(format!(
                "global '{}': address space {} is not supported",
                rcc_mach::symbols::display_name(m, g),
                gl.addrspace
            ));
        }
    }
    let other_spaces = has_other_addrspaces(m);
    // Findings of each attribute group, classified on first use.
    let mut groups: Vec<(u32, Vec<Finding>)> = Vec::new();
    // message -> (first function, how many functions)
    let mut warned: Vec<(String, GlobalId, usize)> = Vec::new();
    let mut found = Vec::new();
    let mut md_seen = Vec::new();
    for &g in &m.order {
        let Some(body) = m.body(g) else { continue };
        let GlobalKind::Func(decl) = &m.globals[g].kind else {
            continue;
        };
        found.clear();
        if !support
            .calling_conventions
            .iter()
            .any(|&(c, _)| c == decl.cconv)
        {
            found.push(cconv_finding(decl.cconv, "the function's"));
        }
        for a in m.attrs.get(decl.fn_attrs) {
            match *a {
                Attr::Group(n) => {
                    let k = match groups.iter().position(|(id, _)| *id == n) {
                        Some(k) => k,
                        None => {
                            let r = m.attr_groups.iter().find(|(id, _)| *id == n);
                            let list = r.map_or(&[][..], |&(_, r)| m.attrs.get(r));
                            let fs = list.iter().filter_map(|a| attr_finding(m, a)).collect();
                            groups.push((n, fs));
                            groups.len() - 1
                        }
                    };
                    found.extend(groups[k].1.iter().cloned());
                }
                _ => found.extend(attr_finding(m, a)),
            }
        }
        let params = m.attrs.lists(decl.param_attrs);
        for &r in std::iter::once(&decl.ret_attrs).chain(params) {
            found.extend(m.attrs.get(r).iter().filter_map(|a| attr_finding(m, a)));
        }
        for c in &body.calls {
            if !support
                .calling_conventions
                .iter()
                .any(|&(k, _)| k == c.cconv)
            {
                found.push(cconv_finding(c.cconv, "a call's"));
                break;
            }
        }
        md_seen.clear();
        md_findings(m, m.global_md(g), &mut md_seen, &mut found);
        md_findings(m, &body.md_attach, &mut md_seen, &mut found);
        if other_spaces {
            found.extend(addrspace_finding(m, g, body, support));
        }
        if let Some(e) = found.iter().find(|f| f.error) {
            audit.errors.push((g.index() as u32, e.message.clone()));
        }
        for f in found.iter().filter(|f| !f.error) {
            match warned.iter_mut().find(|(msg, ..)| *msg == f.message) {
                Some(w) => w.2 += 1,
                None => warned.push((f.message.clone(), g, 1)),
            }
        }
    }
    audit.errors.sort_by_key(|e| e.0);
    for (msg, g, count) in warned {
        let name = rcc_mach::symbols::display_name(m, g);
        let others = match count {
            1 => String::new(),
            n => format!(" (and {} other functions)", n - 1),
        };
        audit
            .warnings
            .push(format!("in function '{name}'{others}: {msg}"));
    }
    Ok(audit)
}

fn cconv_finding(cc: u32, whose: &str) -> Finding {
    let name = match cconv_name(cc) {
        Some(n) => n.to_string(),
        None => format!("cc {cc}"),
    };
    Finding {
        error: true,
        message: format!("{whose} calling convention '{name}' is not supported"),
    }
}

#[cfg(test)]
mod tests;
