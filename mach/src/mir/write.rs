//! The MIR writer: one function section (`---`, `name:`, the function's
//! tables, `body:` with its blocks and instructions). Instructions are
//! spelled by `crate::printer::print_inst`, the one instruction printer.
//!
//! Invariant: everything [`crate::mir::read_function`] needs to rebuild an
//! equivalent function is written; tables whose indices are not visible in
//! instruction lines (`inline-asm:`) are written in the order their
//! instructions appear in the body, which is the order the reader pairs
//! them in.

use crate::eh::EhClauseKind;
use crate::func::{prop, MachFunction};
use crate::inline_asm::{AsmOperandKind, Code, Constraint, ConstraintKind};
use crate::printer::{print_inst, write_global, write_preg};
use crate::target::{MOpc, TargetInfo};
use rcc_ir::entity::{EntityId, PackedOption};
use rcc_ir::{GlobalId, Module};
use std::fmt::Write;

/// Property names in `properties:`, by bit.
pub(crate) const PROPS: [(u32, &str); 4] = [
    (prop::IS_SSA, "ssa"),
    (prop::NO_PHIS, "no-phis"),
    (prop::TIED_REWRITTEN, "tied-rewritten"),
    (prop::NO_VREGS, "no-vregs"),
];

/// Virtual registers per line of `registers:`.
const REGS_PER_LINE: usize = 8;

/// Writes the section of `mf`: everything the function carries.
pub fn write_function(out: &mut String, mf: &MachFunction, m: &Module, t: &dyn TargetInfo) {
    // An unnamed function is named by its number, as `@N` (without `@`).
    let mut name = String::new();
    crate::printer::write_global(&mut name, m, mf.func);
    let _ = writeln!(out, "---\nname: {}", &name[1..]);
    write_props(out, mf.props);
    write_frame(out, mf);
    if mf.num_vregs() > 0 {
        out.push_str("registers:\n");
        for (v, &c) in mf.vreg_class.iter() {
            let k = v.index() % REGS_PER_LINE;
            out.push_str(if k == 0 { "  " } else { ", " });
            let _ = write!(
                out,
                "%{}: {}",
                v.as_u32(),
                t.class_name(c).to_ascii_lowercase()
            );
            if k == REGS_PER_LINE - 1 || v.index() + 1 == mf.num_vregs() {
                out.push('\n');
            }
        }
    }
    if !mf.ext_names.is_empty() {
        out.push_str("externals:\n");
        for n in &mf.ext_names {
            let _ = writeln!(out, "  &{n}");
        }
    }
    for (i, e) in mf.const_pool.iter().enumerate() {
        if i == 0 {
            out.push_str("constants:\n");
        }
        let _ = writeln!(
            out,
            "  %const.{i}: {:02x?}, align={}",
            e.bytes.get(&mf.const_bytes),
            e.align
        );
    }
    for (i, r) in mf.jump_tables.iter().enumerate() {
        if i == 0 {
            out.push_str("jump-tables:\n");
        }
        let _ = write!(out, "  %jump-table.{i}:");
        for (k, b) in r.get(&mf.jt_pool).iter().enumerate() {
            out.push_str(if k == 0 { " " } else { ", " });
            let _ = write!(out, "%{b}");
        }
        out.push('\n');
    }
    write_regs(out, t, "liveins", &mf.live_ins);
    write_regs(out, t, "used-phys", &mf.used_phys);
    write_regs(out, t, "reserved", &mf.reserved);
    write_inline_asms(out, mf);
    write_eh(out, mf, m);
    out.push_str("body:\n");
    for &b in &mf.order {
        write_block_header(out, mf, t, b, false);
        for &i in mf.block_insts(b) {
            out.push_str("  ");
            print_inst(out, mf, m, t, i);
            out.push('\n');
        }
    }
    let mut placed = vec![false; mf.blocks.len()];
    for &b in &mf.order {
        if let Some(p) = placed.get_mut(b.index()) {
            *p = true;
        }
    }
    for (b, _) in mf.blocks.iter() {
        if !placed[b.index()] {
            write_block_header(out, mf, t, b, true);
        }
    }
}

fn write_props(out: &mut String, props: u32) {
    out.push_str("properties:");
    let mut rest = props;
    for (bit, name) in PROPS {
        if props & bit != 0 {
            let _ = write!(out, " {name}");
            rest &= !bit;
        }
    }
    if rest != 0 {
        let _ = write!(out, " {rest:#x}");
    }
    out.push('\n');
}

fn write_frame(out: &mut String, mf: &MachFunction) {
    let f = &mf.frame;
    let _ = write!(
        out,
        "frame: max-align={}, max-call-frame={}, stack-size={}",
        f.max_align, f.max_call_frame, f.stack_size
    );
    for (on, name) in [
        (f.has_var_sized, "has-var-sized"),
        (f.has_calls, "has-calls"),
        (f.emit_cfi, "emit-cfi"),
    ] {
        if on {
            let _ = write!(out, ", {name}");
        }
    }
    if let Some(s) = f.scratch {
        let _ = write!(out, ", scratch={s}");
    }
    if let Some(b) = f.save_point {
        let _ = write!(out, ", save-point=%bb.{}", b.index());
    }
    if let Some(b) = f.restore_point {
        let _ = write!(out, ", restore-point=%bb.{}", b.index());
    }
    out.push('\n');
    for (fi, o) in f.objects.iter() {
        if fi.index() == 0 {
            out.push_str("stack:\n");
        }
        let _ = writeln!(
            out,
            "  {fi}: size={}, align={}, {:?}, at {}",
            o.size, o.align, o.kind, o.offset
        );
    }
}

fn write_regs(out: &mut String, t: &dyn TargetInfo, key: &str, regs: &[crate::reg::PReg]) {
    if regs.is_empty() {
        return;
    }
    let _ = write!(out, "{key}:");
    for (k, &r) in regs.iter().enumerate() {
        out.push_str(if k == 0 { " " } else { ", " });
        write_preg(out, t, r);
    }
    out.push('\n');
}

fn write_block_header(
    out: &mut String,
    mf: &MachFunction,
    t: &dyn TargetInfo,
    b: crate::func::MBlock,
    unplaced: bool,
) {
    let d = &mf.blocks[b];
    let _ = write!(out, "\n{b}");
    if d.ir_block != u32::MAX {
        let _ = write!(out, " (%ir-block.{})", d.ir_block);
    }
    if d.address_taken {
        out.push_str(", address-taken");
    }
    if d.align_log2 > 0 {
        let _ = write!(out, ", align {}", 1u64 << d.align_log2);
    }
    if unplaced {
        out.push_str(", unplaced");
    }
    out.push_str(":\n");
    let succs = mf.succs(b);
    let probs = mf.succ_probs(b).unwrap_or(&[]);
    if !succs.is_empty() || !probs.is_empty() {
        out.push_str("  successors:");
        for (k, s) in succs.iter().enumerate() {
            out.push_str(if k == 0 { " " } else { ", " });
            let _ = write!(out, "%{s}");
            if let Some(p) = probs.get(k) {
                let _ = write!(out, "({p})");
            }
        }
        out.push('\n');
    }
    let live = mf.block_live_ins(b);
    if !live.is_empty() {
        out.push_str("  ");
        write_regs(out, t, "liveins", live);
    }
}

/// `inline-asm:` entries (constraints and operand positions), in body
/// order of their instructions.
fn write_inline_asms(out: &mut String, mf: &MachFunction) {
    let mut first = true;
    for &b in &mf.order {
        for &i in mf.block_insts(b) {
            if mf.opc(i) != MOpc::INLINEASM {
                continue;
            }
            let Some(d) = crate::inline_asm::descriptor(mf, i) else {
                continue;
            };
            if first {
                out.push_str("inline-asm:\n");
                first = false;
            }
            out.push_str("  constraints ");
            let mut s = String::new();
            write_constraints(&mut s, &d.constraints);
            crate::printer::write_quoted(out, &s);
            out.push_str(", operands");
            for o in &d.operands {
                let k = match o.kind {
                    AsmOperandKind::Reg => "reg",
                    AsmOperandKind::Mem => "mem",
                    AsmOperandKind::Imm => "imm",
                };
                let _ = write!(out, " {k}@{}", o.first);
            }
            out.push('\n');
        }
    }
}

/// A constraint list in the syntax `parse_constraints` reads.
pub(crate) fn write_constraints(out: &mut String, cs: &[Constraint]) {
    for (k, c) in cs.iter().enumerate() {
        if k > 0 {
            out.push(',');
        }
        out.push_str(match c.kind {
            ConstraintKind::Output => "=",
            ConstraintKind::Input => "",
            ConstraintKind::Clobber => "~",
        });
        if c.early_clobber {
            out.push('&');
        }
        if c.indirect {
            out.push('*');
        }
        for code in &c.codes {
            match code {
                Code::Letter(l) => out.push(*l),
                Code::Reg(r) => {
                    let _ = write!(out, "{{{r}}}");
                }
                Code::Tied(n) => {
                    let _ = write!(out, "{n}");
                }
            }
        }
    }
}

fn write_type_info(out: &mut String, m: &Module, g: PackedOption<GlobalId>) {
    match g.expand() {
        Some(g) => write_global(out, m, g),
        None => out.push_str("null"),
    }
}

fn write_eh(out: &mut String, mf: &MachFunction, m: &Module) {
    let eh = &mf.eh;
    let labels = (eh.num_labels() as u32).max(max_label(mf));
    if labels > 0 {
        let _ = writeln!(out, "eh-labels: {labels}");
    }
    if !eh.type_ids.is_empty() {
        out.push_str("eh-type-ids:");
        for (k, &ti) in eh.type_ids.iter().enumerate() {
            out.push_str(if k == 0 { " " } else { ", " });
            write_type_info(out, m, ti);
        }
        out.push('\n');
    }
    for (k, p) in eh.pads().iter().enumerate() {
        if k == 0 {
            out.push_str("eh-pads:\n");
        }
        let _ = write!(out, "  %{}: label {}", p.block, p.label);
        if p.cleanup {
            out.push_str(", cleanup");
        }
        for c in eh.pad_clauses(p) {
            match c.kind {
                EhClauseKind::Catch => out.push_str(", catch"),
                EhClauseKind::Filter => out.push_str(", filter"),
            }
            out.push_str(" [");
            for (j, &ti) in eh.clause_types(c).iter().enumerate() {
                if j > 0 {
                    out.push_str(", ");
                }
                write_type_info(out, m, ti);
            }
            out.push(']');
        }
        out.push('\n');
    }
    for (k, v) in eh.invokes().iter().enumerate() {
        if k == 0 {
            out.push_str("eh-invokes:\n");
        }
        let _ = writeln!(out, "  begin {}, end {}, pad {}", v.begin, v.end, v.pad);
    }
}

/// One past the largest label number used by an `EH_LABEL` or a table.
fn max_label(mf: &MachFunction) -> u32 {
    let mut n = 0;
    for p in mf.eh.pads() {
        n = n.max(p.label + 1);
    }
    for v in mf.eh.invokes() {
        n = n.max(v.begin + 1).max(v.end + 1);
    }
    for s in &mf.syms {
        if let crate::func::SymTarget::EhLabel(l) = s.target {
            n = n.max(l.saturating_add(1));
        }
    }
    n
}
