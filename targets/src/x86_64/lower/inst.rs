//! One machine instruction to zero or one `MCInst` (MCInst lowering); the
//! TLS call pseudos (`TLS_addr64`, `TLS_base_addr64`) to their fixed
//! sequences.
//!
//! Target instructions are lowered by walking the opcode's operand slots
//! (`X86Info::operand_slots`) over the machine operands: a def or use
//! register is one MCInst operand, a tied use is dropped (the MCInst's
//! two-address destination stands for both), five memory operands become
//! one `MemRef`, immediates stay immediates, and symbols and blocks become
//! MC expressions. Operands past the slots must be implicit registers or
//! register masks, which the encoding does not show.

use super::{EmitErrorKind, FnEmitter};
use crate::x86_64::desc::{class, op, reg_info, sub_reg, Opcode, RegClass};
use crate::x86_64::sym_flags;
use crate::x86_64::{optimize_for_encoding, X86Info};
use rcc_mach::symbols::{const_pool_label, jump_table_label};
use rcc_mach::{
    flag, MBlock, MInst, MOpc, MachFunction, OpKind, Operand, OperandSlot, PReg, SymOperand,
    SymTarget, TargetInfo,
};
use rcc_mc::{BinOp, Disp, Expr, ExprId, MCInst, MCOperand, MemRef, Reg, Streamer, VariantKind};

use super::EmitError;

/// The block an unconditional direct jump goes to.
pub(super) fn jumps_to(mf: &MachFunction, i: MInst) -> Option<MBlock> {
    let o = mf.opc(i);
    if o != MOpc::target(op::JMP_1.0) && o != MOpc::target(op::JMP_4.0) {
        return None;
    }
    let t = *mf.operands(i).first()?;
    (t.kind() == OpKind::Block).then(|| MBlock::from_u32(t.payload()))
}

/// Emits machine instruction `i`.
pub(super) fn emit(e: &FnEmitter<'_>, i: MInst, s: &mut dyn Streamer) -> Result<(), EmitError> {
    let mf = e.mf;
    let opc = mf.opc(i);
    let inst = match opc {
        MOpc::IMPLICIT_DEF | MOpc::KILL => return Ok(()),
        MOpc::CFI => {
            let c = mf
                .cfi_of(i)
                .ok_or_else(|| bad(e, i, "CFI index out of range"))?;
            return s.emit_cfi(c).map_err(|x| e.mc(x));
        }
        MOpc::EH_LABEL => {
            let o = *mf
                .operands(i)
                .first()
                .ok_or_else(|| bad(e, i, "no label"))?;
            let ex = operand_expr(e, i, o, s)?;
            let sym = match s.ctx().exprs.get(ex) {
                Expr::Symbol(sym, VariantKind::None) => sym,
                _ => return Err(bad(e, i, "EH_LABEL needs a plain symbol")),
            };
            return s.emit_label(sym).map_err(|x| e.mc(x));
        }
        MOpc::INLINEASM => return super::inline_asm::emit(e, i, s),
        MOpc::COPY => copy(e, i)?,
        MOpc::SUBREG_TO_REG => subreg_to_reg(e, i)?,
        _ => match opc.as_target() {
            Some(op) if op == op::TLS_addr64.0 || op == op::TLS_base_addr64.0 => {
                return tls_call(e, i, op, s)
            }
            Some(op) if op == op::TCRETURNdi64.0 || op == op::TCRETURNri64.0 => {
                Some(tail_jump(e, i, op, s)?)
            }
            Some(op) => Some(target(e, i, op, s)?),
            None => {
                return Err(e.error(EmitErrorKind::UnexpectedOpcode {
                    inst: e.inst_text(i),
                }))
            }
        },
    };
    if let Some(mut inst) = inst {
        super::short_forms::shorten(&mut inst);
        optimize_for_encoding(&mut inst);
        s.emit_inst(&inst).map_err(|x| e.mc(x))?;
    }
    Ok(())
}

/// Expands a TLS call pseudo: `leaq addr, %rdi; callq callee`, the
/// general-dynamic form as `data16; leaq; data16; data16; rex64; callq`
/// (System V TLS ABI: the 16-byte sequence linkers relax to initial- or
/// local-exec). The instructions go out unoptimized: the linker matches
/// their exact bytes.
fn tls_call(e: &FnEmitter<'_>, i: MInst, op: u16, s: &mut dyn Streamer) -> Result<(), EmitError> {
    let pseudo = target(e, i, op, s)?;
    let [MCOperand::Mem(addr), callee @ MCOperand::Expr(_)] = *pseudo.operands() else {
        return Err(bad(e, i, "a TLS call needs an address and a callee"));
    };
    let lea = MCInst::with_operands(
        op::LEA64r.0,
        &[
            MCOperand::Reg(crate::x86_64::regs::RDI),
            MCOperand::Mem(addr),
        ],
    )
    .ok_or_else(|| bad(e, i, "too many MC operands"))?;
    let call = MCInst::with_operands(op::CALL64pcrel32.0, &[callee])
        .ok_or_else(|| bad(e, i, "too many MC operands"))?;
    let data16 = MCInst::new(op::DATA16_PREFIX.0);
    let seq: &[MCInst] = if op == op::TLS_addr64.0 {
        &[
            data16,
            lea,
            data16,
            data16,
            MCInst::new(op::REX64_PREFIX.0),
            call,
        ]
    } else {
        &[lea, call]
    };
    for inst in seq {
        s.emit_inst(inst).map_err(|x| e.mc(x))?;
    }
    Ok(())
}

/// A sibling-call pseudo as its jump: `jmp sym` or `jmpq *reg`. The
/// direct jump is the short form, relaxed by the object streamer to the
/// 4-byte one (whose fixup is PLT-able like a call's) unless the target is
/// a local function within reach, as llc's `TAILJMPd64` lowering (`JMP_1`)
/// and llvm-mc reading the same `jmp sym` do.
fn tail_jump(
    e: &FnEmitter<'_>,
    i: MInst,
    op: u16,
    s: &mut dyn Streamer,
) -> Result<MCInst, EmitError> {
    let pseudo = target(e, i, op, s)?;
    let (jmp, callee) = match *pseudo.operands() {
        [callee @ MCOperand::Expr(_)] if op == op::TCRETURNdi64.0 => (op::JMP_1, callee),
        [callee @ MCOperand::Reg(_)] if op == op::TCRETURNri64.0 => (op::JMP64r, callee),
        _ => return Err(bad(e, i, "a sibling call needs one callee operand")),
    };
    MCInst::with_operands(jmp.0, &[callee]).ok_or_else(|| bad(e, i, "too many MC operands"))
}

fn bad(e: &FnEmitter<'_>, i: MInst, why: &'static str) -> EmitError {
    e.error(EmitErrorKind::BadOperand {
        inst: e.inst_text(i),
        why,
    })
}

/// The physical register of a register operand (sub-register applied);
/// `Reg::NONE` for "no register".
pub(super) fn phys(e: &FnEmitter<'_>, i: MInst, o: Operand) -> Result<Reg, EmitError> {
    if !o.is_reg() {
        return Err(match o.kind() {
            OpKind::Frame => e.error(EmitErrorKind::FrameIndex {
                inst: e.inst_text(i),
            }),
            _ => bad(e, i, "expected a register"),
        });
    }
    let r = o.reg();
    if r.is_virtual() {
        return Err(e.error(EmitErrorKind::VirtualRegister {
            inst: e.inst_text(i),
        }));
    }
    let Some(p) = r.as_phys() else {
        return Ok(Reg::NONE);
    };
    match o.subreg() {
        None => Ok(p),
        Some(idx) => sub_reg(p, idx as usize).ok_or_else(|| bad(e, i, "no such sub-register")),
    }
}

fn required_reg(e: &FnEmitter<'_>, i: MInst, o: Operand) -> Result<Reg, EmitError> {
    let r = phys(e, i, o)?;
    if r.is_none() {
        return Err(bad(e, i, "missing register"));
    }
    Ok(r)
}

/// The MC expression of a symbol operand.
fn sym_expr(
    e: &FnEmitter<'_>,
    i: MInst,
    so: SymOperand,
    s: &mut dyn Streamer,
) -> Result<ExprId, EmitError> {
    let f = e.cx.fn_number;
    let sym = match so.target {
        SymTarget::Global(g) => e.cx.emitter.symbol_prefer_local(g, s),
        SymTarget::External(x) => {
            let name =
                e.mf.ext_names
                    .get(x as usize)
                    .ok_or_else(|| bad(e, i, "external symbol index out of range"))?;
            s.ctx().symbol(name)
        }
        SymTarget::ConstPool(c) => s.ctx().symbol(&const_pool_label(f, c)),
        SymTarget::JumpTable(j) => s.ctx().symbol(&jump_table_label(f, j)),
        SymTarget::Block(b) => e.block_sym(s, b)?,
        SymTarget::EhLabel(n) => s.ctx().symbol(&rcc_mach::symbols::eh_label(f, n)),
    };
    let ctx = s.ctx();
    let variant =
        sym_flags::variant(so.flag).ok_or_else(|| bad(e, i, "a symbol flag of another target"))?;
    let r = ctx.sym_ref(sym, variant);
    Ok(if so.offset != 0 {
        let c = ctx.exprs.constant(so.offset);
        ctx.expr(Expr::Binary(BinOp::Add, r, c))
    } else {
        r
    })
}

/// The MC expression of a block or symbol operand.
pub(super) fn operand_expr(
    e: &FnEmitter<'_>,
    i: MInst,
    o: Operand,
    s: &mut dyn Streamer,
) -> Result<ExprId, EmitError> {
    match o.kind() {
        OpKind::Block => {
            let sym = e.block_sym(s, MBlock::from_u32(o.payload()))?;
            Ok(s.ctx().sym_ref(sym, VariantKind::None))
        }
        OpKind::Sym => {
            let so =
                e.mf.sym_of(o)
                    .ok_or_else(|| bad(e, i, "symbol index out of range"))?;
            sym_expr(e, i, so, s)
        }
        _ => Err(bad(e, i, "expected a symbol or block")),
    }
}

/// Checks that the addend of symbol operand `o`, MC operand `k` of form
/// `op`, fits its immediate field as a constant would (the encoder checks
/// constant immediates; a symbol's addend is only seen here).
fn sym_imm_fits(
    e: &FnEmitter<'_>,
    i: MInst,
    op: u16,
    k: usize,
    o: Operand,
) -> Result<(), EmitError> {
    use crate::x86_64::desc::OpKind as Slot;
    let Some(so) = (o.kind() == OpKind::Sym).then(|| e.mf.sym_of(o)).flatten() else {
        return Ok(());
    };
    let kind = Opcode(op)
        .desc()
        .and_then(|d| d.mc_operands().nth(k))
        .map(|s| s.kind);
    let fits = match kind {
        Some(Slot::Imm(k)) => k.fits(so.offset),
        _ => true,
    };
    if fits {
        Ok(())
    } else {
        Err(bad(e, i, "symbol immediate's addend exceeds its field"))
    }
}

/// The five machine operands of a memory reference as one `MemRef`.
pub(super) fn mem_ref(
    e: &FnEmitter<'_>,
    i: MInst,
    ops: &[Operand],
    s: &mut dyn Streamer,
) -> Result<MemRef, EmitError> {
    let [base, scale, index, disp, seg] = ops else {
        return Err(bad(e, i, "truncated memory reference"));
    };
    let base = phys(e, i, *base)?;
    let index = phys(e, i, *index)?;
    let scale = match e.mf.imm_of(*scale) {
        Some(v @ (1 | 2 | 4 | 8)) => v as u8,
        _ => return Err(bad(e, i, "bad scale")),
    };
    let disp = match disp.kind() {
        OpKind::Imm | OpKind::Imm64 => {
            let v = e.mf.imm_of(*disp).unwrap_or(0);
            Disp::Imm(i32::try_from(v).map_err(|_| bad(e, i, "displacement exceeds 32 bits"))?)
        }
        OpKind::Sym => {
            // The addend goes in the 32-bit field (R_X86_64_PC32/32S): one
            // that does not fit would be truncated or fail at link time.
            let so =
                e.mf.sym_of(*disp)
                    .ok_or_else(|| bad(e, i, "symbol index out of range"))?;
            if i32::try_from(so.offset).is_err() {
                return Err(bad(e, i, "symbol displacement exceeds 32 bits"));
            }
            Disp::Expr(sym_expr(e, i, so, s)?)
        }
        _ => return Err(bad(e, i, "bad displacement")),
    };
    let seg = phys(e, i, *seg)?;
    let seg = seg.is_some().then(|| reg_info(seg).enc);
    Ok(MemRef::new(base, index, scale, disp).with_segment(seg))
}

/// A target instruction.
fn target(e: &FnEmitter<'_>, i: MInst, op: u16, s: &mut dyn Streamer) -> Result<MCInst, EmitError> {
    let mf = e.mf;
    let ops = mf.operands(i);
    let mut inst = MCInst::new(op);
    let mut k = 0;
    let take = |k: usize, n: usize| {
        ops.get(k..k + n)
            .ok_or_else(|| bad(e, i, "fewer operands than the form has"))
    };
    for slot in X86Info.operand_slots(op) {
        let out = match *slot {
            OperandSlot::Def(_) | OperandSlot::Use(_) => {
                let o = take(k, 1)?[0];
                k += 1;
                Some(MCOperand::Reg(required_reg(e, i, o)?))
            }
            OperandSlot::TiedUse(_, d) => {
                let o = take(k, 1)?[0];
                k += 1;
                let def = *ops.get(d as usize).ok_or_else(|| bad(e, i, "bad tie"))?;
                if required_reg(e, i, o)? != required_reg(e, i, def)? {
                    return Err(bad(e, i, "tied operands in different registers"));
                }
                None
            }
            OperandSlot::Mem => {
                let m = take(k, 5)?;
                k += 5;
                Some(MCOperand::Mem(mem_ref(e, i, m, s)?))
            }
            OperandSlot::Imm => {
                let o = take(k, 1)?[0];
                k += 1;
                Some(match o.kind() {
                    OpKind::Imm | OpKind::Imm64 => MCOperand::Imm(mf.imm_of(o).unwrap_or(0)),
                    _ => {
                        sym_imm_fits(e, i, op, inst.operands().len(), o)?;
                        MCOperand::Expr(operand_expr(e, i, o, s)?)
                    }
                })
            }
            OperandSlot::Block => {
                let o = take(k, 1)?[0];
                k += 1;
                Some(MCOperand::Expr(operand_expr(e, i, o, s)?))
            }
        };
        if let Some(o) = out {
            inst.push(o)
                .ok_or_else(|| bad(e, i, "too many MC operands"))?;
        }
    }
    let extra_ok =
        |o: &Operand| o.kind() == OpKind::RegMask || (o.is_reg() && o.has(flag::IMPLICIT));
    if !ops[k.min(ops.len())..].iter().all(extra_ok) {
        return Err(bad(e, i, "more explicit operands than the form has"));
    }
    Ok(inst)
}

/// The move for a register copy, by class (llc's `copyPhysReg`); `None`
/// for a copy to itself.
fn copy(e: &FnEmitter<'_>, i: MInst) -> Result<Option<MCInst>, EmitError> {
    let ops = e.mf.operands(i);
    let (Some(&d), Some(&s)) = (ops.first(), ops.get(1)) else {
        return Err(bad(e, i, "COPY needs two operands"));
    };
    let (d, s) = (required_reg(e, i, d)?, required_reg(e, i, s)?);
    if d == s {
        return Ok(None);
    }
    move_between(d, s)
        .map(|o| MCInst::with_operands(o.0, &[MCOperand::Reg(d), MCOperand::Reg(s)]))
        .ok_or_else(|| {
            e.error(EmitErrorKind::UnsupportedCopy {
                inst: e.inst_text(i),
            })
        })
}

/// The move instruction from `s` to `d` (register classes as data).
fn move_between(d: PReg, s: PReg) -> Option<Opcode> {
    const MOVES: [(RegClass, RegClass, Opcode); 10] = [
        (class::GR64, class::GR64, op::MOV64rr),
        (class::GR32, class::GR32, op::MOV32rr),
        (class::GR16, class::GR16, op::MOV16rr),
        (class::GR8, class::GR8, op::MOV8rr),
        (class::VR128, class::VR128, op::MOVAPSrr),
        (class::VR256, class::VR256, op::VMOVAPSYrr),
        (class::VR128, class::GR64, op::MOV64toPQIrr),
        (class::GR64, class::VR128, op::MOVPQIto64rr),
        (class::VR128, class::GR32, op::MOVDI2PDIrr),
        (class::GR32, class::VR128, op::MOVPDI2DIrr),
    ];
    MOVES
        .iter()
        .find(|(cd, cs, _)| cd.contains(d) && cs.contains(s))
        .map(|m| m.2)
}

/// `SUBREG_TO_REG dst, 0, src, idx`: nothing when `src` already is that
/// part of `dst`, else a 32-bit move into it (which zeroes the rest).
fn subreg_to_reg(e: &FnEmitter<'_>, i: MInst) -> Result<Option<MCInst>, EmitError> {
    let ops = e.mf.operands(i);
    let (Some(&d), Some(&src), Some(&idx)) = (ops.first(), ops.get(2), ops.get(3)) else {
        return Err(bad(e, i, "SUBREG_TO_REG needs four operands"));
    };
    let d = required_reg(e, i, d)?;
    let src = required_reg(e, i, src)?;
    let idx =
        e.mf.imm_of(idx)
            .and_then(|v| usize::try_from(v).ok())
            .ok_or_else(|| bad(e, i, "bad sub-register index"))?;
    let part = sub_reg(d, idx).ok_or_else(|| bad(e, i, "no such sub-register"))?;
    if part == src {
        return Ok(None);
    }
    if !(class::GR32.contains(part) && class::GR32.contains(src)) {
        return Err(e.error(EmitErrorKind::UnsupportedCopy {
            inst: e.inst_text(i),
        }));
    }
    Ok(MCInst::with_operands(
        op::MOV32rr.0,
        &[MCOperand::Reg(part), MCOperand::Reg(src)],
    ))
}
