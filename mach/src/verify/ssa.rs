//! SSA checks (while the function has `IS_SSA`): one def per virtual
//! register; every non-`undef` use has a def that dominates it (earlier in
//! the same block, or in a dominating block); a PHI input's def dominates
//! the end of its predecessor; each PHI lists every predecessor once.

use super::Verifier;
use crate::cfg::MCfg;
use crate::func::MBlock;
use crate::operand::{flag, OpKind};
use crate::target::MOpc;
use rcc_ir::entity::EntityId;

const NONE: (u32, u32) = (u32::MAX, u32::MAX);

pub(super) fn check(v: &mut Verifier) {
    let mf = v.mf;
    // (block, position in block) of each vreg's def.
    let mut def_at = vec![NONE; mf.num_vregs()];
    for &b in &mf.order {
        for (pos, &i) in mf.block_insts(b).iter().enumerate() {
            for o in mf.operands(i) {
                if !o.is_def() || !mf.is_vreg(o.reg()) {
                    continue;
                }
                let vr = o.reg().as_virt().expect("virtual");
                let d = &mut def_at[vr.index()];
                if *d == NONE {
                    *d = (b.as_u32(), pos as u32);
                } else {
                    v.err(
                        Some(b),
                        Some(i),
                        format!("%{} has more than one def", vr.as_u32()),
                    );
                }
            }
        }
    }
    let cfg = MCfg::compute(mf);
    for &b in &mf.order {
        for (pos, &i) in mf.block_insts(b).iter().enumerate() {
            let ops = mf.operands(i);
            if mf.opc(i) == MOpc::PHI {
                check_phi(v, &cfg, &def_at, b, i);
                continue;
            }
            for o in ops {
                if !o.is_use() || o.has(flag::UNDEF) || !mf.is_vreg(o.reg()) {
                    continue;
                }
                let vr = o.reg().as_virt().expect("virtual");
                let (db, dp) = def_at[vr.index()];
                let msg = if (db, dp) == NONE {
                    Some(format!("%{} is used but never defined", vr.as_u32()))
                } else if db == b.as_u32() {
                    (dp >= pos as u32).then(|| format!("%{} is used before its def", vr.as_u32()))
                } else {
                    (!cfg.dominates(MBlock::from_u32(db), b)).then(|| {
                        format!("%{} is used where its def does not dominate", vr.as_u32())
                    })
                };
                if let Some(m) = msg {
                    v.err(Some(b), Some(i), m);
                }
            }
        }
    }
}

fn check_phi(
    v: &mut Verifier,
    cfg: &MCfg,
    def_at: &[(u32, u32)],
    b: MBlock,
    i: crate::func::MInst,
) {
    let mf = v.mf;
    let ops = mf.operands(i);
    if ops.len().is_multiple_of(2) {
        return; // shape reported by the operand checks
    }
    let preds = cfg.preds(b);
    let mut listed: Vec<MBlock> = Vec::new();
    for pair in ops[1..].chunks(2) {
        if pair[1].kind() != OpKind::Block || pair[1].payload() as usize >= mf.blocks.len() {
            continue;
        }
        let p = MBlock::from_u32(pair[1].payload());
        if listed.contains(&p) {
            v.err(Some(b), Some(i), format!("PHI lists {p} twice"));
        }
        listed.push(p);
        if !preds.contains(&p) {
            v.err(
                Some(b),
                Some(i),
                format!("PHI input from {p}, which is not a predecessor"),
            );
            continue;
        }
        let o = pair[0];
        if o.has(flag::UNDEF) || !mf.is_vreg(o.reg()) {
            continue;
        }
        let vr = o.reg().as_virt().expect("virtual");
        let (db, _) = def_at[vr.index()];
        if db == NONE.0 {
            v.err(
                Some(b),
                Some(i),
                format!("PHI input %{} is never defined", vr.as_u32()),
            );
        } else if !cfg.dominates(MBlock::from_u32(db), p) {
            v.err(
                Some(b),
                Some(i),
                format!(
                    "PHI input %{} does not dominate the end of {p}",
                    vr.as_u32()
                ),
            );
        }
    }
    for &p in preds {
        if !listed.contains(&p) {
            v.err(
                Some(b),
                Some(i),
                format!("PHI has no input for predecessor {p}"),
            );
        }
    }
}
