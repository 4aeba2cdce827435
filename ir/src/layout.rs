//! The data layout: sizes, alignments and struct field offsets of IR types.
//!
//! Built from the module's `target datalayout` string over the x86-64
//! System V defaults (what clang writes for `x86_64-unknown-linux-gnu`), so
//! a module without a layout string is laid out like clang's. Only the
//! specifications that change a type's size or alignment are read: `e`/`E`,
//! `p[n]:size:abi`, `iN:abi`, `fN:abi`, `vN:abi`, `a:abi`, `S`. Everything
//! else (`m:`, `n`, `Fi`, address-space pointers other than 0) is accepted
//! and ignored.
//!
//! Invariants: every size is in bytes and every alignment is a power of two
//! in bytes; `alloc_size(t)` is `store_size(t)` rounded up to `abi_align(t)`,
//! as LLVM defines it. Opaque structs, `label`, `token`, `metadata` and
//! functions have size 0 and alignment 1 (they can't be stored).

use crate::types::{Type, TypeId, TypeLookup};

/// A parsed data layout.
#[derive(Clone, Debug)]
pub struct DataLayout {
    pub little_endian: bool,
    /// Pointer size and ABI alignment in bytes (address space 0).
    pub ptr_size: u32,
    pub ptr_align: u32,
    /// `(bits, abi align bytes)` for integers, sorted by bits.
    ints: Vec<(u32, u32)>,
    /// `(bits, abi align bytes)` for floating-point types.
    floats: Vec<(u32, u32)>,
    /// `(bits, abi align bytes)` for vectors.
    vectors: Vec<(u32, u32)>,
    /// Aggregate ABI alignment.
    pub aggregate_align: u32,
    /// Natural stack alignment in bytes (0 = unspecified).
    pub stack_align: u32,
}

impl Default for DataLayout {
    fn default() -> Self {
        DataLayout {
            little_endian: true,
            ptr_size: 8,
            ptr_align: 8,
            ints: vec![(1, 1), (8, 1), (16, 2), (32, 4), (64, 8), (128, 16)],
            floats: vec![(16, 2), (32, 4), (64, 8), (80, 16), (128, 16)],
            vectors: vec![(64, 8), (128, 16)],
            aggregate_align: 1,
            stack_align: 16,
        }
    }
}

fn set(list: &mut Vec<(u32, u32)>, bits: u32, align: u32) {
    match list.binary_search_by_key(&bits, |e| e.0) {
        Ok(i) => list[i].1 = align,
        Err(i) => list.insert(i, (bits, align)),
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
            let (head, rest) = item.split_at(1);
            let parts: Vec<&str> = rest.split(':').collect();
            match head {
                "e" => dl.little_endian = true,
                "E" => dl.little_endian = false,
                "S" => dl.stack_align = bits_to_bytes(num(rest)?),
                "p" => {
                    let addrspace = if parts[0].is_empty() {
                        0
                    } else {
                        num(parts[0])?
                    };
                    if addrspace == 0 && parts.len() >= 3 {
                        dl.ptr_size = bits_to_bytes(num(parts[1])?);
                        dl.ptr_align = bits_to_bytes(num(parts[2])?);
                    }
                }
                "i" | "f" | "v" if parts.len() >= 2 => {
                    let bits = num(parts[0])?;
                    let align = bits_to_bytes(num(parts[1])?);
                    if !align.is_power_of_two() {
                        return Err(bad());
                    }
                    let list = match head {
                        "i" => &mut dl.ints,
                        "f" => &mut dl.floats,
                        _ => &mut dl.vectors,
                    };
                    set(list, bits, align);
                }
                "a" => {
                    if let Some(a) = parts.get(1) {
                        dl.aggregate_align = bits_to_bytes(num(a)?).max(1);
                    } else if let Some(a) = parts.first().filter(|a| !a.is_empty()) {
                        dl.aggregate_align = bits_to_bytes(num(a)?).max(1);
                    }
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
fn lookup_int(list: &[(u32, u32)], bits: u32) -> u32 {
    match list.binary_search_by_key(&bits, |e| e.0) {
        Ok(i) => list[i].1,
        Err(i) if i < list.len() => list[i].1,
        Err(_) => list.last().map_or(8, |e| e.1),
    }
}

fn lookup_exact(list: &[(u32, u32)], bits: u32) -> u32 {
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
    fn bad_spec() {
        assert!(DataLayout::parse("e-i64:x").is_err());
        assert!(DataLayout::parse("e-i64:24").is_err());
    }
}
