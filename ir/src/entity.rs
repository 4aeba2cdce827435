//! Typed `u32` entity ids and the maps keyed by them.
//!
//! Every entity in rcc (a type, a constant, a block, an instruction, a machine
//! instruction, a symbol, ...) is named by a `u32` newtype made with
//! [`entity_id!`]. Ids are dense indices handed out by a [`PrimaryMap`], which
//! owns the entity's primary data; side data lives in [`SecondaryMap`]s sized
//! explicitly, so ids of one kind can never index a table of another kind.
//!
//! Invariants:
//! - `u32::MAX` is reserved as "none": [`PackedOption`] stores an optional id
//!   in 4 bytes.
//! - Ids are only created by the map that owns the entity (or by
//!   `from_index` in code that rebuilds such a map), so every id is in bounds
//!   of its primary map.
//! - Variable-length lists (operands, successors, fields, ...) are not a `Vec`
//!   per entity: they are `start..end` ranges ([`PoolRange`]) into one flat
//!   pool per owner.

use std::fmt;
use std::marker::PhantomData;
use std::ops::{Index, IndexMut};

/// A dense `u32` id. Implemented by [`entity_id!`].
pub trait EntityId: Copy + Eq + Ord + std::hash::Hash + fmt::Debug {
    /// The id with this index. Panics if `index` is `u32::MAX` or larger.
    fn from_index(index: usize) -> Self;
    /// The index of this id.
    fn index(self) -> usize;
}

/// Defines a `u32` newtype id displayed as `prefix` followed by its index,
/// e.g. `entity_id!(pub struct Block, "bb");` displays as `bb3`.
#[macro_export]
macro_rules! entity_id {
    ($(#[$attr:meta])* $vis:vis struct $name:ident, $prefix:expr) => {
        $(#[$attr])*
        #[derive(Copy, Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
        #[repr(transparent)]
        $vis struct $name(u32);

        impl $crate::entity::EntityId for $name {
            #[inline]
            fn from_index(index: usize) -> Self {
                assert!(index < u32::MAX as usize, "entity index overflow");
                $name(index as u32)
            }
            #[inline]
            fn index(self) -> usize {
                self.0 as usize
            }
        }

        impl $name {
            /// The raw `u32` of this id.
            #[inline]
            #[allow(dead_code)]
            pub const fn as_u32(self) -> u32 {
                self.0
            }
            /// The id whose raw value is `raw`.
            #[inline]
            #[allow(dead_code)]
            pub const fn from_u32(raw: u32) -> Self {
                $name(raw)
            }
        }

        impl ::std::fmt::Display for $name {
            fn fmt(&self, f: &mut ::std::fmt::Formatter<'_>) -> ::std::fmt::Result {
                write!(f, "{}{}", $prefix, self.0)
            }
        }

        impl ::std::fmt::Debug for $name {
            fn fmt(&self, f: &mut ::std::fmt::Formatter<'_>) -> ::std::fmt::Result {
                ::std::fmt::Display::fmt(self, f)
            }
        }
    };
}

/// An optional id in 4 bytes: `u32::MAX` means none.
#[derive(Copy, Clone, PartialEq, Eq, Hash)]
pub struct PackedOption<K: EntityId>(u32, PhantomData<K>);

impl<K: EntityId> PackedOption<K> {
    /// No id.
    pub const NONE: Self = PackedOption(u32::MAX, PhantomData);

    /// Some id.
    #[inline]
    pub fn some(k: K) -> Self {
        PackedOption(k.index() as u32, PhantomData)
    }

    /// The id, if any.
    #[inline]
    pub fn expand(self) -> Option<K> {
        (self.0 != u32::MAX).then(|| K::from_index(self.0 as usize))
    }

    /// Whether there is no id.
    #[inline]
    pub fn is_none(self) -> bool {
        self.0 == u32::MAX
    }
}

impl<K: EntityId> Default for PackedOption<K> {
    fn default() -> Self {
        Self::NONE
    }
}

impl<K: EntityId> From<Option<K>> for PackedOption<K> {
    fn from(o: Option<K>) -> Self {
        o.map_or(Self::NONE, Self::some)
    }
}

impl<K: EntityId> fmt::Debug for PackedOption<K> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.expand() {
            Some(k) => write!(f, "{k:?}"),
            None => f.write_str("none"),
        }
    }
}

/// The map that owns entities of kind `K`: pushing allocates the next id.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct PrimaryMap<K: EntityId, V> {
    elems: Vec<V>,
    _k: PhantomData<K>,
}

impl<K: EntityId, V> PrimaryMap<K, V> {
    /// An empty map.
    pub const fn new() -> Self {
        PrimaryMap {
            elems: Vec::new(),
            _k: PhantomData,
        }
    }
    /// An empty map with room for `n` entities.
    pub fn with_capacity(n: usize) -> Self {
        PrimaryMap {
            elems: Vec::with_capacity(n),
            _k: PhantomData,
        }
    }
    /// Adds an entity and returns its id.
    #[inline]
    pub fn push(&mut self, v: V) -> K {
        let k = K::from_index(self.elems.len());
        self.elems.push(v);
        k
    }
    /// The id the next `push` returns.
    #[inline]
    pub fn next_key(&self) -> K {
        K::from_index(self.elems.len())
    }
    /// The number of entities.
    #[inline]
    pub fn len(&self) -> usize {
        self.elems.len()
    }
    /// Whether there are no entities.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.elems.is_empty()
    }
    /// The entity `k`, if `k` is in bounds.
    #[inline]
    pub fn get(&self, k: K) -> Option<&V> {
        self.elems.get(k.index())
    }
    /// All ids, in order.
    pub fn keys(&self) -> impl DoubleEndedIterator<Item = K> + ExactSizeIterator + use<K, V> {
        (0..self.elems.len()).map(K::from_index)
    }
    /// All values, in id order.
    pub fn values(&self) -> std::slice::Iter<'_, V> {
        self.elems.iter()
    }
    /// All `(id, value)` pairs, in id order.
    pub fn iter(&self) -> impl DoubleEndedIterator<Item = (K, &V)> + ExactSizeIterator {
        self.elems
            .iter()
            .enumerate()
            .map(|(i, v)| (K::from_index(i), v))
    }
    /// Removes every entity, keeping the allocation.
    pub fn clear(&mut self) {
        self.elems.clear();
    }
    /// The values as a slice, indexed by `K::index`.
    pub fn as_slice(&self) -> &[V] {
        &self.elems
    }
    /// Bytes of heap memory held.
    pub fn heap_bytes(&self) -> usize {
        self.elems.capacity() * std::mem::size_of::<V>()
    }
}

impl<K: EntityId, V> Default for PrimaryMap<K, V> {
    fn default() -> Self {
        Self::new()
    }
}

impl<K: EntityId, V: fmt::Debug> fmt::Debug for PrimaryMap<K, V> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_map().entries(self.iter()).finish()
    }
}

impl<K: EntityId, V> Index<K> for PrimaryMap<K, V> {
    type Output = V;
    #[inline]
    fn index(&self, k: K) -> &V {
        &self.elems[k.index()]
    }
}

impl<K: EntityId, V> IndexMut<K> for PrimaryMap<K, V> {
    #[inline]
    fn index_mut(&mut self, k: K) -> &mut V {
        &mut self.elems[k.index()]
    }
}

/// Side data for entities of kind `K`, sized explicitly with `resize`.
/// Reading an id beyond the size yields the default value.
#[derive(Clone)]
pub struct SecondaryMap<K: EntityId, V: Clone> {
    elems: Vec<V>,
    default: V,
    _k: PhantomData<K>,
}

impl<K: EntityId, V: Clone + Default> SecondaryMap<K, V> {
    /// An empty map whose unset entries read as `V::default()`.
    pub fn new() -> Self {
        Self::with_default(V::default())
    }
}

impl<K: EntityId, V: Clone + Default> Default for SecondaryMap<K, V> {
    fn default() -> Self {
        Self::new()
    }
}

impl<K: EntityId, V: Clone> SecondaryMap<K, V> {
    /// An empty map whose unset entries read as `default`.
    pub fn with_default(default: V) -> Self {
        SecondaryMap {
            elems: Vec::new(),
            default,
            _k: PhantomData,
        }
    }
    /// Makes room for exactly `n` entities, filling new slots with the default.
    pub fn resize(&mut self, n: usize) {
        self.elems.resize(n, self.default.clone());
    }
    /// Resets every entry to the default and sizes the map for `n` entities.
    pub fn clear_and_resize(&mut self, n: usize) {
        self.elems.clear();
        self.elems.resize(n, self.default.clone());
    }
    /// The number of explicitly sized entries.
    pub fn len(&self) -> usize {
        self.elems.len()
    }
    /// Whether the map is sized for no entity.
    pub fn is_empty(&self) -> bool {
        self.elems.is_empty()
    }
}

impl<K: EntityId, V: Clone> Index<K> for SecondaryMap<K, V> {
    type Output = V;
    #[inline]
    fn index(&self, k: K) -> &V {
        self.elems.get(k.index()).unwrap_or(&self.default)
    }
}

impl<K: EntityId, V: Clone> IndexMut<K> for SecondaryMap<K, V> {
    /// Grows the map to include `k` if needed.
    #[inline]
    fn index_mut(&mut self, k: K) -> &mut V {
        let i = k.index();
        if i >= self.elems.len() {
            self.elems.resize(i + 1, self.default.clone());
        }
        &mut self.elems[i]
    }
}

/// A `start..end` range into a flat pool, in 8 bytes. The owner of the pool
/// is implied by the field that holds the range.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Default)]
pub struct PoolRange {
    /// First element.
    pub start: u32,
    /// One past the last element.
    pub end: u32,
}

impl PoolRange {
    /// The empty range.
    pub const EMPTY: PoolRange = PoolRange { start: 0, end: 0 };

    /// Appends `items` to `pool` and returns their range.
    #[inline]
    pub fn push_slice<T: Copy>(pool: &mut Vec<T>, items: &[T]) -> PoolRange {
        let start = pool.len() as u32;
        pool.extend_from_slice(items);
        PoolRange {
            start,
            end: pool.len() as u32,
        }
    }
    /// The range covering `pool[start..]`, for items pushed since `start`.
    #[inline]
    pub fn since<T>(pool: &[T], start: usize) -> PoolRange {
        PoolRange {
            start: start as u32,
            end: pool.len() as u32,
        }
    }
    /// The elements of this range in `pool`.
    #[inline]
    pub fn get<T>(self, pool: &[T]) -> &[T] {
        &pool[self.start as usize..self.end as usize]
    }
    /// The elements of this range in `pool`, mutably.
    #[inline]
    pub fn get_mut<T>(self, pool: &mut [T]) -> &mut [T] {
        &mut pool[self.start as usize..self.end as usize]
    }
    /// The number of elements.
    #[inline]
    pub fn len(self) -> usize {
        (self.end - self.start) as usize
    }
    /// Whether the range is empty.
    #[inline]
    pub fn is_empty(self) -> bool {
        self.end == self.start
    }
}

impl fmt::Debug for PoolRange {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}..{}", self.start, self.end)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    entity_id!(struct Thing, "t");

    #[test]
    fn primary_and_secondary_maps() {
        let mut p: PrimaryMap<Thing, &str> = PrimaryMap::new();
        let a = p.push("a");
        let b = p.push("b");
        assert_eq!(format!("{a} {b:?}"), "t0 t1");
        assert_eq!(p[b], "b");
        let mut s: SecondaryMap<Thing, u8> = SecondaryMap::new();
        s.resize(1);
        assert_eq!(s[b], 0);
        s[b] = 7;
        assert_eq!((s[a], s[b]), (0, 7));
    }

    #[test]
    fn packed_option_round_trips() {
        let none: PackedOption<Thing> = PackedOption::NONE;
        assert_eq!(none.expand(), None);
        assert_eq!(PackedOption::some(Thing(3)).expand(), Some(Thing(3)));
        assert_eq!(std::mem::size_of::<PackedOption<Thing>>(), 4);
    }

    #[test]
    fn pool_ranges() {
        let mut pool = vec![1u32];
        let r = PoolRange::push_slice(&mut pool, &[2, 3]);
        assert_eq!(r.get(&pool), &[2, 3]);
        assert_eq!(r.len(), 2);
    }
}
