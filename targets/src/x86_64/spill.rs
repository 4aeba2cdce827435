//! x86-64 answers to the spiller's questions (LLVM's
//! `X86InstrInfo::isReallyTriviallyReMaterializable` and
//! `foldMemoryOperandImpl`): which instructions can be recomputed instead
//! of reloaded, and which register operands can become a reference to the
//! spill slot.
//!
//! Rematerialization: a `remat` form (`MOV*ri`, `LEA64r`, the vector and
//! GPR loads, the `xorps`-style zeroing idioms) qualifies per instance: one
//! explicit whole-register def, no implicit defs, only `undef` or reserved
//! register uses (the zeroing idiom reads its own def as `undef`; RIP), and
//! memory only when it is invariant: a RIP-relative constant-pool entry or
//! a GOT slot (`@GOTPCREL`), as LLVM treats both.
//!
//! Folding: the generated [`super::desc::FOLD_TABLE`] maps a register
//! form's operand to its memory form; here a machine operand index is
//! mapped to the descriptor operand, and the slot's size and alignment are
//! checked against the bytes the memory form accesses (a load may read the
//! low part of a larger slot; a store or read-modify-write must cover the
//! slot exactly; 16- and 32-byte accesses need the slot aligned to their
//! size, since the legacy SSE forms fault otherwise).

use super::desc::{fold_entry, FoldKind, OpKind, Role, DESCS};
use super::machine::frame_mem;
use super::{sym_flags, Opcode};
use rcc_mach::{
    flag, iflag, FrameIdx, MInst, MachFunction, OpKind as MOpKind, Operand, SymTarget, TargetInfo,
};

/// `SUBIDX` index of `sub_8bit_hi`: the one x86 sub-register not at
/// offset 0 of its register.
const SUB_8BIT_HI: u8 = 1;

/// See `TargetInfo::is_rematerializable`.
pub fn is_rematerializable(t: &dyn TargetInfo, mf: &MachFunction, i: MInst) -> bool {
    let Some(d) = mf.opc(i).as_target().and_then(|op| DESCS.get(op as usize)) else {
        return false;
    };
    if !d.has(iflag::REMAT)
        || d.has(iflag::SIDE_EFFECTS)
        || d.has(iflag::MAY_STORE)
        || !d.implicit_defs.is_empty()
    {
        return false;
    }
    let mut defs = 0;
    let mut invariant_mem = false;
    for &o in mf.operands(i) {
        match o.kind() {
            MOpKind::Reg if o.is_def() => {
                if o.has(flag::IMPLICIT) || o.subreg().is_some() || o.reg().is_none() {
                    return false;
                }
                defs += 1;
            }
            MOpKind::Reg => {
                let r = o.reg();
                let fine = r.is_none()
                    || o.has(flag::UNDEF)
                    || r.as_phys().is_some_and(|p| mf.is_reserved(t, p));
                if !fine {
                    return false;
                }
            }
            MOpKind::Sym => {
                if let Some(s) = mf.sym_of(o) {
                    invariant_mem |= matches!(s.target, SymTarget::ConstPool(_))
                        || s.flag == sym_flags::GOTPCREL;
                }
            }
            // A frame slot is read-write memory: a load from it is not
            // invariant (an address of it, `lea`, reads nothing).
            MOpKind::Frame if d.has(iflag::MAY_LOAD) => return false,
            _ => {}
        }
    }
    defs == 1 && (!d.has(iflag::MAY_LOAD) || invariant_mem)
}

/// See `TargetInfo::is_invariant_load`: a load without store, call or
/// side effect whose every memory operand has a displacement naming
/// memory that never changes (a constant-pool entry, a jump table, a GOT
/// slot: `@GOTPCREL`); the base and index registers are the caller's to
/// check.
pub fn is_invariant_load(mf: &MachFunction, i: MInst) -> bool {
    let Some(d) = mf.opc(i).as_target().and_then(|op| DESCS.get(op as usize)) else {
        return false;
    };
    if !d.has(iflag::MAY_LOAD)
        || d.has(iflag::MAY_STORE)
        || d.has(iflag::CALL)
        || d.has(iflag::SIDE_EFFECTS)
    {
        return false;
    }
    let ops = mf.operands(i);
    let mut first = 0usize;
    let mut mems = 0;
    for dop in d.operands {
        if let OpKind::Mem(_) = dop.kind {
            // Base, scale, index, displacement, segment.
            let Some(disp) = ops.get(first + 3) else {
                return false;
            };
            let constant = mf.sym_of(*disp).is_some_and(|s| {
                matches!(s.target, SymTarget::ConstPool(_) | SymTarget::JumpTable(_))
                    || s.flag == sym_flags::GOTPCREL
            });
            if !constant || ops[first].kind() == MOpKind::Frame {
                return false;
            }
            mems += 1;
        }
        first += machine_width(dop.kind, dop.role);
    }
    mems > 0
}

/// See `TargetInfo::stack_slot_store`: a form whose only memory access is
/// a sized store (`w` memory operand, no load, no call), addressing a frame
/// object with scale 1, no index, displacement 0 and no segment.
pub fn stack_slot_store(mf: &MachFunction, i: MInst) -> Option<(FrameIdx, u64)> {
    plain_slot_access(mf, i, Role::Def)
}

/// The one sized memory operand of `i`, with role `role` (a store for
/// `Def`, a load for `Use`), when it is the instruction's only memory
/// access and addresses a frame object plainly.
fn plain_slot_access(mf: &MachFunction, i: MInst, role: Role) -> Option<(FrameIdx, u64)> {
    let d = DESCS.get(mf.opc(i).as_target()? as usize)?;
    let (want, other) = match role {
        Role::Def => (iflag::MAY_STORE, iflag::MAY_LOAD),
        _ => (iflag::MAY_LOAD, iflag::MAY_STORE),
    };
    if d.has(other) || !d.has(want) || d.has(iflag::CALL) || d.has(iflag::SIDE_EFFECTS) {
        return None;
    }
    let mut first = 0usize;
    let mut found = None;
    for dop in d.operands {
        if let OpKind::Mem(size) = dop.kind {
            if found.is_some() || dop.role != role {
                return None;
            }
            found = Some((first, mem_bytes(size)?));
        }
        first += machine_width(dop.kind, dop.role);
    }
    let (m, bytes) = found?;
    let ops = mf.operands(i);
    let [base, scale, index, disp, seg] = ops.get(m..m + 5)? else {
        return None;
    };
    let plain = base.kind() == MOpKind::Frame
        && mf.imm_of(*scale) == Some(1)
        && index.is_reg()
        && index.reg().is_none()
        && mf.imm_of(*disp) == Some(0)
        && seg.is_reg()
        && seg.reg().is_none();
    plain.then(|| (FrameIdx::from_u32(base.payload()), bytes))
}

/// Bytes a sized memory operand accesses.
fn mem_bytes(s: super::desc::MemSize) -> Option<u64> {
    use super::desc::MemSize::*;
    Some(match s {
        Any => return None,
        B8 => 1,
        B16 => 2,
        B32 => 4,
        B64 => 8,
        B80 => 10,
        B128 => 16,
        B256 => 32,
    })
}

/// Machine operands a descriptor operand becomes (see `machine::slots`).
pub(super) fn machine_width(kind: OpKind, role: Role) -> usize {
    match kind {
        OpKind::Reg(_) if role == Role::UseDef => 2,
        OpKind::Reg(_) => 1,
        OpKind::Mem(_) => 5,
        OpKind::Fixed(_) | OpKind::Lit(_) => 0,
        _ => 1,
    }
}

/// See `TargetInfo::fold_memory_operand`.
pub fn fold_memory_operand(
    mf: &mut MachFunction,
    i: MInst,
    op: usize,
    slot: FrameIdx,
) -> Option<MInst> {
    let form = mf.opc(i).as_target()?;
    let d = DESCS.get(form as usize)?;
    let o = *mf.operands(i).get(op)?;
    if !o.is_reg() || o.has(flag::IMPLICIT) || !o.reg().is_virtual() && !o.reg().is_phys() {
        return None;
    }
    // The descriptor operand holding machine operand `op`.
    let mut first = 0usize;
    let mut found = None;
    for (k, dop) in d.operands.iter().enumerate() {
        let n = machine_width(dop.kind, dop.role);
        if (first..first + n).contains(&op) {
            found = Some((k, n));
            break;
        }
        first += n;
    }
    let (k, n) = found?;
    let e = fold_entry(Opcode(form), u8::try_from(k).ok()?)?;
    let reg = o.reg();
    let ops = mf.operands(i);
    let folded = &ops[first..first + n];
    // A tied pair names one register; it occurs nowhere else.
    if folded.iter().any(|x| x.reg() != reg) {
        return None;
    }
    let elsewhere = ops
        .iter()
        .enumerate()
        .any(|(j, x)| !(first..first + n).contains(&j) && x.is_reg() && x.reg() == reg);
    if elsewhere {
        return None;
    }
    let obj = mf.frame.objects.get(slot)?;
    let (size, align) = (obj.size, obj.align as u64);
    let bytes = u64::from(e.bytes);
    let subreg = folded.iter().find_map(|x| x.subreg());
    let fits = match e.kind {
        FoldKind::Load => folded[0].is_use() && bytes <= size && subreg != Some(SUB_8BIT_HI),
        FoldKind::Store => folded[0].is_def() && subreg.is_none() && bytes == size,
        FoldKind::ReadModifyWrite => n == 2 && subreg.is_none() && bytes == size,
    };
    if !fits || (bytes >= 16 && align < bytes) {
        return None;
    }
    // The new operand list: the memory reference in place of the folded
    // operands; tie indices past them move by the difference.
    let mem = frame_mem(slot);
    let shift = |x: Operand| -> Operand {
        match x.tied_to() {
            Some(t) if t >= first + n => {
                let mut y = Operand::reg_tied_use(x.reg(), t + mem.len() - n);
                for f in [flag::KILL, flag::UNDEF, flag::IMPLICIT] {
                    y.set(f, x.has(f));
                }
                y.set_subreg(x.subreg());
                y
            }
            _ => x,
        }
    };
    let new = mf.create(mf.opc(i), &[]);
    let len = mf.operands(i).len();
    for j in 0..len {
        if j == first {
            for m in mem {
                mf.add_operand(new, m);
            }
        }
        if (first..first + n).contains(&j) {
            continue;
        }
        let x = shift(mf.operands(i)[j]);
        mf.add_operand(new, x);
    }
    mf.set_opc(new, rcc_mach::MOpc::target(e.mem_form.0));
    Some(new)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::x86_64::desc::{OperandInfo, FOLD_TABLE};
    use crate::x86_64::{mclass, op, regs, X86Info};
    use rcc_mach::{FrameKind, MOpc, Reg, SymFlag, SymOperand};

    fn func() -> MachFunction {
        MachFunction::new(rcc_ir::GlobalId::from_u32(0))
    }

    fn same(a: &OperandInfo, b: &OperandInfo) -> bool {
        a.kind == b.kind && a.role == b.role
    }

    #[test]
    fn every_fold_entry_matches_its_forms() {
        assert!(FOLD_TABLE.len() > 300, "{} entries", FOLD_TABLE.len());
        for w in FOLD_TABLE.windows(2) {
            assert!((w[0].reg_form, w[0].operand) < (w[1].reg_form, w[1].operand));
        }
        for e in FOLD_TABLE.iter() {
            let (r, m) = (&DESCS[e.reg_form.0 as usize], &DESCS[e.mem_form.0 as usize]);
            let k = e.operand as usize;
            assert_eq!(r.mnemonic, m.mnemonic, "{} -> {}", r.name, m.name);
            assert_eq!(r.operands.len(), m.operands.len(), "{}", r.name);
            for j in 0..r.operands.len() {
                if j != k {
                    assert!(same(&r.operands[j], &m.operands[j]), "{} op {j}", r.name);
                }
            }
            let (ro, mo) = (&r.operands[k], &m.operands[k]);
            assert!(matches!(ro.kind, OpKind::Reg(_)), "{}", r.name);
            assert!(matches!(mo.kind, OpKind::Mem(_)), "{}", m.name);
            assert_eq!(ro.role, mo.role, "{}", r.name);
            let kind = match ro.role {
                Role::Use => FoldKind::Load,
                Role::Def => FoldKind::Store,
                Role::UseDef => FoldKind::ReadModifyWrite,
            };
            assert_eq!(e.kind, kind, "{}", r.name);
            assert_eq!(r.implicit_defs, m.implicit_defs, "{}", r.name);
            assert_eq!(r.implicit_uses, m.implicit_uses, "{}", r.name);
            assert_eq!(r.feature, m.feature, "{}", r.name);
            assert!(!r.name.starts_with("XCHG") && !r.name.starts_with("MOVSSrr"));
        }
        let has = |r: Opcode, k: u8, m: Opcode| fold_entry(r, k).is_some_and(|e| e.mem_form == m);
        assert!(has(op::ADD32rr, 1, op::ADD32rm));
        assert!(has(op::ADD32rr, 0, op::ADD32mr));
        assert!(has(op::CMP64rr, 1, op::CMP64rm));
        assert!(has(op::IMUL32rr, 1, op::IMUL32rm));
        assert!(has(op::MOV32rr, 0, op::MOV32mr));
        assert!(has(op::MOV64rr, 1, op::MOV64rm));
        assert!(has(op::ADDSSrr, 1, op::ADDSSrm));
        assert!(has(op::ANDPSrr, 1, op::ANDPSrm));
        // movss/movsd between registers merge; their loads zero the rest.
        assert!(fold_entry(op::MOVSSrr, 1).is_none());
        assert!(fold_entry(op::MOVSDrr, 1).is_none());
        assert!(fold_entry(op::XCHG32rr, 0).is_none());
        assert!(fold_entry(op::BT32rr, 0).is_none());
        assert!(fold_entry(op::BT32ri8, 0).is_some());
        assert!(fold_entry(op::INSERTPSrri, 1).is_none());
        assert!(fold_entry(op::PUSH64r, 0).is_none());
        assert!(fold_entry(op::POP64r, 0).is_none());
        assert!(fold_entry(op::POPCNT32rr, 1).is_some());
        assert_eq!(fold_entry(op::ADDSDrr, 1).map(|e| e.bytes), Some(8));
    }

    #[test]
    fn folds_uses_defs_and_tied_pairs() {
        let t = X86Info;
        let mut mf = func();
        let s4 = mf.frame.create(4, 4, FrameKind::Spill);
        let s8 = mf.frame.create(8, 8, FrameKind::Spill);
        let a: Reg = mf.new_vreg(mclass::GR32).into();
        let b: Reg = mf.new_vreg(mclass::GR32).into();
        // %a = ADD32rr %a(tied), %b, implicit-def $eflags
        let add = mf.create(
            MOpc::target(op::ADD32rr.0),
            &[
                Operand::reg_def(a),
                Operand::reg_tied_use(a, 0),
                Operand::reg_use(b).with(flag::KILL),
                Operand::implicit_def(regs::EFLAGS).with(flag::DEAD),
            ],
        );
        let f = t.fold_memory_operand(&mut mf, add, 2, s4).unwrap();
        assert_eq!(mf.opc(f), MOpc::target(op::ADD32rm.0));
        let ops = mf.operands(f);
        assert_eq!(ops.len(), 8);
        assert_eq!(ops[0].reg(), a);
        assert_eq!(ops[1].tied_to(), Some(0));
        assert_eq!(ops[2], Operand::frame(s4));
        assert_eq!(ops[7].reg(), Reg::phys(regs::EFLAGS));
        assert!(ops[7].has(flag::IMPLICIT) && ops[7].has(flag::DEAD));
        // The tied pair (from either index) becomes ADD32mr.
        for k in [0, 1] {
            let f = t.fold_memory_operand(&mut mf, add, k, s4).unwrap();
            assert_eq!(mf.opc(f), MOpc::target(op::ADD32mr.0));
            let ops = mf.operands(f);
            assert_eq!(ops.len(), 7);
            assert_eq!(ops[0], Operand::frame(s4));
            assert_eq!(ops[5].reg(), b);
            assert!(ops[5].has(flag::KILL));
        }
        // A 4-byte read-modify-write of an 8-byte slot would leave half.
        assert!(t.fold_memory_operand(&mut mf, add, 0, s8).is_none());
        // The implicit operand is not foldable.
        assert!(t.fold_memory_operand(&mut mf, add, 3, s4).is_none());
        // The original is untouched.
        assert_eq!(mf.opc(add), MOpc::target(op::ADD32rr.0));
        // A register used twice.
        let twice = mf.create(
            MOpc::target(op::CMP32rr.0),
            &[Operand::reg_use(b), Operand::reg_use(b)],
        );
        assert!(t.fold_memory_operand(&mut mf, twice, 1, s4).is_none());
        // MOV32rr both ways.
        let mv = mf.create(
            MOpc::target(op::MOV32rr.0),
            &[Operand::reg_def(a), Operand::reg_use(b)],
        );
        let st = t.fold_memory_operand(&mut mf, mv, 0, s4).unwrap();
        assert_eq!(mf.opc(st), MOpc::target(op::MOV32mr.0));
        assert_eq!(mf.operands(st)[5].reg(), b);
        let ld = t.fold_memory_operand(&mut mf, mv, 1, s4).unwrap();
        assert_eq!(mf.opc(ld), MOpc::target(op::MOV32rm.0));
        assert_eq!(mf.operands(ld)[1], Operand::frame(s4));
        // A store must cover the slot exactly.
        assert!(t.fold_memory_operand(&mut mf, mv, 0, s8).is_none());
        // A low sub-register of a 64-bit value loads at offset 0; the
        // high byte does not.
        let w: Reg = mf.new_vreg(mclass::GR64).into();
        let sub = mf.create(
            MOpc::target(op::MOV32rr.0),
            &[Operand::reg_def(a), Operand::reg_use(w).with_subreg(3)],
        );
        let ld = t.fold_memory_operand(&mut mf, sub, 1, s8).unwrap();
        assert_eq!(mf.opc(ld), MOpc::target(op::MOV32rm.0));
        let hi = mf.create(
            MOpc::target(op::MOV8rr.0),
            &[Operand::reg_def(a), Operand::reg_use(w).with_subreg(1)],
        );
        assert!(t.fold_memory_operand(&mut mf, hi, 1, s8).is_none());
        // A 64-bit use does not fold into a 4-byte slot.
        let x: Reg = mf.new_vreg(mclass::GR64).into();
        let y: Reg = mf.new_vreg(mclass::GR64).into();
        let m64 = mf.create(
            MOpc::target(op::MOV64rr.0),
            &[Operand::reg_def(x), Operand::reg_use(y)],
        );
        assert!(t.fold_memory_operand(&mut mf, m64, 1, s4).is_none());
        assert!(t.fold_memory_operand(&mut mf, m64, 1, s8).is_some());
    }

    #[test]
    fn vector_folds_respect_slot_size_and_alignment() {
        let t = X86Info;
        let mut mf = func();
        let s4 = mf.frame.create(4, 4, FrameKind::Spill);
        let s16 = mf.frame.create(16, 16, FrameKind::Spill);
        let s16u = mf.frame.create(16, 8, FrameKind::Local);
        let a: Reg = mf.new_vreg(mclass::FR32).into();
        let b: Reg = mf.new_vreg(mclass::FR32).into();
        let mk = |mf: &mut MachFunction, o: Opcode| {
            mf.create(
                MOpc::target(o.0),
                &[
                    Operand::reg_def(a),
                    Operand::reg_tied_use(a, 0),
                    Operand::reg_use(b),
                ],
            )
        };
        let addss = mk(&mut mf, op::ADDSSrr);
        let f = t.fold_memory_operand(&mut mf, addss, 2, s4).unwrap();
        assert_eq!(mf.opc(f), MOpc::target(op::ADDSSrm.0));
        // andps reads 16 bytes: not from a 4-byte float slot.
        let andps = mk(&mut mf, op::ANDPSrr);
        assert!(t.fold_memory_operand(&mut mf, andps, 2, s4).is_none());
        let f = t.fold_memory_operand(&mut mf, andps, 2, s16).unwrap();
        assert_eq!(mf.opc(f), MOpc::target(op::ANDPSrm.0));
        // ... and not from a slot aligned to less than 16.
        assert!(t.fold_memory_operand(&mut mf, andps, 2, s16u).is_none());
        // addss reads the low 4 bytes of a 16-byte slot.
        assert!(t.fold_memory_operand(&mut mf, addss, 2, s16).is_some());
        let movss = mk(&mut mf, op::MOVSSrr);
        assert!(t.fold_memory_operand(&mut mf, movss, 2, s4).is_none());
    }

    #[test]
    fn remat_queries() {
        let t = X86Info;
        let mut mf = func();
        let g: Reg = mf.new_vreg(mclass::GR32).into();
        let p: Reg = mf.new_vreg(mclass::GR64).into();
        let x: Reg = mf.new_vreg(mclass::FR64).into();
        let slot = mf.frame.create(8, 8, FrameKind::Local);
        let mov = mf.create(
            MOpc::target(op::MOV32ri.0),
            &[Operand::reg_def(g), Operand::imm(7)],
        );
        assert!(t.is_rematerializable(&mf, mov));
        // lea of a frame slot: an address, no register read.
        let m = frame_mem(slot);
        let lea = mf.create(
            MOpc::target(op::LEA64r.0),
            &[Operand::reg_def(p), m[0], m[1], m[2], m[3], m[4]],
        );
        assert!(t.is_rematerializable(&mf, lea));
        // lea of a register base reads it.
        let lea2 = mf.create(
            MOpc::target(op::LEA64r.0),
            &[
                Operand::reg_def(p),
                Operand::reg_use(p),
                Operand::imm(1),
                Operand::reg_use(Reg::NONE),
                Operand::imm(8),
                Operand::reg_use(Reg::NONE),
            ],
        );
        assert!(!t.is_rematerializable(&mf, lea2));
        // A constant-pool load is invariant; a load from a frame slot is not.
        let c = mf.constant(&[0; 8], 8);
        let cp = mf.sym(SymOperand {
            target: SymTarget::ConstPool(c),
            offset: 0,
            flag: SymFlag::NONE,
        });
        let rip_mem = |d: Operand| {
            [
                Operand::reg_use(regs::RIP),
                Operand::imm(1),
                Operand::reg_use(Reg::NONE),
                d,
                Operand::reg_use(Reg::NONE),
            ]
        };
        let mut ops = vec![Operand::reg_def(x)];
        ops.extend(rip_mem(cp));
        let ld = mf.create(MOpc::target(op::MOVSDrm.0), &ops);
        assert!(t.is_rematerializable(&mf, ld));
        let ld2 = mf.create(
            MOpc::target(op::MOVSDrm.0),
            &[Operand::reg_def(x), m[0], m[1], m[2], m[3], m[4]],
        );
        assert!(!t.is_rematerializable(&mf, ld2));
        // A GOT load is invariant; a plain global load is not remat-able.
        let gs = mf.sym(SymOperand {
            target: SymTarget::Global(rcc_ir::GlobalId::from_u32(3)),
            offset: 0,
            flag: sym_flags::GOTPCREL,
        });
        let mut ops = vec![Operand::reg_def(p)];
        ops.extend(rip_mem(gs));
        let got = mf.create(MOpc::target(op::MOV64rm.0), &ops);
        assert!(t.is_rematerializable(&mf, got));
        let plain = mf.sym(SymOperand {
            target: SymTarget::Global(rcc_ir::GlobalId::from_u32(3)),
            offset: 0,
            flag: SymFlag::NONE,
        });
        let mut ops = vec![Operand::reg_def(p)];
        ops.extend(rip_mem(plain));
        let gl = mf.create(MOpc::target(op::MOV64rm.0), &ops);
        assert!(!t.is_rematerializable(&mf, gl));
        // The zeroing idiom reads its own def as undef.
        let z = mf.create(
            MOpc::target(op::XORPSrr.0),
            &[
                Operand::reg_def(x),
                Operand::reg_tied_use(x, 0).with(flag::UNDEF),
                Operand::reg_use(x).with(flag::UNDEF),
            ],
        );
        assert!(t.is_rematerializable(&mf, z));
        let y: Reg = mf.new_vreg(mclass::FR64).into();
        let xr = mf.create(
            MOpc::target(op::XORPSrr.0),
            &[
                Operand::reg_def(x),
                Operand::reg_tied_use(x, 0),
                Operand::reg_use(y),
            ],
        );
        assert!(!t.is_rematerializable(&mf, xr));
        // Not remat: an add (flags), a copy, a store.
        let add = mf.create(
            MOpc::target(op::ADD32ri.0),
            &[
                Operand::reg_def(g),
                Operand::reg_tied_use(g, 0),
                Operand::imm(1),
            ],
        );
        assert!(!t.is_rematerializable(&mf, add));
        let cp = mf.create(MOpc::COPY, &[Operand::reg_def(g), Operand::reg_use(g)]);
        assert!(!t.is_rematerializable(&mf, cp));
        // Rematerializing keeps it remat-able with the new def.
        let h: Reg = mf.new_vreg(mclass::FR64).into();
        let z2 = rcc_mach::remat::rematerialize(&mut mf, z, h);
        assert!(t.is_rematerializable(&mf, z2));
        assert_eq!(mf.operands(z2)[2].reg(), h);
    }

    #[test]
    fn whole_slot_stores() {
        let t = X86Info;
        let mut mf = func();
        let slot = mf.frame.create(4, 4, FrameKind::Spill);
        let v: Reg = mf.new_vreg(mclass::GR32).into();
        let s = t.store_to_slot(&mut mf, v, mclass::GR32, slot).unwrap();
        assert_eq!(t.stack_slot_store(&mf, s), Some((slot, 4)));
        let l = t.load_from_slot(&mut mf, v, mclass::GR32, slot).unwrap();
        assert_eq!(t.stack_slot_store(&mf, l), None);
        assert_eq!(t.is_load_from_slot(&mf, l), Some((slot, 0)));
        assert_eq!(t.is_load_from_slot(&mf, s), None);
        assert_eq!(t.is_store_to_slot(&mf, s), Some((slot, 5)));
        let xl = t.load_from_slot(&mut mf, v, mclass::FR64, slot).unwrap();
        assert_eq!(t.is_load_from_slot(&mf, xl), Some((slot, 0)));
        let x: Reg = mf.new_vreg(mclass::VR128).into();
        let s = t.store_to_slot(&mut mf, x, mclass::VR128, slot).unwrap();
        assert_eq!(t.stack_slot_store(&mf, s), Some((slot, 16)));
        // A read-modify-write of the slot is not a plain store.
        let add = mf.create(
            MOpc::target(op::ADD32rr.0),
            &[
                Operand::reg_def(v),
                Operand::reg_tied_use(v, 0),
                Operand::reg_use(v),
            ],
        );
        let f = t.fold_memory_operand(&mut mf, add, 0, slot);
        assert!(f.is_none(), "the register occurs twice");
        let w: Reg = mf.new_vreg(mclass::GR32).into();
        let add = mf.create(
            MOpc::target(op::ADD32rr.0),
            &[
                Operand::reg_def(v),
                Operand::reg_tied_use(v, 0),
                Operand::reg_use(w),
            ],
        );
        let f = t.fold_memory_operand(&mut mf, add, 0, slot).unwrap();
        assert_eq!(t.stack_slot_store(&mf, f), None);
        assert_eq!(t.is_load_from_slot(&mf, f), None);
        // A folded load into an add also defines EFLAGS: not a plain load.
        let g = t.fold_memory_operand(&mut mf, add, 2, slot).unwrap();
        assert_eq!(t.is_load_from_slot(&mf, g), None);
        // A store at an offset into the slot is not a whole-slot store.
        let mut m = frame_mem(slot);
        m[3] = Operand::imm(2);
        let part = mf.create(
            MOpc::target(op::MOV16mr.0),
            &[m[0], m[1], m[2], m[3], m[4], Operand::reg_use(w)],
        );
        assert_eq!(t.stack_slot_store(&mf, part), None);
    }

    #[test]
    fn spill_code_over_virtual_registers() {
        let t = X86Info;
        let mut mf = func();
        let slot = mf.frame.create(4, 4, FrameKind::Spill);
        let v: Reg = mf.new_vreg(mclass::FR32).into();
        let s = t.store_to_slot(&mut mf, v, mclass::FR32, slot).unwrap();
        assert_eq!(mf.opc(s), MOpc::target(op::MOVSSmr.0));
        assert_eq!(mf.operands(s)[5].reg(), v);
        let w: Reg = mf.new_vreg(mclass::GR32_ABCD).into();
        let l = t
            .load_from_slot(&mut mf, w, mclass::GR32_ABCD, slot)
            .unwrap();
        assert_eq!(mf.opc(l), MOpc::target(op::MOV32rm.0));
        assert_eq!(mf.operands(l)[0].reg(), w);
        let y: Reg = mf.new_vreg(mclass::VR256).into();
        let l = t.load_from_slot(&mut mf, y, mclass::VR256, slot).unwrap();
        assert_eq!(mf.opc(l), MOpc::target(op::VMOVAPSYrm.0));
        let r: Reg = mf.new_vreg(mclass::RST).into();
        assert!(t.store_to_slot(&mut mf, r, mclass::RST, slot).is_none());
    }
}
