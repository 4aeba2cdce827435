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
//! Invariants: every size is in bytes and every alignment is a power of two
//! in bytes; `alloc_size(t)` is `store_size(t)` rounded up to `abi_align(t)`,
//! as LLVM defines it; a preferred alignment is never below the ABI one
//! (an omitted preferred alignment equals the ABI one). Opaque structs, `label`, `token`, `metadata` and
//! functions have size 0 and alignment 1 (they can't be stored).

use crate::types::{Type, TypeId, TypeLookup};

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

    /// `(allocation size, alignment)` of a struct type.
    fn struct_size(&self, t: &impl TypeLookup, ty: TypeId) -> (u64, u32) {
        let packed = self.is_packed(t, ty);
        let mut off = 0u64;
        let mut align = if packed { 1 } else { self.aggregate_align };
        for &f in t.fields(ty) {
            let a = if packed { 1 } else { self.abi_align(t, f) };
            off = off.div_ceil(a as u64) * a as u64;
            off = off.saturating_add(self.alloc_size(t, f));
            align = align.max(a);
        }
        (off.div_ceil(align as u64) * align as u64, align)
    }

    fn is_packed(&self, t: &impl TypeLookup, ty: TypeId) -> bool {
        match t.get(ty) {
            Type::Struct { packed, .. } => packed,
            Type::Named { name } => t.named(name).body.is_some_and(|b| b.0),
            _ => false,
        }
    }

    /// Byte offset of field `index` of a struct type.
    pub fn field_offset(&self, t: &impl TypeLookup, ty: TypeId, index: usize) -> u64 {
        let packed = self.is_packed(t, ty);
        let mut off = 0u64;
        for (i, &f) in t.fields(ty).iter().enumerate() {
            let a = if packed {
                1
            } else {
                self.abi_align(t, f) as u64
            };
            off = off.div_ceil(a) * a;
            if i == index {
                return off;
            }
            off = off.saturating_add(self.alloc_size(t, f));
        }
        off
    }
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

    #[test]
    fn bad_spec() {
        assert!(DataLayout::parse("e-i64:x").is_err());
        assert!(DataLayout::parse("e-i64:24").is_err());
    }
}
