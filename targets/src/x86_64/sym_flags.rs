//! x86-64's symbol-operand flags (LLVM's `X86II::MO_*` target flags): the
//! values of [`rcc_mach::SymFlag`] this target gives the DAG builder's
//! references, their MIR names, and the relocation variant each becomes.
//!
//! Invariant: [`FLAGS`] lists every flag the target makes, each once, in
//! value order from 1; `SymFlag::NONE` is the plain reference.

use rcc_dag::SymRef;
use rcc_mach::SymFlag;
use rcc_mc::VariantKind;

/// `sym@GOTPCREL(%rip)`.
pub const GOTPCREL: SymFlag = SymFlag(1);
/// `sym@PLT`.
pub const PLT: SymFlag = SymFlag(2);
/// `sym@TPOFF`.
pub const TPOFF: SymFlag = SymFlag(3);
/// `sym@GOTTPOFF(%rip)`.
pub const GOTTPOFF: SymFlag = SymFlag(4);
/// `sym@TLSGD(%rip)`.
pub const TLSGD: SymFlag = SymFlag(5);
/// `sym@TLSLD(%rip)`.
pub const TLSLD: SymFlag = SymFlag(6);
/// `sym@DTPOFF`.
pub const DTPOFF: SymFlag = SymFlag(7);

/// Every flag: (flag, MIR name, relocation variant).
const FLAGS: [(SymFlag, &str, VariantKind); 7] = [
    (GOTPCREL, "GotPcRel", VariantKind::GotPcRel),
    (PLT, "Plt", VariantKind::Plt),
    (TPOFF, "TpOff", VariantKind::TpOff),
    (GOTTPOFF, "GotTpOff", VariantKind::GotTpOff),
    (TLSGD, "TlsGd", VariantKind::TlsGd),
    (TLSLD, "TlsLd", VariantKind::TlsLd),
    (DTPOFF, "DtpOff", VariantKind::DtpOff),
];

/// The flag of a reference the DAG builder makes.
pub fn for_ref(r: SymRef) -> SymFlag {
    match r {
        SymRef::GotAddress => GOTPCREL,
        SymRef::PreemptibleCall => PLT,
        SymRef::TlsGeneralDynamic => TLSGD,
        SymRef::TlsLocalDynamic => TLSLD,
        SymRef::TlsDtpOffset => DTPOFF,
        SymRef::TlsInitialExec => GOTTPOFF,
        SymRef::TlsLocalExec => TPOFF,
    }
}

fn entry(f: SymFlag) -> Option<&'static (SymFlag, &'static str, VariantKind)> {
    FLAGS.get((f.0 as usize).checked_sub(1)?)
}

/// The MIR name of `f` (`None` for the plain reference, `?` if unknown).
pub fn name(f: SymFlag) -> &'static str {
    entry(f).map_or(if f == SymFlag::NONE { "None" } else { "?" }, |e| e.1)
}

/// The relocation variant `f` stands for (`None` for an unknown flag, which
/// the selector never makes).
pub fn variant(f: SymFlag) -> Option<VariantKind> {
    if f == SymFlag::NONE {
        return Some(VariantKind::None);
    }
    entry(f).map(|e| e.2)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn flags_are_numbered_in_table_order() {
        for (k, e) in FLAGS.iter().enumerate() {
            assert_eq!(e.0 .0 as usize, k + 1);
            assert_eq!(variant(e.0), Some(e.2));
        }
        assert_eq!(variant(SymFlag(99)), None);
    }
}
