//! x86-64's direct selector for `-O0` (LLVM's `X86FastISel`): which IR
//! instructions it selects without a SelectionDAG and the instructions it
//! emits for them. The generic driver is [`rcc_dag::fast`].
//!
//! Handled: static allocas (no code), loads and stores of 8..64-bit
//! integers, pointers, `float` and `double` (addresses: frame objects,
//! registers, globals RIP-relative or through the GOT, constant GEPs over
//! globals folded into the symbol's offset), `add sub and or xor` (and
//! `mul` from 16 bits), shifts (by an immediate or by `%cl`), `sdiv udiv
//! srem urem` (one `DIV`/`IDIV`, 8 and 16 bits extended to 32), `select`
//! (`test; cmov`, i1 and i8 in 32 bits), `icmp` (a compare whose only use
//! is the block's conditional branch is emitted with it: `cmp; jcc`),
//! integer casts (`zext sext trunc ptrtoint inttoptr bitcast`), phis
//! (their registers), `fadd fsub fmul fdiv fcmp sitofp fptosi fpext
//! fptrunc` and float/integer bitcasts, calls of integer, pointer and
//! float arguments and results, `llvm.memcpy`/`memmove`/`memset` (library
//! calls), `br`, `switch` (step 0 of its plan), `unreachable` (no code, as
//! the DAG path) and `ret` of nothing or of a 32/64-bit integer, pointer,
//! `float` or `double`. Everything else makes the block fall back, counted
//! by construct ([`Fallback`]).
//!
//! Folding, as FastISel: constants that fit are immediates (the 8-bit
//! forms when they fit), a GEP whose only use is the address of the load
//! or store right after it is that access's addressing mode, and a load
//! whose only use is the extension, compare or arithmetic right after it
//! is that instruction's memory operand. Instructions are built from the
//! instruction table's descriptors ([`build`]): defs, tied uses, memory
//! operands and implicit registers come from `instructions.desc`, as for
//! pattern rows; XMM defs of scalar floats are FR32/FR64.
//!
//! Values follow the DAG path's conventions: an `i1` is a GR8 holding 0
//! or 1, each value class by width (GR8..GR64, FR32/FR64).

use super::super::desc::{OpKind, Role, DESCS};
use super::super::machine::mclass;
use super::super::{op, regs};
use super::emit::{def_class, push_implicit, x86_cc};
use rcc_dag::build::{StepKind, Test};
use rcc_dag::fast::{block_operand, Fallback, FastBlock, FastTarget, FastVal};
use rcc_dag::{Cond, FCond, IselError, VT};
use rcc_ir::entity::EntityId;
use rcc_ir::inst::{self, Opcode};
use rcc_ir::types::{Type, TypeId, TypeLookup};
use rcc_ir::{Inst, Value, ValueTag};
use rcc_mach::{
    FrameIdx, MBlock, MOpc, MachFunction, Operand, Reg, RegClassId, SymFlag, SymOperand, SymTarget,
    VReg,
};

/// x86-64's [`FastTarget`].
#[derive(Default)]
pub struct FastSelector {
    ops: Vec<Operand>,
    /// The arguments of the call being selected (reused).
    args: Vec<super::call::CallArg>,
}

/// A memory operand.
#[derive(Copy, Clone)]
enum Mem {
    /// A frame object plus a displacement.
    Frame(FrameIdx, i64),
    Reg(VReg),
    /// RIP-relative: a symbol operand of the function.
    Rip(Operand),
    /// `disp(base, index, scale)`.
    Indexed {
        base: VReg,
        index: Option<VReg>,
        scale: u8,
        disp: i64,
    },
}

/// An input operand of [`build`], in the form's operand order.
#[derive(Copy, Clone)]
enum In {
    R(VReg),
    M(Mem),
    I(i64),
    B(MBlock),
}

/// Emits `opc` with inputs `ins` (its non-def slots in order) and returns
/// its def, if any: defs get fresh registers of the slot's class, tied
/// uses read the next input, implicit registers come from the descriptor
/// (EFLAGS defs dead).
fn build(mf: &mut MachFunction, ops: &mut Vec<Operand>, opc: u16, ins: &[In]) -> Option<VReg> {
    build_flags(mf, ops, opc, ins, true)
}

/// [`build`], with the EFLAGS def live unless `dead_flags` (a compare).
fn build_flags(
    mf: &mut MachFunction,
    ops: &mut Vec<Operand>,
    opc: u16,
    ins: &[In],
    dead_flags: bool,
) -> Option<VReg> {
    build_in(mf, ops, opc, ins, dead_flags, VT::I64)
}

/// [`build`] of a scalar float instruction: XMM defs hold a `root`
/// (`f32`/`f64`) value, in FR32/FR64 as the DAG emitter's rows.
fn build_fp(
    mf: &mut MachFunction,
    ops: &mut Vec<Operand>,
    opc: u16,
    ins: &[In],
    root: VT,
) -> Option<VReg> {
    build_in(mf, ops, opc, ins, true, root)
}

/// [`build_flags`] with the class of XMM defs given by value type `root`.
fn build_in(
    mf: &mut MachFunction,
    ops: &mut Vec<Operand>,
    opc: u16,
    ins: &[In],
    dead_flags: bool,
    root: VT,
) -> Option<VReg> {
    let d = &DESCS[opc as usize];
    ops.clear();
    let mut it = ins.iter();
    let mut def = None;
    for o in d.operands {
        match (o.kind, o.role) {
            (OpKind::Reg(c), Role::Def) => {
                let v = mf.new_vreg(def_class(c, root));
                def = Some(v);
                ops.push(Operand::reg_def(v));
            }
            (OpKind::Reg(c), Role::UseDef) => {
                let v = mf.new_vreg(def_class(c, root));
                def = Some(v);
                let di = ops.len();
                ops.push(Operand::reg_def(v));
                if let Some(&In::R(u)) = it.next() {
                    ops.push(Operand::reg_tied_use(u, di));
                }
            }
            (OpKind::Fixed(_) | OpKind::Lit(_), _) => {}
            _ => match it.next() {
                Some(&In::R(u)) => ops.push(Operand::reg_use(u)),
                Some(&In::M(m)) => push_mem(mf, ops, m),
                Some(&In::I(x)) => ops.push(mf.imm(x)),
                Some(&In::B(b)) => ops.push(Operand::block(b)),
                None => {}
            },
        }
    }
    let opc = MOpc::target(opc);
    push_implicit(ops, opc, dead_flags);
    mf.push(opc, ops);
    def
}

/// The five operands of memory operand `m`.
fn push_mem(mf: &mut MachFunction, ops: &mut Vec<Operand>, m: Mem) {
    let (base, scale, index, disp) = match m {
        Mem::Frame(fi, disp) => (Operand::frame(fi), 1, Reg::NONE, mf.imm(disp)),
        Mem::Reg(r) => (Operand::reg_use(r), 1, Reg::NONE, mf.imm(0)),
        Mem::Rip(s) => (Operand::reg_use(regs::RIP), 1, Reg::NONE, s),
        Mem::Indexed {
            base,
            index,
            scale,
            disp,
        } => (
            Operand::reg_use(base),
            scale,
            index.map_or(Reg::NONE, Reg::virt),
            mf.imm(disp),
        ),
    };
    ops.extend([
        base,
        Operand::imm(scale as i32),
        Operand::reg_use(index),
        disp,
        Operand::reg_use(Reg::NONE),
    ]);
}

/// The value type of an integer or pointer type the selector handles
/// (`i1` included; the callers exclude it where it needs care).
fn int_vt(fx: &FastBlock<'_, '_>, ty: TypeId) -> Option<VT> {
    fx.vt(ty)
        .filter(|v| matches!(v, VT::I1 | VT::I8 | VT::I16 | VT::I32 | VT::I64))
}

/// Like [`int_vt`] without `i1`.
fn word_vt(fx: &FastBlock<'_, '_>, ty: TypeId) -> Option<VT> {
    int_vt(fx, ty).filter(|&v| v != VT::I1)
}

/// The value type of `float` or `double`.
fn fp_vt(fx: &FastBlock<'_, '_>, ty: TypeId) -> Option<VT> {
    fx.vt(ty).filter(|v| matches!(v, VT::F32 | VT::F64))
}

/// The value type of a value the selector keeps in a register: an
/// integer or pointer ([`int_vt`]), `float` or `double`.
fn val_vt(fx: &FastBlock<'_, '_>, ty: TypeId) -> Option<VT> {
    fx.vt(ty).filter(|v| {
        matches!(
            v,
            VT::I1 | VT::I8 | VT::I16 | VT::I32 | VT::I64 | VT::F32 | VT::F64
        )
    })
}

/// Like [`val_vt`] without `i1`: what loads, stores and calls move.
fn mem_vt(fx: &FastBlock<'_, '_>, ty: TypeId) -> Option<VT> {
    val_vt(fx, ty).filter(|&v| v != VT::I1)
}

/// `[f32, f64]` index of a float type.
fn fw(vt: VT) -> usize {
    usize::from(vt == VT::F64)
}

/// The load of a `vt` value.
fn load_opc(vt: VT) -> u16 {
    match vt {
        VT::F32 => op::MOVSSrm.0,
        VT::F64 => op::MOVSDrm.0,
        _ => LOAD[w(vt)],
    }
}

/// The store of a `vt` value in a register.
fn store_opc(vt: VT) -> u16 {
    match vt {
        VT::F32 => op::MOVSSmr.0,
        VT::F64 => op::MOVSDmr.0,
        _ => STORE[w(vt)],
    }
}

/// The scalar SSE form of float binary opcode `o` (`[f32, f64]`).
fn fp_bin(o: Opcode) -> Option<[u16; 2]> {
    Some(match o {
        Opcode::FAdd => [op::ADDSSrr.0, op::ADDSDrr.0],
        Opcode::FSub => [op::SUBSSrr.0, op::SUBSDrr.0],
        Opcode::FMul => [op::MULSSrr.0, op::MULSDrr.0],
        Opcode::FDiv => [op::DIVSSrr.0, op::DIVSDrr.0],
        _ => return None,
    })
}

/// Index of a width in the `[8, 16, 32, 64]` opcode tables.
fn w(vt: VT) -> usize {
    match vt {
        VT::I1 | VT::I8 => 0,
        VT::I16 => 1,
        VT::I32 => 2,
        _ => 3,
    }
}

const LOAD: [u16; 4] = [op::MOV8rm.0, op::MOV16rm.0, op::MOV32rm.0, op::MOV64rm.0];
const STORE: [u16; 4] = [op::MOV8mr.0, op::MOV16mr.0, op::MOV32mr.0, op::MOV64mr.0];
const STORE_IMM: [u16; 4] = [op::MOV8mi.0, op::MOV16mi.0, op::MOV32mi.0, op::MOV64mi32.0];
const CMP_RR: [u16; 4] = [op::CMP8rr.0, op::CMP16rr.0, op::CMP32rr.0, op::CMP64rr.0];

/// Shift forms by kind (`shl lshr ashr`) and width: by an immediate and
/// by `%cl`.
const SHIFT_RI: [[u16; 4]; 3] = [
    [op::SHL8ri.0, op::SHL16ri.0, op::SHL32ri.0, op::SHL64ri.0],
    [op::SHR8ri.0, op::SHR16ri.0, op::SHR32ri.0, op::SHR64ri.0],
    [op::SAR8ri.0, op::SAR16ri.0, op::SAR32ri.0, op::SAR64ri.0],
];
const SHIFT_RCL: [[u16; 4]; 3] = [
    [
        op::SHL8rCL.0,
        op::SHL16rCL.0,
        op::SHL32rCL.0,
        op::SHL64rCL.0,
    ],
    [
        op::SHR8rCL.0,
        op::SHR16rCL.0,
        op::SHR32rCL.0,
        op::SHR64rCL.0,
    ],
    [
        op::SAR8rCL.0,
        op::SAR16rCL.0,
        op::SAR32rCL.0,
        op::SAR64rCL.0,
    ],
];

/// The row of shift opcode `o` in [`SHIFT_RI`] and [`SHIFT_RCL`].
fn shift_kind(o: Opcode) -> usize {
    match o {
        Opcode::Shl => 0,
        Opcode::LShr => 1,
        _ => 2,
    }
}

/// The register-register form of integer binary opcode `o` at width `k`.
fn bin_rr(o: Opcode, k: usize) -> Option<u16> {
    let t = match o {
        Opcode::Add => [op::ADD8rr, op::ADD16rr, op::ADD32rr, op::ADD64rr],
        Opcode::Sub => [op::SUB8rr, op::SUB16rr, op::SUB32rr, op::SUB64rr],
        Opcode::And => [op::AND8rr, op::AND16rr, op::AND32rr, op::AND64rr],
        Opcode::Or => [op::OR8rr, op::OR16rr, op::OR32rr, op::OR64rr],
        Opcode::Xor => [op::XOR8rr, op::XOR16rr, op::XOR32rr, op::XOR64rr],
        Opcode::Mul if k > 0 => [op::IMUL16rr, op::IMUL16rr, op::IMUL32rr, op::IMUL64rr],
        _ => return None,
    };
    Some(t[k].0)
}

/// The ALU forms with an immediate by kind (`add sub and or xor cmp`) and
/// width: the sign-extended 8-bit form (none for 8 bits) and the full one.
const ALU_RI8: [[u16; 4]; 6] = [
    [op::ADD8ri.0, op::ADD16ri8.0, op::ADD32ri8.0, op::ADD64ri8.0],
    [op::SUB8ri.0, op::SUB16ri8.0, op::SUB32ri8.0, op::SUB64ri8.0],
    [op::AND8ri.0, op::AND16ri8.0, op::AND32ri8.0, op::AND64ri8.0],
    [op::OR8ri.0, op::OR16ri8.0, op::OR32ri8.0, op::OR64ri8.0],
    [op::XOR8ri.0, op::XOR16ri8.0, op::XOR32ri8.0, op::XOR64ri8.0],
    [op::CMP8ri.0, op::CMP16ri8.0, op::CMP32ri8.0, op::CMP64ri8.0],
];
const ALU_RI: [[u16; 4]; 6] = [
    [op::ADD8ri.0, op::ADD16ri.0, op::ADD32ri.0, op::ADD64ri32.0],
    [op::SUB8ri.0, op::SUB16ri.0, op::SUB32ri.0, op::SUB64ri32.0],
    [op::AND8ri.0, op::AND16ri.0, op::AND32ri.0, op::AND64ri32.0],
    [op::OR8ri.0, op::OR16ri.0, op::OR32ri.0, op::OR64ri32.0],
    [op::XOR8ri.0, op::XOR16ri.0, op::XOR32ri.0, op::XOR64ri32.0],
    [op::CMP8ri.0, op::CMP16ri.0, op::CMP32ri.0, op::CMP64ri32.0],
];
const CMP_KIND: usize = 5;
/// The ALU forms reading their second operand from memory, by
/// [`ALU_RI`] row and width, and `imul` (16 bits and wider).
const ALU_RM: [[u16; 4]; 6] = [
    [op::ADD8rm.0, op::ADD16rm.0, op::ADD32rm.0, op::ADD64rm.0],
    [op::SUB8rm.0, op::SUB16rm.0, op::SUB32rm.0, op::SUB64rm.0],
    [op::AND8rm.0, op::AND16rm.0, op::AND32rm.0, op::AND64rm.0],
    [op::OR8rm.0, op::OR16rm.0, op::OR32rm.0, op::OR64rm.0],
    [op::XOR8rm.0, op::XOR16rm.0, op::XOR32rm.0, op::XOR64rm.0],
    [op::CMP8rm.0, op::CMP16rm.0, op::CMP32rm.0, op::CMP64rm.0],
];
const IMUL_RM: [u16; 4] = [
    op::IMUL16rm.0,
    op::IMUL16rm.0,
    op::IMUL32rm.0,
    op::IMUL64rm.0,
];
/// A compare of memory with an immediate: the 8-bit immediate form
/// (none for 8 bits) and the full one.
const CMP_MI8: [u16; 4] = [op::CMP8mi.0, op::CMP16mi8.0, op::CMP32mi8.0, op::CMP64mi8.0];
const CMP_MI: [u16; 4] = [op::CMP8mi.0, op::CMP16mi.0, op::CMP32mi.0, op::CMP64mi32.0];

/// The IR opcodes of the [`ALU_RI`] rows before the compare.
const ALU_OPCODES: [Opcode; 5] = [
    Opcode::Add,
    Opcode::Sub,
    Opcode::And,
    Opcode::Or,
    Opcode::Xor,
];

/// The row of ALU opcode `o` in [`ALU_RI`].
fn alu_kind(o: Opcode) -> Option<usize> {
    ALU_OPCODES.iter().position(|&x| x == o)
}

/// The immediate form of ALU kind `k` at width `vt` for immediate `x`
/// (as the patterns: the 8-bit form when `x` fits it).
fn alu_ri(k: usize, vt: VT, x: i64) -> u16 {
    if x == (x as i8) as i64 {
        ALU_RI8[k][w(vt)]
    } else {
        ALU_RI[k][w(vt)]
    }
}

/// `imul` by an immediate at width `vt` (16 bits and wider).
fn imul_ri(vt: VT, x: i64) -> u16 {
    let short = x == (x as i8) as i64;
    match (vt, short) {
        (VT::I16, true) => op::IMUL16rri8.0,
        (VT::I16, false) => op::IMUL16rri.0,
        (VT::I32, true) => op::IMUL32rri8.0,
        (VT::I32, false) => op::IMUL32rri.0,
        (_, true) => op::IMUL64rri8.0,
        _ => op::IMUL64rri32.0,
    }
}

/// Operand `v` of a `vt` instruction as an immediate, if it is an
/// integer constant that fits the instruction's immediate (LLVM
/// FastISel's `fastEmit_ri` choice): shared by stores, compares and
/// arithmetic.
fn imm_operand(fx: &FastBlock<'_, '_>, v: Value, vt: VT) -> Option<i64> {
    match fx.value(v) {
        Some(FastVal::Int(x)) if vt != VT::I1 && fits_imm(vt, x) => Some(imm_of(vt, x)),
        _ => None,
    }
}

/// Whether `x` (bits of a `vt` value) fits the sign-extended immediate of
/// a `vt` instruction (imm32 for 64 bits).
fn fits_imm(vt: VT, x: u64) -> bool {
    vt != VT::I64 || (x as i64) == (x as i32) as i64
}

/// `x` truncated to `vt` and sign-extended to 64 bits, as an immediate.
fn imm_of(vt: VT, x: u64) -> i64 {
    let bits = if vt == VT::I1 { 8 } else { vt.bits() };
    let s = 64 - bits;
    ((x << s) as i64) >> s
}

impl FastSelector {
    /// Whether global operand `g` is reachable without TLS.
    fn plain_global(fx: &FastBlock<'_, '_>, g: rcc_ir::GlobalId) -> bool {
        fx.fl.m.globals[g].tls == rcc_ir::module::ThreadLocal::None
    }

    /// Whether the address operand `v` of a load or store is handled.
    fn check_addr(fx: &FastBlock<'_, '_>, v: Value) -> bool {
        // An address in a segment (address spaces 256-258) is the DAG's.
        let flat = !matches!(
            fx.fl.m.types.get(fx.ty(v)),
            Type::Ptr(a) | Type::TypedPtr { addrspace: a, .. } if a != 0
        );
        flat && match fx.value(v) {
            Some(FastVal::Reg(_) | FastVal::Frame(_) | FastVal::Pending) => true,
            Some(FastVal::Global(g, _)) => Self::plain_global(fx, g),
            _ => false,
        }
    }

    /// The memory operand of address `v`.
    fn addr(
        &mut self,
        fx: &mut FastBlock<'_, '_>,
        mf: &mut MachFunction,
        v: Value,
    ) -> Result<Mem, IselError> {
        if let Some(g) = v.as_entity::<Inst>(ValueTag::Inst) {
            if Self::folded_gep(fx, g) {
                return self.gep_addr(fx, mf, g);
            }
        }
        Ok(match fx.value(v) {
            Some(FastVal::Frame(fi)) => Mem::Frame(fi, 0),
            Some(FastVal::Reg(r)) => Mem::Reg(r),
            Some(FastVal::Global(g, off)) if !Self::via_got(fx, g) => {
                Mem::Rip(global_sym(mf, g, off, SymFlag::NONE))
            }
            _ => Mem::Reg(self.materialize(fx, mf, v, rcc_ir::types::prim::PTR)?),
        })
    }

    /// Whether load `l` is folded into the instruction right after it,
    /// its only use (LLVM FastISel's `tryToFoldLoad`): an integer
    /// extension of it (`movzx`/`movsx` from memory), a compare with it
    /// second or with it first and an immediate second, or `add sub and
    /// or xor mul` with it second.
    fn folded_load(fx: &FastBlock<'_, '_>, l: Inst) -> bool {
        let f = fx.fl.f;
        if f.op(l) != Opcode::Load
            || fx.fl.block_of(l) != fx.b
            || fx.local_uses(l) != 1
            || fx.exported(l)
            || f.flags[l.index()] & (inst::VOLATILE | inst::ATOMIC) != 0
        {
            return false;
        }
        let Some(vt) = word_vt(fx, f.ty[l.index()]) else {
            return false;
        };
        let Some(next) = fx.next_inst(l) else {
            return false;
        };
        let ops = f.inst_ops(next);
        let is = |k: usize| ops.get(k).and_then(|x| x.as_entity::<Inst>(ValueTag::Inst)) == Some(l);
        match f.op(next) {
            Opcode::ZExt | Opcode::SExt => {
                is(0) && int_vt(fx, f.ty[next.index()]).is_some_and(|to| to.bits() > vt.bits())
            }
            Opcode::ICmp => is(1) || (is(0) && imm_operand(fx, ops[1], vt).is_some()),
            Opcode::Add | Opcode::Sub | Opcode::And | Opcode::Or | Opcode::Xor => is(1),
            Opcode::Mul => is(1) && vt != VT::I8,
            _ => false,
        }
    }

    /// The memory operand of folded load `v` ([`Self::folded_load`]),
    /// if `v` is one.
    fn folded_mem(
        &mut self,
        fx: &mut FastBlock<'_, '_>,
        mf: &mut MachFunction,
        v: Value,
    ) -> Result<Option<Mem>, IselError> {
        match v.as_entity::<Inst>(ValueTag::Inst) {
            Some(l) if Self::folded_load(fx, l) => {
                let a = fx.fl.f.inst_ops(l)[0];
                self.addr(fx, mf, a).map(Some)
            }
            _ => Ok(None),
        }
    }

    /// Integer extension `o` of the `from` value at `m` to `to`
    /// (`movzx`/`movsx` from memory, as the DAG path's extending loads).
    fn ext_load(
        &mut self,
        mf: &mut MachFunction,
        o: Opcode,
        m: Mem,
        from: VT,
        to: VT,
    ) -> Result<VReg, IselError> {
        let sext = o == Opcode::SExt;
        let (opc, got) = match (from, to, sext) {
            (VT::I8, VT::I16, false) => (op::MOVZX16rm8, VT::I16),
            (VT::I8, VT::I16, true) => (op::MOVSX16rm8, VT::I16),
            (VT::I8, VT::I64, true) => (op::MOVSX64rm8, VT::I64),
            (VT::I16, VT::I64, true) => (op::MOVSX64rm16, VT::I64),
            (VT::I32, VT::I64, true) => (op::MOVSX64rm32, VT::I64),
            (VT::I8, _, false) => (op::MOVZX32rm8, VT::I32),
            (VT::I8, _, true) => (op::MOVSX32rm8, VT::I32),
            (VT::I16, _, false) => (op::MOVZX32rm16, VT::I32),
            (VT::I16, _, true) => (op::MOVSX32rm16, VT::I32),
            _ => (op::MOV32rm, VT::I32),
        };
        let r = build(mf, &mut self.ops, opc.0, &[In::M(m)])
            .ok_or_else(|| IselError::new("fast-isel: an extending load"))?;
        // What is left is a 32-bit value zero-extended to 64 bits.
        self.cast(mf, Opcode::ZExt, r, got, to)
    }

    /// Whether GEP `g` is folded into the address of the load or store
    /// right after it, its only use (LLVM FastISel's `X86SelectAddress`
    /// folds GEPs of the block into the memory operand): a constant
    /// offset that fits the displacement, and at most one index scaled by
    /// 1, 2, 4 or 8 over a base that is not a frame object.
    fn folded_gep(fx: &FastBlock<'_, '_>, g: Inst) -> bool {
        let f = fx.fl.f;
        if f.op(g) != Opcode::GetElementPtr
            || fx.fl.block_of(g) != fx.b
            || fx.local_uses(g) != 1
            || fx.exported(g)
        {
            return false;
        }
        let Some(next) = fx.next_inst(g) else {
            return false;
        };
        let gv = f
            .inst_ops(next)
            .iter()
            .position(|x| x.as_entity::<Inst>(ValueTag::Inst) == Some(g));
        let addr_slot = match f.op(next) {
            Opcode::Load => 0,
            Opcode::Store => 1,
            _ => return false,
        };
        if gv != Some(addr_slot) {
            return false;
        }
        let Some(parts) = fx.gep(g) else {
            return false;
        };
        let base = f.inst_ops(g)[0];
        let off = parts.offset as i64;
        off == (off as i32) as i64
            && match parts.scaled[..] {
                [] => true,
                [(_, size)] => {
                    matches!(size, 1 | 2 | 4 | 8)
                        && !matches!(fx.value(base), Some(FastVal::Frame(_)))
                }
                _ => false,
            }
    }

    /// The memory operand of folded GEP `g` ([`Self::folded_gep`]).
    fn gep_addr(
        &mut self,
        fx: &mut FastBlock<'_, '_>,
        mf: &mut MachFunction,
        g: Inst,
    ) -> Result<Mem, IselError> {
        let bad = || IselError::new("fast-isel: a folded GEP it did not check");
        let parts = fx.gep(g).ok_or_else(bad)?;
        let base = fx.fl.f.inst_ops(g)[0];
        let disp = parts.offset as i64;
        match (fx.value(base), parts.scaled.first()) {
            (Some(FastVal::Frame(fi)), None) => return Ok(Mem::Frame(fi, disp)),
            (Some(FastVal::Global(gl, off)), None)
                if !Self::via_got(fx, gl)
                    && off.wrapping_add(disp) == (off.wrapping_add(disp) as i32) as i64 =>
            {
                return Ok(Mem::Rip(global_sym(mf, gl, off + disp, SymFlag::NONE)));
            }
            _ => {}
        }
        let b = self.reg(fx, mf, base, VT::I64)?;
        let (index, scale) = match parts.scaled.first() {
            Some(&(x, size)) => {
                let xvt = word_vt(fx, fx.ty(x)).ok_or_else(bad)?;
                let xr = self.reg(fx, mf, x, xvt)?;
                (
                    Some(self.cast(mf, Opcode::SExt, xr, xvt, VT::I64)?),
                    size as u8,
                )
            }
            None => (None, 1),
        };
        Ok(Mem::Indexed {
            base: b,
            index,
            scale,
            disp,
        })
    }

    fn via_got(fx: &FastBlock<'_, '_>, g: rcc_ir::GlobalId) -> bool {
        fx.fl.pic && !rcc_mach::emit::is_dso_local(fx.fl.m, g)
    }

    /// A register holding `v` of type `vt`.
    fn reg(
        &mut self,
        fx: &mut FastBlock<'_, '_>,
        mf: &mut MachFunction,
        v: Value,
        vt: VT,
    ) -> Result<VReg, IselError> {
        let ops = &mut self.ops;
        if vt.is_float() {
            return match fx.value(v) {
                Some(FastVal::Reg(r)) => Ok(r),
                Some(FastVal::Float(bits) | FastVal::Int(bits)) => {
                    Ok(fp_constant(mf, ops, vt, bits))
                }
                Some(FastVal::Undef) => Ok(fp_undef(mf, vt)),
                _ => Err(IselError::new(
                    "fast-isel: a float operand it did not check",
                )),
            };
        }
        let r = match fx.value(v) {
            Some(FastVal::Reg(r)) => Some(r),
            Some(FastVal::Frame(fi)) => build(mf, ops, op::LEA64r.0, &[In::M(Mem::Frame(fi, 0))]),
            Some(FastVal::Global(g, off)) => {
                if Self::via_got(fx, g) {
                    let s = global_sym(
                        mf,
                        g,
                        0,
                        crate::x86_64::sym_flags::for_ref(rcc_dag::SymRef::GotAddress),
                    );
                    let r = build(mf, ops, op::MOV64rm.0, &[In::M(Mem::Rip(s))]);
                    match r {
                        Some(base) if off != 0 => {
                            let m = Mem::Indexed {
                                base,
                                index: None,
                                scale: 1,
                                disp: off,
                            };
                            build(mf, ops, op::LEA64r.0, &[In::M(m)])
                        }
                        r => r,
                    }
                } else if super::addr::symbolic_disp_ok(off) {
                    let s = global_sym(mf, g, off, SymFlag::NONE);
                    build(mf, ops, op::LEA64r.0, &[In::M(Mem::Rip(s))])
                } else {
                    // An addend the small code model does not take in a
                    // symbol (16 MiB or more): added after, as llc does.
                    let s = global_sym(mf, g, 0, SymFlag::NONE);
                    let r = build(mf, ops, op::LEA64r.0, &[In::M(Mem::Rip(s))]);
                    r.and_then(|a| build(mf, ops, op::ADD64ri32.0, &[In::R(a), In::I(off)]))
                }
            }
            Some(FastVal::Int(x)) => Some(constant(mf, ops, vt, x)),
            Some(FastVal::Undef) => {
                let c = super::emit::class_of_vt(if vt == VT::I1 { VT::I8 } else { vt })?;
                let r = mf.new_vreg(c);
                mf.push(MOpc::IMPLICIT_DEF, &[Operand::reg_def(r)]);
                Some(r)
            }
            Some(FastVal::Pending | FastVal::Float(_)) | None => None,
        };
        r.ok_or_else(|| IselError::new("fast-isel: an operand it did not check"))
    }

    /// Whether operand `v` of type `ty` can be put in a register.
    fn value_ok(fx: &FastBlock<'_, '_>, v: Value, ty: TypeId) -> bool {
        let Some(vt) = val_vt(fx, ty) else {
            return false;
        };
        match fx.value(v) {
            Some(FastVal::Global(g, _)) => !vt.is_float() && Self::plain_global(fx, g),
            Some(FastVal::Frame(_)) => !vt.is_float(),
            Some(FastVal::Float(_)) => vt.is_float(),
            Some(_) => true,
            None => false,
        }
    }

    /// Whether switch `i` is selected: an integer of at most 64 bits whose
    /// planned step 0 is a jump or a range or signed-less test (bit tests
    /// and jump tables without a range check fall back).
    fn check_switch(fx: &FastBlock<'_, '_>, i: Inst) -> bool {
        let v = fx.fl.f.inst_ops(i)[0];
        let Some(plan) = fx.fl.switch_plan(fx.b) else {
            return false;
        };
        word_vt(fx, fx.ty(v)) == Some(plan.vt)
            && Self::value_ok(fx, v, fx.ty(v))
            && matches!(
                plan.steps[0].kind,
                StepKind::Jump(_)
                    | StepKind::Branch {
                        test: Test::InRange(..) | Test::Less(_),
                        ..
                    }
            )
    }

    /// Emits step 0 of switch `i`'s plan (as the DAG builder's
    /// `switch_head`): the switch value copied into the plan's register
    /// for the other steps (the DAG path selects them), then the step's
    /// test and branches.
    fn switch(
        &mut self,
        fx: &mut FastBlock<'_, '_>,
        mf: &mut MachFunction,
        i: Inst,
    ) -> Result<(), IselError> {
        let bad = || IselError::new("fast-isel: a switch it did not check");
        let plan = fx.fl.switch_plan(fx.b).ok_or_else(bad)?;
        let (vt, vreg, kind, multi) =
            (plan.vt, plan.vreg, plan.steps[0].kind, plan.steps.len() > 1);
        let v = self.reg(fx, mf, fx.fl.f.inst_ops(i)[0], vt)?;
        if multi {
            mf.push(MOpc::COPY, &[Operand::reg_def(vreg), Operand::reg_use(v)]);
        }
        let (test, t, f) = match kind {
            StepKind::Jump(t) => {
                build(mf, &mut self.ops, op::JMP_1.0, &[In::B(t)]);
                return Ok(());
            }
            StepKind::Branch { test, t, f } => (test, t, f),
            StepKind::Table { .. } => return Err(bad()),
        };
        let cond = match test {
            Test::InRange(lo, hi) if lo == hi => {
                self.alu_imm(mf, CMP_KIND, v, vt, lo as u64);
                Cond::Eq
            }
            Test::InRange(lo, hi) => {
                let d = if lo == 0 {
                    v
                } else {
                    self.alu_imm(mf, 1, v, vt, lo as u64).ok_or_else(bad)?
                };
                self.alu_imm(mf, CMP_KIND, d, vt, hi.wrapping_sub(lo) as u64);
                Cond::Ule
            }
            Test::Less(k) => {
                self.alu_imm(mf, CMP_KIND, v, vt, k as u64);
                Cond::Slt
            }
            _ => return Err(bad()),
        };
        build(
            mf,
            &mut self.ops,
            op::JCC_1.0,
            &[In::B(t), In::I(x86_cc(cond))],
        );
        build(mf, &mut self.ops, op::JMP_1.0, &[In::B(f)]);
        Ok(())
    }

    /// ALU kind `k` ([`ALU_RI`] rows; a compare keeps its EFLAGS def
    /// live) of register `a` and constant `x` at width `vt`: the
    /// immediate form when `x` fits it, else `x` in a register.
    fn alu_imm(
        &mut self,
        mf: &mut MachFunction,
        k: usize,
        a: VReg,
        vt: VT,
        x: u64,
    ) -> Option<VReg> {
        let dead = k != CMP_KIND;
        if fits_imm(vt, x) {
            let x = imm_of(vt, x);
            return build_flags(
                mf,
                &mut self.ops,
                alu_ri(k, vt, x),
                &[In::R(a), In::I(x)],
                dead,
            );
        }
        let c = constant(mf, &mut self.ops, vt, x);
        let rr = match ALU_OPCODES.get(k) {
            Some(&o) => bin_rr(o, w(vt))?,
            None => CMP_RR[w(vt)],
        };
        build_flags(mf, &mut self.ops, rr, &[In::R(a), In::R(c)], dead)
    }

    /// Emits `fcmp` `i` (`ucomis` and one or two `setcc`, as the DAG
    /// path's rows and [`super::x87::fcmp_codes`]); returns its `i1`.
    fn fcmp(
        &mut self,
        fx: &mut FastBlock<'_, '_>,
        mf: &mut MachFunction,
        i: Inst,
    ) -> Result<VReg, IselError> {
        let f = fx.fl.f;
        let ops = f.inst_ops(i);
        let bad = || IselError::new("fast-isel: an fcmp it did not check");
        let c = FCond::from_ir((f.flags[i.index()] >> inst::PRED_SHIFT) as u8).ok_or_else(bad)?;
        let Some((swap, codes)) = super::x87::fcmp_codes(c) else {
            let one = u64::from(c == FCond::True);
            return Ok(constant(mf, &mut self.ops, VT::I1, one));
        };
        let vt = fp_vt(fx, fx.ty(ops[0])).ok_or_else(bad)?;
        let a = self.reg(fx, mf, ops[0], vt)?;
        let b = self.reg(fx, mf, ops[1], vt)?;
        let (x, y) = if swap { (b, a) } else { (a, b) };
        let ucomi = [op::UCOMISSrr.0, op::UCOMISDrr.0][fw(vt)];
        build_flags(mf, &mut self.ops, ucomi, &[In::R(x), In::R(y)], false);
        let mut r = build(mf, &mut self.ops, op::SETCCr.0, &[In::I(codes[0])]).ok_or_else(bad)?;
        if let Some(&cc) = codes.get(1) {
            let r2 = build(mf, &mut self.ops, op::SETCCr.0, &[In::I(cc)]).ok_or_else(bad)?;
            // oeq: both flags; une: either.
            let logic = if c == FCond::Oeq {
                op::AND8rr
            } else {
                op::OR8rr
            };
            r = build(mf, &mut self.ops, logic.0, &[In::R(r), In::R(r2)]).ok_or_else(bad)?;
        }
        Ok(r)
    }

    /// Float conversion `o` (`sitofp fptosi fpext fptrunc`, or a
    /// `bitcast` between a float and an integer of its width) of `v` to
    /// type `ty` (checked by [`fp_cast_ok`]), as the DAG path's rows.
    fn fp_cast(
        &mut self,
        fx: &mut FastBlock<'_, '_>,
        mf: &mut MachFunction,
        o: Opcode,
        v: Value,
        ty: TypeId,
    ) -> Result<VReg, IselError> {
        let bad = || IselError::new("fast-isel: a float conversion it did not check");
        let from = mem_vt(fx, fx.ty(v)).ok_or_else(bad)?;
        let to = mem_vt(fx, ty).ok_or_else(bad)?;
        let x = self.reg(fx, mf, v, from)?;
        let r = match o {
            Opcode::SIToFP => {
                // cvtsi2s* merges into its destination, whose old value
                // does not matter; 8 and 16 bits are extended to 32.
                let (x, from) = if from.bits() < 32 {
                    (self.cast(mf, Opcode::SExt, x, from, VT::I32)?, VT::I32)
                } else {
                    (x, from)
                };
                let opc = match (to, from) {
                    (VT::F32, VT::I32) => op::CVTSI2SSrr,
                    (VT::F32, _) => op::CVTSI2SS64rr,
                    (_, VT::I32) => op::CVTSI2SDrr,
                    _ => op::CVTSI2SD64rr,
                };
                let u = fp_undef(mf, to);
                build_fp(mf, &mut self.ops, opc.0, &[In::R(u), In::R(x)], to)
            }
            Opcode::FPToSI => {
                let wide = if to == VT::I64 { VT::I64 } else { VT::I32 };
                let opc = match (from, wide) {
                    (VT::F32, VT::I32) => op::CVTTSS2SIrr,
                    (VT::F32, _) => op::CVTTSS2SI64rr,
                    (_, VT::I32) => op::CVTTSD2SIrr,
                    _ => op::CVTTSD2SI64rr,
                };
                let r = build(mf, &mut self.ops, opc.0, &[In::R(x)]).ok_or_else(bad)?;
                return self.cast(mf, Opcode::Trunc, r, wide, to);
            }
            Opcode::FPExt => build_fp(mf, &mut self.ops, op::CVTSS2SDrr.0, &[In::R(x)], to),
            Opcode::FPTrunc => build_fp(mf, &mut self.ops, op::CVTSD2SSrr.0, &[In::R(x)], to),
            _ => {
                let opc = match (from, to) {
                    (VT::F64, _) => op::MOVPQIto64rr,
                    (VT::F32, _) => op::MOVPDI2DIrr,
                    (_, VT::F64) => op::MOV64toPQIrr,
                    _ => op::MOVDI2PDIrr,
                };
                build_fp(mf, &mut self.ops, opc.0, &[In::R(x)], to)
            }
        };
        r.ok_or_else(bad)
    }

    /// Whether icmp `i` is emitted by the conditional branch right after
    /// it (its only use).
    fn fused_cmp(fx: &FastBlock<'_, '_>, i: Inst) -> bool {
        let f = fx.fl.f;
        if fx.local_uses(i) != 1 || fx.exported(i) {
            return false;
        }
        let Some(next) = fx.next_inst(i) else {
            return false;
        };
        f.op(next) == Opcode::Br
            && f.inst_ops(next).len() == 3
            && f.inst_ops(next)[0].as_entity::<Inst>(ValueTag::Inst) == Some(i)
    }

    /// Emits the compare of icmp `i`; returns its condition.
    fn compare(
        &mut self,
        fx: &mut FastBlock<'_, '_>,
        mf: &mut MachFunction,
        i: Inst,
    ) -> Result<Cond, IselError> {
        let f = fx.fl.f;
        let ops = f.inst_ops(i);
        let cond = Cond::from_ir((f.flags[i.index()] >> inst::PRED_SHIFT) as u8)
            .ok_or_else(|| IselError::new("an icmp predicate"))?;
        let vt =
            word_vt(fx, fx.ty(ops[0])).ok_or_else(|| IselError::new("fast-isel: icmp type"))?;
        if let Some(m) = self.folded_mem(fx, mf, ops[0])? {
            let x = imm_operand(fx, ops[1], vt)
                .ok_or_else(|| IselError::new("fast-isel: a folded compare"))?;
            let opc = if x == (x as i8) as i64 {
                CMP_MI8
            } else {
                CMP_MI
            };
            build_flags(mf, &mut self.ops, opc[w(vt)], &[In::M(m), In::I(x)], false);
            return Ok(cond);
        }
        let a = self.reg(fx, mf, ops[0], vt)?;
        if let Some(m) = self.folded_mem(fx, mf, ops[1])? {
            build_flags(
                mf,
                &mut self.ops,
                ALU_RM[CMP_KIND][w(vt)],
                &[In::R(a), In::M(m)],
                false,
            );
            return Ok(cond);
        }
        match fx.value(ops[1]) {
            Some(FastVal::Int(x)) => {
                self.alu_imm(mf, CMP_KIND, a, vt, x);
            }
            _ => {
                let b = self.reg(fx, mf, ops[1], vt)?;
                build_flags(
                    mf,
                    &mut self.ops,
                    CMP_RR[w(vt)],
                    &[In::R(a), In::R(b)],
                    false,
                );
            }
        }
        Ok(cond)
    }
}

/// What [`super::abi::assign`] places for each of `args` (values in
/// registers; the direct selector passes nothing in memory).
fn arg_kinds(args: &[super::call::CallArg]) -> impl Iterator<Item = super::abi::ArgKind> + '_ {
    use super::call::CallArg;
    args.iter().map(|a| match *a {
        CallArg::Value(_, vt) => super::abi::ArgKind::Value(vt),
        CallArg::ByVal { size, align, .. } => super::abi::ArgKind::Memory { size, align },
    })
}

/// The library function called for memory intrinsic `name`, if it is
/// `llvm.memcpy`, `llvm.memmove` or `llvm.memset` (not the `.inline`
/// forms, which must not call).
fn mem_library(name: &str) -> Option<&'static str> {
    let rest = name.strip_prefix("llvm.")?;
    let (fam, tail) = rest.split_once('.').unwrap_or((rest, ""));
    if tail.starts_with("inline") {
        return None;
    }
    match fam {
        "memcpy" => Some("memcpy"),
        "memmove" => Some("memmove"),
        "memset" => Some("memset"),
        _ => None,
    }
}

/// The symbol operand of global `g` plus `offset` with `flag`.
fn global_sym(mf: &mut MachFunction, g: rcc_ir::GlobalId, offset: i64, flag: SymFlag) -> Operand {
    mf.sym(SymOperand {
        target: SymTarget::Global(g),
        offset,
        flag,
    })
}

/// A new register holding constant `x` of type `vt` (as the patterns:
/// `MOV32r0` for zero, `MOV32ri64` for 64-bit values below 2^32).
fn constant(mf: &mut MachFunction, ops: &mut Vec<Operand>, vt: VT, x: u64) -> VReg {
    let r = match vt {
        VT::I1 | VT::I8 => build(
            mf,
            ops,
            op::MOV8ri.0,
            &[In::I(imm_of(
                VT::I8,
                x & if vt == VT::I1 { 1 } else { 0xff },
            ))],
        ),
        VT::I16 => build(mf, ops, op::MOV16ri.0, &[In::I(imm_of(vt, x))]),
        VT::I32 if x as u32 == 0 => build(mf, ops, op::MOV32r0.0, &[]),
        VT::I32 => build(mf, ops, op::MOV32ri.0, &[In::I(imm_of(vt, x))]),
        _ if x <= u32::MAX as u64 => build(mf, ops, op::MOV32ri64.0, &[In::I(x as i64)]),
        _ if fits_imm(VT::I64, x) => build(mf, ops, op::MOV64ri32.0, &[In::I(x as i64)]),
        _ => build(mf, ops, op::MOV64ri.0, &[In::I(x as i64)]),
    };
    r.expect("constant forms define a register")
}

/// A new `vt` (`f32`/`f64`) register with an undefined value.
fn fp_undef(mf: &mut MachFunction, vt: VT) -> VReg {
    let c = if vt == VT::F32 {
        mclass::FR32
    } else {
        mclass::FR64
    };
    let r = mf.new_vreg(c);
    mf.push(MOpc::IMPLICIT_DEF, &[Operand::reg_def(r)]);
    r
}

/// A new register holding float constant `bits` of type `vt`, as the
/// DAG path's rows: +0.0 is a register xor-ed with itself, other
/// constants load from the constant pool (entries of their size).
fn fp_constant(mf: &mut MachFunction, ops: &mut Vec<Operand>, vt: VT, bits: u64) -> VReg {
    let r = if bits == 0 {
        let u = fp_undef(mf, vt);
        build_fp(mf, ops, op::XORPSrr.0, &[In::R(u), In::R(u)], vt)
    } else {
        let n = if vt == VT::F32 { 4 } else { 8 };
        let c = mf.constant(&bits.to_le_bytes()[..n], n as u32);
        let s = mf.sym(SymOperand {
            target: SymTarget::ConstPool(c),
            offset: 0,
            flag: SymFlag::NONE,
        });
        build_fp(mf, ops, load_opc(vt), &[In::M(Mem::Rip(s))], vt)
    };
    r.expect("constant forms define a register")
}

/// Whether float conversion `o` from `from` to `to` is selected (see
/// [`FastSelector::fp_cast`]); unsigned conversions and `i1` are not.
fn fp_cast_ok(o: Opcode, from: Option<VT>, to: Option<VT>) -> bool {
    let (Some(a), Some(b)) = (from, to) else {
        return false;
    };
    match o {
        Opcode::SIToFP => b.is_float() && !a.is_float() && a != VT::I1,
        Opcode::FPToSI => a.is_float() && !b.is_float() && b != VT::I1,
        Opcode::FPExt => a == VT::F32 && b == VT::F64,
        Opcode::FPTrunc => a == VT::F64 && b == VT::F32,
        Opcode::BitCast => a != b && a.bits() == b.bits() && a.bits() >= 32,
        _ => false,
    }
}

impl FastTarget for FastSelector {
    fn check(&self, fx: &FastBlock<'_, '_>, i: Inst) -> Result<(), Fallback> {
        let f = fx.fl.f;
        let ops = f.inst_ops(i);
        let ty = f.ty[i.index()];
        let ok = |c: bool, why: Fallback| if c { Ok(()) } else { Err(why) };
        // The fallback kind computed only when it falls back.
        fn lazy(c: bool, why: impl FnOnce() -> Fallback) -> Result<(), Fallback> {
            if c {
                Ok(())
            } else {
                Err(why())
            }
        }
        let val = |k: usize| Self::value_ok(fx, ops[k], fx.ty(ops[k]));
        match f.op(i) {
            Opcode::Alloca => ok(fx.fl.static_frame(i).is_some(), Fallback::DynamicAlloca),
            Opcode::Load | Opcode::Store if f.flags[i.index()] & inst::ATOMIC != 0 => {
                Err(Fallback::Atomic)
            }
            Opcode::Load => lazy(
                mem_vt(fx, ty).is_some() && Self::check_addr(fx, ops[0]),
                || Self::kind_of(fx, ty, Fallback::Memory),
            ),
            Opcode::Store => lazy(
                mem_vt(fx, fx.ty(ops[0])).is_some() && val(0) && Self::check_addr(fx, ops[1]),
                || Self::kind_of(fx, fx.ty(ops[0]), Fallback::Memory),
            ),
            Opcode::FAdd | Opcode::FSub | Opcode::FMul | Opcode::FDiv => {
                lazy(fp_vt(fx, ty).is_some() && val(0) && val(1), || {
                    Self::kind_of(fx, ty, Fallback::Float)
                })
            }
            Opcode::FCmp => lazy(
                fp_vt(fx, fx.ty(ops[0])).is_some() && val(0) && val(1),
                || Self::kind_of(fx, fx.ty(ops[0]), Fallback::Float),
            ),
            o @ (Opcode::SIToFP | Opcode::FPToSI | Opcode::FPExt | Opcode::FPTrunc) => lazy(
                fp_cast_ok(o, val_vt(fx, fx.ty(ops[0])), val_vt(fx, ty)) && val(0),
                || Self::kind_of(fx, ty, Fallback::Float),
            ),
            Opcode::BitCast if fp_vt(fx, ty).is_some() || fp_vt(fx, fx.ty(ops[0])).is_some() => ok(
                fp_cast_ok(Opcode::BitCast, val_vt(fx, fx.ty(ops[0])), val_vt(fx, ty)) && val(0),
                Fallback::Float,
            ),
            o @ (Opcode::Add
            | Opcode::Sub
            | Opcode::And
            | Opcode::Or
            | Opcode::Xor
            | Opcode::Mul) => {
                let vt = int_vt(fx, ty);
                let i1_ok = matches!(o, Opcode::And | Opcode::Or | Opcode::Xor);
                ok(
                    vt.is_some_and(|v| (v != VT::I1 || i1_ok) && bin_rr(o, w(v)).is_some())
                        && (o != Opcode::Mul || vt != Some(VT::I8))
                        && val(0)
                        && val(1),
                    Fallback::Other,
                )
            }
            Opcode::ICmp => ok(
                word_vt(fx, fx.ty(ops[0])).is_some() && val(0) && val(1),
                Fallback::Other,
            ),
            Opcode::Shl
            | Opcode::LShr
            | Opcode::AShr
            | Opcode::SDiv
            | Opcode::UDiv
            | Opcode::SRem
            | Opcode::URem => ok(
                word_vt(fx, ty).is_some() && val(0) && val(1),
                Fallback::Other,
            ),
            Opcode::Select => lazy(
                int_vt(fx, ty).is_some()
                    && int_vt(fx, fx.ty(ops[0])) == Some(VT::I1)
                    && val(0)
                    && val(1)
                    && val(2),
                || Self::kind_of(fx, ty, Fallback::Other),
            ),
            Opcode::Unreachable => Ok(()),
            Opcode::ZExt
            | Opcode::SExt
            | Opcode::Trunc
            | Opcode::PtrToInt
            | Opcode::IntToPtr
            | Opcode::BitCast => {
                let (from, to) = (int_vt(fx, fx.ty(ops[0])), int_vt(fx, ty));
                let good = match (f.op(i), from, to) {
                    (_, Some(a), Some(b)) if a == b => true,
                    (Opcode::ZExt, Some(a), Some(b)) => a.bits() < b.bits(),
                    (Opcode::SExt, Some(a), Some(b)) => a != VT::I1 && a.bits() < b.bits(),
                    (Opcode::Trunc | Opcode::PtrToInt, Some(a), Some(b)) => {
                        b != VT::I1 && a.bits() > b.bits()
                    }
                    _ => false,
                };
                ok(good && val(0), Fallback::Other)
            }
            Opcode::Phi => lazy(
                val_vt(fx, ty).is_some() && fx.fl.value_vreg(i).is_some(),
                || Self::kind_of(fx, ty, Fallback::Other),
            ),
            Opcode::Br if ops.len() == 1 => Ok(()),
            Opcode::Br => ok(
                int_vt(fx, fx.ty(ops[0])) == Some(VT::I1) && val(0),
                Fallback::Other,
            ),
            Opcode::Ret => match ops.first() {
                None => ok(!fx.fl.has_sret(), Fallback::Other),
                Some(&v) => lazy(
                    matches!(
                        val_vt(fx, fx.ty(v)),
                        Some(VT::I32 | VT::I64 | VT::F32 | VT::F64)
                    ) && Self::value_ok(fx, v, fx.ty(v)),
                    || Self::kind_of(fx, fx.ty(v), Fallback::Other),
                ),
            },
            Opcode::Call => match Self::intrinsic(fx, i) {
                Some(name) if !Self::intrinsic_ok(fx, i, name) => Err(Fallback::Intrinsic),
                _ => ok(Self::check_call(fx, i), Fallback::Call),
            },
            Opcode::Invoke => Err(Fallback::Invoke),
            Opcode::Switch => ok(Self::check_switch(fx, i), Fallback::Switch),
            Opcode::IndirectBr => Err(Fallback::Switch),
            Opcode::ExtractValue | Opcode::InsertValue => Err(Fallback::Aggregate),
            Opcode::AtomicRmw | Opcode::CmpXchg | Opcode::Fence => Err(Fallback::Atomic),
            Opcode::GetElementPtr => ok(
                Self::value_ok(fx, ops[0], fx.ty(ops[0]))
                    && fx.gep(i).is_some_and(|g| {
                        g.scaled.iter().all(|&(x, _)| {
                            word_vt(fx, fx.ty(x)).is_some() && Self::value_ok(fx, x, fx.ty(x))
                        })
                    }),
                Fallback::Memory,
            ),
            o if o.is_fp_op() => Err(Self::kind_of(fx, ty, Fallback::Float)),
            _ => Err(Self::kind_of(fx, ty, Fallback::Other)),
        }
    }

    fn check_value(&self, fx: &FastBlock<'_, '_>, v: Value, ty: TypeId) -> bool {
        Self::value_ok(fx, v, ty)
    }

    fn materialize(
        &mut self,
        fx: &mut FastBlock<'_, '_>,
        mf: &mut MachFunction,
        v: Value,
        ty: TypeId,
    ) -> Result<VReg, IselError> {
        let vt = val_vt(fx, ty).ok_or_else(|| IselError::new("fast-isel: a value type"))?;
        self.reg(fx, mf, v, vt)
    }

    fn select(
        &mut self,
        fx: &mut FastBlock<'_, '_>,
        mf: &mut MachFunction,
        i: Inst,
    ) -> Result<(), IselError> {
        let f = fx.fl.f;
        let ops = f.inst_ops(i);
        let ty = f.ty[i.index()];
        let bad = || IselError::new("fast-isel: an instruction it did not check");
        match f.op(i) {
            Opcode::Alloca | Opcode::Phi => {}
            Opcode::Load if Self::folded_load(fx, i) => {}
            Opcode::Load => {
                let vt = mem_vt(fx, ty).ok_or_else(bad)?;
                let m = self.addr(fx, mf, ops[0])?;
                let r =
                    build_fp(mf, &mut self.ops, load_opc(vt), &[In::M(m)], vt).ok_or_else(bad)?;
                fx.set(mf, i, r);
            }
            Opcode::Store => {
                let vt = mem_vt(fx, fx.ty(ops[0])).ok_or_else(bad)?;
                let m = self.addr(fx, mf, ops[1])?;
                match imm_operand(fx, ops[0], vt).filter(|_| !vt.is_float()) {
                    Some(x) => {
                        build(mf, &mut self.ops, STORE_IMM[w(vt)], &[In::M(m), In::I(x)]);
                    }
                    None => {
                        let r = self.reg(fx, mf, ops[0], vt)?;
                        build(mf, &mut self.ops, store_opc(vt), &[In::M(m), In::R(r)]);
                    }
                }
            }
            o @ (Opcode::Add
            | Opcode::Sub
            | Opcode::And
            | Opcode::Or
            | Opcode::Xor
            | Opcode::Mul) => {
                let vt = int_vt(fx, ty).ok_or_else(bad)?;
                let a = self.reg(fx, mf, ops[0], vt)?;
                let folded = self.folded_mem(fx, mf, ops[1])?;
                let r = match (imm_operand(fx, ops[1], vt), alu_kind(o)) {
                    _ if folded.is_some() => {
                        let m = folded.ok_or_else(bad)?;
                        let opc = alu_kind(o).map_or(IMUL_RM[w(vt)], |k| ALU_RM[k][w(vt)]);
                        build(mf, &mut self.ops, opc, &[In::R(a), In::M(m)])
                    }
                    (Some(x), Some(k)) => {
                        build(mf, &mut self.ops, alu_ri(k, vt, x), &[In::R(a), In::I(x)])
                    }
                    (Some(x), None) => {
                        build(mf, &mut self.ops, imul_ri(vt, x), &[In::R(a), In::I(x)])
                    }
                    (None, _) => {
                        let b = self.reg(fx, mf, ops[1], vt)?;
                        let opc = bin_rr(o, w(vt)).ok_or_else(bad)?;
                        build(mf, &mut self.ops, opc, &[In::R(a), In::R(b)])
                    }
                };
                fx.set(mf, i, r.ok_or_else(bad)?);
            }
            o @ (Opcode::FAdd | Opcode::FSub | Opcode::FMul | Opcode::FDiv) => {
                let vt = fp_vt(fx, ty).ok_or_else(bad)?;
                let a = self.reg(fx, mf, ops[0], vt)?;
                let b = self.reg(fx, mf, ops[1], vt)?;
                let opc = fp_bin(o).ok_or_else(bad)?[fw(vt)];
                let r = build_fp(mf, &mut self.ops, opc, &[In::R(a), In::R(b)], vt);
                fx.set(mf, i, r.ok_or_else(bad)?);
            }
            Opcode::FCmp => {
                let r = self.fcmp(fx, mf, i)?;
                fx.set(mf, i, r);
            }
            o @ (Opcode::SIToFP | Opcode::FPToSI | Opcode::FPExt | Opcode::FPTrunc) => {
                let r = self.fp_cast(fx, mf, o, ops[0], ty)?;
                fx.set(mf, i, r);
            }
            Opcode::ICmp => {
                if Self::fused_cmp(fx, i) {
                    return Ok(());
                }
                let cond = self.compare(fx, mf, i)?;
                let r = build(mf, &mut self.ops, op::SETCCr.0, &[In::I(x86_cc(cond))])
                    .ok_or_else(bad)?;
                fx.set(mf, i, r);
            }
            o @ (Opcode::Shl | Opcode::LShr | Opcode::AShr) => {
                let vt = word_vt(fx, ty).ok_or_else(bad)?;
                let a = self.reg(fx, mf, ops[0], vt)?;
                let k = shift_kind(o);
                let r = match fx.value(ops[1]) {
                    // Amounts of the width or more are poison.
                    Some(FastVal::Int(x)) => build(
                        mf,
                        &mut self.ops,
                        SHIFT_RI[k][w(vt)],
                        &[In::R(a), In::I((x & u64::from(vt.bits() - 1)) as i64)],
                    ),
                    _ => {
                        let c = self.reg(fx, mf, ops[1], vt)?;
                        let c8 = self.cast(mf, Opcode::Trunc, c, vt, VT::I8)?;
                        mf.push(
                            MOpc::COPY,
                            &[Operand::reg_def(regs::CL), Operand::reg_use(c8)],
                        );
                        build(mf, &mut self.ops, SHIFT_RCL[k][w(vt)], &[In::R(a)])
                    }
                };
                fx.set(mf, i, r.ok_or_else(bad)?);
            }
            o @ (Opcode::SDiv | Opcode::UDiv | Opcode::SRem | Opcode::URem) => {
                let vt = word_vt(fx, ty).ok_or_else(bad)?;
                let signed = matches!(o, Opcode::SDiv | Opcode::SRem);
                let ext = if signed { Opcode::SExt } else { Opcode::ZExt };
                // 8 and 16 bits divide in 32 (as the DAG path promotes).
                let dvt = if vt == VT::I64 { VT::I64 } else { VT::I32 };
                let a = self.reg(fx, mf, ops[0], vt)?;
                let a = self.cast(mf, ext, a, vt, dvt)?;
                let b = self.reg(fx, mf, ops[1], vt)?;
                let b = self.cast(mf, ext, b, vt, dvt)?;
                let [q, rem] = super::wide::divrem(mf, dvt, signed, Reg::virt(a), Reg::virt(b))
                    .ok_or_else(bad)??;
                let r = if matches!(o, Opcode::SDiv | Opcode::UDiv) {
                    q
                } else {
                    rem
                };
                let r = self.cast(mf, Opcode::Trunc, r, dvt, vt)?;
                fx.set(mf, i, r);
            }
            Opcode::Select => {
                let vt = int_vt(fx, ty).ok_or_else(bad)?;
                // No 8-bit cmov: i1 and i8 select in 32 bits.
                let cvt = if w(vt) == 0 { VT::I32 } else { vt };
                let t = self.reg(fx, mf, ops[1], vt)?;
                let t = self.cast(mf, Opcode::ZExt, t, vt, cvt)?;
                let e = self.reg(fx, mf, ops[2], vt)?;
                let e = self.cast(mf, Opcode::ZExt, e, vt, cvt)?;
                let c = self.reg(fx, mf, ops[0], VT::I1)?;
                build_flags(
                    mf,
                    &mut self.ops,
                    op::TEST8ri.0,
                    &[In::R(c), In::I(1)],
                    false,
                );
                let cmov = [op::CMOV16rr, op::CMOV16rr, op::CMOV32rr, op::CMOV64rr][w(cvt)];
                let r = build(
                    mf,
                    &mut self.ops,
                    cmov.0,
                    &[In::R(e), In::R(t), In::I(x86_cc(Cond::Ne))],
                )
                .ok_or_else(bad)?;
                let to = if vt == VT::I1 { VT::I8 } else { vt };
                let r = self.cast(mf, Opcode::Trunc, r, cvt, to)?;
                fx.set(mf, i, r);
            }
            Opcode::Unreachable => {}
            Opcode::BitCast if fp_vt(fx, ty).is_some() || fp_vt(fx, fx.ty(ops[0])).is_some() => {
                let r = self.fp_cast(fx, mf, Opcode::BitCast, ops[0], ty)?;
                fx.set(mf, i, r);
            }
            Opcode::ZExt
            | Opcode::SExt
            | Opcode::Trunc
            | Opcode::PtrToInt
            | Opcode::IntToPtr
            | Opcode::BitCast => {
                let from = int_vt(fx, fx.ty(ops[0])).ok_or_else(bad)?;
                let to = int_vt(fx, ty).ok_or_else(bad)?;
                let r = match self.folded_mem(fx, mf, ops[0])? {
                    Some(m) => self.ext_load(mf, f.op(i), m, from, to)?,
                    None => {
                        let x = self.reg(fx, mf, ops[0], from)?;
                        self.cast(mf, f.op(i), x, from, to)?
                    }
                };
                fx.set(mf, i, r);
            }
            Opcode::Call => self.call(fx, mf, i)?,
            Opcode::GetElementPtr if Self::folded_gep(fx, i) => {}
            Opcode::GetElementPtr => {
                let g = fx.gep(i).ok_or_else(bad)?;
                let mut addr = self.reg(fx, mf, ops[0], VT::I64)?;
                for &(x, size) in g.scaled {
                    let xvt = word_vt(fx, fx.ty(x)).ok_or_else(bad)?;
                    let xr = self.reg(fx, mf, x, xvt)?;
                    let mut idx = self.cast(mf, Opcode::SExt, xr, xvt, VT::I64)?;
                    let scale = if matches!(size, 1 | 2 | 4 | 8) {
                        size as u8
                    } else {
                        let k = if (size as i64) == (size as i32) as i64 {
                            build(
                                mf,
                                &mut self.ops,
                                op::IMUL64rri32.0,
                                &[In::R(idx), In::I(size as i64)],
                            )
                        } else {
                            let c = constant(mf, &mut self.ops, VT::I64, size);
                            build(mf, &mut self.ops, op::IMUL64rr.0, &[In::R(idx), In::R(c)])
                        };
                        idx = k.ok_or_else(bad)?;
                        1
                    };
                    let m = Mem::Indexed {
                        base: addr,
                        index: Some(idx),
                        scale,
                        disp: 0,
                    };
                    addr = build(mf, &mut self.ops, op::LEA64r.0, &[In::M(m)]).ok_or_else(bad)?;
                }
                if g.offset != 0 {
                    let r = if fits_imm(VT::I64, g.offset) {
                        let m = Mem::Indexed {
                            base: addr,
                            index: None,
                            scale: 1,
                            disp: g.offset as i64,
                        };
                        build(mf, &mut self.ops, op::LEA64r.0, &[In::M(m)])
                    } else {
                        let c = constant(mf, &mut self.ops, VT::I64, g.offset);
                        build(mf, &mut self.ops, op::ADD64rr.0, &[In::R(addr), In::R(c)])
                    };
                    addr = r.ok_or_else(bad)?;
                }
                fx.set(mf, i, addr);
            }
            Opcode::Br if ops.len() == 1 => {
                let t = block_operand(fx.fl, ops[0]).ok_or_else(bad)?;
                build(mf, &mut self.ops, op::JMP_1.0, &[In::B(t)]);
            }
            Opcode::Br => {
                let t = block_operand(fx.fl, ops[1]).ok_or_else(bad)?;
                let e = block_operand(fx.fl, ops[2]).ok_or_else(bad)?;
                let cmp = ops[0]
                    .as_entity::<Inst>(ValueTag::Inst)
                    .filter(|&c| f.op(c) == Opcode::ICmp && Self::fused_cmp(fx, c));
                let cc = match cmp {
                    Some(c) => x86_cc(self.compare(fx, mf, c)?),
                    None => {
                        let c = self.reg(fx, mf, ops[0], VT::I1)?;
                        build_flags(
                            mf,
                            &mut self.ops,
                            op::TEST8ri.0,
                            &[In::R(c), In::I(1)],
                            false,
                        );
                        x86_cc(Cond::Ne)
                    }
                };
                build(mf, &mut self.ops, op::JCC_1.0, &[In::B(t), In::I(cc)]);
                build(mf, &mut self.ops, op::JMP_1.0, &[In::B(e)]);
            }
            Opcode::Switch => self.switch(fx, mf, i)?,
            Opcode::Ret => {
                let mut uses = None;
                if let Some(&v) = ops.first() {
                    let vt = val_vt(fx, fx.ty(v)).ok_or_else(bad)?;
                    let r = self.reg(fx, mf, v, vt)?;
                    let p = match vt {
                        VT::I64 => regs::RAX,
                        VT::F32 | VT::F64 => regs::XMM0,
                        _ => regs::EAX,
                    };
                    mf.push(MOpc::COPY, &[Operand::reg_def(p), Operand::reg_use(r)]);
                    uses = Some(Operand::implicit_use(p));
                }
                mf.push(MOpc::target(op::RET64.0), uses.as_slice());
            }
            _ => return Err(bad()),
        }
        Ok(())
    }
}

impl FastSelector {
    /// The intrinsic called by `i`, if it calls one.
    fn intrinsic<'m>(fx: &FastBlock<'m, '_>, i: Inst) -> Option<&'m str> {
        let m = fx.fl.m;
        let g = fx.fl.f.inst_ops(i)[0].as_entity::<rcc_ir::GlobalId>(ValueTag::Global)?;
        let name = m.str(m.globals[g].name);
        name.starts_with("llvm.").then_some(name)
    }

    /// The result type of call `i` (`None`: void), if the selector
    /// handles its call: C calling convention, no bundles, not in tail
    /// position, an integer or pointer result or none, integer or pointer
    /// arguments (not `i1`, not in memory), a direct callee that is not
    /// thread-local or a callee in a register. Intrinsics without code
    /// are handled (they emit nothing).
    fn check_call(fx: &FastBlock<'_, '_>, i: Inst) -> bool {
        use rcc_ir::types::{Type, TypeLookup};
        let (f, fl) = (fx.fl.f, fx.fl);
        let info = f.call_info(i);
        let ops = f.inst_ops(i);
        if let Some(name) = Self::intrinsic(fx, i) {
            return Self::intrinsic_ok(fx, i, name);
        }
        let Type::Func { ret, .. } = fl.m.types.get(info.fn_ty) else {
            return false;
        };
        let ret_ok = matches!(fl.m.types.get(ret), Type::Void) || mem_vt(fx, ret).is_some();
        let callee_ok = match fx.value(ops[0]) {
            Some(FastVal::Global(g, _)) => Self::plain_global(fx, g),
            Some(FastVal::Reg(_) | FastVal::Pending) => true,
            _ => false,
        };
        info.cconv == 0
            && info.bundles.is_empty()
            && ret_ok
            && callee_ok
            && !fl.in_tail_position(i)
            && ops[1..1 + info.num_args as usize]
                .iter()
                .enumerate()
                .all(|(k, &a)| {
                    a.tag() != ValueTag::Meta
                        && mem_vt(fx, fx.ty(a)).is_some()
                        && Self::value_ok(fx, a, fx.ty(a))
                        && !fl.call_arg_in_memory(i, k)
                })
    }

    /// Whether intrinsic call `i` of `name` is handled: those without
    /// code, and `llvm.memcpy`/`memmove`/`memset` (a library call).
    fn intrinsic_ok(fx: &FastBlock<'_, '_>, i: Inst, name: &str) -> bool {
        if rcc_dag::build::is_no_code_intrinsic(name) {
            return true;
        }
        let ops = fx.fl.f.inst_ops(i);
        mem_library(name).is_some()
            && fx.fl.f.call_info(i).num_args >= 3
            && !fx.fl.in_tail_position(i)
            && ops[1..4]
                .iter()
                .all(|&a| word_vt(fx, fx.ty(a)).is_some() && Self::value_ok(fx, a, fx.ty(a)))
    }

    /// The fallback kind of a construct producing or moving type `ty`:
    /// `float` ones for floats, `vector` and `aggregate` for those, else
    /// `default`.
    fn kind_of(fx: &FastBlock<'_, '_>, ty: TypeId, default: Fallback) -> Fallback {
        use rcc_ir::types::{Type, TypeLookup};
        match fx.fl.m.types.get(ty) {
            Type::Vector { .. } => Fallback::Vector,
            Type::Struct { .. } | Type::Named { .. } | Type::Array { .. } => Fallback::Aggregate,
            _ if fx.vt(ty).is_some_and(|v| v.is_float()) => Fallback::Float,
            _ => default,
        }
    }

    /// Selects call `i` (checked): arguments narrower than 32 bits
    /// extended by their attribute (any extension as zero), then the
    /// call sequence the DAG emitter uses.
    fn call(
        &mut self,
        fx: &mut FastBlock<'_, '_>,
        mf: &mut MachFunction,
        i: Inst,
    ) -> Result<(), IselError> {
        use super::call::{emit_call_sequence, CallArg};
        use rcc_ir::types::{Type, TypeLookup};
        if let Some(name) = Self::intrinsic(fx, i) {
            return match mem_library(name) {
                Some(lib) => self.mem_call(fx, mf, i, lib),
                None => Ok(()),
            };
        }
        let f = fx.fl.f;
        let info = *f.call_info(i);
        let ops = f.inst_ops(i);
        let bad = || IselError::new("fast-isel: a call it did not check");
        let Type::Func { ret, vararg, .. } = fx.fl.m.types.get(info.fn_ty) else {
            return Err(bad());
        };
        let mut args = std::mem::take(&mut self.args);
        args.clear();
        for (k, &a) in ops[1..1 + info.num_args as usize].iter().enumerate() {
            let vt = mem_vt(fx, fx.ty(a)).ok_or_else(bad)?;
            let mut r = self.reg(fx, mf, a, vt)?;
            let mut avt = vt;
            if vt.bits() < 32 && !vt.is_float() {
                let o = match fx.fl.call_ext(i, Some(k)) {
                    rcc_dag::Ext::Sign => Opcode::SExt,
                    _ => Opcode::ZExt,
                };
                r = self.cast(mf, o, r, vt, VT::I32)?;
                avt = VT::I32;
            }
            args.push(CallArg::Value(Reg::virt(r), avt));
        }
        let (opc, cops) = match fx.value(ops[0]) {
            Some(FastVal::Global(g, 0)) => {
                let plt = fx.fl.pic && !rcc_mach::emit::is_dso_local(fx.fl.m, g);
                let flag = if plt {
                    crate::x86_64::sym_flags::for_ref(rcc_dag::SymRef::PreemptibleCall)
                } else {
                    SymFlag::NONE
                };
                (op::CALL64pcrel32, vec![global_sym(mf, g, 0, flag)])
            }
            _ => {
                let r = self.reg(fx, mf, ops[0], VT::I64)?;
                (op::CALL64r, vec![Operand::reg_use(r)])
            }
        };
        let rets: Vec<VT> = match fx.fl.m.types.get(ret) {
            Type::Void => Vec::new(),
            _ => vec![mem_vt(fx, ret).ok_or_else(bad)?],
        };
        let res = emit_call_sequence(mf, arg_kinds(&args), &args, vararg, opc, cops, &rets);
        self.args = args;
        if let Some(r) = res?.first().and_then(|r| r.as_virt()) {
            fx.set(mf, i, r);
        }
        Ok(())
    }

    /// Selects `llvm.memcpy`/`memmove`/`memset` call `i` (checked) as a
    /// call of library function `lib` (as the DAG path's `call_library`):
    /// the length zero-extended to 64 bits, memset's byte to 32.
    fn mem_call(
        &mut self,
        fx: &mut FastBlock<'_, '_>,
        mf: &mut MachFunction,
        i: Inst,
        lib: &str,
    ) -> Result<(), IselError> {
        use super::call::{emit_call_sequence, CallArg};
        let ops = fx.fl.f.inst_ops(i);
        let mut args = std::mem::take(&mut self.args);
        args.clear();
        for (&a, to) in ops[1..4].iter().zip([VT::I64, VT::I64, VT::I64]) {
            let vt = word_vt(fx, fx.ty(a))
                .ok_or_else(|| IselError::new("fast-isel: a memory intrinsic's operand"))?;
            let to = if vt == VT::I8 { VT::I32 } else { to };
            let r = self.reg(fx, mf, a, vt)?;
            let r = self.cast(mf, Opcode::ZExt, r, vt, to)?;
            args.push(CallArg::Value(Reg::virt(r), to));
        }
        let flag = if fx.fl.pic {
            crate::x86_64::sym_flags::for_ref(rcc_dag::SymRef::PreemptibleCall)
        } else {
            SymFlag::NONE
        };
        let target = mf.external(lib);
        let sym = mf.sym(SymOperand {
            target,
            offset: 0,
            flag,
        });
        let r = emit_call_sequence(
            mf,
            arg_kinds(&args),
            &args,
            false,
            op::CALL64pcrel32,
            vec![sym],
            &[],
        );
        self.args = args;
        r.map(|_| ())
    }

    /// Integer cast `o` of `x` from `from` to `to` (checked).
    fn cast(
        &mut self,
        mf: &mut MachFunction,
        o: Opcode,
        x: VReg,
        from: VT,
        to: VT,
    ) -> Result<VReg, IselError> {
        use super::super::desc::subreg;
        let ops = &mut self.ops;
        // Equal widths, and an i1 (0 or 1 in a GR8) zero-extended to i8.
        if from == to || (from == VT::I1 && to == VT::I8) {
            return Ok(x);
        }
        let copy_sub = |mf: &mut MachFunction, idx: usize, c: RegClassId| {
            let r = mf.new_vreg(c);
            mf.push(
                MOpc::COPY,
                &[
                    Operand::reg_def(r),
                    Operand::reg_use(x).with_subreg(idx as u8),
                ],
            );
            r
        };
        let class = |vt: VT| super::emit::class_of_vt(vt);
        if to.bits() < from.bits() {
            let idx = match to {
                VT::I8 => subreg::SUB_8BIT,
                VT::I16 => subreg::SUB_16BIT,
                _ => subreg::SUB_32BIT,
            };
            return Ok(copy_sub(mf, idx, class(to)?));
        }
        let sext = o == Opcode::SExt;
        // Extend to 32 bits first (8 and 16 bits), then to 64.
        let (x32, from32) = match (from, sext) {
            (VT::I1 | VT::I8, false) if to == VT::I16 => {
                return build(mf, ops, op::MOVZX16rr8.0, &[In::R(x)])
                    .ok_or_else(|| IselError::new("movzx"))
            }
            (VT::I8, true) if to == VT::I16 => {
                return build(mf, ops, op::MOVSX16rr8.0, &[In::R(x)])
                    .ok_or_else(|| IselError::new("movsx"))
            }
            (VT::I8, true) if to == VT::I64 => {
                return build(mf, ops, op::MOVSX64rr8.0, &[In::R(x)])
                    .ok_or_else(|| IselError::new("movsx"))
            }
            (VT::I16, true) if to == VT::I64 => {
                return build(mf, ops, op::MOVSX64rr16.0, &[In::R(x)])
                    .ok_or_else(|| IselError::new("movsx"))
            }
            (VT::I32, true) => {
                return build(mf, ops, op::MOVSX64rr32.0, &[In::R(x)])
                    .ok_or_else(|| IselError::new("movsx"))
            }
            (VT::I1 | VT::I8, false) => (build(mf, ops, op::MOVZX32rr8.0, &[In::R(x)]), VT::I32),
            (VT::I16, false) => (build(mf, ops, op::MOVZX32rr16.0, &[In::R(x)]), VT::I32),
            (VT::I8, true) => (build(mf, ops, op::MOVSX32rr8.0, &[In::R(x)]), VT::I32),
            (VT::I16, true) => (build(mf, ops, op::MOVSX32rr16.0, &[In::R(x)]), VT::I32),
            (VT::I32, false) => (Some(x), VT::I32),
            _ => return Err(IselError::new("fast-isel: an extension it did not check")),
        };
        let x32 = x32.ok_or_else(|| IselError::new("movzx"))?;
        if to == from32 {
            return Ok(x32);
        }
        // A 32-bit value zero-extended to 64 bits: every 32-bit write
        // clears the upper half.
        let r = mf.new_vreg(class(VT::I64)?);
        let zero = mf.imm(0);
        let idx = mf.imm(subreg::SUB_32BIT as i64);
        mf.push(
            MOpc::SUBREG_TO_REG,
            &[Operand::reg_def(r), zero, Operand::reg_use(x32), idx],
        );
        Ok(r)
    }
}
