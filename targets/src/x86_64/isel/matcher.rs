//! x86-64's side of the tree matcher ([`rcc_dag::isel::matcher`]): the
//! rows (`patterns.desc`), the leaf predicates (registers of the x86
//! classes, immediates against the slots' `ImmKind`s, `def32`, the
//! address matcher of [`super::addr`] as the complex address pattern,
//! GOT symbols, constant-pool vectors) and the nodes covered by hand
//! (calls, returns, inline assembly, atomics, `x86_fp80`, special vector
//! nodes, `UMulLoHi`, `UDivRem`/`SDivRem`, TLS addresses).

use super::addr::{match_addr, AddrMode, Base};
use super::call::{X86_CALL, X86_RET, X86_TCALL};
use super::patterns::{patterns, Pred};
use crate::x86_64::sym_flags;
use rcc_dag::isel::matcher::{self, MatchTarget, Tree};
use rcc_dag::{Cond, Dag, Ext, IselError, MemInfo, Node, Op, SDValue, VT};
use rcc_mach::{MBlock, MachFunction};

pub use rcc_dag::isel::matcher::{glue_operand, has_chain, FOLDED, SPECIAL};

/// What a pattern variable is bound to (x86 addressing modes).
pub type Binding = matcher::Binding<AddrMode>;
/// The cover of one block.
pub type Cover = matcher::Cover<AddrMode>;

/// The x86-64 [`MatchTarget`].
pub struct X86Match;

/// Covers the DAG with the x86-64 rows (use counts must be current).
pub fn cover(dag: &Dag, mf: &MachFunction, c: &mut Cover) -> Result<(), IselError> {
    matcher::cover(&X86Match, dag, mf, c)
}

impl MatchTarget for X86Match {
    type Pred = Pred;
    type Addr = AddrMode;

    fn rows_for_root(&self, op: Op, vt: VT) -> &'static [u32] {
        super::patterns::rows_for_root_vt(op, vt)
    }

    fn tree(&self, row: u32) -> &'static Tree<Pred> {
        &patterns().rows[row as usize].tree
    }

    fn bind(
        &self,
        dag: &Dag,
        mf: &MachFunction,
        row: u32,
        var: u8,
        pred: Pred,
        v: SDValue,
    ) -> Option<Binding> {
        Some(match pred {
            Pred::R => {
                let t = dag.vt(v);
                // A value result other than 0 (a call's second returned
                // register) is a register too; chains are not scalars.
                let scalar = (t.is_int() && t.bits() <= 64) || t.is_float();
                if !(scalar || super::vector::in_vr128(t)) {
                    return None;
                }
                Binding::Val(v)
            }
            Pred::Def32 => {
                if dag.vt(v) != VT::I32 || v.res() != 0 || !defined_by_32_bit_op(dag, v) {
                    return None;
                }
                Binding::Val(v)
            }
            Pred::FpImm => {
                // +0.0 is an `xorps` of a register, never a pool entry.
                if dag.op_of(v) != Op::ConstantFP || dag.payload(v.node()) == 0 {
                    return None;
                }
                Binding::Const(dag.payload(v.node()))
            }
            Pred::Imm | Pred::UImm32 | Pred::UImm8 | Pred::Splat => {
                let c = if pred == Pred::Splat {
                    super::vector::splat_const(dag, v)
                } else {
                    dag.as_const(v)
                };
                let c = c?;
                if (pred == Pred::UImm32 && c > u32::MAX as u64)
                    || (pred == Pred::UImm8 && c > u8::MAX as u64)
                {
                    return None;
                }
                let kinds = patterns().rows[row as usize].imm_kinds[var as usize];
                if !kinds.iter().all(|k| k.fits(c as i64)) {
                    return None;
                }
                Binding::Const(c)
            }
            Pred::Addr => {
                if dag.vt(v) != VT::I64 {
                    return None;
                }
                let accessed = patterns().rows[row as usize].addr_only >> var.min(63) & 1 == 0;
                Binding::Addr(match_addr(dag, mf, v, accessed))
            }
            Pred::GotSym => {
                if dag.op_of(v) != Op::Symbol {
                    return None;
                }
                let i = dag.payload(v.node()) as u32;
                let got = mf
                    .syms
                    .get(i as usize)
                    .is_some_and(|s| s.flag == sym_flags::GOTPCREL);
                if !got {
                    return None;
                }
                Binding::Addr(AddrMode {
                    base: Base::Rip,
                    sym: Some(i),
                    ..AddrMode::EMPTY
                })
            }
            Pred::CPool => {
                if !super::vector::is_pool_constant(dag, v) {
                    return None;
                }
                Binding::VecConst(v)
            }
            Pred::Bb => {
                if dag.op_of(v) != Op::BasicBlock {
                    return None;
                }
                Binding::Block(MBlock::from_u32(dag.payload(v.node()) as u32))
            }
            Pred::Cc => match Cond::ALL.get(dag.payload(v.node()) as usize) {
                Some(&c) => Binding::Cond(c),
                None => return None,
            },
        })
    }

    fn segment_addr(a: &mut AddrMode, seg: rcc_dag::Segment) -> bool {
        a.set_segment(seg)
    }

    fn addr_regs(a: &AddrMode) -> [Option<SDValue>; 2] {
        let mut r = a.regs();
        [r.next(), r.next()]
    }

    fn worth_whole(a: &AddrMode) -> bool {
        a.lea_worthy()
    }

    fn cover_special(
        &self,
        dag: &Dag,
        mf: &MachFunction,
        n: Node,
        c: &mut Cover,
    ) -> Result<bool, IselError> {
        let ops = dag.operands(n);
        match dag.op(n) {
            Op::Target(X86_CALL) => super::call::cover_call(dag, mf, n, c),
            Op::Target(X86_TCALL) => super::call::call_deps(dag, ops, &mut c.deps),
            Op::TlsAddress => {}
            Op::InlineAsm => super::inline_asm::deps(dag, mf, n, &mut c.deps)?,
            Op::Target(X86_RET) => {
                c.deps.extend(ops[1..].iter().map(|o| o.node()));
                c.deps.push(ops[0].node());
            }
            Op::UMulLoHi | Op::UDivRem | Op::SDivRem => c.deps.extend(ops.iter().map(|o| o.node())),
            op if super::atomic::is_atomic(op) => super::atomic::cover_node(dag, mf, n, c),
            _ if super::x87::selects(dag, n) => c.deps.extend(ops.iter().map(|o| o.node())),
            _ if super::vector::special(dag, n) => super::vector::deps(dag, n, &mut c.deps),
            _ => return Ok(false),
        }
        Ok(true)
    }
}

/// Whether i32 value `v` is the result of a 32-bit instruction (which
/// zeroes the upper half of the 64-bit register) rather than of a copy
/// that may keep whatever the register held: not a truncation (a
/// sub-register copy), a value from another block or a call, an undef.
fn defined_by_32_bit_op(dag: &Dag, v: SDValue) -> bool {
    match dag.op_of(v) {
        Op::Add
        | Op::Sub
        | Op::Mul
        | Op::SDiv
        | Op::UDiv
        | Op::SRem
        | Op::URem
        | Op::And
        | Op::Or
        | Op::Xor
        | Op::Shl
        | Op::Srl
        | Op::Sra
        | Op::Select
        | Op::Constant
        | Op::ZeroExtend
        | Op::SignExtend
        | Op::AnyExtend
        | Op::Rotl
        | Op::Rotr
        | Op::Bswap
        | Op::Ctlz
        | Op::Cttz => true,
        Op::Load => MemInfo::unpack(dag.payload(v.node())).ext != Ext::Any,
        _ => false,
    }
}
