//! The module: top-level entities and the tables they share.
//!
//! The module owns the source text (`text`); every name and string in the IR
//! is a [`Span`] into it. Globals, functions, aliases and ifuncs share one
//! namespace and one id space ([`GlobalId`]); `order` lists their
//! definitions in source order, which is the order printing and code
//! generation follow. Function bodies live in `bodies`, referenced from the
//! declaring [`FuncDecl`].

use crate::attrs::AttrPool;
use crate::constant::ConstPool;
use crate::entity::{PoolRange, PrimaryMap};
use crate::entity_id;
use crate::function::Function;
use crate::metadata::{MdAttach, MdElem, MdNodeDef, MdRef, NamedMd};
use crate::source::Source;
use crate::span::Span;
use crate::types::{TypeId, TypeTable};
use crate::value::Value;

entity_id!(
    /// A global variable, function, alias or ifunc.
    pub struct GlobalId,
    "g"
);

/// Linkage types.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Default)]
#[repr(u8)]
pub enum Linkage {
    #[default]
    External,
    Private,
    Internal,
    AvailableExternally,
    LinkOnce,
    Weak,
    Common,
    Appending,
    ExternWeak,
    LinkOnceOdr,
    WeakOdr,
}

impl Linkage {
    /// Keywords, by discriminant.
    pub const NAMES: [&'static str; 11] = [
        "external",
        "private",
        "internal",
        "available_externally",
        "linkonce",
        "weak",
        "common",
        "appending",
        "extern_weak",
        "linkonce_odr",
        "weak_odr",
    ];
    const ALL: [Linkage; 11] = [
        Linkage::External,
        Linkage::Private,
        Linkage::Internal,
        Linkage::AvailableExternally,
        Linkage::LinkOnce,
        Linkage::Weak,
        Linkage::Common,
        Linkage::Appending,
        Linkage::ExternWeak,
        Linkage::LinkOnceOdr,
        Linkage::WeakOdr,
    ];
    /// The linkage spelled `s`.
    pub fn from_name(s: &str) -> Option<Linkage> {
        Self::NAMES
            .iter()
            .position(|&n| n == s)
            .map(|i| Self::ALL[i])
    }
    /// The keyword.
    pub fn name(self) -> &'static str {
        Self::NAMES[self as usize]
    }
    /// Whether the symbol is local to the object file.
    pub fn is_local(self) -> bool {
        matches!(self, Linkage::Private | Linkage::Internal)
    }
}

/// Symbol visibility.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Default)]
#[repr(u8)]
pub enum Visibility {
    #[default]
    Default,
    Hidden,
    Protected,
}

/// DLL storage class.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Default)]
#[repr(u8)]
pub enum DllStorage {
    #[default]
    None,
    Import,
    Export,
}

/// Thread-local storage model; `None` for ordinary globals.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Default)]
#[repr(u8)]
pub enum ThreadLocal {
    #[default]
    None,
    GeneralDynamic,
    LocalDynamic,
    InitialExec,
    LocalExec,
}

/// `unnamed_addr` markers.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Default)]
#[repr(u8)]
pub enum UnnamedAddr {
    #[default]
    None,
    Global,
    Local,
}

/// A comdat reference on a global: `comdat` alone (the global's own name) or
/// `comdat($name)`.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum ComdatRef {
    OwnName,
    Named(u32),
}

/// A comdat definition `$name = comdat kind`.
#[derive(Copy, Clone, Debug)]
pub struct Comdat {
    /// The name with its `$`.
    pub name: Span,
    /// The selection kind keyword.
    pub kind: Span,
    /// Whether a definition line was seen (it may be referenced first).
    pub defined: bool,
}

/// A function declaration or definition header.
#[derive(Clone, Debug, Default)]
pub struct FuncDecl {
    pub cconv: u32,
    pub ret_attrs: PoolRange,
    pub fn_attrs: PoolRange,
    /// One attribute list per parameter, in `attrs.lists`.
    pub param_attrs: PoolRange,
    pub gc: Option<Span>,
    pub prefix: Option<Value>,
    pub prologue: Option<Value>,
    pub personality: Option<Value>,
    /// Index into `Module::bodies` for a definition.
    pub body: Option<u32>,
}

/// A global variable's definition.
#[derive(Copy, Clone, Debug, Default)]
pub struct VarDecl {
    pub constant: bool,
    pub externally_initialized: bool,
    /// The initializer: a constant of the module pool or a global.
    pub init: Option<Value>,
    /// `code_model "..."`.
    pub code_model: Option<Span>,
    /// Trailing attribute list (`#N`), in `attrs.attrs`.
    pub attrs: PoolRange,
}

/// What kind of global an id names.
#[derive(Clone, Debug, Default)]
pub enum GlobalKind {
    /// Referenced but not (yet) defined.
    #[default]
    Undefined,
    Var(VarDecl),
    Func(Box<FuncDecl>),
    Alias {
        aliasee: Value,
    },
    IFunc {
        resolver: Value,
    },
}

/// A global value.
#[derive(Clone, Debug, Default)]
pub struct Global {
    /// The name as written without `@`; `NONE` for numbered globals.
    pub name: Span,
    pub linkage: Linkage,
    pub visibility: Visibility,
    pub dll: DllStorage,
    pub dso_local: bool,
    pub tls: ThreadLocal,
    pub unnamed_addr: UnnamedAddr,
    pub addrspace: u32,
    /// The type of the value `@name` (a pointer).
    pub ptr_ty: Option<TypeId>,
    /// The variable's type, the function type, or the alias's value type.
    pub value_ty: Option<TypeId>,
    pub kind: GlobalKind,
    pub section: Option<Span>,
    pub partition: Option<Span>,
    pub comdat: Option<ComdatRef>,
    pub align: Option<u64>,
    /// Metadata attachments, in `Module::md_attach`.
    pub md: PoolRange,
    /// Byte offset of the definition or first reference.
    pub offset: u32,
}

/// A parsed module.
#[derive(Clone, Debug, Default)]
pub struct Module {
    /// The source; names and strings are spans into it.
    pub text: Source,
    /// The file name used in diagnostics.
    pub file: String,
    pub source_filename: Option<Span>,
    pub datalayout: Option<Span>,
    pub triple: Option<Span>,
    pub module_asm: Vec<Span>,
    pub types: TypeTable,
    /// Named struct types in definition order.
    pub type_defs: Vec<TypeId>,
    pub consts: ConstPool,
    pub attrs: AttrPool,
    /// `attributes #N = { ... }`: group number and attributes.
    pub attr_groups: Vec<(u32, PoolRange)>,
    pub globals: PrimaryMap<GlobalId, Global>,
    /// Defined globals in source order.
    pub order: Vec<GlobalId>,
    pub bodies: Vec<Function>,
    pub comdats: Vec<Comdat>,
    pub md_nodes: Vec<MdNodeDef>,
    pub named_md: Vec<NamedMd>,
    /// Attachments of globals and functions.
    pub md_attach: Vec<MdAttach>,
}

impl Module {
    /// The text of a span.
    #[inline]
    pub fn str(&self, s: Span) -> &str {
        s.text(&self.text)
    }

    /// The module's data layout: its `target datalayout` over the x86-64
    /// System V defaults.
    pub fn data_layout(&self) -> Result<crate::layout::DataLayout, String> {
        let dl = match self.datalayout {
            Some(s) => crate::layout::DataLayout::parse(self.str(s).trim_matches('"'))?,
            None => crate::layout::DataLayout::default(),
        };
        Ok(dl.bind(&self.types, self.types.len()))
    }

    /// The global named `name` (without `@`, unquoted form as written).
    pub fn global_by_name(&self, name: &str) -> Option<GlobalId> {
        self.globals
            .iter()
            .find(|(_, g)| self.str(g.name) == name)
            .map(|(id, _)| id)
    }

    /// The function declaration of `g`, if it is a function.
    pub fn func(&self, g: GlobalId) -> Option<&FuncDecl> {
        match &self.globals[g].kind {
            GlobalKind::Func(f) => Some(f),
            _ => None,
        }
    }

    /// The body of `g`, if it is a defined function.
    pub fn body(&self, g: GlobalId) -> Option<&Function> {
        self.func(g)?.body.map(|b| &self.bodies[b as usize])
    }

    /// The definition of metadata node `!id`.
    /// Nodes are usually defined in id order from `!0` (as LLVM prints
    /// them): the node at position `id`, else a binary search, else a
    /// linear scan for files that define them out of order.
    pub fn md_node(&self, id: u32) -> Option<&MdNodeDef> {
        let nodes = &self.md_nodes;
        if let Some(n) = nodes.get(id as usize).filter(|n| n.id == id) {
            return Some(n);
        }
        if let Ok(k) = nodes.binary_search_by_key(&id, |n| n.id) {
            return Some(&nodes[k]);
        }
        nodes.iter().find(|n| n.id == id)
    }

    /// Parses metadata node `!id` as a generic tuple `!{...}`.
    pub fn md_tuple(&self, id: u32) -> Option<Vec<MdElem>> {
        let body = self.str(self.md_node(id)?.body);
        crate::parser::parse_md_tuple(body, &self.types)
    }

    /// A module flag's value (`!llvm.module.flags` entry named `key`).
    pub fn module_flag(&self, key: &str) -> Option<MdElem> {
        let flags = self
            .named_md
            .iter()
            .find(|n| self.str(n.name) == "!llvm.module.flags")?;
        flags.nodes.iter().find_map(|&id| {
            let t = self.md_tuple(id)?;
            match t.get(1) {
                Some(MdElem::String(s)) if s.as_slice() == key.as_bytes() => t.get(2).cloned(),
                _ => None,
            }
        })
    }

    /// The value of an integer module flag such as `"PIC Level"`.
    pub fn module_flag_int(&self, key: &str) -> Option<i128> {
        match self.module_flag(key)? {
            MdElem::Int(_, v) => Some(v),
            _ => None,
        }
    }

    /// The metadata attachments of global `g`.
    pub fn global_md(&self, g: GlobalId) -> &[MdAttach] {
        self.globals[g].md.get(&self.md_attach)
    }

    /// Bytes of heap memory held by the module, excluding `text`.
    pub fn heap_bytes(&self) -> usize {
        self.types.heap_bytes()
            + self.consts.heap_bytes()
            + self.globals.heap_bytes()
            + self.bodies.iter().map(Function::heap_bytes).sum::<usize>()
    }

    /// A reference to a metadata node, as text.
    pub fn md_ref_text(&self, r: MdRef) -> String {
        match r {
            MdRef::Node(n) => format!("!{n}"),
            MdRef::Raw(s) => self.str(s).to_string(),
        }
    }
}
