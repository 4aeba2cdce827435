//! The two-address pass: makes every tied use name its def's register.
//!
//! `%d = OP %a(tied-def 0), %b` becomes `%d = COPY %a` followed by
//! `%d = OP %d(tied-def 0), %b`, so the register allocator only has to give
//! the def and the tied use one register. The copy keeps the use's
//! sub-register index and flags (less `tied`); the rewritten tied use loses
//! `kill`/`undef`. Other uses of the same register by the instruction read
//! `%d` too (as LLVM's pass does): `%d = OP %a(tied), %a` becomes
//! `%d = COPY %a ; %d = OP %d, %d`, so `%a` may die at the copy (`pxor`
//! of a register with itself needs no second register). Physical registers
//! are handled the same way.
//!
//! Commuting a commutable instruction to avoid the copy needs liveness
//! (the other source must die here) and is left to a later, liveness-based
//! version; at -O0 the fast allocator usually assigns `%d` the register `%a`
//! dies in, making the copy an identity that the rewrite deletes.
//!
//! Runs after PHI elimination; afterwards the function has
//! `TIED_REWRITTEN` and is no longer `IS_SSA`.

use crate::func::{prop, MachFunction};
use crate::operand::{flag, Operand};
use crate::target::{MOpc, TargetInfo};

/// Rewrites every tied operand pair of `mf` into two-address form.
pub fn two_address(mf: &mut MachFunction, _t: &dyn TargetInfo) {
    let mut scratch = Vec::new();
    let mut fix: Vec<(usize, Operand, Operand)> = Vec::new();
    mf.rewrite(&mut scratch, |mf, _b, old, out| {
        for &i in old {
            fix.clear();
            let ops = mf.operands(i);
            for (k, &u) in ops.iter().enumerate() {
                let Some(d) = u.tied_to().filter(|_| u.is_use()) else {
                    continue;
                };
                let Some(&def) = ops.get(d) else { continue };
                if def.reg() != u.reg() || def.subreg() != u.subreg() {
                    fix.push((k, def, u));
                }
            }
            let single = fix.len() == 1;
            for &(k, def, u) in &fix {
                let mut dst = Operand::reg_def(def.reg());
                dst.set_subreg(def.subreg());
                let mut src = u;
                src.set(flag::TIED, false);
                let c = mf.create(MOpc::COPY, &[dst, src]);
                out.push(c);
                let o = &mut mf.operands_mut(i)[k];
                o.set_reg(def.reg());
                o.set_subreg(def.subreg());
                o.set(flag::KILL | flag::UNDEF, false);
                for o in mf.operands_mut(i).iter_mut() {
                    let same = o.is_reg()
                        && o.is_use()
                        && !o.has(flag::IMPLICIT)
                        && o.reg() == u.reg()
                        && o.subreg() == u.subreg();
                    if same && single {
                        o.set_reg(def.reg());
                        o.set_subreg(def.subreg());
                        o.set(flag::KILL | flag::UNDEF, false);
                    }
                }
            }
            out.push(i);
        }
    });
    mf.props = (mf.props & !prop::IS_SSA) | prop::TIED_REWRITTEN;
}
