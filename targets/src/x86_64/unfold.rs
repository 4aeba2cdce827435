//! x86-64 load unfolding (LLVM's `X86InstrInfo::unfoldMemoryOperand` and
//! `getOpcodeAfterMemoryUnfold` for a load): an instruction whose memory
//! operand is a folded load becomes a load into a new register plus the
//! register form reading it.
//!
//! The table is the inverse of the folding table for loads
//! ([`super::desc::unfold_entry`], derived by the generator from
//! [`super::desc::FOLD_TABLE`]): a memory form maps to the register form
//! and descriptor operand it was folded from. Its invariant (the register
//! form reads no more of that operand than the memory form loads: the low
//! part, `addsd x, m64` against `addsd x, x`) makes the unfolded pair
//! compute what the folded form computed.
//!
//! The register: a general-purpose operand takes its descriptor class; an
//! SSE/AVX operand the class holding exactly the loaded bytes (`FR32` for
//! 4, `FR64` for 8, `VR128` for 16, `VR256` for 32; other widths are not
//! unfolded). The load is the plain move of that class (`mov`, `movss`,
//! `movsd`, `movaps`/`movups`; the VEX forms when the folded form is
//! VEX-encoded), aligned only when the memory is known aligned (a
//! constant-pool entry aligned to the access), since the load may then
//! run where the folded form did not.
//!
//! Not unfolded: plain loads (a register def and a memory operand and
//! nothing else, LLVM's `canFoldAsLoad`: the load is the instruction), and
//! instructions with more than one memory operand or a store.

use super::desc::{enc, unfold_entry, FoldKind, OpKind, Role, DESCS};
use super::spill::machine_width;
use super::{class, mclass, op, Opcode};
use rcc_mach::{iflag, MInst, MOpc, MachFunction, Operand, Reg, RegClassId, SymTarget};

/// How `i` unfolds: its register form, the machine index of its first
/// memory operand, the class of the loaded register and the load form.
struct Shape {
    reg_form: Opcode,
    first: usize,
    class: RegClassId,
    load: Opcode,
}

fn shape(mf: &MachFunction, i: MInst) -> Option<Shape> {
    let form = mf.opc(i).as_target()?;
    let d = DESCS.get(form as usize)?;
    if !d.has(iflag::MAY_LOAD)
        || d.has(iflag::MAY_STORE)
        || d.has(iflag::CALL)
        || d.has(iflag::SIDE_EFFECTS)
    {
        return None;
    }
    let e = unfold_entry(Opcode(form))?;
    debug_assert_eq!(e.kind, FoldKind::Load);
    let k = e.operand as usize;
    // A plain load: nothing to unfold.
    let plain = d.operands.len() == 2
        && d.implicit_defs.is_empty()
        && d.operands
            .iter()
            .any(|o| matches!(o.kind, OpKind::Reg(_)) && o.role == Role::Def);
    if plain {
        return None;
    }
    let mut first = 0usize;
    let mut at = None;
    for (j, dop) in d.operands.iter().enumerate() {
        if j == k {
            at = Some(first);
        } else if matches!(dop.kind, OpKind::Mem(_)) {
            return None;
        }
        first += machine_width(dop.kind, dop.role);
    }
    let first = at?;
    let reg_desc = &DESCS[e.reg_form.0 as usize];
    let OpKind::Reg(rc) = reg_desc.operands[k].kind else {
        return None;
    };
    let vex = d.enc & enc::VEX != 0;
    let aligned = {
        let disp = mf.operands(i).get(first + 3)?;
        mf.sym_of(*disp).is_some_and(|s| match s.target {
            SymTarget::ConstPool(c) => mf.const_pool.get(c as usize).is_some_and(|c| {
                u64::from(c.align) % u64::from(e.bytes) == 0 && s.offset % i64::from(e.bytes) == 0
            }),
            _ => false,
        })
    };
    let (class, load) = if rc == class::VR128 || rc == class::VR256 {
        match (e.bytes, rc == class::VR256) {
            (4, false) => (mclass::FR32, if vex { op::VMOVSSrm } else { op::MOVSSrm }),
            (8, false) => (mclass::FR64, if vex { op::VMOVSDrm } else { op::MOVSDrm }),
            (16, false) => (
                mclass::VR128,
                match (vex, aligned) {
                    (false, true) => op::MOVAPSrm,
                    (false, false) => op::MOVUPSrm,
                    (true, true) => op::VMOVAPSrm,
                    (true, false) => op::VMOVUPSrm,
                },
            ),
            (32, true) => (
                mclass::VR256,
                if aligned {
                    op::VMOVAPSYrm
                } else {
                    op::VMOVUPSYrm
                },
            ),
            _ => return None,
        }
    } else {
        let load = match (rc, e.bytes) {
            (class::GR8 | class::GR8_NOREX, 1) => op::MOV8rm,
            (class::GR16, 2) => op::MOV16rm,
            (class::GR32, 4) => op::MOV32rm,
            (class::GR64 | class::GR64_TC | class::GR64_NOSP, 8) => op::MOV64rm,
            _ => return None,
        };
        (RegClassId(rc.0), load)
    };
    Some(Shape {
        reg_form: e.reg_form,
        first,
        class,
        load,
    })
}

/// See `TargetInfo::unfold_load_class`.
pub fn unfold_load_class(mf: &MachFunction, i: MInst) -> Option<RegClassId> {
    shape(mf, i).map(|s| s.class)
}

/// See `TargetInfo::unfold_load`.
pub fn unfold_load(mf: &mut MachFunction, i: MInst, r: Reg) -> Option<(MInst, MInst)> {
    let s = shape(mf, i)?;
    if r.as_virt().map(|v| mf.class_of(v)) != Some(s.class) {
        return None;
    }
    let first = s.first;
    let m = mf.operands(i).get(first..first + 5)?;
    let ops = [Operand::reg_def(r), m[0], m[1], m[2], m[3], m[4]];
    let ld = mf.create(MOpc::target(s.load.0), &ops);
    // The register form: the register in place of the five memory
    // operands; tie indices past them move back by four.
    let new = mf.create(MOpc::target(s.reg_form.0), &[]);
    let len = mf.operands(i).len();
    for j in 0..len {
        if j == first {
            mf.add_operand(new, Operand::reg_use(r));
        }
        if (first..first + 5).contains(&j) {
            continue;
        }
        let x = mf.operands(i)[j];
        let x = match x.tied_to() {
            Some(t) if t >= first + 5 => {
                let mut y = Operand::reg_tied_use(x.reg(), t - 4);
                for f in [
                    rcc_mach::flag::KILL,
                    rcc_mach::flag::UNDEF,
                    rcc_mach::flag::IMPLICIT,
                ] {
                    y.set(f, x.has(f));
                }
                y.set_subreg(x.subreg());
                y
            }
            _ => x,
        };
        mf.add_operand(new, x);
    }
    Some((ld, new))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::x86_64::desc::{fold_entry, FOLD_TABLE, UNFOLD_TABLE};
    use crate::x86_64::{regs, X86Info};
    use rcc_mach::{flag, SymFlag, SymOperand, TargetInfo};

    fn func() -> MachFunction {
        MachFunction::new(rcc_ir::GlobalId::from_u32(0))
    }

    /// `%def = opc tied, m` (plus `extra` implicit operands): a two-address
    /// instruction with its load folded.
    fn tied_rm(
        mf: &mut MachFunction,
        opc: u16,
        def: Reg,
        tied: Operand,
        m: &[Operand; 5],
        extra: &[Operand],
    ) -> MInst {
        let mut ops = vec![Operand::reg_def(def), tied];
        ops.extend_from_slice(m);
        ops.extend_from_slice(extra);
        mf.create(MOpc::target(opc), &ops)
    }

    /// `[rip + constant-pool entry]` of `bytes` bytes aligned to `align`.
    fn cp_mem(mf: &mut MachFunction, bytes: usize, align: u32) -> [Operand; 5] {
        let c = mf.constant(&vec![7; bytes], align);
        let d = mf.sym(SymOperand {
            target: SymTarget::ConstPool(c),
            offset: 0,
            flag: SymFlag::NONE,
        });
        [
            Operand::reg_use(regs::RIP),
            Operand::imm(1),
            Operand::reg_use(Reg::NONE),
            d,
            Operand::reg_use(Reg::NONE),
        ]
    }

    #[test]
    fn table_inverts_the_load_folds() {
        assert!(UNFOLD_TABLE.len() > 100, "{} entries", UNFOLD_TABLE.len());
        for w in UNFOLD_TABLE.windows(2) {
            let (a, b) = (&FOLD_TABLE[w[0] as usize], &FOLD_TABLE[w[1] as usize]);
            assert!(a.mem_form < b.mem_form);
        }
        for e in FOLD_TABLE.iter() {
            let u = unfold_entry(e.mem_form);
            if e.kind == FoldKind::Load {
                let u = u.expect("every load fold unfolds");
                assert_eq!(u.kind, FoldKind::Load);
                assert_eq!(u.mem_form, e.mem_form);
                // Folding the register form back gives the memory form.
                assert!(fold_entry(u.reg_form, u.operand).is_some_and(|f| f.mem_form == e.mem_form));
            } else {
                assert!(u.is_none(), "{}", DESCS[e.mem_form.0 as usize].name);
            }
        }
        let reg_of = |m: Opcode| unfold_entry(m).map(|e| (e.reg_form, e.operand));
        assert_eq!(reg_of(op::ADDSDrm), Some((op::ADDSDrr, 1)));
        assert_eq!(reg_of(op::MULPDrm), Some((op::MULPDrr, 1)));
        assert_eq!(reg_of(op::ADD32rm), Some((op::ADD32rr, 1)));
        assert_eq!(reg_of(op::IMUL32rmi), Some((op::IMUL32rri, 1)));
        assert_eq!(reg_of(op::VADDSDrm), Some((op::VADDSDrr, 2)));
        assert_eq!(reg_of(op::ADD32mr), None, "a read-modify-write");
        assert_eq!(reg_of(op::MOV32mr), None, "a store");
    }

    #[test]
    fn sse_scalar_and_packed() {
        let t = X86Info;
        let mut mf = func();
        let a: Reg = mf.new_vreg(mclass::FR64).into();
        let d: Reg = mf.new_vreg(mclass::FR64).into();
        let m = cp_mem(&mut mf, 8, 8);
        // %d = MULSDrm %a(tied), [rip + cp]
        let mul = tied_rm(
            &mut mf,
            op::MULSDrm.0,
            d,
            Operand::reg_tied_use(a, 0).with(flag::KILL),
            &m,
            &[],
        );
        assert_eq!(t.unfold_load_class(&mf, mul), Some(mclass::FR64));
        let r: Reg = mf.new_vreg(mclass::FR64).into();
        let (ld, rr) = t.unfold_load(&mut mf, mul, r).unwrap();
        assert_eq!(mf.opc(ld), MOpc::target(op::MOVSDrm.0));
        assert_eq!(mf.operands(ld)[0], Operand::reg_def(r));
        assert_eq!(&mf.operands(ld)[1..], &m);
        assert_eq!(mf.opc(rr), MOpc::target(op::MULSDrr.0));
        let ops = mf.operands(rr);
        assert_eq!(ops.len(), 3);
        assert_eq!(ops[0], Operand::reg_def(d));
        assert_eq!(ops[1].tied_to(), Some(0));
        assert!(ops[1].has(flag::KILL) && ops[1].reg() == a);
        assert_eq!(ops[2], Operand::reg_use(r));
        // A register of another class is refused.
        let g: Reg = mf.new_vreg(mclass::VR128).into();
        assert!(t.unfold_load(&mut mf, mul, g).is_none());
        // addss m32: FR32 and movss.
        let s: Reg = mf.new_vreg(mclass::FR32).into();
        let m4 = cp_mem(&mut mf, 4, 4);
        let add = tied_rm(
            &mut mf,
            op::ADDSSrm.0,
            s,
            Operand::reg_tied_use(s, 0),
            &m4,
            &[],
        );
        assert_eq!(t.unfold_load_class(&mf, add), Some(mclass::FR32));
        let r4: Reg = mf.new_vreg(mclass::FR32).into();
        let (ld, rr) = t.unfold_load(&mut mf, add, r4).unwrap();
        assert_eq!(mf.opc(ld), MOpc::target(op::MOVSSrm.0));
        assert_eq!(mf.opc(rr), MOpc::target(op::ADDSSrr.0));
        // mulpd m128: movaps from an aligned entry, movups otherwise.
        let v: Reg = mf.new_vreg(mclass::VR128).into();
        for (align, load) in [(16, op::MOVAPSrm), (8, op::MOVUPSrm)] {
            let m16 = cp_mem(&mut mf, 16, align);
            let mp = tied_rm(
                &mut mf,
                op::MULPDrm.0,
                v,
                Operand::reg_tied_use(v, 0),
                &m16,
                &[],
            );
            assert_eq!(t.unfold_load_class(&mf, mp), Some(mclass::VR128));
            let r16: Reg = mf.new_vreg(mclass::VR128).into();
            let (ld, rr) = t.unfold_load(&mut mf, mp, r16).unwrap();
            assert_eq!(mf.opc(ld), MOpc::target(load.0));
            assert_eq!(mf.opc(rr), MOpc::target(op::MULPDrr.0));
        }
        // The VEX form loads with vmovsd.
        let m = cp_mem(&mut mf, 8, 8);
        let vadd = mf.create(
            MOpc::target(op::VADDSDrm.0),
            &[
                Operand::reg_def(d),
                Operand::reg_use(a),
                m[0],
                m[1],
                m[2],
                m[3],
                m[4],
            ],
        );
        let r: Reg = mf.new_vreg(mclass::FR64).into();
        let (ld, rr) = t.unfold_load(&mut mf, vadd, r).unwrap();
        assert_eq!(mf.opc(ld), MOpc::target(op::VMOVSDrm.0));
        assert_eq!(mf.opc(rr), MOpc::target(op::VADDSDrr.0));
        assert_eq!(mf.operands(rr)[2], Operand::reg_use(r));
        // Plain loads are not unfolded.
        let pl = mf.create(
            MOpc::target(op::MOVSDrm.0),
            &[Operand::reg_def(d), m[0], m[1], m[2], m[3], m[4]],
        );
        assert_eq!(t.unfold_load_class(&mf, pl), None);
        assert!(t.unfold_load(&mut mf, pl, r).is_none());
    }

    #[test]
    fn integer_alu() {
        let t = X86Info;
        let mut mf = func();
        let a: Reg = mf.new_vreg(mclass::GR32).into();
        let d: Reg = mf.new_vreg(mclass::GR32).into();
        let m = cp_mem(&mut mf, 4, 4);
        // %d = ADD32rm %a(tied), [rip + cp], implicit-def dead $eflags
        let add = tied_rm(
            &mut mf,
            op::ADD32rm.0,
            d,
            Operand::reg_tied_use(a, 0),
            &m,
            &[Operand::implicit_def(regs::EFLAGS).with(flag::DEAD)],
        );
        assert_eq!(t.unfold_load_class(&mf, add), Some(mclass::GR32));
        let r: Reg = mf.new_vreg(mclass::GR32).into();
        let (ld, rr) = t.unfold_load(&mut mf, add, r).unwrap();
        assert_eq!(mf.opc(ld), MOpc::target(op::MOV32rm.0));
        assert_eq!(mf.opc(rr), MOpc::target(op::ADD32rr.0));
        let ops = mf.operands(rr);
        assert_eq!(ops.len(), 4);
        assert_eq!(ops[2], Operand::reg_use(r));
        assert!(ops[3].has(flag::IMPLICIT) && ops[3].has(flag::DEAD));
        assert_eq!(ops[3].reg(), Reg::phys(regs::EFLAGS));
        // imul r32, m32, imm: the immediate follows the register.
        let imul = mf.create(
            MOpc::target(op::IMUL32rmi.0),
            &[
                Operand::reg_def(d),
                m[0],
                m[1],
                m[2],
                m[3],
                m[4],
                Operand::imm(100),
                Operand::implicit_def(regs::EFLAGS).with(flag::DEAD),
            ],
        );
        let (ld, rr) = t.unfold_load(&mut mf, imul, r).unwrap();
        assert_eq!(mf.opc(ld), MOpc::target(op::MOV32rm.0));
        assert_eq!(mf.opc(rr), MOpc::target(op::IMUL32rri.0));
        assert_eq!(
            &mf.operands(rr)[..3],
            &[Operand::reg_def(d), Operand::reg_use(r), Operand::imm(100)]
        );
        // A 64-bit compare with memory.
        let x: Reg = mf.new_vreg(mclass::GR64).into();
        let m8 = cp_mem(&mut mf, 8, 8);
        let cmp = mf.create(
            MOpc::target(op::CMP64rm.0),
            &[Operand::reg_use(x), m8[0], m8[1], m8[2], m8[3], m8[4]],
        );
        assert_eq!(t.unfold_load_class(&mf, cmp), Some(mclass::GR64));
        let r8: Reg = mf.new_vreg(mclass::GR64).into();
        let (ld, rr) = t.unfold_load(&mut mf, cmp, r8).unwrap();
        assert_eq!(mf.opc(ld), MOpc::target(op::MOV64rm.0));
        assert_eq!(mf.opc(rr), MOpc::target(op::CMP64rr.0));
        // Plain loads and stores do not unfold.
        let mv = mf.create(
            MOpc::target(op::MOV32rm.0),
            &[Operand::reg_def(d), m[0], m[1], m[2], m[3], m[4]],
        );
        assert_eq!(t.unfold_load_class(&mf, mv), None);
        let rmw = mf.create(
            MOpc::target(op::ADD32mr.0),
            &[m[0], m[1], m[2], m[3], m[4], Operand::reg_use(a)],
        );
        assert_eq!(t.unfold_load_class(&mf, rmw), None);
    }
}
