//! Inline-asm calls (`call T asm [sideeffect] "template", "constraints"(args)`)
//! as one `Op::InlineAsm` node.
//!
//! The builder parses the constraints and the template (both
//! target-independent, `rcc_mach::inline_asm`), puts the descriptor in
//! `MachFunction::inline_asms` (the node's payload is its index) and
//! builds `InlineAsm (chain, op0, op1, ...) -> chain` with one operand per
//! template operand, in template numbering: a direct register output is a
//! `Register` node naming a fresh vreg the asm defines, every other operand
//! is the call argument (a value, a constant, or the pointer of an
//! indirect memory operand). Outputs are read back with `CopyFromReg`s
//! chained after the node, so they follow it in any schedule; several
//! outputs make the call's aggregate result. Which letters and registers
//! exist is checked by the target's selector; here only the shape: the
//! argument count, the result type against the direct outputs, memory
//! operands being pointers. `inteldialect` is refused.

use super::{aggregate, unsupported, BResult, Builder};
use crate::node::SDValue;
use crate::opcode::Op;
use crate::vt::VT;
use rcc_ir::types::{Type, TypeLookup};
use rcc_ir::Inst;
use rcc_mach::inline_asm::{parse_constraints, parse_template, ConstraintKind, InlineAsm};
use rcc_mach::Reg;

impl Builder<'_, '_> {
    /// Builds the inline-asm call `i` whose callee is asm number `k`.
    pub(super) fn inline_asm(&mut self, i: Inst, k: usize) -> BResult<()> {
        let f = self.fl.f;
        let m = self.fl.m;
        let Some(a) = f.asms.get(k).copied() else {
            return unsupported("an inline asm callee out of range");
        };
        if a.intel_dialect {
            return unsupported("inline asm in the Intel dialect (inteldialect)");
        }
        let decode = |s| {
            String::from_utf8(rcc_ir::span::name_bytes(m.str(s)).into_owned()).map_err(|_| {
                crate::lowering::IselError::new("an inline asm string that is not UTF-8")
            })
        };
        let source = decode(a.template)?;
        let cstr = decode(a.constraints)?;
        let bad = |what: String| {
            unsupported(format!(
                "inline asm \"{source}\" with constraints \"{cstr}\": {what}"
            ))
        };
        let cs = match parse_constraints(&cstr) {
            Ok(c) => c,
            Err(e) => return bad(e.to_string()),
        };
        let numbered = cs
            .iter()
            .filter(|c| c.kind != ConstraintKind::Clobber)
            .count();
        let template = match parse_template(&source, numbered) {
            Ok(t) => t,
            Err(e) => return bad(e.to_string()),
        };
        // The result: the direct outputs, one scalar each.
        let info = *f.call_info(i);
        let ret = match m.types.get(info.fn_ty) {
            Type::Func { ret, .. } => ret,
            _ => return unsupported("a call through a non-function type"),
        };
        let ret_vts: Vec<VT> = match m.types.get(ret) {
            Type::Void => Vec::new(),
            _ if aggregate::is_aggregate(m, ret) => {
                let mut parts = Vec::new();
                aggregate::parts_of(m, self.fl.dl, ret, 0, &mut parts)?;
                parts.iter().map(|&(vt, _)| vt).collect()
            }
            _ => vec![self.vt(ret)?],
        };
        let direct = cs
            .iter()
            .filter(|c| c.kind == ConstraintKind::Output && !c.indirect)
            .count();
        if direct != ret_vts.len() {
            return bad(format!(
                "{direct} register outputs but the call returns {} values",
                ret_vts.len()
            ));
        }
        let ops = f.inst_ops(i);
        let args = &ops[1..1 + info.num_args as usize];
        if args.len() != numbered - direct {
            return bad(format!(
                "{} operands need arguments but the call passes {}",
                numbered - direct,
                args.len()
            ));
        }
        let mut node_ops = vec![self.chain];
        let mut outs = Vec::new();
        let (mut next_arg, mut next_ret) = (0, 0);
        for c in cs.iter().filter(|c| c.kind != ConstraintKind::Clobber) {
            if c.kind == ConstraintKind::Output && !c.indirect {
                let vt = ret_vts[next_ret];
                next_ret += 1;
                let Some(class) = self.lower.reg_class(vt) else {
                    return bad(format!("an output of type {vt}"));
                };
                let r = self.mf.new_vreg(class);
                let reg = self
                    .dag
                    .value(Op::Register, vt, &[], Reg::virt(r).bits() as u64);
                node_ops.push(reg);
                outs.push((reg, vt));
                continue;
            }
            let arg = args[next_arg];
            next_arg += 1;
            let memory_only = c
                .codes
                .iter()
                .all(|x| *x == rcc_mach::inline_asm::Code::Letter('m'));
            if memory_only && !c.indirect {
                return bad("a memory operand that is not a pointer ('*m')".into());
            }
            if c.indirect && self.value_ty(arg) != rcc_ir::types::prim::PTR {
                return bad("an indirect operand that is not a pointer".into());
            }
            if aggregate::is_aggregate(m, self.value_ty(arg)) {
                return bad("an aggregate operand".into());
            }
            let v = self.get(arg)?;
            node_ops.push(v);
        }
        let idx = self.mf.inline_asms.len();
        self.mf.inline_asms.push(InlineAsm {
            template,
            source: source.into(),
            side_effects: a.side_effect,
            align_stack: a.align_stack,
            constraints: cs,
            operands: Vec::new(),
        });
        let n = self
            .dag
            .node(Op::InlineAsm, &[VT::Chain], &node_ops, idx as u64);
        self.chain = SDValue::new(n, 0);
        let mut vals = Vec::with_capacity(outs.len());
        for (reg, vt) in outs {
            let c = self
                .dag
                .node(Op::CopyFromReg, &[vt, VT::Chain], &[self.chain, reg], 0);
            self.chain = SDValue::new(c, 1);
            vals.push(SDValue::new(c, 0));
        }
        match vals.len() {
            0 => {}
            1 => self.set(i, vals[0]),
            _ => {
                let v = self.merge(&vals);
                self.set(i, v);
            }
        }
        Ok(())
    }
}
