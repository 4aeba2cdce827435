//! The ELF section of each global object, as LLVM 19's
//! `TargetLoweringObjectFileELF` chooses it for x86_64-linux-gnu with llc's
//! defaults (unique section names, integrated assembler), and with
//! `-function-sections`/`-data-sections`.
//!
//! - Name: the kind's prefix (`.text`, `.rodata`, `.data`, `.bss`,
//!   `.tdata`, `.tbss`, `.data.rel.ro`), with `.str<W>.<A>` (character
//!   width, preferred alignment) or `.cst<N>` for mergeable kinds, and
//!   `.<symbol>` when the global needs a section of its own: a comdat member
//!   (in the comdat's group), a member of `llvm.used` (`SHF_GNU_RETAIN`),
//!   a function with `-function-sections`, or a variable that is not
//!   mergeable with `-data-sections`.
//! - An explicit `section "..."` is used as written with flags from the
//!   kind (`.bss.*`, `.tdata.*`, `.tbss.*` names force their kind), and a
//!   unique id when an existing section of that name has other flags (see
//!   `unique`).
//! - Static constructors go to `.init_array[.<priority>]` and destructors to
//!   `.fini_array[.<priority>]`, grouped with their comdat key.
//!
//! Invariant: a returned [`SectionSpec`] carries `SHF_GROUP` exactly when
//! it has a group, and `entsize` is non-zero exactly for mergeable kinds.

use super::classify::Kind;
use super::symbols::comdat_name;
use super::{EmitResult, ModuleEmitter};
use rcc_ir::metadata::{MdElem, MdRef};
use rcc_ir::module::{GlobalId, GlobalKind};
use rcc_mc::section::{shf, sht};
use rcc_mc::{SectionId, Streamer};

/// `SHF_GNU_RETAIN`.
const SHF_GNU_RETAIN: u64 = 0x20_0000;

/// A section to switch to.
#[derive(Clone, PartialEq, Eq, Debug)]
pub(super) struct SectionSpec {
    pub name: String,
    pub sh_type: u32,
    pub flags: u64,
    pub entsize: u64,
    /// The COMDAT group signature.
    pub group: Option<String>,
    /// The `,unique,N` id (see `unique`).
    pub unique: Option<u32>,
}

impl SectionSpec {
    /// The section in `out`'s context (created on first use).
    pub(super) fn open(&self, out: &mut dyn Streamer) -> SectionId {
        let group = self.group.as_deref().map(|g| out.ctx().symbol(g));
        out.ctx().section_unique(
            &self.name,
            self.sh_type,
            self.flags,
            self.entsize,
            group,
            self.unique,
        )
    }
}

impl Kind {
    /// `getELFSectionFlags`.
    fn flags(self) -> u64 {
        let mut f = shf::ALLOC;
        if self == Kind::Text {
            f |= shf::EXECINSTR;
        }
        if self.is_writeable() {
            f |= shf::WRITE;
        }
        if self.is_thread_local() {
            f |= shf::TLS;
        }
        if self.is_mergeable() {
            f |= shf::MERGE;
        }
        if matches!(self, Kind::MergeCString(_)) {
            f |= shf::STRINGS;
        }
        f
    }

    /// `getEntrySizeForKind`.
    fn entsize(self) -> u64 {
        match self {
            Kind::MergeCString(w) | Kind::MergeConst(w) => w as u64,
            _ => 0,
        }
    }

    /// `getSectionPrefixForGlobal`.
    fn prefix(self) -> &'static str {
        if self == Kind::Text {
            ".text"
        } else if self.is_read_only() {
            ".rodata"
        } else if self.is_bss() {
            ".bss"
        } else if self == Kind::ThreadData {
            ".tdata"
        } else if self.is_thread_bss() {
            ".tbss"
        } else if self == Kind::ReadOnlyWithRel {
            ".data.rel.ro"
        } else {
            ".data"
        }
    }
}

/// Whether `name` is `prefix` or starts with `prefix.`.
fn has_prefix(name: &str, prefix: &str) -> bool {
    name.strip_prefix(prefix)
        .is_some_and(|r| r.is_empty() || r.starts_with('.'))
}

/// `getELFSectionType`.
fn elf_type(name: &str, kind: Kind) -> u32 {
    if name.starts_with(".note") {
        sht::NOTE
    } else if has_prefix(name, ".init_array") {
        sht::INIT_ARRAY
    } else if has_prefix(name, ".fini_array") {
        sht::FINI_ARRAY
    } else if has_prefix(name, ".preinit_array") {
        sht::PREINIT_ARRAY
    } else if kind.is_bss() || kind.is_thread_bss() {
        sht::NOBITS
    } else {
        sht::PROGBITS
    }
}

/// `getELFKindForNamedSection`: names that force a kind.
fn kind_for_named_section(name: &str, kind: Kind) -> Kind {
    let is = |exact: &[&str], prefixes: &[&str]| {
        exact.contains(&name) || prefixes.iter().any(|p| name.starts_with(p))
    };
    if is(
        &[".bss", ".sbss"],
        &[
            ".bss.",
            ".gnu.linkonce.b.",
            ".llvm.linkonce.b.",
            ".sbss.",
            ".gnu.linkonce.sb.",
            ".llvm.linkonce.sb.",
        ],
    ) {
        Kind::Bss
    } else if is(
        &[".tdata"],
        &[".tdata.", ".gnu.linkonce.td.", ".llvm.linkonce.td."],
    ) {
        Kind::ThreadData
    } else if is(
        &[".tbss"],
        &[".tbss.", ".gnu.linkonce.tb.", ".llvm.linkonce.tb."],
    ) {
        Kind::ThreadBss
    } else {
        kind
    }
}

impl ModuleEmitter<'_> {
    /// The section of global object `g` of kind `kind` (not `Common`).
    pub(super) fn section_for(&self, g: GlobalId, kind: Kind) -> EmitResult<SectionSpec> {
        let mut spec = self.generic_section_for(g, kind)?;
        if self.m.globals[g].section.is_some() {
            spec.unique = self.unique_id(g);
            if self.syms.retained(g) {
                spec.flags |= SHF_GNU_RETAIN;
            }
        }
        Ok(spec)
    }

    /// The section of `g` before unique ids are given out.
    pub(super) fn generic_section_for(&self, g: GlobalId, kind: Kind) -> EmitResult<SectionSpec> {
        let gl = &self.m.globals[g];
        if gl.partition.is_some() {
            return Err(self.unsupported(g, "partition"));
        }
        if let GlobalKind::Var(v) = &gl.kind {
            if let Some(cm) = v.code_model {
                let cm = self.m.str(cm).trim_matches('"');
                if cm != "small" && cm != "tiny" {
                    return Err(self.unsupported(g, format!("code_model \"{cm}\"")));
                }
            }
        }
        if self.has_md(g, "!associated") {
            return Err(self.unsupported(g, "!associated metadata (SHF_LINK_ORDER)"));
        }
        let group = self.group_of(g)?;
        let mut flags = kind.flags() | if group.is_some() { shf::GROUP } else { 0 };
        let retained = self.syms.retained(g);
        if let Some(sec) = gl.section {
            let name =
                String::from_utf8_lossy(&rcc_ir::span::unescape(self.m.str(sec).trim_matches('"')))
                    .into_owned();
            let kind = kind_for_named_section(&name, kind);
            let flags = kind.flags() | if group.is_some() { shf::GROUP } else { 0 };
            return Ok(SectionSpec {
                sh_type: elf_type(&name, kind),
                name,
                flags,
                entsize: kind.entsize(),
                group,
                unique: None,
            });
        }
        let mut name = self.implicit_name(g, kind);
        if let Some(p) = self.section_prefix(g) {
            name.push('.');
            name.push_str(&p);
            if group.is_none() && !retained && !self.own_section_by_option(kind) {
                name.push('.');
            }
        }
        if group.is_some() || retained || self.own_section_by_option(kind) {
            name.push('.');
            name.push_str(self.syms.name(g));
        }
        if retained {
            flags |= SHF_GNU_RETAIN;
        }
        Ok(SectionSpec {
            sh_type: elf_type(&name, kind),
            name,
            flags,
            entsize: kind.entsize(),
            group,
            unique: None,
        })
    }

    /// Whether `-function-sections` (for code) or `-data-sections` (for
    /// other kinds but mergeable ones) gives a global of `kind` a section
    /// of its own (`selectELFSectionForGlobal`'s `EmitUniqueSection`).
    fn own_section_by_option(&self, kind: Kind) -> bool {
        if kind == Kind::Text {
            self.opts.function_sections
        } else {
            self.opts.data_sections && !kind.is_mergeable()
        }
    }

    /// The section name LLVM derives from the kind alone.
    pub(super) fn implicit_name(&self, g: GlobalId, kind: Kind) -> String {
        let mut name = kind.prefix().to_string();
        match kind {
            Kind::MergeCString(w) => {
                name.push_str(&format!(".str{w}.{}", self.preferred_align(g)));
            }
            Kind::MergeConst(n) => name.push_str(&format!(".cst{n}")),
            _ => {}
        }
        name
    }

    /// The COMDAT group of global `g` (`None` also for the selection kinds
    /// rcc does not support, which its section choice reports).
    pub fn comdat_group(&self, g: GlobalId) -> Option<String> {
        self.group_of(g).ok().flatten()
    }

    /// The COMDAT group of `g`; only `any` comdats are supported (ELF also
    /// has `nodeduplicate`, a non-COMDAT group).
    fn group_of(&self, g: GlobalId) -> EmitResult<Option<String>> {
        let Some(name) = comdat_name(self.m, g) else {
            return Ok(None);
        };
        match super::symbols::comdat_kind(self.m, g) {
            Some("any") | None => Ok(Some(name)),
            Some(k) => Err(self.unsupported(g, format!("comdat selection kind '{k}' on ELF"))),
        }
    }

    /// A function's `!section_prefix` (`hot`, `unlikely`).
    fn section_prefix(&self, g: GlobalId) -> Option<String> {
        let a = self
            .m
            .global_md(g)
            .iter()
            .find(|a| self.m.str(a.kind) == "!section_prefix")?;
        let MdRef::Node(n) = a.node else {
            return None;
        };
        match self.m.md_tuple(n)?.get(1)? {
            MdElem::String(s) => Some(String::from_utf8_lossy(s).into_owned()),
            _ => None,
        }
    }

    /// Whether `g` has a metadata attachment of kind `kind` (with `!`).
    pub(super) fn has_md(&self, g: GlobalId, kind: &str) -> bool {
        self.m
            .global_md(g)
            .iter()
            .any(|a| self.m.str(a.kind) == kind)
    }
}

/// The section of a static constructor (`ctor`) or destructor list entry.
pub(super) fn structor_section(ctor: bool, priority: u64, key: Option<String>) -> SectionSpec {
    let mut name = if ctor { ".init_array" } else { ".fini_array" }.to_string();
    if priority != 65535 {
        name.push_str(&format!(".{priority}"));
    }
    SectionSpec {
        name,
        sh_type: if ctor {
            sht::INIT_ARRAY
        } else {
            sht::FINI_ARRAY
        },
        flags: shf::ALLOC | shf::WRITE | if key.is_some() { shf::GROUP } else { 0 },
        entsize: 0,
        group: key,
        unique: None,
    }
}

/// `.note.GNU-stack`: an empty section saying the stack is not executable.
pub(super) fn gnu_stack_section() -> SectionSpec {
    SectionSpec {
        name: ".note.GNU-stack".to_string(),
        sh_type: sht::PROGBITS,
        flags: 0,
        entsize: 0,
        group: None,
        unique: None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn named_section_kinds() {
        assert_eq!(kind_for_named_section(".bss", Kind::Data), Kind::Bss);
        assert_eq!(kind_for_named_section(".bss.x", Kind::Data), Kind::Bss);
        assert_eq!(kind_for_named_section(".bssx", Kind::Data), Kind::Data);
        assert_eq!(
            kind_for_named_section(".tbss.a", Kind::Data),
            Kind::ThreadBss
        );
        assert_eq!(
            kind_for_named_section(".tdata", Kind::Data),
            Kind::ThreadData
        );
        assert_eq!(
            kind_for_named_section("foo", Kind::ReadOnly),
            Kind::ReadOnly
        );
    }

    #[test]
    fn types_from_names() {
        assert_eq!(elf_type(".init_array.5", Kind::Data), sht::INIT_ARRAY);
        assert_eq!(elf_type(".init_arrays", Kind::Data), sht::PROGBITS);
        assert_eq!(elf_type(".note.foo", Kind::Data), sht::NOTE);
        assert_eq!(elf_type(".bss.x", Kind::Bss), sht::NOBITS);
    }

    #[test]
    fn structors() {
        let s = structor_section(true, 101, Some("k".into()));
        assert_eq!(s.name, ".init_array.101");
        assert_eq!(s.flags, shf::ALLOC | shf::WRITE | shf::GROUP);
        assert_eq!(structor_section(false, 65535, None).name, ".fini_array");
    }
}
