//! Spill placement (LLVM's `SpillPlacement`): decide, per edge bundle,
//! whether a live range should be in a register there, so that the
//! copies a region split inserts cost as little block frequency as
//! possible.
//!
//! Each bundle is a node with a bias towards *register* (`bias_p`) or
//! *spill* (`bias_n`), from the blocks whose entry or exit it is (a use
//! wants the value in a register, interference wants it out), and links to
//! the other side of every block the range passes through without
//! interference (weighted by the block's frequency: keeping both sides the
//! same avoids a copy there). A node's value is `+1` (register), `-1`
//! (spill) or `0` (undecided): the sign of its weighted sum with a dead
//! zone of `threshold`, iterated from a work list to a fixed point (Hopfield
//! network, as LLVM).
//!
//! Owns: the node table for the current query, reused across queries.
//!
//! Invariants: only *active* nodes (touched by a constraint or link since
//! [`SpillPlacement::prepare`]) are part of the solution; a `MustSpill`
//! node never becomes a register node; the work list holds each node at
//! most once.

use super::bundles::EdgeBundles;

/// What a block border wants (LLVM's `BorderConstraint`).
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Border {
    DontCare,
    /// The value is used in a register near the border.
    PrefReg,
    /// Interference near the border.
    PrefSpill,
    /// Interference at the border itself.
    MustSpill,
}

/// The wishes of one block with uses (LLVM's `BlockConstraint`).
#[derive(Copy, Clone, Debug)]
pub struct BlockConstraint {
    pub block: u32,
    pub entry: Border,
    pub exit: Border,
}

#[derive(Clone, Debug, Default)]
struct Node {
    bias_n: f32,
    bias_p: f32,
    value: i8,
    links: Vec<(f32, u32)>,
}

impl Node {
    fn must_spill(&self) -> bool {
        self.bias_n == f32::INFINITY
    }
    fn prefer_reg(&self) -> bool {
        self.value > 0
    }
    fn add_bias(&mut self, freq: f32, b: Border) {
        match b {
            Border::DontCare => {}
            Border::PrefReg => self.bias_p += freq,
            Border::PrefSpill => self.bias_n += freq,
            Border::MustSpill => self.bias_n = f32::INFINITY,
        }
    }
}

#[derive(Default, Debug)]
pub struct SpillPlacement {
    nodes: Vec<Node>,
    active: Vec<bool>,
    active_list: Vec<u32>,
    todo: Vec<u32>,
    in_todo: Vec<bool>,
    recent_positive: Vec<u32>,
    threshold: f32,
    /// Bundles of the current query (the buffers may be longer: they keep
    /// the capacity of earlier functions, which must not change results).
    num_bundles: usize,
}

impl SpillPlacement {
    /// Starts a query over `num_bundles` bundles; `entry_freq` is the
    /// function entry's frequency (the dead zone is `entry_freq / 8192`).
    pub fn prepare(&mut self, num_bundles: usize, entry_freq: f32) {
        self.num_bundles = num_bundles;
        if self.nodes.len() < num_bundles {
            self.nodes.resize_with(num_bundles, Node::default);
        }
        for &n in &self.active_list {
            self.active[n as usize] = false;
        }
        self.active
            .resize(num_bundles.max(self.active.len()), false);
        self.in_todo
            .resize(num_bundles.max(self.in_todo.len()), false);
        for &n in &self.todo {
            self.in_todo[n as usize] = false;
        }
        self.todo.clear();
        self.active_list.clear();
        self.recent_positive.clear();
        self.threshold = (entry_freq / 8192.0).max(f32::MIN_POSITIVE);
    }

    fn activate(&mut self, n: u32, eb: &EdgeBundles, entry_freq_hint: f32) {
        if self.active[n as usize] {
            return;
        }
        self.active[n as usize] = true;
        self.active_list.push(n);
        let node = &mut self.nodes[n as usize];
        node.bias_n = 0.0;
        node.bias_p = 0.0;
        node.value = 0;
        node.links.clear();
        // Very large bundles (switches, huge join points) lean towards
        // spilling: a register across them is rarely worth the copies.
        if eb.blocks(n).len() > 100 {
            node.bias_n = entry_freq_hint / 16.0;
        }
    }

    /// Adds the border wishes of blocks with uses.
    pub fn add_constraints(&mut self, eb: &EdgeBundles, freq: &[f32], cs: &[BlockConstraint]) {
        let ef = self.threshold * 8192.0;
        for c in cs {
            let f = freq[c.block as usize];
            if c.entry != Border::DontCare {
                let n = eb.bundle(c.block, false);
                self.activate(n, eb, ef);
                self.nodes[n as usize].add_bias(f, c.entry);
                self.push_todo(n);
            }
            if c.exit != Border::DontCare {
                let n = eb.bundle(c.block, true);
                self.activate(n, eb, ef);
                self.nodes[n as usize].add_bias(f, c.exit);
                self.push_todo(n);
            }
        }
    }

    /// Both borders of `blocks` prefer spill (live-through blocks with
    /// interference); `strong` doubles the bias.
    pub fn add_pref_spill(&mut self, eb: &EdgeBundles, freq: &[f32], blocks: &[u32], strong: bool) {
        let ef = self.threshold * 8192.0;
        for &b in blocks {
            let f = freq[b as usize] * if strong { 2.0 } else { 1.0 };
            for out in [false, true] {
                let n = eb.bundle(b, out);
                self.activate(n, eb, ef);
                self.nodes[n as usize].add_bias(f, Border::PrefSpill);
                self.push_todo(n);
            }
        }
    }

    /// Links entry and exit of live-through blocks without interference.
    pub fn add_links(&mut self, eb: &EdgeBundles, freq: &[f32], blocks: &[u32]) {
        let ef = self.threshold * 8192.0;
        for &b in blocks {
            let (i, o) = (eb.bundle(b, false), eb.bundle(b, true));
            if i == o {
                continue;
            }
            let f = freq[b as usize];
            self.activate(i, eb, ef);
            self.activate(o, eb, ef);
            self.nodes[i as usize].links.push((f, o));
            self.nodes[o as usize].links.push((f, i));
            self.push_todo(i);
            self.push_todo(o);
        }
    }

    fn push_todo(&mut self, n: u32) {
        if !self.in_todo[n as usize] {
            self.in_todo[n as usize] = true;
            self.todo.push(n);
        }
    }

    /// Recomputes node `n`; whether its register preference changed.
    fn update(&mut self, n: u32) -> bool {
        let node = &self.nodes[n as usize];
        let (mut sn, mut sp) = (node.bias_n, node.bias_p);
        for &(w, m) in &node.links {
            match self.nodes[m as usize].value {
                -1 => sn += w,
                1 => sp += w,
                _ => {}
            }
        }
        let before = node.prefer_reg();
        let old = node.value;
        let value = if sn >= sp + self.threshold {
            -1
        } else if sp >= sn + self.threshold {
            1
        } else {
            0
        };
        self.nodes[n as usize].value = value;
        if value != old {
            // Neighbours that disagree must look again.
            for k in 0..self.nodes[n as usize].links.len() {
                let m = self.nodes[n as usize].links[k].1;
                if self.nodes[m as usize].value != value {
                    self.push_todo(m);
                }
            }
        }
        before != (value > 0)
    }

    /// Solves the network from the pending work; the nodes that became
    /// register nodes are in [`SpillPlacement::recent_positive`].
    pub fn iterate(&mut self) {
        self.recent_positive.clear();
        // Bounded by this query's size, not the buffers' (kept from earlier
        // functions): the result must not depend on what a worker compiled
        // before, or output would vary with -j.
        let mut limit = self.num_bundles * 10 + 16;
        while limit > 0 {
            limit -= 1;
            let Some(n) = self.todo.pop() else { break };
            self.in_todo[n as usize] = false;
            if self.update(n) && self.nodes[n as usize].prefer_reg() {
                self.recent_positive.push(n);
            }
        }
    }

    /// First solve over everything added since [`SpillPlacement::prepare`];
    /// whether any bundle wants a register.
    pub fn scan_active_bundles(&mut self) -> bool {
        self.iterate();
        self.recent_positive.clear();
        for k in 0..self.active_list.len() {
            let n = self.active_list[k];
            if self.nodes[n as usize].prefer_reg() && !self.nodes[n as usize].must_spill() {
                self.recent_positive.push(n);
            }
        }
        !self.recent_positive.is_empty()
    }

    /// Bundles that turned to register in the last solve.
    pub fn recent_positive(&self) -> &[u32] {
        &self.recent_positive
    }

    /// Whether bundle `n` is active.
    pub fn is_active(&self, n: u32) -> bool {
        self.active.get(n as usize).copied().unwrap_or(false)
    }

    /// Finishes the query: `live` gets the bundles in a register. Whether
    /// any bundle is.
    pub fn finish(&mut self, live: &mut BundleSet, num_bundles: usize) -> bool {
        // Settle what is left.
        self.iterate();
        live.reset(num_bundles);
        for &n in &self.active_list {
            if self.nodes[n as usize].prefer_reg() {
                live.insert(n);
            }
        }
        !live.set.is_empty()
    }
}

/// A set of bundles, cleared in time proportional to its members (so a
/// query on a huge function costs what it touches, not the bundle count).
#[derive(Default, Debug)]
pub struct BundleSet {
    bits: Vec<bool>,
    set: Vec<u32>,
}

impl BundleSet {
    /// Empties the set for `n` bundles.
    pub fn reset(&mut self, n: usize) {
        for &b in &self.set {
            self.bits[b as usize] = false;
        }
        self.set.clear();
        if self.bits.len() < n {
            self.bits.resize(n, false);
        }
    }

    pub fn insert(&mut self, b: u32) {
        if !self.bits[b as usize] {
            self.bits[b as usize] = true;
            self.set.push(b);
        }
    }

    pub fn contains(&self, b: u32) -> bool {
        self.bits.get(b as usize).copied().unwrap_or(false)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// 0 -> 1 (loop header) -> 2 (body, self-edge via 1) ... a chain:
    /// 0 -> 1 -> 2 -> 3, with 2 -> 1 (a loop over 1..2).
    fn loop_cfg() -> EdgeBundles {
        let succs: Vec<Vec<u32>> = vec![vec![1], vec![2], vec![1, 3], vec![]];
        let mut eb = EdgeBundles::default();
        eb.compute(4, |b, out| out.extend_from_slice(&succs[b as usize]));
        eb
    }

    #[test]
    fn uses_pull_register_and_interference_pushes_out() {
        let eb = loop_cfg();
        let freq = [1.0, 10.0, 10.0, 1.0];
        let mut sp = SpillPlacement::default();
        // Defined in 0 (exit wants a register), used in 3 (entry wants a
        // register), the loop blocks have a call: interference all through.
        sp.prepare(eb.num_bundles(), 1.0);
        sp.add_constraints(
            &eb,
            &freq,
            &[
                BlockConstraint {
                    block: 0,
                    entry: Border::DontCare,
                    exit: Border::PrefReg,
                },
                BlockConstraint {
                    block: 3,
                    entry: Border::PrefReg,
                    exit: Border::DontCare,
                },
            ],
        );
        sp.add_pref_spill(&eb, &freq, &[1, 2], false);
        sp.scan_active_bundles();
        let mut live = BundleSet::default();
        sp.finish(&mut live, eb.num_bundles());
        // The loop's bundles (0's exit = 1's entry = 2's exit, 2's... )
        // carry frequency 10 against the use's 1: spill across the loop.
        assert!(!live.contains(eb.bundle(0, true)));
        assert!(!live.contains(eb.bundle(3, false)));

        // Without interference in the loop, links through 1 and 2 keep the
        // register everywhere.
        sp.prepare(eb.num_bundles(), 1.0);
        sp.add_constraints(
            &eb,
            &freq,
            &[
                BlockConstraint {
                    block: 0,
                    entry: Border::DontCare,
                    exit: Border::PrefReg,
                },
                BlockConstraint {
                    block: 3,
                    entry: Border::PrefReg,
                    exit: Border::DontCare,
                },
            ],
        );
        sp.add_links(&eb, &freq, &[1, 2]);
        assert!(sp.scan_active_bundles());
        assert!(sp.finish(&mut live, eb.num_bundles()));
        assert!(live.contains(eb.bundle(0, true)));
        assert!(live.contains(eb.bundle(3, false)));
        assert!(live.contains(eb.bundle(1, true)));
    }

    #[test]
    fn must_spill_wins() {
        let eb = loop_cfg();
        let freq = [1.0, 10.0, 10.0, 1.0];
        let mut sp = SpillPlacement::default();
        sp.prepare(eb.num_bundles(), 1.0);
        sp.add_constraints(
            &eb,
            &freq,
            &[
                BlockConstraint {
                    block: 1,
                    entry: Border::MustSpill,
                    exit: Border::PrefReg,
                },
                BlockConstraint {
                    block: 2,
                    entry: Border::PrefReg,
                    exit: Border::PrefReg,
                },
            ],
        );
        sp.scan_active_bundles();
        let mut live = BundleSet::default();
        sp.finish(&mut live, eb.num_bundles());
        assert!(!live.contains(eb.bundle(1, false)));
        assert!(live.contains(eb.bundle(1, true)));
    }
}
