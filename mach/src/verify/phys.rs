//! Physical-register checks after allocation (`NO_VREGS`): within a block,
//! a physical register is read only after something in the block wrote it
//! (or an overlapping register), or when it is live into the block (the
//! function's `live_ins` for the entry, the block's own live-ins
//! otherwise). A call's register mask ends the life of every register it
//! does not preserve. Reserved registers (the target's and the function's own,
//! `MachFunction::reserved`) and `undef` reads are exempt.

use super::Verifier;
use crate::operand::{flag, OpKind};
use crate::reg::PReg;

pub(super) fn check(v: &mut Verifier) {
    let (mf, t) = (v.mf, v.t);
    let mut defined = vec![false; t.num_regs()];
    let mut problems: Vec<(crate::func::MInst, String)> = Vec::new();
    for (n, &b) in mf.order.iter().enumerate() {
        defined.iter_mut().for_each(|d| *d = false);
        let entry_ins: &[PReg] = if n == 0 { &mf.live_ins } else { &[] };
        for &r in entry_ins.iter().chain(mf.block_live_ins(b)) {
            mark(&mut defined, r);
        }
        for &i in mf.block_insts(b) {
            let ops = mf.operands(i);
            for o in ops {
                if !o.is_use() || o.has(flag::UNDEF) {
                    continue;
                }
                let Some(r) = o.reg().as_phys() else { continue };
                if mf.is_reserved(t, r) {
                    continue;
                }
                let live = t
                    .aliases(r)
                    .iter()
                    .any(|&a| defined.get(a as usize).copied().unwrap_or(false));
                if !live {
                    problems.push((
                        i,
                        format!("reads {} before it is written in the block", v.preg_name(r)),
                    ));
                }
            }
            for o in ops {
                if o.kind() == OpKind::RegMask {
                    let keep = t.preserved_regs(o.payload());
                    for (k, d) in defined.iter_mut().enumerate() {
                        if !keep.contains(&rcc_mc::Reg(k as u16)) {
                            *d = false;
                        }
                    }
                }
            }
            for o in ops {
                if let Some(r) = o.reg().as_phys().filter(|_| o.is_def()) {
                    mark(&mut defined, r);
                }
            }
        }
        for (i, p) in problems.drain(..) {
            v.err(Some(b), Some(i), p);
        }
    }
}

fn mark(defined: &mut [bool], r: PReg) {
    if let Some(d) = defined.get_mut(r.0 as usize) {
        *d = true;
    }
}
