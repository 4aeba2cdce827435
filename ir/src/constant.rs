//! Constants and constant pools.
//!
//! A [`ConstPool`] holds constants for one context: the module's pool holds
//! global initializers, and each function body has its own pool for the
//! constants its instructions use (so bodies are parsed in parallel without
//! sharing). Constant operands (aggregate elements, expression operands) are
//! [`Value`]s that name constants of the same pool or globals.
//!
//! Invariants:
//! - Scalar leaves (integers up to 64 bits, floats up to 64 bits, `null`,
//!   `undef`, `poison`, `zeroinitializer`, `none`) are interned: equal
//!   scalars of a pool have the same id. Aggregates and expressions are not
//!   interned; each occurrence gets its own id.
//! - An `Int` holds the value zero-extended and masked to the type's width.
//! - Every element of an aggregate is a `Const` or `Global` value.
//! - The scalar index (`scalars`, `int_cache`) covers `data[..indexed]`; it
//!   is brought up to date lazily by [`ConstPool::add`], so a pool copied
//!   without its index ([`ConstPool::take_compact`]) stays correct.

use crate::entity::{EntityId, PoolRange, PrimaryMap};
use crate::entity_id;
use crate::inst::Opcode;
use crate::span::Span;
use crate::types::TypeId;
use crate::value::{Value, ValueTag};
use ahash::AHashMap;

entity_id!(
    /// A constant of some pool.
    pub struct ConstId,
    "c"
);

/// A constant's payload.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum ConstKind {
    /// An integer of at most 64 bits, zero-extended.
    Int(u64),
    /// A wider integer: little-endian 64-bit words in `words`.
    BigInt(PoolRange),
    /// `half`, `bfloat`, `float` or `double`: the raw IEEE bits.
    Float(u64),
    /// `x86_fp80`, `fp128` or `ppc_fp128`: raw bits, two words (low first).
    BigFloat(PoolRange),
    Null,
    Undef,
    Poison,
    Zero,
    /// The `none` token.
    NoneToken,
    /// Array, struct or vector elements, in `elems`.
    Aggregate(PoolRange),
    /// `c"..."`: the escaped text between the quotes.
    CString(Span),
    /// `blockaddress(@f, %bb)`: the function and the block's name as written.
    BlockAddress {
        func: Value,
        block: Span,
    },
    DsoLocalEquivalent(Value),
    NoCfi(Value),
    /// A constant expression: the opcode, the instruction flags (as in
    /// [`crate::inst`]), an auxiliary type (GEP source element type) and the
    /// operands in `elems`. For a GEP with `inrange(lo, hi)` the first two
    /// operands are the `i64` bounds and `GEP_INRANGE` is set in `flags`.
    Expr {
        op: Opcode,
        flags: u32,
        aux: TypeId,
        ops: PoolRange,
    },
}

/// Slots of the integer-constant cache (a power of two).
const INT_CACHE: usize = 64;

/// One constant.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct ConstData {
    pub ty: TypeId,
    pub kind: ConstKind,
}

/// A pool of constants. See the module comment.
#[derive(Clone, Debug, Default)]
pub struct ConstPool {
    pub data: PrimaryMap<ConstId, ConstData>,
    /// Aggregate elements and expression operands.
    pub elems: Vec<Value>,
    /// Words of wide integers and floats.
    pub words: Vec<u64>,
    scalars: AHashMap<ConstData, ConstId>,
    /// Direct-mapped cache in front of `scalars` for integer constants.
    int_cache: Vec<(TypeId, u64, ConstId)>,
    /// How many constants of `data` the index covers.
    indexed: usize,
}

/// Whether constants of this kind are interned.
#[inline]
fn is_scalar(kind: ConstKind) -> bool {
    matches!(
        kind,
        ConstKind::Int(_)
            | ConstKind::Float(_)
            | ConstKind::Null
            | ConstKind::Undef
            | ConstKind::Poison
            | ConstKind::Zero
            | ConstKind::NoneToken
    )
}

impl ConstPool {
    /// An empty pool.
    pub fn new() -> Self {
        Self::default()
    }

    /// Adds a constant, reusing an equal scalar if there is one.
    #[inline]
    pub fn add(&mut self, ty: TypeId, kind: ConstKind) -> ConstId {
        if self.indexed != self.data.len() {
            self.reindex();
        }
        if let ConstKind::Int(v) = kind {
            if self.int_cache.is_empty() {
                self.int_cache =
                    vec![(TypeId::from_u32(u32::MAX), 0, ConstId::from_u32(0)); INT_CACHE];
            }
            let slot =
                (v.wrapping_mul(31).wrapping_add(ty.as_u32() as u64) as usize) & (INT_CACHE - 1);
            let (t, x, c) = self.int_cache[slot];
            if t == ty && x == v {
                return c;
            }
            let c = self.add_slow(ty, kind);
            self.int_cache[slot] = (ty, v, c);
            return c;
        }
        self.add_slow(ty, kind)
    }

    fn add_slow(&mut self, ty: TypeId, kind: ConstKind) -> ConstId {
        let d = ConstData { ty, kind };
        if is_scalar(kind) {
            if let Some(&c) = self.scalars.get(&d) {
                return c;
            }
        }
        let c = self.data.push(d);
        if is_scalar(kind) {
            self.scalars.insert(d, c);
        }
        self.indexed = self.data.len();
        c
    }

    /// Extends the scalar index over `data[indexed..]` (the first of equal
    /// scalars wins, as it would have when they were added).
    #[cold]
    fn reindex(&mut self) {
        if self.indexed > self.data.len() {
            self.scalars.clear();
            self.indexed = 0;
        }
        self.int_cache.clear();
        for i in self.indexed..self.data.len() {
            let c = ConstId::from_index(i);
            let d = self.data[c];
            if is_scalar(d.kind) {
                self.scalars.entry(d).or_insert(c);
            }
        }
        self.indexed = self.data.len();
    }

    /// Moves the constants out into an exactly-sized pool without an index
    /// and leaves `self` empty with its buffers kept for reuse.
    pub fn take_compact(&mut self) -> ConstPool {
        let out = ConstPool {
            data: self.data.clone(),
            elems: self.elems.clone(),
            words: self.words.clone(),
            ..ConstPool::default()
        };
        self.data.clear();
        self.elems.clear();
        self.words.clear();
        self.scalars.clear();
        self.int_cache.clear();
        self.indexed = 0;
        out
    }

    /// Adds a constant and returns it as a value.
    pub fn value(&mut self, ty: TypeId, kind: ConstKind) -> Value {
        Value::of(ValueTag::Const, self.add(ty, kind))
    }

    /// The constant `c`.
    #[inline]
    pub fn get(&self, c: ConstId) -> ConstData {
        self.data[c]
    }

    /// The elements or operands of a constant, if it has any.
    pub fn operands(&self, c: ConstId) -> &[Value] {
        match self.data[c].kind {
            ConstKind::Aggregate(r) | ConstKind::Expr { ops: r, .. } => r.get(&self.elems),
            _ => &[],
        }
    }

    /// The words of a wide integer or float.
    pub fn words_of(&self, c: ConstId) -> &[u64] {
        match self.data[c].kind {
            ConstKind::BigInt(r) | ConstKind::BigFloat(r) => r.get(&self.words),
            _ => &[],
        }
    }

    /// Rewrites every type id through `f` (used when merging a body's type
    /// overlay into the module) and rebuilds the scalar index.
    pub fn remap_types(&mut self, f: impl Fn(TypeId) -> TypeId) {
        for i in 0..self.data.len() {
            let d = &mut self.data[ConstId::from_index(i)];
            d.ty = f(d.ty);
            if let ConstKind::Expr { aux, .. } = &mut d.kind {
                *aux = f(*aux);
            }
        }
        self.scalars.clear();
        self.int_cache.clear();
        self.indexed = 0;
    }

    /// Bytes of heap memory held (approximate).
    pub fn heap_bytes(&self) -> usize {
        self.data.heap_bytes()
            + self.elems.capacity() * 4
            + self.words.capacity() * 8
            + self.scalars.capacity() * (std::mem::size_of::<ConstData>() + 4)
    }
}
