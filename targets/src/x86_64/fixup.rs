//! x86-64's own fixup kinds, in the MC layer's target range of the kind
//! space (LLVM's `X86::Fixups` from `FirstTargetFixupKind`), and the one
//! table of their widths, relativity and llvm-mc names.
//!
//! Invariant: every kind here is `FixupKind::target(i)` with `i` its index
//! in [`INFO`], so [`info`] is a lookup.

use rcc_mc::{FixupInfo, FixupKind};

/// 4-byte absolute the CPU sign-extends to 64 bits (`R_X86_64_32S`).
pub const SIGNED_4BYTE: FixupKind = FixupKind::target(0);
/// 4-byte RIP-relative memory displacement.
pub const RIPREL_4BYTE: FixupKind = FixupKind::target(1);
/// RIP-relative displacement of an instruction a linker may relax when
/// the reference goes through the GOT (mov, call, jmp, test, binop).
pub const RIPREL_4BYTE_RELAX: FixupKind = FixupKind::target(2);
/// As [`RIPREL_4BYTE_RELAX`], in an instruction with a REX prefix.
pub const RIPREL_4BYTE_RELAX_REX: FixupKind = FixupKind::target(3);
/// 4-byte PC-relative branch to a call/jump target (PLT-able).
pub const BRANCH_4BYTE_PCREL: FixupKind = FixupKind::target(4);

const INFO: [FixupInfo; 5] = [
    FixupInfo {
        name: "reloc_signed_4byte",
        size: 4,
        pcrel: false,
    },
    FixupInfo {
        name: "reloc_riprel_4byte",
        size: 4,
        pcrel: true,
    },
    FixupInfo {
        name: "reloc_riprel_4byte_relax",
        size: 4,
        pcrel: true,
    },
    FixupInfo {
        name: "reloc_riprel_4byte_relax_rex",
        size: 4,
        pcrel: true,
    },
    FixupInfo {
        name: "reloc_branch_4byte_pcrel",
        size: 4,
        pcrel: true,
    },
];

/// The description of any kind the x86 encoder produces: generic kinds
/// from the MC layer, x86's own from [`INFO`]. An unknown target kind (none
/// is ever made) reads as a 4-byte absolute field named after its number.
pub fn info(kind: FixupKind) -> FixupInfo {
    kind.generic_info().unwrap_or_else(|| {
        kind.target_index()
            .and_then(|i| INFO.get(i as usize).copied())
            .unwrap_or(FixupInfo {
                name: "reloc_unknown",
                size: 4,
                pcrel: false,
            })
    })
}
