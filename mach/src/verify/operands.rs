//! Operand checks: counts and kinds against the target's operand
//! constraints, the fixed shapes of generic opcodes, register classes,
//! sub-register indices, tied operands, and the `NO_VREGS` / `NO_PHIS`
//! properties.

use super::Verifier;
use crate::constraint::{for_each_explicit, OpConstraint};
use crate::func::{prop, MBlock, MInst, MachFunction};
use crate::operand::{flag, OpKind, Operand};
use crate::reg::{PReg, RegClassId};
use crate::target::{iflag, MOpc, MemPart, TargetInfo};

pub(super) fn check(v: &mut Verifier) {
    let mut cons = Vec::new();
    for &b in &v.mf.order {
        for &i in v.mf.block_insts(b) {
            check_inst(v, b, i, &mut cons);
        }
    }
}

fn check_inst(v: &mut Verifier, b: MBlock, i: MInst, cons: &mut Vec<OpConstraint>) {
    let (mf, t) = (v.mf, v.t);
    let ops = mf.operands(i);
    let opc = mf.opc(i);
    let mut problems: Vec<String> = Vec::new();
    match opc.as_target() {
        Some(op) => {
            cons.clear();
            for_each_explicit(t, opc, |c| cons.push(c));
            if ops.len() < cons.len() {
                problems.push(format!(
                    "expected {} explicit operands, found {}",
                    cons.len(),
                    ops.len()
                ));
            } else {
                let is_call = t.inst_flags(op) & iflag::CALL != 0;
                // Calls and tail calls (returns) may branch to a symbol.
                let to_sym = is_call || t.inst_flags(op) & iflag::RETURN != 0;
                for (k, (&o, &c)) in ops.iter().zip(cons.iter()).enumerate() {
                    if let Some(p) = check_explicit(v, o, c, to_sym) {
                        problems.push(format!("operand {k}: {p}"));
                    }
                }
                for (k, &o) in ops.iter().enumerate().skip(cons.len()) {
                    let ok = (o.is_reg() && o.has(flag::IMPLICIT))
                        || (o.kind() == OpKind::RegMask && is_call);
                    if !ok {
                        problems.push(format!(
                            "operand {k}: extra operand must be an implicit register{}",
                            if is_call { " or a register mask" } else { "" }
                        ));
                    }
                }
            }
        }
        None => check_generic(mf, t, opc, ops, &mut problems),
    }
    for (k, &o) in ops.iter().enumerate() {
        if let Some(p) = check_reg_operand(v, o) {
            problems.push(format!("operand {k}: {p}"));
        }
    }
    check_tied(mf, ops, &mut problems);
    if opc == MOpc::PHI && mf.has_prop(prop::NO_PHIS) {
        problems.push("PHI after PHI elimination".into());
    }
    for p in problems {
        v.err(Some(b), Some(i), p);
    }
}

/// One explicit operand against its constraint.
fn check_explicit(v: &Verifier, o: Operand, c: OpConstraint, to_sym: bool) -> Option<String> {
    let (mf, t) = (v.mf, v.t);
    let kind = o.kind();
    let reg_only = |want_def: bool| -> Option<String> {
        if !o.is_reg() || o.has(flag::IMPLICIT) || o.reg().is_none() {
            return Some(format!(
                "expected an explicit register {}",
                if want_def { "def" } else { "use" }
            ));
        }
        if o.is_def() != want_def {
            return Some(format!(
                "expected a register {}",
                if want_def { "def" } else { "use" }
            ));
        }
        None
    };
    match c {
        OpConstraint::Def(cl) => reg_only(true).or_else(|| class_problem(v, o, cl)),
        OpConstraint::Use(cl) => reg_only(false)
            .or_else(|| {
                o.has(flag::TIED)
                    .then(|| "use is tied but the slot is not".into())
            })
            .or_else(|| class_problem(v, o, cl)),
        OpConstraint::TiedUse(cl, d) => reg_only(false)
            .or_else(|| {
                (o.tied_to() != Some(d as usize))
                    .then(|| format!("expected a use tied to operand {d}"))
            })
            .or_else(|| class_problem(v, o, cl)),
        OpConstraint::Mem(part @ (MemPart::Base | MemPart::Index)) => {
            if kind == OpKind::Frame && part == MemPart::Base {
                return (o.payload() as usize >= mf.frame.objects.len())
                    .then(|| format!("frame index {} does not exist", o.payload()));
            }
            if !o.is_reg() || o.is_def() || o.has(flag::IMPLICIT) {
                return Some("expected an address register use (or $noreg)".into());
            }
            let cl = if part == MemPart::Base {
                t.mem_base_class()
            } else {
                t.mem_index_class()
            };
            // Physical bases may be anything the target encodes ($rip).
            match cl {
                Some(cl) if o.reg().is_virtual() => class_problem(v, o, cl),
                _ => None,
            }
        }
        OpConstraint::Mem(MemPart::Imm { name, allowed }) => match mf.imm_of(o) {
            Some(x) if kind == OpKind::Imm && allowed.contains(&x) => None,
            _ => Some(format!("expected a {name} of {}", one_of(allowed))),
        },
        OpConstraint::Mem(MemPart::Disp) | OpConstraint::Imm => {
            (!matches!(kind, OpKind::Imm | OpKind::Imm64 | OpKind::Sym))
                .then(|| "expected an immediate or a symbol".into())
        }
        OpConstraint::Mem(MemPart::PhysReg { name }) => {
            (!o.is_reg() || o.is_def() || o.reg().is_virtual())
                .then(|| format!("expected a {name} or $noreg"))
        }
        OpConstraint::Block => match kind {
            OpKind::Block => (o.payload() as usize >= mf.blocks.len())
                .then(|| format!("block {} does not exist", o.payload())),
            OpKind::Sym if to_sym => None,
            _ => Some("expected a block".into()),
        },
    }
}

/// `1, 2, 4 or 8`.
fn one_of(allowed: &[i64]) -> String {
    let mut s = String::new();
    for (k, x) in allowed.iter().enumerate() {
        if k > 0 {
            s.push_str(if k + 1 == allowed.len() { " or " } else { ", " });
        }
        s.push_str(&x.to_string());
    }
    s
}

/// Register-class compatibility of a register operand with slot class `slot`.
fn class_problem(v: &Verifier, o: Operand, slot: RegClassId) -> Option<String> {
    let (mf, t) = (v.mf, v.t);
    let r = o.reg();
    if let Some(vr) = r.as_virt() {
        if !mf.is_vreg(r) {
            return None; // reported by check_reg_operand
        }
        let c = mf.class_of(vr);
        let ok = match o.subreg() {
            None => t.is_subclass(c, slot) || t.is_subclass(slot, c),
            Some(idx) => t
                .class_members(c)
                .iter()
                .any(|&m| t.sub_reg(m, idx).is_some_and(|s| t.class_contains(slot, s))),
        };
        return (!ok).then(|| {
            format!(
                "register class {} is not compatible with {}",
                t.class_name(c),
                t.class_name(slot)
            )
        });
    }
    let p = r.as_phys()?;
    let p = match o.subreg() {
        Some(idx) => t.sub_reg(p, idx)?,
        None => p,
    };
    (!t.class_contains(slot, p))
        .then(|| format!("{} is not in class {}", v.preg_name(p), t.class_name(slot)))
}

/// Checks that hold for every register operand: the virtual register
/// exists, its sub-register index is valid, no virtual registers after
/// allocation.
fn check_reg_operand(v: &Verifier, o: Operand) -> Option<String> {
    let (mf, t) = (v.mf, v.t);
    if !o.is_reg() {
        return None;
    }
    let r = o.reg();
    if let Some(vr) = r.as_virt() {
        if !mf.is_vreg(r) {
            return Some(format!("virtual register %{} does not exist", vr.as_u32()));
        }
        if mf.has_prop(prop::NO_VREGS) {
            return Some("virtual register after register allocation".into());
        }
        if let Some(idx) = o.subreg() {
            let c = mf.class_of(vr);
            if !t
                .class_members(c)
                .iter()
                .any(|&m| t.sub_reg(m, idx).is_some())
            {
                return Some(format!(
                    "class {} has no sub-register {}",
                    t.class_name(c),
                    t.subreg_name(idx)
                ));
            }
        }
    } else if let (Some(p), Some(idx)) = (r.as_phys(), o.subreg()) {
        if t.sub_reg(p, idx).is_none() {
            return Some(format!("{} has no {}", v.preg_name(p), t.subreg_name(idx)));
        }
    }
    if o.has(flag::TIED) && o.is_def() {
        return Some("a def cannot be tied".into());
    }
    None
}

/// Tied uses point at defs, one use per def; in two-address form they name
/// the same register.
fn check_tied(mf: &MachFunction, ops: &[Operand], problems: &mut Vec<String>) {
    let rewritten = mf.has_prop(prop::TIED_REWRITTEN) || mf.has_prop(prop::NO_VREGS);
    for (k, &o) in ops.iter().enumerate() {
        let Some(d) = o.tied_to().filter(|_| o.is_use()) else {
            continue;
        };
        match ops.get(d) {
            Some(def) if def.is_def() => {
                if ops[..k]
                    .iter()
                    .any(|p| p.is_use() && p.tied_to() == Some(d))
                {
                    problems.push(format!("operand {d} has two tied uses"));
                }
                if rewritten && (def.reg() != o.reg() || def.subreg() != o.subreg()) {
                    problems.push(format!(
                        "operand {k}: tied use does not name the register of operand {d}"
                    ));
                }
            }
            _ => problems.push(format!(
                "operand {k}: tied to operand {d}, which is not a def"
            )),
        }
    }
}

/// Width in bits of what a register operand names, if known.
pub(super) fn operand_bits(mf: &MachFunction, t: &dyn TargetInfo, o: Operand) -> Option<u32> {
    let r = o.reg();
    if let Some(vr) = r.as_virt() {
        if !mf.is_vreg(r) {
            return None;
        }
        let c = mf.class_of(vr);
        return match o.subreg() {
            None => Some(t.class_spill_size(c) * 8),
            Some(idx) => t
                .class_members(c)
                .iter()
                .find_map(|&m| t.sub_reg(m, idx))
                .map(|s| t.reg_bits(s)),
        };
    }
    let p = r.as_phys()?;
    let p: PReg = match o.subreg() {
        Some(idx) => t.sub_reg(p, idx)?,
        None => p,
    };
    Some(t.reg_bits(p))
}

/// Shapes of the generic opcodes.
fn check_generic(
    mf: &MachFunction,
    t: &dyn TargetInfo,
    opc: MOpc,
    ops: &[Operand],
    problems: &mut Vec<String>,
) {
    let explicit_def = |o: Option<&Operand>| {
        o.is_some_and(|o| o.is_def() && !o.has(flag::IMPLICIT) && !o.reg().is_none())
    };
    let reg_use = |o: Option<&Operand>| o.is_some_and(|o| o.is_use() && !o.reg().is_none());
    let implicit_rest = |from: usize, problems: &mut Vec<String>| {
        for (k, o) in ops.iter().enumerate().skip(from) {
            if !(o.is_reg() && o.has(flag::IMPLICIT)) {
                problems.push(format!("operand {k}: expected an implicit register"));
            }
        }
    };
    match opc {
        MOpc::PHI => {
            if !explicit_def(ops.first()) || ops.len().is_multiple_of(2) {
                problems.push("PHI must be a def followed by (value, block) pairs".into());
                return;
            }
            let dbits = operand_bits(mf, t, ops[0]);
            for (k, pair) in ops[1..].chunks(2).enumerate() {
                let k = 1 + 2 * k;
                if !reg_use(Some(&pair[0])) {
                    problems.push(format!("operand {k}: PHI input must be a register use"));
                } else if dbits.is_some() && operand_bits(mf, t, pair[0]) != dbits {
                    problems.push(format!("operand {k}: PHI input width differs from the def"));
                }
                if pair[1].kind() != OpKind::Block || pair[1].payload() as usize >= mf.blocks.len()
                {
                    problems.push(format!("operand {}: expected a predecessor block", k + 1));
                }
            }
        }
        MOpc::COPY => {
            if !explicit_def(ops.first()) || !reg_use(ops.get(1)) {
                problems.push("COPY must be a register def and a register use".into());
                return;
            }
            if ops[1].has(flag::IMPLICIT) {
                problems.push("COPY source must be explicit".into());
            }
            // A class may name only part of its members' width (x86 FR64:
            // the low 64 bits of an XMM register); copying between such a
            // virtual register and one of its class's members, or a virtual
            // register of a class with the same members (VR128), is fine.
            let class = |o: Operand| o.reg().as_virt().filter(|_| mf.is_vreg(o.reg()));
            let member = |v: Operand, p: Operand| {
                v.subreg().is_none()
                    && p.subreg().is_none()
                    && class(v).is_some_and(|r| {
                        let c = mf.class_of(r);
                        match (p.reg().as_phys(), class(p)) {
                            (Some(p), _) => t.class_contains(c, p),
                            (_, Some(q)) => {
                                let q = mf.class_of(q);
                                t.is_subclass(c, q) && t.is_subclass(q, c)
                            }
                            _ => false,
                        }
                    })
            };
            let (d, s) = (ops[0], ops[1]);
            if member(d, s) || member(s, d) {
                implicit_rest(2, problems);
                return;
            }
            if let (Some(a), Some(b)) = (operand_bits(mf, t, ops[0]), operand_bits(mf, t, ops[1])) {
                if a != b {
                    problems.push(format!("COPY between registers of {a} and {b} bits"));
                }
            }
            implicit_rest(2, problems);
        }
        MOpc::IMPLICIT_DEF => {
            if !explicit_def(ops.first()) {
                problems.push("IMPLICIT_DEF must define a register".into());
            }
            implicit_rest(1, problems);
        }
        MOpc::SUBREG_TO_REG => {
            let shape = ops.len() >= 4
                && explicit_def(ops.first())
                && ops[1].kind() == OpKind::Imm
                && reg_use(ops.get(2))
                && ops[3].kind() == OpKind::Imm;
            if !shape {
                problems.push(
                    "SUBREG_TO_REG must be: def, imm, register use, sub-register index".into(),
                );
                return;
            }
            let idx = ops[3].imm_value();
            let part = u8::try_from(idx).ok().and_then(|idx| {
                let r = ops[0].reg();
                match (r.as_virt(), r.as_phys()) {
                    (Some(vr), _) if mf.is_vreg(r) => t
                        .class_members(mf.class_of(vr))
                        .iter()
                        .find_map(|&m| t.sub_reg(m, idx)),
                    (_, Some(p)) => t.sub_reg(p, idx),
                    _ => None,
                }
            });
            match part {
                None => problems.push(format!("invalid sub-register index {idx}")),
                Some(p) => {
                    if operand_bits(mf, t, ops[2]).is_some_and(|b| b != t.reg_bits(p)) {
                        problems.push("SUBREG_TO_REG source width differs from the part".into());
                    }
                }
            }
            implicit_rest(4, problems);
        }
        MOpc::ADJCALLSTACKDOWN | MOpc::ADJCALLSTACKUP => {
            let n = ops.iter().take_while(|o| o.kind() == OpKind::Imm).count();
            if n == 0 {
                problems.push("call-frame pseudo needs a byte count".into());
            }
            implicit_rest(n, problems);
        }
        MOpc::EH_LABEL => {
            if ops.len() != 1 || ops[0].kind() != OpKind::Sym {
                problems.push("EH_LABEL takes one symbol".into());
            }
        }
        MOpc::CFI => {
            let ok = ops.len() == 1
                && ops[0].kind() == OpKind::Imm
                && (ops[0].imm_value() as u32 as usize) < mf.cfi.len();
            if !ok {
                problems
                    .push("CFI_INSTRUCTION takes one index into the function's CFI table".into());
            }
        }
        MOpc::INLINEASM => check_inline_asm(mf, t, ops, problems),
        _ => {
            // KILL: any register operands.
            for (k, o) in ops.iter().enumerate() {
                if !o.is_reg() {
                    problems.push(format!("operand {k}: expected a register"));
                }
            }
        }
    }
}

/// `INLINEASM idx, operands...`: the descriptor exists and every template
/// operand it maps names operands of the right kinds; implicit operands are
/// physical register clobbers or uses.
fn check_inline_asm(
    mf: &MachFunction,
    t: &dyn TargetInfo,
    ops: &[Operand],
    problems: &mut Vec<String>,
) {
    use crate::inline_asm::AsmOperandKind;
    let desc = ops
        .first()
        .and_then(|o| mf.imm_of(*o))
        .and_then(|k| usize::try_from(k).ok())
        .and_then(|k| mf.inline_asms.get(k));
    let Some(desc) = desc else {
        problems.push("INLINEASM must start with an index into the function's asm table".into());
        return;
    };
    for (n, a) in desc.operands.iter().enumerate() {
        let k = a.first as usize;
        let ok = k > 0
            && match a.kind {
                AsmOperandKind::Reg => ops.get(k).is_some_and(|o| o.is_reg() && !o.reg().is_none()),
                AsmOperandKind::Imm => ops
                    .get(k)
                    .is_some_and(|o| matches!(o.kind(), OpKind::Imm | OpKind::Imm64 | OpKind::Sym)),
                AsmOperandKind::Mem => {
                    let shape = t.mem_operand_shape();
                    ops.get(k..k + shape.len()).is_some_and(|mem| {
                        mem.iter().zip(shape).all(|(o, p)| match p {
                            MemPart::Base => matches!(o.kind(), OpKind::Reg | OpKind::Frame),
                            MemPart::Index | MemPart::PhysReg { .. } => o.is_reg(),
                            MemPart::Imm { .. } => o.kind() == OpKind::Imm,
                            MemPart::Disp => {
                                matches!(o.kind(), OpKind::Imm | OpKind::Imm64 | OpKind::Sym)
                            }
                        })
                    })
                }
            };
        if !ok {
            problems.push(format!(
                "INLINEASM operand ${n} does not match its machine operands"
            ));
        }
    }
    for (k, o) in ops.iter().enumerate().skip(1) {
        if o.has(flag::IMPLICIT) && !(o.is_reg() && o.reg().as_phys().is_some()) {
            problems.push(format!(
                "operand {k}: implicit INLINEASM operands must be physical registers"
            ));
        }
    }
}
