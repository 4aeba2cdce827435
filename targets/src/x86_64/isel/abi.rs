//! System V x86-64 argument passing beyond one register per value:
//! argument assignment ([`assign`]), `byval` copies into the outgoing
//! argument area ([`copy_bytes`]), the register save area of variadic
//! functions ([`save_unnamed_registers`]) and the `va_list` operations
//! ([`va_start`], [`va_copy`], the `va_arg` instruction [`va_arg`]).
//!
//! Assignment follows the ABI's classification for what reaches it
//! (clang has already classified C structs into scalars and `byval`
//! pointers): an integer or pointer takes the next of RDI, RSI, RDX, RCX,
//! R8, R9, a `float`/`double` or a float vector the next of XMM0..XMM7,
//! else an 8-byte stack slot (16 bytes aligned to 16 for a 128-bit
//! vector); an `x86_fp80` (class X87) always goes to the stack in a
//! 16-byte slot aligned to 16; a `byval` object always goes to the
//! stack, at an offset aligned to max(8, its alignment) (LLVM's
//! `CCPassByVal<8, 8>`). An `i128` is two `i64` halves that take two
//! consecutive integer registers, or, when fewer than two are left, none
//! (the rest are skipped, as llc-19 does) and 16 bytes of stack aligned to
//! 16 (LLVM's `CC_X86_64_I128`). Stack offsets are relative to the outgoing
//! argument base (`rsp` at the call; `rsp + 8` at entry for the callee).
//!
//! `va_list` is `{ i32 gp_offset, i32 fp_offset, ptr overflow_arg_area,
//! ptr reg_save_area }` (24 bytes). The save area is 176 bytes: RDI..R9 at
//! 0..48, XMM0..XMM7 at 48..176. *Deviation from llc:* llc stores the XMM
//! registers only when `%al` (the caller's count of vector registers) is
//! non-zero, behind a branch; we store them unconditionally in the entry
//! block (storing stale registers is harmless and needs no extra block).

use super::super::machine::mclass;
use super::super::{op, regs};
use super::emit::push_implicit;
use rcc_dag::{Cond, Dag, Ext, IselError, MemInfo, Op, SDValue, VT};
use rcc_mach::{FrameIdx, FrameKind, MOpc, MachFunction, Operand, PReg, Reg};

/// The integer argument registers, in order.
pub const ARG_REGS: [PReg; 6] = [
    regs::RDI,
    regs::RSI,
    regs::RDX,
    regs::RCX,
    regs::R8,
    regs::R9,
];

/// The vector argument registers, in order.
pub const XMM_ARGS: [PReg; 8] = [
    regs::XMM0,
    regs::XMM1,
    regs::XMM2,
    regs::XMM3,
    regs::XMM4,
    regs::XMM5,
    regs::XMM6,
    regs::XMM7,
];

/// Bytes of the register save area.
const SAVE_AREA_BYTES: u64 = 8 * ARG_REGS.len() as u64 + 16 * XMM_ARGS.len() as u64;

/// Copies larger than this use `rep movsq` (llc's inline-copy threshold).
const MAX_INLINE_COPY: u64 = 128;

/// An argument as assignment sees it.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum ArgKind {
    /// A value of this type.
    Value(VT),
    /// `byval` bytes.
    Memory { size: u64, align: u32 },
    /// The two `i64` halves of an `i128` (two locations, low half first).
    Pair,
}

/// Where one argument goes.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum ArgLoc {
    /// This 64-bit register (use the part of the value's width).
    Reg(PReg),
    /// This byte offset from the argument base.
    Stack(u32),
}

/// The locations of a call's or function's arguments.
#[derive(Clone, Debug, Default)]
pub struct Assignment {
    pub locs: Vec<ArgLoc>,
    /// Integer registers used.
    pub gprs: u32,
    /// Vector registers used.
    pub xmms: u32,
    /// Bytes of stack arguments (not rounded to the stack alignment).
    pub stack_bytes: u32,
}

/// Assigns `args` to registers and stack slots.
pub fn assign(args: impl IntoIterator<Item = ArgKind>) -> Result<Assignment, IselError> {
    let mut a = Assignment::default();
    for k in args {
        let loc = match k {
            ArgKind::Memory { size, align } => a.stack(size, u64::from(align))?,
            ArgKind::Value(vt) if vt.is_int() && vt.bits() <= 64 => {
                match ARG_REGS.get(a.gprs as usize) {
                    Some(&r) => {
                        a.gprs += 1;
                        ArgLoc::Reg(r)
                    }
                    None => a.stack(8, 8)?,
                }
            }
            ArgKind::Value(VT::F80) => a.stack(16, 16)?,
            ArgKind::Value(vt) if vt.is_float() || vt.is_vector() => {
                match XMM_ARGS.get(a.xmms as usize) {
                    Some(&r) => {
                        a.xmms += 1;
                        ArgLoc::Reg(r)
                    }
                    None if vt.bits() > 64 => a.stack(16, 16)?,
                    None => a.stack(8, 8)?,
                }
            }
            ArgKind::Pair => {
                if a.gprs as usize + 2 <= ARG_REGS.len() {
                    let r = ARG_REGS[a.gprs as usize];
                    a.locs.push(ArgLoc::Reg(r));
                    a.gprs += 2;
                    ArgLoc::Reg(ARG_REGS[a.gprs as usize - 1])
                } else {
                    a.gprs = ARG_REGS.len() as u32;
                    let ArgLoc::Stack(off) = a.stack(16, 16)? else {
                        unreachable!("stack() gives a stack slot")
                    };
                    a.locs.push(ArgLoc::Stack(off));
                    ArgLoc::Stack(off + 8)
                }
            }
            ArgKind::Value(vt) => return Err(IselError::new(format!("{vt} argument"))),
        };
        a.locs.push(loc);
    }
    Ok(a)
}

impl Assignment {
    /// The next stack slot of `size` bytes aligned to max(8, `align`).
    fn stack(&mut self, size: u64, align: u64) -> Result<ArgLoc, IselError> {
        let off = u64::from(self.stack_bytes).next_multiple_of(align.max(8));
        self.stack_bytes = u32::try_from(off + size)
            .map_err(|_| IselError::new("more than 4 GiB of stack arguments"))?;
        Ok(ArgLoc::Stack(off as u32))
    }
}

/// The five memory operands `[base + disp]`.
pub fn mem(base: Operand, disp: i64) -> [Operand; 5] {
    [
        base,
        Operand::imm(1),
        Operand::reg_use(Reg::NONE),
        Operand::imm(disp as i32),
        Operand::reg_use(Reg::NONE),
    ]
}

/// Copies `size` bytes from `[src + src_disp]` to `[dst + dst_disp]`
/// (`src`/`dst` are memory bases: a register or a frame object): above
/// 128 bytes the whole quadwords with `rep movsq` (which clobbers RDI, RSI
/// and RCX, so call this before argument registers are set), the rest (or
/// all of a small copy) with 8/4/2/1-byte moves through a register.
pub fn copy_bytes(
    mf: &mut MachFunction,
    src: Operand,
    src_disp: i64,
    dst: Operand,
    dst_disp: i64,
    size: u64,
) {
    let mut off = 0u64;
    if size > MAX_INLINE_COPY {
        let lea = MOpc::target(op::LEA64r.0);
        let mut addr = |base: Operand, disp: i64| {
            let v = mf.new_vreg(mclass::GR64);
            let mut ops = vec![Operand::reg_def(v)];
            ops.extend(mem(base, disp));
            mf.push(lea, &ops);
            v
        };
        let (s, d) = (addr(src, src_disp), addr(dst, dst_disp));
        let c = mf.new_vreg(mclass::GR64);
        let count = mf.imm((size / 8) as i64);
        mf.push(MOpc::target(op::MOV64ri32.0), &[Operand::reg_def(c), count]);
        for (p, v) in [(regs::RDI, d), (regs::RSI, s), (regs::RCX, c)] {
            mf.push(MOpc::COPY, &[Operand::reg_def(p), Operand::reg_use(v)]);
        }
        mf.push(MOpc::target(op::REP_PREFIX.0), &[]);
        let movs = MOpc::target(op::MOVSQ.0);
        let mut ops = Vec::new();
        push_implicit(&mut ops, movs, false);
        ops.push(Operand::implicit_use(regs::RCX));
        ops.push(Operand::implicit_def(regs::RCX));
        mf.push(movs, &ops);
        off = size / 8 * 8;
    }
    while off < size {
        let (w, load, store, class) = match size - off {
            8.. => (8, op::MOV64rm, op::MOV64mr, mclass::GR64),
            4.. => (4, op::MOV32rm, op::MOV32mr, mclass::GR32),
            2.. => (2, op::MOV16rm, op::MOV16mr, mclass::GR16),
            _ => (1, op::MOV8rm, op::MOV8mr, mclass::GR8),
        };
        let t = mf.new_vreg(class);
        let mut ops = vec![Operand::reg_def(t)];
        ops.extend(mem(src, src_disp + off as i64));
        mf.push(MOpc::target(load.0), &ops);
        let mut ops = mem(dst, dst_disp + off as i64).to_vec();
        ops.push(Operand::reg_use(t));
        mf.push(MOpc::target(store.0), &ops);
        off += w;
    }
}

/// The state a variadic function's `va_start` needs (the System V x86-64
/// layout; the DAG builder keeps it as an opaque [`rcc_dag::VarArgsState`]):
/// the register save area, the first unnamed stack argument, and the
/// `va_list` offsets of the first unnamed register argument.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct VarArgsArea {
    /// The register save area (the unnamed argument registers are stored
    /// there in the entry block).
    pub save_area: FrameIdx,
    /// A fixed object at the first stack argument after the named ones.
    pub overflow: FrameIdx,
    /// `gp_offset`: bytes of the save area taken by named integer arguments.
    pub gp_offset: u32,
    /// `fp_offset`: the same for vector registers, after the integer part.
    pub fp_offset: u32,
}

/// Stores the argument registers the named arguments left unused into a
/// new register save area (in the open entry block, after the named
/// arguments were copied out) and describes the `va_list` start state.
pub fn save_unnamed_registers(mf: &mut MachFunction, named: &Assignment) -> VarArgsArea {
    let save = mf.frame.create(SAVE_AREA_BYTES, 16, FrameKind::Local);
    for (k, &r) in ARG_REGS.iter().enumerate().skip(named.gprs as usize) {
        let mut ops = mem(Operand::frame(save), 8 * k as i64).to_vec();
        ops.push(Operand::reg_use(r));
        mf.push(MOpc::target(op::MOV64mr.0), &ops);
        mf.live_ins.push(r);
    }
    let xmm_base = 8 * ARG_REGS.len() as i64;
    for (k, &r) in XMM_ARGS.iter().enumerate().skip(named.xmms as usize) {
        let mut ops = mem(Operand::frame(save), xmm_base + 16 * k as i64).to_vec();
        ops.push(Operand::reg_use(r));
        mf.push(MOpc::target(op::MOVAPSmr.0), &ops);
        mf.live_ins.push(r);
    }
    let overflow = mf.frame.create_fixed(8, 8 + i64::from(named.stack_bytes));
    VarArgsArea {
        save_area: save,
        overflow,
        gp_offset: 8 * named.gprs,
        fp_offset: xmm_base as u32 + 16 * named.xmms,
    }
}

fn store(dag: &mut Dag, chain: SDValue, v: SDValue, addr: SDValue) -> SDValue {
    let info = MemInfo {
        mem_bits: dag.vt(v).bits(),
        ext: Ext::None,
        volatile: false,
        segment: rcc_dag::Segment::None,
    };
    dag.value(Op::Store, VT::Chain, &[chain, v, addr], info.pack())
}

fn at(dag: &mut Dag, p: SDValue, off: u64) -> SDValue {
    if off == 0 {
        return p;
    }
    let c = dag.constant(VT::I64, off);
    dag.value(Op::Add, VT::I64, &[p, c], 0)
}

/// `va_start(list)`: the four fields of the `va_list` at `list`.
pub fn va_start(dag: &mut Dag, chain: SDValue, list: SDValue, va: &VarArgsArea) -> SDValue {
    let gp = dag.constant(VT::I32, u64::from(va.gp_offset));
    let fp = dag.constant(VT::I32, u64::from(va.fp_offset));
    let overflow = dag.value(Op::FrameIndex, VT::I64, &[], va.overflow.as_u32() as u64);
    let save = dag.value(Op::FrameIndex, VT::I64, &[], va.save_area.as_u32() as u64);
    let mut ch = chain;
    for (v, off) in [(gp, 0), (fp, 4), (overflow, 8), (save, 16)] {
        let a = at(dag, list, off);
        ch = store(dag, ch, v, a);
    }
    ch
}

/// A load of `vt` from `addr` after `chain`: (value, chain).
fn load(dag: &mut Dag, chain: SDValue, vt: VT, addr: SDValue) -> (SDValue, SDValue) {
    let info = MemInfo {
        mem_bits: vt.bits(),
        ext: Ext::None,
        volatile: false,
        segment: rcc_dag::Segment::None,
    };
    let n = dag.node(Op::Load, &[vt, VT::Chain], &[chain, addr], info.pack());
    (SDValue::new(n, 0), SDValue::new(n, 1))
}

/// `va_arg(list)` of a scalar of type `vt`, as llc's `VAARG_64` computes
/// it but without branches: integers (up to 64 bits) come from the
/// register save area while `gp_offset < 48`, `float`/`double` while
/// `fp_offset < 176`, else from the overflow area (8 bytes each); the
/// address and both updated fields are selected.
pub fn va_arg(
    dag: &mut Dag,
    chain: SDValue,
    list: SDValue,
    vt: VT,
) -> Result<(SDValue, SDValue), IselError> {
    let (field, limit, step) = match vt {
        VT::I8 | VT::I16 | VT::I32 | VT::I64 => (0, 8 * ARG_REGS.len() as u64, 8),
        VT::F32 | VT::F64 => (4, SAVE_AREA_BYTES, 16),
        _ => return Err(IselError::new(format!("va_arg of {vt}"))),
    };
    let off_addr = at(dag, list, field);
    let (off, ch) = load(dag, chain, VT::I32, off_addr);
    let ovf_addr = at(dag, list, 8);
    let (ovf, ch) = load(dag, ch, VT::I64, ovf_addr);
    let save_addr = at(dag, list, 16);
    let (save, ch) = load(dag, ch, VT::I64, save_addr);
    let lim = dag.constant(VT::I32, limit);
    let in_reg = dag.value(Op::SetCC, VT::I1, &[off, lim], Cond::Ult as u64);
    let off64 = dag.value(Op::ZeroExtend, VT::I64, &[off], 0);
    let reg_addr = dag.value(Op::Add, VT::I64, &[save, off64], 0);
    let addr = dag.value(Op::Select, VT::I64, &[in_reg, reg_addr, ovf], 0);
    let step = dag.constant(VT::I32, step);
    let next = dag.value(Op::Add, VT::I32, &[off, step], 0);
    let new_off = dag.value(Op::Select, VT::I32, &[in_reg, next, off], 0);
    let eight = dag.constant(VT::I64, 8);
    let bumped = dag.value(Op::Add, VT::I64, &[ovf, eight], 0);
    let new_ovf = dag.value(Op::Select, VT::I64, &[in_reg, ovf, bumped], 0);
    let ch = store(dag, ch, new_off, off_addr);
    let ch = store(dag, ch, new_ovf, ovf_addr);
    Ok(load(dag, ch, vt, addr))
}

/// `va_copy(dst, src)`: the 24 bytes of a `va_list`.
pub fn va_copy(dag: &mut Dag, chain: SDValue, dst: SDValue, src: SDValue) -> SDValue {
    let info = MemInfo {
        mem_bits: 64,
        ext: Ext::None,
        volatile: false,
        segment: rcc_dag::Segment::None,
    };
    let mut ch = chain;
    for off in [0, 8, 16] {
        let s = at(dag, src, off);
        let n = dag.node(Op::Load, &[VT::I64, VT::Chain], &[ch, s], info.pack());
        let d = at(dag, dst, off);
        ch = store(dag, SDValue::new(n, 1), SDValue::new(n, 0), d);
    }
    ch
}
