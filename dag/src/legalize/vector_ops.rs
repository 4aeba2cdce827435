//! The rules of vector legalization, one per operation family (see the
//! parent module for the layouts and the walk).

use super::vector::{layout, shuffle_mask, shuffle_node, How, LResult, Layout, TypeLegality};
use crate::lowering::IselError;
use crate::node::{Dag, Node, SDValue};
use crate::opcode::{Cond, Ext, MemInfo, Op};
use crate::vt::VT;
use rcc_ir::entity::EntityId;
use rcc_mach::{FrameKind, MachFunction, Reg, VReg};

fn err<T>(what: impl Into<String>) -> LResult<T> {
    Err(IselError::new(what))
}

/// Legalization state of one block.
pub(super) struct Lz<'a> {
    pub dag: &'a mut Dag,
    pub mf: &'a mut MachFunction,
    pub t: &'a dyn TypeLegality,
    /// Per original value (`node * 4 + result`): its parts in `pool`.
    pub map: Vec<(u32, u32)>,
    pub pool: Vec<SDValue>,
}

fn key(v: SDValue) -> usize {
    v.node().index() * 4 + v.res() as usize
}

/// Memory access details of a legalized load or store.
#[derive(Copy, Clone)]
struct Mem {
    align: u32,
    volatile: bool,
}

impl Lz<'_> {
    // ---- the value map

    fn get(&self, v: SDValue) -> Vec<SDValue> {
        let (s, n) = self.map[key(v)];
        self.pool[s as usize..(s + n) as usize].to_vec()
    }

    /// The single legal value of `v` (an error for a multi-part value).
    pub(super) fn one(&self, v: SDValue) -> LResult<SDValue> {
        let (s, n) = self.map[key(v)];
        if n != 1 {
            return err(format!(
                "a value of type {} where one register is needed",
                self.dag.vt(v)
            ));
        }
        Ok(self.pool[s as usize])
    }

    fn set(&mut self, v: SDValue, parts: &[SDValue]) {
        let s = self.pool.len() as u32;
        self.pool.extend_from_slice(parts);
        self.map[key(v)] = (s, parts.len() as u32);
    }

    fn layout(&self, vt: VT) -> LResult<Layout> {
        layout(self.t, vt).ok_or_else(|| IselError::new(format!("vector type {vt}")))
    }

    // ---- node construction helpers

    fn undef(&mut self, vt: VT) -> SDValue {
        self.dag.value(Op::Undef, vt, &[], 0)
    }

    fn constant(&mut self, vt: VT, v: u64) -> SDValue {
        self.dag.constant(vt, v)
    }

    /// A vector of type `vt` with every lane `x`.
    fn splat(&mut self, vt: VT, x: SDValue) -> SDValue {
        let lanes = vec![x; vt.lanes() as usize];
        self.dag.value(Op::BuildVector, vt, &lanes, 0)
    }

    fn splat_const(&mut self, vt: VT, v: u64) -> SDValue {
        let c = self.constant(vt.elem(), v);
        self.splat(vt, c)
    }

    fn bitcast(&mut self, v: SDValue, to: VT) -> SDValue {
        if self.dag.vt(v) == to {
            v
        } else {
            self.dag.value(Op::Bitcast, to, &[v], 0)
        }
    }

    fn not(&mut self, v: SDValue) -> SDValue {
        let vt = self.dag.vt(v);
        let ones = self.splat_const(vt, u64::MAX);
        self.dag.value(Op::Xor, vt, &[v, ones], 0)
    }

    /// Lane `i` of legal vector `v`.
    fn extract(&mut self, v: SDValue, i: u32) -> SDValue {
        let vt = self.dag.vt(v);
        let idx = self.constant(VT::I64, u64::from(i));
        self.dag.value(Op::ExtractElt, vt.elem(), &[v, idx], 0)
    }

    fn shuffle(&mut self, vt: VT, a: SDValue, b: SDValue, mask: &[Option<u32>]) -> SDValue {
        // An identity of `a` is `a`.
        if self.dag.vt(a) == vt
            && mask
                .iter()
                .enumerate()
                .all(|(i, m)| m.is_none_or(|m| m == i as u32))
        {
            return a;
        }
        shuffle_node(self.dag, vt, a, b, mask)
    }

    fn add_offset(&mut self, addr: SDValue, off: u64) -> SDValue {
        if off == 0 {
            return addr;
        }
        let c = self.constant(VT::I64, off);
        self.dag.value(Op::Add, VT::I64, &[addr, c], 0)
    }

    // ---- lanes of multi-part values

    /// Lane `i` of a value of type `vt` held as `parts`, as a scalar of
    /// `vt`'s element type.
    fn lane(&mut self, parts: &[SDValue], vt: VT, l: Layout, i: u32) -> SDValue {
        if l.how == How::Scalar {
            return parts[0];
        }
        let per = l.per_part(vt);
        let e = self.extract(parts[(i / per) as usize], i % per);
        if l.how == How::Promote {
            self.dag.value(Op::Truncate, VT::I1, &[e], 0)
        } else {
            e
        }
    }

    /// The parts of a value of type `vt` whose lanes are `lanes` (scalars
    /// of the element type or `Undef`).
    fn build(&mut self, lanes: &[SDValue], vt: VT, l: Layout) -> Vec<SDValue> {
        if l.how == How::Scalar {
            return vec![lanes[0]];
        }
        let per = l.per_part(vt) as usize;
        let pe = l.part.elem();
        let mut out = Vec::with_capacity(l.count as usize);
        for group in lanes.chunks(per) {
            let mut v: Vec<SDValue> = group
                .iter()
                .map(|&x| {
                    if self.dag.op_of(x) == Op::Undef {
                        self.undef(pe)
                    } else if l.how == How::Promote {
                        self.dag.value(Op::SignExtend, pe, &[x], 0)
                    } else {
                        x
                    }
                })
                .collect();
            while v.len() < l.part.lanes() as usize {
                let u = self.undef(pe);
                v.push(u);
            }
            out.push(self.dag.value(Op::BuildVector, l.part, &v, 0));
        }
        out
    }

    /// The value of type `vt` (layout `l`) computed lane by lane with `f`.
    fn by_lanes(
        &mut self,
        vt: VT,
        l: Layout,
        mut f: impl FnMut(&mut Self, u32) -> LResult<SDValue>,
    ) -> LResult<Vec<SDValue>> {
        let mut lanes = Vec::with_capacity(vt.lanes() as usize);
        for i in 0..vt.lanes() {
            lanes.push(f(self, i)?);
        }
        Ok(self.build(&lanes, vt, l))
    }

    // ---- the walk

    pub(super) fn node(&mut self, n: Node) -> LResult<()> {
        let dag = &*self.dag;
        let op = dag.op(n);
        let vts = dag.vts(n).to_vec();
        let ops = dag.operands(n).to_vec();
        let payload = dag.payload(n);
        let vector =
            vts.iter().any(|v| v.is_vector()) || ops.iter().any(|&o| self.dag.vt(o).is_vector());
        let v0 = SDValue::new(n, 0);
        if !vector || op == Op::Register {
            return self.rebuild(n, op, &vts, &ops, payload);
        }
        let vt = vts[0];
        let parts = match op {
            Op::Undef => {
                let l = self.layout(vt)?;
                (0..l.count).map(|_| self.undef(l.part)).collect()
            }
            Op::CopyFromReg => return self.copy_from(n, vt, &ops),
            Op::CopyToReg => return self.copy_to(n, &ops),
            Op::Load => return self.load(n, vt, &ops, payload),
            Op::Store => return self.store(n, &ops, payload),
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
            | Op::FAdd
            | Op::FSub
            | Op::FMul
            | Op::FDiv => self.binary(op, vt, &ops)?,
            Op::FNeg | Op::FAbs | Op::FSqrt => self.unary(op, vt, ops[0])?,
            Op::SetCC => self.setcc(vt, &ops, payload)?,
            Op::FSetCC => self.fsetcc(vt, &ops, payload)?,
            Op::SintToFp | Op::FpToSint | Op::FpExtend | Op::FpRound => {
                self.convert(op, vt, ops[0])?
            }
            Op::Select => self.select(vt, &ops)?,
            Op::ZeroExtend | Op::SignExtend | Op::AnyExtend | Op::Truncate => {
                self.extend(op, vt, ops[0])?
            }
            Op::Bitcast => self.bitcast_value(vt, ops[0])?,
            Op::ConstantFP => {
                // A vector constant given as its bits (at most 64).
                let l = self.layout(vt)?;
                let e = vt.elem();
                let eb = e.bits();
                let lanes: Vec<SDValue> = (0..vt.lanes())
                    .map(|i| {
                        let bits = payload.checked_shr(i * eb).unwrap_or(0) & e.mask();
                        self.dag.value(Op::ConstantFP, e, &[], bits)
                    })
                    .collect();
                self.build(&lanes, vt, l)
            }
            Op::BuildVector => {
                let l = self.layout(vt)?;
                let lanes: Vec<SDValue> =
                    ops.iter().map(|&o| self.one(o)).collect::<LResult<_>>()?;
                self.build(&lanes, vt, l)
            }
            Op::ExtractElt => vec![self.extract_elt(vt, ops[0], ops[1])?],
            Op::InsertElt => self.insert_elt(vt, &ops)?,
            Op::Shuffle => {
                let mask = shuffle_mask(self.dag, n);
                self.shuffle_value(vt, ops[0], ops[1], &mask)?
            }
            _ => return self.rebuild(n, op, &vts, &ops, payload),
        };
        self.set(v0, &parts);
        Ok(())
    }

    /// `n` with its operands replaced by their (single) legal values; all
    /// its types must be legal.
    fn rebuild(
        &mut self,
        n: Node,
        op: Op,
        vts: &[VT],
        ops: &[SDValue],
        payload: u64,
    ) -> LResult<()> {
        if op == Op::Register {
            self.set(SDValue::new(n, 0), &[SDValue::new(n, 0)]);
            return Ok(());
        }
        for &v in vts.iter().filter(|v| v.is_vector()) {
            if self.layout(v)? != Layout::legal(v) {
                return err(format!("a {op:?} of type {v}"));
            }
        }
        let new_ops: Vec<SDValue> = ops.iter().map(|&o| self.one(o)).collect::<LResult<_>>()?;
        let m = self.dag.node(op, vts, &new_ops, payload);
        for r in 0..vts.len() as u32 {
            self.set(SDValue::new(n, r), &[SDValue::new(m, r)]);
        }
        Ok(())
    }

    // ---- registers

    fn part_reg(&mut self, reg: SDValue, k: u32, part: VT) -> LResult<SDValue> {
        let r = Reg::from_bits(self.dag.payload(reg.node()) as u32);
        let Some(v) = r.as_virt() else {
            return err("a vector in a physical register");
        };
        let pr = Reg::virt(VReg::from_u32(v.as_u32() + k));
        Ok(self
            .dag
            .value(Op::Register, part, &[], u64::from(pr.bits())))
    }

    fn copy_from(&mut self, n: Node, vt: VT, ops: &[SDValue]) -> LResult<()> {
        let l = self.layout(vt)?;
        let mut chain = self.one(ops[0])?;
        let mut parts = Vec::with_capacity(l.count as usize);
        for k in 0..l.count {
            let r = self.part_reg(ops[1], k, l.part)?;
            let c = self
                .dag
                .node(Op::CopyFromReg, &[l.part, VT::Chain], &[chain, r], 0);
            parts.push(SDValue::new(c, 0));
            chain = SDValue::new(c, 1);
        }
        self.set(SDValue::new(n, 0), &parts);
        self.set(SDValue::new(n, 1), &[chain]);
        Ok(())
    }

    fn copy_to(&mut self, n: Node, ops: &[SDValue]) -> LResult<()> {
        let vt = self.dag.vt(ops[2]);
        let l = self.layout(vt)?;
        let mut chain = self.one(ops[0])?;
        let parts = self.get(ops[2]);
        for (k, &p) in parts.iter().enumerate() {
            let r = self.part_reg(ops[1], k as u32, l.part)?;
            chain = self.dag.value(Op::CopyToReg, VT::Chain, &[chain, r, p], 0);
        }
        self.set(SDValue::new(n, 0), &[chain]);
        Ok(())
    }

    // ---- memory

    fn load(&mut self, n: Node, vt: VT, ops: &[SDValue], payload: u64) -> LResult<()> {
        let chain = self.one(ops[0])?;
        let addr = self.one(ops[1])?;
        let mi = MemInfo::unpack(payload);
        let mem = Mem {
            align: MemInfo::align_of(payload),
            volatile: mi.volatile,
        };
        let (parts, ch) = self.load_value(chain, vt, addr, mem)?;
        self.set(SDValue::new(n, 0), &parts);
        self.set(SDValue::new(n, 1), &[ch]);
        Ok(())
    }

    fn store(&mut self, n: Node, ops: &[SDValue], payload: u64) -> LResult<()> {
        let chain = self.one(ops[0])?;
        let vt = self.dag.vt(ops[1]);
        let parts = self.get(ops[1]);
        let addr = self.one(ops[2])?;
        let mi = MemInfo::unpack(payload);
        let mem = Mem {
            align: MemInfo::align_of(payload),
            volatile: mi.volatile,
        };
        let ch = self.store_value(chain, &parts, vt, addr, mem)?;
        self.set(SDValue::new(n, 0), &[ch]);
        Ok(())
    }

    fn mem_payload(bits: u32, m: Mem) -> u64 {
        let info = MemInfo {
            mem_bits: bits.min(255),
            ext: Ext::None,
            volatile: m.volatile,
            segment: crate::Segment::None,
        };
        MemInfo::with_align(info.pack(), m.align)
    }

    /// A load of one legal value of type `vt`.
    fn load_one(&mut self, chain: SDValue, vt: VT, addr: SDValue, m: Mem) -> (SDValue, SDValue) {
        let n = self.dag.node(
            Op::Load,
            &[vt, VT::Chain],
            &[chain, addr],
            Self::mem_payload(vt.bits(), m),
        );
        (SDValue::new(n, 0), SDValue::new(n, 1))
    }

    fn store_one(&mut self, chain: SDValue, v: SDValue, addr: SDValue, m: Mem) -> SDValue {
        let bits = self.dag.vt(v).bits();
        self.dag.value(
            Op::Store,
            VT::Chain,
            &[chain, v, addr],
            Self::mem_payload(bits, m),
        )
    }

    fn join(&mut self, chains: &[SDValue]) -> SDValue {
        if chains.len() == 1 {
            chains[0]
        } else {
            self.dag.value(Op::TokenFactor, VT::Chain, chains, 0)
        }
    }

    /// The parts of a value of type `vt` loaded from `addr`, and the
    /// output chain.
    fn load_value(
        &mut self,
        chain: SDValue,
        vt: VT,
        addr: SDValue,
        m: Mem,
    ) -> LResult<(Vec<SDValue>, SDValue)> {
        let l = self.layout(vt)?;
        match l.how {
            How::Legal => {
                let bytes = u64::from(l.part.bits() / 8);
                let eb = u64::from(l.part.elem().bits() / 8);
                let mut parts = Vec::new();
                let mut chains = Vec::new();
                for k in 0..l.count {
                    let a = self.add_offset(addr, bytes * u64::from(k));
                    let mk = part_mem(m, k, bytes);
                    let valid = l.valid(vt, k);
                    if valid == l.part.lanes() {
                        let (v, c) = self.load_one(chain, l.part, a, mk);
                        parts.push(v);
                        chains.push(c);
                        continue;
                    }
                    // A partial last part, lane by lane.
                    let mut lanes = Vec::new();
                    for i in 0..valid {
                        let ai = self.add_offset(a, eb * u64::from(i));
                        let mi = Mem { align: 1, ..m };
                        let (v, c) = self.load_one(chain, l.part.elem(), ai, mi);
                        lanes.push(v);
                        chains.push(c);
                    }
                    let part = Layout::legal(l.part);
                    parts.extend(self.build(
                        &lanes,
                        l.part.with_lanes(valid).unwrap_or(l.part),
                        Layout {
                            how: How::Widen,
                            ..part
                        },
                    ));
                }
                let ch = self.join(&chains);
                Ok((parts, ch))
            }
            How::Scalar => {
                if vt.elem() == VT::I1 {
                    return err(format!("a load of {vt}"));
                }
                let (v, c) = self.load_one(chain, vt.elem(), addr, m);
                Ok((vec![v], c))
            }
            How::Widen => {
                if let Some(it) = VT::int(vt.bits()).filter(|_| matches!(vt.bits(), 16 | 32 | 64)) {
                    let sv = VT::vector(it, 128 / vt.bits()).unwrap_or(l.part);
                    if sv.bits() == l.part.bits() && self.t.selects(self.dag, Op::Load, sv, &[]) {
                        let info = MemInfo {
                            mem_bits: vt.bits(),
                            ext: Ext::Zero,
                            volatile: m.volatile,
                            segment: crate::Segment::None,
                        };
                        let n = self.dag.node(
                            Op::Load,
                            &[sv, VT::Chain],
                            &[chain, addr],
                            MemInfo::with_align(info.pack(), m.align),
                        );
                        let p = self.bitcast(SDValue::new(n, 0), l.part);
                        return Ok((vec![p], SDValue::new(n, 1)));
                    }
                    let (x, c) = self.load_one(chain, it, addr, m);
                    let s = self.dag.value(Op::ScalarToVector, sv, &[x], 0);
                    let p = self.bitcast(s, l.part);
                    return Ok((vec![p], c));
                }
                // Element by element.
                let e = vt.elem();
                let eb = u64::from(e.bits() / 8);
                let mut lanes = Vec::new();
                let mut chains = Vec::new();
                for i in 0..vt.lanes() {
                    let a = self.add_offset(addr, eb * u64::from(i));
                    let (v, c) = self.load_one(chain, e, a, Mem { align: 1, ..m });
                    lanes.push(v);
                    chains.push(c);
                }
                let ch = self.join(&chains);
                Ok((self.build(&lanes, vt, l), ch))
            }
            How::Promote => err(format!("a load of {vt}")),
        }
    }

    /// Stores `parts` (a value of type `vt`) to `addr`; the output chain.
    fn store_value(
        &mut self,
        chain: SDValue,
        parts: &[SDValue],
        vt: VT,
        addr: SDValue,
        m: Mem,
    ) -> LResult<SDValue> {
        let l = self.layout(vt)?;
        match l.how {
            How::Legal => {
                let bytes = u64::from(l.part.bits() / 8);
                let eb = u64::from(l.part.elem().bits() / 8);
                let mut chains = Vec::new();
                for (k, &p) in parts.iter().enumerate() {
                    let a = self.add_offset(addr, bytes * k as u64);
                    let mk = part_mem(m, k as u32, bytes);
                    let valid = l.valid(vt, k as u32);
                    if valid == l.part.lanes() {
                        chains.push(self.store_one(chain, p, a, mk));
                        continue;
                    }
                    for i in 0..valid {
                        let x = self.extract(p, i);
                        let ai = self.add_offset(a, eb * u64::from(i));
                        chains.push(self.store_one(chain, x, ai, Mem { align: 1, ..m }));
                    }
                }
                Ok(self.join(&chains))
            }
            How::Scalar => {
                if vt.elem() == VT::I1 {
                    return err(format!("a store of {vt}"));
                }
                Ok(self.store_one(chain, parts[0], addr, m))
            }
            How::Widen => {
                if let Some(it) = VT::int(vt.bits()).filter(|_| matches!(vt.bits(), 16 | 32 | 64)) {
                    let iv = VT::vector(it, 128 / vt.bits()).unwrap_or(l.part);
                    let b = self.bitcast(parts[0], iv);
                    let x = self.extract(b, 0);
                    return Ok(self.store_one(chain, x, addr, m));
                }
                let e = vt.elem();
                let eb = u64::from(e.bits() / 8);
                let mut chains = Vec::new();
                for i in 0..vt.lanes() {
                    let x = self.lane(parts, vt, l, i);
                    let a = self.add_offset(addr, eb * u64::from(i));
                    chains.push(self.store_one(chain, x, a, Mem { align: 1, ..m }));
                }
                Ok(self.join(&chains))
            }
            How::Promote => err(format!("a store of {vt}")),
        }
    }

    /// A fresh stack slot for the parts of a value of layout `l`, and its
    /// address.
    fn slot(&mut self, l: Layout) -> SDValue {
        let bytes = u64::from(l.part.bits().max(8) / 8) * u64::from(l.count);
        let fi = self.mf.frame.create(bytes.max(1), 16, FrameKind::Local);
        self.dag
            .value(Op::FrameIndex, VT::I64, &[], u64::from(fi.as_u32()))
    }

    /// Stores the parts of a value to a fresh slot: (address, chain).
    fn spill(&mut self, parts: &[SDValue], l: Layout) -> (SDValue, SDValue) {
        let addr = self.slot(l);
        let entry = self.dag.entry();
        let bytes = u64::from(l.part.bits() / 8);
        let mut chains = Vec::new();
        for (k, &p) in parts.iter().enumerate() {
            let a = self.add_offset(addr, bytes * k as u64);
            chains.push(self.store_one(
                entry,
                p,
                a,
                Mem {
                    align: 16,
                    volatile: false,
                },
            ));
        }
        let ch = self.join(&chains);
        (addr, ch)
    }

    /// `addr + (idx & (lanes - 1)) * scale` for a variable lane index.
    fn lane_addr(&mut self, addr: SDValue, idx: SDValue, lanes: u32, scale: u32) -> SDValue {
        let m = self.constant(VT::I64, u64::from(lanes.next_power_of_two() - 1));
        let i = self.dag.value(Op::And, VT::I64, &[idx, m], 0);
        let s = self.constant(VT::I64, u64::from(scale));
        let off = self.dag.value(Op::Mul, VT::I64, &[i, s], 0);
        self.dag.value(Op::Add, VT::I64, &[addr, off], 0)
    }

    // ---- arithmetic

    fn binary(&mut self, op: Op, vt: VT, ops: &[SDValue]) -> LResult<Vec<SDValue>> {
        let l = self.layout(vt)?;
        let (a, b) = (self.get(ops[0]), self.get(ops[1]));
        let op = if l.how == How::Promote {
            // Lanes are 0 or -1: i1 arithmetic is logic.
            match op {
                Op::Add | Op::Sub | Op::Xor => Op::Xor,
                Op::Mul | Op::And => Op::And,
                Op::Or => Op::Or,
                _ => return err(format!("{op:?} on {vt}")),
            }
        } else {
            op
        };
        let mut out = Vec::with_capacity(a.len());
        for k in 0..a.len() {
            let valid = l.valid(vt, k as u32);
            out.push(self.arith(op, l.part, &[a[k], b[k]], valid));
        }
        Ok(out)
    }

    fn unary(&mut self, op: Op, vt: VT, x: SDValue) -> LResult<Vec<SDValue>> {
        let l = self.layout(vt)?;
        let src = self.get(x);
        let mut out = Vec::with_capacity(src.len());
        for (k, &p) in src.iter().enumerate() {
            let valid = l.valid(vt, k as u32);
            out.push(self.arith(op, l.part, &[p], valid));
        }
        Ok(out)
    }

    /// A lane-wise conversion (`SintToFp`, `FpToSint`, `FpExtend`,
    /// `FpRound`): part by part when the lanes line up and the target
    /// selects it, else lane by lane.
    fn convert(&mut self, op: Op, vt: VT, x: SDValue) -> LResult<Vec<SDValue>> {
        let st = self.dag.vt(x);
        let (lo, lr) = (self.layout(st)?, self.layout(vt)?);
        let src = self.get(x);
        let parts_ok = |l: Layout| matches!(l.how, How::Legal | How::Widen);
        if parts_ok(lo)
            && parts_ok(lr)
            && lo.count == lr.count
            && lo.per_part(st) == lr.per_part(vt)
            && src
                .iter()
                .all(|&p| self.t.selects(self.dag, op, lr.part, &[p]))
        {
            return Ok(src
                .iter()
                .map(|&p| self.dag.value(op, lr.part, &[p], 0))
                .collect());
        }
        let e = vt.elem();
        self.by_lanes(vt, lr, |s, i| {
            let x = s.lane(&src, st, lo, i);
            Ok(s.dag.value(op, e, &[x], 0))
        })
    }

    /// `op` on legal values of type `vt`, unrolled to `valid` scalar lanes
    /// when the target does not select it.
    fn arith(&mut self, op: Op, vt: VT, ops: &[SDValue], valid: u32) -> SDValue {
        if !vt.is_vector() || self.t.selects(self.dag, op, vt, ops) {
            return self.dag.value(op, vt, ops, 0);
        }
        if let Some(v) = self.shift_by_splat(op, vt, ops) {
            return v;
        }
        self.unroll(op, vt, ops, valid)
    }

    /// A shift by a splat constant the target lacks, from ones it has:
    /// an arithmetic shift right as `((x >>u c) ^ m) - m` with
    /// `m = 1 << (bits - 1 - c)` (no `psraq`), and byte lanes shifted as
    /// 16-bit lanes whose bits crossing into the neighbour byte are masked
    /// off (x86 has no byte shifts).
    fn shift_by_splat(&mut self, op: Op, vt: VT, ops: &[SDValue]) -> Option<SDValue> {
        if !op.is_shift() || !vt.is_int_vector() {
            return None;
        }
        let lanes = self.dag.operands(ops[1].node()).to_vec();
        if self.dag.op_of(ops[1]) != Op::BuildVector {
            return None;
        }
        let c = self.dag.as_const(*lanes.first()?)?;
        if lanes.iter().any(|&l| self.dag.as_const(l) != Some(c)) {
            return None;
        }
        let bits = u64::from(vt.elem().bits());
        if c >= bits {
            return None;
        }
        let x = ops[0];
        if op == Op::Sra {
            // Needs the logical shift, xor and sub of this type.
            let srl = self.shift_by_splat_or_legal(Op::Srl, vt, x, c)?;
            let m = self.splat_const(vt, 1u64 << (bits - 1 - c));
            if !self.t.selects(self.dag, Op::Xor, vt, &[srl, m])
                || !self.t.selects(self.dag, Op::Sub, vt, &[srl, m])
            {
                return None;
            }
            let t = self.dag.value(Op::Xor, vt, &[srl, m], 0);
            return Some(self.dag.value(Op::Sub, vt, &[t, m], 0));
        }
        if vt.elem() != VT::I8 {
            return None;
        }
        let wt = VT::vector(VT::I16, vt.lanes() / 2)?;
        let w = self.bitcast(x, wt);
        let cw = self.splat_const(wt, c);
        if !self.t.selects(self.dag, op, wt, &[w, cw]) {
            return None;
        }
        let sh = self.dag.value(op, wt, &[w, cw], 0);
        let b = self.bitcast(sh, vt);
        let keep = if op == Op::Shl {
            0xffu64 << c
        } else {
            0xff >> c
        } & 0xff;
        let m = self.splat_const(vt, keep);
        if !self.t.selects(self.dag, Op::And, vt, &[b, m]) {
            return None;
        }
        Some(self.dag.value(Op::And, vt, &[b, m], 0))
    }

    /// `x` shifted by splat constant `c`, selected as it is or through
    /// [`Lz::shift_by_splat`].
    fn shift_by_splat_or_legal(&mut self, op: Op, vt: VT, x: SDValue, c: u64) -> Option<SDValue> {
        let cv = self.splat_const(vt, c);
        if self.t.selects(self.dag, op, vt, &[x, cv]) {
            return Some(self.dag.value(op, vt, &[x, cv], 0));
        }
        self.shift_by_splat(op, vt, &[x, cv])
    }

    fn unroll(&mut self, op: Op, vt: VT, ops: &[SDValue], valid: u32) -> SDValue {
        let e = vt.elem();
        let mut lanes = Vec::with_capacity(vt.lanes() as usize);
        for i in 0..vt.lanes() {
            if i >= valid {
                let u = self.undef(e);
                lanes.push(u);
                continue;
            }
            let xs: Vec<SDValue> = ops.iter().map(|&o| self.extract(o, i)).collect();
            lanes.push(self.dag.value(op, e, &xs, 0));
        }
        self.dag.value(Op::BuildVector, vt, &lanes, 0)
    }

    // ---- comparisons and selects

    fn setcc(&mut self, vt: VT, ops: &[SDValue], payload: u64) -> LResult<Vec<SDValue>> {
        let cond = Cond::ALL
            .get(payload as usize)
            .copied()
            .ok_or_else(|| IselError::new("a vector compare's condition"))?;
        let ot = self.dag.vt(ops[0]);
        if !ot.is_int_vector() {
            return err(format!("a compare of {ot}"));
        }
        let (lo, lr) = (self.layout(ot)?, self.layout(vt)?);
        let (a, b) = (self.get(ops[0]), self.get(ops[1]));
        if lo.how == How::Scalar {
            return Ok(vec![self.dag.value(
                Op::SetCC,
                VT::I1,
                &[a[0], b[0]],
                payload,
            )]);
        }
        let mut masks = Vec::with_capacity(a.len());
        for k in 0..a.len() {
            let valid = lo.valid(ot, k as u32);
            masks.push(self.setcc_part(a[k], b[k], cond, valid));
        }
        if lr.how == How::Scalar {
            let m = self.extract(masks[0], 0);
            return Ok(vec![self.dag.value(Op::Truncate, VT::I1, &[m], 0)]);
        }
        self.resize(&masks, lo.part, ot.lanes(), lr, Op::SignExtendInReg)
    }

    fn fsetcc(&mut self, vt: VT, ops: &[SDValue], payload: u64) -> LResult<Vec<SDValue>> {
        let ot = self.dag.vt(ops[0]);
        let (lo, lr) = (self.layout(ot)?, self.layout(vt)?);
        let (a, b) = (self.get(ops[0]), self.get(ops[1]));
        if lo.how == How::Scalar {
            return Ok(vec![self.dag.value(
                Op::FSetCC,
                VT::I1,
                &[a[0], b[0]],
                payload,
            )]);
        }
        let mt = lo
            .part
            .to_int()
            .ok_or_else(|| IselError::new(format!("a compare of {ot}")))?;
        let mut masks = Vec::with_capacity(a.len());
        for k in 0..a.len() {
            let (x, y) = (a[k], b[k]);
            if self.t.selects(self.dag, Op::FSetCC, lo.part, &[x, y]) {
                masks.push(self.dag.value(Op::FSetCC, mt, &[x, y], payload));
                continue;
            }
            let valid = lo.valid(ot, k as u32);
            let m = self.compare_lanes(Op::FSetCC, payload, mt, x, y, valid);
            masks.push(m);
        }
        if lr.how == How::Scalar {
            let m = self.extract(masks[0], 0);
            return Ok(vec![self.dag.value(Op::Truncate, VT::I1, &[m], 0)]);
        }
        self.resize(&masks, mt, ot.lanes(), lr, Op::SignExtendInReg)
    }

    /// The canonical mask (each lane 0 or -1, shaped like `a`) of
    /// `a cond b` for legal vectors, expanded when the target lacks it.
    fn setcc_part(&mut self, a: SDValue, b: SDValue, cond: Cond, valid: u32) -> SDValue {
        let vt = self.dag.vt(a);
        if self.t.legal_cond(vt, cond) {
            return self.dag.value(Op::SetCC, vt, &[a, b], cond as u64);
        }
        let w = VT::V4I32;
        let wide = vt.elem() == VT::I64
            && vt.lanes() == 2
            && self.t.legal_cond(w, Cond::Eq)
            && self.t.legal_cond(w, Cond::Sgt);
        match cond {
            Cond::Eq if wide => {
                // Both halves equal: eq32 and its halves swapped.
                let (x, y) = (self.bitcast(a, w), self.bitcast(b, w));
                let e = self.dag.value(Op::SetCC, w, &[x, y], Cond::Eq as u64);
                let u = self.undef(w);
                let s = self.shuffle(w, e, u, &[Some(1), Some(0), Some(3), Some(2)]);
                let r = self.dag.value(Op::And, w, &[e, s], 0);
                self.bitcast(r, vt)
            }
            Cond::Sgt | Cond::Ugt if wide => {
                // hi > hi' (signed, or unsigned with the sign flipped), or
                // hi == hi' and lo > lo' unsigned (lo's sign flipped).
                let flip: u64 = if cond == Cond::Sgt {
                    0x8000_0000
                } else {
                    0x8000_0000_8000_0000
                };
                let f = self.splat_const(vt, flip);
                let xa = self.dag.value(Op::Xor, vt, &[a, f], 0);
                let xb = self.dag.value(Op::Xor, vt, &[b, f], 0);
                let (x, y) = (self.bitcast(xa, w), self.bitcast(xb, w));
                let gt = self.dag.value(Op::SetCC, w, &[x, y], Cond::Sgt as u64);
                let eq = self.dag.value(Op::SetCC, w, &[x, y], Cond::Eq as u64);
                let u = self.undef(w);
                let hi = [Some(1), Some(1), Some(3), Some(3)];
                let lo = [Some(0), Some(0), Some(2), Some(2)];
                let hgt = self.shuffle(w, gt, u, &hi);
                let lgt = self.shuffle(w, gt, u, &lo);
                let heq = self.shuffle(w, eq, u, &hi);
                let t = self.dag.value(Op::And, w, &[heq, lgt], 0);
                let r = self.dag.value(Op::Or, w, &[hgt, t], 0);
                self.bitcast(r, vt)
            }
            Cond::Ne => {
                let e = self.setcc_part(a, b, Cond::Eq, valid);
                self.not(e)
            }
            Cond::Slt => self.setcc_part(b, a, Cond::Sgt, valid),
            Cond::Ult => self.setcc_part(b, a, Cond::Ugt, valid),
            Cond::Sge => {
                let g = self.setcc_part(b, a, Cond::Sgt, valid);
                self.not(g)
            }
            Cond::Uge => {
                let g = self.setcc_part(b, a, Cond::Ugt, valid);
                self.not(g)
            }
            Cond::Sle => {
                let g = self.setcc_part(a, b, Cond::Sgt, valid);
                self.not(g)
            }
            Cond::Ule => {
                let g = self.setcc_part(a, b, Cond::Ugt, valid);
                self.not(g)
            }
            Cond::Ugt if self.t.legal_cond(vt, Cond::Sgt) => {
                let sign = 1u64 << (vt.elem().bits() - 1);
                let f = self.splat_const(vt, sign);
                let xa = self.dag.value(Op::Xor, vt, &[a, f], 0);
                let xb = self.dag.value(Op::Xor, vt, &[b, f], 0);
                self.dag.value(Op::SetCC, vt, &[xa, xb], Cond::Sgt as u64)
            }
            _ => self.compare_lanes(Op::SetCC, cond as u64, vt, a, b, valid),
        }
    }

    /// A compare (`SetCC`/`FSetCC` with condition `payload`) of `a` and
    /// `b` lane by lane: a mask vector of type `mt` whose first `valid`
    /// lanes are the sign-extended results, the rest undefined.
    fn compare_lanes(
        &mut self,
        op: Op,
        payload: u64,
        mt: VT,
        a: SDValue,
        b: SDValue,
        valid: u32,
    ) -> SDValue {
        let e = mt.elem();
        let mut lanes = Vec::with_capacity(mt.lanes() as usize);
        for i in 0..mt.lanes() {
            if i >= valid {
                let u = self.undef(e);
                lanes.push(u);
                continue;
            }
            let (x, y) = (self.extract(a, i), self.extract(b, i));
            let c = self.dag.value(op, VT::I1, &[x, y], payload);
            lanes.push(self.dag.value(Op::SignExtend, e, &[c], 0));
        }
        self.dag.value(Op::BuildVector, mt, &lanes, 0)
    }

    fn select(&mut self, vt: VT, ops: &[SDValue]) -> LResult<Vec<SDValue>> {
        let l = self.layout(vt)?;
        let (a, b) = (self.get(ops[1]), self.get(ops[2]));
        let ct = self.dag.vt(ops[0]);
        let masks: Vec<SDValue> = if !ct.is_vector() {
            let c = self.one(ops[0])?;
            if l.how == How::Scalar {
                return Ok(vec![self.dag.value(
                    Op::Select,
                    l.part,
                    &[c, a[0], b[0]],
                    0,
                )]);
            }
            let mt = l.part.to_int().ok_or_else(|| IselError::new("a select"))?;
            let e = self.dag.value(Op::SignExtend, mt.elem(), &[c], 0);
            let m = self.splat(mt, e);
            vec![m; l.count as usize]
        } else {
            let lc = self.layout(ct)?;
            let cm = self.get(ops[0]);
            if l.how == How::Scalar {
                let c = self.lane(&cm, ct, lc, 0);
                return Ok(vec![self.dag.value(
                    Op::Select,
                    l.part,
                    &[c, a[0], b[0]],
                    0,
                )]);
            }
            let target = Layout {
                part: l.part.to_int().ok_or_else(|| IselError::new("a select"))?,
                how: How::Legal,
                ..l
            };
            self.resize(&cm, lc.part, ct.lanes(), target, Op::SignExtendInReg)?
        };
        let mut out = Vec::with_capacity(a.len());
        for k in 0..a.len() {
            out.push(
                self.dag
                    .value(Op::Select, l.part, &[masks[k], a[k], b[k]], 0),
            );
        }
        Ok(out)
    }

    // ---- lane-width changes

    /// Converts integer-vector parts of type `s` (`n` lanes in all) to
    /// layout `d`, lane by lane: wider lanes are extended by `ext`
    /// (`SignExtendInReg` or `ZeroExtendInReg`), narrower ones truncated.
    fn resize(
        &mut self,
        src: &[SDValue],
        s: VT,
        n: u32,
        d: Layout,
        ext: Op,
    ) -> LResult<Vec<SDValue>> {
        let (es, ed) = (s.elem().bits(), d.part.elem().bits());
        let vs = if src.len() == 1 { n } else { s.lanes() };
        let vd = if d.count == 1 { n } else { d.part.lanes() };
        if !s.is_vector() || !d.part.is_vector() {
            return err(format!("lanes of {s} as {}", d.part));
        }
        if es == ed {
            if s == d.part && src.len() == d.count as usize {
                return Ok(src.to_vec());
            }
            return err(format!("lanes of {s} as {}", d.part));
        }
        if ed > es {
            let mut out = Vec::with_capacity(d.count as usize);
            for j in 0..d.count {
                let first = j * vd;
                let mut v = src[(first / vs) as usize];
                let off = first % vs;
                if off != 0 {
                    let mask: Vec<Option<u32>> = (0..s.lanes())
                        .map(|i| (i < vd).then_some(off + i))
                        .collect();
                    let u = self.undef(s);
                    v = self.shuffle(s, v, u, &mask);
                }
                let mut cur = s;
                while cur.elem().bits() < ed {
                    let w = cur.elem().bits() * 2;
                    let nt = VT::int(w)
                        .and_then(|i| VT::vector(i, cur.lanes() / 2))
                        .ok_or_else(|| IselError::new("a vector extension"))?;
                    v = self.dag.value(ext, nt, &[v], 0);
                    cur = nt;
                }
                if cur != d.part {
                    return err(format!("lanes of {s} as {}", d.part));
                }
                out.push(v);
            }
            return Ok(out);
        }
        // Truncation: halve the lane width, pairing parts.
        let mut parts = src.to_vec();
        let mut cur = s;
        let mut valid = vs;
        while cur.elem().bits() > ed {
            let h = cur.elem().bits() / 2;
            let nt = VT::int(h)
                .and_then(|i| VT::vector(i, cur.lanes() * 2))
                .ok_or_else(|| IselError::new("a vector truncation"))?;
            let mut next = Vec::with_capacity(parts.len().div_ceil(2));
            for pair in parts.chunks(2) {
                let a = self.bitcast(pair[0], nt);
                let (b, two) = match pair.get(1) {
                    Some(&p) => (self.bitcast(p, nt), true),
                    None => (self.undef(nt), false),
                };
                let l = nt.lanes();
                let mask: Vec<Option<u32>> = (0..l)
                    .map(|i| {
                        if i < valid {
                            Some(2 * i)
                        } else if two && i < 2 * valid {
                            Some(l + 2 * (i - valid))
                        } else {
                            None
                        }
                    })
                    .collect();
                next.push(self.shuffle(nt, a, b, &mask));
            }
            if parts.len() >= 2 {
                valid *= 2;
            }
            parts = next;
            cur = nt;
        }
        if cur != d.part || parts.len() != d.count as usize || valid < vd.min(n) {
            return err(format!("lanes of {s} as {}", d.part));
        }
        Ok(parts)
    }

    fn extend(&mut self, op: Op, vt: VT, x: SDValue) -> LResult<Vec<SDValue>> {
        let st = self.dag.vt(x);
        if !st.is_int_vector() || !vt.is_int_vector() || st.lanes() != vt.lanes() {
            return err(format!("{op:?} from {st} to {vt}"));
        }
        let (ls, ld) = (self.layout(st)?, self.layout(vt)?);
        let src = self.get(x);
        if ls.how == How::Scalar || ld.how == How::Scalar {
            let s = src[0];
            let s = if ls.how == How::Scalar {
                s
            } else {
                self.lane(&src, st, ls, 0)
            };
            let r = self.dag.value(op, vt.elem(), &[s], 0);
            return Ok(self.build(&[r], vt, ld));
        }
        let n = st.lanes();
        let mut parts = src;
        if vt.elem() == VT::I1 && ls.how != How::Promote {
            // Truncation to i1: the low bit, spread over the lane as
            // `0 - (x & 1)` (legal for every lane width, unlike the byte
            // and quadword arithmetic shifts SSE2 lacks).
            for p in parts.iter_mut() {
                let one = self.splat_const(ls.part, 1);
                let zero = self.splat_const(ls.part, 0);
                let bit = self.dag.value(Op::And, ls.part, &[*p, one], 0);
                *p = self.dag.value(Op::Sub, ls.part, &[zero, bit], 0);
            }
        }
        let from_bool = ls.how == How::Promote;
        let ext = if op == Op::SignExtend || from_bool {
            Op::SignExtendInReg
        } else {
            Op::ZeroExtendInReg
        };
        let mut out = self.resize(&parts, ls.part, n, ld, ext)?;
        if from_bool && op == Op::ZeroExtend && ld.how != How::Promote {
            for p in out.iter_mut() {
                let one = self.splat_const(ld.part, 1);
                *p = self.dag.value(Op::And, ld.part, &[*p, one], 0);
            }
        }
        Ok(out)
    }

    fn bitcast_value(&mut self, vt: VT, x: SDValue) -> LResult<Vec<SDValue>> {
        let st = self.dag.vt(x);
        let (ls, ld) = (self.layout(st)?, self.layout(vt)?);
        let src = self.get(x);
        let reg = |l: Layout| l.part.is_vector() && matches!(l.how, How::Legal | How::Widen);
        if reg(ls) && reg(ld) && ls.count == ld.count && ls.part.bits() == ld.part.bits() {
            return Ok(src.iter().map(|&p| self.bitcast(p, ld.part)).collect());
        }
        // Scalar -> vector in one register.
        if !st.is_vector() && reg(ld) && ld.count == 1 && matches!(st.bits(), 16 | 32 | 64) {
            let sv = VT::vector(st, 128 / st.bits()).filter(|v| v.bits() == ld.part.bits());
            if let Some(sv) = sv {
                let s = self.dag.value(Op::ScalarToVector, sv, &[src[0]], 0);
                return Ok(vec![self.bitcast(s, ld.part)]);
            }
        }
        // Vector in one register -> scalar.
        if !vt.is_vector() && reg(ls) && ls.count == 1 && matches!(vt.bits(), 16 | 32 | 64) {
            if let Some(sv) = VT::vector(vt, 128 / vt.bits()).filter(|v| v.bits() == ls.part.bits())
            {
                let b = self.bitcast(src[0], sv);
                return Ok(vec![self.extract(b, 0)]);
            }
        }
        // One-lane vectors are their element.
        if ls.how == How::Scalar && ld.how == How::Scalar {
            return Ok(vec![self.bitcast(src[0], ld.part)]);
        }
        if ls.how == How::Promote && vt.is_int() {
            return Ok(vec![self.mask_bits(&src, st, ls, vt)?]);
        }
        if ld.how == How::Promote && st.is_int() {
            return self.bits_mask(src[0], vt, ld);
        }
        if ls.how == How::Promote || ld.how == How::Promote {
            return err(format!("a bitcast from {st} to {vt}"));
        }
        // Through memory.
        let slot_l = if ls.part.bits() * ls.count >= ld.part.bits() * ld.count {
            ls
        } else {
            ld
        };
        let addr = self.slot(Layout {
            part: slot_l.part,
            count: slot_l.count,
            how: How::Legal,
        });
        let entry = self.dag.entry();
        let m = Mem {
            align: 16,
            volatile: false,
        };
        let ch = self.store_value(entry, &src, st, addr, m)?;
        let (parts, _) = self.load_value(ch, vt, addr, m)?;
        Ok(parts)
    }

    /// The integer of type `it` whose bit i is lane i of the `i1` vector
    /// of type `st` held (promoted) in `parts`: a `MoveMask` per part,
    /// shifted into place.
    fn mask_bits(&mut self, parts: &[SDValue], st: VT, l: Layout, it: VT) -> LResult<SDValue> {
        let per = l.per_part(st);
        let mut acc: Option<SDValue> = None;
        for (k, &p) in parts.iter().enumerate() {
            let m = self.move_mask(p, l.valid(st, k as u32))?;
            let m = match it.bits().cmp(&32) {
                std::cmp::Ordering::Less => self.dag.value(Op::Truncate, it, &[m], 0),
                std::cmp::Ordering::Greater => self.dag.value(Op::ZeroExtend, it, &[m], 0),
                std::cmp::Ordering::Equal => m,
            };
            let m = if k > 0 {
                let sh = self.constant(VT::I8, u64::from(per) * k as u64);
                self.dag.value(Op::Shl, it, &[m, sh], 0)
            } else {
                m
            };
            acc = Some(match acc {
                Some(a) => self.dag.value(Op::Or, it, &[a, m], 0),
                None => m,
            });
        }
        acc.ok_or_else(|| IselError::new(format!("a bitcast of {st}")))
    }

    /// The sign bits of the `valid` low lanes of mask `p`, as an i32
    /// (narrowed to byte lanes first when the target has no `MoveMask` of
    /// `p`'s type; lane by lane as a last resort).
    fn move_mask(&mut self, p: SDValue, valid: u32) -> LResult<SDValue> {
        if self.t.selects(self.dag, Op::MoveMask, VT::I32, &[p]) {
            return Ok(self.dag.value(Op::MoveMask, VT::I32, &[p], 0));
        }
        let pt = self.dag.vt(p);
        if pt.elem().bits() > 8 {
            if let Some(bt) = VT::vector(VT::I8, pt.lanes()) {
                let bl = self.layout(bt)?;
                if bl.count == 1 {
                    let b = self.resize(&[p], pt, pt.lanes(), bl, Op::SignExtendInReg)?;
                    if self.t.selects(self.dag, Op::MoveMask, VT::I32, &[b[0]]) {
                        return Ok(self.dag.value(Op::MoveMask, VT::I32, &[b[0]], 0));
                    }
                }
            }
        }
        let mut acc = self.constant(VT::I32, 0);
        for i in 0..valid {
            let e = self.extract(p, i);
            let b = self.dag.value(Op::Truncate, VT::I1, &[e], 0);
            let z = self.dag.value(Op::ZeroExtend, VT::I32, &[b], 0);
            let sh = self.constant(VT::I8, u64::from(i));
            let s = self.dag.value(Op::Shl, VT::I32, &[z, sh], 0);
            acc = self.dag.value(Op::Or, VT::I32, &[acc, s], 0);
        }
        Ok(acc)
    }

    /// The `i1` vector of type `vt` (layout `l`) whose lane i is bit i of
    /// integer `x`: lanes as wide as `x`, each `x & (1 << i)` compared
    /// with `1 << i`, then resized.
    fn bits_mask(&mut self, x: SDValue, vt: VT, l: Layout) -> LResult<Vec<SDValue>> {
        let it = self.dag.vt(x);
        let n = vt.lanes();
        let wt = VT::vector(it, n).ok_or_else(|| IselError::new(format!("a bitcast to {vt}")))?;
        let wl = self.layout(wt)?;
        if wl.how != How::Legal && wl.how != How::Widen {
            return err(format!("a bitcast from {it} to {vt}"));
        }
        let per = wl.per_part(wt);
        let mut masks = Vec::with_capacity(wl.count as usize);
        for k in 0..wl.count {
            let s = self.splat(wl.part, x);
            let bits: Vec<SDValue> = (0..wl.part.lanes())
                .map(|i| {
                    let b = k * per + i;
                    if b < n {
                        self.constant(it, 1u64 << b)
                    } else {
                        self.undef(it)
                    }
                })
                .collect();
            let c = self.dag.value(Op::BuildVector, wl.part, &bits, 0);
            let a = self.dag.value(Op::And, wl.part, &[s, c], 0);
            masks.push(self.setcc_part(a, c, Cond::Eq, wl.valid(wt, k)));
        }
        self.resize(&masks, wl.part, n, l, Op::SignExtendInReg)
    }

    // ---- lanes

    fn extract_elt(&mut self, vt: VT, x: SDValue, idx: SDValue) -> LResult<SDValue> {
        let st = self.dag.vt(x);
        let l = self.layout(st)?;
        let parts = self.get(x);
        let idx = self.one(idx)?;
        if let Some(c) = self.dag.as_const(idx) {
            if c >= u64::from(st.lanes()) {
                return Ok(self.undef(vt));
            }
            return Ok(self.lane(&parts, st, l, c as u32));
        }
        if l.how == How::Scalar {
            return Ok(parts[0]);
        }
        let (addr, ch) = self.spill(&parts, l);
        let pe = l.part.elem();
        let a = self.lane_addr(addr, idx, st.lanes(), pe.bits() / 8);
        let (v, _) = self.load_one(
            ch,
            pe,
            a,
            Mem {
                align: pe.bits() / 8,
                volatile: false,
            },
        );
        Ok(if l.how == How::Promote {
            self.dag.value(Op::Truncate, VT::I1, &[v], 0)
        } else {
            v
        })
    }

    fn insert_elt(&mut self, vt: VT, ops: &[SDValue]) -> LResult<Vec<SDValue>> {
        let l = self.layout(vt)?;
        let mut parts = self.get(ops[0]);
        let e = self.one(ops[1])?;
        let idx = self.one(ops[2])?;
        if l.how == How::Scalar {
            return Ok(vec![e]);
        }
        let pe = l.part.elem();
        let e = if l.how == How::Promote {
            self.dag.value(Op::SignExtend, pe, &[e], 0)
        } else {
            e
        };
        if let Some(c) = self.dag.as_const(idx) {
            if c >= u64::from(vt.lanes()) {
                return Ok(parts);
            }
            let per = l.per_part(vt);
            let (k, lane) = ((c as u32 / per) as usize, c as u32 % per);
            let li = self.constant(VT::I64, u64::from(lane));
            parts[k] = self.dag.value(Op::InsertElt, l.part, &[parts[k], e, li], 0);
            return Ok(parts);
        }
        let (addr, ch) = self.spill(&parts, l);
        let a = self.lane_addr(addr, idx, vt.lanes(), pe.bits() / 8);
        let m = Mem {
            align: pe.bits() / 8,
            volatile: false,
        };
        let ch = self.store_one(ch, e, a, m);
        let bytes = u64::from(l.part.bits() / 8);
        let mut out = Vec::with_capacity(parts.len());
        for k in 0..l.count {
            let pa = self.add_offset(addr, bytes * u64::from(k));
            let (v, _) = self.load_one(ch, l.part, pa, Mem { align: 16, ..m });
            out.push(v);
        }
        Ok(out)
    }

    fn shuffle_value(
        &mut self,
        vt: VT,
        a: SDValue,
        b: SDValue,
        mask: &[Option<u32>],
    ) -> LResult<Vec<SDValue>> {
        let it = self.dag.vt(a);
        let (li, lr) = (self.layout(it)?, self.layout(vt)?);
        let (pa, pb) = (self.get(a), self.get(b));
        let n_in = it.lanes();
        let promoted = |l: Layout| l.how == How::Promote;
        if li.part == lr.part
            && promoted(li) == promoted(lr)
            && lr.how != How::Scalar
            && li.how != How::Scalar
        {
            let vr = lr.per_part(vt);
            let vi = li.per_part(it);
            let pl = lr.part.lanes();
            let mut out = Vec::with_capacity(lr.count as usize);
            'parts: for j in 0..lr.count {
                let mut srcs: Vec<SDValue> = Vec::new();
                let mut m = vec![None; pl as usize];
                for i in 0..lr.valid(vt, j) {
                    let Some(x) = mask[(j * vr + i) as usize] else {
                        continue;
                    };
                    let (p, lane) = if x < n_in { (&pa, x) } else { (&pb, x - n_in) };
                    let Some(&part) = p.get((lane / vi) as usize) else {
                        continue;
                    };
                    if self.dag.op_of(part) == Op::Undef {
                        continue;
                    }
                    let s = match srcs.iter().position(|&s| s == part) {
                        Some(s) => s,
                        None if srcs.len() < 2 => {
                            srcs.push(part);
                            srcs.len() - 1
                        }
                        None => {
                            out.clear();
                            break 'parts;
                        }
                    };
                    m[i as usize] = Some(s as u32 * pl + lane % vi);
                }
                let v = match srcs.len() {
                    0 => self.undef(lr.part),
                    1 => {
                        let u = self.undef(lr.part);
                        self.shuffle(lr.part, srcs[0], u, &m)
                    }
                    _ => self.shuffle(lr.part, srcs[0], srcs[1], &m),
                };
                out.push(v);
            }
            if out.len() == lr.count as usize {
                return Ok(out);
            }
        }
        // Lane by lane.
        let e = vt.elem();
        self.by_lanes(vt, lr, |s, i| {
            Ok(match mask[i as usize] {
                Some(x) if x < n_in => s.lane(&pa, it, li, x),
                Some(x) if x < 2 * n_in => s.lane(&pb, it, li, x - n_in),
                _ => s.undef(e),
            })
        })
    }
}

/// The access details of part `k` of `bytes` bytes: an alignment beyond
/// the part size holds only for the first.
fn part_mem(m: Mem, k: u32, bytes: u64) -> Mem {
    Mem {
        align: if k == 0 {
            m.align
        } else {
            m.align.min(bytes as u32)
        },
        ..m
    }
}
