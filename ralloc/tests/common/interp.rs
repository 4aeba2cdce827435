//! A concrete interpreter for the x86-64 subset the tests build, over
//! virtual registers (SSA with PHIs, or after PHI elimination) and over
//! allocated code alike. Running a function before and after the pipeline
//! with the same inputs and comparing the observable behaviour (memory
//! stores, call arguments, the returned registers) checks PHI elimination,
//! two-address and allocation semantically, beyond the symbolic checker.
//!
//! Model: general registers by family (writes of 32 bits zero-extend,
//! narrower writes merge), XMM registers as 128-bit values, virtual
//! registers as values of their class width, spill slots and memory as
//! maps. SSE arithmetic is modelled as integer arithmetic on the low 64
//! bits (only data flow matters). A call records RDI and RSI, clobbers
//! every register the System V ABI does not preserve and returns a value
//! derived from its arguments in RAX.

use super::T;
use rcc_mach::{MBlock, MOpc, MachFunction, OpKind, Operand, PReg, TargetInfo};
use rcc_targets::x86_64::machine::mask;
use rcc_targets::x86_64::regs;
use std::collections::HashMap;

/// What a run shows to the outside.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outcome {
    pub trace: Vec<(u8, u64, u64)>,
    /// The registers the return reads, with their values.
    pub ret: Vec<(u16, u128)>,
}

#[derive(Default)]
struct Flags {
    zf: bool,
    sf: bool,
    cf: bool,
    of: bool,
}

struct M<'a> {
    mf: &'a MachFunction,
    vregs: HashMap<u32, u128>,
    gpr: [u64; 16],
    xmm: [u128; 16],
    slots: HashMap<u64, u128>,
    mem: HashMap<u64, u128>,
    flags: Flags,
    trace: Vec<(u8, u64, u64)>,
    calls: u64,
}

const GPR64: [PReg; 16] = [
    regs::RAX,
    regs::RCX,
    regs::RDX,
    regs::RBX,
    regs::RSP,
    regs::RBP,
    regs::RSI,
    regs::RDI,
    regs::R8,
    regs::R9,
    regs::R10,
    regs::R11,
    regs::R12,
    regs::R13,
    regs::R14,
    regs::R15,
];

/// (family, shift, bits) of a general register, or XMM index (family 100+).
fn locate(p: PReg) -> (usize, u32, u32) {
    for (f, &r) in GPR64.iter().enumerate() {
        if r == p {
            return (f, 0, 64);
        }
        for (idx, shift, bits) in [(3u8, 0, 32), (2, 0, 16), (0, 0, 8), (1, 8, 8)] {
            if T.sub_reg(r, idx) == Some(p) {
                return (f, shift, bits);
            }
        }
    }
    for x in 0..16u16 {
        if rcc_mc::Reg(regs::XMM0.0 + x) == p {
            return (100 + x as usize, 0, 128);
        }
    }
    panic!("interp: unmodelled register {}", T.reg_name(p));
}

fn mask(bits: u32) -> u128 {
    if bits >= 128 {
        u128::MAX
    } else {
        (1u128 << bits) - 1
    }
}

fn sext(v: u128, bits: u32) -> i128 {
    let s = 128 - bits;
    ((v << s) as i128) >> s
}

impl M<'_> {
    fn width(&self, o: Operand) -> u32 {
        if let Some(v) = o.reg().as_virt() {
            let c = self.mf.class_of(v);
            return match o.subreg() {
                Some(0) | Some(1) => 8,
                Some(2) => 16,
                Some(3) => 32,
                Some(_) => 128,
                None => T.class_spill_size(c) * 8,
            };
        }
        T.reg_bits(o.reg().as_phys().expect("register"))
    }

    fn read(&self, o: Operand) -> u128 {
        if let Some(v) = o.reg().as_virt() {
            let x = self.vregs.get(&v.as_u32()).copied().unwrap_or(0);
            return match o.subreg() {
                Some(1) => (x >> 8) & 0xff,
                _ => x & mask(self.width(o)),
            };
        }
        let p = o.reg().as_phys().expect("register");
        let (f, shift, bits) = locate(p);
        if f >= 100 {
            return self.xmm[f - 100];
        }
        ((self.gpr[f] as u128) >> shift) & mask(bits)
    }

    fn write(&mut self, o: Operand, val: u128) {
        if let Some(v) = o.reg().as_virt() {
            let w = self.width(o);
            self.vregs.insert(v.as_u32(), val & mask(w));
            return;
        }
        let p = o.reg().as_phys().expect("register");
        let (f, shift, bits) = locate(p);
        if f >= 100 {
            self.xmm[f - 100] = val;
            return;
        }
        let g = &mut self.gpr[f];
        *g = match bits {
            64 => val as u64,
            32 => (val as u64) & 0xffff_ffff,
            _ => {
                let m = (mask(bits) as u64) << shift;
                (*g & !m) | (((val as u64) << shift) & m)
            }
        };
    }

    fn imm(&self, o: Operand) -> u128 {
        self.mf.imm_of(o).expect("immediate") as u128
    }

    /// Address of the memory operand at `k`: a slot key or a byte address.
    fn addr(&self, ops: &[Operand], k: usize) -> (bool, u64) {
        let disp = self.mf.imm_of(ops[k + 3]).unwrap_or(0) as u64;
        if ops[k].kind() == OpKind::Frame {
            return (true, ((ops[k].payload() as u64) << 32).wrapping_add(disp));
        }
        let mut a = disp;
        if !ops[k].reg().is_none() {
            a = a.wrapping_add(self.read(ops[k]) as u64);
        }
        if !ops[k + 2].reg().is_none() {
            let s = self.mf.imm_of(ops[k + 1]).unwrap_or(1) as u64;
            a = a.wrapping_add((self.read(ops[k + 2]) as u64).wrapping_mul(s));
        }
        (false, a)
    }

    fn store(&mut self, ops: &[Operand], k: usize, val: u128, bits: u32) {
        let (slot, a) = self.addr(ops, k);
        let val = val & mask(bits);
        if slot {
            self.slots.insert(a, val);
        } else {
            self.mem.insert(a, val);
            self.trace.push((1, a, val as u64));
        }
    }

    fn load(&self, ops: &[Operand], k: usize, bits: u32) -> u128 {
        let (slot, a) = self.addr(ops, k);
        let v = if slot {
            self.slots.get(&a).copied()
        } else {
            self.mem.get(&a).copied()
        };
        v.unwrap_or(0) & mask(bits)
    }

    fn set_flags_sub(&mut self, a: u128, b: u128, bits: u32) -> u128 {
        let r = a.wrapping_sub(b) & mask(bits);
        self.flags = Flags {
            zf: r == 0,
            sf: sext(r, bits) < 0,
            cf: a < b,
            of: (sext(a, bits) - sext(b, bits)) != sext(r, bits),
        };
        r
    }

    fn set_flags_add(&mut self, a: u128, b: u128, bits: u32) -> u128 {
        let full = a + b;
        let r = full & mask(bits);
        self.flags = Flags {
            zf: r == 0,
            sf: sext(r, bits) < 0,
            cf: full != r,
            of: (sext(a, bits) + sext(b, bits)) != sext(r, bits),
        };
        r
    }

    fn set_flags_logic(&mut self, r: u128, bits: u32) -> u128 {
        self.flags = Flags {
            zf: r == 0,
            sf: sext(r, bits) < 0,
            cf: false,
            of: false,
        };
        r
    }

    fn cond(&self, cc: i64) -> bool {
        let f = &self.flags;
        let base = match cc / 2 {
            0 => f.of,
            1 => f.cf,
            2 => f.zf,
            3 => f.cf || f.zf,
            4 => f.sf,
            5 => false,
            6 => f.sf != f.of,
            _ => f.zf || f.sf != f.of,
        };
        base != (cc % 2 == 1)
    }

    /// A two-operand operation `base` (`ADD32`, `IMUL64`, `MULSD`, ...) on
    /// `a` and `b` at width `w`, as the `rr` forms compute it; used by the
    /// folded `rm`/`mr` forms.
    fn binop(&mut self, base: &str, a: u128, b: u128, w: u32) -> u128 {
        match base {
            "ADD8" | "ADD32" | "ADD64" => self.set_flags_add(a, b, w),
            "SUB32" | "SUB64" => self.set_flags_sub(a, b, w),
            "AND32" | "AND64" => self.set_flags_logic(a & b, w),
            "OR32" | "OR64" => self.set_flags_logic(a | b, w),
            "XOR32" | "XOR64" => self.set_flags_logic(a ^ b, w),
            "IMUL32" | "IMUL64" => a.wrapping_mul(b) & mask(w),
            "ADDSD" | "MULSD" | "SUBSD" => {
                let lo = match &base[..3] {
                    "ADD" => (a as u64).wrapping_add(b as u64),
                    "MUL" => (a as u64).wrapping_mul(b as u64 | 1),
                    _ => (a as u64).wrapping_sub(b as u64),
                };
                (a & !(u64::MAX as u128)) | lo as u128
            }
            other => panic!("interp: unmodelled folded operation {other}"),
        }
    }

    fn call(&mut self) {
        let (a, b) = (self.gpr[7], self.gpr[6]);
        self.calls += 1;
        self.trace.push((2, a, b));
        let keep = T.preserved_regs(mask::SYSV);
        for (f, &r) in GPR64.iter().enumerate() {
            if !keep.contains(&r) {
                self.gpr[f] = 0xdead_0000 + f as u64 * 0x101 + self.calls;
            }
        }
        for x in self.xmm.iter_mut() {
            *x = 0xbad0_0000 + self.calls as u128;
        }
        self.gpr[0] = a.wrapping_mul(3).wrapping_add(b).wrapping_add(self.calls);
    }
}

/// Operations whose folded memory forms the interpreter models.
const FOLDABLE: &[&str] = &[
    "ADD8", "ADD32", "ADD64", "SUB32", "SUB64", "AND32", "AND64", "OR32", "OR64", "XOR32", "XOR64",
    "IMUL32", "IMUL64", "ADDSD", "MULSD", "SUBSD",
];

/// Runs `mf` with the given argument registers; `None` if it runs too long.
pub fn run(mf: &MachFunction, args: &[(PReg, u64)]) -> Option<Outcome> {
    let mut m = M {
        mf,
        vregs: HashMap::new(),
        gpr: [0; 16],
        xmm: [0; 16],
        slots: HashMap::new(),
        mem: HashMap::new(),
        flags: Flags::default(),
        trace: Vec::new(),
        calls: 0,
    };
    for (f, g) in m.gpr.iter_mut().enumerate() {
        *g = 0x1111_0000 + f as u64;
    }
    for &(p, v) in args {
        let o = Operand::reg_def(p);
        m.write(o, v as u128);
    }
    let mut b = *mf.order.first()?;
    let mut pred: Option<MBlock> = None;
    let mut steps = 0u32;
    loop {
        // PHIs read in parallel on entry.
        let insts = mf.block_insts(b);
        let nphi = insts
            .iter()
            .take_while(|&&i| mf.opc(i) == MOpc::PHI)
            .count();
        let mut phis = Vec::new();
        for &i in &insts[..nphi] {
            let ops = mf.operands(i);
            let p = pred.expect("PHI in the entry block");
            let k = (1..ops.len())
                .step_by(2)
                .find(|&k| ops[k + 1].payload() == p.as_u32())
                .expect("PHI input for predecessor");
            phis.push((ops[0], m.read(ops[k])));
        }
        for (o, v) in phis {
            m.write(o, v);
        }
        let mut next: Option<MBlock> = None;
        for &i in &insts[nphi..] {
            steps += 1;
            if steps > 100_000 {
                return None;
            }
            let ops = mf.operands(i);
            let opc = mf.opc(i);
            let name = opc.name(&T);
            let w0 = if ops
                .first()
                .is_some_and(|o| o.is_reg() && !o.reg().is_none())
            {
                m.width(ops[0])
            } else {
                64
            };
            match name {
                "COPY" => m.write(ops[0], m.read(ops[1])),
                "IMPLICIT_DEF" => m.write(ops[0], 0),
                "SUBREG_TO_REG" => m.write(ops[0], m.read(ops[2])),
                "ADJCALLSTACKDOWN" | "ADJCALLSTACKUP" | "KILL" => {}
                "MOV8ri" | "MOV16ri" | "MOV32ri" | "MOV64ri32" | "MOV64ri" => {
                    m.write(ops[0], m.imm(ops[1]) & mask(w0))
                }
                "MOV8rr" | "MOV16rr" | "MOV32rr" | "MOV64rr" | "MOVAPSrr" | "VMOVAPSYrr"
                | "MOVPQIto64rr" | "MOV64toPQIrr" | "MOVDI2PDIrr" | "MOVPDI2DIrr" => {
                    m.write(ops[0], m.read(ops[1]) & mask(w0))
                }
                "MOVZX32rr8" | "MOVZX64rr8" | "MOVZX32rr16" => m.write(ops[0], m.read(ops[1])),
                "MOVSX64rr32" => {
                    let v = sext(m.read(ops[1]), 32) as u128 & mask(64);
                    m.write(ops[0], v)
                }
                "MOV8mr" | "MOV16mr" | "MOV32mr" | "MOV64mr" | "MOVAPSmr" | "MOVPQI2QImr"
                | "MOVPDI2DImr" | "MOVSDmr" | "MOVSSmr" => {
                    let v = m.read(ops[5]);
                    let w = m.width(ops[5]);
                    m.store(ops, 0, v, w)
                }
                "MOV8mi" | "MOV16mi" | "MOV32mi" | "MOV64mi32" => {
                    // A store of an immediate (a folded rematerialized
                    // constant); MOV64mi32 sign-extends it.
                    let w = match name {
                        "MOV8mi" => 8,
                        "MOV16mi" => 16,
                        "MOV32mi" => 32,
                        _ => 64,
                    };
                    let v = sext(m.imm(ops[5]) & mask(32), 32) as u128 & mask(w);
                    m.store(ops, 0, v, w)
                }
                "MOV8rm" | "MOV16rm" | "MOV32rm" | "MOV64rm" | "MOVAPSrm" | "MOVQI2PQIrm"
                | "MOVDI2PDIrm" | "MOVSDrm" | "MOVSSrm" | "MOVZX32rm8" | "MOVZX64rm8"
                | "MOVZX32rm16" => {
                    let lw = match name {
                        "MOVQI2PQIrm" | "MOVSDrm" => 64,
                        "MOVDI2PDIrm" | "MOVSSrm" => 32,
                        "MOVZX32rm8" | "MOVZX64rm8" => 8,
                        "MOVZX32rm16" => 16,
                        _ => w0,
                    };
                    let v = m.load(ops, 1, lw);
                    m.write(ops[0], v)
                }
                "LEA64r" | "LEA32r" => {
                    let (_, a) = m.addr(ops, 1);
                    m.write(ops[0], a as u128 & mask(w0))
                }
                "ADD8rr" | "ADD32rr" | "ADD64rr" | "ADD32ri8" | "ADD64ri8" | "ADD64ri32" => {
                    let b = if name.ends_with("rr") {
                        m.read(ops[2])
                    } else {
                        m.imm(ops[2]) & mask(w0)
                    };
                    let r = m.set_flags_add(m.read(ops[1]), b, w0);
                    m.write(ops[0], r)
                }
                "SUB32rr" | "SUB64rr" | "SUB32ri8" | "SUB64ri8" => {
                    let b = if name.ends_with("rr") {
                        m.read(ops[2])
                    } else {
                        m.imm(ops[2]) & mask(w0)
                    };
                    let r = m.set_flags_sub(m.read(ops[1]), b, w0);
                    m.write(ops[0], r)
                }
                "AND32rr" | "AND64rr" | "OR32rr" | "OR64rr" | "XOR32rr" | "XOR64rr" => {
                    let (a, b) = (m.read(ops[1]), m.read(ops[2]));
                    let r = match &name[..2] {
                        "AN" => a & b,
                        "OR" => a | b,
                        _ => a ^ b,
                    };
                    let r = m.set_flags_logic(r, w0);
                    m.write(ops[0], r)
                }
                "IMUL32rr" | "IMUL64rr" => {
                    let r = m.read(ops[1]).wrapping_mul(m.read(ops[2])) & mask(w0);
                    m.write(ops[0], r)
                }
                "SHL32rCL" | "SHL64rCL" | "SHR32rCL" | "SHR64rCL" => {
                    let c = (m.gpr[1] & (w0 as u64 - 1)) as u32;
                    let a = m.read(ops[1]);
                    let r = if name.starts_with("SHL") {
                        a << c
                    } else {
                        a >> c
                    } & mask(w0);
                    let r = m.set_flags_logic(r, w0);
                    m.write(ops[0], r)
                }
                "DEC32r" | "DEC64r" | "INC32r" | "INC64r" => {
                    let cf = m.flags.cf;
                    let a = m.read(ops[1]);
                    let r = if name.starts_with("DEC") {
                        m.set_flags_sub(a, 1, w0)
                    } else {
                        m.set_flags_add(a, 1, w0)
                    };
                    m.flags.cf = cf;
                    m.write(ops[0], r)
                }
                "CMP32rr" | "CMP64rr" | "CMP8rr" => {
                    let w = m.width(ops[0]);
                    m.set_flags_sub(m.read(ops[0]), m.read(ops[1]), w);
                }
                "CMP32ri8" | "CMP64ri8" => {
                    let w = m.width(ops[0]);
                    m.set_flags_sub(m.read(ops[0]), m.imm(ops[1]) & mask(w), w);
                }
                "CDQ" => {
                    let eax = m.gpr[0] as u32;
                    m.gpr[2] = if (eax as i32) < 0 { 0xffff_ffff } else { 0 };
                }
                "IDIV32r" => {
                    let n = ((m.gpr[2] as u32 as u64) << 32 | m.gpr[0] as u32 as u64) as i64;
                    let dv = m.read(ops[0]) as u32 as i32 as i64;
                    if dv == 0 {
                        return None;
                    }
                    m.gpr[0] = (n / dv) as i32 as u32 as u64;
                    m.gpr[2] = (n % dv) as i32 as u32 as u64;
                }
                "ADDSDrr" | "MULSDrr" | "SUBSDrr" => {
                    let (a, b) = (m.read(ops[1]), m.read(ops[2]));
                    let lo = match &name[..3] {
                        "ADD" => (a as u64).wrapping_add(b as u64),
                        "MUL" => (a as u64).wrapping_mul(b as u64 | 1),
                        _ => (a as u64).wrapping_sub(b as u64),
                    };
                    m.write(ops[0], (a & !(u64::MAX as u128)) | lo as u128)
                }
                n if n.ends_with("rm") && FOLDABLE.contains(&&n[..n.len() - 2]) => {
                    // A folded reload: `def = OP tied, [mem]`.
                    let base = &n[..n.len() - 2];
                    let lw = if base.ends_with("SD") { 64 } else { w0 };
                    let b = m.load(ops, 2, lw);
                    let r = m.binop(base, m.read(ops[1]), b, w0);
                    m.write(ops[0], r)
                }
                n if n.ends_with("mr") && FOLDABLE.contains(&&n[..n.len() - 2]) => {
                    // A folded read-modify-write: `OP [mem], reg`.
                    let w = m.width(ops[5]);
                    let a = m.load(ops, 0, w);
                    let r = m.binop(&n[..n.len() - 2], a, m.read(ops[5]), w);
                    m.store(ops, 0, r, w)
                }
                "SHL32mCL" | "SHL64mCL" | "SHR32mCL" | "SHR64mCL" => {
                    // A folded read-modify-write shift of a slot.
                    let w = if name.contains("64") { 64 } else { 32 };
                    let c = (m.gpr[1] & (w as u64 - 1)) as u32;
                    let a = m.load(ops, 0, w);
                    let r = if name.starts_with("SHL") {
                        a << c
                    } else {
                        a >> c
                    } & mask(w);
                    let r = m.set_flags_logic(r, w);
                    m.store(ops, 0, r, w)
                }
                "CMP32mr" | "CMP64mr" | "CMP8mr" => {
                    let w = m.width(ops[5]);
                    let a = m.load(ops, 0, w);
                    m.set_flags_sub(a, m.read(ops[5]), w);
                }
                "CMP32rm" | "CMP64rm" => {
                    let w = m.width(ops[0]);
                    let b = m.load(ops, 1, w);
                    m.set_flags_sub(m.read(ops[0]), b, w);
                }
                "CALL64pcrel32" => m.call(),
                "JCC_1" => {
                    if m.cond(m.mf.imm_of(ops[1]).unwrap_or(0)) {
                        next = Some(MBlock::from_u32(ops[0].payload()));
                        break;
                    }
                }
                "JMP_1" => {
                    next = Some(MBlock::from_u32(ops[0].payload()));
                    break;
                }
                "RET64" => {
                    let ret = ops
                        .iter()
                        .filter(|o| o.is_use() && o.reg().is_phys())
                        .map(|&o| (o.reg().as_phys().expect("phys").0, m.read(o)))
                        .collect();
                    return Some(Outcome {
                        trace: m.trace,
                        ret,
                    });
                }
                other => panic!("interp: unmodelled instruction {other}"),
            }
        }
        let n = match next {
            Some(n) => n,
            None => {
                let pos = mf
                    .order
                    .iter()
                    .position(|&x| x == b)
                    .expect("block in order");
                *mf.order.get(pos + 1).expect("fell off the end")
            }
        };
        pred = Some(b);
        b = n;
    }
}
