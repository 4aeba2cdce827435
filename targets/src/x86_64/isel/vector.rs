//! SSE2 vectors (the x86-64 baseline: no SSSE3/SSE4.1/AVX).
//!
//! - [`Sse2`] tells the legalizer (`rcc_dag::legalize`) what is legal:
//!   the 128-bit types `v16i8 v8i16 v4i32 v2i64 v4f32 v2f64` (all in
//!   VR128), integer add/sub/logic and multiplication (the rows build
//!   `v4i32`, `v2i64` and `v16i8` products from `pmuludq`/`pmullw`),
//!   shifts by a splat constant (`psll/psrl/psra`, no `psraq`, no byte
//!   shifts), compares `eq` and `sgt` (`pcmpeq`/`pcmpgt`) except on `v2i64`;
//!   float arithmetic, `fabs`/`fneg` (sign masks), `sqrt`, every `fcmp`
//!   (`cmpps`/`cmppd`), and the conversions `cvtdq2ps`, `cvttps2dq`,
//!   `cvtdq2pd`, `cvttpd2dq`, `cvtps2pd`, `cvtpd2ps` (the `pd` ones on the
//!   low two lanes); the legalizer expands or unrolls the rest.
//! - The nodes patterns cannot describe are selected here, in Rust,
//!   because the choice depends on the lanes: `BuildVector` (`pxor` for
//!   zero, `pcmpeqd` for all-ones, a constant-pool load, `movd` + shuffles
//!   for splats, `movd`/`punpck` or `pinsrw` trees otherwise), `Shuffle`
//!   (`pshufd`, `pshuflw`/`pshufhw`, `shufps`/`shufpd` pairs, `punpck*`,
//!   `packssdw`/`packuswb` for even-lane (truncating) shuffles, otherwise
//!   through a stack slot) and `InsertElt` (`pinsrw`, byte merges, or a
//!   shuffle with the `movd`-ed element).
//!
//! Everything else (loads, stores, arithmetic, compares, selects, lane
//! extraction, extensions in register) is rows of `patterns.desc`.

use super::super::desc::{OpKind, Role, DESCS};
use super::super::{op, regs, Opcode};
use super::addr::{AddrMode, Base};
use super::emit::{push_implicit, Emitter};
use rcc_dag::legalize::{shuffle_mask, TypeLegality};
use rcc_dag::{Cond, Dag, IselError, Node, Op, SDValue, VT};
use rcc_ir::entity::EntityId;
use rcc_mach::{
    FrameIdx, FrameKind, MOpc, MachFunction, Operand, Reg, RegClassId, SymFlag, SymOperand,
    SymTarget,
};

/// The SSE2 vector legality.
#[derive(Copy, Clone, Debug, Default)]
pub struct Sse2;

/// Whether `vt` is a vector type held in one XMM register.
pub fn in_vr128(vt: VT) -> bool {
    matches!(
        vt,
        VT::V16I8 | VT::V8I16 | VT::V4I32 | VT::V2I64 | VT::V4F32 | VT::V2F64
    )
}

impl TypeLegality for Sse2 {
    fn legal_vector(&self, vt: VT) -> bool {
        in_vr128(vt)
    }

    fn selects(&self, dag: &Dag, op: Op, vt: VT, ops: &[SDValue]) -> bool {
        if !in_vr128(vt) && op != Op::MoveMask {
            return false;
        }
        let src = ops.first().map(|&o| dag.vt(o));
        match op {
            // A zero-extending load of the low 32 or 64 bits (`movd`/`movq`).
            Op::Load => matches!(vt, VT::V4I32 | VT::V2I64),
            Op::MoveMask => matches!(
                src,
                Some(VT::V16I8 | VT::V4I32 | VT::V2I64 | VT::V4F32 | VT::V2F64)
            ),
            Op::SintToFp => matches!((vt, src), (VT::V4F32 | VT::V2F64, Some(VT::V4I32))),
            Op::FpToSint => matches!((vt, src), (VT::V4I32, Some(VT::V4F32 | VT::V2F64))),
            Op::FpExtend => (vt, src) == (VT::V2F64, Some(VT::V4F32)),
            Op::FpRound => (vt, src) == (VT::V4F32, Some(VT::V2F64)),
            _ if !vt.is_int_vector() => matches!(
                op,
                Op::FAdd
                    | Op::FSub
                    | Op::FMul
                    | Op::FDiv
                    | Op::FNeg
                    | Op::FAbs
                    | Op::FSqrt
                    | Op::FSetCC
            ),
            Op::Add | Op::Sub | Op::And | Op::Or | Op::Xor | Op::Mul => true,
            Op::Shl | Op::Srl | Op::Sra => {
                let Some(s) = splat_const(dag, ops[1]) else {
                    return false;
                };
                s < u64::from(vt.elem().bits())
                    && match vt {
                        VT::V8I16 | VT::V4I32 => true,
                        VT::V2I64 => op != Op::Sra,
                        _ => false,
                    }
            }
            _ => false,
        }
    }

    fn legal_cond(&self, vt: VT, cond: Cond) -> bool {
        matches!(vt, VT::V16I8 | VT::V8I16 | VT::V4I32) && matches!(cond, Cond::Eq | Cond::Sgt)
    }
}

/// The lane value of a `BuildVector` whose lanes are all one `Constant`.
pub fn splat_const(dag: &Dag, v: SDValue) -> Option<u64> {
    if dag.op_of(v) != Op::BuildVector {
        return None;
    }
    let ops = dag.operands(v.node());
    let first = dag.as_const(*ops.first()?)?;
    ops.iter()
        .all(|&o| dag.as_const(o) == Some(first))
        .then_some(first)
}

/// The 16 bytes of a `BuildVector` of constants (`Undef` lanes are 0).
fn const_bytes(dag: &Dag, lanes: &[SDValue], eb: usize) -> Vec<u8> {
    let mut bytes = Vec::with_capacity(16);
    for &l in lanes {
        let x = match dag.op_of(l) {
            Op::Undef => 0,
            _ => dag.payload(l.node()),
        };
        bytes.extend_from_slice(&x.to_le_bytes()[..eb]);
    }
    bytes
}

/// Whether `v` is a constant vector worth a constant-pool operand (not all
/// zeros or all ones, which `pxor`/`pcmpeqd` make in a register).
pub fn is_pool_constant(dag: &Dag, v: SDValue) -> bool {
    let vt = dag.vt(v);
    if dag.op_of(v) != Op::BuildVector || !in_vr128(vt) {
        return false;
    }
    let lanes = dag.operands(v.node());
    if !lanes.iter().all(|&l| is_const_lane(dag, l)) {
        return false;
    }
    let b = const_bytes(dag, lanes, (vt.elem().bits() / 8) as usize);
    !b.iter().all(|&x| x == 0) && !b.iter().all(|&x| x == 0xff)
}

/// The RIP-relative address of the constant-pool entry of constant vector
/// `v`.
pub fn pool_addr(dag: &Dag, mf: &mut MachFunction, v: SDValue) -> AddrMode {
    let vt = dag.vt(v);
    let bytes = const_bytes(dag, dag.operands(v.node()), (vt.elem().bits() / 8) as usize);
    let c = mf.constant(&bytes, 16);
    let sym = mf.sym(SymOperand {
        target: SymTarget::ConstPool(c),
        offset: 0,
        flag: SymFlag::NONE,
    });
    AddrMode {
        base: Base::Rip,
        sym: Some(sym.payload()),
        ..AddrMode::EMPTY
    }
}

/// Whether node `n` is selected here rather than by a row.
pub fn special(dag: &Dag, n: Node) -> bool {
    matches!(dag.op(n), Op::BuildVector | Op::Shuffle | Op::InsertElt)
        && dag.vts(n).first().is_some_and(|&t| in_vr128(t))
}

fn is_const_lane(dag: &Dag, v: SDValue) -> bool {
    matches!(dag.op_of(v), Op::Constant | Op::ConstantFP | Op::Undef)
}

/// The nodes whose registers node `n` (a [`special`] one) reads.
pub fn deps(dag: &Dag, n: Node, deps: &mut Vec<Node>) {
    let ops = dag.operands(n);
    let defined = |v: &&SDValue| dag.op_of(**v) != Op::Undef;
    match dag.op(n) {
        Op::BuildVector if !ops.iter().all(|&o| is_const_lane(dag, o)) => {
            deps.extend(ops.iter().filter(defined).map(|o| o.node()));
        }
        Op::Shuffle | Op::InsertElt => {
            deps.extend(ops[..2].iter().filter(defined).map(|o| o.node()))
        }
        _ => {}
    }
}

/// An input of an instruction built here.
#[derive(Copy, Clone)]
enum S {
    R(Reg),
    I(i64),
    /// A frame object plus a displacement.
    Frame(FrameIdx, i32),
    /// A constant-pool entry (RIP-relative).
    Pool(u32),
}

/// Appends `opc` with its input slots (descriptor order) filled from
/// `srcs`; returns its register def (`Reg::NONE` if none). EFLAGS defs
/// are dead.
fn ins(mf: &mut MachFunction, opc: Opcode, srcs: &[S]) -> Reg {
    let d = &DESCS[opc.0 as usize];
    let mut ops: Vec<Operand> = Vec::with_capacity(8);
    let mut it = srcs.iter().copied();
    let mut def = Reg::NONE;
    let reg = |s: Option<S>| match s {
        Some(S::R(r)) => r,
        _ => Reg::NONE,
    };
    for o in d.operands {
        match (o.kind, o.role) {
            (OpKind::Reg(c), Role::Def) => {
                def = Reg::virt(mf.new_vreg(RegClassId(c.0)));
                ops.push(Operand::reg_def(def));
            }
            (OpKind::Reg(c), Role::UseDef) => {
                def = Reg::virt(mf.new_vreg(RegClassId(c.0)));
                let di = ops.len();
                ops.push(Operand::reg_def(def));
                ops.push(Operand::reg_tied_use(reg(it.next()), di));
            }
            (OpKind::Reg(_), Role::Use) => ops.push(Operand::reg_use(reg(it.next()))),
            (OpKind::Mem(_), _) => match it.next() {
                Some(S::Frame(f, disp)) => {
                    ops.extend([
                        Operand::frame(f),
                        Operand::imm(1),
                        Operand::reg_use(Reg::NONE),
                        Operand::imm(disp),
                        Operand::reg_use(Reg::NONE),
                    ]);
                }
                Some(S::Pool(c)) => {
                    let sym = mf.sym(SymOperand {
                        target: SymTarget::ConstPool(c),
                        offset: 0,
                        flag: SymFlag::NONE,
                    });
                    ops.extend([
                        Operand::reg_use(regs::RIP),
                        Operand::imm(1),
                        Operand::reg_use(Reg::NONE),
                        sym,
                        Operand::reg_use(Reg::NONE),
                    ]);
                }
                _ => debug_assert!(false, "memory operand expected"),
            },
            (OpKind::Imm(_) | OpKind::FCond, _) => {
                let x = match it.next() {
                    Some(S::I(x)) => x,
                    _ => 0,
                };
                ops.push(mf.imm(x));
            }
            _ => {}
        }
    }
    let opc = MOpc::target(opc.0);
    push_implicit(&mut ops, opc, true);
    mf.push(opc, &ops);
    def
}

fn implicit_def(mf: &mut MachFunction) -> Reg {
    let v = Reg::virt(mf.new_vreg(RegClassId(super::super::class::VR128.0)));
    mf.push(MOpc::IMPLICIT_DEF, &[Operand::reg_def(v)]);
    v
}

/// A register of zeros (`xorps x, x`: one byte shorter than `pxor`, as
/// llc expands `V_SET0` without AVX).
fn zeros(mf: &mut MachFunction) -> Reg {
    let u = implicit_def(mf);
    ins(mf, op::XORPSrr, &[S::R(u), S::R(u)])
}

/// A register of ones (`pcmpeqd x, x`).
fn ones(mf: &mut MachFunction) -> Reg {
    let u = implicit_def(mf);
    ins(mf, op::PCMPEQDrr, &[S::R(u), S::R(u)])
}

/// Selects special node `n`.
pub fn emit(e: &mut Emitter<'_>, mf: &mut MachFunction, n: Node) -> Result<(), IselError> {
    let dag = e.dag;
    let vt = dag.vts(n)[0];
    let ops = dag.operands(n);
    let val = |e: &Emitter<'_>, v: SDValue| (dag.op_of(v) != Op::Undef).then(|| e.reg(v));
    let r = match dag.op(n) {
        Op::BuildVector => build_vector(e, mf, vt, ops)?,
        Op::Shuffle => {
            let mask = shuffle_mask(dag, n);
            let (a, b) = (val(e, ops[0]), val(e, ops[1]));
            shuffle(mf, vt, a, b, &mask)
        }
        Op::InsertElt => {
            let Some(k) = dag.as_const(ops[2]) else {
                return Err(IselError::new(format!(
                    "an {vt} lane insert at a variable index"
                )));
            };
            let v = match val(e, ops[0]) {
                Some(v) => v,
                None => implicit_def(mf),
            };
            insert(mf, vt, v, e.reg(ops[1]), k as u32)?
        }
        o => return Err(IselError::new(format!("{o:?} of {vt}"))),
    };
    e.vals[n.index()] = r;
    Ok(())
}

// ---- BuildVector

fn build_vector(
    e: &Emitter<'_>,
    mf: &mut MachFunction,
    vt: VT,
    lanes: &[SDValue],
) -> Result<Reg, IselError> {
    let dag = e.dag;
    if lanes.iter().all(|&l| dag.op_of(l) == Op::Undef) {
        return Ok(implicit_def(mf));
    }
    let eb = (vt.elem().bits() / 8) as usize;
    if lanes.iter().all(|&l| is_const_lane(dag, l)) {
        let bytes = const_bytes(dag, lanes, eb);
        if bytes.iter().all(|&b| b == 0) {
            return Ok(zeros(mf));
        }
        if bytes.iter().all(|&b| b == 0xff) {
            return Ok(ones(mf));
        }
        let c = mf.constant(&bytes, 16);
        return Ok(ins(mf, op::MOVAPSrm, &[S::Pool(c)]));
    }
    let regs: Vec<Option<Reg>> = lanes
        .iter()
        .map(|&l| (dag.op_of(l) != Op::Undef).then(|| e.reg(l)))
        .collect();
    let first = regs.iter().flatten().next().copied().unwrap_or(Reg::NONE);
    if regs.iter().flatten().nth(1).is_some() && regs.iter().flatten().all(|&r| r == first) {
        return Ok(splat(mf, vt, first));
    }
    Ok(match vt {
        // Float lanes are the low parts of XMM registers already.
        VT::V4F32 => {
            let lo = unpack(mf, op::UNPCKLPSrr, regs[0], regs[1]);
            let hi = unpack(mf, op::UNPCKLPSrr, regs[2], regs[3]);
            let v = unpack(mf, op::MOVLHPSrr, lo, hi).unwrap_or(first);
            as_vector(mf, v)
        }
        VT::V2F64 => {
            let v = unpack(mf, op::UNPCKLPDrr, regs[0], regs[1]).unwrap_or(first);
            as_vector(mf, v)
        }
        VT::V2I64 => {
            let x: Vec<Option<Reg>> = regs
                .iter()
                .map(|r| r.map(|r| ins(mf, op::MOV64toPQIrr, &[S::R(r)])))
                .collect();
            match (x[0], x[1]) {
                (None, Some(b)) => ins(mf, op::PSHUFDri, &[S::R(b), S::I(0x44)]),
                (a, b) => unpack(mf, op::PUNPCKLQDQrr, a, b).unwrap_or(first),
            }
        }
        VT::V4I32 => {
            let x: Vec<Option<Reg>> = regs
                .iter()
                .map(|r| r.map(|r| ins(mf, op::MOVDI2PDIrr, &[S::R(r)])))
                .collect();
            let lo = unpack(mf, op::PUNPCKLDQrr, x[0], x[1]);
            let hi = unpack(mf, op::PUNPCKLDQrr, x[2], x[3]);
            unpack(mf, op::PUNPCKLQDQrr, lo, hi).unwrap_or(first)
        }
        VT::V8I16 => {
            let words: Vec<Option<Reg>> = regs
                .iter()
                .map(|r| r.map(|r| ins(mf, op::MOVZX32rr16, &[S::R(r)])))
                .collect();
            words_vector(mf, &words)
        }
        VT::V16I8 => {
            // Byte pairs merged into words in general registers.
            let mut words = Vec::with_capacity(8);
            for pair in regs.chunks(2) {
                let lo = pair[0].map(|r| ins(mf, op::MOVZX32rr8, &[S::R(r)]));
                let hi = pair[1].map(|r| {
                    let z = ins(mf, op::MOVZX32rr8, &[S::R(r)]);
                    ins(mf, op::SHL32ri, &[S::R(z), S::I(8)])
                });
                words.push(match (lo, hi) {
                    (Some(l), Some(h)) => Some(ins(mf, op::OR32rr, &[S::R(l), S::R(h)])),
                    (l, h) => l.or(h),
                });
            }
            words_vector(mf, &words)
        }
        _ => return Err(IselError::new(format!("a {vt} built from registers"))),
    })
}

/// `r` as a VR128 value: a scalar float register (the only lane built)
/// is copied into the vector class, a vector register is `r` itself.
fn as_vector(mf: &mut MachFunction, r: Reg) -> Reg {
    let vr128 = RegClassId(super::super::class::VR128.0);
    if r.as_virt().is_some_and(|v| mf.class_of(v) == vr128) {
        return r;
    }
    let v = Reg::virt(mf.new_vreg(vr128));
    mf.push(MOpc::COPY, &[Operand::reg_def(v), Operand::reg_use(r)]);
    v
}

/// The vector whose low half is `lo`'s low half and whose high half is
/// `hi`'s low half, by `opc` (an unpack of the low halves: `punpckl*`,
/// `unpcklp*`, `movlhps`); an undefined half (`None`) costs nothing when
/// it is the high one, an `IMPLICIT_DEF` input when it is the low one.
fn unpack(mf: &mut MachFunction, opc: Opcode, lo: Option<Reg>, hi: Option<Reg>) -> Option<Reg> {
    match (lo, hi) {
        (Some(l), Some(h)) => Some(ins(mf, opc, &[S::R(l), S::R(h)])),
        (Some(l), None) => Some(l),
        (None, Some(h)) => {
            let u = implicit_def(mf);
            Some(ins(mf, opc, &[S::R(u), S::R(h)]))
        }
        (None, None) => None,
    }
}

/// A vector of eight 16-bit words from the low halves of 32-bit
/// registers: `movd` of the first, `pinsrw` of the others.
fn words_vector(mf: &mut MachFunction, words: &[Option<Reg>]) -> Reg {
    let mut v = match words[0] {
        Some(w) => ins(mf, op::MOVDI2PDIrr, &[S::R(w)]),
        None => implicit_def(mf),
    };
    for (k, w) in words.iter().enumerate().skip(1) {
        if let Some(w) = w {
            v = ins(mf, op::PINSRWrri, &[S::R(v), S::R(*w), S::I(k as i64)]);
        }
    }
    v
}

/// Every lane of a `vt` is the scalar in register `r`.
fn splat(mf: &mut MachFunction, vt: VT, r: Reg) -> Reg {
    match vt {
        VT::V4F32 => ins(mf, op::SHUFPSrri, &[S::R(r), S::R(r), S::I(0)]),
        VT::V2F64 => ins(mf, op::PSHUFDri, &[S::R(r), S::I(0x44)]),
        VT::V2I64 => {
            let x = ins(mf, op::MOV64toPQIrr, &[S::R(r)]);
            ins(mf, op::PSHUFDri, &[S::R(x), S::I(0x44)])
        }
        VT::V4I32 => {
            let x = ins(mf, op::MOVDI2PDIrr, &[S::R(r)]);
            ins(mf, op::PSHUFDri, &[S::R(x), S::I(0)])
        }
        VT::V8I16 => {
            let w = ins(mf, op::MOVZX32rr16, &[S::R(r)]);
            let x = ins(mf, op::MOVDI2PDIrr, &[S::R(w)]);
            let l = ins(mf, op::PSHUFLWri, &[S::R(x), S::I(0)]);
            ins(mf, op::PSHUFDri, &[S::R(l), S::I(0)])
        }
        _ => {
            let w = ins(mf, op::MOVZX32rr8, &[S::R(r)]);
            let x = ins(mf, op::MOVDI2PDIrr, &[S::R(w)]);
            let b = ins(mf, op::PUNPCKLBWrr, &[S::R(x), S::R(x)]);
            let l = ins(mf, op::PSHUFLWri, &[S::R(b), S::I(0)]);
            ins(mf, op::PSHUFDri, &[S::R(l), S::I(0)])
        }
    }
}

// ---- InsertElt

fn insert(mf: &mut MachFunction, vt: VT, v: Reg, x: Reg, k: u32) -> Result<Reg, IselError> {
    Ok(match vt {
        VT::V8I16 => {
            let w = ins(mf, op::MOVZX32rr16, &[S::R(x)]);
            ins(mf, op::PINSRWrri, &[S::R(v), S::R(w), S::I(i64::from(k))])
        }
        VT::V16I8 => {
            let w = ins(mf, op::PEXTRWrri, &[S::R(v), S::I(i64::from(k / 2))]);
            let b = ins(mf, op::MOVZX32rr8, &[S::R(x)]);
            let (keep, b) = if k.is_multiple_of(2) {
                (0xff00, b)
            } else {
                (0xff, ins(mf, op::SHL32ri, &[S::R(b), S::I(8)]))
            };
            let m = ins(mf, op::AND32ri, &[S::R(w), S::I(keep)]);
            let o = ins(mf, op::OR32rr, &[S::R(m), S::R(b)]);
            ins(
                mf,
                op::PINSRWrri,
                &[S::R(v), S::R(o), S::I(i64::from(k / 2))],
            )
        }
        VT::V4I32 | VT::V2I64 | VT::V4F32 | VT::V2F64 => {
            let n = vt.lanes();
            let t = match vt {
                VT::V4I32 => ins(mf, op::MOVDI2PDIrr, &[S::R(x)]),
                VT::V2I64 => ins(mf, op::MOV64toPQIrr, &[S::R(x)]),
                // A float is the low lane of its register.
                _ => x,
            };
            let mask: Vec<Option<u32>> = (0..n).map(|i| Some(if i == k { n } else { i })).collect();
            shuffle(mf, vt, Some(v), Some(t), &mask)
        }
        _ => return Err(IselError::new(format!("a lane insert into {vt}"))),
    })
}

// ---- Shuffle

/// Whether `m` (defined lanes) agrees with `pat`; with `same`, the two
/// inputs are one register, so lanes agree modulo `n`.
fn fits(m: &[Option<u32>], pat: &[u32], n: u32, same: bool) -> bool {
    m.iter().zip(pat).all(|(x, &p)| match x {
        None => true,
        Some(x) if same => x % n == p % n,
        Some(x) => *x == p,
    })
}

/// The shuffle of `a` and `b` (`None`: undefined) by `mask`, lanes of
/// `vt` (see `Op::Shuffle`).
fn shuffle(
    mf: &mut MachFunction,
    vt: VT,
    a: Option<Reg>,
    b: Option<Reg>,
    mask: &[Option<u32>],
) -> Reg {
    let n = vt.lanes();
    let mut m: Vec<Option<u32>> = mask
        .iter()
        .map(|x| x.filter(|&x| (x < n && a.is_some()) || (x >= n && x < 2 * n && b.is_some())))
        .collect();
    let uses_a = m.iter().flatten().any(|&x| x < n);
    let uses_b = m.iter().flatten().any(|&x| x >= n);
    let (a, b) = match (uses_a, uses_b) {
        (false, false) => return implicit_def(mf),
        (false, true) => {
            for x in m.iter_mut().flatten() {
                *x -= n;
            }
            (b.unwrap_or(Reg::NONE), None)
        }
        (true, false) => (a.unwrap_or(Reg::NONE), None),
        (true, true) => (a.unwrap_or(Reg::NONE), b),
    };
    if m.iter()
        .enumerate()
        .all(|(i, x)| x.is_none_or(|x| x == i as u32))
    {
        return a;
    }
    let r = match n {
        2 => Some(shuffle2(mf, vt.elem().is_int(), a, b, &m)),
        4 => Some(shuffle4(mf, a, b, &m)),
        8 => shuffle8(mf, a, b, &m),
        16 => shuffle16(mf, a, b, &m),
        _ => None,
    };
    r.unwrap_or_else(|| shuffle_via_stack(mf, vt, a, b, &m))
}

fn pshufd(mf: &mut MachFunction, a: Reg, dwords: [u32; 4]) -> Reg {
    let imm = dwords
        .iter()
        .enumerate()
        .fold(0, |acc, (i, &d)| acc | (d & 3) << (2 * i));
    ins(mf, op::PSHUFDri, &[S::R(a), S::I(i64::from(imm))])
}

/// Two 64-bit lanes; integer lanes (`int`) pairing the low or the high
/// lanes of `a` and `b` unpack in the integer domain (`punpck*qdq`, as
/// llc selects for `v2i64`), other pairs of two inputs are a `shufpd`.
fn shuffle2(mf: &mut MachFunction, int: bool, a: Reg, b: Option<Reg>, m: &[Option<u32>]) -> Reg {
    let src = |x: Option<u32>| x.map(|x| (x >= 2, x % 2));
    let (l0, l1) = (src(m[0]), src(m[1]));
    match (b, l0, l1) {
        (Some(b), Some((false, x0)), Some((true, x1))) if int && x0 == x1 => {
            let opc = if x0 == 0 {
                op::PUNPCKLQDQrr
            } else {
                op::PUNPCKHQDQrr
            };
            ins(mf, opc, &[S::R(a), S::R(b)])
        }
        (Some(b), Some((i0, x0)), Some((i1, x1))) if i0 != i1 => {
            let (p, q) = if i0 { (b, a) } else { (a, b) };
            ins(
                mf,
                op::SHUFPDrri,
                &[S::R(p), S::R(q), S::I(i64::from(x0 | x1 << 1))],
            )
        }
        _ => {
            // One input (lanes of `b` only when `b` alone is used).
            let x0 = l0.map_or(0, |l| l.1);
            let x1 = l1.map_or(1, |l| l.1);
            let src = match (l0, l1) {
                (Some((true, _)), _) | (None, Some((true, _))) => b.unwrap_or(a),
                _ => a,
            };
            pshufd(mf, src, [2 * x0, 2 * x0 + 1, 2 * x1, 2 * x1 + 1])
        }
    }
}

/// Four 32-bit lanes.
fn shuffle4(mf: &mut MachFunction, a: Reg, b: Option<Reg>, m: &[Option<u32>]) -> Reg {
    let Some(b) = b else {
        let d: Vec<u32> = m
            .iter()
            .enumerate()
            .map(|(i, x)| x.unwrap_or(i as u32))
            .collect();
        return pshufd(mf, a, [d[0], d[1], d[2], d[3]]);
    };
    for (pat, opc, swap) in [
        ([0, 4, 1, 5], op::PUNPCKLDQrr, false),
        ([4, 0, 5, 1], op::PUNPCKLDQrr, true),
        ([2, 6, 3, 7], op::PUNPCKHDQrr, false),
        ([6, 2, 7, 3], op::PUNPCKHDQrr, true),
        ([0, 1, 4, 5], op::PUNPCKLQDQrr, false),
        ([4, 5, 0, 1], op::PUNPCKLQDQrr, true),
        ([2, 3, 6, 7], op::PUNPCKHQDQrr, false),
        ([6, 7, 2, 3], op::PUNPCKHQDQrr, true),
    ] {
        if fits(m, &pat, 4, false) {
            let (p, q) = if swap { (b, a) } else { (a, b) };
            return ins(mf, opc, &[S::R(p), S::R(q)]);
        }
    }
    let input = |i: usize| m[i].map(|x| x >= 4);
    let lane = |i: usize| m[i].map_or(0, |x| x % 4);
    // Per half: the one input it reads, or None when it mixes both.
    let half_src = |h: usize| -> Option<Option<bool>> {
        match (input(2 * h), input(2 * h + 1)) {
            (Some(x), Some(y)) if x != y => None,
            (x, y) => Some(x.or(y)),
        }
    };
    let reg = |i: bool| if i { b } else { a };
    let shufps = |mf: &mut MachFunction, x: Reg, y: Reg, l: [u32; 4]| {
        let imm = l
            .iter()
            .enumerate()
            .fold(0, |acc, (i, &d)| acc | (d & 3) << (2 * i));
        ins(mf, op::SHUFPSrri, &[S::R(x), S::R(y), S::I(i64::from(imm))])
    };
    match (half_src(0), half_src(1)) {
        (Some(h0), Some(h1)) => {
            let x = reg(h0.unwrap_or(false));
            let y = reg(h1.unwrap_or(true));
            shufps(mf, x, y, [lane(0), lane(1), lane(2), lane(3)])
        }
        (None, None) => {
            // Each half one lane of each input: gather a's lanes, then b's.
            let a_of = |h: usize| {
                if input(2 * h) == Some(false) {
                    lane(2 * h)
                } else {
                    lane(2 * h + 1)
                }
            };
            let b_of = |h: usize| {
                if input(2 * h) == Some(true) {
                    lane(2 * h)
                } else {
                    lane(2 * h + 1)
                }
            };
            let t = shufps(mf, a, b, [a_of(0), a_of(1), b_of(0), b_of(1)]);
            let pos = |i: usize| -> u32 {
                let h = (i / 2) as u32;
                if input(i) == Some(true) {
                    2 + h
                } else {
                    h
                }
            };
            pshufd(mf, t, [pos(0), pos(1), pos(2), pos(3)])
        }
        (mixed0, mixed1) => {
            // One half mixes: gather its two lanes into t = [a_i a_i b_k b_k].
            let hm = if mixed0.is_none() { 0 } else { 1 };
            let other = if hm == 0 { mixed1 } else { mixed0 }.flatten();
            let (ai, bk) = {
                let (i0, i1) = (2 * hm, 2 * hm + 1);
                if input(i0) == Some(false) {
                    (lane(i0), lane(i1))
                } else {
                    (lane(i1), lane(i0))
                }
            };
            let t = shufps(mf, a, b, [ai, ai, bk, bk]);
            let tp = |i: usize| if input(i) == Some(true) { 2 } else { 0 };
            let x = reg(other.unwrap_or(false));
            if hm == 0 {
                shufps(mf, t, x, [tp(0), tp(1), lane(2), lane(3)])
            } else {
                shufps(mf, x, t, [lane(0), lane(1), tp(2), tp(3)])
            }
        }
    }
}

/// The mask of a shuffle of twice as wide lanes, if lanes pair up
/// (`2k, 2k+1` -> `k`).
fn pair_lanes(m: &[Option<u32>]) -> Option<Vec<Option<u32>>> {
    m.chunks(2)
        .map(|p| match (p[0], p[1]) {
            (None, None) => Some(None),
            (Some(x), None) if x % 2 == 0 => Some(Some(x / 2)),
            (None, Some(y)) if y % 2 == 1 => Some(Some(y / 2)),
            (Some(x), Some(y)) if x % 2 == 0 && y == x + 1 => Some(Some(x / 2)),
            _ => None,
        })
        .collect()
}

/// Whether `m` takes the even lanes of `a` then of `b` (a truncation).
fn even_lanes(m: &[Option<u32>]) -> bool {
    m.iter()
        .enumerate()
        .all(|(i, x)| x.is_none_or(|x| x == 2 * i as u32))
}

/// Eight 16-bit lanes.
fn shuffle8(mf: &mut MachFunction, a: Reg, b: Option<Reg>, m: &[Option<u32>]) -> Option<Reg> {
    if let Some(d) = pair_lanes(m) {
        return Some(shuffle4(mf, a, b, &d));
    }
    let same = b.is_none();
    let bb = b.unwrap_or(a);
    for (pat, opc) in [
        ([0, 8, 1, 9, 2, 10, 3, 11], op::PUNPCKLWDrr),
        ([4, 12, 5, 13, 6, 14, 7, 15], op::PUNPCKHWDrr),
    ] {
        if fits(m, &pat, 8, same) {
            return Some(ins(mf, opc, &[S::R(a), S::R(bb)]));
        }
    }
    if same && word_shuffle_ok(m) && word_shuffle_cost(m) <= 1 {
        return Some(word_shuffle(mf, a, m));
    }
    if even_lanes(m) {
        // Sign-extend the low word of each dword, then pack with signed
        // saturation (which then keeps every value).
        let ext = |mf: &mut MachFunction, x: Reg| {
            let s = ins(mf, op::PSLLDri, &[S::R(x), S::I(16)]);
            ins(mf, op::PSRADri, &[S::R(s), S::I(16)])
        };
        let x = ext(mf, a);
        let y = if same { x } else { ext(mf, bb) };
        return Some(ins(mf, op::PACKSSDWrr, &[S::R(x), S::R(y)]));
    }
    if odd_lanes(m) {
        // The high word of each dword, sign-extended, packed.
        let x = ins(mf, op::PSRADri, &[S::R(a), S::I(16)]);
        let y = if same {
            x
        } else {
            ins(mf, op::PSRADri, &[S::R(bb), S::I(16)])
        };
        return Some(ins(mf, op::PACKSSDWrr, &[S::R(x), S::R(y)]));
    }
    if same && word_shuffle_ok(m) {
        return Some(word_shuffle(mf, a, m));
    }
    None
}

/// The dwords (pairs of words) the words `m` of one half read, sorted,
/// and the pair of dwords a `pshufd` puts in that half: the half's own
/// when it reads only those (`natural`), else the ones read (repeated).
fn half_dwords(m: &[Option<u32>], natural: [u32; 2]) -> Option<[u32; 2]> {
    let mut d: Vec<u32> = m.iter().flatten().map(|&w| w / 2).collect();
    d.sort_unstable();
    d.dedup();
    match d.len() {
        0 => Some(natural),
        _ if d.iter().all(|x| natural.contains(x)) => Some(natural),
        1 => Some([d[0], d[0]]),
        2 => Some([d[0], d[1]]),
        _ => None,
    }
}

/// Whether [`word_shuffle`] can do the one-input word shuffle `m`: each
/// half reads at most two dwords.
fn word_shuffle_ok(m: &[Option<u32>]) -> bool {
    half_dwords(&m[..4], [0, 1]).is_some() && half_dwords(&m[4..], [2, 3]).is_some()
}

/// The instructions [`word_shuffle`] emits for `m`.
fn word_shuffle_cost(m: &[Option<u32>]) -> u32 {
    let lo = half_dwords(&m[..4], [0, 1]).unwrap_or([0, 1]);
    let hi = half_dwords(&m[4..], [2, 3]).unwrap_or([2, 3]);
    let moved = [lo[0], lo[1], hi[0], hi[1]] != [0, 1, 2, 3];
    let keeps = |half: &[Option<u32>], pair: [u32; 2]| {
        half.iter().enumerate().all(|(i, x)| {
            x.is_none_or(|w| {
                2 * pair.iter().position(|&d| d == w / 2).unwrap_or(0) as u32 + w % 2 == i as u32
            })
        })
    };
    u32::from(moved) + u32::from(!keeps(&m[..4], lo)) + u32::from(!keeps(&m[4..], hi))
}

/// A one-input shuffle of eight words: `pshufd` brings the dwords each
/// half reads into it, then `pshuflw` and `pshufhw` pick the words.
fn word_shuffle(mf: &mut MachFunction, a: Reg, m: &[Option<u32>]) -> Reg {
    let lo = half_dwords(&m[..4], [0, 1]).unwrap_or([0, 1]);
    let hi = half_dwords(&m[4..], [2, 3]).unwrap_or([2, 3]);
    let dw = [lo[0], lo[1], hi[0], hi[1]];
    let mut v = if dw == [0, 1, 2, 3] {
        a
    } else {
        pshufd(mf, a, dw)
    };
    let imm = |half: &[Option<u32>], pair: [u32; 2]| {
        half.iter().enumerate().fold(0u32, |acc, (i, x)| {
            let pos = match x {
                Some(w) => 2 * pair.iter().position(|&d| d == w / 2).unwrap_or(0) as u32 + w % 2,
                None => i as u32,
            };
            acc | (pos & 3) << (2 * i)
        })
    };
    let (il, ih) = (imm(&m[..4], lo), imm(&m[4..], hi));
    if il != 0xe4 {
        v = ins(mf, op::PSHUFLWri, &[S::R(v), S::I(i64::from(il))]);
    }
    if ih != 0xe4 {
        v = ins(mf, op::PSHUFHWri, &[S::R(v), S::I(i64::from(ih))]);
    }
    v
}

/// Whether `m` takes the odd lanes of `a` then of `b`.
fn odd_lanes(m: &[Option<u32>]) -> bool {
    m.iter()
        .enumerate()
        .all(|(i, x)| x.is_none_or(|x| x == 2 * i as u32 + 1))
}

/// Sixteen 8-bit lanes.
fn shuffle16(mf: &mut MachFunction, a: Reg, b: Option<Reg>, m: &[Option<u32>]) -> Option<Reg> {
    if let Some(w) = pair_lanes(m) {
        if let Some(r) = shuffle8(mf, a, b, &w) {
            return Some(r);
        }
    }
    let same = b.is_none();
    let bb = b.unwrap_or(a);
    let lo: Vec<u32> = (0..8).flat_map(|i| [i, i + 16]).collect();
    let hi: Vec<u32> = (8..16).flat_map(|i| [i, i + 16]).collect();
    for (pat, opc) in [(lo, op::PUNPCKLBWrr), (hi, op::PUNPCKHBWrr)] {
        if fits(m, &pat, 16, same) {
            return Some(ins(mf, opc, &[S::R(a), S::R(bb)]));
        }
    }
    if even_lanes(m) {
        // Clear the high byte of each word, then pack with unsigned
        // saturation.
        let o = ones(mf);
        let mask = ins(mf, op::PSRLWri, &[S::R(o), S::I(8)]);
        let x = ins(mf, op::PANDrr, &[S::R(a), S::R(mask)]);
        let y = if same {
            x
        } else {
            ins(mf, op::PANDrr, &[S::R(bb), S::R(mask)])
        };
        return Some(ins(mf, op::PACKUSWBrr, &[S::R(x), S::R(y)]));
    }
    if odd_lanes(m) {
        let x = ins(mf, op::PSRLWri, &[S::R(a), S::I(8)]);
        let y = if same {
            x
        } else {
            ins(mf, op::PSRLWri, &[S::R(bb), S::I(8)])
        };
        return Some(ins(mf, op::PACKUSWBrr, &[S::R(x), S::R(y)]));
    }
    if same {
        return byte_shuffle(mf, a, m);
    }
    None
}

/// A one-input byte shuffle through words: bytes duplicated into words
/// (`punpck*bw x, x`) when each result pair repeats one byte, else
/// zero-extended (`punpck*bw x, 0`) and packed back (`packuswb`), each half
/// a word shuffle of one unpacked half.
fn byte_shuffle(mf: &mut MachFunction, a: Reg, m: &[Option<u32>]) -> Option<Reg> {
    // The source half (0: bytes 0..8, 1: bytes 8..16) a group of result
    // bytes reads, if one.
    let src_half = |g: &[Option<u32>]| -> Option<Option<u32>> {
        let mut h = None;
        for &x in g.iter().flatten() {
            match h {
                None => h = Some(x / 8),
                Some(y) if y != x / 8 => return None,
                _ => {}
            }
        }
        Some(h)
    };
    let dup = m.chunks(2).all(|p| match (p[0], p[1]) {
        (Some(x), Some(y)) => x == y,
        _ => true,
    });
    if dup {
        let words: Vec<Option<u32>> = m.chunks(2).map(|p| p[0].or(p[1])).collect();
        if let Some(h) = src_half(m) {
            let h = h.unwrap_or(0);
            let w: Vec<Option<u32>> = words.iter().map(|x| x.map(|x| x - 8 * h)).collect();
            if word_shuffle_ok(&w) {
                let opc = if h == 0 {
                    op::PUNPCKLBWrr
                } else {
                    op::PUNPCKHBWrr
                };
                let t = ins(mf, opc, &[S::R(a), S::R(a)]);
                return Some(word_shuffle(mf, t, &w));
            }
        }
    }
    let halves = [src_half(&m[..8])?, src_half(&m[8..])?];
    let words = |k: usize, h: u32| -> Vec<Option<u32>> {
        m[8 * k..8 * k + 8]
            .iter()
            .map(|x| x.map(|x| x - 8 * h))
            .collect()
    };
    let ws = [
        words(0, halves[0].unwrap_or(0)),
        words(1, halves[1].unwrap_or(0)),
    ];
    if !ws.iter().all(|w| word_shuffle_ok(w)) {
        return None;
    }
    let z = zeros(mf);
    let lo = ins(mf, op::PUNPCKLBWrr, &[S::R(a), S::R(z)]);
    let hi = ins(mf, op::PUNPCKHBWrr, &[S::R(a), S::R(z)]);
    let r: Vec<Reg> = (0..2)
        .map(|k| {
            let src = if halves[k] == Some(1) { hi } else { lo };
            word_shuffle(mf, src, &ws[k])
        })
        .collect();
    Some(ins(mf, op::PACKUSWBrr, &[S::R(r[0]), S::R(r[1])]))
}

/// Any shuffle: both inputs stored to a stack slot, the result assembled
/// lane by lane in a second slot through general registers, then loaded.
fn shuffle_via_stack(
    mf: &mut MachFunction,
    vt: VT,
    a: Reg,
    b: Option<Reg>,
    m: &[Option<u32>],
) -> Reg {
    let src = mf.frame.create(32, 16, FrameKind::Local);
    let dst = mf.frame.create(16, 16, FrameKind::Local);
    ins(mf, op::MOVAPSmr, &[S::Frame(src, 0), S::R(a)]);
    if let Some(b) = b {
        ins(mf, op::MOVAPSmr, &[S::Frame(src, 16), S::R(b)]);
    }
    let eb = vt.elem().bits() / 8;
    let (ld, st) = match eb {
        1 => (op::MOV8rm, op::MOV8mr),
        2 => (op::MOV16rm, op::MOV16mr),
        4 => (op::MOV32rm, op::MOV32mr),
        _ => (op::MOV64rm, op::MOV64mr),
    };
    for (i, x) in m.iter().enumerate() {
        if let Some(x) = x {
            let r = ins(mf, ld, &[S::Frame(src, (x * eb) as i32)]);
            ins(mf, st, &[S::Frame(dst, (i as u32 * eb) as i32), S::R(r)]);
        }
    }
    ins(mf, op::MOVAPSrm, &[S::Frame(dst, 0)])
}
