//! Attributes of functions, parameters, return values and call sites.
//!
//! Attributes are kept as written, in a flat pool per owner (the module for
//! declarations and globals, the function for call sites): an attribute list
//! is a [`PoolRange`] into that pool. Keyword attributes are kept by name
//! (a [`Span`]), so attributes from newer LLVM releases pass through; the
//! few whose argument code generation reads (alignment, `byval`-style types)
//! are parsed, and the rest of the parenthesized forms are kept verbatim.

use crate::entity::PoolRange;
use crate::span::Span;
use crate::types::TypeId;

/// One attribute.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum Attr {
    /// A keyword without argument: `noundef`, `nounwind`.
    Word(Span),
    /// A keyword with an integer: `align 8`, `alignstack(16)`,
    /// `dereferenceable(4)`, `dereferenceable_or_null(8)`.
    Int(Span, u64),
    /// A keyword with a type: `byval(%T)`, `sret(%T)`, `elementtype(i32)`.
    Type(Span, TypeId),
    /// Any other keyword with arguments, kept verbatim from the keyword to
    /// the closing parenthesis: `memory(read)`, `range(i32 0, 5)`.
    Raw(Span),
    /// `"key"` or `"key"="value"`: spans include the quotes; `value` is
    /// `NONE` without `=`.
    Str { key: Span, value: Span },
    /// A reference to an attribute group, `#N`.
    Group(u32),
}

/// An attribute pool: attributes, and lists of attribute lists (one list per
/// parameter of a declaration or argument of a call).
#[derive(Clone, Debug, Default)]
pub struct AttrPool {
    pub attrs: Vec<Attr>,
    /// Per-parameter attribute lists, each a range into `attrs`.
    pub lists: Vec<PoolRange>,
}

impl AttrPool {
    /// The attributes of list `r`.
    pub fn get(&self, r: PoolRange) -> &[Attr] {
        r.get(&self.attrs)
    }

    /// The per-parameter lists of range `r`.
    pub fn lists(&self, r: PoolRange) -> &[PoolRange] {
        r.get(&self.lists)
    }

    /// Whether list `r` has the keyword attribute `name`.
    pub fn has_word(&self, r: PoolRange, name: &str, text: &str) -> bool {
        self.get(r)
            .iter()
            .any(|a| matches!(a, Attr::Word(s) if s.text(text) == name))
    }

    /// The type argument of attribute `name` (`byval`, `sret`, ...) in list `r`.
    pub fn type_arg(&self, r: PoolRange, name: &str, text: &str) -> Option<TypeId> {
        self.get(r).iter().find_map(|a| match a {
            Attr::Type(s, t) if s.text(text) == name => Some(*t),
            _ => None,
        })
    }

    /// The integer argument of attribute `name` (`align`, ...) in list `r`.
    pub fn int_arg(&self, r: PoolRange, name: &str, text: &str) -> Option<u64> {
        self.get(r).iter().find_map(|a| match a {
            Attr::Int(s, v) if s.text(text) == name => Some(*v),
            _ => None,
        })
    }

    /// Rewrites every type id through `f`.
    pub fn remap_types(&mut self, f: impl Fn(TypeId) -> TypeId) {
        for a in &mut self.attrs {
            if let Attr::Type(_, t) = a {
                *t = f(*t);
            }
        }
    }
}

/// Calling conventions with a keyword, by LLVM's number.
pub const CALLING_CONVENTIONS: &[(&str, u32)] = &[
    ("ccc", 0),
    ("fastcc", 8),
    ("coldcc", 9),
    ("ghccc", 10),
    ("webkit_jscc", 12),
    ("anyregcc", 13),
    ("preserve_mostcc", 14),
    ("preserve_allcc", 15),
    ("swiftcc", 16),
    ("cxx_fast_tlscc", 17),
    ("tailcc", 18),
    ("cfguard_checkcc", 19),
    ("swifttailcc", 20),
    ("preserve_nonecc", 21),
    ("x86_stdcallcc", 64),
    ("x86_fastcallcc", 65),
    ("arm_apcscc", 66),
    ("arm_aapcscc", 67),
    ("arm_aapcs_vfpcc", 68),
    ("msp430_intrcc", 69),
    ("x86_thiscallcc", 70),
    ("ptx_kernel", 71),
    ("ptx_device", 72),
    ("spir_func", 75),
    ("spir_kernel", 76),
    ("intel_ocl_bicc", 77),
    ("x86_64_sysvcc", 78),
    ("win64cc", 79),
    ("x86_vectorcallcc", 80),
    ("hhvmcc", 81),
    ("hhvm_ccc", 82),
    ("x86_intrcc", 83),
    ("avr_intrcc", 84),
    ("avr_signalcc", 85),
    ("amdgpu_vs", 87),
    ("amdgpu_gs", 88),
    ("amdgpu_ps", 89),
    ("amdgpu_cs", 90),
    ("amdgpu_kernel", 91),
    ("x86_regcallcc", 92),
    ("amdgpu_hs", 93),
    ("amdgpu_ls", 95),
    ("amdgpu_es", 96),
    ("aarch64_vector_pcs", 97),
    ("aarch64_sve_vector_pcs", 98),
    ("amdgpu_gfx", 100),
    ("m68k_intrcc", 101),
    ("aarch64_sme_preservemost_from_x0", 102),
    ("aarch64_sme_preservemost_from_x2", 103),
    ("riscv_vector_cc", 110),
];

/// The number of calling-convention keyword `s`.
pub fn cconv_from_name(s: &str) -> Option<u32> {
    CALLING_CONVENTIONS
        .iter()
        .find(|(n, _)| *n == s)
        .map(|&(_, c)| c)
}

/// The keyword of calling convention `c`, if it has one.
pub fn cconv_name(c: u32) -> Option<&'static str> {
    CALLING_CONVENTIONS
        .iter()
        .find(|(_, n)| *n == c)
        .map(|&(s, _)| s)
}
