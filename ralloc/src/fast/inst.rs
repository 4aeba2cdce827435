//! Allocation of one instruction (the steps are listed in the parent
//! module's comment and numbered below).

use super::info::{reads, Info};
use super::opcodes::OpcodeFacts;
use super::regs::{Purpose, RegState, Want, CLOBBERED, DEF_CLAIMED, NONE, PINNED, USE_CLAIMED};
use crate::output::{AllocError, Edit, Loc, ProgPoint};
use rcc_mach::{
    flag, iflag, MInst, MOpc, MachFunction, OpKind, Operand, PReg, RegClassId, TargetInfo, VReg,
};

/// The allocator's state across instructions.
pub struct Fast<'a> {
    pub t: &'a dyn TargetInfo,
    pub info: Info,
    pub rs: RegState,
    pub edits: Vec<Edit>,
    /// Edits after the instruction being allocated, appended to `edits`
    /// once it is done (so `edits` stays sorted by point).
    pub after: Vec<Edit>,
    pub allocs: Vec<PReg>,
    /// Registers marked claimed or clobbered for this instruction.
    pub touched: Vec<usize>,
    /// Vregs whose defs here are never read.
    pub dead: Vec<u32>,
    /// Physical registers the instruction writes early (early-clobber
    /// physical defs: inline-asm clobbers and fixed `=&{reg}` outputs):
    /// no read may stay in them.
    pub early_phys: Vec<PReg>,
    /// The register and register-mask operands (the only ones the steps
    /// look at), decoded.
    pub regk: Vec<RegOp>,
    /// The operand-pool positions of the virtual register operands
    /// allocated so far (in layout order).
    pub vreg_ops: Vec<u32>,
    /// The flags, implicit defs and operand constraints of every target
    /// opcode seen.
    pub opcodes: OpcodeFacts,
    /// Whether the instruction being allocated clobbers any register
    /// (otherwise step 3 has nothing to empty).
    pub any_clobbered: bool,
    /// Scratch of step 3: registers in clobber order.
    pub clobber_order: Vec<u16>,
}

fn vreg_of(o: Operand) -> Option<u32> {
    o.reg().as_virt().map(|v| v.as_u32())
}

/// A register or register-mask operand of the instruction being
/// allocated, decoded once: its position, the operand, and its virtual
/// register's index (`NONE` for a physical register or a mask).
#[derive(Copy, Clone)]
pub struct RegOp {
    k: u32,
    o: Operand,
    v: u32,
    /// The register class the opcode demands of the operand.
    c: Option<RegClassId>,
}

/// What the decode of an instruction's operands found, so that steps with
/// nothing to do are skipped.
#[derive(Copy, Clone, Default)]
struct Shape {
    /// A register mask or a physical def (step 0 and 5).
    phys_def_or_mask: bool,
    /// A use tied to a def (steps 1b and 4).
    tied_use: bool,
}

impl Fast<'_> {
    pub fn inst(&mut self, mf: &mut MachFunction, pos: usize, i: MInst) -> Result<(), AllocError> {
        let t = self.t;
        let opc = mf.opc(i);
        let ops = mf.operands(i);
        let base = mf.operand_range(i).start;
        let before = ProgPoint::before(pos);
        self.regk.clear();
        let mut shape = Shape::default();
        for (k, &o) in ops.iter().enumerate() {
            let r = o.reg();
            if let Some(v) = r.as_virt() {
                shape.tied_use |= o.has(flag::TIED) && !o.has(flag::DEF);
                self.vreg_ops.push((base + k) as u32);
                self.regk.push(RegOp {
                    k: k as u32,
                    o,
                    v: v.as_u32(),
                    c: None,
                });
            } else if !r.is_none() || o.kind() == OpKind::RegMask {
                shape.phys_def_or_mask |= o.has(flag::DEF) || !o.is_reg();
                shape.tied_use |= o.has(flag::TIED) && !o.has(flag::DEF) && o.is_reg();
                self.regk.push(RegOp {
                    k: k as u32,
                    o,
                    v: NONE,
                    c: None,
                });
            }
        }
        let row = self.opcodes.row(t, opc);
        let implicit_defs = row.implicit_defs;
        if self.regk.is_empty() && implicit_defs.is_empty() {
            return Ok(());
        }
        let iflags = row.iflags;
        let cons = self.opcodes.constraints(t, opc);
        if !cons.is_empty() {
            for r in &mut self.regk {
                r.c = cons.get(r.k as usize).copied().flatten();
            }
        }
        self.any_clobbered = false;

        // 0. What the instruction writes besides its vreg defs.
        self.early_phys.clear();
        for n in 0..self.regk.len() {
            if !shape.phys_def_or_mask {
                break;
            }
            let RegOp { o, v, .. } = self.regk[n];
            if v != NONE {
                continue;
            }
            if o.kind() == OpKind::RegMask {
                let mask = o.payload();
                self.rs.set_mask(t, mask);
                // A call clobbers most registers: they are one flag, not
                // hundreds of marks (see `RegState::mask_clobbered`).
                self.rs.mask_on = true;
                self.any_clobbered = true;
            }
            let Some(p) = o.reg().as_phys().filter(|_| o.is_def()) else {
                continue;
            };
            if self.rs.reserved[p.0 as usize] {
                continue;
            }
            self.mark_clobbered(p.0 as usize);
            if o.has(flag::EARLY_CLOBBER) {
                for &a in self.rs.aliases(p) {
                    self.rs.flags[a as usize] |= USE_CLAIMED;
                    self.touched.push(a as usize);
                }
                self.early_phys.push(p);
            }
        }
        for &p in implicit_defs {
            if !self.rs.reserved[p.0 as usize] {
                self.mark_clobbered(p.0 as usize);
            }
        }

        // 1. Reads. First protect the registers of every value read here,
        // so that placing one read cannot evict another that is read here
        // but not afterwards.
        for n in 0..self.regk.len() {
            let RegOp { o, v, .. } = self.regk[n];
            if v != NONE {
                if o.is_use() || reads(o) {
                    let cur = self.rs.loc[v as usize];
                    if cur.0 != 0 {
                        self.claim_use(cur.0 as usize);
                    }
                }
                continue;
            }
            // Physical reads are pinned already; claiming them also keeps
            // early-clobber defs (inline asm `=&r`) out of them.
            if let Some(p) = o
                .reg()
                .as_phys()
                .filter(|_| o.is_use() && !o.has(flag::UNDEF))
            {
                if !self.rs.reserved[p.0 as usize] {
                    for &a in self.rs.aliases(p) {
                        self.claim_use(a as usize);
                    }
                }
            }
        }
        for n in 0..self.regk.len() {
            let RegOp { k, o, v, c } = self.regk[n];
            let k = k as usize;
            if v == NONE || (!o.is_use() && !reads(o)) {
                continue;
            }
            let mut w = Want {
                class: mf.class_of(VReg::from_u32(v)),
                constraint: c,
                sub: o.subreg(),
                hint: None,
            };
            if opc == MOpc::COPY && k == 1 {
                let d = mf.operands(i)[0];
                w.hint = d
                    .reg()
                    .as_phys()
                    .and_then(|p| RegState::part(t, p, d.subreg()));
            }
            // Undef reads of one vreg in one instruction share a register
            // (`xorps undef %x, undef %x` must read one register twice).
            let r = if reads(o) {
                // A tied use is written too: it must avoid what the
                // instruction writes itself.
                let tied = o.tied_to().is_some();
                self.use_reg(mf, v, &w, pos, tied)?
            } else if let Some(r) = self.regk[..n]
                .iter()
                .find(|e| e.v == v && e.o.is_use() && e.o.has(flag::UNDEF))
                .map(|e| self.allocs[base + e.k as usize])
                .filter(|&r| self.rs.fits_cached(t, r, &w))
            {
                r
            } else {
                self.undef_reg(mf, v, &w, pos)?
            };
            self.allocs[base + k] = r;
        }
        // 1b. A tied use whose value outlives the instruction but is not
        // the def's vreg is copied to a register the def can take.
        for n in 0..self.regk.len() {
            if !shape.tied_use {
                break;
            }
            let RegOp { k, o, v: u, c } = self.regk[n];
            let k = k as usize;
            let Some(d) = o.tied_to().filter(|_| u != NONE && o.is_use()) else {
                continue;
            };
            if vreg_of(mf.operands(i)[d]) == Some(u) || !self.info.live_after(u as usize, pos) {
                continue;
            }
            let w = Want {
                class: mf.class_of(VReg::from_u32(u)),
                constraint: c,
                sub: o.subreg(),
                hint: None,
            };
            let r = self.find_and_clear(mf, u, &w, Purpose::Use, pos)?;
            self.edits.push(Edit {
                point: before,
                from: Loc::Reg(self.allocs[base + k]),
                to: Loc::Reg(r),
                class: w.class,
            });
            self.rs.written[r.0 as usize] = true;
            self.claim_def(r.0 as usize);
            self.allocs[base + k] = r;
        }

        // 2. Values that die here free their registers (still claimed, so
        // no other read of this instruction takes them).
        for n in 0..self.regk.len() {
            let RegOp { k, o, v, .. } = self.regk[n];
            if v != NONE {
                let defined_here = |regk: &[RegOp]| regk.iter().any(|d| d.v == v && d.o.is_def());
                if reads(o) && !self.info.live_after(v as usize, pos) && !defined_here(&self.regk) {
                    self.rs.drop_vreg(v);
                }
            } else if let Some(p) = o.reg().as_phys() {
                let last = o.is_use()
                    && !o.has(flag::UNDEF)
                    && !self.rs.reserved[p.0 as usize]
                    && !self.info.phys_live_after(base + k as usize);
                if last {
                    for &a in self.rs.aliases(p) {
                        self.rs.flags[a as usize] &= !PINNED;
                    }
                }
            }
        }

        // 3. Empty the clobbered registers, saving what is still needed.
        // Few registers are occupied (a call clobbers most of the others):
        // with at most one occupant in the way, it is evicted directly;
        // with several, the registers are emptied in clobber order, the
        // order of their stores.
        if self.any_clobbered {
            self.empty_clobbered(mf, implicit_defs, pos);
        }

        // 4. Defs.
        for n in 0..self.regk.len() {
            let RegOp { k, o, v: d, c } = self.regk[n];
            let k = k as usize;
            if d == NONE || !o.is_def() {
                continue;
            }
            let tied = if shape.tied_use {
                self.regk
                    .iter()
                    .find(|u| u.o.is_use() && u.o.tied_to() == Some(k))
                    .map(|u| u.k as usize)
            } else {
                None
            };
            let r = if reads(o) {
                self.allocs[base + k]
            } else if let Some(u) = tied {
                self.allocs[base + u]
            } else {
                let mut w = Want {
                    class: mf.class_of(VReg::from_u32(d)),
                    constraint: c,
                    sub: o.subreg(),
                    hint: None,
                };
                if opc == MOpc::COPY && k == 0 {
                    let s = mf.operands(i)[1];
                    let src = match vreg_of(s) {
                        Some(_) => Some(self.allocs[base + 1]),
                        None => s.reg().as_phys(),
                    };
                    w.hint = src.and_then(|p| RegState::part(t, p, s.subreg()));
                }
                if w.hint.is_none() {
                    let cur = self.rs.loc[d as usize];
                    if cur.0 != 0 {
                        w.hint = RegState::part(t, cur, w.sub);
                    }
                }
                let p = if o.has(flag::EARLY_CLOBBER) {
                    Purpose::EarlyDef
                } else {
                    Purpose::Def
                };
                self.find_and_clear(mf, d, &w, p, pos)?
            };
            if iflags & iflag::TERMINATOR != 0 && self.info.is_global(d as usize) {
                return Err(AllocError::Unsupported {
                    pos,
                    what: "a terminator defines a value live across blocks",
                });
            }
            self.rs.place(d, r);
            self.rs.dirty[d as usize] = true;
            self.rs.written[r.0 as usize] = true;
            self.claim_def(r.0 as usize);
            self.allocs[base + k] = r;
            if self.info.is_global(d as usize) {
                self.rs
                    .save(mf, t, d, ProgPoint::after(pos), &mut self.after);
            } else if !self.info.live_after(d as usize, pos) {
                self.dead.push(d);
            }
        }

        // 5. Physical defs read later stay pinned until that read.
        for n in 0..self.regk.len() {
            if !shape.phys_def_or_mask {
                break;
            }
            let RegOp { k, o, v, .. } = self.regk[n];
            if v != NONE {
                continue;
            }
            let Some(p) = o.reg().as_phys().filter(|_| o.is_def()) else {
                continue;
            };
            if self.rs.reserved[p.0 as usize] {
                continue;
            }
            self.rs.written[p.0 as usize] = true;
            if self.info.phys_live_after(base + k as usize) {
                self.rs.flags[p.0 as usize] |= PINNED;
            }
        }
        for &p in implicit_defs {
            if !self.rs.reserved[p.0 as usize] {
                self.rs.written[p.0 as usize] = true;
            }
        }

        // 6. Clean up.
        for &r in &self.touched {
            self.rs.flags[r] &= PINNED;
        }
        self.touched.clear();
        self.rs.mask_on = false;
        for d in self.dead.drain(..) {
            self.rs.drop_vreg(d);
        }
        self.edits.append(&mut self.after);
        Ok(())
    }

    /// Step 3 of [`Fast::inst`] when the instruction clobbers registers.
    fn empty_clobbered(&mut self, mf: &mut MachFunction, implicit_defs: &[PReg], pos: usize) {
        let t = self.t;
        let before = ProgPoint::before(pos);
        let mut victims = self.rs.occupied.iter().filter(|&&q| {
            self.rs
                .aliases(rcc_mc::Reg(q))
                .iter()
                .any(|&a| self.rs.is_clobbered(a as usize))
        });
        let first = victims.next().copied();
        let several = victims.next().is_some();
        if let Some(q) = first.filter(|_| !several) {
            let o = self.rs.occupant[q as usize];
            if self.info.live_after(o as usize, pos) {
                self.rs.save(mf, t, o, before, &mut self.edits);
            }
            self.rs.drop_vreg(o);
        }
        if several {
            // Clobber order: step 0's (a register met again is already
            // empty).
            let mut order = std::mem::take(&mut self.clobber_order);
            order.clear();
            for r in &self.regk {
                let o = r.o;
                if o.kind() == OpKind::RegMask {
                    order.extend_from_slice(&self.rs.mask_regs);
                }
                if let Some(p) = o.reg().as_phys().filter(|_| o.is_def()) {
                    order.push(p.0);
                }
            }
            order.extend(implicit_defs.iter().map(|p| p.0));
            for &r in &order {
                if self.rs.reserved[r as usize] {
                    continue;
                }
                let info = &self.info;
                let live = |v: u32| info.live_after(v as usize, pos);
                self.rs.evict_overlapping(
                    mf,
                    t,
                    rcc_mc::Reg(r),
                    NONE,
                    before,
                    &live,
                    &mut self.edits,
                );
            }
            self.clobber_order = order;
        }
    }

    /// Whether `r` overlaps a register the instruction writes early.
    fn early_clobbered(&self, r: PReg) -> bool {
        self.early_phys
            .iter()
            .any(|&p| self.rs.aliases(p).contains(&r.0))
    }

    fn mark_clobbered(&mut self, r: usize) {
        self.any_clobbered = true;
        if self.rs.flags[r] & CLOBBERED == 0 {
            self.rs.flags[r] |= CLOBBERED;
            self.touched.push(r);
        }
    }

    fn claim_use(&mut self, r: usize) {
        self.rs.flags[r] |= USE_CLAIMED;
        self.touched.push(r);
    }

    fn claim_def(&mut self, r: usize) {
        self.rs.flags[r] |= DEF_CLAIMED;
        self.touched.push(r);
    }

    /// Finds a register for `v` as `w` and empties it (saving live
    /// occupants before the instruction).
    fn find_and_clear(
        &mut self,
        mf: &mut MachFunction,
        v: u32,
        w: &Want,
        p: Purpose,
        pos: usize,
    ) -> Result<PReg, AllocError> {
        let info = &self.info;
        let live = |x: u32| info.live_after(x as usize, pos) || x == v;
        let r = self
            .rs
            .find(self.t, v, w, p, &live)
            .ok_or(AllocError::OutOfRegisters {
                pos,
                class: w.class,
            })?;
        self.rs.evict_overlapping(
            mf,
            self.t,
            r,
            v,
            ProgPoint::before(pos),
            &live,
            &mut self.edits,
        );
        Ok(r)
    }

    /// Puts the value of `v` in a register satisfying `w` for a read.
    fn use_reg(
        &mut self,
        mf: &mut MachFunction,
        v: u32,
        w: &Want,
        pos: usize,
        tied: bool,
    ) -> Result<PReg, AllocError> {
        let cur = self.rs.loc[v as usize];
        let fits = cur.0 != 0 && self.rs.fits_cached(self.t, cur, w);
        let written = |r: PReg| {
            self.early_clobbered(r)
                || (tied
                    && self
                        .rs
                        .aliases(r)
                        .iter()
                        .any(|&a| self.rs.is_clobbered(a as usize)))
        };
        if fits && !written(cur) {
            self.claim_use(cur.0 as usize);
            return Ok(cur);
        }
        let purpose = if tied {
            Purpose::EarlyDef
        } else {
            Purpose::Use
        };
        let r = self.find_and_clear(mf, v, w, purpose, pos)?;
        let from = if cur.0 != 0 {
            Loc::Reg(cur)
        } else {
            let s = self.rs.slot[v as usize];
            if s == NONE && !self.info.is_global(v as usize) {
                return Err(AllocError::Unsupported {
                    pos,
                    what: "a block-local value is read before it is written",
                });
            }
            Loc::Stack(self.rs.slot_of(mf, self.t, VReg::from_u32(v)))
        };
        self.edits.push(Edit {
            point: ProgPoint::before(pos),
            from,
            to: Loc::Reg(r),
            class: w.class,
        });
        let dirty = self.rs.dirty[v as usize];
        self.rs.place(v, r);
        self.rs.dirty[v as usize] = dirty && cur.0 != 0;
        self.rs.written[r.0 as usize] = true;
        self.claim_use(r.0 as usize);
        Ok(r)
    }

    /// A register for an `undef` read: any register satisfying `w`,
    /// evicting its occupant if need be (stored when still needed); the
    /// value is not tracked.
    fn undef_reg(
        &mut self,
        mf: &mut MachFunction,
        v: u32,
        w: &Want,
        pos: usize,
    ) -> Result<PReg, AllocError> {
        let cur = self.rs.loc[v as usize];
        let r = if cur.0 != 0 && self.rs.fits_cached(self.t, cur, w) && !self.early_clobbered(cur) {
            cur
        } else {
            self.find_and_clear(mf, v, w, Purpose::Use, pos)?
        };
        self.claim_use(r.0 as usize);
        Ok(r)
    }
}
