//! The data layout: sizes, alignments and struct field offsets of IR types.
//!
//! Built from the module's `target datalayout` string over the x86-64
//! System V defaults (what clang writes for `x86_64-unknown-linux-gnu`), so
//! a module without a layout string is laid out like clang's. Only the
//! specifications that change a type's size or alignment are read: `e`/`E`,
//! `p[n]:size:abi[:pref]`, `iN:abi[:pref]`, `fN:abi[:pref]`,
//! `vN:abi[:pref]`, `a:abi[:pref]`, `S`. Everything else (`m:`, `n`, `Fi`,
//! address-space pointers other than 0) is accepted and ignored.
//!
//! Struct layouts (size, alignment and every field offset) are computed
//! once per struct type and cached, as LLVM's `DataLayout::getStructLayout`
//! does: [`DataLayout::bind`] lays out every struct of a type table in one
//! pass over the type graph (each struct visited once, children first, with
//! an explicit stack, so neither nesting depth nor shared subtypes make it
//! super-linear). `Module::data_layout` returns a layout bound to the
//! module's table. A struct id the cache does not hold (an unbound layout,
//! or a table other than the bound one) is laid out on the spot with a
//! per-call memo, which is linear in the size of its type graph too.
//!
//! Invariants: a bound layout answers only for the table it was bound to
//! (ids are table-relative); every size is in bytes and every alignment is a power of two
//! in bytes; `alloc_size(t)` is `store_size(t)` rounded up to `abi_align(t)`,
//! as LLVM defines it; a preferred alignment is never below the ABI one
//! (an omitted preferred alignment equals the ABI one). Opaque structs, `label`, `token`, `metadata` and
//! functions have size 0 and alignment 1 (they can't be stored).

use crate::entity::EntityId;
use crate::types::{Type, TypeId, TypeLookup};
use ahash::{AHashMap, AHashSet};

/// The layout of one struct type: allocation size, ABI alignment, and the
/// field offsets at `offsets[first..first + fields]` of the owning pool.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
struct StructEntry {
    size: u64,
    /// 0 while the entry is unset (not a struct, or not laid out yet).
    align: u32,
    first: u32,
}

const UNSET: StructEntry = StructEntry {
    size: 0,
    align: 0,
    first: 0,
};

/// Struct layouts by type id, with their field offsets in one flat pool.
#[derive(Clone, Debug, Default)]
struct StructLayouts {
    entries: Vec<StructEntry>,
    offsets: Vec<u64>,
}

impl StructLayouts {
    fn get(&self, ty: TypeId) -> Option<StructEntry> {
        self.entries
            .get(ty.index())
            .copied()
            .filter(|e| e.align != 0)
    }
}

/// Where [`DataLayout::layout_structs`] records the layouts it computes:
/// the bound cache, or a memo local to one query.
trait StructSink {
    fn lookup(&self, ty: TypeId) -> Option<StructEntry>;
    /// Records a struct's layout and its field offsets.
    fn record(&mut self, ty: TypeId, size: u64, align: u32, offsets: &[u64]);
}

impl StructSink for StructLayouts {
    fn lookup(&self, ty: TypeId) -> Option<StructEntry> {
        self.get(ty)
    }
    fn record(&mut self, ty: TypeId, size: u64, align: u32, offsets: &[u64]) {
        if self.entries.len() <= ty.index() {
            self.entries.resize(ty.index() + 1, UNSET);
        }
        let first = u32::try_from(self.offsets.len()).expect("field offset pool over 2^32");
        self.offsets.extend_from_slice(offsets);
        self.entries[ty.index()] = StructEntry { size, align, first };
    }
}

/// A per-query memo over the bound cache (for structs it does not hold).
struct Memo<'c> {
    bound: &'c StructLayouts,
    local: AHashMap<TypeId, StructEntry>,
    offsets: Vec<u64>,
}

impl StructSink for Memo<'_> {
    fn lookup(&self, ty: TypeId) -> Option<StructEntry> {
        self.bound.get(ty).or_else(|| self.local.get(&ty).copied())
    }
    fn record(&mut self, ty: TypeId, size: u64, align: u32, offsets: &[u64]) {
        let first = self.offsets.len() as u32;
        self.offsets.extend_from_slice(offsets);
        self.local.insert(ty, StructEntry { size, align, first });
    }
}

/// A parsed data layout.
#[derive(Clone, Debug)]
pub struct DataLayout {
    pub little_endian: bool,
    /// Pointer size, ABI and preferred alignment in bytes (address space 0).
    pub ptr_size: u32,
    pub ptr_align: u32,
    pub ptr_pref_align: u32,
    /// `(bits, abi align, preferred align)` in bytes for integers, sorted by
    /// bits.
    ints: Vec<(u32, u32, u32)>,
    /// The same for floating-point types.
    floats: Vec<(u32, u32, u32)>,
    /// The same for vectors.
    vectors: Vec<(u32, u32, u32)>,
    /// Aggregate ABI and preferred alignment (LLVM's default `a:0:64`).
    pub aggregate_align: u32,
    pub aggregate_pref_align: u32,
    /// Natural stack alignment in bytes (0 = unspecified).
    pub stack_align: u32,
    /// Cached struct layouts of the bound type table (empty when unbound).
    structs: StructLayouts,
}

impl Default for DataLayout {
    fn default() -> Self {
        DataLayout {
            little_endian: true,
            ptr_size: 8,
            ptr_align: 8,
            ptr_pref_align: 8,
            ints: vec![
                (1, 1, 1),
                (8, 1, 1),
                (16, 2, 2),
                (32, 4, 4),
                (64, 8, 8),
                (128, 16, 16),
            ],
            floats: vec![
                (16, 2, 2),
                (32, 4, 4),
                (64, 8, 8),
                (80, 16, 16),
                (128, 16, 16),
            ],
            vectors: vec![(64, 8, 8), (128, 16, 16)],
            aggregate_align: 1,
            aggregate_pref_align: 8,
            stack_align: 16,
            structs: StructLayouts::default(),
        }
    }
}

fn set(list: &mut Vec<(u32, u32, u32)>, bits: u32, align: u32, pref: u32) {
    match list.binary_search_by_key(&bits, |e| e.0) {
        Ok(i) => list[i] = (bits, align, pref),
        Err(i) => list.insert(i, (bits, align, pref)),
    }
}

fn bits_to_bytes(bits: u32) -> u32 {
    bits.div_ceil(8)
}

impl DataLayout {
    /// The layout described by `spec` over the x86-64 defaults; an
    /// unparsable specification is an error naming it.
    pub fn parse(spec: &str) -> Result<DataLayout, String> {
        let mut dl = DataLayout::default();
        for item in spec.split('-').filter(|s| !s.is_empty()) {
            let bad = || format!("invalid data layout specification '{item}'");
            let num = |s: &str| s.parse::<u32>().map_err(|_| bad());
            let head_len = item.chars().next().map_or(0, char::len_utf8);
            let (head, rest) = item.split_at(head_len);
            let pow2 = |x: u32| {
                if x.is_power_of_two() {
                    Ok(x)
                } else {
                    Err(bad())
                }
            };
            let parts: Vec<&str> = rest.split(':').collect();
            match head {
                "e" => dl.little_endian = true,
                "E" => dl.little_endian = false,
                "S" => {
                    // `S0`: unspecified.
                    let b = bits_to_bytes(num(rest)?);
                    if b != 0 {
                        dl.stack_align = pow2(b)?;
                    }
                }
                "p" => {
                    let addrspace = if parts[0].is_empty() {
                        0
                    } else {
                        num(parts[0])?
                    };
                    if addrspace == 0 && parts.len() >= 3 {
                        let bits = num(parts[1])?;
                        if bits == 0 || bits % 8 != 0 {
                            return Err(bad());
                        }
                        dl.ptr_size = bits / 8;
                        dl.ptr_align = pow2(bits_to_bytes(num(parts[2])?))?;
                        dl.ptr_pref_align = match parts.get(3) {
                            Some(p) => pow2(bits_to_bytes(num(p)?))?.max(dl.ptr_align),
                            None => dl.ptr_align,
                        };
                    }
                }
                "i" | "f" | "v" if parts.len() >= 2 => {
                    let bits = num(parts[0])?;
                    let align = bits_to_bytes(num(parts[1])?);
                    let pref = match parts.get(2) {
                        Some(p) => bits_to_bytes(num(p)?),
                        None => align,
                    };
                    if !align.is_power_of_two() || !pref.is_power_of_two() || pref < align {
                        return Err(bad());
                    }
                    let list = match head {
                        "i" => &mut dl.ints,
                        "f" => &mut dl.floats,
                        _ => &mut dl.vectors,
                    };
                    set(list, bits, align, pref);
                }
                "a" => {
                    // `a:abi[:pref]` (the older `a0:abi:pref` has a size first).
                    let (abi, pref) = (parts.get(1), parts.get(2));
                    if let Some(a) = abi {
                        dl.aggregate_align = pow2(bits_to_bytes(num(a)?).max(1))?;
                    } else if let Some(a) = parts.first().filter(|a| !a.is_empty()) {
                        dl.aggregate_align = pow2(bits_to_bytes(num(a)?).max(1))?;
                    }
                    if let Some(p) = pref {
                        dl.aggregate_pref_align = pow2(bits_to_bytes(num(p)?).max(1))?;
                    }
                    dl.aggregate_pref_align = dl.aggregate_pref_align.max(dl.aggregate_align);
                }
                _ => {}
            }
        }
        Ok(dl)
    }

    /// Size in bits of a first-class scalar or vector (what LLVM calls the
    /// type size); aggregates give their allocation size in bits.
    pub fn size_in_bits(&self, t: &impl TypeLookup, ty: TypeId) -> u64 {
        match t.get(ty) {
            Type::Int(n) => n as u64,
            Type::Half | Type::BFloat => 16,
            Type::Float => 32,
            Type::Double => 64,
            Type::X86Fp80 => 80,
            Type::Fp128 | Type::PpcFp128 => 128,
            Type::X86Amx => 8192,
            Type::Ptr(_) | Type::TypedPtr { .. } => self.ptr_size as u64 * 8,
            Type::Vector { len, elem } => len as u64 * self.size_in_bits(t, elem),
            Type::Array { .. } | Type::Struct { .. } | Type::Named { .. } => {
                self.alloc_size(t, ty) * 8
            }
            Type::Void | Type::Label | Type::Token | Type::Metadata | Type::Func { .. } => 0,
        }
    }

    /// Bytes a store of the type writes.
    pub fn store_size(&self, t: &impl TypeLookup, ty: TypeId) -> u64 {
        self.size_in_bits(t, ty).div_ceil(8)
    }

    /// Bytes between consecutive elements of an array of the type.
    pub fn alloc_size(&self, t: &impl TypeLookup, ty: TypeId) -> u64 {
        match t.get(ty) {
            Type::Array { len, elem } => len.saturating_mul(self.alloc_size(t, elem)),
            Type::Struct { .. } | Type::Named { .. } => self.struct_size(t, ty).0,
            _ => {
                let a = self.abi_align(t, ty) as u64;
                self.store_size(t, ty).div_ceil(a) * a
            }
        }
    }

    /// ABI alignment in bytes.
    pub fn abi_align(&self, t: &impl TypeLookup, ty: TypeId) -> u32 {
        match t.get(ty) {
            Type::Int(n) => lookup_int(&self.ints, n),
            Type::Half | Type::BFloat => lookup_exact(&self.floats, 16),
            Type::Float => lookup_exact(&self.floats, 32),
            Type::Double => lookup_exact(&self.floats, 64),
            Type::X86Fp80 => lookup_exact(&self.floats, 80),
            Type::Fp128 | Type::PpcFp128 => lookup_exact(&self.floats, 128),
            Type::X86Amx => 64,
            Type::Ptr(_) | Type::TypedPtr { .. } => self.ptr_align,
            Type::Vector { .. } => {
                let bits = self.size_in_bits(t, ty) as u32;
                match self.vectors.binary_search_by_key(&bits, |e| e.0) {
                    Ok(i) => self.vectors[i].1,
                    // LLVM's default: the vector's size rounded up to a power of two.
                    Err(_) => bits_to_bytes(bits).max(1).next_power_of_two(),
                }
            }
            Type::Array { elem, .. } => self.abi_align(t, elem),
            Type::Struct { .. } | Type::Named { .. } => self.struct_size(t, ty).1,
            Type::Void | Type::Label | Type::Token | Type::Metadata | Type::Func { .. } => 1,
        }
    }

    /// Preferred alignment in bytes (what LLVM's `getPrefTypeAlign` gives):
    /// the table's preferred entry for scalars and vectors, the element's for
    /// arrays, and for structs (packed or not) at least the aggregate
    /// preferred alignment.
    pub fn pref_align(&self, t: &impl TypeLookup, ty: TypeId) -> u32 {
        let pref = |list: &[(u32, u32, u32)], bits: u32, exact: bool| match list
            .binary_search_by_key(&bits, |e| e.0)
        {
            Ok(i) => list[i].2,
            Err(i) if !exact && i < list.len() => list[i].2,
            Err(_) if !exact => list.last().map_or(8, |e| e.2),
            Err(_) => bits_to_bytes(bits).max(1).next_power_of_two(),
        };
        match t.get(ty) {
            Type::Int(n) => pref(&self.ints, n, false),
            Type::Half | Type::BFloat => pref(&self.floats, 16, true),
            Type::Float => pref(&self.floats, 32, true),
            Type::Double => pref(&self.floats, 64, true),
            Type::X86Fp80 => pref(&self.floats, 80, true),
            Type::Fp128 | Type::PpcFp128 => pref(&self.floats, 128, true),
            Type::Ptr(_) | Type::TypedPtr { .. } => self.ptr_pref_align,
            Type::Vector { .. } => pref(&self.vectors, self.size_in_bits(t, ty) as u32, true),
            Type::Array { elem, .. } => self.pref_align(t, elem),
            Type::Struct { .. } | Type::Named { .. } => {
                self.struct_size(t, ty).1.max(self.aggregate_pref_align)
            }
            _ => self.abi_align(t, ty),
        }
    }

    /// Binds the layout to the type table `t` (ids `0..len`): every struct
    /// of it is laid out once, and later queries on its ids are lookups.
    pub fn bind(mut self, t: &impl TypeLookup, len: usize) -> DataLayout {
        let mut cache = std::mem::take(&mut self.structs);
        let mut stack = Vec::new();
        let mut offsets = Vec::new();
        for i in 0..len {
            let ty = TypeId::from_u32(i as u32);
            if is_struct(t, ty) && cache.get(ty).is_none() {
                self.layout_structs(t, ty, &mut cache, &mut stack, &mut offsets);
            }
        }
        self.structs = cache;
        self
    }

    /// Lays out struct `root` and every struct it contains by value that
    /// `sink` lacks, children first. A struct that contains itself (invalid
    /// IR, which the verifier rejects) is laid out with the cycle's inner
    /// occurrence as size 0, so the walk always ends.
    fn layout_structs(
        &self,
        t: &impl TypeLookup,
        root: TypeId,
        sink: &mut impl StructSink,
        stack: &mut Vec<(TypeId, bool)>,
        offsets: &mut Vec<u64>,
    ) {
        let mut open: AHashSet<TypeId> = AHashSet::new();
        stack.clear();
        stack.push((root, false));
        while let Some((ty, expanded)) = stack.pop() {
            if sink.lookup(ty).is_some() {
                continue;
            }
            if !expanded {
                if !open.insert(ty) {
                    continue;
                }
                stack.push((ty, true));
                for &f in t.fields(ty) {
                    let inner = strip_arrays(t, f);
                    if is_struct(t, inner) && sink.lookup(inner).is_none() && !open.contains(&inner)
                    {
                        stack.push((inner, false));
                    }
                }
                continue;
            }
            open.remove(&ty);
            let packed = self.is_packed(t, ty);
            let mut off = 0u64;
            let mut align = if packed { 1 } else { self.aggregate_align };
            offsets.clear();
            for &f in t.fields(ty) {
                let (size, a) = self.size_align_with(t, f, sink);
                let a = if packed { 1 } else { a };
                off = off.div_ceil(a as u64) * a as u64;
                offsets.push(off);
                off = off.saturating_add(size);
                align = align.max(a);
            }
            sink.record(
                ty,
                off.div_ceil(align as u64) * align as u64,
                align,
                offsets,
            );
        }
    }

    /// `(allocation size, ABI alignment)` of a field whose structs are all
    /// in `sink` (a missing one is a cycle, laid out as empty).
    fn size_align_with(
        &self,
        t: &impl TypeLookup,
        ty: TypeId,
        sink: &impl StructSink,
    ) -> (u64, u32) {
        match t.get(ty) {
            Type::Array { len, elem } => {
                let (size, align) = self.size_align_with(t, elem, sink);
                (len.saturating_mul(size), align)
            }
            Type::Struct { .. } | Type::Named { .. } => {
                sink.lookup(ty).map_or((0, 1), |e| (e.size, e.align))
            }
            _ => (self.alloc_size(t, ty), self.abi_align(t, ty)),
        }
    }

    /// The cached layout of struct `ty`, computing it (with a memo for this
    /// query) when the bound table does not hold it.
    fn struct_entry(&self, t: &impl TypeLookup, ty: TypeId) -> (StructEntry, Option<Vec<u64>>) {
        if let Some(e) = self.structs.get(ty) {
            return (e, None);
        }
        let mut memo = Memo {
            bound: &self.structs,
            local: AHashMap::new(),
            offsets: Vec::new(),
        };
        self.layout_structs(t, ty, &mut memo, &mut Vec::new(), &mut Vec::new());
        let e = memo.lookup(ty).unwrap_or(StructEntry {
            size: 0,
            align: 1,
            first: 0,
        });
        (e, Some(memo.offsets))
    }

    /// `(allocation size, alignment)` of a struct type.
    fn struct_size(&self, t: &impl TypeLookup, ty: TypeId) -> (u64, u32) {
        let (e, _) = self.struct_entry(t, ty);
        (e.size, e.align)
    }

    fn is_packed(&self, t: &impl TypeLookup, ty: TypeId) -> bool {
        match t.get(ty) {
            Type::Struct { packed, .. } => packed,
            Type::Named { name } => t.named(name).body.is_some_and(|b| b.0),
            _ => false,
        }
    }

    /// Byte offset of field `index` of a struct type (one past the last
    /// field: the end of the last field).
    pub fn field_offset(&self, t: &impl TypeLookup, ty: TypeId, index: usize) -> u64 {
        let n = t.fields(ty).len();
        let (e, local) = self.struct_entry(t, ty);
        let pool = local.as_deref().unwrap_or(&self.structs.offsets);
        if index < n {
            return pool[e.first as usize + index];
        }
        // Past the last field: where the next field would start, unpadded.
        match n.checked_sub(1) {
            Some(last) => {
                let f = t.fields(ty)[last];
                pool[e.first as usize + last].saturating_add(self.alloc_size(t, f))
            }
            None => 0,
        }
    }
}

/// Whether `ty` is a struct type (literal or named; an opaque one has no
/// fields and lays out as empty).
fn is_struct(t: &impl TypeLookup, ty: TypeId) -> bool {
    matches!(t.get(ty), Type::Struct { .. } | Type::Named { .. })
}

/// The element type under any number of array levels.
fn strip_arrays(t: &impl TypeLookup, mut ty: TypeId) -> TypeId {
    while let Type::Array { elem, .. } = t.get(ty) {
        ty = elem;
    }
    ty
}

/// The alignment of `iN`: an exact entry, else the next larger entry's, else
/// the largest one's (LLVM's rule for integers).
fn lookup_int(list: &[(u32, u32, u32)], bits: u32) -> u32 {
    match list.binary_search_by_key(&bits, |e| e.0) {
        Ok(i) => list[i].1,
        Err(i) if i < list.len() => list[i].1,
        Err(_) => list.last().map_or(8, |e| e.1),
    }
}

fn lookup_exact(list: &[(u32, u32, u32)], bits: u32) -> u32 {
    match list.binary_search_by_key(&bits, |e| e.0) {
        Ok(i) => list[i].1,
        Err(_) => bits_to_bytes(bits).max(1).next_power_of_two(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::types::{prim, TypeKey, TypeTable};

    const CLANG: &str =
        "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128";

    #[test]
    fn malformed_specifications_are_errors_not_panics() {
        for spec in [
            "e-m:nal:32-M\u{f}271:32:32-p272:64:64-i6istinc0:128-n8:16:32:64-S128",
            "S24",
            "p:0:64",
            "p:12:8",
            "p:64:24",
            "a:0:24",
        ] {
            assert!(DataLayout::parse(spec).is_err(), "{spec:?}");
        }
        assert_eq!(DataLayout::parse("e-S0").map(|d| d.stack_align), Ok(16));
        // A multi-byte first character is skipped like any unknown item.
        assert!(DataLayout::parse("\u{fffd}-e").is_ok());
    }

    #[test]
    fn scalars() {
        let dl = DataLayout::parse(CLANG).unwrap();
        let mut t = TypeTable::new();
        let f80 = t.simple(Type::X86Fp80);
        let i128 = t.simple(Type::Int(128));
        let i24 = t.simple(Type::Int(24));
        assert_eq!(dl.alloc_size(&t, f80), 16);
        assert_eq!(dl.store_size(&t, f80), 10);
        assert_eq!(dl.abi_align(&t, i128), 16);
        assert_eq!(dl.alloc_size(&t, i24), 4);
        assert_eq!(dl.store_size(&t, i24), 3);
        assert_eq!(dl.alloc_size(&t, prim::I1), 1);
        assert_eq!(dl.alloc_size(&t, prim::PTR), 8);
    }

    #[test]
    fn structs_and_arrays() {
        let dl = DataLayout::default();
        let mut t = TypeTable::new();
        let s = t.intern(TypeKey::Struct {
            packed: false,
            fields: &[prim::I8, prim::I32, prim::I8],
        });
        assert_eq!(dl.alloc_size(&t, s), 12);
        assert_eq!(dl.abi_align(&t, s), 4);
        assert_eq!(dl.field_offset(&t, s, 1), 4);
        assert_eq!(dl.field_offset(&t, s, 2), 8);
        let p = t.intern(TypeKey::Struct {
            packed: true,
            fields: &[prim::I8, prim::I32, prim::I8],
        });
        assert_eq!(dl.alloc_size(&t, p), 6);
        assert_eq!(dl.field_offset(&t, p, 2), 5);
        let a = t.simple(Type::Array { len: 3, elem: s });
        assert_eq!(dl.alloc_size(&t, a), 36);
        let v = t.simple(Type::Vector {
            len: 3,
            elem: prim::I32,
        });
        assert_eq!(dl.abi_align(&t, v), 16);
        assert_eq!(dl.alloc_size(&t, v), 16);
    }

    #[test]
    fn preferred_alignment() {
        let dl = DataLayout::parse(CLANG).unwrap();
        let mut t = TypeTable::new();
        let p = t.intern(TypeKey::Struct {
            packed: true,
            fields: &[prim::I8, prim::I32],
        });
        let s = t.intern(TypeKey::Struct {
            packed: false,
            fields: &[prim::I8],
        });
        let a = t.simple(Type::Array {
            len: 4,
            elem: prim::I16,
        });
        assert_eq!(dl.pref_align(&t, p), 8);
        assert_eq!(dl.pref_align(&t, s), 8);
        assert_eq!(dl.pref_align(&t, a), 2);
        assert_eq!(dl.pref_align(&t, prim::I64), 8);
        let old = DataLayout::parse("e-i64:32:64-a:0:32").unwrap();
        assert_eq!(old.abi_align(&t, prim::I64), 4);
        assert_eq!(old.pref_align(&t, prim::I64), 8);
        assert_eq!(old.pref_align(&t, s), 4);
        assert!(DataLayout::parse("e-i64:64:32").is_err());
    }

    /// Runs `f` on another thread and fails if it takes over 30 s (a
    /// super-linear layout never finishes on these inputs).
    fn within_budget(f: impl FnOnce() + Send + 'static) {
        let (tx, rx) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            f();
            let _ = tx.send(());
        });
        rx.recv_timeout(std::time::Duration::from_secs(30))
            .expect("layout did not finish within its time budget");
    }

    /// `depth` nested structs `S(k) = { S(k-1), S(k-1)*, [k % 3 + 1 x i8], double }`
    /// over `S(0) = { i16 }`, returning the outermost.
    fn nested_chain(t: &mut TypeTable, depth: usize) -> TypeId {
        let mut inner = t.intern(TypeKey::Struct {
            packed: false,
            fields: &[prim::I16],
        });
        for k in 1..=depth {
            let arr = t.simple(Type::Array {
                len: (k % 3 + 1) as u64,
                elem: prim::I8,
            });
            inner = t.intern(TypeKey::Struct {
                packed: k % 7 == 0,
                fields: &[inner, prim::PTR, arr, prim::DOUBLE],
            });
        }
        inner
    }

    #[test]
    fn deep_nesting_is_linear_bound_and_unbound() {
        within_budget(|| {
            let mut t = TypeTable::new();
            let top = nested_chain(&mut t, 4000);
            let unbound = DataLayout::default();
            let bound = DataLayout::default().bind(&t, t.len());
            let size = bound.alloc_size(&t, top);
            assert_eq!(unbound.alloc_size(&t, top), size);
            assert_eq!(bound.abi_align(&t, top), unbound.abi_align(&t, top));
            assert_eq!(
                bound.field_offset(&t, top, 3),
                unbound.field_offset(&t, top, 3)
            );
            assert!(size > 4000 * 17, "{size}");
        });
    }

    #[test]
    fn shared_subtrees_are_laid_out_once() {
        // S(k) = { S(k-1), S(k-1) }: 2^k leaves, k distinct types.
        within_budget(|| {
            let mut t = TypeTable::new();
            let mut s = prim::I32;
            for _ in 0..60 {
                s = t.intern(TypeKey::Struct {
                    packed: false,
                    fields: &[s, s],
                });
            }
            let dl = DataLayout::default().bind(&t, t.len());
            assert_eq!(dl.alloc_size(&t, s), 4u64 << 60);
            assert_eq!(dl.field_offset(&t, s, 1), 2u64 << 60);
            assert_eq!(DataLayout::default().abi_align(&t, s), 4);
        });
    }

    #[test]
    fn bound_and_unbound_layouts_agree() {
        let mut t = TypeTable::new();
        let top = nested_chain(&mut t, 40);
        let bound = DataLayout::parse(CLANG).unwrap().bind(&t, t.len());
        let unbound = DataLayout::parse(CLANG).unwrap();
        for i in 0..t.len() {
            let ty = TypeId::from_u32(i as u32);
            if matches!(t.get(ty), Type::Struct { .. }) {
                assert_eq!(bound.alloc_size(&t, ty), unbound.alloc_size(&t, ty));
                assert_eq!(bound.abi_align(&t, ty), unbound.abi_align(&t, ty));
                assert_eq!(bound.pref_align(&t, ty), unbound.pref_align(&t, ty));
                for f in 0..=t.fields(ty).len() {
                    assert_eq!(
                        bound.field_offset(&t, ty, f),
                        unbound.field_offset(&t, ty, f)
                    );
                }
            }
        }
        // A type interned after binding is laid out on the spot.
        let later = t.intern(TypeKey::Struct {
            packed: false,
            fields: &[prim::I8, top],
        });
        assert_eq!(
            bound.field_offset(&t, later, 1),
            bound.abi_align(&t, top) as u64
        );
    }

    #[test]
    fn bad_spec() {
        assert!(DataLayout::parse("e-i64:x").is_err());
        assert!(DataLayout::parse("e-i64:24").is_err());
    }
}
