//! Value types of DAG values: the machine-level types legalization works
//! in (LLVM's MVT), plus `Chain` (memory/side-effect order) and `Glue`
//! (an unbreakable link, e.g. EFLAGS between a compare and its user).

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
    F32,
    F64,
    F80,
    /// Vectors of floats in one 128-bit register (`<2 x float>` uses the
    /// low half): what C's `float _Complex` arguments and SLP-vectorized
    /// float code need.
    V2F32,
    V4F32,
    V2F64,
    Chain,
    Glue,
}

impl VT {
    /// Width in bits (0 for `Chain`/`Glue`).
    pub fn bits(self) -> u32 {
        match self {
            VT::I1 => 1,
            VT::I8 => 8,
            VT::I16 => 16,
            VT::I32 | VT::F32 => 32,
            VT::I64 | VT::F64 => 64,
            VT::F80 => 80,
            VT::V2F32 => 64,
            VT::V4F32 | VT::V2F64 => 128,
            VT::I128 => 128,
            VT::Chain | VT::Glue => 0,
        }
    }

    pub fn is_int(self) -> bool {
        matches!(
            self,
            VT::I1 | VT::I8 | VT::I16 | VT::I32 | VT::I64 | VT::I128
        )
    }

    pub fn is_float(self) -> bool {
        matches!(self, VT::F32 | VT::F64 | VT::F80)
    }

    /// Whether this is a vector (of floats).
    pub fn is_vector(self) -> bool {
        matches!(self, VT::V2F32 | VT::V4F32 | VT::V2F64)
    }

    /// A vector's element type and lane count.
    pub fn lanes(self) -> Option<(VT, u32)> {
        Some(match self {
            VT::V2F32 => (VT::F32, 2),
            VT::V4F32 => (VT::F32, 4),
            VT::V2F64 => (VT::F64, 2),
            _ => return None,
        })
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
            Type::Vector { len, elem } => match (len, VT::of(t, dl, elem)?) {
                (2, VT::F32) => Some(VT::V2F32),
                (4, VT::F32) => Some(VT::V4F32),
                (2, VT::F64) => Some(VT::V2F64),
                _ => None,
            },
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
            VT::I1 => "i1",
            VT::I8 => "i8",
            VT::I16 => "i16",
            VT::I32 => "i32",
            VT::I64 => "i64",
            VT::I128 => "i128",
            VT::F32 => "f32",
            VT::F64 => "f64",
            VT::F80 => "f80",
            VT::V2F32 => "v2f32",
            VT::V4F32 => "v4f32",
            VT::V2F64 => "v2f64",
            VT::Chain => "ch",
            VT::Glue => "glue",
        };
        f.write_str(s)
    }
}
