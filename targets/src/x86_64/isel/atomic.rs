//! x86-64 selection of the atomic nodes. x86 is TSO: every aligned load is
//! an acquire load and every store a release store, so only sequentially
//! consistent stores and fences need more than a plain `mov`.
//!
//! | node | selection |
//! |------|-----------|
//! | `AtomicLoad` | `MOV{8,16,32,64}rm` |
//! | `AtomicStore` | `XCHG` with memory (implicitly locked) if `seq_cst`, else `MOV` (`mi` for a constant) |
//! | `AtomicRMW xchg` | `XCHG` with memory |
//! | `AtomicRMW add/sub`, result read | `LOCK_XADD` (of the negated value for sub) |
//! | `AtomicRMW add/sub/and/or/xor`, result unread | `LOCK_{ADD,SUB,AND,OR,XOR}` `mr` or `mi` |
//! | other integer `AtomicRMW` | a compare-exchange loop (below) |
//! | `AtomicCmpSwap` | `LOCK_CMPXCHG` with the expected value in the accumulator; success is `sete` |
//! | `Fence` | `MFENCE` for a `seq_cst` cross-thread fence, nothing otherwise |
//!
//! The loop is built like LLVM's custom inserters build theirs: the block
//! being selected is split where the node is emitted:
//!
//! ```text
//! B:  init = MOV (addr) ; JMP L
//! L:  old = PHI [init, B], [next, L]
//!     new = op(old, val)                 (and, or, xor, nand, min, max, ...)
//!     %acc = COPY old ; LOCK_CMPXCHG (addr), new ; next = COPY %acc
//!     JCC_1 L, ne ; JMP C
//! C:  the rest of the block; the node's value is `next`
//! ```
//!
//! The function's block loop (`function.rs`) then sees the IR block end in
//! `C` and points the successors' PHIs at `C`.
//!
//! Deps and bindings live in the [`Cover`] like a pattern row's: `Addr` for
//! the address (folded by the address matcher), `Val` or `Const` for value
//! operands.

use super::super::desc::subreg;
use super::super::machine::mclass;
use super::super::{op, regs, Opcode};
use super::addr::{match_addr, AddrMode};
use super::emit::{class_of_vt, push_implicit, x86_cc, Emitter};
use super::matcher::{Binding, Cover};
use rcc_dag::atomic::{AtomicInfo, Ordering, RmwOp};
use rcc_dag::{Cond, Dag, IselError, Node, Op, SDValue, VT};
use rcc_ir::entity::EntityId;
use rcc_mach::{MOpc, MachFunction, Operand, PReg, Reg, VReg};

/// Whether `op` is one of the atomic nodes this module selects.
pub fn is_atomic(op: Op) -> bool {
    matches!(
        op,
        Op::AtomicLoad | Op::AtomicStore | Op::AtomicRMW | Op::AtomicCmpSwap | Op::Fence
    )
}

/// The form of width `bits` among `[8, 16, 32, 64]`-bit ones.
fn by_width(bits: u32, forms: [Opcode; 4]) -> MOpc {
    let k = match bits {
        8 => 0,
        16 => 1,
        32 => 2,
        _ => 3,
    };
    MOpc::target(forms[k].0)
}

/// The accumulator of width `bits`.
fn acc(bits: u32) -> PReg {
    match bits {
        8 => regs::AL,
        16 => regs::AX,
        32 => regs::EAX,
        _ => regs::RAX,
    }
}

/// Whether the immediate forms take constant `c` of width `bits`.
fn imm_fits(bits: u32, c: u64) -> bool {
    bits < 64 || i32::try_from(c as i64).is_ok()
}

/// Whether `AtomicRMW` node `n` is done by one locked instruction whose
/// result is not needed (`lock add` rather than `lock xadd` or a loop).
fn unused_result_form(dag: &Dag, n: Node, info: AtomicInfo) -> bool {
    !dag.result_used(SDValue::new(n, 0))
        && matches!(
            info.op,
            RmwOp::Add | RmwOp::Sub | RmwOp::And | RmwOp::Or | RmwOp::Xor
        )
}

/// Records the bindings and dependencies of atomic node `n`.
pub fn cover_node(dag: &Dag, mf: &MachFunction, n: Node, c: &mut Cover) {
    let ops = dag.operands(n);
    let info = AtomicInfo::unpack(dag.payload(n));
    let b0 = c.binds.len() as u32;
    let addr = |c: &mut Cover, v: SDValue| {
        let am = match_addr(dag, mf, v, true);
        c.deps.extend(am.regs().map(|r| r.node()));
        c.binds.push(Binding::Addr(am));
    };
    let val = |c: &mut Cover, v: SDValue, imm_ok: bool| match dag.as_const(v) {
        Some(k) if imm_ok && imm_fits(info.mem_bits, k) => c.binds.push(Binding::Const(k)),
        _ => {
            c.deps.push(v.node());
            c.binds.push(Binding::Val(v));
        }
    };
    match dag.op(n) {
        Op::AtomicLoad => addr(c, ops[1]),
        Op::AtomicStore => {
            addr(c, ops[2]);
            val(c, ops[1], info.ordering != Ordering::SeqCst);
        }
        Op::AtomicRMW => {
            addr(c, ops[1]);
            val(c, ops[2], unused_result_form(dag, n, info));
        }
        Op::AtomicCmpSwap => {
            addr(c, ops[1]);
            val(c, ops[2], false);
            val(c, ops[3], false);
        }
        _ => {}
    }
    c.bind_range[n.index()] = (b0, c.binds.len() as u32);
    c.deps.push(ops[0].node());
}

/// Builds one instruction: explicit operands, then the form's implicit
/// ones (EFLAGS dead when `dead_flags`).
fn push(mf: &mut MachFunction, opc: MOpc, mut ops: Vec<Operand>, dead_flags: bool) {
    push_implicit(&mut ops, opc, dead_flags);
    mf.push(opc, &ops);
}

struct Sel<'e, 'a> {
    e: &'e mut Emitter<'a>,
    am: AddrMode,
    bits: u32,
    class: rcc_mach::RegClassId,
}

impl Sel<'_, '_> {
    fn mem(&self, mf: &mut MachFunction, ops: &mut Vec<Operand>) {
        self.e.push_addr(mf, ops, &self.am);
    }

    fn vreg(&self, mf: &mut MachFunction) -> VReg {
        mf.new_vreg(self.class)
    }

    fn reg_of(&self, b: Binding) -> Reg {
        match b {
            Binding::Val(v) => self.e.reg(v),
            _ => Reg::NONE,
        }
    }

    /// `dst = MOV (addr)`.
    fn load(&self, mf: &mut MachFunction) -> VReg {
        let d = self.vreg(mf);
        let mut ops = vec![Operand::reg_def(d)];
        self.mem(mf, &mut ops);
        let opc = by_width(
            self.bits,
            [op::MOV8rm, op::MOV16rm, op::MOV32rm, op::MOV64rm],
        );
        push(mf, opc, ops, true);
        d
    }

    /// `(addr) = OP reg` of an `m:rw, r:rw` form (XCHG, XADD): the new
    /// register value (the old memory contents).
    fn xchg_like(&self, mf: &mut MachFunction, forms: [Opcode; 4], r: Reg) -> VReg {
        let d = self.vreg(mf);
        let mut ops = Vec::with_capacity(8);
        self.mem(mf, &mut ops);
        let di = ops.len();
        ops.push(Operand::reg_def(d));
        ops.push(Operand::reg_tied_use(r, di));
        push(mf, by_width(self.bits, forms), ops, true);
        d
    }

    /// `(addr) OP= value` with a register (`mr`) or immediate form: `mi8`
    /// (a sign-extended byte, when given and the constant fits) or `mi`.
    fn mem_op(
        &self,
        mf: &mut MachFunction,
        mr: [Opcode; 4],
        mi: [Opcode; 4],
        mi8: Option<[Opcode; 4]>,
        b: Binding,
    ) {
        let mut ops = Vec::with_capacity(7);
        self.mem(mf, &mut ops);
        let opc = match b {
            Binding::Const(k) => {
                // The value as the signed immediate field holds it.
                let v = match self.bits {
                    8 => k as i8 as i64,
                    16 => k as i16 as i64,
                    32 => k as i32 as i64,
                    _ => k as i64,
                };
                ops.push(mf.imm(v));
                match mi8 {
                    Some(f) if self.bits > 8 && i8::try_from(v).is_ok() => by_width(self.bits, f),
                    _ => by_width(self.bits, mi),
                }
            }
            _ => {
                ops.push(Operand::reg_use(self.reg_of(b)));
                by_width(self.bits, mr)
            }
        };
        push(mf, opc, ops, true);
    }

    /// `d = OP a(tied), b` of an `r:rw, r` form.
    fn alu(&self, mf: &mut MachFunction, forms: [Opcode; 4], a: Reg, b: Reg) -> VReg {
        let d = self.vreg(mf);
        let ops = vec![
            Operand::reg_def(d),
            Operand::reg_tied_use(a, 0),
            Operand::reg_use(b),
        ];
        push(mf, by_width(self.bits, forms), ops, true);
        d
    }

    /// `d = OP a(tied)` of an `r:rw` form.
    fn unary(&self, mf: &mut MachFunction, forms: [Opcode; 4], a: Reg) -> VReg {
        let d = self.vreg(mf);
        let ops = vec![Operand::reg_def(d), Operand::reg_tied_use(a, 0)];
        push(mf, by_width(self.bits, forms), ops, true);
        d
    }

    /// `LOCK_CMPXCHG (addr), new` with `expected` in the accumulator; the
    /// old memory value (the accumulator afterwards), flags live (ZF =
    /// success).
    fn cmpxchg(&self, mf: &mut MachFunction, expected: Reg, new: Reg) -> VReg {
        let a = acc(self.bits);
        mf.push(
            MOpc::COPY,
            &[Operand::reg_def(a), Operand::reg_use(expected)],
        );
        let mut ops = Vec::with_capacity(9);
        self.mem(mf, &mut ops);
        ops.push(Operand::reg_use(new));
        let opc = by_width(
            self.bits,
            [
                op::LOCK_CMPXCHG8rm,
                op::LOCK_CMPXCHG16rm,
                op::LOCK_CMPXCHG32rm,
                op::LOCK_CMPXCHG64rm,
            ],
        );
        push(mf, opc, ops, false);
        let old = self.vreg(mf);
        mf.push(MOpc::COPY, &[Operand::reg_def(old), Operand::reg_use(a)]);
        old
    }

    /// The new value of a compare-exchange loop's iteration.
    fn combine(&self, mf: &mut MachFunction, rmw: RmwOp, old: Reg, v: Reg) -> VReg {
        const AND: [Opcode; 4] = [op::AND8rr, op::AND16rr, op::AND32rr, op::AND64rr];
        const SUB: [Opcode; 4] = [op::SUB8rr, op::SUB16rr, op::SUB32rr, op::SUB64rr];
        let r = Reg::virt;
        match rmw {
            RmwOp::And => self.alu(mf, AND, old, v),
            RmwOp::Or => self.alu(mf, [op::OR8rr, op::OR16rr, op::OR32rr, op::OR64rr], old, v),
            RmwOp::Xor => self.alu(
                mf,
                [op::XOR8rr, op::XOR16rr, op::XOR32rr, op::XOR64rr],
                old,
                v,
            ),
            RmwOp::Add => self.alu(
                mf,
                [op::ADD8rr, op::ADD16rr, op::ADD32rr, op::ADD64rr],
                old,
                v,
            ),
            RmwOp::Sub => self.alu(mf, SUB, old, v),
            RmwOp::Nand => {
                let t = self.alu(mf, AND, old, v);
                self.unary(mf, [op::NOT8r, op::NOT16r, op::NOT32r, op::NOT64r], r(t))
            }
            // min/max: keep `old` when `old cc v`, else `v`.
            RmwOp::Max => self.select_cc(mf, (old, v), Cond::Sgt, old, v),
            RmwOp::Min => self.select_cc(mf, (old, v), Cond::Sle, old, v),
            RmwOp::UMax => self.select_cc(mf, (old, v), Cond::Ugt, old, v),
            RmwOp::UMin => self.select_cc(mf, (old, v), Cond::Ule, old, v),
            // old >= v ? 0 : old + 1
            RmwOp::UIncWrap => {
                let inc = self.unary(mf, [op::INC8r, op::INC16r, op::INC32r, op::INC64r], old);
                let zero = self.constant(mf, 0);
                self.select_cc(mf, (old, v), Cond::Uge, r(zero), r(inc))
            }
            // old == 0 || old > v ? v : old - 1, i.e. (old - 1) >= v
            // (unsigned) ? v : old - 1
            RmwOp::UDecWrap => {
                let dec = self.unary(mf, [op::DEC8r, op::DEC16r, op::DEC32r, op::DEC64r], old);
                self.select_cc(mf, (r(dec), v), Cond::Uge, v, r(dec))
            }
            // old >= v ? old - v : old (usub_cond) or 0 (usub_sat)
            _ => {
                let d = self.alu(mf, SUB, old, v);
                let other = if rmw == RmwOp::USubCond {
                    old
                } else {
                    r(self.constant(mf, 0))
                };
                self.select_cc(mf, (old, v), Cond::Uge, r(d), other)
            }
        }
    }

    /// `dst = MOV k` of the access width.
    fn constant(&self, mf: &mut MachFunction, k: i64) -> VReg {
        let d = self.vreg(mf);
        let opc = by_width(
            self.bits,
            [op::MOV8ri, op::MOV16ri, op::MOV32ri, op::MOV64ri32],
        );
        let imm = mf.imm(k);
        push(mf, opc, vec![Operand::reg_def(d), imm], true);
        d
    }

    /// `a cc b ? t : f` (CMP + CMOV; the CMOV in 32 bits for bytes).
    fn select_cc(
        &self,
        mf: &mut MachFunction,
        (a, b): (Reg, Reg),
        cc: Cond,
        t: Reg,
        f: Reg,
    ) -> VReg {
        let cmp = by_width(
            self.bits,
            [op::CMP8rr, op::CMP16rr, op::CMP32rr, op::CMP64rr],
        );
        let cc_op = mf.imm(x86_cc(cc));
        // No 8-bit CMOV: widen both choices first (MOVZX keeps the flags,
        // but is emitted before the compare anyway).
        let (t, f, class) = if self.bits == 8 {
            let wide = |mf: &mut MachFunction, r: Reg| {
                let d = mf.new_vreg(mclass::GR32);
                push(
                    mf,
                    MOpc::target(op::MOVZX32rr8.0),
                    vec![Operand::reg_def(d), Operand::reg_use(r)],
                    true,
                );
                Reg::virt(d)
            };
            (wide(mf, t), wide(mf, f), mclass::GR32)
        } else {
            (t, f, self.class)
        };
        push(
            mf,
            cmp,
            vec![Operand::reg_use(a), Operand::reg_use(b)],
            false,
        );
        let r = mf.new_vreg(class);
        let cmov = by_width(
            self.bits,
            [op::CMOV32rr, op::CMOV16rr, op::CMOV32rr, op::CMOV64rr],
        );
        push(
            mf,
            cmov,
            vec![
                Operand::reg_def(r),
                Operand::reg_tied_use(f, 0),
                Operand::reg_use(t),
                cc_op,
            ],
            true,
        );
        if self.bits != 8 {
            return r;
        }
        let d = self.vreg(mf);
        mf.push(
            MOpc::COPY,
            &[
                Operand::reg_def(d),
                Operand::reg_use(r).with_subreg(subreg::SUB_8BIT as u8),
            ],
        );
        d
    }

    /// The compare-exchange loop of `rmw` (see the module comment); returns
    /// the old value, defined in the continuation block.
    fn cas_loop(&self, mf: &mut MachFunction, rmw: RmwOp, v: Reg) -> Result<VReg, IselError> {
        let head = mf
            .current_block()
            .ok_or_else(|| IselError::new("an atomic loop outside a block"))?;
        let init = self.load(mf);
        let body = mf.create_block(u32::MAX);
        let cont = mf.create_block(u32::MAX);
        push(
            mf,
            MOpc::target(op::JMP_1.0),
            vec![Operand::block(body)],
            true,
        );
        mf.end_block(&[body]);
        mf.begin_block(body);
        let old = self.vreg(mf);
        let next = self.vreg(mf);
        mf.push(
            MOpc::PHI,
            &[
                Operand::reg_def(old),
                Operand::reg_use(init),
                Operand::block(head),
                Operand::reg_use(next),
                Operand::block(body),
            ],
        );
        let new = self.combine(mf, rmw, Reg::virt(old), v);
        let got = self.cmpxchg(mf, Reg::virt(old), Reg::virt(new));
        mf.push(MOpc::COPY, &[Operand::reg_def(next), Operand::reg_use(got)]);
        let ne = mf.imm(x86_cc(Cond::Ne));
        push(
            mf,
            MOpc::target(op::JCC_1.0),
            vec![Operand::block(body), ne],
            true,
        );
        push(
            mf,
            MOpc::target(op::JMP_1.0),
            vec![Operand::block(cont)],
            true,
        );
        mf.end_block(&[body, cont]);
        mf.begin_block(cont);
        Ok(next)
    }
}

/// Emits atomic node `n`.
pub fn emit(e: &mut Emitter<'_>, mf: &mut MachFunction, n: Node) -> Result<(), IselError> {
    let dag = e.dag;
    let info = AtomicInfo::unpack(dag.payload(n));
    let binds: Vec<Binding> = e.cover.bindings(n).to_vec();
    if dag.op(n) == Op::Fence {
        if info.ordering == Ordering::SeqCst && !info.single_thread {
            push(mf, MOpc::target(op::MFENCE.0), Vec::new(), true);
        }
        return Ok(());
    }
    let Some(&Binding::Addr(am)) = binds.first() else {
        return Err(IselError::new("an atomic operation without an address"));
    };
    let vt = VT::int(info.mem_bits).ok_or_else(|| IselError::new("an atomic width"))?;
    let s = Sel {
        class: class_of_vt(vt)?,
        e,
        am,
        bits: info.mem_bits,
    };
    const XCHG: [Opcode; 4] = [op::XCHG8rm, op::XCHG16rm, op::XCHG32rm, op::XCHG64rm];
    let result: Option<VReg> = match dag.op(n) {
        Op::AtomicLoad => Some(s.load(mf)),
        Op::AtomicStore => {
            let b = binds[1];
            if info.ordering == Ordering::SeqCst {
                s.xchg_like(mf, XCHG, s.reg_of(b));
            } else {
                s.mem_op(
                    mf,
                    [op::MOV8mr, op::MOV16mr, op::MOV32mr, op::MOV64mr],
                    [op::MOV8mi, op::MOV16mi, op::MOV32mi, op::MOV64mi32],
                    None,
                    b,
                );
            }
            None
        }
        Op::AtomicRMW => {
            let b = binds[1];
            if unused_result_form(dag, n, info) {
                let forms = |n: &str| -> ([Opcode; 4], [Opcode; 4], [Opcode; 4]) {
                    match n {
                        "add" => (
                            [
                                op::LOCK_ADD8mr,
                                op::LOCK_ADD16mr,
                                op::LOCK_ADD32mr,
                                op::LOCK_ADD64mr,
                            ],
                            [
                                op::LOCK_ADD8mi,
                                op::LOCK_ADD16mi,
                                op::LOCK_ADD32mi,
                                op::LOCK_ADD64mi32,
                            ],
                            [
                                op::LOCK_ADD8mi,
                                op::LOCK_ADD16mi8,
                                op::LOCK_ADD32mi8,
                                op::LOCK_ADD64mi8,
                            ],
                        ),
                        "sub" => (
                            [
                                op::LOCK_SUB8mr,
                                op::LOCK_SUB16mr,
                                op::LOCK_SUB32mr,
                                op::LOCK_SUB64mr,
                            ],
                            [
                                op::LOCK_SUB8mi,
                                op::LOCK_SUB16mi,
                                op::LOCK_SUB32mi,
                                op::LOCK_SUB64mi32,
                            ],
                            [
                                op::LOCK_SUB8mi,
                                op::LOCK_SUB16mi8,
                                op::LOCK_SUB32mi8,
                                op::LOCK_SUB64mi8,
                            ],
                        ),
                        "and" => (
                            [
                                op::LOCK_AND8mr,
                                op::LOCK_AND16mr,
                                op::LOCK_AND32mr,
                                op::LOCK_AND64mr,
                            ],
                            [
                                op::LOCK_AND8mi,
                                op::LOCK_AND16mi,
                                op::LOCK_AND32mi,
                                op::LOCK_AND64mi32,
                            ],
                            [
                                op::LOCK_AND8mi,
                                op::LOCK_AND16mi8,
                                op::LOCK_AND32mi8,
                                op::LOCK_AND64mi8,
                            ],
                        ),
                        "or" => (
                            [
                                op::LOCK_OR8mr,
                                op::LOCK_OR16mr,
                                op::LOCK_OR32mr,
                                op::LOCK_OR64mr,
                            ],
                            [
                                op::LOCK_OR8mi,
                                op::LOCK_OR16mi,
                                op::LOCK_OR32mi,
                                op::LOCK_OR64mi32,
                            ],
                            [
                                op::LOCK_OR8mi,
                                op::LOCK_OR16mi8,
                                op::LOCK_OR32mi8,
                                op::LOCK_OR64mi8,
                            ],
                        ),
                        _ => (
                            [
                                op::LOCK_XOR8mr,
                                op::LOCK_XOR16mr,
                                op::LOCK_XOR32mr,
                                op::LOCK_XOR64mr,
                            ],
                            [
                                op::LOCK_XOR8mi,
                                op::LOCK_XOR16mi,
                                op::LOCK_XOR32mi,
                                op::LOCK_XOR64mi32,
                            ],
                            [
                                op::LOCK_XOR8mi,
                                op::LOCK_XOR16mi8,
                                op::LOCK_XOR32mi8,
                                op::LOCK_XOR64mi8,
                            ],
                        ),
                    }
                };
                let (mr, mi, mi8) = forms(info.op.name());
                s.mem_op(mf, mr, mi, Some(mi8), b);
                None
            } else {
                let v = s.reg_of(b);
                const XADD: [Opcode; 4] = [
                    op::LOCK_XADD8rm,
                    op::LOCK_XADD16rm,
                    op::LOCK_XADD32rm,
                    op::LOCK_XADD64rm,
                ];
                Some(match info.op {
                    RmwOp::Xchg => s.xchg_like(mf, XCHG, v),
                    RmwOp::Add => s.xchg_like(mf, XADD, v),
                    RmwOp::Sub => {
                        let neg = s.unary(mf, [op::NEG8r, op::NEG16r, op::NEG32r, op::NEG64r], v);
                        s.xchg_like(mf, XADD, Reg::virt(neg))
                    }
                    RmwOp::And
                    | RmwOp::Or
                    | RmwOp::Xor
                    | RmwOp::Nand
                    | RmwOp::Max
                    | RmwOp::Min
                    | RmwOp::UMax
                    | RmwOp::UMin
                    | RmwOp::UIncWrap
                    | RmwOp::UDecWrap
                    | RmwOp::USubCond
                    | RmwOp::USubSat => s.cas_loop(mf, info.op, v)?,
                    other => {
                        return Err(IselError::new(format!("atomicrmw {}", other.name())));
                    }
                })
            }
        }
        Op::AtomicCmpSwap => {
            let (cmp, new) = (s.reg_of(binds[1]), s.reg_of(binds[2]));
            let old = s.cmpxchg(mf, cmp, new);
            let ok = mf.new_vreg(class_of_vt(VT::I1)?);
            let e = mf.imm(x86_cc(Cond::Eq));
            push(
                mf,
                MOpc::target(op::SETCCr.0),
                vec![Operand::reg_def(ok), e],
                true,
            );
            s.e.set_reg(SDValue::new(n, 1), Reg::virt(ok));
            Some(old)
        }
        _ => None,
    };
    if let Some(r) = result {
        s.e.set_reg(SDValue::new(n, 0), Reg::virt(r));
    }
    Ok(())
}
