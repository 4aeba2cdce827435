//! Register units (LLVM's `MCRegUnit`): the smallest independently
//! allocatable pieces of the physical register file, derived from the
//! target's alias table. Two physical registers overlap exactly when they
//! share a unit, so interference between physical registers of any width is
//! tracked per unit (x86: `RAX` has the units of `AL` and `AH`; `EAX` and
//! `AL` share one; `AL` and `AH` do not).
//!
//! Derivation: a register is a *leaf* when none of its aliases is
//! narrower than it (`TargetInfo::reg_bits`); leaves that alias each other
//! share one unit; the units of a register are those of the leaves among
//! its aliases. A unit is *reserved* when its leaf register is reserved by
//! the target (`RSP`, `RIP`, `EFLAGS`, ...): liveness does not track it.
//!
//! Invariant (tested on x86): `aliases(a)` contains `b` iff `units(a)`
//! and `units(b)` intersect. Built once per worker and target.

use crate::reg::PReg;
use crate::target::TargetInfo;

/// The units of every register of one target.
#[derive(Default, Debug)]
pub struct RegUnits {
    ranges: Vec<(u32, u32)>,
    pool: Vec<u16>,
    reserved: Vec<bool>,
    root: Vec<PReg>,
    built_for: usize,
}

impl RegUnits {
    /// Builds the table for `t` unless it was built for a target with the
    /// same register count already (one target per module).
    pub fn build(&mut self, t: &dyn TargetInfo) {
        let n = t.num_regs();
        if self.built_for == n && n != 0 {
            return;
        }
        self.ranges.clear();
        self.pool.clear();
        self.reserved.clear();
        self.root.clear();
        let bits = |r: usize| t.reg_bits(rcc_mc::Reg(r as u16));
        // Leaves and their units.
        let mut unit_of = vec![u32::MAX; n];
        for r in 1..n {
            let p = rcc_mc::Reg(r as u16);
            let al = t.aliases(p);
            let leaf = !al
                .iter()
                .any(|&a| a as usize != r && (a as usize) < n && bits(a as usize) < bits(r));
            if !leaf {
                continue;
            }
            let shared = al
                .iter()
                .map(|&a| a as usize)
                .find(|&a| a < n && unit_of[a] != u32::MAX);
            unit_of[r] = match shared {
                Some(a) => unit_of[a],
                None => {
                    self.reserved.push(t.is_reserved(p));
                    self.root.push(p);
                    self.root.len() as u32 - 1
                }
            };
        }
        let mut tmp: Vec<u16> = Vec::new();
        for r in 0..n {
            tmp.clear();
            if r != 0 {
                let p = rcc_mc::Reg(r as u16);
                for &a in t.aliases(p).iter().chain(std::iter::once(&(r as u16))) {
                    if let Some(&u) = unit_of.get(a as usize).filter(|&&u| u != u32::MAX) {
                        tmp.push(u as u16);
                    }
                }
                tmp.sort_unstable();
                tmp.dedup();
            }
            let s = self.pool.len() as u32;
            self.pool.extend_from_slice(&tmp);
            self.ranges.push((s, self.pool.len() as u32));
        }
        self.built_for = n;
    }

    /// The units of `r` (sorted).
    #[inline]
    pub fn units(&self, r: PReg) -> &[u16] {
        match self.ranges.get(r.0 as usize) {
            Some(&(s, e)) => &self.pool[s as usize..e as usize],
            None => &[],
        }
    }

    /// The number of units.
    pub fn num_units(&self) -> usize {
        self.root.len()
    }

    /// Whether unit `u` belongs to a reserved register (not tracked).
    #[inline]
    pub fn is_reserved(&self, u: u16) -> bool {
        self.reserved[u as usize]
    }

    /// The leaf register unit `u` was made from (for dumps).
    pub fn root(&self, u: u16) -> PReg {
        self.root[u as usize]
    }

    /// Whether `a` and `b` share a unit.
    pub fn overlap(&self, a: PReg, b: PReg) -> bool {
        let (x, y) = (self.units(a), self.units(b));
        x.iter().any(|u| y.contains(u))
    }
}
