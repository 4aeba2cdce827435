//! The eviction decision (LLVM's `RAGreedy::canEvictInterferenceBasedOnCost`,
//! `shouldEvict` and `EvictionCost`).
//!
//! Owns nothing: pure functions over a description of the vreg to place
//! and of the vregs currently assigned to one physical register that
//! interfere with it.
//!
//! Invariants:
//! - a vreg never evicts an interferer of its own or a newer cascade
//!   (unless the eviction is *urgent*: the vreg is unspillable and the
//!   interferer is not, or has a larger allocation order; such breaks cost
//!   10 broken hints), never a `Done` vreg and never an unspillable one
//!   otherwise, so eviction chains terminate;
//! - [`EvictionCost`] orders by broken hints first, then by the largest
//!   evicted spill weight.

use super::queue::Stage;

/// The cost of evicting a set of interferers.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct EvictionCost {
    /// Interferers that sit in their preferred register, plus 10 per
    /// broken cascade.
    pub broken_hints: u32,
    /// The largest spill weight evicted.
    pub max_weight: f32,
}

impl EvictionCost {
    pub const ZERO: EvictionCost = EvictionCost {
        broken_hints: 0,
        max_weight: 0.0,
    };

    /// The cost no eviction reaches.
    pub const MAX: EvictionCost = EvictionCost {
        broken_hints: u32::MAX,
        max_weight: f32::INFINITY,
    };

    pub fn is_max(&self) -> bool {
        *self == Self::MAX
    }

    /// Lexicographic: hints, then weight.
    pub fn less(&self, o: &EvictionCost) -> bool {
        (self.broken_hints, self.max_weight) < (o.broken_hints, o.max_weight)
    }
}

/// The vreg looking for a register.
#[derive(Copy, Clone, Debug)]
pub struct Evictor {
    pub weight: f32,
    /// Its cascade, or the next unused one.
    pub cascade: u32,
    /// Has finite weight (can be spilled).
    pub spillable: bool,
    /// Allocatable registers of its class.
    pub order_len: u32,
    /// All of it lies in one block.
    pub local: bool,
}

/// One interfering vreg assigned to the candidate register.
#[derive(Copy, Clone, Debug)]
pub struct Interferer {
    pub weight: f32,
    pub cascade: u32,
    pub stage: Stage,
    pub spillable: bool,
    pub order_len: u32,
    pub local: bool,
    /// It sits in its preferred physical register.
    pub in_preferred: bool,
    /// It could be reassigned to another register without interference
    /// (only asked when looking for a cheap register for a local vreg).
    pub can_reassign: bool,
}

/// Whether `a` should evict `b` in the non-urgent case (LLVM's
/// `shouldEvict` as its eviction search uses it, with `IsHint` false):
/// when `a` is heavier. A hinted register earns no exception: a light
/// vreg evicting a heavier one for its hint started chains of evictions
/// that ended with long-lived values split around every call.
pub fn should_evict(a: &Evictor, b: &Interferer) -> bool {
    a.weight > b.weight
}

/// The cost of evicting all of `intfs` for `a`, or `None` when it is not
/// allowed or not cheaper than `max_cost`. `fixed` says the register is
/// taken by a physical (fixed) range there, which is never evicted.
pub fn eviction_cost(
    a: &Evictor,
    fixed: bool,
    intfs: &[Interferer],
    max_cost: &EvictionCost,
) -> Option<EvictionCost> {
    if fixed {
        return None;
    }
    let mut cost = EvictionCost::ZERO;
    for b in intfs {
        if !b.spillable && a.spillable {
            return None;
        }
        if b.stage == Stage::Done {
            return None;
        }
        let urgent = !a.spillable && (b.spillable || a.order_len < b.order_len);
        if a.cascade == b.cascade {
            return None;
        }
        if a.cascade < b.cascade {
            if !urgent {
                return None;
            }
            cost.broken_hints += 10;
        }
        cost.broken_hints += u32::from(b.in_preferred);
        cost.max_weight = cost.max_weight.max(b.weight);
        if !cost.less(max_cost) {
            return None;
        }
        if urgent {
            continue;
        }
        if !should_evict(a, b) {
            return None;
        }
        // Looking for a cheap register only: evicting another local range
        // that cannot move elsewhere would just trade places.
        if !max_cost.is_max() && a.local && b.local && !b.can_reassign {
            return None;
        }
    }
    Some(cost)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ev(weight: f32, cascade: u32) -> Evictor {
        Evictor {
            weight,
            cascade,
            spillable: true,
            order_len: 14,
            local: false,
        }
    }

    fn intf(weight: f32, cascade: u32) -> Interferer {
        Interferer {
            weight,
            cascade,
            stage: Stage::Assign,
            spillable: true,
            order_len: 14,
            local: false,
            in_preferred: false,
            can_reassign: false,
        }
    }

    #[test]
    fn heavier_evicts_lighter_only() {
        let a = ev(5.0, 3);
        let c = eviction_cost(&a, false, &[intf(1.0, 0), intf(2.0, 1)], &EvictionCost::MAX);
        assert_eq!(
            c,
            Some(EvictionCost {
                broken_hints: 0,
                max_weight: 2.0
            })
        );
        assert!(eviction_cost(&a, false, &[intf(6.0, 0)], &EvictionCost::MAX).is_none());
        assert!(eviction_cost(&a, true, &[], &EvictionCost::MAX).is_none());
    }

    #[test]
    fn cascade_rule_terminates() {
        // Same or newer cascade: never (without urgency).
        let a = ev(100.0, 3);
        assert!(eviction_cost(&a, false, &[intf(1.0, 3)], &EvictionCost::MAX).is_none());
        assert!(eviction_cost(&a, false, &[intf(1.0, 4)], &EvictionCost::MAX).is_none());
        // Urgent (unspillable evictor) may break a newer cascade, at a price.
        let mut u = ev(f32::INFINITY, 3);
        u.spillable = false;
        let c = eviction_cost(&u, false, &[intf(1.0, 4)], &EvictionCost::MAX).unwrap();
        assert_eq!(c.broken_hints, 10);
        // Done vregs and unspillable ones are never evicted by spillable ones.
        let mut d = intf(1.0, 0);
        d.stage = Stage::Done;
        assert!(eviction_cost(&a, false, &[d], &EvictionCost::MAX).is_none());
        let mut s = intf(f32::INFINITY, 0);
        s.spillable = false;
        assert!(eviction_cost(&a, false, &[s], &EvictionCost::MAX).is_none());
    }

    #[test]
    fn hints_and_max_cost() {
        // A lighter evictor never takes a register from a heavier
        // splittable vreg, even one out of its own preferred register.
        let a = ev(1.0, 1);
        assert!(eviction_cost(&a, false, &[intf(9.0, 0)], &EvictionCost::MAX).is_none());
        let mut p = intf(0.5, 0);
        p.in_preferred = true;
        let c = eviction_cost(&a, false, &[p], &EvictionCost::MAX).unwrap();
        assert_eq!(c.broken_hints, 1);
        // Not cheaper than the best so far: rejected.
        let best = EvictionCost {
            broken_hints: 0,
            max_weight: 0.7,
        };
        assert!(eviction_cost(&a, false, &[intf(0.8, 0)], &best).is_none());
        assert!(eviction_cost(&a, false, &[intf(0.6, 0)], &best).is_some());
        // Cheap-register search: a local evictor does not push out a local
        // range that cannot go elsewhere.
        let mut la = ev(5.0, 1);
        la.local = true;
        let mut lb = intf(0.6, 0);
        lb.local = true;
        assert!(eviction_cost(&la, false, &[lb], &best).is_none());
        lb.can_reassign = true;
        assert!(eviction_cost(&la, false, &[lb], &best).is_some());
        assert!(EvictionCost::ZERO.less(&best) && !EvictionCost::MAX.less(&best));
    }
}
