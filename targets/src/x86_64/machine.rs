//! The x86-64 target as machine code sees it: [`X86Info`] implements
//! `rcc_mach::TargetInfo` over the generated tables.
//!
//! Machine operands of a form are derived from its descriptor, once, into a
//! flat table: a `w` register slot is a def, an `r` slot a use, an `rw` slot
//! a def followed by a use tied to it (two-address form, before register
//! allocation); a memory slot is five operands (base, scale, index,
//! displacement, segment; the base may be a frame index); immediates,
//! condition codes and SSE predicates are immediates; a branch target is a
//! block. Fixed registers are not explicit operands: they are the form's
//! implicit defs and uses.
//!
//! Register allocation support: the allocation order of every class leaves
//! out the high-byte registers (AH..BH), as LLVM does in 64-bit mode, so an
//! allocated 8-bit register can always share an instruction with a REX
//! prefix. Spills and reloads use `MOV{8,16,32,64}mr/rm` for general
//! registers, `MOVSS`/`MOVSD` for the scalar float classes FR32/FR64 (the
//! XMM registers holding a `float`/`double`; 4- and 8-byte slots, as llc),
//! `MOVAPS` for other XMM and `VMOVAPSY` for YMM registers (spill slots are
//! aligned to their size); x87 registers cannot be spilled here.
//! Rematerialization and memory-operand folding are in [`super::spill`].
//! Register copies use `MOVrr`, `MOVAPS`, `VMOVAPSY` or the `MOVD`/`MOVQ`
//! forms between the banks; a copy between a high-byte register and one
//! that needs REX has no single instruction and is refused.

use super::desc::{
    aliases, class, reg_info, sub_reg, OpKind, RegFlags, Role, CLASSES, DESCS, NUM_OPCODES,
    NUM_REGS, SUBREG_INDEX_NAMES,
};
use super::{op, regs, Opcode};
use rcc_mach::{
    FrameIdx, MBlock, MInst, MOpc, MachFunction, MemPart, Operand, OperandSlot, PReg, Reg,
    RegClassId, TargetInfo, Terminators,
};
use std::sync::OnceLock;

/// A memory reference is five machine operands, as in LLVM: base, scale,
/// index, displacement, segment.
static MEM_SHAPE: [MemPart; 5] = [
    MemPart::Base,
    MemPart::Imm {
        name: "scale",
        allowed: &[1, 2, 4, 8],
    },
    MemPart::Index,
    MemPart::Disp,
    MemPart::PhysReg {
        name: "segment register",
    },
];

/// Register masks: what a call preserves.
pub mod mask {
    /// The System V C calling convention.
    pub const SYSV: u32 = 0;
}

/// Callee-saved registers of the System V ABI, with their sub-registers.
static SYSV_PRESERVED: [PReg; 26] = [
    regs::RBX,
    regs::EBX,
    regs::BX,
    regs::BL,
    regs::BH,
    regs::RBP,
    regs::EBP,
    regs::BP,
    regs::BPL,
    regs::R12,
    regs::R12D,
    regs::R12W,
    regs::R12B,
    regs::R13,
    regs::R13D,
    regs::R13W,
    regs::R13B,
    regs::R14,
    regs::R14D,
    regs::R14W,
    regs::R14B,
    regs::R15,
    regs::R15D,
    regs::R15W,
    regs::R15B,
    regs::RSP,
];

/// [`SYSV_PRESERVED`] as a bit set over register numbers.
static SYSV_PRESERVED_SET: [u64; NUM_REGS.div_ceil(64)] = {
    let mut set = [0u64; NUM_REGS.div_ceil(64)];
    let mut k = 0;
    while k < SYSV_PRESERVED.len() {
        let r = SYSV_PRESERVED[k].0 as usize;
        set[r / 64] |= 1 << (r % 64);
        k += 1;
    }
    set
};

struct Slots {
    /// Per opcode, a range into `pool`.
    ranges: Vec<(u32, u32)>,
    pool: Vec<OperandSlot>,
}

fn slots() -> &'static Slots {
    static SLOTS: OnceLock<Slots> = OnceLock::new();
    SLOTS.get_or_init(|| {
        let mut pool = Vec::new();
        let mut ranges = Vec::with_capacity(NUM_OPCODES);
        for d in DESCS.iter() {
            let start = pool.len() as u32;
            // Defs come first in machine operands; the descriptor is in
            // Intel order, where the destination is already first.
            let mut explicit = 0u8;
            for o in d.operands {
                match o.kind {
                    OpKind::Reg(c) => {
                        let c = RegClassId(c.0);
                        match o.role {
                            Role::Def => pool.push(OperandSlot::Def(c)),
                            Role::Use => pool.push(OperandSlot::Use(c)),
                            Role::UseDef => {
                                let def = explicit;
                                pool.push(OperandSlot::Def(c));
                                pool.push(OperandSlot::TiedUse(c, def));
                                explicit += 1;
                            }
                        }
                        explicit += 1;
                    }
                    OpKind::Mem(_) => {
                        pool.push(OperandSlot::Mem);
                        explicit += 5;
                    }
                    OpKind::Imm(_) | OpKind::Cond | OpKind::FCond | OpKind::MemOffs => {
                        pool.push(OperandSlot::Imm);
                        explicit += 1;
                    }
                    OpKind::Rel(_) => {
                        pool.push(OperandSlot::Block);
                        explicit += 1;
                    }
                    OpKind::Fixed(_) | OpKind::Lit(_) => {}
                }
            }
            ranges.push((start, pool.len() as u32));
        }
        Slots { ranges, pool }
    })
}

/// Allocation orders: each class's members without the high-byte
/// registers.
fn alloc_orders() -> &'static [Vec<PReg>] {
    static ORDERS: OnceLock<Vec<Vec<PReg>>> = OnceLock::new();
    ORDERS.get_or_init(|| {
        CLASSES
            .iter()
            .map(|c| {
                c.members
                    .iter()
                    .copied()
                    .filter(|&r| !reg_info(r).flags.has(RegFlags::NO_REX))
                    .collect()
            })
            .collect()
    })
}

/// The five operands of a frame-index memory reference.
pub(super) fn frame_mem(slot: FrameIdx) -> [Operand; 5] {
    [
        Operand::frame(slot),
        Operand::imm(1),
        Operand::reg_use(Reg::NONE),
        Operand::imm(0),
        Operand::reg_use(Reg::NONE),
    ]
}

/// The frame object of a memory reference `[slot + 0]` with no index,
/// segment or symbol (what `frame_mem` builds).
fn plain_slot(mf: &MachFunction, m: &[Operand]) -> Option<FrameIdx> {
    let [base, scale, index, disp, seg] = m else {
        return None;
    };
    if base.kind() != rcc_mach::OpKind::Frame
        || mf.imm_of(*scale) != Some(1)
        || !index.reg().is_none()
        || index.kind() != rcc_mach::OpKind::Reg
        || disp.kind() != rcc_mach::OpKind::Imm
        || disp.imm_value() != 0
        || !seg.reg().is_none()
        || seg.kind() != rcc_mach::OpKind::Reg
    {
        return None;
    }
    Some(FrameIdx::from_u32(base.payload()))
}

/// Store and load forms for spilling `r`, a register of class `c` (scalar
/// float classes spill only their low 4 or 8 bytes, with `movss`/`movsd`).
/// A virtual register is spilled as the first member of its class would
/// be: the forms depend only on the register file and width, which every
/// member of a class shares.
fn spill_forms(r: Reg, c: RegClassId) -> Option<(Opcode, Opcode)> {
    let r = match r.as_phys() {
        Some(p) => p,
        None => *CLASSES.get(c.0 as usize)?.members.first()?,
    };
    let info = reg_info(r);
    if class::VR128.contains(r) {
        if c == mclass::FR32 {
            return Some((op::MOVSSmr, op::MOVSSrm));
        }
        if c == mclass::FR64 {
            return Some((op::MOVSDmr, op::MOVSDrm));
        }
    }
    if info.flags.has(RegFlags::GPR) {
        return match info.bits {
            8 => Some((op::MOV8mr, op::MOV8rm)),
            16 => Some((op::MOV16mr, op::MOV16rm)),
            32 => Some((op::MOV32mr, op::MOV32rm)),
            64 => Some((op::MOV64mr, op::MOV64rm)),
            _ => None,
        };
    }
    if class::VR128.contains(r) {
        Some((op::MOVAPSmr, op::MOVAPSrm))
    } else if class::VR256.contains(r) {
        Some((op::VMOVAPSYmr, op::VMOVAPSYrm))
    } else {
        None
    }
}

/// The register-to-register copy form for `dst = src`.
fn copy_form(dst: PReg, src: PReg) -> Option<Opcode> {
    let (d, s) = (reg_info(dst), reg_info(src));
    let gpr = RegFlags::GPR;
    if d.flags.has(gpr) && s.flags.has(gpr) {
        if d.bits != s.bits {
            return None;
        }
        let high = |f: RegFlags| f.has(RegFlags::NO_REX);
        let rex = |f: RegFlags| f.has(RegFlags::NEEDS_REX) || f.has(RegFlags::EXT);
        if (high(d.flags) && rex(s.flags)) || (high(s.flags) && rex(d.flags)) {
            return None;
        }
        return match d.bits {
            8 => Some(op::MOV8rr),
            16 => Some(op::MOV16rr),
            32 => Some(op::MOV32rr),
            64 => Some(op::MOV64rr),
            _ => None,
        };
    }
    let xmm = |r: PReg| class::VR128.contains(r);
    match (d.flags.has(gpr), s.flags.has(gpr)) {
        (false, false) if xmm(dst) && xmm(src) => Some(op::MOVAPSrr),
        (false, false) if class::VR256.contains(dst) && class::VR256.contains(src) => {
            Some(op::VMOVAPSYrr)
        }
        (false, true) if xmm(dst) && s.bits == 64 => Some(op::MOV64toPQIrr),
        (false, true) if xmm(dst) && s.bits == 32 => Some(op::MOVDI2PDIrr),
        (true, false) if xmm(src) && d.bits == 64 => Some(op::MOVPQIto64rr),
        (true, false) if xmm(src) && d.bits == 32 => Some(op::MOVPDI2DIrr),
        _ => None,
    }
}

/// The x86-64 target for machine code.
#[derive(Copy, Clone, Debug, Default)]
pub struct X86Info;

impl TargetInfo for X86Info {
    fn num_opcodes(&self) -> u16 {
        NUM_OPCODES as u16
    }
    fn inst_name(&self, op: u16) -> &'static str {
        DESCS.get(op as usize).map_or("<bad opcode>", |d| d.name)
    }
    fn inst_flags(&self, op: u16) -> u32 {
        DESCS.get(op as usize).map_or(0, |d| d.flags)
    }
    fn implicit_defs(&self, op: u16) -> &'static [PReg] {
        DESCS.get(op as usize).map_or(&[], |d| d.implicit_defs)
    }
    fn implicit_uses(&self, op: u16) -> &'static [PReg] {
        DESCS.get(op as usize).map_or(&[], |d| d.implicit_uses)
    }
    fn operand_slots(&self, op: u16) -> &'static [OperandSlot] {
        let s = slots();
        match s.ranges.get(op as usize) {
            Some(&(a, b)) => &s.pool[a as usize..b as usize],
            None => &[],
        }
    }
    fn reg_name(&self, r: PReg) -> &'static str {
        reg_info(r).asm
    }
    fn sym_flag_name(&self, f: rcc_mach::SymFlag) -> &'static str {
        super::sym_flags::name(f)
    }
    fn num_regs(&self) -> usize {
        NUM_REGS
    }
    fn num_classes(&self) -> usize {
        CLASSES.len()
    }
    fn class_name(&self, c: RegClassId) -> &'static str {
        CLASSES.get(c.0 as usize).map_or("<bad class>", |c| c.name)
    }
    fn class_members(&self, c: RegClassId) -> &'static [PReg] {
        CLASSES.get(c.0 as usize).map_or(&[], |c| c.members)
    }
    fn class_contains(&self, c: RegClassId, r: PReg) -> bool {
        super::desc::RegClass(c.0).contains(r)
    }
    fn class_spill_size(&self, c: RegClassId) -> u32 {
        CLASSES.get(c.0 as usize).map_or(0, |c| c.spill_size)
    }
    fn aliases(&self, r: PReg) -> &'static [u16] {
        aliases(r)
    }
    fn sub_reg(&self, r: PReg, idx: u8) -> Option<PReg> {
        sub_reg(r, idx as usize)
    }
    fn subreg_name(&self, idx: u8) -> &'static str {
        SUBREG_INDEX_NAMES
            .get(idx as usize)
            .copied()
            .unwrap_or("sub_?")
    }
    fn preserved_regs(&self, m: u32) -> &'static [PReg] {
        match m {
            mask::SYSV => &SYSV_PRESERVED,
            _ => &[],
        }
    }
    fn preserves(&self, m: u32, r: PReg) -> bool {
        let r = usize::from(r.0);
        m == mask::SYSV && r < NUM_REGS && SYSV_PRESERVED_SET[r / 64] & (1 << (r % 64)) != 0
    }
    fn is_reserved(&self, r: PReg) -> bool {
        [regs::RSP, regs::RIP, regs::EFLAGS, regs::FPSW, regs::FPCW]
            .iter()
            .any(|&s| aliases(s).contains(&r.0))
            || class::SEGMENT.contains(r)
            // x87 operands name positions on the x87 stack, which only
            // hand-written sequences inside one selected node use (values
            // of x86_fp80 live in XMM registers between them); nothing
            // allocates or tracks them.
            || class::RST.contains(r)
    }
    fn initial_cfa(&self) -> Option<(u16, i64)> {
        // The return address is at %rsp: the CFA is %rsp + 8.
        super::desc::dwarf_number(regs::RSP).map(|r| (r, 8))
    }
    fn dwarf_reg_name(&self, n: u16) -> Option<&'static str> {
        super::desc::reg_by_dwarf(n).map(|r| reg_info(r).asm)
    }
    fn store_to_slot(
        &self,
        mf: &mut MachFunction,
        r: Reg,
        c: RegClassId,
        slot: FrameIdx,
    ) -> Option<MInst> {
        let (st, _) = spill_forms(r, c)?;
        let m = frame_mem(slot);
        let ops = [m[0], m[1], m[2], m[3], m[4], Operand::reg_use(r)];
        Some(mf.create(MOpc::target(st.0), &ops))
    }
    fn load_from_slot(
        &self,
        mf: &mut MachFunction,
        r: Reg,
        c: RegClassId,
        slot: FrameIdx,
    ) -> Option<MInst> {
        let (_, ld) = spill_forms(r, c)?;
        let m = frame_mem(slot);
        let ops = [Operand::reg_def(r), m[0], m[1], m[2], m[3], m[4]];
        Some(mf.create(MOpc::target(ld.0), &ops))
    }
    fn is_store_to_slot(&self, mf: &MachFunction, i: MInst) -> Option<(FrameIdx, usize)> {
        let op = mf.opc(i).as_target()?;
        const STORES: [Opcode; 8] = [
            op::MOV8mr,
            op::MOV16mr,
            op::MOV32mr,
            op::MOV64mr,
            op::MOVSSmr,
            op::MOVSDmr,
            op::MOVAPSmr,
            op::VMOVAPSYmr,
        ];
        if !STORES.iter().any(|s| s.0 == op) {
            return None;
        }
        let ops = mf.operands(i);
        let slot = plain_slot(mf, ops.get(..5)?)?;
        ops.get(5).filter(|o| o.is_use() && !o.reg().is_none())?;
        Some((slot, 5))
    }
    fn is_load_from_slot(&self, mf: &MachFunction, i: MInst) -> Option<(FrameIdx, usize)> {
        let op = mf.opc(i).as_target()?;
        const LOADS: [Opcode; 8] = [
            op::MOV8rm,
            op::MOV16rm,
            op::MOV32rm,
            op::MOV64rm,
            op::MOVSSrm,
            op::MOVSDrm,
            op::MOVAPSrm,
            op::VMOVAPSYrm,
        ];
        if !LOADS.iter().any(|s| s.0 == op) {
            return None;
        }
        let ops = mf.operands(i);
        ops.first().filter(|o| o.is_def() && o.subreg().is_none())?;
        let slot = plain_slot(mf, ops.get(1..6)?)?;
        Some((slot, 0))
    }
    fn is_rematerializable(&self, mf: &MachFunction, i: MInst) -> bool {
        super::spill::is_rematerializable(self, mf, i)
    }
    fn is_invariant_load(&self, mf: &MachFunction, i: MInst) -> bool {
        super::spill::is_invariant_load(mf, i)
    }
    fn stack_slot_store(&self, mf: &MachFunction, i: MInst) -> Option<(FrameIdx, u64)> {
        super::spill::stack_slot_store(mf, i)
    }
    fn fold_memory_operand(
        &self,
        mf: &mut MachFunction,
        i: MInst,
        op: usize,
        slot: FrameIdx,
    ) -> Option<MInst> {
        super::spill::fold_memory_operand(mf, i, op, slot)
    }
    fn unfold_load_class(&self, mf: &MachFunction, i: MInst) -> Option<RegClassId> {
        super::unfold::unfold_load_class(mf, i)
    }
    fn unfold_load(&self, mf: &mut MachFunction, i: MInst, r: Reg) -> Option<(MInst, MInst)> {
        super::unfold::unfold_load(mf, i, r)
    }
    fn convert_to_three_address(&self, mf: &mut MachFunction, i: MInst) -> Option<MInst> {
        super::three_address::convert(mf, i)
    }
    fn expand_post_ra(
        &self,
        mf: &mut MachFunction,
        b: MBlock,
        i: MInst,
        rest: &[MInst],
    ) -> Option<MInst> {
        super::pseudo::expand_post_ra(mf, b, i, rest)
    }
    fn copy_phys(&self, mf: &mut MachFunction, dst: PReg, src: PReg) -> Option<MInst> {
        let f = copy_form(dst, src)?;
        Some(mf.create(
            MOpc::target(f.0),
            &[Operand::reg_def(dst), Operand::reg_use(src)],
        ))
    }
    fn compare_with_zero(&self, mf: &MachFunction, i: MInst) -> Option<usize> {
        super::cmp_opt::compare_with_zero(mf, i)
    }
    fn flags_match_zero_compare(&self, mf: &MachFunction, def: MInst, user: MInst) -> bool {
        super::cmp_opt::flags_match_zero_compare(self, mf, def, user)
    }
    /// 16 bytes, as X86's `PrefLoopAlignment`.
    fn pref_loop_align_log2(&self) -> u8 {
        4
    }
    fn zero_extending_copy(&self, mf: &MachFunction, i: MInst) -> Option<usize> {
        super::zext_opt::zero_extending_copy(mf, i)
    }
    fn def_zeroes_high_bits(&self, mf: &MachFunction, def: MInst, op: usize) -> bool {
        super::zext_opt::def_zeroes_high_bits(self, mf, def, op)
    }
    fn can_copy_phys(&self, dst: PReg, src: PReg) -> bool {
        copy_form(dst, src).is_some()
    }
    fn analyze_branch(
        &self,
        mf: &MachFunction,
        insts: &[MInst],
        cond: &mut Vec<Operand>,
    ) -> Option<Terminators> {
        super::branch::analyze_branch(mf, insts, cond)
    }
    fn reverse_branch_condition(&self, cond: &mut [Operand]) -> bool {
        super::branch::reverse_branch_condition(cond)
    }
    fn remove_branch(&self, mf: &MachFunction, insts: &[MInst]) -> usize {
        super::branch::remove_branch(mf, insts)
    }
    fn insert_branch(
        &self,
        mf: &mut MachFunction,
        tbb: MBlock,
        fbb: Option<MBlock>,
        cond: &[Operand],
        out: &mut Vec<MInst>,
    ) -> usize {
        super::branch::insert_branch(mf, tbb, fbb, cond, out)
    }
    /// LLVM's limit for the pressure set of the general-purpose registers
    /// (tablegen counts register units, high bytes and 16-bit halves
    /// included): 33, as llc-19's early-machinelicm applies it (an
    /// invariant `imul` is hoisted with 31 values live in the loop, not
    /// with 32). The vector bank's limit is its 16 registers, as rcc
    /// counts by default.
    fn reg_pressure_limit(&self, c: RegClassId) -> Option<u32> {
        let first = *self.class_members(c).first()?;
        let gpr = self.class_members(mclass::GR64);
        self.aliases(first)
            .iter()
            .any(|&a| gpr.iter().any(|m| m.0 == a))
            .then_some(33)
    }
    fn allocation_order(&self, c: RegClassId) -> &'static [PReg] {
        alloc_orders()
            .get(c.0 as usize)
            .map_or(&[], |v| v.as_slice())
    }
    fn reg_bits(&self, r: PReg) -> u32 {
        reg_info(r).bits as u32
    }
    fn mem_operand_shape(&self) -> &'static [MemPart] {
        &MEM_SHAPE
    }
    fn mem_base_class(&self) -> Option<RegClassId> {
        Some(mclass::GR64)
    }
    fn mem_index_class(&self) -> Option<RegClassId> {
        Some(mclass::GR64_NOSP)
    }
}

/// Machine register classes of the generated classes.
pub mod mclass {
    use rcc_mach::RegClassId;
    pub const GR8: RegClassId = RegClassId(super::class::GR8.0);
    pub const GR8_NOREX: RegClassId = RegClassId(super::class::GR8_NOREX.0);
    pub const GR16: RegClassId = RegClassId(super::class::GR16.0);
    pub const GR32: RegClassId = RegClassId(super::class::GR32.0);
    pub const GR64: RegClassId = RegClassId(super::class::GR64.0);
    pub const GR64_NOSP: RegClassId = RegClassId(super::class::GR64_NOSP.0);
    pub const VR128: RegClassId = RegClassId(super::class::VR128.0);
    pub const FR32: RegClassId = RegClassId(super::class::FR32.0);
    pub const FR64: RegClassId = RegClassId(super::class::FR64.0);
    pub const VR256: RegClassId = RegClassId(super::class::VR256.0);
    pub const RST: RegClassId = RegClassId(super::class::RST.0);
    pub const GR8_ABCD_L: RegClassId = RegClassId(super::class::GR8_ABCD_L.0);
    pub const GR16_ABCD: RegClassId = RegClassId(super::class::GR16_ABCD.0);
    pub const GR32_ABCD: RegClassId = RegClassId(super::class::GR32_ABCD.0);
    pub const GR64_ABCD: RegClassId = RegClassId(super::class::GR64_ABCD.0);
    pub const GR64_TC: RegClassId = RegClassId(super::class::GR64_TC.0);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::x86_64::op;

    #[test]
    fn cached_reg_constraints_match_reg_constraint() {
        use rcc_mach::constraint::{explicit_count, reg_constraint, RegConstraints};
        let t = X86Info;
        let mut cache = RegConstraints::default();
        // Twice: computed on first use, then read from the cache.
        for _ in 0..2 {
            for o in 0..NUM_OPCODES as u16 {
                let opc = MOpc::target(o);
                let n = explicit_count(&t, opc);
                let got = cache.of(&t, opc).to_vec();
                assert_eq!(got.len(), n, "opcode {o}");
                for (k, &c) in got.iter().enumerate() {
                    assert_eq!(c, reg_constraint(&t, opc, k), "opcode {o} operand {k}");
                }
                assert_eq!(reg_constraint(&t, opc, n), None);
            }
        }
        assert!(cache.of(&t, MOpc::COPY).is_empty());
        let add = cache.of(&t, MOpc::target(op::ADD32rr.0));
        assert_eq!(add, &[Some(mclass::GR32); 3]);
    }

    #[test]
    fn derived_operand_slots() {
        let t = X86Info;
        use OperandSlot::*;
        assert_eq!(
            t.operand_slots(op::ADD32rr.0),
            &[
                Def(mclass::GR32),
                TiedUse(mclass::GR32, 0),
                Use(mclass::GR32)
            ]
        );
        assert_eq!(t.operand_slots(op::MOV64rm.0), &[Def(mclass::GR64), Mem]);
        assert_eq!(t.operand_slots(op::MOV64mr.0), &[Mem, Use(mclass::GR64)]);
        assert_eq!(t.operand_slots(op::JCC_1.0), &[Block, Imm]);
        assert!(t.is_reserved(regs::ESP) && t.is_reserved(regs::SPL));
        assert!(!t.is_reserved(regs::RBX));
        assert_eq!(t.reg_name(regs::R10D), "r10d");
        assert!(t.preserved_regs(mask::SYSV).contains(&regs::R12D));
    }

    #[test]
    fn preserves_matches_preserved_regs() {
        let t = X86Info;
        let mut preserved = 0;
        for m in [mask::SYSV, mask::SYSV + 1] {
            for r in 0..NUM_REGS as u16 + 2 {
                let p = rcc_mc::Reg(r);
                assert_eq!(
                    t.preserves(m, p),
                    t.preserved_regs(m).contains(&p),
                    "{m} {r}"
                );
                preserved += usize::from(t.preserves(m, p));
            }
        }
        assert_eq!(preserved, SYSV_PRESERVED.len());
    }

    #[test]
    fn allocation_order_skips_high_bytes() {
        let t = X86Info;
        let o = t.allocation_order(mclass::GR8);
        assert!(o.contains(&regs::AL) && o.contains(&regs::R15B));
        assert!(!o.contains(&regs::AH) && !o.contains(&regs::BH));
        assert_eq!(
            t.allocation_order(mclass::GR64),
            t.class_members(mclass::GR64)
        );
        assert!(t.is_subclass(mclass::GR64_NOSP, mclass::GR64));
        assert!(!t.is_subclass(mclass::GR64, mclass::GR64_NOSP));
        assert!(t.is_subclass(mclass::GR8_NOREX, mclass::GR8));
    }

    #[test]
    fn spill_and_copy_forms() {
        let t = X86Info;
        let mut mf = MachFunction::new(rcc_ir::GlobalId::from_u32(0));
        let slot = mf.frame.create(8, 8, rcc_mach::FrameKind::Spill);
        let s = t
            .store_to_slot(&mut mf, regs::RBX.into(), mclass::GR64, slot)
            .unwrap();
        assert_eq!(mf.opc(s), MOpc::target(op::MOV64mr.0));
        assert_eq!(mf.operands(s).len(), 6);
        let l = t
            .load_from_slot(&mut mf, regs::XMM3.into(), mclass::VR128, slot)
            .unwrap();
        assert_eq!(mf.opc(l), MOpc::target(op::MOVAPSrm.0));
        let l = t
            .load_from_slot(&mut mf, regs::XMM3.into(), mclass::FR64, slot)
            .unwrap();
        assert_eq!(mf.opc(l), MOpc::target(op::MOVSDrm.0));
        let s = t
            .store_to_slot(&mut mf, regs::XMM9.into(), mclass::FR32, slot)
            .unwrap();
        assert_eq!(mf.opc(s), MOpc::target(op::MOVSSmr.0));
        assert_eq!(t.class_spill_size(mclass::FR32), 4);
        assert!(t.is_subclass(mclass::FR64, mclass::VR128));
        assert!(t.is_subclass(mclass::VR128, mclass::FR64));
        let l = t
            .load_from_slot(&mut mf, regs::R9B.into(), mclass::GR8, slot)
            .unwrap();
        assert_eq!(mf.opc(l), MOpc::target(op::MOV8rm.0));
        assert!(t
            .store_to_slot(&mut mf, regs::ST0.into(), mclass::RST, slot)
            .is_none());
        let c = t.copy_phys(&mut mf, regs::EAX, regs::R10D).unwrap();
        assert_eq!(mf.opc(c), MOpc::target(op::MOV32rr.0));
        let c = t.copy_phys(&mut mf, regs::XMM1, regs::RAX).unwrap();
        assert_eq!(mf.opc(c), MOpc::target(op::MOV64toPQIrr.0));
        assert!(t.copy_phys(&mut mf, regs::AH, regs::SIL).is_none());
        assert!(t.copy_phys(&mut mf, regs::AH, regs::BL).is_some());
        assert!(t.copy_phys(&mut mf, regs::EAX, regs::RAX).is_none());
    }
}
