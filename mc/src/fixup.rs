//! Fixups: holes in encoded bytes whose value depends on an expression that is
//! only known after layout (a label address) or only at link time (a symbol).
//!
//! The encoder writes zeros into the hole and records a [`Fixup`]. Its value
//! is `expr + addend`, minus the fixup's own address when the kind is
//! PC-relative. For x86 the addend of a PC-relative fixup already contains the
//! distance from the hole to the end of the instruction (e.g. `-4` for a
//! trailing rel32, `-5` for a RIP-relative disp32 followed by an imm8), so
//! the object writer never needs to know the instruction layout.

use crate::expr::ExprId;

/// The shape of a fixup: its width and how its value is computed.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum FixupKind {
    /// 1-byte absolute (value must fit in u8 or i8).
    Abs8,
    /// 2-byte absolute.
    Abs16,
    /// 4-byte absolute, zero-extended by the CPU (R_X86_64_32).
    Abs32,
    /// 4-byte absolute, sign-extended by the CPU (R_X86_64_32S).
    Abs32S,
    /// 8-byte absolute.
    Abs64,
    /// 1-byte PC-relative (rel8 branches).
    PcRel8,
    /// 4-byte PC-relative (rel32 branches, data `sym - .`).
    PcRel32,
    /// 4-byte RIP-relative memory displacement.
    RipRel32,
    /// RIP-relative displacement of an instruction a linker may relax when
    /// the reference goes through the GOT (mov, call, jmp, test, binop).
    RipRel32Relax,
    /// As `RipRel32Relax`, in an instruction with a REX prefix.
    RipRel32RelaxRex,
    /// 8-byte PC-relative (data `sym - .`).
    PcRel64,
    /// 4-byte PC-relative branch to a call/jump target (PLT-able).
    Branch32,
}

impl Fixup {
    /// Appends a zero-filled field of `kind`'s size to `out` and records the
    /// fixup that fills it: at the field's offset from `base` (the start of
    /// the instruction or fragment the offsets count from), with `addend`.
    #[inline]
    pub fn push_field(
        out: &mut Vec<u8>,
        base: usize,
        fixups: &mut Vec<Fixup>,
        kind: FixupKind,
        expr: ExprId,
        addend: i64,
    ) {
        fixups.push(Fixup {
            offset: (out.len() - base) as u32,
            kind,
            expr,
            addend,
        });
        out.resize(out.len() + kind.size(), 0);
    }
}

impl FixupKind {
    /// Size of the hole in bytes.
    pub fn size(self) -> usize {
        match self {
            FixupKind::Abs8 | FixupKind::PcRel8 => 1,
            FixupKind::Abs16 => 2,
            FixupKind::Abs64 | FixupKind::PcRel64 => 8,
            _ => 4,
        }
    }

    /// The name llvm-mc's `-show-encoding` uses for this kind of fixup.
    pub fn llvm_name(self) -> &'static str {
        match self {
            FixupKind::Abs8 => "FK_Data_1",
            FixupKind::Abs16 => "FK_Data_2",
            FixupKind::Abs32 => "FK_Data_4",
            FixupKind::Abs32S => "reloc_signed_4byte",
            FixupKind::Abs64 => "FK_Data_8",
            FixupKind::PcRel8 => "FK_PCRel_1",
            FixupKind::PcRel32 => "FK_PCRel_4",
            FixupKind::PcRel64 => "FK_PCRel_8",
            FixupKind::RipRel32 => "reloc_riprel_4byte",
            FixupKind::RipRel32Relax => "reloc_riprel_4byte_relax",
            FixupKind::RipRel32RelaxRex => "reloc_riprel_4byte_relax_rex",
            FixupKind::Branch32 => "reloc_branch_4byte_pcrel",
        }
    }

    /// Whether the value is relative to the fixup's address.
    pub fn is_pcrel(self) -> bool {
        matches!(
            self,
            FixupKind::PcRel8
                | FixupKind::PcRel32
                | FixupKind::PcRel64
                | FixupKind::RipRel32
                | FixupKind::RipRel32Relax
                | FixupKind::RipRel32RelaxRex
                | FixupKind::Branch32
        )
    }
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
