//! Selection of `Op::InlineAsm` nodes into `INLINEASM` machine
//! instructions (see `rcc_mach::inline_asm` for the instruction's shape
//! and `rcc_dag::build::inline_asm` for the node's).
//!
//! Each template operand is classified from its constraint and DAG value
//! ([`classify`]): a register of a class (`r`, `q`, `R`, `l`, `Q` for the
//! registers with a high byte, `x`/`v` for XMM), a fixed register (`{ax}`,
//! `{rdi}`, `={eax}`, and the letters `a b c d S D`) as the part of the
//! width of the value, a memory reference (`*m`, `=*m`: the pointer
//! through the address matcher), an immediate (`i`, `n`, `g`/`X` for
//! constants, the ranged x86 letters `I J K L M N O e Z`; `i` also takes a
//! plain symbol), or a use tied to an output
//! (`0`). Emission: copies into fixed input registers, the instruction,
//! copies out of fixed (or narrowed) output registers. Clobbers become
//! dead implicit defs (`~{cc}`/`~{flags}`: EFLAGS; `~{memory}`,
//! `~{dirflag}`, `~{fpsr}` need nothing, the node is chained and the
//! direction flag stays clear); `alignstack` aligns the stack as for a
//! call. Anything else is an [`IselError`] naming the constraint.

use super::addr::{match_addr, AddrMode};
use super::emit::{class_of_vt, Emitter};
use crate::x86_64::desc::{reg_by_asm_name, sub_reg, subreg, super_reg};
use crate::x86_64::machine::mclass;
use crate::x86_64::regs;
use rcc_dag::{Dag, IselError, Node, Op, SDValue, VT};
use rcc_mach::inline_asm::{AsmOperand, AsmOperandKind, Code, Constraint, ConstraintKind};
use rcc_mach::{flag, MOpc, MachFunction, Operand, PReg, Reg, RegClassId, SymFlag};

/// What one template operand becomes.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Kind {
    /// A register of the class (a fresh vreg when it differs from the value's).
    Reg(RegClassId),
    /// This physical register.
    Fixed(PReg),
    /// A memory reference at the pointer.
    Mem,
    /// The constant or symbol itself.
    Imm,
    /// The register of output `n`.
    Tied(u32),
}

fn err(k: usize, c: &Constraint, what: &str) -> IselError {
    IselError::new(format!("inline asm operand {k} ({}): {what}", spell(c)))
}

/// The constraint as written, for messages.
fn spell(c: &Constraint) -> String {
    let mut s = String::new();
    match c.kind {
        ConstraintKind::Output => s.push('='),
        ConstraintKind::Clobber => s.push('~'),
        ConstraintKind::Input => {}
    }
    if c.early_clobber {
        s.push('&');
    }
    if c.indirect {
        s.push('*');
    }
    for code in &c.codes {
        match code {
            Code::Letter(l) => s.push(*l),
            Code::Reg(r) => {
                s.push('{');
                s.push_str(r);
                s.push('}');
            }
            Code::Tied(n) => s.push_str(&n.to_string()),
        }
    }
    s
}

/// The 64-bit register containing general-purpose register `r`.
pub fn full_gpr(r: PReg) -> Option<PReg> {
    if mclass_contains(mclass::GR64, r) {
        return Some(r);
    }
    for idx in [
        subreg::SUB_32BIT,
        subreg::SUB_16BIT,
        subreg::SUB_8BIT,
        subreg::SUB_8BIT_HI,
    ] {
        if let Some(s) = super_reg(r, idx) {
            return full_gpr(s);
        }
    }
    None
}

fn mclass_contains(c: RegClassId, r: PReg) -> bool {
    use rcc_mach::TargetInfo;
    crate::x86_64::machine::X86Info.class_contains(c, r)
}

/// The part of 64-bit `r` for a value of type `vt`.
fn part(r: PReg, vt: VT) -> Option<PReg> {
    let idx = match vt {
        VT::I1 | VT::I8 => subreg::SUB_8BIT,
        VT::I16 => subreg::SUB_16BIT,
        VT::I32 => subreg::SUB_32BIT,
        VT::I64 => return Some(r),
        _ => return None,
    };
    sub_reg(r, idx)
}

/// The register a `{name}` or fixed letter names, at the width of `vt`.
fn fixed_reg(name: &str, vt: VT) -> Option<PReg> {
    let r = reg_by_asm_name(&name.to_ascii_lowercase())?;
    if matches!(vt, VT::F32 | VT::F64) || vt.is_vector() {
        return mclass_contains(mclass::VR128, r).then_some(r);
    }
    part(full_gpr(r)?, vt)
}

/// The class of letter `l` for a value of type `vt`, if it is a register class.
fn letter_class(l: char, vt: VT) -> Option<RegClassId> {
    match l {
        'r' | 'q' | 'R' | 'l' | 'g' | 'X' if vt.is_int() && !vt.is_vector() => class_of_vt(vt).ok(),
        'Q' => match vt {
            VT::I8 => Some(mclass::GR8_ABCD_L),
            VT::I16 => Some(mclass::GR16_ABCD),
            VT::I32 => Some(mclass::GR32_ABCD),
            VT::I64 => Some(mclass::GR64_ABCD),
            _ => None,
        },
        'x' | 'v' | 'X' if matches!(vt, VT::F32 | VT::F64) || vt.is_vector() => {
            class_of_vt(vt).ok()
        }
        _ => None,
    }
}

/// The x86 immediate constraints and the values each accepts (GCC's
/// machine constraints: `I` shift counts, `J` 64-bit shift counts, `K`
/// signed bytes, `L` the zero-extension masks, `M` two-bit scales, `N` port
/// numbers, `O` 0..127, `e` sign-extended 32-bit, `Z` zero-extended 32-bit).
fn x86_imm_range(l: char) -> Option<fn(i64) -> bool> {
    Some(match l {
        'I' => |x| (0..=31).contains(&x),
        'J' => |x| (0..=63).contains(&x),
        'K' => |x| (-128..=127).contains(&x),
        'L' => |x| x == 0xff || x == 0xffff || x == 0xffff_ffff,
        'M' => |x| (0..=3).contains(&x),
        'N' => |x| (0..=255).contains(&x),
        'O' => |x| (0..=127).contains(&x),
        'e' => |x| i32::try_from(x).is_ok(),
        'Z' => |x| u32::try_from(x).is_ok(),
        _ => return None,
    })
}

/// Whether a constraint code names registers (so a constant may go there).
fn is_reg_code(c: &Code) -> bool {
    match c {
        Code::Letter(l) => "rqQRlgXxvabcdSD".contains(*l),
        Code::Reg(_) => true,
        Code::Tied(_) => true,
    }
}

/// A constant node's value, sign-extended from its width.
fn signed_constant(dag: &Dag, v: SDValue) -> i64 {
    let bits = dag.vt(v).bits();
    let x = dag.payload(v.node());
    if bits > 0 && bits < 64 {
        ((x << (64 - bits)) as i64) >> (64 - bits)
    } else {
        x as i64
    }
}

fn fixed_letter(l: char) -> Option<&'static str> {
    Some(match l {
        'a' => "rax",
        'b' => "rbx",
        'c' => "rcx",
        'd' => "rdx",
        'S' => "rsi",
        'D' => "rdi",
        _ => return None,
    })
}

/// A constant or plain symbol operand usable as an `i` immediate.
fn immediate(dag: &Dag, mf: &MachFunction, v: SDValue, symbols: bool) -> bool {
    match dag.op_of(v) {
        Op::Constant => true,
        Op::Symbol if symbols => mf
            .syms
            .get(dag.payload(v.node()) as usize)
            .is_some_and(|s| s.flag == SymFlag::NONE),
        _ => false,
    }
}

/// The kind of template operand `k` with constraint `c` and value `v`.
fn classify(
    dag: &Dag,
    mf: &MachFunction,
    k: usize,
    c: &Constraint,
    v: SDValue,
) -> Result<Kind, IselError> {
    if let Some(n) = c.tied() {
        return Ok(Kind::Tied(n));
    }
    let vt = dag.vt(v);
    if c.indirect {
        return if c.allows('m') || c.allows('g') || c.allows('X') || c.allows('o') {
            Ok(Kind::Mem)
        } else {
            Err(err(k, c, "an indirect operand needs a memory constraint"))
        };
    }
    let is_input = c.kind == ConstraintKind::Input;
    if is_input {
        let imm_ok = c.allows('i') || c.allows('g') || c.allows('X');
        if (imm_ok || c.allows('n')) && dag.op_of(v) == Op::Constant {
            return Ok(Kind::Imm);
        }
        if imm_ok && immediate(dag, mf, v, true) {
            return Ok(Kind::Imm);
        }
        if dag.op_of(v) == Op::Constant {
            let x = signed_constant(dag, v);
            let ranged: Vec<char> = c
                .codes
                .iter()
                .filter_map(|code| match *code {
                    Code::Letter(l) if x86_imm_range(l).is_some() => Some(l),
                    _ => None,
                })
                .collect();
            // Either reading of the bits may fit (`Z` takes an i32 -1).
            let zext = dag.payload(v.node()) as i64;
            let fits = |f: fn(i64) -> bool| f(x) || f(zext);
            if ranged.iter().any(|&l| x86_imm_range(l).is_some_and(fits)) {
                return Ok(Kind::Imm);
            }
            if let Some(&l) = ranged.first().filter(|_| !c.codes.iter().any(is_reg_code)) {
                return Err(err(k, c, &format!("{x} is out of range for '{l}'")));
            }
        }
    }
    // Registers: a constant that no immediate letter took goes here too.
    if let Some(name) = c.reg_name() {
        return fixed_reg(name, vt)
            .map(Kind::Fixed)
            .ok_or_else(|| err(k, c, &format!("no register {{{name}}} for a {vt} value")));
    }
    for code in &c.codes {
        let Code::Letter(l) = *code else { continue };
        if let Some(cl) = letter_class(l, vt) {
            return Ok(Kind::Reg(cl));
        }
        if let Some(name) = fixed_letter(l) {
            if let Some(p) = fixed_reg(name, vt) {
                return Ok(Kind::Fixed(p));
            }
        }
    }
    if is_input && (c.allows('i') || c.allows('n')) {
        return Err(err(k, c, "the value is not a constant"));
    }
    Err(err(
        k,
        c,
        &format!("unsupported constraint for a {vt} value"),
    ))
}

/// The register a clobber names: `Ok(None)` for those that need nothing.
fn clobber(name: &str) -> Result<Option<PReg>, ()> {
    match name {
        "memory" | "dirflag" | "fpsr" | "fpcr" => Ok(None),
        "cc" | "flags" | "eflags" => Ok(Some(regs::EFLAGS)),
        _ => {
            let r = reg_by_asm_name(&name.to_ascii_lowercase()).ok_or(())?;
            Ok(Some(full_gpr(r).unwrap_or(r)))
        }
    }
}

/// The nodes an asm node needs first: register and address operands, then
/// the chain.
pub fn deps(dag: &Dag, mf: &MachFunction, n: Node, deps: &mut Vec<Node>) -> Result<(), IselError> {
    let ops = dag.operands(n);
    let desc = descriptor(mf, dag, n)?;
    let numbered = desc
        .constraints
        .iter()
        .filter(|c| c.kind != ConstraintKind::Clobber);
    for (k, (c, &v)) in numbered.zip(&ops[1..]).enumerate() {
        if dag.op_of(v) == Op::Register {
            continue;
        }
        match classify(dag, mf, k, c, v)? {
            Kind::Imm => {}
            Kind::Mem => deps.extend(match_addr(dag, mf, v, false).regs().map(|r| r.node())),
            _ => deps.push(v.node()),
        }
    }
    deps.push(ops[0].node());
    Ok(())
}

fn descriptor<'m>(
    mf: &'m MachFunction,
    dag: &Dag,
    n: Node,
) -> Result<&'m rcc_mach::inline_asm::InlineAsm, IselError> {
    mf.inline_asms
        .get(dag.payload(n) as usize)
        .ok_or_else(|| IselError::new("internal error: inline asm node without its descriptor"))
}

/// Emits asm node `n`.
pub fn emit(e: &mut Emitter<'_>, mf: &mut MachFunction, n: Node) -> Result<(), IselError> {
    let dag = e.dag;
    let ops = dag.operands(n);
    let idx = dag.payload(n) as usize;
    let desc = descriptor(mf, dag, n)?.clone();
    if desc.align_stack {
        mf.frame.has_calls = true;
    }
    let numbered: Vec<&Constraint> = desc
        .constraints
        .iter()
        .filter(|c| c.kind != ConstraintKind::Clobber)
        .collect();
    if numbered.len() + 1 != ops.len() {
        return Err(IselError::new("internal error: inline asm operand count"));
    }
    // Tied-operand indices are 8 bits wide: at most 48 operands of up to
    // five machine operands each.
    if numbered.len() > 48 {
        return Err(IselError::new(format!(
            "inline asm with {} operands (at most 48)",
            numbered.len()
        )));
    }
    let mut mops = vec![Operand::imm(idx as i32)];
    let mut map: Vec<AsmOperand> = Vec::with_capacity(numbered.len());
    // The machine operand of each output's register, for tied inputs.
    let mut out_at: Vec<Option<(usize, Reg)>> = vec![None; numbered.len()];
    let mut after: Vec<(Reg, Reg)> = Vec::new();
    for (k, (&c, &v)) in numbered.iter().zip(&ops[1..]).enumerate() {
        let first = mops.len() as u16;
        let output = c.kind == ConstraintKind::Output && !c.indirect;
        let ec = if c.early_clobber {
            flag::EARLY_CLOBBER
        } else {
            0
        };
        let kind = if output {
            let out = Reg::from_bits(dag.payload(v.node()) as u32);
            let reg = match classify(dag, mf, k, c, v)? {
                Kind::Fixed(p) => {
                    after.push((out, Reg::from(p)));
                    Reg::from(p)
                }
                Kind::Reg(cl) => match out.as_virt() {
                    Some(ov) if mf.class_of(ov) != cl => {
                        let t = Reg::virt(mf.new_vreg(cl));
                        after.push((out, t));
                        t
                    }
                    _ => out,
                },
                _ => return Err(err(k, c, "an output must be a register or '=*m'")),
            };
            out_at[k] = Some((mops.len(), reg));
            mops.push(Operand::reg_def(reg).with(ec));
            AsmOperandKind::Reg
        } else {
            match classify(dag, mf, k, c, v)? {
                Kind::Mem => {
                    let am: AddrMode = match_addr(dag, mf, v, false);
                    e.push_addr(mf, &mut mops, &am);
                    AsmOperandKind::Mem
                }
                Kind::Imm => {
                    mops.push(if dag.op_of(v) == Op::Symbol {
                        Operand::sym_index(dag.payload(v.node()) as u32)
                    } else {
                        // Constants are kept zero-extended; the asm sees them signed.
                        mf.imm(signed_constant(dag, v))
                    });
                    AsmOperandKind::Imm
                }
                Kind::Fixed(p) => {
                    mf.push(
                        MOpc::COPY,
                        &[Operand::reg_def(p), Operand::reg_use(e.reg(v))],
                    );
                    mops.push(Operand::reg_use(p));
                    AsmOperandKind::Reg
                }
                Kind::Reg(cl) => {
                    let r = narrowed(e, mf, v, cl);
                    mops.push(Operand::reg_use(r));
                    AsmOperandKind::Reg
                }
                Kind::Tied(t) => {
                    let Some((at, reg)) = out_at.get(t as usize).copied().flatten() else {
                        return Err(err(
                            k,
                            c,
                            "tied to an operand that is not a register output",
                        ));
                    };
                    let vt = dag.vt(v);
                    let src = e.reg(v);
                    let r = match reg.as_phys() {
                        Some(p) => {
                            mf.push(MOpc::COPY, &[Operand::reg_def(p), Operand::reg_use(src)]);
                            reg
                        }
                        None => {
                            let Some(ov) = reg.as_virt() else {
                                return Err(err(k, c, "tied to an operand without a register"));
                            };
                            let cl = mf.class_of(ov);
                            if class_of_vt(vt).ok() != Some(cl) && !same_width(mf, src, cl) {
                                return Err(err(
                                    k,
                                    c,
                                    "a tied input of another width than its output",
                                ));
                            }
                            narrowed(e, mf, v, cl)
                        }
                    };
                    mops.push(Operand::reg_tied_use(r, at));
                    AsmOperandKind::Reg
                }
            }
        };
        map.push(AsmOperand { kind, first });
    }
    for c in desc
        .constraints
        .iter()
        .filter(|c| c.kind == ConstraintKind::Clobber)
    {
        let name = c.reg_name().unwrap_or("");
        match clobber(name) {
            Ok(Some(p)) => {
                let dup = mops.iter().any(|o| o.is_def() && o.reg() == Reg::from(p));
                if !dup {
                    mops.push(Operand::implicit_def(p).with(flag::DEAD | flag::EARLY_CLOBBER));
                }
            }
            Ok(None) => {}
            Err(()) => {
                return Err(IselError::new(format!(
                    "inline asm clobber ~{{{name}}}: unknown register"
                )))
            }
        }
    }
    mf.inline_asms[idx].operands = map;
    mf.push(MOpc::INLINEASM, &mops);
    for (dst, src) in after {
        mf.push(MOpc::COPY, &[Operand::reg_def(dst), Operand::reg_use(src)]);
    }
    Ok(())
}

fn same_width(mf: &MachFunction, r: Reg, cl: RegClassId) -> bool {
    use rcc_mach::TargetInfo;
    let t = crate::x86_64::machine::X86Info;
    match r.as_virt() {
        Some(v) => t.class_spill_size(mf.class_of(v)) == t.class_spill_size(cl),
        None => false,
    }
}

/// `v`'s register, copied into a fresh vreg of class `cl` unless it has it.
fn narrowed(e: &Emitter<'_>, mf: &mut MachFunction, v: SDValue, cl: RegClassId) -> Reg {
    let r = e.reg(v);
    match r.as_virt() {
        Some(rv) if mf.class_of(rv) == cl => r,
        _ => {
            let t = mf.new_vreg(cl);
            mf.push(MOpc::COPY, &[Operand::reg_def(t), Operand::reg_use(r)]);
            Reg::virt(t)
        }
    }
}
