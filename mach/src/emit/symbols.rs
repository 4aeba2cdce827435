//! Symbol names of globals and the properties derived from linkage and
//! visibility that section choice and lowering need.
//!
//! Names follow LLVM's `Mangler` for ELF: the IR name unchanged, `.L` in
//! front for private linkage, a leading `\01` stripped (and no prefix added),
//! and `__unnamed_N` (N from 1, in module order) for numbered globals.
//!
//! Invariant: `names`, `retained` and `ordinals` are indexed by `GlobalId`
//! and cover every global of the module.

use super::{module_error, EmitOptions, EmitResult, ErrorKind, RelocModel};
use rcc_ir::constant::ConstKind;
use rcc_ir::entity::EntityId;
use rcc_ir::inst::Opcode;
use rcc_ir::module::{ComdatRef, GlobalId, GlobalKind, Linkage, Module, Visibility};
use rcc_ir::span::{name_bytes, unescape};
use rcc_ir::value::{Value, ValueTag};

/// Names and per-global facts of a module.
pub(super) struct Symbols {
    names: Vec<String>,
    /// In `llvm.used`: sections get `SHF_GNU_RETAIN` and a unique name.
    retained: Vec<bool>,
    /// Ordinal among emitted functions, `u32::MAX` for others.
    ordinals: Vec<u32>,
    /// Whether `dso_local` definitions get `$local` aliases (PIC and no
    /// `PIE Level` module flag).
    local_aliases: bool,
}

impl Symbols {
    pub(super) fn new(m: &Module, opts: &EmitOptions) -> EmitResult<Symbols> {
        let n = m.globals.len();
        let mut names = vec![String::new(); n];
        let mut anon = 0u32;
        for &g in &m.order {
            if m.globals[g].name.is_none() {
                anon += 1;
                names[g.index()] = mangle(m, g, format!("__unnamed_{anon}").into_bytes())?;
            }
        }
        for (g, gl) in m.globals.iter() {
            if !gl.name.is_none() {
                let raw = name_bytes(m.str(gl.name)).into_owned();
                names[g.index()] = mangle(m, g, raw)?;
            } else if names[g.index()].is_empty() {
                anon += 1;
                names[g.index()] = mangle(m, g, format!("__unnamed_{anon}").into_bytes())?;
            }
        }
        let mut retained = vec![false; n];
        if let Some(used) = m.global_by_name("llvm.used") {
            if let GlobalKind::Var(v) = &m.globals[used].kind {
                if let Some(init) = v.init {
                    for &e in const_elems(m, init) {
                        if let Some(g) = strip_casts(m, e) {
                            // Only global objects (not aliases) are retained.
                            if matches!(m.globals[g].kind, GlobalKind::Var(_) | GlobalKind::Func(_))
                            {
                                retained[g.index()] = true;
                            }
                        }
                    }
                }
            }
        }
        let mut ordinals = vec![u32::MAX; n];
        let mut k = 0;
        for &g in &m.order {
            if m.body(g).is_some() && m.globals[g].linkage != Linkage::AvailableExternally {
                ordinals[g.index()] = k;
                k += 1;
            }
        }
        Ok(Symbols {
            names,
            retained,
            ordinals,
            local_aliases: opts.reloc == RelocModel::Pic && m.module_flag("PIE Level").is_none(),
        })
    }

    pub(super) fn name(&self, g: GlobalId) -> &str {
        &self.names[g.index()]
    }

    pub(super) fn retained(&self, g: GlobalId) -> bool {
        self.retained[g.index()]
    }

    pub(super) fn ordinal(&self, g: GlobalId) -> Option<u32> {
        Some(self.ordinals[g.index()]).filter(|&o| o != u32::MAX)
    }

    /// The `.L<name>$local` alias of `g`, if llc emits one (see
    /// `AsmPrinter::getSymbolPreferLocal`).
    pub(super) fn local_alias_name(&self, m: &Module, g: GlobalId) -> Option<String> {
        let gl = &m.globals[g];
        let benefits = gl.visibility == Visibility::Default
            && gl.linkage == Linkage::External
            && !matches!(gl.kind, GlobalKind::IFunc { .. } | GlobalKind::Undefined)
            && !is_declaration(m, g)
            && gl.comdat.is_none();
        (self.local_aliases && benefits && is_dso_local(m, g))
            .then(|| format!(".L{}$local", self.name(g)))
    }
}

/// Applies the ELF mangling rules to a raw IR name.
fn mangle(m: &Module, g: GlobalId, raw: Vec<u8>) -> EmitResult<String> {
    let (prefix, raw) = match raw.strip_prefix(b"\x01") {
        Some(rest) => ("", rest.to_vec()),
        None if m.globals[g].linkage == Linkage::Private => (".L", raw),
        None => ("", raw),
    };
    match String::from_utf8(raw) {
        Ok(s) => Ok(format!("{prefix}{s}")),
        Err(_) => Err(module_error(ErrorKind::Unsupported(format!(
            "symbol name of {} is not UTF-8",
            ir_name(m, g)
        )))),
    }
}

/// The IR spelling of a global's name, for messages.
pub(super) fn ir_name(m: &Module, g: GlobalId) -> String {
    format!("@{}", crate::symbols::display_name(m, g))
}

/// Whether `g` is a declaration for the linker (no definition here, or an
/// `available_externally` one).
pub(super) fn is_declaration(m: &Module, g: GlobalId) -> bool {
    let gl = &m.globals[g];
    if gl.linkage == Linkage::AvailableExternally {
        return true;
    }
    match &gl.kind {
        GlobalKind::Var(v) => v.init.is_none(),
        GlobalKind::Func(f) => f.body.is_none(),
        GlobalKind::Alias { .. } | GlobalKind::IFunc { .. } => false,
        GlobalKind::Undefined => true,
    }
}

/// LLVM's `isDSOLocal`: explicit `dso_local`, local linkage, or a
/// non-default visibility (except on extern_weak declarations).
pub fn is_dso_local(m: &Module, g: GlobalId) -> bool {
    let gl = &m.globals[g];
    gl.dso_local
        || gl.linkage.is_local()
        || (gl.visibility != Visibility::Default && gl.linkage != Linkage::ExternWeak)
}

/// The comdat name of `g` (the group signature), without `$`.
pub(super) fn comdat_name(m: &Module, g: GlobalId) -> Option<String> {
    let gl = &m.globals[g];
    let raw = match gl.comdat? {
        ComdatRef::OwnName => name_bytes(m.str(gl.name)).into_owned(),
        ComdatRef::Named(i) => {
            let c = m.comdats.get(i as usize)?;
            let n = m.str(c.name);
            let n = n.strip_prefix('$').unwrap_or(n);
            name_bytes(n).into_owned()
        }
    };
    Some(String::from_utf8_lossy(&raw).into_owned())
}

/// The selection kind of `g`'s comdat (`any` when named by the global).
pub(super) fn comdat_kind(m: &Module, g: GlobalId) -> Option<&str> {
    match m.globals[g].comdat? {
        ComdatRef::OwnName => m
            .comdats
            .iter()
            .find(|c| {
                let n = m.str(c.name);
                n.strip_prefix('$') == Some(m.str(m.globals[g].name))
            })
            .map(|c| m.str(c.kind))
            .or(Some("any")),
        ComdatRef::Named(i) => m.comdats.get(i as usize).map(|c| m.str(c.kind)),
    }
}

/// The elements of an aggregate constant of the module pool (empty for
/// anything else).
pub(super) fn const_elems(m: &Module, v: Value) -> &[Value] {
    match v.as_entity(ValueTag::Const) {
        Some(c) => m.consts.operands(c),
        None => &[],
    }
}

/// The global a constant names through pointer casts (LLVM's
/// `stripPointerCasts`: bitcast, addrspacecast, zero-index GEPs are not
/// followed here since initializers of `llvm.used` never have them).
pub(super) fn strip_casts(m: &Module, v: Value) -> Option<GlobalId> {
    if let Some(g) = v.as_entity(ValueTag::Global) {
        return Some(g);
    }
    let c = v.as_entity(ValueTag::Const)?;
    match m.consts.get(c).kind {
        ConstKind::Expr {
            op: Opcode::BitCast | Opcode::AddrSpaceCast,
            ..
        } => strip_casts(m, *m.consts.operands(c).first()?),
        _ => None,
    }
}

/// The bytes of a `c"..."` constant.
pub(super) fn cstring_bytes(m: &Module, s: rcc_ir::span::Span) -> Vec<u8> {
    unescape(m.str(s))
}

#[cfg(test)]
mod tests {
    use super::super::{EmitOptions, ModuleEmitter};
    use rcc_ir::layout::DataLayout;

    #[test]
    fn names_follow_linkage_and_quoting() {
        let src = r#"
@plain = global i32 0
@hidden = private constant i32 1
@"quoted name" = global i32 2
@"\01raw" = private global i32 3
@0 = private constant i8 4
@1 = global i8 5
declare void @ext()
"#;
        let m = rcc_ir::parse_module(src, "t.ll").expect("parses");
        let dl = DataLayout::default();
        let em = ModuleEmitter::new(&m, &dl, &EmitOptions::default()).expect("emitter");
        let names: Vec<&str> = m.globals.keys().map(|g| em.symbol_name(g)).collect();
        assert_eq!(
            names,
            [
                "plain",
                ".Lhidden",
                "quoted name",
                "raw",
                ".L__unnamed_1",
                "__unnamed_2",
                "ext"
            ]
        );
    }
}
