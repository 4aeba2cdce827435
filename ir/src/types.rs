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
use hashbrown::HashTable;

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

/// The structural key used for interning and lookup; lists are borrowed,
/// so looking a type up never allocates.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum TypeKey<'k> {
    Simple(Type),
    Struct {
        packed: bool,
        fields: &'k [TypeId],
    },
    Func {
        ret: TypeId,
        params: &'k [TypeId],
        vararg: bool,
    },
}

/// Primitive types every table pre-interns, found without hashing.
const PRIMITIVES: [Type; 12] = [
    Type::Void,
    Type::Int(1),
    Type::Int(8),
    Type::Int(16),
    Type::Int(32),
    Type::Int(64),
    Type::Float,
    Type::Double,
    Type::Ptr(0),
    Type::Label,
    Type::Metadata,
    Type::Token,
];

/// Fixed ids of the primitive types in every module table (an overlay's
/// ids start after them).
pub mod prim {
    use super::TypeId;
    pub const VOID: TypeId = TypeId::from_u32(0);
    pub const I1: TypeId = TypeId::from_u32(1);
    pub const I8: TypeId = TypeId::from_u32(2);
    pub const I16: TypeId = TypeId::from_u32(3);
    pub const I32: TypeId = TypeId::from_u32(4);
    pub const I64: TypeId = TypeId::from_u32(5);
    pub const FLOAT: TypeId = TypeId::from_u32(6);
    pub const DOUBLE: TypeId = TypeId::from_u32(7);
    pub const PTR: TypeId = TypeId::from_u32(8);
    pub const LABEL: TypeId = TypeId::from_u32(9);
    pub const METADATA: TypeId = TypeId::from_u32(10);
    pub const TOKEN: TypeId = TypeId::from_u32(11);
}

fn primitive_index(t: Type) -> Option<usize> {
    Some(match t {
        Type::Void => 0,
        Type::Int(1) => 1,
        Type::Int(8) => 2,
        Type::Int(16) => 3,
        Type::Int(32) => 4,
        Type::Int(64) => 5,
        Type::Float => 6,
        Type::Double => 7,
        Type::Ptr(0) => 8,
        Type::Label => 9,
        Type::Metadata => 10,
        Type::Token => 11,
        _ => return None,
    })
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
#[derive(Clone, Default)]
pub struct TypeTable {
    /// First id of this table: 0 for a module, the module's length for an overlay.
    base: u32,
    types: Vec<Type>,
    lists: Vec<TypeId>,
    /// Interned ids, hashed by structure (see `key_hash`).
    map: HashTable<TypeId>,
    hasher: ahash::RandomState,
    /// Named structs, in order of first mention.
    pub named: Vec<NamedStructDef>,
    named_map: AHashMap<Box<str>, TypeId>,
}

impl std::fmt::Debug for TypeTable {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("TypeTable")
            .field("base", &self.base)
            .field("types", &self.types)
            .finish()
    }
}

impl TypeTable {
    /// An empty table holding only the primitive types, at ids `0..12`.
    pub fn new() -> Self {
        let mut t = TypeTable {
            hasher: ahash::RandomState::with_seeds(1, 2, 3, 4),
            ..Self::default()
        };
        for p in PRIMITIVES {
            t.intern(TypeKey::Simple(p));
        }
        t
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

    fn key_hash(&self, k: &TypeKey<'_>) -> u64 {
        self.hasher.hash_one(k)
    }

    /// The key of a type stored in this table.
    fn stored_key(&self, id: TypeId) -> TypeKey<'_> {
        match self.get(id) {
            Type::Struct { packed, fields } => TypeKey::Struct {
                packed,
                fields: fields.get(&self.lists),
            },
            Type::Func {
                ret,
                params,
                vararg,
            } => TypeKey::Func {
                ret,
                params: params.get(&self.lists),
                vararg,
            },
            t => TypeKey::Simple(t),
        }
    }

    /// Interns a type given by key.
    pub fn intern(&mut self, key: TypeKey<'_>) -> TypeId {
        if let Some(id) = self.lookup(&key) {
            return id;
        }
        let ty = match key {
            TypeKey::Simple(t) => t,
            TypeKey::Struct { packed, fields } => Type::Struct {
                packed,
                fields: PoolRange::push_slice(&mut self.lists, fields),
            },
            TypeKey::Func {
                ret,
                params,
                vararg,
            } => Type::Func {
                ret,
                params: PoolRange::push_slice(&mut self.lists, params),
                vararg,
            },
        };
        let id = TypeId::from_index(self.len());
        self.types.push(ty);
        let h = self.key_hash(&key);
        let TypeTable {
            map,
            types,
            lists,
            hasher,
            base,
            ..
        } = self;
        map.insert_unique(h, id, |&other| {
            let k = match types[other.index() - *base as usize] {
                Type::Struct { packed, fields } => TypeKey::Struct {
                    packed,
                    fields: fields.get(lists),
                },
                Type::Func {
                    ret,
                    params,
                    vararg,
                } => TypeKey::Func {
                    ret,
                    params: params.get(lists),
                    vararg,
                },
                t => TypeKey::Simple(t),
            };
            hasher.hash_one(k)
        });
        id
    }

    /// Finds an interned type by key without adding it.
    pub fn lookup(&self, key: &TypeKey<'_>) -> Option<TypeId> {
        if let TypeKey::Simple(t) = key {
            if let Some(i) = primitive_index(*t) {
                if self.base == 0 && self.types.len() > i {
                    return Some(TypeId::from_index(i));
                }
            }
        }
        let h = self.key_hash(key);
        self.map.find(h, |&id| self.stored_key(id) == *key).copied()
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

    /// Bytes of heap memory held (approximate: maps counted by capacity).
    pub fn heap_bytes(&self) -> usize {
        self.types.capacity() * std::mem::size_of::<Type>()
            + self.lists.capacity() * 4
            + self.map.capacity() * 4
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
        let mut scratch: Vec<TypeId> = Vec::new();
        for i in 0..overlay.types.len() {
            let id = match overlay.stored_key(TypeId::from_index(base + i)) {
                TypeKey::Simple(t) => self.intern(TypeKey::Simple(match t {
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
                })),
                TypeKey::Struct { packed, fields } => {
                    scratch.clear();
                    scratch.extend(fields.iter().map(|&f| remap(&map, f)));
                    self.intern(TypeKey::Struct {
                        packed,
                        fields: &scratch,
                    })
                }
                TypeKey::Func {
                    ret,
                    params,
                    vararg,
                } => {
                    scratch.clear();
                    scratch.extend(params.iter().map(|&f| remap(&map, f)));
                    self.intern(TypeKey::Func {
                        ret: remap(&map, ret),
                        params: &scratch,
                        vararg,
                    })
                }
            };
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
    #[inline]
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
        debug_assert!(
            module.base == 0
                && module.types.len() >= PRIMITIVES.len()
                && module.types[8] == Type::Ptr(0),
            "overlays sit on a module table made by TypeTable::new"
        );
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
    fn intern(&mut self, key: TypeKey<'_>) -> TypeId;
    /// The named struct `name`, if declared (bodies cannot declare new ones).
    fn named_struct(&mut self, name: &str, offset: u32) -> Option<TypeId>;
    /// Interns a simple type.
    fn simple(&mut self, t: Type) -> TypeId {
        self.intern(TypeKey::Simple(t))
    }
}

impl TypeInterner for TypeTable {
    fn intern(&mut self, key: TypeKey<'_>) -> TypeId {
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
    fn intern(&mut self, key: TypeKey<'_>) -> TypeId {
        if let Some(id) = self.module.lookup(&key) {
            return id;
        }
        self.local.intern(key)
    }
    fn named_struct(&mut self, name: &str, _offset: u32) -> Option<TypeId> {
        self.module.find_named(name)
    }
    /// Primitives have fixed ids in the module table (see [`LocalTypes::new`]).
    #[inline]
    fn simple(&mut self, t: Type) -> TypeId {
        match primitive_index(t) {
            Some(i) => TypeId::from_index(i),
            None => self.intern(TypeKey::Simple(t)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn interning_is_structural() {
        let mut t = TypeTable::new();
        let i64t = t.simple(Type::Int(64));
        assert_eq!(i64t, TypeId::from_index(5));
        let p1 = t.simple(Type::TypedPtr {
            pointee: i64t,
            addrspace: 0,
        });
        let s1 = t.intern(TypeKey::Struct {
            packed: false,
            fields: &[i64t, p1],
        });
        let p2 = t.simple(Type::TypedPtr {
            pointee: i64t,
            addrspace: 0,
        });
        let s2 = t.intern(TypeKey::Struct {
            packed: false,
            fields: &[i64t, p2],
        });
        assert_eq!((p1, s1), (p2, s2));
        let mut local = LocalTypes::new(&t);
        assert_eq!(
            local.simple(Type::TypedPtr {
                pointee: i64t,
                addrspace: 0
            }),
            p1
        );
        let v1 = local.simple(Type::Vector { len: 4, elem: i64t });
        let v2 = local.simple(Type::Vector { len: 4, elem: i64t });
        assert_eq!(v1, v2);
        assert!(v1.index() >= t.len());
    }
}
