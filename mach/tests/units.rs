//! Register units derived from x86-64's alias table (`rcc_mach::units`).

use rcc_mach::units::RegUnits;
use rcc_mach::TargetInfo;
use rcc_targets::x86_64::{regs, X86Info};

#[test]
fn x86_units_match_aliases() {
    let t = X86Info;
    let mut u = RegUnits::default();
    u.build(&t);
    assert!(u.num_units() > 16);
    let n = t.num_regs();
    for a in 1..n {
        let pa = rcc_mc::Reg(a as u16);
        for b in 1..n {
            let pb = rcc_mc::Reg(b as u16);
            let alias = a == b || t.aliases(pa).contains(&(b as u16));
            assert_eq!(
                alias,
                u.overlap(pa, pb),
                "{} vs {}",
                t.reg_name(pa),
                t.reg_name(pb)
            );
        }
    }
    assert_eq!(u.units(regs::RAX).len(), 2);
    assert!(u.overlap(regs::AL, regs::EAX));
    assert!(!u.overlap(regs::AL, regs::AH));
    assert!(u.units(regs::RSP).iter().all(|&x| u.is_reserved(x)));
    assert!(u.units(regs::RBX).iter().all(|&x| !u.is_reserved(x)));
}
