//! Immediate operand kinds of x86-64 forms: the width of the encoded
//! field and the values it accepts.
//!
//! One definition for two users: the crate (descriptors, encoder, matcher)
//! and the build script, which includes this file with `#[path]` to check
//! the literals and immediate slots of `isel/patterns.desc` at build time.
//! So this module depends on nothing but `core`.

/// Immediate operand kinds: the field width and the accepted value range.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum ImmKind {
    I8,
    I16,
    I32,
    I64,
    /// imm8 sign-extended to 16 bits.
    I16I8,
    /// imm8 sign-extended to 32 bits.
    I32I8,
    /// imm8 sign-extended to 64 bits.
    I64I8,
    /// imm32 sign-extended to 64 bits.
    I64I32,
    /// Unsigned imm8 (shift counts, shuffle masks).
    U8,
}

impl ImmKind {
    /// Bytes of the encoded field.
    pub fn size(self) -> usize {
        match self {
            ImmKind::I16 => 2,
            ImmKind::I32 | ImmKind::I64I32 => 4,
            ImmKind::I64 => 8,
            _ => 1,
        }
    }

    /// Whether constant `v` is accepted (as GNU as / llvm-mc accept it: a
    /// value is taken modulo the operation width, then must be representable
    /// in the field, sign-extended where the CPU sign-extends).
    pub fn fits(self, v: i64) -> bool {
        let s8 = (-128..=127).contains(&v);
        match self {
            ImmKind::I8 | ImmKind::U8 => (-128..=255).contains(&v),
            ImmKind::I16 => (-32768..=65535).contains(&v),
            ImmKind::I32 => (i32::MIN as i64..=u32::MAX as i64).contains(&v),
            ImmKind::I64 => true,
            ImmKind::I16I8 => s8 || (0xff80..=0xffff).contains(&v),
            ImmKind::I32I8 => s8 || (0xffff_ff80..=0xffff_ffff).contains(&v),
            ImmKind::I64I8 => s8,
            ImmKind::I64I32 => (i32::MIN as i64..=i32::MAX as i64).contains(&v),
        }
    }
}
