//! Scheduling and emission: turns a block's [`Cover`] into machine
//! instructions appended to the open block of the `MachFunction`.
//!
//! Order: the list scheduler's ([`rcc_dag::isel::schedule`]), which emits a node
//! after its dependencies, so every value is defined before it is used and
//! chained nodes keep their chain order. A row's instructions are emitted
//! together, so physical registers a row uses (EFLAGS, %cl, %eax/%edx) are
//! never live across rows.
//!
//! Values: every emitted value gets a fresh virtual register whose class
//! follows its type (i1/i8 GR8, i16 GR16, i32 GR32, i64 GR64);
//! `CopyFromReg` of a virtual register reuses it (no instruction).

use super::super::desc::{ImmKind, MemSize, OpKind, Role, DESCS};
use super::super::machine::{mclass, X86Info};
use super::super::regs;
use super::addr::{AddrMode, Base};
use super::call::{emit_call, emit_ret, emit_tail_call, X86_CALL, X86_RET, X86_TCALL};
use super::matcher::{Binding, Cover, FOLDED, SPECIAL};
use super::patterns::{patterns, PDef, POperand, Pattern};
use rcc_dag::isel::Scheduler;
use rcc_dag::{Cond, Dag, IselError, Node, Op, SDValue, Segment, VT};
use rcc_ir::entity::EntityId;
use rcc_mach::{
    flag, MOpc, MachFunction, Operand, PReg, Reg, RegClassId, SymFlag, SymOperand, SymTarget,
    TargetInfo,
};

/// The register class of a value type.
pub fn class_of_vt(vt: VT) -> Result<RegClassId, IselError> {
    Ok(match vt {
        VT::I1 | VT::I8 => mclass::GR8,
        VT::I16 => mclass::GR16,
        VT::I32 => mclass::GR32,
        VT::I64 => mclass::GR64,
        VT::F32 => mclass::FR32,
        VT::F64 => mclass::FR64,
        // x86_fp80: the 80 bits `fstpt` stores, in the low bytes of an XMM
        // register (see isel/x87.rs).
        VT::F80 => mclass::VR128,
        t if super::vector::in_vr128(t) => mclass::VR128,
        t => return Err(IselError::new(format!("{t} values"))),
    })
}

/// The general-purpose class of a physical register, by width.
pub fn class_of_phys(p: PReg) -> RegClassId {
    let t = X86Info;
    [mclass::GR8, mclass::GR16, mclass::GR32]
        .into_iter()
        .find(|&c| t.class_contains(c, p))
        .unwrap_or(mclass::GR64)
}

/// The x86 condition-code operand of a DAG condition.
pub fn x86_cc(c: Cond) -> i64 {
    match c {
        Cond::Eq => 4,
        Cond::Ne => 5,
        Cond::Ugt => 7,
        Cond::Uge => 3,
        Cond::Ult => 2,
        Cond::Ule => 6,
        Cond::Sgt => 15,
        Cond::Sge => 13,
        Cond::Slt => 12,
        Cond::Sle => 14,
    }
}

/// Appends the form's implicit defs (EFLAGS dead if `dead_flags`) and uses.
pub fn push_implicit(ops: &mut Vec<Operand>, opc: MOpc, dead_flags: bool) {
    let Some(t) = opc.as_target() else { return };
    let d = &DESCS[t as usize];
    for &r in d.implicit_defs {
        let mut o = Operand::implicit_def(r);
        if r == regs::EFLAGS && dead_flags {
            o = o.with(flag::DEAD);
        }
        ops.push(o);
    }
    ops.extend(d.implicit_uses.iter().map(|&r| Operand::implicit_use(r)));
}

/// Emission state of one block.
pub struct Emitter<'a> {
    pub dag: &'a Dag,
    pub cover: &'a Cover,
    /// Per node, the register of its value (result 0).
    pub vals: &'a mut Vec<Reg>,
    /// Registers of the other value results of multi-value nodes (a call
    /// returning `{ i64, i64 }`), few per block.
    pub more_vals: Vec<(SDValue, Reg)>,
    pub ops: Vec<Operand>,
    pub sched: &'a mut Scheduler,
}

impl Emitter<'_> {
    /// The register holding value `v`.
    pub fn reg(&self, v: SDValue) -> Reg {
        if v.res() == 0 {
            return self.vals[v.node().index()];
        }
        self.more_vals
            .iter()
            .find(|&&(x, _)| x == v)
            .map_or(Reg::NONE, |&(_, r)| r)
    }

    /// Records the register of value `v`.
    pub fn set_reg(&mut self, v: SDValue, r: Reg) {
        if v.res() == 0 {
            self.vals[v.node().index()] = r;
        } else {
            self.more_vals.push((v, r));
        }
    }

    /// Emits everything the root needs, in the list scheduler's order.
    pub fn run(&mut self, mf: &mut MachFunction) -> Result<(), IselError> {
        self.sched.schedule(self.dag, self.cover)?;
        let mut prev: Option<Node> = None;
        for k in 0..self.sched.order.len() {
            let n = self.sched.order[k];
            // A glue user must come right after its producer (nothing in
            // between may write EFLAGS; see the matcher's groups).
            let glued = super::matcher::glue_operand(self.dag, n);
            if let Some(g) = glued.filter(|g| prev != Some(g.node())) {
                return Err(IselError::new(format!(
                    "internal error: glued {:?} not emitted right after {:?}",
                    self.dag.op(n),
                    self.dag.op_of(g)
                )));
            }
            self.emit_node(mf, n)?;
            let no_code = matches!(self.dag.op(n), Op::EntryToken | Op::TokenFactor)
                || self.cover.row[n.index()] == FOLDED;
            if !no_code {
                prev = Some(n);
            }
        }
        Ok(())
    }

    fn emit_node(&mut self, mf: &mut MachFunction, n: Node) -> Result<(), IselError> {
        let dag = self.dag;
        let ops = dag.operands(n);
        match dag.op(n) {
            Op::EntryToken | Op::TokenFactor => {}
            Op::CopyFromReg => {
                let r = Reg::from_bits(dag.payload(ops[1].node()) as u32);
                self.vals[n.index()] = match r.as_phys() {
                    Some(p) => {
                        let v = mf.new_vreg(class_of_vt(dag.vts(n)[0])?);
                        mf.push(MOpc::COPY, &[Operand::reg_def(v), Operand::reg_use(p)]);
                        Reg::virt(v)
                    }
                    None => r,
                };
            }
            Op::CopyToReg => {
                let dst = Reg::from_bits(dag.payload(ops[1].node()) as u32);
                let src = self.reg(ops[2]);
                mf.push(MOpc::COPY, &[Operand::reg_def(dst), Operand::reg_use(src)]);
            }
            Op::Target(X86_CALL) => emit_call(self, mf, n)?,
            Op::Target(X86_TCALL) => emit_tail_call(self, mf, n)?,
            Op::UMulLoHi => super::wide::emit_umul_lohi(self, mf, n)?,
            Op::UDivRem | Op::SDivRem => super::wide::emit_divrem(self, mf, n)?,
            op if super::atomic::is_atomic(op) => super::atomic::emit(self, mf, n)?,
            Op::Target(X86_RET) => emit_ret(self, mf, n)?,
            Op::BrJt => super::jumptable::emit_br_jt(self, mf, n)?,
            Op::TlsAddress => super::tls::emit_tls(self, mf, n)?,
            Op::InlineAsm => super::inline_asm::emit(self, mf, n)?,
            Op::EhLabel => {
                let l = mf.sym(rcc_mach::SymOperand {
                    target: rcc_mach::SymTarget::EhLabel(dag.payload(n) as u32),
                    offset: 0,
                    flag: rcc_mach::SymFlag::NONE,
                });
                mf.push(MOpc::EH_LABEL, &[l]);
            }
            _ if super::x87::selects(dag, n) => super::x87::emit(self, mf, n)?,
            _ if super::vector::special(dag, n) => super::vector::emit(self, mf, n)?,
            _ => {
                let r = self.cover.row[n.index()];
                if r == FOLDED {
                    // Loaded by the row that folded it.
                    return Ok(());
                }
                if r == SPECIAL {
                    return Err(IselError::new(format!("{:?} as a value", dag.op(n))));
                }
                let p = &patterns().rows[r as usize];
                self.emit_row(mf, n, p)?;
            }
        }
        Ok(())
    }

    /// Instantiates row `p` at node `n`.
    fn emit_row(&mut self, mf: &mut MachFunction, n: Node, p: &Pattern) -> Result<(), IselError> {
        let binds = self.cover.bindings(n);
        let mut defs = [Reg::NONE; 64];
        let root_vt = self.dag.vts(n)[0];
        // A glue producer's flags are read by the next row (its group).
        let vts = self.dag.vts(n);
        let glue_out = vts.last() == Some(&VT::Glue)
            && self.dag.result_used(SDValue::new(n, vts.len() as u32 - 1));
        for (k, inst) in p.insts.iter().enumerate() {
            let dead_eflags = inst.dead_eflags && !(glue_out && k + 1 == p.insts.len());
            let mut ops = std::mem::take(&mut self.ops);
            ops.clear();
            let var_reg = |v: u8, defs: &[Reg; 64]| match binds.get(v as usize) {
                Some(Binding::Val(x)) => self.reg(*x),
                _ => defs[v as usize],
            };
            match inst.opc.as_target() {
                Some(t) => {
                    let d = &DESCS[t as usize];
                    let mut it = inst.ops.iter();
                    let mut this_def = Reg::NONE;
                    for o in d.operands {
                        match (o.kind, o.role) {
                            (OpKind::Reg(c), Role::Def) => {
                                let v = mf.new_vreg(def_class(c, root_vt));
                                set_def(&mut defs, inst.def, Reg::virt(v));
                                this_def = Reg::virt(v);
                                ops.push(Operand::reg_def(v));
                            }
                            (OpKind::Reg(c), Role::UseDef) => {
                                let v = mf.new_vreg(def_class(c, root_vt));
                                set_def(&mut defs, inst.def, Reg::virt(v));
                                this_def = Reg::virt(v);
                                let di = ops.len();
                                ops.push(Operand::reg_def(v));
                                let tied = match *it.next().expect("checked") {
                                    // The old value is not read: the def
                                    // itself, undef (no copy to make).
                                    POperand::Undef => {
                                        Operand::reg_tied_use(v, di).with(flag::UNDEF)
                                    }
                                    o => {
                                        let u = reg_operand(o, &defs, &var_reg);
                                        let mut tied = Operand::reg_tied_use(u.reg(), di);
                                        tied.set_subreg(u.subreg());
                                        tied
                                    }
                                };
                                ops.push(tied);
                            }
                            (OpKind::Reg(_), Role::Use) => match *it.next().expect("checked") {
                                POperand::Undef if this_def != Reg::NONE => {
                                    ops.push(Operand::reg_use(this_def).with(flag::UNDEF))
                                }
                                POperand::Undef => {
                                    return Err(IselError::new(format!(
                                        "row {}: undef before the instruction's def",
                                        p.line
                                    )))
                                }
                                o => ops.push(reg_operand(o, &defs, &var_reg)),
                            },
                            (OpKind::Mem(size), _) => {
                                let am = match *it.next().expect("checked") {
                                    POperand::Pool { value, bits } => {
                                        pool_addr(mf, size, value, bits as u32)
                                    }
                                    POperand::Scratch(disp) => AddrMode {
                                        base: Base::Frame(mf.frame.scratch()),
                                        disp: disp as i64,
                                        ..AddrMode::EMPTY
                                    },
                                    POperand::Var(v) => match binds[v as usize] {
                                        Binding::Addr(am) => am,
                                        Binding::Val(x) => AddrMode::reg(x),
                                        Binding::VecConst(v) => {
                                            super::vector::pool_addr(self.dag, mf, v)
                                        }
                                        Binding::Const(c) => {
                                            pool_addr(mf, size, c, mem_bytes(size) * 8)
                                        }
                                        _ => {
                                            return Err(IselError::new(format!(
                                                "row {}: bad address",
                                                p.line
                                            )))
                                        }
                                    },
                                    _ => {
                                        return Err(IselError::new(format!(
                                            "row {}: bad address",
                                            p.line
                                        )))
                                    }
                                };
                                self.push_addr(mf, &mut ops, &am);
                            }
                            (OpKind::Imm(k), _) => {
                                let o = *it.next().expect("checked");
                                ops.push(imm_operand(mf, o, k, binds));
                            }
                            (OpKind::Cond, _) => {
                                let cc = match *it.next().expect("checked") {
                                    POperand::CcLit(c) => c as i64,
                                    POperand::Cc(v) => match binds[v as usize] {
                                        Binding::Cond(c) => x86_cc(c),
                                        _ => {
                                            return Err(IselError::new(format!(
                                                "row {}: bad condition",
                                                p.line
                                            )))
                                        }
                                    },
                                    _ => {
                                        return Err(IselError::new(format!(
                                            "row {}: bad condition",
                                            p.line
                                        )))
                                    }
                                };
                                ops.push(mf.imm(cc));
                            }
                            (OpKind::Rel(_), _) => match *it.next().expect("checked") {
                                POperand::Var(v) => match binds[v as usize] {
                                    Binding::Block(b) => ops.push(Operand::block(b)),
                                    _ => {
                                        return Err(IselError::new(format!(
                                            "row {}: bad block",
                                            p.line
                                        )))
                                    }
                                },
                                _ => {
                                    return Err(IselError::new(format!(
                                        "row {}: bad block",
                                        p.line
                                    )))
                                }
                            },
                            (OpKind::FCond | OpKind::MemOffs, _) => {
                                let o = *it.next().expect("checked");
                                ops.push(imm_operand(mf, o, ImmKind::I32, binds));
                            }
                            (OpKind::Fixed(_) | OpKind::Lit(_), _) => {}
                        }
                    }
                    push_implicit(&mut ops, inst.opc, dead_eflags);
                }
                None => {
                    // Generic: COPY src | SUBREG_TO_REG imm, src, idx | IMPLICIT_DEF.
                    // The sources go after a slot for the def, which is
                    // filled once its class is known (from the source).
                    ops.push(Operand::reg_def(Reg::NONE));
                    for &o in inst.ops {
                        let src = match o {
                            POperand::Imm(x) => mf.imm(x),
                            o => reg_operand(o, &defs, &var_reg),
                        };
                        ops.push(src);
                    }
                    let dst = match inst.def {
                        PDef::Phys(r) => Reg::phys(r),
                        _ => {
                            let c = match ops.get(1) {
                                Some(&s) if inst.opc == MOpc::COPY => {
                                    match (s.subreg(), s.reg().as_virt(), s.reg().as_phys()) {
                                        (Some(0), ..) => mclass::GR8,
                                        (Some(2), ..) => mclass::GR16,
                                        (Some(3), ..) => mclass::GR32,
                                        (_, Some(v), _) => mf.class_of(v),
                                        (_, _, Some(p)) => class_of_phys(p),
                                        _ => class_of_vt(root_vt)?,
                                    }
                                }
                                _ => class_of_vt(root_vt)?,
                            };
                            let v = Reg::virt(mf.new_vreg(c));
                            set_def(&mut defs, inst.def, v);
                            v
                        }
                    };
                    ops[0] = Operand::reg_def(dst);
                }
            }
            mf.push(inst.opc, &ops);
            self.ops = ops;
        }
        if let Some(r) = p.result {
            self.vals[n.index()] = defs[r as usize];
        }
        Ok(())
    }

    /// Pushes the five operands of an address.
    pub fn push_addr(&self, mf: &mut MachFunction, ops: &mut Vec<Operand>, am: &AddrMode) {
        ops.push(match am.base {
            Base::None => Operand::reg_use(Reg::NONE),
            Base::Reg(v) => Operand::reg_use(self.reg(v)),
            Base::Frame(f) => Operand::frame(f),
            Base::Rip => Operand::reg_use(regs::RIP),
        });
        ops.push(Operand::imm(am.scale as i32));
        ops.push(Operand::reg_use(
            am.index.map_or(Reg::NONE, |v| self.reg(v)),
        ));
        ops.push(match am.sym {
            Some(i) if am.disp == 0 => Operand::sym_index(i),
            Some(i) => {
                let mut s = mf.syms[i as usize];
                s.offset += am.disp;
                mf.sym(s)
            }
            None => mf.imm(am.disp),
        });
        ops.push(match (am.fs, am.segment) {
            (true, _) | (false, Segment::Fs) => Operand::reg_use(regs::FS),
            (false, Segment::Gs) => Operand::reg_use(regs::GS),
            (false, Segment::Ss) => Operand::reg_use(regs::SS),
            (false, Segment::None) => Operand::reg_use(Reg::NONE),
        });
    }
}

/// The class of a new def in a slot of class `c` in a row whose value has
/// type `root`: XMM defs of a scalar float row hold that scalar (FR32/FR64,
/// spilled in 4 or 8 bytes); everything else gets the slot's class.
pub(super) fn def_class(c: super::super::desc::RegClass, root: VT) -> RegClassId {
    match root {
        VT::F32 | VT::F64 if RegClassId(c.0) == mclass::VR128 => {
            class_of_vt(root).unwrap_or(mclass::VR128)
        }
        _ => RegClassId(c.0),
    }
}

/// Bytes accessed by a memory slot (0 for an address only).
fn mem_bytes(size: MemSize) -> u32 {
    match size {
        MemSize::Any => 0,
        MemSize::B8 => 1,
        MemSize::B16 => 2,
        MemSize::B32 => 4,
        MemSize::B64 => 8,
        MemSize::B80 => 10,
        MemSize::B128 => 16,
        MemSize::B256 => 32,
    }
}

/// The RIP-relative address of a constant-pool entry filling a memory slot
/// of `size` with `bits`-wide lanes of `value` (aligned to its size, as
/// llc's `.rodata.cst{4,8,16}` entries).
fn pool_addr(mf: &mut MachFunction, size: MemSize, value: u64, bits: u32) -> AddrMode {
    let bytes = mem_bytes(size).max(1) as usize;
    let lane = (bits / 8).clamp(1, 8) as usize;
    let mut data = Vec::with_capacity(bytes);
    while data.len() < bytes {
        data.extend_from_slice(&value.to_le_bytes()[..lane]);
    }
    data.truncate(bytes);
    let c = mf.constant(&data, bytes.next_power_of_two() as u32);
    let s = mf.sym(SymOperand {
        target: SymTarget::ConstPool(c),
        offset: 0,
        flag: SymFlag::NONE,
    });
    AddrMode {
        base: Base::Rip,
        sym: Some(s.payload()),
        ..AddrMode::EMPTY
    }
}

fn set_def(defs: &mut [Reg; 64], d: PDef, r: Reg) {
    if let PDef::Var(v) = d {
        defs[v as usize] = r;
    }
}

fn reg_operand(o: POperand, defs: &[Reg; 64], var_reg: &impl Fn(u8, &[Reg; 64]) -> Reg) -> Operand {
    match o {
        POperand::Var(v) => Operand::reg_use(var_reg(v, defs)),
        POperand::VarSub(v, s) => Operand::reg_use(var_reg(v, defs)).with_subreg(s),
        POperand::Phys(p) => Operand::reg_use(p),
        _ => Operand::reg_use(Reg::NONE),
    }
}

/// The immediate of a slot of kind `k`, spelled as the field holds it.
fn imm_operand(mf: &mut MachFunction, o: POperand, k: ImmKind, binds: &[Binding]) -> Operand {
    let v = match o {
        POperand::Imm(x) => x,
        POperand::Var(v) => match binds[v as usize] {
            Binding::Const(c) => match k {
                ImmKind::I8 | ImmKind::I16I8 | ImmKind::I32I8 | ImmKind::I64I8 => c as i8 as i64,
                ImmKind::U8 => c as u8 as i64,
                ImmKind::I16 => c as i16 as i64,
                ImmKind::I32 | ImmKind::I64I32 => c as i32 as i64,
                ImmKind::I64 => c as i64,
            },
            _ => 0,
        },
        _ => 0,
    };
    mf.imm(v)
}
