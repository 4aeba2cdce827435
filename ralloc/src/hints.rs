//! Allocation hints: the registers a virtual register would like, so that
//! copies become identities the rewrite deletes (LLVM's
//! `MachineRegisterInfo` allocation hints and the copy hints RAGreedy
//! collects).
//!
//! Hints come from the `COPY`s left in the function (after the coalescer,
//! exactly the copies it could not join), each weighted by the frequency of
//! its block:
//! - `%v = COPY $p` and `$p = COPY %v` give `%v` the **physical hint** `$p`
//!   (arguments, return values, call operands, fixed-register operands);
//!   `$p = COPY %v.sub` gives the member of `%v`'s class whose `sub` part
//!   is `$p` (`$eax = COPY %v.sub_32bit` hints `$rax`);
//! - `%a = COPY %b` between virtual registers makes each the other's
//!   **partner**: when one is assigned, the other prefers its register.
//!
//! API for the allocators ([`Hints::of`] gives the raw list):
//! - [`Hints::preferred`]`(v)`: the physical hints of `v`, heaviest first;
//! - [`Hints::partners`]`(v)`: the partner vregs, heaviest first;
//! - [`Hints::ordered`]`(v, assigned, out)`: both merged into one list of
//!   physical registers, heaviest first, partners resolved through
//!   `assigned` (the allocator's current vreg → register map), duplicates
//!   and registers outside `v`'s class or reserved dropped. Try these
//!   before the allocation order.
//!
//! Invariants: per vreg, entries are distinct and sorted by weight
//! (descending; ties: physical registers before partners, then by number,
//! so the order is deterministic);
//! physical hints are allocatable members of the vreg's class. Storage is
//! one entry vector with per-vreg ranges (no per-vreg allocation), reused
//! across functions.

use rcc_ir::entity::EntityId;
use rcc_mach::operand::flag;
use rcc_mach::{MBlock, MOpc, MachFunction, PReg, Reg, TargetInfo, VReg};

/// One hint of a virtual register.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Hint {
    Phys(PReg),
    Virt(VReg),
}

impl Hint {
    /// Order among hints of equal weight: physical registers first (a copy
    /// with a fixed register goes away only in that register), then
    /// partners, each by number.
    fn key(self) -> u64 {
        match self {
            Hint::Phys(p) => p.0 as u64,
            Hint::Virt(v) => 1 << 32 | v.as_u32() as u64,
        }
    }
}

/// The hints of every virtual register of one function (see the module
/// comment).
#[derive(Default, Debug)]
pub struct Hints {
    /// Per vreg `v`: its entries are `entries[start[v]..start[v + 1]]`.
    start: Vec<u32>,
    entries: Vec<(Hint, f32)>,
    raw: Vec<(VReg, Hint, f32)>,
}

impl Hints {
    pub fn new() -> Hints {
        Hints::default()
    }

    /// Recomputes the hints of `mf` from its copies; `freq(b)` is the
    /// relative frequency of block `b`.
    pub fn compute(&mut self, mf: &MachFunction, t: &dyn TargetInfo, freq: impl Fn(MBlock) -> f32) {
        self.raw.clear();
        for &b in &mf.order {
            let w = freq(b);
            for &i in mf.block_insts(b) {
                if mf.opc(i) == MOpc::COPY {
                    self.record_copy(mf, t, i, w);
                }
            }
        }
        self.build(mf.num_vregs());
    }

    fn record_copy(&mut self, mf: &MachFunction, t: &dyn TargetInfo, i: rcc_mach::MInst, w: f32) {
        let ops = mf.operands(i);
        let [dst, src] = ops else { return };
        if !dst.is_reg() || !src.is_reg() || dst.subreg().is_some() || src.has(flag::UNDEF) {
            return;
        }
        let (d, s) = (dst.reg(), src.reg());
        match (d.as_virt(), s.as_virt()) {
            (Some(a), Some(b)) if a != b && src.subreg().is_none() => {
                self.raw.push((a, Hint::Virt(b), w));
                self.raw.push((b, Hint::Virt(a), w));
            }
            (Some(v), None) if src.subreg().is_none() => {
                if let Some(p) = s.as_phys().filter(|&p| allocatable(mf, t, v, p)) {
                    self.raw.push((v, Hint::Phys(p), w));
                }
            }
            (None, Some(v)) => {
                let Some(p) = d.as_phys() else { return };
                let p = match src.subreg() {
                    None => Some(p),
                    Some(idx) => t
                        .class_members(mf.class_of(v))
                        .iter()
                        .copied()
                        .find(|&q| t.sub_reg(q, idx) == Some(p)),
                };
                if let Some(p) = p.filter(|&p| allocatable(mf, t, v, p)) {
                    self.raw.push((v, Hint::Phys(p), w));
                }
            }
            _ => {}
        }
    }

    /// Sorts the raw hints into per-vreg ranges, summing duplicates.
    fn build(&mut self, num_vregs: usize) {
        let raw = &mut self.raw;
        raw.sort_unstable_by_key(|&(v, h, _)| (v.as_u32(), h.key()));
        self.entries.clear();
        self.start.clear();
        self.start.resize(num_vregs + 1, 0);
        let mut k = 0;
        let mut next_v = 0usize;
        while k < raw.len() {
            let v = raw[k].0.index();
            // Vregs up to v start here.
            while next_v <= v {
                self.start[next_v] = self.entries.len() as u32;
                next_v += 1;
            }
            let first = self.entries.len();
            while k < raw.len() && raw[k].0.index() == v {
                let (_, h, w) = raw[k];
                let n = self.entries.len();
                match self.entries.last_mut() {
                    Some(e) if n > first && e.0 == h => e.1 += w,
                    _ => self.entries.push((h, w)),
                }
                k += 1;
            }
            self.entries[first..]
                .sort_by(|x, y| y.1.total_cmp(&x.1).then(x.0.key().cmp(&y.0.key())));
        }
        while next_v <= num_vregs {
            self.start[next_v] = self.entries.len() as u32;
            next_v += 1;
        }
    }

    /// Every hint of `v` with its weight, heaviest first.
    pub fn of(&self, v: VReg) -> &[(Hint, f32)] {
        let i = v.index();
        if i + 1 >= self.start.len() {
            return &[];
        }
        &self.entries[self.start[i] as usize..self.start[i + 1] as usize]
    }

    /// The physical hints of `v`, heaviest first.
    pub fn preferred(&self, v: VReg) -> impl Iterator<Item = PReg> + '_ {
        self.of(v).iter().filter_map(|&(h, _)| match h {
            Hint::Phys(p) => Some(p),
            Hint::Virt(_) => None,
        })
    }

    /// The partner vregs of `v`, heaviest first.
    pub fn partners(&self, v: VReg) -> impl Iterator<Item = VReg> + '_ {
        self.of(v).iter().filter_map(|&(h, _)| match h {
            Hint::Virt(w) => Some(w),
            Hint::Phys(_) => None,
        })
    }

    /// The registers to try first for `v`, heaviest first: physical hints
    /// and the registers `assigned` gives its partners, restricted to
    /// allocatable members of `v`'s class, without duplicates. `out` is
    /// cleared first.
    pub fn ordered(
        &self,
        mf: &MachFunction,
        t: &dyn TargetInfo,
        v: VReg,
        assigned: impl Fn(VReg) -> Option<PReg>,
        out: &mut Vec<PReg>,
    ) {
        out.clear();
        for &(h, _) in self.of(v) {
            let p = match h {
                Hint::Phys(p) => Some(p),
                Hint::Virt(w) => assigned(w),
            };
            if let Some(p) = p.filter(|&p| allocatable(mf, t, v, p)) {
                if !out.contains(&p) {
                    out.push(p);
                }
            }
        }
    }

    /// The number of vregs with at least one hint (a `-stats` counter).
    pub fn num_hinted(&self) -> usize {
        self.start.windows(2).filter(|w| w[0] != w[1]).count()
    }
}

/// Whether `p` may hold `v`: an allocatable member of its class.
fn allocatable(mf: &MachFunction, t: &dyn TargetInfo, v: VReg, p: PReg) -> bool {
    t.class_contains(mf.class_of(v), p) && !t.is_reserved(p) && !Reg::phys(p).is_none()
}
