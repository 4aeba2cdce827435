//! The legalizer against an interpreter: random DAGs over `i128` inputs are
//! evaluated before legalization (with 128-bit semantics) and after it
//! (every value at most 64 bits wide, carries through glue), and must
//! write the same registers and memory.

use super::{legalize_types, LegalizeCtx};
use crate::lowering::{CallLowering, FormalArg, IselError, LoweredArgs, SymRef};
use crate::node::{Dag, Node, SDValue};
use crate::opcode::{Cond, Ext, MemInfo, Op};
use crate::vt::VT;
use rcc_ir::GlobalId;
use rcc_mach::{MachFunction, Reg, RegClassId, SymTarget, VReg};
use std::collections::HashMap;

/// Splits wide arguments and results like a 64-bit target: the call node
/// `Target(7)` takes halves and returns `(lo, hi, chain)`.
struct Mock;

impl CallLowering for Mock {
    fn reg_class(&self, vt: VT) -> Option<RegClassId> {
        (vt.is_int() && vt.bits() <= 64).then_some(RegClassId(vt.bits() as u8))
    }
    fn sym_flag(&self, r: SymRef) -> rcc_mach::SymFlag {
        rcc_mach::SymFlag(r as u8 + 1)
    }
    fn lower_call(
        &self,
        dag: &mut Dag,
        _mf: &mut MachFunction,
        chain: SDValue,
        callee: SDValue,
        args: &[SDValue],
        rets: &[VT],
        _variadic: bool,
    ) -> Result<(SDValue, Vec<SDValue>), IselError> {
        let mut ops = vec![chain, callee];
        for &a in args {
            for k in 0..2 {
                ops.push(dag.value(Op::ExtractElement, VT::I64, &[a], k));
            }
        }
        assert_eq!(rets, &[VT::I128]);
        let n = dag.node(Op::Target(7), &[VT::I64, VT::I64, VT::Chain], &ops, 0);
        let r = dag.value(
            Op::BuildPair,
            VT::I128,
            &[SDValue::new(n, 0), SDValue::new(n, 1)],
            0,
        );
        Ok((SDValue::new(n, 2), vec![r]))
    }
    fn lower_return(
        &self,
        _dag: &mut Dag,
        _mf: &mut MachFunction,
        _chain: SDValue,
        _vals: &[SDValue],
    ) -> Result<SDValue, IselError> {
        unreachable!()
    }
    fn lower_arguments(
        &self,
        _mf: &mut MachFunction,
        _a: &[FormalArg],
        _va_start: bool,
    ) -> Result<LoweredArgs, IselError> {
        unreachable!()
    }
}

fn mask(bits: u32) -> u128 {
    if bits >= 128 {
        u128::MAX
    } else {
        (1u128 << bits) - 1
    }
}

fn sext(v: u128, bits: u32) -> i128 {
    let sh = 128 - bits;
    ((v << sh) as i128) >> sh
}

/// A DAG interpreter: registers by register bits, byte memory.
struct Interp<'a> {
    dag: &'a Dag,
    mf: &'a MachFunction,
    regs: HashMap<u32, u128>,
    mem: HashMap<u64, u8>,
    memo: HashMap<Node, Vec<u128>>,
}

impl Interp<'_> {
    fn get(&mut self, v: SDValue) -> u128 {
        self.eval(v.node())[v.res() as usize]
    }

    fn eval(&mut self, n: Node) -> Vec<u128> {
        if let Some(r) = self.memo.get(&n) {
            return r.clone();
        }
        let d = self.dag;
        let ops = d.operands(n).to_vec();
        let p = d.payload(n);
        let vt = d.vts(n)[0];
        let w = vt.bits();
        let m = mask(w);
        let opw = ops.first().map_or(0, |&o| d.vt(o).bits());
        let r: Vec<u128> = match d.op(n) {
            Op::EntryToken | Op::Register | Op::Symbol => vec![0],
            Op::TokenFactor => {
                for &o in &ops {
                    self.get(o);
                }
                vec![0]
            }
            Op::Constant => vec![p as u128],
            Op::CopyFromReg => {
                self.get(ops[0]);
                let r = d.payload(ops[1].node()) as u32;
                vec![self.regs[&r] & m, 0]
            }
            Op::CopyToReg => {
                self.get(ops[0]);
                let r = d.payload(ops[1].node()) as u32;
                let v = self.get(ops[2]);
                self.regs.insert(r, v);
                vec![0]
            }
            Op::Load => {
                self.get(ops[0]);
                let a = self.get(ops[1]) as u64;
                let mi = MemInfo::unpack(p);
                let mut v = 0u128;
                for k in 0..mi.mem_bits / 8 {
                    v |= (*self.mem.get(&(a + k as u64)).unwrap_or(&0) as u128) << (8 * k);
                }
                if mi.ext == Ext::Sign {
                    v = sext(v, mi.mem_bits) as u128 & m;
                }
                vec![v, 0]
            }
            Op::Store => {
                self.get(ops[0]);
                let v = self.get(ops[1]);
                let a = self.get(ops[2]) as u64;
                for k in 0..MemInfo::unpack(p).mem_bits / 8 {
                    self.mem.insert(a + k as u64, (v >> (8 * k)) as u8);
                }
                vec![0]
            }
            Op::Add | Op::Sub | Op::Mul | Op::And | Op::Or | Op::Xor => {
                let (a, b) = (self.get(ops[0]), self.get(ops[1]));
                vec![
                    match d.op(n) {
                        Op::Add => a.wrapping_add(b),
                        Op::Sub => a.wrapping_sub(b),
                        Op::Mul => a.wrapping_mul(b),
                        Op::And => a & b,
                        Op::Or => a | b,
                        _ => a ^ b,
                    } & m,
                ]
            }
            Op::SDiv | Op::UDiv | Op::SRem | Op::URem => {
                let (a, b) = (self.get(ops[0]), self.get(ops[1]));
                let (sa, sb) = (sext(a, w), sext(b, w));
                vec![
                    match d.op(n) {
                        Op::UDiv => a / b,
                        Op::URem => a % b,
                        Op::SDiv => sa.wrapping_div(sb) as u128,
                        _ => sa.wrapping_rem(sb) as u128,
                    } & m,
                ]
            }
            Op::Shl | Op::Srl | Op::Sra => {
                let (a, b) = (self.get(ops[0]), self.get(ops[1]) as u32);
                assert!(b < w, "over-wide shift {b} of {w} bits");
                vec![
                    match d.op(n) {
                        Op::Shl => a << b,
                        Op::Srl => a >> b,
                        _ => (sext(a, w) >> b) as u128,
                    } & m,
                ]
            }
            Op::SetCC => {
                let (a, b) = (self.get(ops[0]), self.get(ops[1]));
                let (sa, sb) = (sext(a, opw), sext(b, opw));
                vec![match Cond::ALL[p as usize] {
                    Cond::Eq => a == b,
                    Cond::Ne => a != b,
                    Cond::Ugt => a > b,
                    Cond::Uge => a >= b,
                    Cond::Ult => a < b,
                    Cond::Ule => a <= b,
                    Cond::Sgt => sa > sb,
                    Cond::Sge => sa >= sb,
                    Cond::Slt => sa < sb,
                    Cond::Sle => sa <= sb,
                } as u128]
            }
            Op::Select => {
                let c = self.get(ops[0]);
                let (a, b) = (self.get(ops[1]), self.get(ops[2]));
                vec![if c & 1 != 0 { a } else { b }]
            }
            Op::ZeroExtend | Op::AnyExtend => vec![self.get(ops[0])],
            Op::SignExtend => vec![sext(self.get(ops[0]), opw) as u128 & m],
            Op::Truncate => vec![self.get(ops[0]) & m],
            Op::BuildPair => vec![self.get(ops[0]) | self.get(ops[1]) << 64],
            Op::ExtractElement => vec![(self.get(ops[0]) >> (64 * p)) & mask(64)],
            Op::AddC | Op::AddE | Op::SubC | Op::SubE => {
                let (a, b) = (self.get(ops[0]), self.get(ops[1]));
                let c = ops.get(2).map_or(0, |&g| self.get(g));
                let add = matches!(d.op(n), Op::AddC | Op::AddE);
                if add {
                    let s = a + b + c;
                    vec![s & m, s >> 64]
                } else {
                    vec![a.wrapping_sub(b + c) & m, (a < b + c) as u128]
                }
            }
            Op::SetCCCarry => {
                let (a, b, c) = (self.get(ops[0]), self.get(ops[1]), self.get(ops[2]));
                let (sa, sb) = (sext(a, 64), sext(b, 64));
                vec![match Cond::ALL[p as usize] {
                    Cond::Ult => a < b + c,
                    Cond::Uge => a >= b + c,
                    Cond::Slt => sa - sb - (c as i128) < 0,
                    Cond::Sge => sa - sb - (c as i128) >= 0,
                    c => panic!("SetCCCarry {c:?}"),
                } as u128]
            }
            Op::Rotl | Op::Rotr => {
                let (a, b) = (self.get(ops[0]), self.get(ops[1]) as u32 % w);
                let b = if d.op(n) == Op::Rotr { (w - b) % w } else { b };
                vec![if b == 0 {
                    a
                } else {
                    (a << b | a >> (w - b)) & m
                }]
            }
            Op::Bswap => {
                let a = self.get(ops[0]);
                vec![a.swap_bytes() >> (128 - w)]
            }
            Op::Ctlz | Op::CtlzZeroUndef => {
                // Of zero: poison; an unlikely value shows if it is used.
                let a = self.get(ops[0]);
                let poison = a == 0 && d.op(n) == Op::CtlzZeroUndef;
                vec![if poison {
                    0xdead
                } else {
                    (a.leading_zeros() - (128 - w)) as u128
                }]
            }
            Op::Cttz | Op::CttzZeroUndef => {
                let a = self.get(ops[0]);
                let poison = a == 0 && d.op(n) == Op::CttzZeroUndef;
                vec![if poison {
                    0xdead
                } else {
                    a.trailing_zeros().min(w) as u128
                }]
            }
            Op::UAddO | Op::USubO | Op::SAddO | Op::SSubO => {
                let (a, b) = (self.get(ops[0]), self.get(ops[1]));
                let (sa, sb) = (sext(a, opw), sext(b, opw));
                let (lo, hi) = (i128::MIN >> (128 - opw), i128::MAX >> (128 - opw));
                vec![match d.op(n) {
                    Op::UAddO => a.checked_add(b).is_none_or(|x| x > mask(opw)),
                    Op::USubO => a < b,
                    Op::SAddO => sa.checked_add(sb).is_none_or(|x| x < lo || x > hi),
                    _ => sa.checked_sub(sb).is_none_or(|x| x < lo || x > hi),
                } as u128]
            }
            Op::UMulLoHi => {
                let p = self.get(ops[0]) * self.get(ops[1]);
                vec![p & mask(64), p >> 64]
            }
            Op::FShl | Op::FShr => {
                let (a, b, c) = (self.get(ops[0]), self.get(ops[1]), self.get(ops[2]) % 64);
                let cat = a << 64 | b;
                vec![if d.op(n) == Op::FShl {
                    (cat << c) >> 64 & m
                } else {
                    (cat >> c) & m
                }]
            }
            Op::Target(7) => {
                self.get(ops[0]);
                let s = self.mf.syms[d.payload(ops[1].node()) as usize];
                let SymTarget::External(x) = s.target else {
                    panic!()
                };
                let a = self.get(ops[2]) | self.get(ops[3]) << 64;
                let b = self.get(ops[4]) | self.get(ops[5]) << 64;
                let (sa, sb) = (a as i128, b as i128);
                let r = match &*self.mf.ext_names[x as usize] {
                    "__divti3" => sa.wrapping_div(sb) as u128,
                    "__udivti3" => a / b,
                    "__modti3" => sa.wrapping_rem(sb) as u128,
                    "__umodti3" => a % b,
                    other => panic!("{other}"),
                };
                vec![r & mask(64), r >> 64, 0]
            }
            o => panic!("interpreter: {o:?}"),
        };
        self.memo.insert(n, r.clone());
        r
    }
}

struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
    /// An interesting 128-bit value.
    fn wide(&mut self) -> u128 {
        let words = [0, 1, u64::MAX, 1 << 63, (1 << 63) - 1, 64, 5];
        let mut half = || match self.below(3) {
            0 => words[self.below(words.len() as u64) as usize],
            _ => self.next(),
        };
        half() as u128 | (half() as u128) << 64
    }
}

fn reg(dag: &mut Dag, v: VReg, vt: VT) -> SDValue {
    dag.value(Op::Register, vt, &[], Reg::virt(v).bits() as u64)
}

/// One random case: four i128 inputs in vreg pairs, a few operations, the
/// results written to vreg pairs and to memory at 0x1000.
fn case(seed: u64) {
    let mut rng = Rng(seed | 1);
    let mut mf = MachFunction::new(GlobalId::from_u32(0));
    let mut dag = Dag::default();
    let mut ins = Vec::new();
    let mut inputs = HashMap::new();
    let entry = dag.entry();
    for _ in 0..4 {
        let v = super::vregs_for(&mut mf, &Mock, VT::I128).unwrap();
        let x = rng.wide();
        inputs.insert(v, x);
        let r = reg(&mut dag, v, VT::I128);
        let n = dag.node(Op::CopyFromReg, &[VT::I128, VT::Chain], &[entry, r], 0);
        ins.push(SDValue::new(n, 0));
    }
    let mut vals = ins.clone();
    let mut chain = entry;
    let w = VT::I128;
    for _ in 0..6 {
        let a = vals[rng.below(vals.len() as u64) as usize];
        let b = vals[rng.below(vals.len() as u64) as usize];
        let v = match rng.below(21) {
            17 => {
                let op = [Op::Rotl, Op::Rotr][rng.below(2) as usize];
                let k = dag.constant(VT::I64, rng.next());
                let z = dag.constant(VT::I64, 0);
                let amt = if rng.below(2) == 0 {
                    dag.value(Op::BuildPair, w, &[k, z], 0)
                } else {
                    b
                };
                dag.value(op, w, &[a, amt], 0)
            }
            18 => dag.value(Op::Bswap, w, &[a], 0),
            19 => {
                let op = [Op::Ctlz, Op::Cttz, Op::CtlzZeroUndef, Op::CttzZeroUndef]
                    [rng.below(4) as usize];
                let x = if matches!(op, Op::Ctlz | Op::Cttz) {
                    a
                } else {
                    // Never zero: one bit set in a random half.
                    let bit = dag.constant(VT::I64, 1 << rng.below(64));
                    let z = dag.constant(VT::I64, 0);
                    let one = if rng.below(2) == 0 {
                        dag.value(Op::BuildPair, w, &[bit, z], 0)
                    } else {
                        dag.value(Op::BuildPair, w, &[z, bit], 0)
                    };
                    dag.value(Op::Or, w, &[a, one], 0)
                };
                dag.value(op, w, &[x], 0)
            }
            20 => {
                let op = [Op::UAddO, Op::USubO, Op::SAddO, Op::SSubO][rng.below(4) as usize];
                let o = dag.value(op, VT::I1, &[a, b], 0);
                dag.value(Op::ZeroExtend, w, &[o], 0)
            }
            0 => dag.value(Op::Add, w, &[a, b], 0),
            1 => dag.value(Op::Sub, w, &[a, b], 0),
            2 => dag.value(Op::Mul, w, &[a, b], 0),
            3 => dag.value(
                [Op::And, Op::Or, Op::Xor][rng.below(3) as usize],
                w,
                &[a, b],
                0,
            ),
            4 | 5 => {
                let amt = if rng.below(2) == 0 {
                    let c = dag.constant(VT::I64, rng.below(128));
                    let z = dag.constant(VT::I64, 0);
                    dag.value(Op::BuildPair, w, &[c, z], 0)
                } else {
                    let m = dag.constant(VT::I64, 127);
                    let lo = dag.value(Op::ExtractElement, VT::I64, &[b], 0);
                    let lo = dag.value(Op::And, VT::I64, &[lo, m], 0);
                    let z = dag.constant(VT::I64, 0);
                    dag.value(Op::BuildPair, w, &[lo, z], 0)
                };
                let op = [Op::Shl, Op::Srl, Op::Sra][rng.below(3) as usize];
                dag.value(op, w, &[a, amt], 0)
            }
            6 | 7 => {
                let cond = Cond::ALL[rng.below(10) as usize];
                let c = dag.value(Op::SetCC, VT::I1, &[a, b], cond as u64);
                dag.value(Op::Select, w, &[c, a, b], 0)
            }
            8 => {
                let cond = Cond::ALL[rng.below(10) as usize];
                let z = dag.constant(VT::I64, [0, u64::MAX][rng.below(2) as usize]);
                let zero = dag.value(Op::BuildPair, w, &[z, z], 0);
                let c = dag.value(Op::SetCC, VT::I1, &[a, zero], cond as u64);
                dag.value(Op::ZeroExtend, w, &[c], 0)
            }
            9 => {
                let t = [VT::I1, VT::I8, VT::I32, VT::I64][rng.below(4) as usize];
                let x = dag.value(Op::Truncate, t, &[a], 0);
                dag.value(
                    [Op::ZeroExtend, Op::SignExtend][rng.below(2) as usize],
                    w,
                    &[x],
                    0,
                )
            }
            10 | 11 => {
                // Divide by a value that is never zero.
                let one = dag.constant(VT::I64, 1);
                let z = dag.constant(VT::I64, 0);
                let one = dag.value(Op::BuildPair, w, &[one, z], 0);
                let nz = dag.value(Op::Or, w, &[b, one], 0);
                let op = [Op::SDiv, Op::UDiv, Op::SRem, Op::URem][rng.below(4) as usize];
                dag.value(op, w, &[a, nz], 0)
            }
            12 => {
                let addr = dag.constant(VT::I64, 0x2000);
                let info = MemInfo {
                    mem_bits: 128,
                    ext: Ext::None,
                    volatile: false,
                    segment: crate::Segment::None,
                }
                .pack();
                chain = dag.value(Op::Store, VT::Chain, &[chain, a, addr], info);
                let l = dag.node(Op::Load, &[w, VT::Chain], &[chain, addr], info);
                chain = SDValue::new(l, 1);
                SDValue::new(l, 0)
            }
            13 => {
                let addr = dag.constant(VT::I64, 0x3000);
                let x = dag.value(Op::Truncate, VT::I64, &[a], 0);
                let info = MemInfo {
                    mem_bits: 64,
                    ext: Ext::None,
                    volatile: false,
                    segment: crate::Segment::None,
                };
                chain = dag.value(Op::Store, VT::Chain, &[chain, x, addr], info.pack());
                let ext = [Ext::Sign, Ext::Zero][rng.below(2) as usize];
                let info = MemInfo {
                    mem_bits: [8, 16, 32, 64][rng.below(4) as usize],
                    ext,
                    ..info
                };
                let l = dag.node(Op::Load, &[w, VT::Chain], &[chain, addr], info.pack());
                chain = SDValue::new(l, 1);
                SDValue::new(l, 0)
            }
            14 => {
                let lo = dag.value(Op::ExtractElement, VT::I64, &[a], 1);
                let hi = dag.value(Op::ExtractElement, VT::I64, &[b], 0);
                dag.value(Op::BuildPair, w, &[lo, hi], 0)
            }
            _ => {
                let c = dag.value(Op::SetCC, VT::I1, &[a, b], Cond::Ult as u64);
                let z = dag.constant(VT::I64, 0);
                let one = dag.constant(VT::I64, 1);
                let x = dag.value(Op::Select, VT::I64, &[c, one, z], 0);
                dag.value(Op::ZeroExtend, w, &[x], 0)
            }
        };
        vals.push(v);
    }
    let outs: Vec<VReg> = (0..3)
        .map(|_| super::vregs_for(&mut mf, &Mock, VT::I128).unwrap())
        .collect();
    for (k, &o) in outs.iter().enumerate() {
        let r = reg(&mut dag, o, VT::I128);
        let v = vals[vals.len() - 1 - k];
        chain = dag.value(Op::CopyToReg, VT::Chain, &[chain, r, v], 0);
    }
    let addr = dag.constant(VT::I64, 0x1000);
    let info = MemInfo {
        mem_bits: 128,
        ext: Ext::None,
        volatile: false,
        segment: crate::Segment::None,
    };
    chain = dag.value(Op::Store, VT::Chain, &[chain, vals[4], addr], info.pack());
    dag.root = Some(chain);

    let before = run(&dag, &mf, &inputs, false);
    let dump = dag.dump();
    legalize_types(&mut dag, &mut mf, &Mock, &mut LegalizeCtx::default())
        .unwrap_or_else(|e| panic!("seed {seed}: {e}\n{dump}"));
    for n in dag.nodes() {
        if dag.uses(n) > 0 || dag.root.map(|r| r.node()) == Some(n) {
            assert!(
                dag.vts(n).iter().all(|&t| t != VT::I128),
                "seed {seed}: wide node left\n{}",
                dag.dump()
            );
        }
    }
    let after = run(&dag, &mf, &inputs, true);
    assert_eq!(
        before,
        after,
        "seed {seed}\nbefore:\n{dump}\nafter:\n{}",
        dag.dump()
    );
}

/// Registers written (by register bits) and memory bytes, sorted.
type Outcome = (Vec<(u32, u128)>, Vec<(u64, u8)>);

/// Runs the DAG from the root; returns the output vreg values (wide ones
/// joined from their halves) and the memory.
fn run(dag: &Dag, mf: &MachFunction, inputs: &HashMap<VReg, u128>, split: bool) -> Outcome {
    let mut it = Interp {
        dag,
        mf,
        regs: HashMap::new(),
        mem: HashMap::new(),
        memo: HashMap::new(),
    };
    for (&v, &x) in inputs {
        if split {
            it.regs.insert(Reg::virt(v).bits(), x & mask(64));
            let hi = VReg::from_u32(v.as_u32() + 1);
            it.regs.insert(Reg::virt(hi).bits(), x >> 64);
        } else {
            it.regs.insert(Reg::virt(v).bits(), x);
        }
    }
    let before: Vec<u32> = it.regs.keys().copied().collect();
    it.eval(dag.root.unwrap().node());
    let mut regs: Vec<(u32, u128)> = it
        .regs
        .iter()
        .filter(|(r, _)| !before.contains(r))
        .map(|(&r, &v)| (r, v))
        .collect();
    regs.sort();
    if split {
        // Join the halves: the low half's vreg names the value.
        let mut joined = Vec::new();
        for pair in regs.chunks(2) {
            joined.push((pair[0].0, pair[0].1 | pair[1].1 << 64));
        }
        regs = joined;
    }
    let mut mem: Vec<(u64, u8)> = it.mem.into_iter().collect();
    mem.sort();
    (regs, mem)
}

#[test]
fn legalized_dags_compute_the_same() {
    let n: u64 = std::env::var("RCC_LEGALIZE_CASES")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(3000);
    for seed in 1..=n {
        case(seed.wrapping_mul(0x9e37_79b9_7f4a_7c15));
    }
}

#[test]
fn legal_dags_are_left_alone() {
    let mut mf = MachFunction::new(GlobalId::from_u32(0));
    let mut dag = Dag::default();
    let e = dag.entry();
    let a = dag.constant(VT::I64, 3);
    let addr = dag.constant(VT::I64, 8);
    let info = MemInfo {
        mem_bits: 64,
        ext: Ext::None,
        volatile: false,
        segment: crate::Segment::None,
    }
    .pack();
    let s = dag.value(Op::Store, VT::Chain, &[e, a, addr], info);
    dag.root = Some(s);
    let len = dag.len();
    legalize_types(&mut dag, &mut mf, &Mock, &mut LegalizeCtx::default()).unwrap();
    assert_eq!(dag.len(), len);
    assert_eq!(dag.root, Some(s));
}

#[test]
fn unknown_wide_operations_are_named() {
    let mut mf = MachFunction::new(GlobalId::from_u32(0));
    let mut dag = Dag::default();
    let e = dag.entry();
    let v = super::vregs_for(&mut mf, &Mock, VT::I128).unwrap();
    let r = reg(&mut dag, v, VT::I128);
    let x = dag.node(Op::CopyFromReg, &[VT::I128, VT::Chain], &[e, r], 0);
    let t = dag.node(Op::Target(9), &[VT::Chain], &[e, SDValue::new(x, 0)], 0);
    dag.root = Some(SDValue::new(t, 0));
    let err = legalize_types(&mut dag, &mut mf, &Mock, &mut LegalizeCtx::default()).unwrap_err();
    assert!(
        err.what.contains("i128 operation (Target(9)"),
        "{}",
        err.what
    );
}
