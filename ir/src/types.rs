//! Interned IR types.
//!
//! A [`TypeId`] names one structurally unique type: two ids are equal iff the
//! types are equal, except named structs, whose identity is their name.
//! Field and parameter lists live in one flat pool (`lists`), referenced by
//! [`PoolRange`].
//!
//! Function bodies are parsed in parallel against the module's frozen table.
//! A body that needs a type the module lacks interns it in a [`LocalTypes`]
//! overlay, whose ids continue after the module's last id; once all bodies are
//! parsed, overlays are merged into the module in function order (so ids are
//! the same for any thread count) and the bodies' ids are remapped. After the
//! merge no local id remains anywhere.

use crate::entity::{EntityId, PoolRange};
use crate::entity_id;
use ahash::AHashMap;

entity_id!(
    /// An interned type.
    pub struct TypeId,
    "ty"
);

/// A type. Lists are ranges into the owning table's pool.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum Type {
    Void,
    Half,
    BFloat,
    Float,
    Double,
    X86Fp80,
    Fp128,
    PpcFp128,
    X86Amx,
    Label,
    Token,
    Metadata,
    /// `iN`, 1 <= N < 2^23.
    Int(u32),
    /// `ptr addrspace(N)`.
    Ptr(u32),
    /// `T addrspace(N)*`, LLVM 14 style.
    TypedPtr {
        pointee: TypeId,
        addrspace: u32,
    },
    Array {
        len: u64,
        elem: TypeId,
    },
    /// Fixed-length vector `<N x T>`.
    Vector {
        len: u32,
        elem: TypeId,
    },
    /// Literal struct `{ ... }` or packed `<{ ... }>`.
    Struct {
        packed: bool,
        fields: PoolRange,
    },
    /// Named struct. `body` is `None` while opaque.
    Named {
        name: NamedStruct,
    },
    Func {
        ret: TypeId,
        params: PoolRange,
        vararg: bool,
    },
}

/// The index of a named struct in [`TypeTable::named`].
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct NamedStruct(pub u32);

/// A named struct's declaration.
#[derive(Clone, Debug)]
pub struct NamedStructDef {
    /// The name as written, without `%` (quoted names keep their quotes).
    pub name: Box<str>,
    /// `(packed, fields)`, or `None` for an opaque struct.
    pub body: Option<(bool, PoolRange)>,
    /// Whether a `%name = type ...` line has been seen.
    pub defined: bool,
    /// Byte offset of the first mention, for diagnostics.
    pub first_use: u32,
}

/// The structural key used for interning (lists owned, not pooled).
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub enum TypeKey {
    Simple(Type),
    Struct {
        packed: bool,
        fields: Box<[TypeId]>,
    },
    Func {
        ret: TypeId,
        params: Box<[TypeId]>,
        vararg: bool,
    },
}

/// Reads types, whatever table they live in.
pub trait TypeLookup {
    /// The type `id`.
    fn get(&self, id: TypeId) -> Type;
    /// The fields of a struct (named or literal) or the parameters of a
    /// function type; empty for other types and opaque structs.
    fn fields(&self, id: TypeId) -> &[TypeId];
    /// A named struct's declaration.
    fn named(&self, n: NamedStruct) -> &NamedStructDef;
}

/// The module's type table: an interner with a flat list pool.
#[derive(Clone, Debug, Default)]
pub struct TypeTable {
    /// First id of this table: 0 for a module, the module's length for an overlay.
    base: u32,
    types: Vec<Type>,
    lists: Vec<TypeId>,
    map: AHashMap<TypeKey, TypeId>,
    /// Named structs, in order of first mention.
    pub named: Vec<NamedStructDef>,
    named_map: AHashMap<Box<str>, TypeId>,
}

impl TypeTable {
    /// An empty table.
    pub fn new() -> Self {
        Self::default()
    }

    /// The number of types, including any base offset.
    pub fn len(&self) -> usize {
        self.base as usize + self.types.len()
    }

    /// Whether the table holds no type.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The first id of this table (non-zero for an overlay).
    pub fn base(&self) -> usize {
        self.base as usize
    }

    /// The number of types this table itself holds.
    pub fn own_len(&self) -> usize {
        self.types.len()
    }

    /// Interns a type given by key.
    pub fn intern(&mut self, key: TypeKey) -> TypeId {
        if let Some(&id) = self.map.get(&key) {
            return id;
        }
        let ty = match &key {
            TypeKey::Simple(t) => *t,
            TypeKey::Struct { packed, fields } => Type::Struct {
                packed: *packed,
                fields: PoolRange::push_slice(&mut self.lists, fields),
            },
            TypeKey::Func {
                ret,
                params,
                vararg,
            } => Type::Func {
                ret: *ret,
                params: PoolRange::push_slice(&mut self.lists, params),
                vararg: *vararg,
            },
        };
        let id = TypeId::from_index(self.len());
        self.types.push(ty);
        self.map.insert(key, id);
        id
    }

    /// Finds an interned type by key without adding it.
    pub fn lookup(&self, key: &TypeKey) -> Option<TypeId> {
        self.map.get(key).copied()
    }

    /// Interns a simple (list-free) type.
    pub fn simple(&mut self, t: Type) -> TypeId {
        self.intern(TypeKey::Simple(t))
    }

    /// The named struct `name` (without `%`), creating an opaque, undefined
    /// entry on first mention.
    pub fn named_struct(&mut self, name: &str, offset: u32) -> TypeId {
        if let Some(&id) = self.named_map.get(name) {
            return id;
        }
        let n = NamedStruct(self.named.len() as u32);
        self.named.push(NamedStructDef {
            name: name.into(),
            body: None,
            defined: false,
            first_use: offset,
        });
        let id = TypeId::from_index(self.len());
        self.types.push(Type::Named { name: n });
        self.named_map.insert(name.into(), id);
        id
    }

    /// The named struct called `name`, if mentioned.
    pub fn find_named(&self, name: &str) -> Option<TypeId> {
        self.named_map.get(name).copied()
    }

    /// Sets a named struct's body.
    pub fn set_body(&mut self, n: NamedStruct, body: Option<(bool, &[TypeId])>) {
        let body = body.map(|(p, f)| (p, PoolRange::push_slice(&mut self.lists, f)));
        let def = &mut self.named[n.0 as usize];
        def.body = body;
        def.defined = true;
    }

    /// The key of type `id` (which must be in this table).
    fn key_of(&self, id: TypeId) -> TypeKey {
        match self.get(id) {
            Type::Struct { packed, fields } => TypeKey::Struct {
                packed,
                fields: fields.get(&self.lists).into(),
            },
            Type::Func {
                ret,
                params,
                vararg,
            } => TypeKey::Func {
                ret,
                params: params.get(&self.lists).into(),
                vararg,
            },
            t => TypeKey::Simple(t),
        }
    }

    /// Bytes of heap memory held (approximate: maps counted by capacity).
    pub fn heap_bytes(&self) -> usize {
        self.types.capacity() * std::mem::size_of::<Type>()
            + self.lists.capacity() * 4
            + self.map.capacity() * (std::mem::size_of::<TypeKey>() + 4)
    }

    /// Merges an overlay built on this table; returns the id map for the
    /// overlay's ids (index `i` is the new id of overlay id `base + i`).
    pub fn merge_overlay(&mut self, overlay: &TypeTable) -> Vec<TypeId> {
        debug_assert!(overlay.named.is_empty(), "named structs are module-level");
        let base = overlay.base as usize;
        let mut map: Vec<TypeId> = Vec::with_capacity(overlay.types.len());
        let remap = |map: &Vec<TypeId>, t: TypeId| {
            if t.index() >= base {
                map[t.index() - base]
            } else {
                t
            }
        };
        for i in 0..overlay.types.len() {
            let key = match overlay.key_of(TypeId::from_index(base + i)) {
                TypeKey::Simple(t) => TypeKey::Simple(match t {
                    Type::TypedPtr { pointee, addrspace } => Type::TypedPtr {
                        pointee: remap(&map, pointee),
                        addrspace,
                    },
                    Type::Array { len, elem } => Type::Array {
                        len,
                        elem: remap(&map, elem),
                    },
                    Type::Vector { len, elem } => Type::Vector {
                        len,
                        elem: remap(&map, elem),
                    },
                    other => other,
                }),
                TypeKey::Struct { packed, fields } => TypeKey::Struct {
                    packed,
                    fields: fields.iter().map(|&f| remap(&map, f)).collect(),
                },
                TypeKey::Func {
                    ret,
                    params,
                    vararg,
                } => TypeKey::Func {
                    ret: remap(&map, ret),
                    params: params.iter().map(|&f| remap(&map, f)).collect(),
                    vararg,
                },
            };
            let id = self.intern(key);
            map.push(id);
        }
        map
    }
}

impl TypeLookup for TypeTable {
    #[inline]
    fn get(&self, id: TypeId) -> Type {
        self.types[id.index() - self.base as usize]
    }
    fn fields(&self, id: TypeId) -> &[TypeId] {
        match self.get(id) {
            Type::Struct { fields, .. } => fields.get(&self.lists),
            Type::Func { params, .. } => params.get(&self.lists),
            Type::Named { name } => match self.named[name.0 as usize].body {
                Some((_, f)) => f.get(&self.lists),
                None => &[],
            },
            _ => &[],
        }
    }
    fn named(&self, n: NamedStruct) -> &NamedStructDef {
        &self.named[n.0 as usize]
    }
}

/// A function body's view of types: the frozen module table plus an overlay
/// of types the module lacks.
pub struct LocalTypes<'m> {
    pub module: &'m TypeTable,
    pub local: TypeTable,
}

impl<'m> LocalTypes<'m> {
    /// An empty overlay over `module`.
    pub fn new(module: &'m TypeTable) -> Self {
        let local = TypeTable {
            base: module.len() as u32,
            ..TypeTable::default()
        };
        LocalTypes { module, local }
    }
}

/// Something that can intern types: the module table, or a body's overlay.
pub trait TypeInterner: TypeLookup {
    /// Interns a type given by key.
    fn intern(&mut self, key: TypeKey) -> TypeId;
    /// The named struct `name`, if declared (bodies cannot declare new ones).
    fn named_struct(&mut self, name: &str, offset: u32) -> Option<TypeId>;
    /// Interns a simple type.
    fn simple(&mut self, t: Type) -> TypeId {
        self.intern(TypeKey::Simple(t))
    }
}

impl TypeInterner for TypeTable {
    fn intern(&mut self, key: TypeKey) -> TypeId {
        TypeTable::intern(self, key)
    }
    fn named_struct(&mut self, name: &str, offset: u32) -> Option<TypeId> {
        Some(TypeTable::named_struct(self, name, offset))
    }
}

impl TypeLookup for LocalTypes<'_> {
    #[inline]
    fn get(&self, id: TypeId) -> Type {
        if id.index() < self.local.base as usize {
            self.module.get(id)
        } else {
            self.local.get(id)
        }
    }
    fn fields(&self, id: TypeId) -> &[TypeId] {
        if id.index() < self.local.base as usize {
            self.module.fields(id)
        } else {
            self.local.fields(id)
        }
    }
    fn named(&self, n: NamedStruct) -> &NamedStructDef {
        self.module.named(n)
    }
}

impl TypeInterner for LocalTypes<'_> {
    fn intern(&mut self, key: TypeKey) -> TypeId {
        if let Some(id) = self.module.lookup(&key) {
            return id;
        }
        self.local.intern(key)
    }
    fn named_struct(&mut self, name: &str, _offset: u32) -> Option<TypeId> {
        self.module.find_named(name)
    }
}
