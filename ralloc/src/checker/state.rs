//! The checker's abstract state: for every physical register and stack
//! slot, the set of values it is known to hold on every path. A value is a
//! virtual register, or `Phys(p)`: what the program itself last put in
//! physical register `p` (arguments, fixed operands, call results).
//!
//! Writing a register empties every register overlapping it (its value is
//! then unknown there); a physical def by the program labels the register
//! and everything overlapping it with their own `Phys` values, so a later
//! read of any of them is accepted unless the allocator wrote in between.
//! The meet at a join is the intersection, location by location.
//!
//! `undef` lists the values that are undefined here (an `IMPLICIT_DEF`
//! was their last def on some path): every location holds them, since any
//! bits are a valid undefined value, so a read of one is never an error.
//! Invariant: no location lists a label of `undef` explicitly. A real def
//! of the value takes it out of `undef`; at a join a value stays undefined
//! only if it is undefined on both sides, and a location keeps a label if
//! each side holds it there or has it undefined.

use crate::output::Loc;
use rcc_ir::entity::EntityId;
use rcc_mach::{PReg, TargetInfo, VReg};

/// A value label: a vreg index, or `PHYS | register`.
pub type Label = u32;
pub const PHYS: u32 = 1 << 31;

pub fn phys_label(p: PReg) -> Label {
    PHYS | p.0 as u32
}

/// Sorted label sets per register and per slot.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct State {
    pub regs: Vec<Vec<Label>>,
    pub slots: Vec<Vec<Label>>,
    /// Sorted: the values that are undefined (held everywhere).
    pub undef: Vec<Label>,
}

impl State {
    pub fn new(num_regs: usize, num_slots: usize) -> State {
        State {
            regs: vec![Vec::new(); num_regs],
            slots: vec![Vec::new(); num_slots],
            undef: Vec::new(),
        }
    }

    pub fn get(&self, l: Loc) -> &[Label] {
        match l {
            Loc::Reg(r) => self.regs.get(r.0 as usize).map_or(&[], |v| v.as_slice()),
            Loc::Stack(s) => self.slots.get(s.index()).map_or(&[], |v| v.as_slice()),
        }
    }

    pub fn holds(&self, l: Loc, x: Label) -> bool {
        self.undef.binary_search(&x).is_ok() || self.get(l).binary_search(&x).is_ok()
    }

    /// Value `x` becomes undefined: every location holds it.
    pub fn set_undef(&mut self, x: Label) {
        if let Err(k) = self.undef.binary_search(&x) {
            self.undef.insert(k, x);
            for l in self.regs.iter_mut().chain(self.slots.iter_mut()) {
                l.retain(|&y| y != x);
            }
        }
    }

    /// Value `x` gets a real def: it is no longer held everywhere.
    pub fn set_defined(&mut self, x: Label) {
        if let Ok(k) = self.undef.binary_search(&x) {
            self.undef.remove(k);
        }
    }

    /// Writes `labels` to `l`, emptying registers that overlap it.
    pub fn write(&mut self, t: &dyn TargetInfo, l: Loc, mut labels: Vec<Label>) {
        if !self.undef.is_empty() {
            labels.retain(|x| self.undef.binary_search(x).is_err());
        }
        match l {
            Loc::Reg(r) => {
                for &a in t.aliases(r) {
                    if let Some(x) = self.regs.get_mut(a as usize) {
                        x.clear();
                    }
                }
                if let Some(x) = self.regs.get_mut(r.0 as usize) {
                    *x = labels;
                }
            }
            Loc::Stack(s) => {
                if let Some(x) = self.slots.get_mut(s.index()) {
                    *x = labels;
                }
            }
        }
    }

    /// The program writes physical register `p`.
    pub fn write_phys(&mut self, t: &dyn TargetInfo, p: PReg) {
        for &a in t.aliases(p) {
            if let Some(x) = self.regs.get_mut(a as usize) {
                x.clear();
                x.push(PHYS | a as u32);
            }
        }
    }

    /// Intersects with `o` (a value undefined on one side counts as held
    /// there everywhere); returns whether anything changed.
    pub fn meet(&mut self, o: &State) -> bool {
        let mut changed = false;
        let (mine, theirs) = (&self.undef, &o.undef);
        let in_set = |s: &[Label], x: &Label| s.binary_search(x).is_ok();
        for (a, b) in self
            .regs
            .iter_mut()
            .chain(self.slots.iter_mut())
            .zip(o.regs.iter().chain(o.slots.iter()))
        {
            let n = a.len();
            a.retain(|x| in_set(b, x) || in_set(theirs, x));
            let before = a.len();
            // Labels held on `o`'s side where this side has them undefined.
            a.extend(b.iter().filter(|x| in_set(mine, x)));
            if a.len() != before {
                a.sort_unstable();
                a.dedup();
            }
            changed |= a.len() != n || before != n;
        }
        let n = self.undef.len();
        self.undef.retain(|x| o.undef.binary_search(x).is_ok());
        changed |= self.undef.len() != n;
        changed
    }
}

/// Renders a label set for messages.
pub fn show(t: &dyn TargetInfo, labels: &[Label]) -> String {
    if labels.is_empty() {
        return "nothing known".into();
    }
    let v: Vec<String> = labels
        .iter()
        .map(|&l| {
            if l & PHYS != 0 {
                format!("${}", t.reg_name(rcc_mc::Reg((l & !PHYS) as u16)))
            } else {
                format!("{}", VReg::from_u32(l))
            }
        })
        .collect();
    v.join(", ")
}
