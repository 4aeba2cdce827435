//! Edge bundles (LLVM's `EdgeBundles`): every block has an entry node and
//! an exit node; a block's exit node and each successor's entry node are
//! the same *bundle*. A live range is in a register or not on all the
//! edges of one bundle, so split decisions are made per bundle.
//!
//! Owns: per block its two bundle numbers and, per bundle, the blocks that
//! touch it (CSR lists), reused across functions.
//!
//! Invariants: bundles are numbered densely from 0 in order of first
//! appearance (block 0's entry is bundle 0); `blocks(b)` lists each block
//! at most once per side, sorted.

#[derive(Default, Debug)]
pub struct EdgeBundles {
    /// Per block: `[entry bundle, exit bundle]`.
    of: Vec<[u32; 2]>,
    /// Union-find parents over the `2 * blocks` nodes.
    parent: Vec<u32>,
    starts: Vec<u32>,
    list: Vec<u32>,
    num: u32,
}

impl EdgeBundles {
    fn find(&mut self, mut x: u32) -> u32 {
        while self.parent[x as usize] != x {
            let p = self.parent[self.parent[x as usize] as usize];
            self.parent[x as usize] = p;
            x = p;
        }
        x
    }

    /// Computes the bundles of a CFG of `n` blocks, named by layout
    /// position; `succs(b, out)` appends the successors of `b` to `out`.
    pub fn compute(&mut self, n: usize, mut succs: impl FnMut(u32, &mut Vec<u32>)) {
        self.parent.clear();
        self.parent.extend(0..2 * n as u32);
        let mut tmp = Vec::new();
        for b in 0..n as u32 {
            tmp.clear();
            succs(b, &mut tmp);
            for &s in &tmp {
                let (x, y) = (self.find(2 * b + 1), self.find(2 * s));
                if x != y {
                    let (lo, hi) = (x.min(y), x.max(y));
                    self.parent[hi as usize] = lo;
                }
            }
        }
        // Dense numbering in node order.
        let mut number = vec![u32::MAX; 2 * n];
        self.num = 0;
        self.of.clear();
        for node in 0..2 * n as u32 {
            let r = self.find(node) as usize;
            if number[r] == u32::MAX {
                number[r] = self.num;
                self.num += 1;
            }
            let bundle = number[r];
            if node % 2 == 0 {
                self.of.push([bundle, 0]);
            } else {
                self.of[(node / 2) as usize][1] = bundle;
            }
        }
        // Blocks per bundle.
        self.starts.clear();
        self.starts.resize(self.num as usize + 1, 0);
        for &[i, o] in &self.of {
            self.starts[i as usize + 1] += 1;
            if o != i {
                self.starts[o as usize + 1] += 1;
            }
        }
        for k in 1..self.starts.len() {
            self.starts[k] += self.starts[k - 1];
        }
        self.list.clear();
        self.list
            .resize(*self.starts.last().unwrap_or(&0) as usize, 0);
        let mut fill: Vec<u32> = self.starts[..self.num as usize].to_vec();
        for (b, &[i, o]) in self.of.iter().enumerate() {
            self.list[fill[i as usize] as usize] = b as u32;
            fill[i as usize] += 1;
            if o != i {
                self.list[fill[o as usize] as usize] = b as u32;
                fill[o as usize] += 1;
            }
        }
    }

    /// The bundle of block `b`'s entry (`out == false`) or exit.
    pub fn bundle(&self, b: u32, out: bool) -> u32 {
        self.of[b as usize][usize::from(out)]
    }

    pub fn num_bundles(&self) -> usize {
        self.num as usize
    }

    /// The blocks whose entry or exit is bundle `x`.
    pub fn blocks(&self, x: u32) -> &[u32] {
        &self.list[self.starts[x as usize] as usize..self.starts[x as usize + 1] as usize]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn diamond_and_loop() {
        // 0 -> 1, 2; 1 -> 3; 2 -> 3; 3 -> 3 (self loop), 4.
        let succs: Vec<Vec<u32>> = vec![vec![1, 2], vec![3], vec![3], vec![3, 4], vec![]];
        let mut eb = EdgeBundles::default();
        eb.compute(5, |b, out| out.extend_from_slice(&succs[b as usize]));
        // 0's exit joins 1's and 2's entries.
        assert_eq!(eb.bundle(0, true), eb.bundle(1, false));
        assert_eq!(eb.bundle(0, true), eb.bundle(2, false));
        // 1's and 2's exits join 3's entry, which the self loop joins to
        // 3's exit and so to 4's entry.
        let x = eb.bundle(3, false);
        assert_eq!(eb.bundle(1, true), x);
        assert_eq!(eb.bundle(2, true), x);
        assert_eq!(eb.bundle(3, true), x);
        assert_eq!(eb.bundle(4, false), x);
        assert_ne!(eb.bundle(0, false), eb.bundle(0, true));
        assert_eq!(eb.bundle(0, false), 0);
        // Entry of 0, exit of 0, the join, exit of 4.
        assert_eq!(eb.num_bundles(), 4);
        assert_eq!(eb.blocks(x), &[1, 2, 3, 4]);
        assert_eq!(eb.blocks(eb.bundle(0, true)), &[0, 1, 2]);
    }
}
