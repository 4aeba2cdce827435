//! Value types of DAG values: the machine-level types legalization works
//! in (LLVM's MVT), plus `Chain` (memory/side-effect order) and `Glue`
//! (an unbreakable link, e.g. EFLAGS between a compare and its user).
//!
//! Vectors are `Vector(elem, lanes)`: any lane count of an [`Elem`], so the
//! DAG builder can give every IR vector type a value type (`<3 x i16>`,
//! `<32 x i8>`, `<4 x i1>`) and type legalization (`crate::legalize`)
//! rewrites the ones the target cannot hold into legal ones. Scalar
//! predicates (`is_int`, `is_float`) are false for vectors.

use rcc_ir::layout::DataLayout;
use rcc_ir::types::{Type, TypeId, TypeLookup};

/// A value type.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
#[repr(u8)]
pub enum VT {
    I1,
    I8,
    I16,
    I32,
    I64,
    I128,
    /// Integers of 129..256 bits are promoted to this and expanded into
    /// four `I64` parts (`crate::legalize`).
    I256,
    F32,
    F64,
    F80,
    Chain,
    Glue,
    /// A vector of `lanes` (at least 1) elements.
    Vector(Elem, u16),
}

/// The element type of a vector value type.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
#[repr(u8)]
pub enum Elem {
    I1,
    I8,
    I16,
    I32,
    I64,
    F32,
    F64,
}

impl Elem {
    /// The scalar value type of the element.
    pub fn vt(self) -> VT {
        match self {
            Elem::I1 => VT::I1,
            Elem::I8 => VT::I8,
            Elem::I16 => VT::I16,
            Elem::I32 => VT::I32,
            Elem::I64 => VT::I64,
            Elem::F32 => VT::F32,
            Elem::F64 => VT::F64,
        }
    }

    /// The element of scalar type `vt`, if vectors of it exist.
    pub fn of(vt: VT) -> Option<Elem> {
        Some(match vt {
            VT::I1 => Elem::I1,
            VT::I8 => Elem::I8,
            VT::I16 => Elem::I16,
            VT::I32 => Elem::I32,
            VT::I64 => Elem::I64,
            VT::F32 => Elem::F32,
            VT::F64 => Elem::F64,
            _ => return None,
        })
    }
}

impl VT {
    pub const V16I8: VT = VT::Vector(Elem::I8, 16);
    pub const V8I16: VT = VT::Vector(Elem::I16, 8);
    pub const V4I32: VT = VT::Vector(Elem::I32, 4);
    pub const V2I64: VT = VT::Vector(Elem::I64, 2);
    pub const V4F32: VT = VT::Vector(Elem::F32, 4);
    pub const V2F64: VT = VT::Vector(Elem::F64, 2);
    /// `<2 x float>` (held widened in a `v4f32`).
    pub const V2F32: VT = VT::Vector(Elem::F32, 2);

    /// Width in bits (0 for `Chain`/`Glue`; lanes times element bits for
    /// vectors).
    pub fn bits(self) -> u32 {
        match self {
            VT::Vector(e, n) => e.vt().bits() * n as u32,
            VT::I1 => 1,
            VT::I8 => 8,
            VT::I16 => 16,
            VT::I32 | VT::F32 => 32,
            VT::I64 | VT::F64 => 64,
            VT::F80 => 80,
            VT::I128 => 128,
            VT::I256 => 256,
            VT::Chain | VT::Glue => 0,
        }
    }

    pub fn is_int(self) -> bool {
        matches!(
            self,
            VT::I1 | VT::I8 | VT::I16 | VT::I32 | VT::I64 | VT::I128 | VT::I256
        )
    }

    pub fn is_float(self) -> bool {
        matches!(self, VT::F32 | VT::F64 | VT::F80)
    }

    pub fn is_vector(self) -> bool {
        matches!(self, VT::Vector(..))
    }

    /// A vector of integers (`<4 x i1>` included).
    pub fn is_int_vector(self) -> bool {
        matches!(self, VT::Vector(e, _) if e.vt().is_int())
    }

    /// The element type of a vector; a scalar type itself.
    pub fn elem(self) -> VT {
        match self {
            VT::Vector(e, _) => e.vt(),
            t => t,
        }
    }

    /// Lanes of a vector; 1 for a scalar.
    pub fn lanes(self) -> u32 {
        match self {
            VT::Vector(_, n) => n as u32,
            _ => 1,
        }
    }

    /// The vector of `lanes` elements of scalar type `elem`.
    pub fn vector(elem: VT, lanes: u32) -> Option<VT> {
        let n = u16::try_from(lanes).ok().filter(|&n| n > 0)?;
        Some(VT::Vector(Elem::of(elem)?, n))
    }

    /// The same shape with elements of scalar type `elem` (`elem` itself
    /// for a scalar).
    pub fn with_elem(self, elem: VT) -> Option<VT> {
        match self {
            VT::Vector(_, n) => VT::vector(elem, n as u32),
            _ => Some(elem),
        }
    }

    /// The same element type with `lanes` lanes.
    pub fn with_lanes(self, lanes: u32) -> Option<VT> {
        VT::vector(self.elem(), lanes)
    }

    /// The integer type (vector of integers) of the same shape and width:
    /// `v4f32` -> `v4i32`, `f64` -> `i64`.
    pub fn to_int(self) -> Option<VT> {
        self.with_elem(VT::int(self.elem().bits())?)
    }

    /// The type named as LLVM prints MVTs (`i32`, `v4i32`, `v2f64`).
    pub fn from_name(s: &str) -> Option<VT> {
        let scalar = |w: &str| {
            Some(match w {
                "i1" => VT::I1,
                "i8" => VT::I8,
                "i16" => VT::I16,
                "i32" => VT::I32,
                "i64" => VT::I64,
                "i128" => VT::I128,
                "f32" => VT::F32,
                "f64" => VT::F64,
                "f80" => VT::F80,
                _ => return None,
            })
        };
        match s.strip_prefix('v') {
            Some(rest) => {
                let k = rest.find(|c: char| !c.is_ascii_digit())?;
                VT::vector(scalar(&rest[k..])?, rest[..k].parse().ok()?)
            }
            None => scalar(s),
        }
    }

    /// The integer type of `bits` bits, if there is one.
    pub fn int(bits: u32) -> Option<VT> {
        Some(match bits {
            1 => VT::I1,
            8 => VT::I8,
            16 => VT::I16,
            32 => VT::I32,
            64 => VT::I64,
            128 => VT::I128,
            256 => VT::I256,
            _ => return None,
        })
    }

    /// The value type of a first-class IR type, if it has one.
    pub fn of(t: &impl TypeLookup, dl: &DataLayout, ty: TypeId) -> Option<VT> {
        match t.get(ty) {
            Type::Int(n) => VT::int(n),
            Type::Ptr(_) | Type::TypedPtr { .. } => VT::int(dl.ptr_size * 8),
            Type::Float => Some(VT::F32),
            Type::Double => Some(VT::F64),
            Type::X86Fp80 => Some(VT::F80),
            Type::Vector { len, elem } => VT::vector(VT::of(t, dl, elem)?, len),
            _ => None,
        }
    }

    /// A mask of the low `bits()` bits.
    pub fn mask(self) -> u64 {
        match self.bits() {
            0 => 0,
            b if b >= 64 => u64::MAX,
            b => (1u64 << b) - 1,
        }
    }
}

impl std::fmt::Display for VT {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let s = match self {
            VT::Vector(e, n) => return write!(f, "v{n}{}", e.vt()),
            VT::I1 => "i1",
            VT::I8 => "i8",
            VT::I16 => "i16",
            VT::I32 => "i32",
            VT::I64 => "i64",
            VT::I128 => "i128",
            VT::I256 => "i256",
            VT::F32 => "f32",
            VT::F64 => "f64",
            VT::F80 => "f80",
            VT::Chain => "ch",
            VT::Glue => "glue",
        };
        f.write_str(s)
    }
}
