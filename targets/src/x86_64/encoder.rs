//! The x86-64 machine-code encoder: `MCInst` -> bytes + fixups, driven
//! entirely by the instruction descriptors.
//!
//! Byte order produced: segment override, 67 (32-bit address), 66 (operand
//! size), mandatory prefix, REX or VEX, map escape, opcode, ModRM, SIB,
//! displacement, immediates. Nothing here is specific to one form: the
//! descriptor's `form`, `map`, `prefix` and `enc` flags say where operands go.
//!
//! Invariants: on error, `out` and `fixups` are restored to their lengths on
//! entry; fixup offsets are relative to the start of this instruction; the
//! addend of a PC-relative fixup already includes the distance from the
//! field to the end of the instruction.

use super::desc::{
    enc, iflag, reg_info, Form, ImmKind, InstDesc, OpKind, OpMap, Opcode, Prefix, RegFlags,
};
use super::fixup;
use rcc_mc::{Disp, ExprId, Fixup, FixupKind, MCInst, MCOperand, MemRef, Reg};
use std::fmt;

/// Why an instruction cannot be encoded.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum EncodeError {
    /// The opcode is not in the description.
    BadOpcode(u16),
    /// The operand count differs from the form's.
    OperandCount {
        form: &'static str,
        expected: usize,
        got: usize,
    },
    /// Operand `index` has the wrong kind or register class for the form.
    OperandKind { form: &'static str, index: usize },
    /// An immediate does not fit its field.
    ImmRange { form: &'static str, value: i64 },
    /// AH/BH/CH/DH (`reg`) in an instruction that needs a REX prefix.
    HighByteWithRex {
        form: &'static str,
        reg: &'static str,
    },
    /// A memory operand that x86 cannot express (bad scale, %rsp index...).
    BadAddress { form: &'static str },
    /// A pseudo, which MC lowering expands before anything is encoded or
    /// printed.
    Pseudo { form: &'static str },
}

impl fmt::Display for EncodeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EncodeError::BadOpcode(o) => write!(f, "invalid opcode {o}"),
            EncodeError::OperandCount {
                form,
                expected,
                got,
            } => {
                write!(f, "{form}: expected {expected} operands, got {got}")
            }
            EncodeError::OperandKind { form, index } => {
                write!(f, "{form}: invalid operand {index}")
            }
            EncodeError::ImmRange { form, value } => {
                write!(f, "{form}: immediate {value} out of range")
            }
            EncodeError::HighByteWithRex { reg, .. } => {
                write!(
                    f,
                    "can't encode '{reg}' in an instruction requiring REX prefix"
                )
            }
            EncodeError::BadAddress { form } => write!(f, "{form}: invalid memory operand"),
            EncodeError::Pseudo { form } => write!(f, "{form}: a pseudo cannot be encoded"),
        }
    }
}

impl std::error::Error for EncodeError {}

/// The register-or-memory operand of ModRM.
#[derive(Copy, Clone)]
enum Rm {
    Reg(Reg),
    Mem(MemRef),
}

/// An immediate field to emit after ModRM/SIB/displacement.
#[derive(Copy, Clone)]
enum ImmField {
    Value {
        v: i64,
        size: usize,
    },
    Expr {
        e: ExprId,
        size: usize,
        kind: FixupKind,
    },
}

impl ImmField {
    fn size(self) -> usize {
        match self {
            ImmField::Value { size, .. } | ImmField::Expr { size, .. } => size,
        }
    }
}

/// Operands of one instruction, sorted into encoding roles.
struct Roles {
    reg: Option<Reg>,
    digit: u8,
    rm: Option<Rm>,
    vvvv: Option<Reg>,
    opreg: Option<Reg>,
    cc: u8,
    imms: [Option<ImmField>; 3],
    nimm: usize,
}

fn ext(r: Reg) -> u8 {
    u8::from(reg_info(r).flags.has(RegFlags::EXT))
}

fn low3(r: Reg) -> u8 {
    reg_info(r).enc & 7
}

/// Encodes `inst`, appending its bytes to `out` and its fixups to `fixups`.
pub fn encode(
    inst: &MCInst,
    out: &mut Vec<u8>,
    fixups: &mut Vec<Fixup>,
) -> Result<(), EncodeError> {
    let (n_out, n_fix) = (out.len(), fixups.len());
    let r = encode_inner(inst, out, fixups);
    if r.is_err() {
        out.truncate(n_out);
        fixups.truncate(n_fix);
    }
    r
}

/// The descriptor of `inst`'s opcode, checked to take as many operands as
/// `inst` has: what the encoder and both printers start from.
pub(crate) fn checked_desc(inst: &MCInst) -> Result<&'static InstDesc, EncodeError> {
    let desc = Opcode(inst.opcode)
        .desc()
        .ok_or(EncodeError::BadOpcode(inst.opcode))?;
    if desc.form == Form::Pseudo {
        return Err(EncodeError::Pseudo { form: desc.name });
    }
    let n_slots = desc.num_mc_operands as usize;
    if n_slots != inst.operands().len() {
        return Err(EncodeError::OperandCount {
            form: desc.name,
            expected: n_slots,
            got: inst.operands().len(),
        });
    }
    Ok(desc)
}

fn classify(desc: &'static InstDesc, inst: &MCInst) -> Result<Roles, EncodeError> {
    let form = desc.name;
    let kind_err = |index| EncodeError::OperandKind { form, index };
    let ops = inst.operands();
    let mut rr: [Rm; 4] = [Rm::Reg(Reg::NONE); 4];
    let mut nrr = 0;
    let mut roles = Roles {
        reg: None,
        digit: 0,
        rm: None,
        vvvv: None,
        opreg: None,
        cc: 0,
        imms: [None; 3],
        nimm: 0,
    };
    let push_imm = |roles: &mut Roles, f: ImmField, i: usize| -> Result<(), EncodeError> {
        let slot = roles.imms.get_mut(roles.nimm).ok_or(kind_err(i))?;
        *slot = Some(f);
        roles.nimm += 1;
        Ok(())
    };
    for (i, (slot, op)) in desc.mc_operands().zip(ops).enumerate() {
        match (slot.kind, *op) {
            (OpKind::Reg(class), MCOperand::Reg(r)) => {
                if !class.contains(r) {
                    return Err(kind_err(i));
                }
                rr[nrr] = Rm::Reg(r);
                nrr += 1;
            }
            (OpKind::Mem(_), MCOperand::Mem(m)) => {
                rr[nrr] = Rm::Mem(m);
                nrr += 1;
            }
            (OpKind::Cond, MCOperand::Imm(c)) if (0..16).contains(&c) => roles.cc = c as u8,
            (OpKind::FCond, MCOperand::Imm(c)) if (0..8).contains(&c) => {
                push_imm(&mut roles, ImmField::Value { v: c, size: 1 }, i)?
            }
            (OpKind::Imm(k), MCOperand::Imm(v)) => {
                if !k.fits(v) {
                    return Err(EncodeError::ImmRange { form, value: v });
                }
                push_imm(&mut roles, ImmField::Value { v, size: k.size() }, i)?
            }
            (OpKind::Imm(k), MCOperand::Expr(e)) => {
                let kind = match k {
                    ImmKind::I16 => FixupKind::ABS16,
                    ImmKind::I32 => FixupKind::ABS32,
                    ImmKind::I64I32 => fixup::SIGNED_4BYTE,
                    ImmKind::I64 => FixupKind::ABS64,
                    _ => FixupKind::ABS8,
                };
                push_imm(
                    &mut roles,
                    ImmField::Expr {
                        e,
                        size: k.size(),
                        kind,
                    },
                    i,
                )?
            }
            (OpKind::Rel(n), MCOperand::Imm(v)) => {
                let fits = if n == 1 {
                    i8::try_from(v).is_ok()
                } else {
                    i32::try_from(v).is_ok()
                };
                if !fits {
                    return Err(EncodeError::ImmRange { form, value: v });
                }
                push_imm(
                    &mut roles,
                    ImmField::Value {
                        v,
                        size: n as usize,
                    },
                    i,
                )?
            }
            (OpKind::MemOffs, MCOperand::Imm(v)) => {
                push_imm(&mut roles, ImmField::Value { v, size: 8 }, i)?
            }
            (OpKind::MemOffs, MCOperand::Expr(e)) => push_imm(
                &mut roles,
                ImmField::Expr {
                    e,
                    size: 8,
                    kind: FixupKind::ABS64,
                },
                i,
            )?,
            (OpKind::Rel(n), MCOperand::Expr(e)) => {
                let kind = if n == 1 {
                    FixupKind::PCREL8
                } else {
                    fixup::BRANCH_4BYTE_PCREL
                };
                push_imm(
                    &mut roles,
                    ImmField::Expr {
                        e,
                        size: n as usize,
                        kind,
                    },
                    i,
                )?
            }
            _ => return Err(kind_err(i)),
        }
    }
    let rr = &rr[..nrr];
    let reg_at = |k: usize| -> Result<Reg, EncodeError> {
        match rr.get(k) {
            Some(Rm::Reg(r)) => Ok(*r),
            _ => Err(kind_err(k)),
        }
    };
    let v4 = desc.has_enc(enc::VEX_4V);
    let mut used = 0;
    match desc.form {
        Form::RawFrm => {}
        Form::Pseudo => return Err(EncodeError::Pseudo { form }),
        Form::AddRegFrm => {
            roles.opreg = Some(reg_at(0)?);
            used = 1;
        }
        Form::MRMDestReg | Form::MRMDestMem => {
            roles.rm = rr.first().copied();
            if v4 {
                roles.vvvv = Some(reg_at(1)?);
                roles.reg = Some(reg_at(2)?);
                used = 3;
            } else {
                roles.reg = Some(reg_at(1)?);
                used = 2;
            }
        }
        Form::MRMSrcReg | Form::MRMSrcMem => {
            roles.reg = Some(reg_at(0)?);
            let mut k = 1;
            if v4 {
                roles.vvvv = Some(reg_at(1)?);
                k = 2;
            }
            roles.rm = rr.get(k).copied();
            used = k + 1;
            if desc.has_enc(enc::IS4) {
                let r4 = reg_at(k + 1)?;
                push_imm(
                    &mut roles,
                    ImmField::Value {
                        v: i64::from(reg_info(r4).enc) << 4,
                        size: 1,
                    },
                    k + 1,
                )?;
                used += 1;
            }
        }
        Form::MRMr(d) | Form::MRMm(d) => {
            roles.digit = d;
            let mut k = 0;
            if v4 {
                roles.vvvv = Some(reg_at(0)?);
                k = 1;
            }
            roles.rm = rr.get(k).copied();
            used = k + 1;
        }
    }
    let want_mem = matches!(
        desc.form,
        Form::MRMDestMem | Form::MRMSrcMem | Form::MRMm(_)
    );
    match roles.rm {
        Some(Rm::Mem(_)) if !want_mem => return Err(kind_err(0)),
        Some(Rm::Reg(_)) if want_mem => return Err(kind_err(0)),
        None if matches!(
            desc.form,
            Form::MRMDestReg
                | Form::MRMDestMem
                | Form::MRMSrcReg
                | Form::MRMSrcMem
                | Form::MRMr(_)
                | Form::MRMm(_)
        ) =>
        {
            return Err(kind_err(0))
        }
        _ => {}
    }
    if used != nrr {
        return Err(kind_err(used));
    }
    Ok(roles)
}

fn encode_inner(
    inst: &MCInst,
    out: &mut Vec<u8>,
    fixups: &mut Vec<Fixup>,
) -> Result<(), EncodeError> {
    let desc = checked_desc(inst)?;
    let form = desc.name;
    let roles = classify(desc, inst)?;
    let start = out.len();
    // The longest x86 instruction is 15 bytes.
    out.reserve(16);

    // Registers that take part in REX decisions.
    let mem = match roles.rm {
        Some(Rm::Mem(m)) => Some(m),
        _ => None,
    };
    let rm_reg = match roles.rm {
        Some(Rm::Reg(r)) => Some(r),
        _ => None,
    };
    let mut needs_rex = false;
    let mut high_byte = None;
    for r in [roles.reg, rm_reg, roles.opreg].into_iter().flatten() {
        let f = reg_info(r).flags;
        needs_rex |= f.has(RegFlags::NEEDS_REX);
        if f.has(RegFlags::NO_REX) {
            high_byte = Some(reg_info(r).asm);
        }
    }
    let rex_r = roles.reg.map_or(0, ext);
    let (rex_x, rex_b) = match (mem, rm_reg, roles.opreg) {
        (Some(m), _, _) => (
            if m.index.is_some() { ext(m.index) } else { 0 },
            if m.base.is_some() { ext(m.base) } else { 0 },
        ),
        (None, Some(r), _) | (None, None, Some(r)) => (0, ext(r)),
        _ => (0, 0),
    };
    let rex_w = u8::from(desc.has_enc(enc::REX_W));
    let rex = (rex_w << 3) | (rex_r << 2) | (rex_x << 1) | rex_b;
    let vex = desc.has_enc(enc::VEX);
    if let Some(reg) = high_byte.filter(|_| !vex && (rex != 0 || needs_rex)) {
        return Err(EncodeError::HighByteWithRex { form, reg });
    }

    // Legacy prefixes.
    if let Some(m) = mem {
        if let Some(seg) = m.segment() {
            out.push(match seg {
                0 => 0x26,
                1 => 0x2e,
                2 => 0x36,
                3 => 0x3e,
                4 => 0x64,
                5 => 0x65,
                _ => return Err(EncodeError::BadAddress { form }),
            });
        }
        let is32 = |r: Reg| r.is_some() && reg_info(r).bits == 32;
        if is32(m.base) || is32(m.index) {
            out.push(0x67);
        }
    }
    if desc.has_enc(enc::OPSIZE16) {
        out.push(0x66);
    }
    if desc.has_enc(enc::LOCK) {
        out.push(0xf0);
    }
    if desc.has_enc(enc::NOTRACK) {
        out.push(0x3e);
    }
    let pp = match desc.prefix {
        Prefix::None => 0,
        Prefix::PD => 1,
        Prefix::XS => 2,
        Prefix::XD => 3,
    };
    if vex {
        let mmmmm = match desc.map {
            OpMap::OneByte => return Err(EncodeError::OperandKind { form, index: 0 }),
            OpMap::TB => 1,
            OpMap::T38 => 2,
            OpMap::T3A => 3,
        };
        let vvvv = roles.vvvv.map_or(0, |r| reg_info(r).enc) & 15;
        let l = u8::from(desc.has_enc(enc::VEX_L));
        let w = u8::from(desc.has_enc(enc::VEX_W));
        let tail = ((!vvvv & 15) << 3) | (l << 2) | pp;
        if rex_x == 0 && rex_b == 0 && w == 0 && mmmmm == 1 {
            out.extend_from_slice(&[0xc5, ((rex_r ^ 1) << 7) | tail]);
        } else {
            out.extend_from_slice(&[
                0xc4,
                ((rex_r ^ 1) << 7) | ((rex_x ^ 1) << 6) | ((rex_b ^ 1) << 5) | mmmmm,
                (w << 7) | tail,
            ]);
        }
    } else {
        match desc.prefix {
            Prefix::None => {}
            Prefix::PD => out.push(0x66),
            Prefix::XS => out.push(0xf3),
            Prefix::XD => out.push(0xf2),
        }
        if rex != 0 || needs_rex {
            out.push(0x40 | rex);
        }
        match desc.map {
            OpMap::OneByte => {}
            OpMap::TB => out.push(0x0f),
            OpMap::T38 => out.extend_from_slice(&[0x0f, 0x38]),
            OpMap::T3A => out.extend_from_slice(&[0x0f, 0x3a]),
        }
    }

    // Opcode, with +reg / +cc on the last byte.
    let (last, head) = desc
        .opcode
        .split_last()
        .ok_or(EncodeError::BadOpcode(inst.opcode))?;
    out.extend_from_slice(head);
    let add = roles.opreg.map_or(0, low3) + roles.cc;
    out.push(last.wrapping_add(add));

    // ModRM / SIB / displacement.
    let imm_bytes: usize = roles.imms[..roles.nimm]
        .iter()
        .flatten()
        .map(|f| f.size())
        .sum();
    let reg_bits = match roles.reg {
        Some(r) => low3(r),
        None => roles.digit,
    };
    match roles.rm {
        Some(Rm::Reg(r)) => out.push(0xc0 | (reg_bits << 3) | low3(r)),
        Some(Rm::Mem(m)) => {
            let rip_kind = match (desc.has(iflag::GOT_RELAX), vex || (rex == 0 && !needs_rex)) {
                (false, _) => fixup::RIPREL_4BYTE,
                (true, true) => fixup::RIPREL_4BYTE_RELAX,
                (true, false) => fixup::RIPREL_4BYTE_RELAX_REX,
            };
            let site = MemSite {
                form,
                reg_bits,
                imm_bytes,
                rip_kind,
                start,
            };
            encode_mem(&site, m, out, fixups)?
        }
        None => {}
    }

    // Immediates.
    let mut remaining = imm_bytes;
    for f in roles.imms[..roles.nimm].iter().flatten() {
        remaining -= f.size();
        match *f {
            ImmField::Value { v, size } => out.extend_from_slice(&v.to_le_bytes()[..size]),
            ImmField::Expr { e, size, kind } => {
                let addend = if fixup::info(kind).pcrel {
                    -((size + remaining) as i64)
                } else {
                    0
                };
                debug_assert_eq!(fixup::info(kind).size, size);
                Fixup::push_field(out, start, fixups, kind, size, e, addend);
            }
        }
    }
    Ok(())
}

/// What `encode_mem` needs to know about the instruction around it.
#[derive(Copy, Clone)]
struct MemSite {
    form: &'static str,
    /// ModRM.reg: a register number or an opcode extension digit.
    reg_bits: u8,
    /// Immediate bytes after the displacement (for RIP-relative addends).
    imm_bytes: usize,
    /// The fixup kind of a RIP-relative displacement.
    rip_kind: FixupKind,
    /// Offset of the instruction's first byte in `out`.
    start: usize,
}

fn encode_mem(
    site: &MemSite,
    m: MemRef,
    out: &mut Vec<u8>,
    fixups: &mut Vec<Fixup>,
) -> Result<(), EncodeError> {
    let MemSite {
        form,
        reg_bits,
        imm_bytes,
        rip_kind,
        start,
    } = *site;
    let bad = EncodeError::BadAddress { form };
    let scale_bits = match m.scale {
        1 => 0,
        2 => 1,
        4 => 2,
        8 => 3,
        _ => return Err(bad),
    };
    let gpr_addr = |r: Reg| {
        let i = reg_info(r);
        i.flags.has(RegFlags::GPR) && (i.bits == 64 || i.bits == 32)
    };
    let is_rip = m.base == super::desc::regs::RIP;
    if m.index.is_some() && (!gpr_addr(m.index) || reg_info(m.index).enc == 4) {
        return Err(bad);
    }
    if m.base.is_some() && !is_rip && !gpr_addr(m.base) {
        return Err(bad);
    }
    let disp32 = |out: &mut Vec<u8>, fixups: &mut Vec<Fixup>, kind: FixupKind| match m.disp() {
        Disp::Imm(v) => out.extend_from_slice(&v.to_le_bytes()),
        Disp::Expr(e) => {
            let addend = if fixup::info(kind).pcrel {
                -4 - imm_bytes as i64
            } else {
                0
            };
            Fixup::push_field(out, start, fixups, kind, 4, e, addend);
        }
    };
    let modrm = |md: u8, rm: u8| (md << 6) | (reg_bits << 3) | rm;
    let sib = |idx: u8, base: u8| (scale_bits << 6) | (idx << 3) | base;
    let idx_bits = if m.index.is_some() { low3(m.index) } else { 4 };
    if is_rip {
        if m.index.is_some() {
            return Err(bad);
        }
        out.push(modrm(0, 5));
        disp32(out, fixups, rip_kind);
        return Ok(());
    }
    if m.base.is_none() {
        out.push(modrm(0, 4));
        out.push(sib(idx_bits, 5));
        disp32(out, fixups, fixup::SIGNED_4BYTE);
        return Ok(());
    }
    let base_bits = low3(m.base);
    let md = match m.disp() {
        Disp::Expr(_) => 2,
        Disp::Imm(0) if base_bits != 5 => 0,
        Disp::Imm(v) if i8::try_from(v).is_ok() => 1,
        Disp::Imm(_) => 2,
    };
    if m.index.is_some() || base_bits == 4 {
        out.push(modrm(md, 4));
        out.push(sib(idx_bits, base_bits));
    } else {
        out.push(modrm(md, base_bits));
    }
    match md {
        1 => {
            if let Disp::Imm(v) = m.disp() {
                out.push(v as u8);
            }
        }
        2 => disp32(out, fixups, fixup::SIGNED_4BYTE),
        _ => {}
    }
    Ok(())
}
