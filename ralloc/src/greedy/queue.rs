//! The greedy allocator's work list and per-vreg progress (LLVM's
//! `RAGreedy` queue, `ExtraRegInfo` stages and cascades, and the default
//! priority advisor).
//!
//! Owns: the [`Stage`] and cascade number of every virtual register the
//! allocator has seen, and a max-heap of vregs keyed by [`priority`].
//!
//! Invariants:
//! - stages only move forward (`New → Assign → Split → Split2 → Spill →
//!   Done`), except that an evicted vreg keeps its stage and is queued
//!   again;
//! - a cascade number, once given to a vreg by an eviction, only grows; a
//!   vreg may evict only interferers with an older (smaller) cascade, so
//!   chains of evictions terminate;
//! - the queue pops the highest priority first; equal priorities pop the
//!   smaller vreg number first, so allocation is deterministic.

use rcc_mach::VReg;
use std::collections::BinaryHeap;

/// How far a vreg has got (LLVM's `LiveRangeStage`).
#[derive(Copy, Clone, PartialEq, Eq, PartialOrd, Ord, Debug, Default)]
pub enum Stage {
    /// Not seen yet.
    #[default]
    New,
    /// Only assignment and eviction tried so far.
    Assign,
    /// May be split; products of a region split are queued here and sorted
    /// after everything unsplit (deferred).
    Split,
    /// Split again only if the split makes progress (fewer blocks or
    /// instructions).
    Split2,
    /// Spilled if it cannot be assigned.
    Spill,
    /// Spill products and allocated-for-good: never evicted, split or
    /// spilled again.
    Done,
}

/// Stage and cascade per vreg, reused across functions.
#[derive(Default, Debug)]
pub struct ExtraInfo {
    stage: Vec<Stage>,
    cascade: Vec<u32>,
    next_cascade: u32,
}

impl ExtraInfo {
    /// Forgets the previous function; keeps capacity.
    pub fn reset(&mut self, num_vregs: usize) {
        self.stage.clear();
        self.stage.resize(num_vregs, Stage::New);
        self.cascade.clear();
        self.cascade.resize(num_vregs, 0);
        self.next_cascade = 1;
    }

    fn grow(&mut self, v: VReg) {
        let n = v.as_u32() as usize + 1;
        if self.stage.len() < n {
            self.stage.resize(n, Stage::New);
            self.cascade.resize(n, 0);
        }
    }

    pub fn stage(&self, v: VReg) -> Stage {
        self.stage
            .get(v.as_u32() as usize)
            .copied()
            .unwrap_or_default()
    }

    pub fn set_stage(&mut self, v: VReg, s: Stage) {
        self.grow(v);
        self.stage[v.as_u32() as usize] = s;
    }

    /// Moves `v` to `s` if it is still `New` (LLVM's `setStage` over
    /// split products: only fresh vregs are affected).
    pub fn set_stage_if_new(&mut self, v: VReg, s: Stage) {
        if self.stage(v) == Stage::New {
            self.set_stage(v, s);
        }
    }

    /// The stage, turning `New` into `Assign` (LLVM's `getOrInitStage`
    /// when a vreg is dequeued).
    pub fn init_stage(&mut self, v: VReg) -> Stage {
        if self.stage(v) == Stage::New {
            self.set_stage(v, Stage::Assign);
        }
        self.stage(v)
    }

    /// The cascade of `v`; 0 when it never evicted anything.
    pub fn cascade(&self, v: VReg) -> u32 {
        self.cascade.get(v.as_u32() as usize).copied().unwrap_or(0)
    }

    pub fn set_cascade(&mut self, v: VReg, c: u32) {
        self.grow(v);
        self.cascade[v.as_u32() as usize] = c;
    }

    /// The cascade `v` would evict with: its own, or the next unused one
    /// (LLVM's `getCascadeOrCurrentNext`).
    pub fn cascade_or_next(&self, v: VReg) -> u32 {
        match self.cascade(v) {
            0 => self.next_cascade,
            c => c,
        }
    }

    /// The cascade of `v`, giving it a fresh one if it has none (LLVM's
    /// `getOrAssignNewCascade`, when `v` evicts).
    pub fn assign_cascade(&mut self, v: VReg) -> u32 {
        let c = self.cascade(v);
        if c != 0 {
            return c;
        }
        let c = self.next_cascade;
        self.next_cascade += 1;
        self.set_cascade(v, c);
        c
    }
}

/// What the priority of a vreg depends on.
#[derive(Copy, Clone, Debug)]
pub struct PrioInput {
    pub stage: Stage,
    /// The interval's size in instructions (slot distance / 4, as LLVM's
    /// `getSize() / InstrDist` over the whole range).
    pub size: u32,
    /// All of the interval lies in one block.
    pub local: bool,
    /// For a local interval: instructions from its start to the function's
    /// last index (so earlier local intervals come first).
    pub dist_to_end: u32,
    /// Allocatable registers of the class (a local interval longer than
    /// twice this is treated as global, as LLVM does).
    pub class_regs: u32,
    /// The vreg has a known physical preference.
    pub hinted: bool,
    /// The class's allocation priority (0..=31).
    pub class_priority: u8,
}

/// LLVM's default priority (bit 31: still in the assign stage; bit 30:
/// hinted; bit 29: global; bits 24..29: class priority; bits 0..24:
/// size, or for local intervals the distance to the function end so they
/// are allocated in instruction order). Split products (stage `Split`)
/// get only their size, so they come after everything unsplit; nothing
/// but the size counts for them.
pub fn priority(p: &PrioInput) -> u32 {
    const SIZE_MASK: u32 = (1 << 24) - 1;
    if p.stage == Stage::Split {
        return p.size.min(SIZE_MASK);
    }
    let force_global = p.size > 2 * p.class_regs;
    let (base, global) = if p.stage == Stage::Assign && p.local && !force_global {
        (p.dist_to_end, 0)
    } else {
        (p.size, 1)
    };
    let mut prio = base.min(SIZE_MASK) | global << 29 | u32::from(p.class_priority & 31) << 24;
    if p.stage == Stage::Assign {
        prio |= 1 << 31;
    }
    if p.hinted {
        prio |= 1 << 30;
    }
    prio
}

/// The allocation queue: highest priority first, then lowest vreg.
#[derive(Default, Debug)]
pub struct Queue {
    heap: BinaryHeap<(u32, std::cmp::Reverse<u32>)>,
}

impl Queue {
    pub fn clear(&mut self) {
        self.heap.clear();
    }
    pub fn push(&mut self, v: VReg, prio: u32) {
        self.heap.push((prio, std::cmp::Reverse(v.as_u32())));
    }
    pub fn pop(&mut self) -> Option<VReg> {
        self.heap.pop().map(|(_, v)| VReg::from_u32(v.0))
    }
    pub fn len(&self) -> usize {
        self.heap.len()
    }
    pub fn is_empty(&self) -> bool {
        self.heap.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn input(stage: Stage, size: u32, local: bool) -> PrioInput {
        PrioInput {
            stage,
            size,
            local,
            dist_to_end: 1000u32.saturating_sub(size),
            class_regs: 14,
            hinted: false,
            class_priority: 0,
        }
    }

    #[test]
    fn stage_bits_order() {
        let assign_small_global = priority(&input(Stage::Assign, 3, false));
        let split_big = priority(&input(Stage::Split, 10_000, false));
        let spill_stage = priority(&input(Stage::Spill, 50, false));
        // Fresh vregs before split products, whatever their size.
        assert!(assign_small_global > split_big);
        assert!(assign_small_global > spill_stage);
        // Split products are deferred after second-round ranges too.
        assert!(spill_stage > split_big);
        // Globals before locals, larger globals first.
        let g10 = priority(&input(Stage::Assign, 10, false));
        let g20 = priority(&input(Stage::Assign, 20, false));
        let l5 = priority(&input(Stage::Assign, 5, true));
        assert!(g20 > g10 && g10 > l5);
        // Locals in instruction order: earlier start = larger distance.
        let mut a = input(Stage::Assign, 5, true);
        let mut b = a;
        a.dist_to_end = 900;
        b.dist_to_end = 100;
        assert!(priority(&a) > priority(&b));
        // A huge local interval counts as global.
        assert!(priority(&input(Stage::Assign, 40, true)) & 1 << 29 != 0);
        // Hints win within a stage.
        let mut h = input(Stage::Assign, 1, true);
        h.hinted = true;
        assert!(priority(&h) > g20);
    }

    #[test]
    fn queue_pops_by_priority_then_vreg() {
        let mut q = Queue::default();
        q.push(VReg::from_u32(5), 10);
        q.push(VReg::from_u32(3), 10);
        q.push(VReg::from_u32(9), 20);
        let order: Vec<u32> = std::iter::from_fn(|| q.pop()).map(|v| v.as_u32()).collect();
        assert_eq!(order, vec![9, 3, 5]);
    }

    #[test]
    fn cascades_and_stages() {
        let mut e = ExtraInfo::default();
        e.reset(4);
        let (a, b) = (VReg::from_u32(0), VReg::from_u32(1));
        assert_eq!(e.init_stage(a), Stage::Assign);
        assert_eq!(e.cascade(a), 0);
        assert_eq!(e.cascade_or_next(a), 1);
        assert_eq!(e.assign_cascade(a), 1);
        assert_eq!(e.assign_cascade(a), 1);
        assert_eq!(e.assign_cascade(b), 2);
        // A vreg beyond the initial count grows the tables.
        let c = VReg::from_u32(10);
        e.set_stage_if_new(c, Stage::Spill);
        e.set_stage_if_new(c, Stage::Split);
        assert_eq!(e.stage(c), Stage::Spill);
        e.reset(2);
        assert_eq!(e.stage(a), Stage::New);
        assert_eq!(e.cascade_or_next(a), 1);
    }
}
