//! Floating point in the DAG builder: `float`, `double` and `x86_fp80`
//! values (`F32`, `F64`, `F80`), their arithmetic, comparisons,
//! conversions and intrinsics. Vectors of floats are built by
//! `build/vector.rs` (instructions on vectors never reach this module's
//! `float_inst`; its intrinsics refuse vector operands other than the ones
//! `vector_intrinsic` takes first).
//!
//! The builder produces only operations a target with SSE2-like scalar
//! float instructions selects directly; what such a target lacks is
//! expanded here, as LLVM's legalizer would:
//! - conversions from and to integers narrower than 32 bits go through
//!   `i32` (`sitofp i8` = `SintToFp (SignExtend i32)`); unsigned ones use
//!   the next wider signed conversion (`uitofp i32` converts the
//!   zero-extended `i64`); `uitofp i64` converts `x` or, when its top bit
//!   is set, `(x >> 1) | (x & 1)` and doubles the result (the kept low bit
//!   makes the one rounding correct; for `x86_fp80`, whose significand
//!   holds 64 bits, the signed result plus 2^64 instead); `fptoui i64`
//!   converts `x` and `x - 2^63` and picks by the sign of the first result
//!   (values out of range are poison in the IR);
//! - `llvm.fmuladd` is a multiply and an add (no fused instruction on the
//!   baseline CPU); `frem` and the rounding intrinsics (`floor`, `ceil`,
//!   `trunc`, `rint`, `nearbyint`, `round`, `roundeven`), `llvm.fma` and
//!   the math intrinsics (`pow`, `exp`, `log`, `sin`, ...) are calls to the C
//!   library (`fmod`/`fmodf`/`fmodl`, `floor`/`floorf`/`floorl`, ...), as
//!   llc does without SSE4.1;
//! - `llvm.is.fpclass` is `fcmp uno x, x` for the NaN test and integer
//!   tests on the bits otherwise;
//! - a conditional branch on `fcmp oeq` (two flags on x86) becomes a
//!   branch on `une` with the targets swapped;
//! - `x86_fp80` constants other than zero load from a 16-byte constant-pool
//!   entry (a `ConstantFP` payload holds 64 bits);
//!
//! `FSetCC` carries the IR's predicate ([`FCond`]); `true`/`false` are
//! folded to constants. Constants are `ConstantFP` nodes holding the IEEE
//! bits; the target decides how to materialize them. `half`, `fp128`,
//! vector compares and conversions are errors naming them.

use super::{BResult, Builder};
use crate::lowering::IselError;
use crate::node::SDValue;
use crate::opcode::{Cond, Ext, FCond, MemInfo, Op};
use crate::vt::VT;
use rcc_ir::entity::EntityId;
use rcc_ir::inst::{self, Opcode};
use rcc_ir::{Inst, Value};
use rcc_mach::{SymFlag, SymOperand, SymTarget};

/// `llvm.is.fpclass` test bits.
mod class {
    pub const SNAN: u64 = 1 << 0;
    pub const QNAN: u64 = 1 << 1;
    pub const NAN: u64 = SNAN | QNAN;
    /// (negative, positive) bit pairs of the other classes.
    pub const PAIRS: [(u64, u64, Kind); 4] = [
        (1 << 2, 1 << 9, Kind::Inf),
        (1 << 3, 1 << 8, Kind::Normal),
        (1 << 4, 1 << 7, Kind::Subnormal),
        (1 << 5, 1 << 6, Kind::Zero),
    ];
    #[derive(Copy, Clone)]
    pub enum Kind {
        Inf,
        Normal,
        Subnormal,
        Zero,
    }
}

/// IEEE layout facts of a float type: (exponent+mantissa mask, infinity
/// bits, quiet bit, smallest normal).
fn layout(vt: VT) -> (u64, u64, u64, u64) {
    match vt {
        VT::F32 => (0x7fff_ffff, 0x7f80_0000, 0x0040_0000, 0x0080_0000),
        _ => (
            0x7fff_ffff_ffff_ffff,
            0x7ff0_0000_0000_0000,
            0x0008_0000_0000_0000,
            0x0010_0000_0000_0000,
        ),
    }
}

/// The integer type as wide as float type `vt`.
fn int_of(vt: VT) -> VT {
    if vt == VT::F32 {
        VT::I32
    } else {
        VT::I64
    }
}

impl Builder<'_, '_> {
    /// A float constant of type `vt` with IEEE bits `bits`.
    pub(super) fn fp_const(&mut self, vt: VT, bits: u64) -> SDValue {
        SDValue::new(
            self.dag.node(Op::ConstantFP, &[vt], &[], bits & vt.mask()),
            0,
        )
    }

    /// An `x86_fp80` constant: 64-bit significand `mant` and sign and
    /// exponent `se`. Zero is a `ConstantFP`; others load from the
    /// function's constant pool (16 bytes, aligned to 16), since a
    /// `ConstantFP` payload holds only 64 bits.
    pub(super) fn fp80_const(&mut self, mant: u64, se: u16) -> SDValue {
        if mant == 0 && se == 0 {
            return self.fp_const(VT::F80, 0);
        }
        let mut bytes = [0u8; 16];
        bytes[..8].copy_from_slice(&mant.to_le_bytes());
        bytes[8..10].copy_from_slice(&se.to_le_bytes());
        self.pool_load(&bytes, VT::F80)
    }

    /// `2^63` as a constant of float type `vt`.
    fn two_to_63(&mut self, vt: VT) -> SDValue {
        match vt {
            VT::F32 => self.fp_const(vt, 0x5f00_0000),
            VT::F80 => self.fp80_const(1 << 63, 0x3fff + 63),
            _ => self.fp_const(vt, 0x43e0_0000_0000_0000),
        }
    }

    /// A float (or float vector) operand's value and type.
    fn float_operand(&mut self, v: Value) -> BResult<(SDValue, VT)> {
        let x = self.get(v)?;
        let vt = self.dag.vt(x);
        if !vt.is_float() && !vt.is_vector() {
            return Err(IselError::new(format!("floating point on {vt} values")));
        }
        Ok((x, vt))
    }

    /// The float instructions: `fneg`, `fadd`..`frem`, `fcmp` and the
    /// conversions between floats and integers.
    pub(super) fn float_inst(&mut self, i: Inst) -> BResult<()> {
        let f = self.fl.f;
        let ops = f.inst_ops(i);
        let op = f.op(i);
        let v = match op {
            Opcode::FNeg => {
                let (x, vt) = self.float_operand(ops[0])?;
                self.dag.value(Op::FNeg, vt, &[x], 0)
            }
            Opcode::FAdd | Opcode::FSub | Opcode::FMul | Opcode::FDiv => {
                let (a, vt) = self.float_operand(ops[0])?;
                let (b, _) = self.float_operand(ops[1])?;
                let o = match op {
                    Opcode::FAdd => Op::FAdd,
                    Opcode::FSub => Op::FSub,
                    Opcode::FMul => Op::FMul,
                    _ => Op::FDiv,
                };
                self.dag.value(o, vt, &[a, b], 0)
            }
            Opcode::FRem => {
                let (a, vt) = self.scalar_operand(ops[0])?;
                let (b, _) = self.float_operand(ops[1])?;
                self.libcall(&libm_name("fmod", vt), &[a, b], vt)?
            }
            Opcode::FCmp => self.fcmp(i, false)?,
            Opcode::FPExt | Opcode::FPTrunc => {
                let to = self.vt(f.ty[i.index()])?;
                let (x, from) = self.float_operand(ops[0])?;
                match (from, to) {
                    _ if from == to => x,
                    (VT::F32, VT::F64) | (VT::F32 | VT::F64, VT::F80) => {
                        self.dag.value(Op::FpExtend, to, &[x], 0)
                    }
                    (VT::F64, VT::F32) | (VT::F80, VT::F32 | VT::F64) => {
                        self.dag.value(Op::FpRound, to, &[x], 0)
                    }
                    _ => return Err(IselError::new(format!("conversion from {from} to {to}"))),
                }
            }
            Opcode::SIToFP | Opcode::UIToFP => {
                let to = self.vt(f.ty[i.index()])?;
                if !to.is_float() {
                    return Err(IselError::new(format!("conversion to {to}")));
                }
                let mut x = self.get(ops[0])?;
                // A promoted odd width is kept zero-extended: a signed
                // conversion reads it sign-extended.
                if let Some(n) = self.odd_bits(self.value_ty(ops[0])) {
                    if op == Opcode::SIToFP {
                        x = self.sext_in_reg(x, n);
                    }
                }
                self.int_to_fp(x, to, op == Opcode::SIToFP)?
            }
            Opcode::FPToSI | Opcode::FPToUI => {
                let to = self.vt(f.ty[i.index()])?;
                let (x, _) = self.float_operand(ops[0])?;
                let r = self.fp_to_int(x, to, op == Opcode::FPToSI)?;
                match self.odd_bits(f.ty[i.index()]) {
                    Some(n) => self.zext_in_reg(r, n),
                    None => r,
                }
            }
            other => {
                return Err(IselError::new(format!(
                    "the '{}' instruction",
                    other.name()
                )))
            }
        };
        self.set(i, v);
        Ok(())
    }

    /// A scalar float operand (vectors refused).
    fn scalar_operand(&mut self, v: Value) -> BResult<(SDValue, VT)> {
        let (x, vt) = self.float_operand(v)?;
        if vt.is_vector() {
            return Err(IselError::new(format!("this operation on {vt} vectors")));
        }
        Ok((x, vt))
    }

    /// A load of `bytes` from the constant pool as a value of type `vt`.
    fn pool_load(&mut self, bytes: &[u8], vt: VT) -> SDValue {
        let c = self
            .mf
            .constant(bytes, bytes.len().next_power_of_two() as u32);
        let sym = self.mf.sym(SymOperand {
            target: SymTarget::ConstPool(c),
            offset: 0,
            flag: SymFlag::NONE,
        });
        let addr = self
            .dag
            .value(Op::Symbol, VT::I64, &[], sym.payload() as u64);
        let entry = self.dag.entry();
        let info = MemInfo {
            mem_bits: vt.bits(),
            ext: Ext::None,
            volatile: false,
            segment: crate::Segment::None,
        };
        let n = self
            .dag
            .node(Op::Load, &[vt, VT::Chain], &[entry, addr], info.pack());
        SDValue::new(n, 0)
    }

    /// `fcmp cond a, b` as an i1.
    fn fsetcc(&mut self, a: SDValue, b: SDValue, cond: FCond) -> SDValue {
        match cond {
            FCond::False => self.dag.constant(VT::I1, 0),
            FCond::True => self.dag.constant(VT::I1, 1),
            c => self.dag.value(Op::FSetCC, VT::I1, &[a, b], c as u64),
        }
    }

    /// Integer `x` converted to float type `to`, `x` read as signed or not.
    pub(super) fn int_to_fp(&mut self, x: SDValue, to: VT, signed: bool) -> BResult<SDValue> {
        let from = self.dag.vt(x);
        let src = match (from.bits(), signed) {
            (1..=16, true) => self.dag.value(Op::SignExtend, VT::I32, &[x], 0),
            (1..=16, false) => self.dag.value(Op::ZeroExtend, VT::I32, &[x], 0),
            (32, true) | (64, true) => x,
            (32, false) => self.dag.value(Op::ZeroExtend, VT::I64, &[x], 0),
            (64, false) if to == VT::F80 => return Ok(self.u64_to_fp80(x)),
            (64, false) => return Ok(self.u64_to_fp(x, to)),
            // The runtime library's (the argument is split into halves).
            (128, _) => {
                let name = match (signed, to) {
                    (true, VT::F32) => "__floattisf",
                    (true, VT::F80) => "__floattixf",
                    (true, _) => "__floattidf",
                    (false, VT::F32) => "__floatuntisf",
                    (false, VT::F80) => "__floatuntixf",
                    (false, _) => "__floatuntidf",
                };
                return self.libcall(name, &[x], to);
            }
            _ => return Err(IselError::new(format!("conversion from {from} to {to}"))),
        };
        Ok(self.dag.value(Op::SintToFp, to, &[src], 0))
    }

    /// `uitofp i64 x`: below 2^63 the signed conversion is exact; above,
    /// convert `(x >> 1) | (x & 1)` and double it.
    fn u64_to_fp(&mut self, x: SDValue, to: VT) -> SDValue {
        let d = &mut *self.dag;
        let zero = d.constant(VT::I64, 0);
        let one = d.constant(VT::I64, 1);
        let neg = d.value(Op::SetCC, VT::I1, &[x, zero], Cond::Slt as u64);
        let half = d.value(Op::Srl, VT::I64, &[x, one], 0);
        let low = d.value(Op::And, VT::I64, &[x, one], 0);
        let odd = d.value(Op::Or, VT::I64, &[half, low], 0);
        let src = d.value(Op::Select, VT::I64, &[neg, odd, x], 0);
        let f = d.value(Op::SintToFp, to, &[src], 0);
        let twice = d.value(Op::FAdd, to, &[f, f], 0);
        d.value(Op::Select, to, &[neg, twice, f], 0)
    }

    /// `uitofp i64 x to x86_fp80`: the signed conversion is exact (64-bit
    /// significand); add 2^64 when `x` reads as negative.
    fn u64_to_fp80(&mut self, x: SDValue) -> SDValue {
        let two64 = self.fp80_const(1 << 63, 0x3fff + 64);
        let d = &mut *self.dag;
        let zero = d.constant(VT::I64, 0);
        let neg = d.value(Op::SetCC, VT::I1, &[x, zero], Cond::Slt as u64);
        let f = d.value(Op::SintToFp, VT::F80, &[x], 0);
        let up = d.value(Op::FAdd, VT::F80, &[f, two64], 0);
        d.value(Op::Select, VT::F80, &[neg, up, f], 0)
    }

    /// Float `x` converted (toward zero) to integer type `to`.
    pub(super) fn fp_to_int(&mut self, x: SDValue, to: VT, signed: bool) -> BResult<SDValue> {
        let wide = match (to.bits(), signed) {
            (1..=16, _) => VT::I32,
            (32, true) => VT::I32,
            (32, false) | (64, true) => VT::I64,
            (64, false) => return Ok(self.fp_to_u64(x)),
            (128, _) => {
                let name = match (signed, self.dag.vt(x)) {
                    (true, VT::F32) => "__fixsfti",
                    (true, VT::F80) => "__fixxfti",
                    (true, _) => "__fixdfti",
                    (false, VT::F32) => "__fixunssfti",
                    (false, VT::F80) => "__fixunsxfti",
                    (false, _) => "__fixunsdfti",
                };
                return self.libcall(name, &[x], to);
            }
            _ => {
                let from = self.dag.vt(x);
                return Err(IselError::new(format!("conversion from {from} to {to}")));
            }
        };
        let r = self.dag.value(Op::FpToSint, wide, &[x], 0);
        Ok(if wide == to {
            r
        } else {
            self.dag.value(Op::Truncate, to, &[r], 0)
        })
    }

    /// `fptoui x to i64`: `t = fptosi x`; for `x >= 2^63` `t` is the
    /// "indefinite" value 2^63 and the answer is `t | fptosi (x - 2^63)`.
    fn fp_to_u64(&mut self, x: SDValue) -> SDValue {
        let vt = self.dag.vt(x);
        let c = self.two_to_63(vt);
        let d = &mut *self.dag;
        let t1 = d.value(Op::FpToSint, VT::I64, &[x], 0);
        let sub = d.value(Op::FSub, vt, &[x, c], 0);
        let t2 = d.value(Op::FpToSint, VT::I64, &[sub], 0);
        let sh = d.constant(VT::I64, 63);
        let sign = d.value(Op::Sra, VT::I64, &[t1, sh], 0);
        let hi = d.value(Op::And, VT::I64, &[t2, sign], 0);
        d.value(Op::Or, VT::I64, &[t1, hi], 0)
    }

    /// Bits of float `x` reinterpreted as an integer, or the reverse.
    pub(super) fn bitcast(&mut self, x: SDValue, to: VT) -> BResult<SDValue> {
        let from = self.dag.vt(x);
        if from.bits() != to.bits() || matches!(from, VT::F80) || matches!(to, VT::F80) {
            return Err(IselError::new(format!("bitcast from {from} to {to}")));
        }
        Ok(self.dag.value(Op::Bitcast, to, &[x], 0))
    }

    /// A call of the C library function `name`, returning `ret`.
    fn libcall(&mut self, name: &str, args: &[SDValue], ret: VT) -> BResult<SDValue> {
        let res = self.call_library(name, args, &[ret])?;
        res.first()
            .copied()
            .ok_or_else(|| IselError::new(format!("a call of {name} without its result")))
    }

    /// The floating-point intrinsics; `Ok(false)` when `name` is not one.
    pub(super) fn float_intrinsic(&mut self, i: Inst, name: &str) -> BResult<bool> {
        let f = self.fl.f;
        let ops = f.inst_ops(i);
        // The base name without the type suffix: `llvm.floor.f64` -> `floor`.
        let Some(rest) = name.strip_prefix("llvm.") else {
            return Ok(false);
        };
        let base = rest.split('.').next().unwrap_or("");
        let nargs = f.call_info(i).num_args as usize;
        let args = ops.get(1..1 + nargs).unwrap_or(&[]);
        let unary = matches!(
            base,
            "fabs"
                | "sqrt"
                | "floor"
                | "ceil"
                | "trunc"
                | "rint"
                | "nearbyint"
                | "round"
                | "roundeven"
                | "exp"
                | "exp2"
                | "exp10"
                | "log"
                | "log2"
                | "log10"
                | "sin"
                | "cos"
                | "tan"
        );
        let binary = matches!(
            base,
            "copysign" | "minnum" | "maxnum" | "pow" | "fmuladd" | "fma"
        );
        let to_int = matches!(base, "lround" | "llround" | "lrint" | "llrint");
        if !unary && !binary && !to_int && !matches!(base, "is" | "powi" | "ldexp") {
            return Ok(false);
        }
        if base == "is" && !rest.starts_with("is.fpclass.") {
            return Ok(false);
        }
        // Arity (a malformed call must not index out of bounds).
        let need = match base {
            "fmuladd" | "fma" => 3,
            _ if binary => 2,
            "is" | "powi" | "ldexp" => 2,
            _ => 1,
        };
        if args.len() != need {
            return Err(IselError::new(format!(
                "{name} with {} arguments",
                args.len()
            )));
        }
        let (x, vt) = self.float_operand(args[0])?;
        if vt.is_vector() && !matches!(base, "fabs" | "sqrt" | "fmuladd") {
            return Err(IselError::new(format!("the intrinsic {name}")));
        }
        let v = match base {
            "fabs" => self.dag.value(Op::FAbs, vt, &[x], 0),
            "sqrt" => self.dag.value(Op::FSqrt, vt, &[x], 0),
            "minnum" | "maxnum" if vt == VT::F80 => {
                let (y, _) = self.float_operand(args[1])?;
                let lib = if base == "minnum" { "fminl" } else { "fmaxl" };
                self.libcall(lib, &[x, y], vt)?
            }
            "copysign" if vt == VT::F80 => {
                let (y, _) = self.float_operand(args[1])?;
                self.libcall("copysignl", &[x, y], vt)?
            }
            "copysign" | "minnum" | "maxnum" => {
                let (y, _) = self.float_operand(args[1])?;
                let o = match base {
                    "copysign" => Op::FCopySign,
                    "minnum" => Op::FMinNum,
                    _ => Op::FMaxNum,
                };
                self.dag.value(o, vt, &[x, y], 0)
            }
            "fmuladd" => {
                let (y, _) = self.float_operand(args[1])?;
                let (z, _) = self.float_operand(args[2])?;
                let m = self.dag.value(Op::FMul, vt, &[x, y], 0);
                self.dag.value(Op::FAdd, vt, &[m, z], 0)
            }
            "fma" | "pow" => {
                let mut call_args = vec![x];
                for &a in &args[1..] {
                    call_args.push(self.float_operand(a)?.0);
                }
                let lib = libm_name(base, vt);
                self.libcall(&lib, &call_args, vt)?
            }
            // The C functions return `long` (64 bits): only that form.
            _ if to_int => {
                if self.vt(f.ty[i.index()])? != VT::I64 {
                    return Err(IselError::new(format!("the intrinsic {name}")));
                }
                self.libcall(&libm_name(base, vt), &[x], VT::I64)?
            }
            "powi" | "ldexp" => {
                let n = self.get(args[1])?;
                if self.dag.vt(n) != VT::I32 {
                    return Err(IselError::new(format!("the intrinsic {name}")));
                }
                let lib = match (base, vt) {
                    ("ldexp", _) => libm_name("ldexp", vt),
                    (_, VT::F32) => "__powisf2".to_string(),
                    (_, VT::F64) => "__powidf2".to_string(),
                    _ => "__powixf2".to_string(),
                };
                self.libcall(&lib, &[x, n], vt)?
            }
            "is" => {
                let Some(mask) = super::const_int(f, args[1]) else {
                    return Err(IselError::new(format!("{name} with a variable test")));
                };
                self.is_fpclass(x, vt, mask)?
            }
            _ => {
                let lib = libm_name(base, vt);
                self.libcall(&lib, &[x], vt)?
            }
        };
        self.set(i, v);
        Ok(true)
    }

    /// `llvm.is.fpclass(x, mask)` as an i1.
    fn is_fpclass(&mut self, x: SDValue, vt: VT, mask: u64) -> BResult<SDValue> {
        let mask = mask & 0x3ff;
        if mask == class::NAN {
            return Ok(self.fsetcc(x, x, FCond::Uno));
        }
        if mask == 0x3ff & !class::NAN {
            return Ok(self.fsetcc(x, x, FCond::Ord));
        }
        if vt == VT::F80 {
            return Err(IselError::new(format!(
                "llvm.is.fpclass on x86_fp80 with test {mask:#x}"
            )));
        }
        let it = int_of(vt);
        let (abs_mask, inf, quiet, min_normal) = layout(vt);
        let d = &mut *self.dag;
        let bits = d.value(Op::Bitcast, it, &[x], 0);
        let am = d.constant(it, abs_mask);
        let abs = d.value(Op::And, it, &[bits, am], 0);
        let c = |d: &mut crate::node::Dag, v: u64| d.constant(it, v);
        let mut acc: Option<SDValue> = None;
        let mut or = |d: &mut crate::node::Dag, t: SDValue| {
            acc = Some(match acc {
                Some(a) => d.value(Op::Or, VT::I1, &[a, t], 0),
                None => t,
            });
        };
        let infc = c(d, inf);
        match mask & class::NAN {
            0 => {}
            class::NAN => {
                let t = d.value(Op::SetCC, VT::I1, &[abs, infc], Cond::Ugt as u64);
                or(d, t);
            }
            m => {
                // Quiet NaNs have the top mantissa bit set.
                let q = c(d, inf | quiet);
                let t = if m == class::QNAN {
                    d.value(Op::SetCC, VT::I1, &[abs, q], Cond::Uge as u64)
                } else {
                    let gt = d.value(Op::SetCC, VT::I1, &[abs, infc], Cond::Ugt as u64);
                    let lt = d.value(Op::SetCC, VT::I1, &[abs, q], Cond::Ult as u64);
                    d.value(Op::And, VT::I1, &[gt, lt], 0)
                };
                or(d, t);
            }
        }
        let zero = c(d, 0);
        let neg = d.value(Op::SetCC, VT::I1, &[bits, zero], Cond::Slt as u64);
        let pos = d.value(Op::SetCC, VT::I1, &[bits, zero], Cond::Sge as u64);
        for (nbit, pbit, kind) in class::PAIRS {
            let (n, p) = (mask & nbit != 0, mask & pbit != 0);
            if !n && !p {
                continue;
            }
            let t = match kind {
                class::Kind::Inf => d.value(Op::SetCC, VT::I1, &[abs, infc], Cond::Eq as u64),
                class::Kind::Zero => d.value(Op::SetCC, VT::I1, &[abs, zero], Cond::Eq as u64),
                class::Kind::Normal => {
                    // min_normal <= abs < inf
                    let mn = c(d, min_normal);
                    let off = d.value(Op::Sub, it, &[abs, mn], 0);
                    let range = c(d, inf - min_normal);
                    d.value(Op::SetCC, VT::I1, &[off, range], Cond::Ult as u64)
                }
                class::Kind::Subnormal => {
                    // 0 < abs < min_normal
                    let one = c(d, 1);
                    let off = d.value(Op::Sub, it, &[abs, one], 0);
                    let range = c(d, min_normal - 1);
                    d.value(Op::SetCC, VT::I1, &[off, range], Cond::Ult as u64)
                }
            };
            let t = match (n, p) {
                (true, true) => t,
                (true, false) => d.value(Op::And, VT::I1, &[t, neg], 0),
                _ => d.value(Op::And, VT::I1, &[t, pos], 0),
            };
            or(d, t);
        }
        Ok(acc.unwrap_or_else(|| d.constant(VT::I1, 0)))
    }

    /// A conditional branch `brcond c, t` + `br e`: x86-like targets test
    /// `oeq` with two flags, so branch on `une` to `e` instead.
    /// The value of scalar `fcmp` `i`, with the inverse predicate if
    /// `invert`.
    pub(super) fn fcmp(&mut self, i: Inst, invert: bool) -> BResult<SDValue> {
        let f = self.fl.f;
        let ops = f.inst_ops(i);
        let p = (f.flags[i.index()] >> inst::PRED_SHIFT) as u8;
        let cond = FCond::from_ir(p).ok_or_else(|| IselError::new("an fcmp predicate"))?;
        let cond = if invert { cond.inverse() } else { cond };
        let (a, _) = self.scalar_operand(ops[0])?;
        let (b, _) = self.float_operand(ops[1])?;
        Ok(self.fsetcc(a, b, cond))
    }

    pub(super) fn float_branch(
        &mut self,
        c: SDValue,
        t: SDValue,
        e: SDValue,
    ) -> (SDValue, SDValue, SDValue) {
        if self.dag.op_of(c) == Op::FSetCC && self.dag.payload(c.node()) == FCond::Oeq as u64 {
            let ops = self.dag.operands(c.node());
            let (a, b) = (ops[0], ops[1]);
            let inv = self.fsetcc(a, b, FCond::Une);
            return (inv, e, t);
        }
        (c, t, e)
    }
}

/// The C library function computing intrinsic `base` on type `vt`
/// (`floor`, `floorf`, `floorl`).
fn libm_name(base: &str, vt: VT) -> String {
    match vt {
        VT::F32 => format!("{base}f"),
        VT::F80 => format!("{base}l"),
        _ => base.to_string(),
    }
}
