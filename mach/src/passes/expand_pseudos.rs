//! Post-allocation pseudo expansion (LLVM's ExpandPostRAPseudos): once no
//! virtual registers remain, `COPY` and `SUBREG_TO_REG` become target
//! instructions through [`TargetInfo::copy_phys`], or disappear when source
//! and destination are the same register. `SUBREG_TO_REG` copies into the
//! named part of its def, relying on the target's rule that writing that
//! part clears the rest (x86-64 32-bit writes). `IMPLICIT_DEF` and `KILL`
//! stay: they emit nothing but keep the verifier's register tracking exact.
//! Target pseudos are offered to [`TargetInfo::expand_post_ra`] with the
//! rest of their block (x86's zero idiom picks `xor` or `mov` by whether
//! the flags are live there).

use crate::func::{MInst, MachFunction};
use crate::printer::print_inst;
use crate::reg::PReg;
use crate::target::{MOpc, TargetInfo};
use rcc_ir::Module;

/// Lowers the copy-like pseudos of an allocated function. On failure, the
/// error names the instruction the target could not copy.
pub fn expand_pseudos(mf: &mut MachFunction, m: &Module, t: &dyn TargetInfo) -> Result<(), String> {
    expand_pseudos_in(mf, m, t, &mut Vec::new())
}

/// [`expand_pseudos`] with a reused layout buffer.
pub fn expand_pseudos_in(
    mf: &mut MachFunction,
    m: &Module,
    t: &dyn TargetInfo,
    scratch: &mut Vec<MInst>,
) -> Result<(), String> {
    let mut failed: Option<MInst> = None;
    mf.rewrite(scratch, |mf, b, old, out| {
        for (k, &i) in old.iter().enumerate() {
            let opc = mf.opc(i);
            if opc.as_target().is_some() {
                out.push(t.expand_post_ra(mf, b, i, &old[k + 1..]).unwrap_or(i));
                continue;
            }
            let ops = mf.operands(i);
            let pair: Option<(PReg, PReg)> = match opc {
                MOpc::COPY => ops[0].reg().as_phys().zip(ops[1].reg().as_phys()),
                MOpc::SUBREG_TO_REG => ops[0]
                    .reg()
                    .as_phys()
                    .and_then(|d| t.sub_reg(d, ops[3].imm_value() as u8))
                    .zip(ops[2].reg().as_phys()),
                _ => {
                    out.push(i);
                    continue;
                }
            };
            match pair {
                Some((d, s)) if d == s => {}
                Some((d, s)) => match t.copy_phys(mf, d, s) {
                    Some(c) => out.push(c),
                    None => {
                        failed.get_or_insert(i);
                        out.push(i);
                    }
                },
                None => {
                    failed.get_or_insert(i);
                    out.push(i);
                }
            }
        }
    });
    match failed {
        None => Ok(()),
        Some(i) => {
            let mut s = String::from("cannot lower `");
            print_inst(&mut s, mf, m, t, i);
            s.push_str("` to a target copy");
            Err(s)
        }
    }
}
