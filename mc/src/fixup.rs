//! Fixups: holes in encoded bytes whose value depends on an expression that is
//! only known after layout (a label address) or only at link time (a symbol).
//!
//! The encoder writes zeros into the hole and records a [`Fixup`]. Its value
//! is `expr + addend`, minus the fixup's own address when the kind is
//! PC-relative. The addend of a PC-relative fixup already contains the
//! distance from the hole to the end of the instruction (on x86 `-4` for a
//! trailing rel32, `-5` for a RIP-relative disp32 followed by an imm8), so
//! the object writer never needs to know the instruction layout.
//!
//! The kind space is LLVM's: the generic data kinds below
//! [`FixupKind::FIRST_TARGET`], each target's own kinds from there up
//! ([`FixupKind::target`]). The MC layer knows the width and PC-relativity
//! of the generic kinds; a target reports those of its own through
//! [`TargetBackend::fixup_info`], and [`FixupKind::info`] asks whichever
//! owns the kind.

use crate::expr::ExprId;
use crate::streamer::McError;
use crate::target::TargetBackend;

/// A fixup kind: a generic kind (the associated constants) or a target's
/// own (at or above [`FixupKind::FIRST_TARGET`]).
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct FixupKind(u16);

/// What the writer needs to know about a kind: width and relativity, and
/// the name llvm-mc's `-show-encoding` prints.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct FixupInfo {
    pub name: &'static str,
    /// Size of the hole in bytes.
    pub size: usize,
    /// Whether the value is relative to the fixup's address.
    pub pcrel: bool,
}

impl FixupKind {
    /// 1-byte absolute (value must fit in u8 or i8).
    pub const ABS8: FixupKind = FixupKind(0);
    /// 2-byte absolute.
    pub const ABS16: FixupKind = FixupKind(1);
    /// 4-byte absolute.
    pub const ABS32: FixupKind = FixupKind(2);
    /// 8-byte absolute.
    pub const ABS64: FixupKind = FixupKind(3);
    /// 1-byte PC-relative.
    pub const PCREL8: FixupKind = FixupKind(4);
    /// 4-byte PC-relative (data `sym - .`).
    pub const PCREL32: FixupKind = FixupKind(5);
    /// 8-byte PC-relative (data `sym - .`).
    pub const PCREL64: FixupKind = FixupKind(6);

    /// The first kind number a target may define (LLVM's
    /// `FirstTargetFixupKind`).
    pub const FIRST_TARGET: u16 = 128;

    const GENERIC: [FixupInfo; 7] = [
        FixupInfo {
            name: "FK_Data_1",
            size: 1,
            pcrel: false,
        },
        FixupInfo {
            name: "FK_Data_2",
            size: 2,
            pcrel: false,
        },
        FixupInfo {
            name: "FK_Data_4",
            size: 4,
            pcrel: false,
        },
        FixupInfo {
            name: "FK_Data_8",
            size: 8,
            pcrel: false,
        },
        FixupInfo {
            name: "FK_PCRel_1",
            size: 1,
            pcrel: true,
        },
        FixupInfo {
            name: "FK_PCRel_4",
            size: 4,
            pcrel: true,
        },
        FixupInfo {
            name: "FK_PCRel_8",
            size: 8,
            pcrel: true,
        },
    ];

    /// The target's kind number `n` (0-based within the target range).
    pub const fn target(n: u16) -> FixupKind {
        FixupKind(Self::FIRST_TARGET + n)
    }

    /// The 0-based number within the target range, for a target kind.
    pub fn target_index(self) -> Option<u16> {
        self.0.checked_sub(Self::FIRST_TARGET)
    }

    /// The description of a generic kind; `None` for a target kind.
    pub fn generic_info(self) -> Option<FixupInfo> {
        Self::GENERIC.get(self.0 as usize).copied()
    }

    /// The description of any kind, asking `target` for its own.
    pub fn info(self, target: &dyn TargetBackend) -> FixupInfo {
        self.generic_info()
            .unwrap_or_else(|| target.fixup_info(self))
    }

    /// The PC-relative generic kind of the same width (for a difference
    /// `a - b` against a label in the fixup's own section).
    pub fn pcrel_of_size(size: usize) -> Option<FixupKind> {
        match size {
            1 => Some(Self::PCREL8),
            4 => Some(Self::PCREL32),
            8 => Some(Self::PCREL64),
            _ => None,
        }
    }

    /// The absolute generic kind of `size` bytes.
    pub fn abs_of_size(size: usize) -> Option<FixupKind> {
        match size {
            1 => Some(Self::ABS8),
            2 => Some(Self::ABS16),
            4 => Some(Self::ABS32),
            8 => Some(Self::ABS64),
            _ => None,
        }
    }
}

impl Fixup {
    /// Appends a zero-filled field of `size` bytes (the size of `kind`) to
    /// `out` and records the fixup that fills it: at the field's offset from
    /// `base` (the start of the instruction or fragment the offsets count
    /// from), with `addend`.
    #[inline]
    pub fn push_field(
        out: &mut Vec<u8>,
        base: usize,
        fixups: &mut Vec<Fixup>,
        kind: FixupKind,
        size: usize,
        expr: ExprId,
        addend: i64,
    ) {
        fixups.push(Fixup {
            offset: (out.len() - base) as u32,
            kind,
            expr,
            addend,
        });
        out.resize(out.len() + size, 0);
    }
}

/// Writes `val` into a fixup's field (its width is the field's), checking
/// that it fits as signed or unsigned.
pub(crate) fn write_field(field: &mut [u8], val: i64) -> Result<(), McError> {
    let n = field.len();
    let ok = match n {
        1 => (-128..=255).contains(&val),
        2 => (-32768..=65535).contains(&val),
        4 => (i32::MIN as i64..=u32::MAX as i64).contains(&val),
        _ => true,
    };
    if !ok {
        return Err(McError::Overflow(format!(
            "value {val} does not fit in a {n}-byte fixup"
        )));
    }
    field.copy_from_slice(&val.to_le_bytes()[..n]);
    Ok(())
}

/// A hole at `offset` (relative to the start of the instruction or fragment)
/// to be filled with `expr + addend` (minus the hole's address if PC-relative).
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct Fixup {
    pub offset: u32,
    pub kind: FixupKind,
    pub expr: ExprId,
    pub addend: i64,
}
