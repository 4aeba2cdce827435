//! The partition of a switch's sorted case clusters into jump tables and
//! single clusters, as LLVM's `SwitchLowering::findJumpTables` chooses it,
//! in O(n log n) instead of its O(n²) double loop.
//!
//! The choice (LLVM's, kept exactly): for each suffix `cl[i..]`, the fewest
//! partitions, then the highest score (a lone cluster scores 2; a run scores
//! 1 unless it has exactly 3 clusters), ties going to a lone cluster, then
//! to the longest run. A run `cl[i..=j]` is allowed when its case values
//! fill at least `density` percent of its range.
//!
//! How it is fast: a run is allowed iff `key(j) >= threshold(i)` with
//! `key(j) = 100·cases[j+1] − density·hi_j` and `threshold(i) =
//! 100·cases[i] − density·lo_i + density`, so the allowed ends of runs
//! from `i` are the `j` whose key reaches a bound. Walking `i` downwards,
//! each `j` is entered into a Fenwick tree over key ranks holding the best
//! `(−parts, score, j)` of runs ending at `j`; one prefix-maximum query
//! per `i` finds the best run. Runs of 2 and 3 clusters (whose score
//! depends on their length) are checked directly.
//!
//! Invariants: the result equals the double loop's for every input (a
//! test compares them on random inputs); `last[i]` is the last cluster of
//! the partition starting at `i`.

/// Score of a lone cluster.
const SINGLE: u32 = 2;
/// Score of a run of clusters other than exactly three.
const RUN: u32 = 1;

/// A cluster as the partition sees it: its value range and case count.
#[derive(Copy, Clone, Debug)]
pub(super) struct Span {
    pub lo: i64,
    pub hi: i64,
    pub cases: u128,
}

/// For each `i`, the last cluster of the partition starting at `i` in the
/// best partition of `cl[i..]` (`i` itself for a lone cluster).
pub(super) fn partition(cl: &[Span], density: u128) -> Vec<usize> {
    let n = cl.len();
    let mut cases = vec![0u128; n + 1];
    for i in 0..n {
        cases[i + 1] = cases[i] + cl[i].cases;
    }
    let d = density as i128;
    let key = |j: usize| 100 * cases[j + 1] as i128 - d * cl[j].hi as i128;
    let threshold = |i: usize| 100 * cases[i] as i128 - d * cl[i].lo as i128 + d;
    // Key ranks, largest key first: the allowed j of a query are a prefix.
    let mut order: Vec<usize> = (0..n).collect();
    order.sort_by_key(|&j| std::cmp::Reverse(key(j)));
    let mut rank = vec![0usize; n];
    for (r, &j) in order.iter().enumerate() {
        rank[j] = r;
    }
    let sorted_keys: Vec<i128> = order.iter().map(|&j| key(j)).collect();
    // best[i] = (parts, score, last) of cl[i..]; best[n] = (0, 0, n).
    let mut best = vec![(0u32, 0u32, 0usize); n + 1];
    best[n] = (0, 0, n);
    let mut tree = MaxTree::new(n);
    for i in (0..n).rev() {
        // Runs ending at j >= i + 3 score RUN whatever their start.
        if i + 3 < n {
            let j = i + 3;
            let (p, s, _) = best[j + 1];
            tree.raise(rank[j], (-((p + 1) as i64), s + RUN, j));
        }
        let mut top = (best[i + 1].0 + 1, best[i + 1].1 + SINGLE, i);
        let th = threshold(i);
        let consider = |parts: u32, score: u32, j: usize, top: &mut (u32, u32, usize)| {
            let better = parts < top.0 || (parts == top.0 && score > top.1);
            // Among equals the double loop keeps the longer run (it visits
            // longer runs first), but never displaces the lone cluster.
            let longer = parts == top.0 && score == top.1 && top.2 != i && j > top.2;
            if better || longer {
                *top = (parts, score, j);
            }
        };
        // The tree's candidates, then the short runs (checked directly).
        let allowed = sorted_keys.partition_point(|&k| k >= th);
        if let Some((neg_parts, score, j)) = tree.prefix_max(allowed) {
            consider((-neg_parts) as u32, score, j, &mut top);
        }
        for j in [i + 2, i + 1] {
            if j < n && key(j) >= th {
                let (p, s, _) = best[j + 1];
                let score = s + if j == i + 2 { 0 } else { RUN };
                consider(p + 1, score, j, &mut top);
            }
        }
        best[i] = top;
    }
    best[..n].iter().map(|b| b.2).collect()
}

/// A Fenwick tree of prefix maxima over ranks `0..n`.
struct MaxTree {
    nodes: Vec<Option<(i64, u32, usize)>>,
}

impl MaxTree {
    fn new(n: usize) -> MaxTree {
        MaxTree {
            nodes: vec![None; n + 1],
        }
    }

    /// Raises the value at rank `r` to at least `v`.
    fn raise(&mut self, r: usize, v: (i64, u32, usize)) {
        let mut k = r + 1;
        while k < self.nodes.len() {
            if self.nodes[k].is_none_or(|x| v > x) {
                self.nodes[k] = Some(v);
            }
            k += k & k.wrapping_neg();
        }
    }

    /// The maximum over ranks `0..len`.
    fn prefix_max(&self, len: usize) -> Option<(i64, u32, usize)> {
        let mut k = len;
        let mut out: Option<(i64, u32, usize)> = None;
        while k > 0 {
            if let Some(v) = self.nodes[k] {
                if out.is_none_or(|x| v > x) {
                    out = Some(v);
                }
            }
            k -= k & k.wrapping_neg();
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The double loop of LLVM's `findJumpTables`, as rcc had it.
    fn reference(cl: &[Span], density: u128) -> Vec<usize> {
        let n = cl.len();
        let mut cases = vec![0u128; n + 1];
        for i in 0..n {
            cases[i + 1] = cases[i] + cl[i].cases;
        }
        let span = |lo: i64, hi: i64| (hi as i128 - lo as i128 + 1) as u128;
        let fits = |i: usize, j: usize| {
            (cases[j + 1] - cases[i]) * 100 >= span(cl[i].lo, cl[j].hi) * density
        };
        let mut best = vec![(0u32, 0u32, 0usize); n + 1];
        best[n] = (0, 0, n);
        for i in (0..n).rev() {
            best[i] = (best[i + 1].0 + 1, best[i + 1].1 + SINGLE, i);
            for j in (i + 1..n).rev() {
                if !fits(i, j) {
                    continue;
                }
                let entries = j - i + 1;
                let score = best[j + 1].1 + if entries == 3 { 0 } else { RUN };
                let parts = best[j + 1].0 + 1;
                if parts < best[i].0 || (parts == best[i].0 && score > best[i].1) {
                    best[i] = (parts, score, j);
                }
            }
        }
        best[..n].iter().map(|b| b.2).collect()
    }

    /// A deterministic pseudo-random sequence (xorshift).
    fn rng(seed: u64) -> impl FnMut() -> u64 {
        let mut x = seed | 1;
        move || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        }
    }

    #[test]
    fn equals_the_double_loop() {
        let mut next = rng(0x5eed);
        for round in 0..3000 {
            let n = (next() % 40) as usize + 1;
            let mut v = (next() % 50) as i64 - 25;
            let mut cl = Vec::new();
            for _ in 0..n {
                // Gaps from none to wide, ranges of one to a few values.
                let gap = match next() % 4 {
                    0 => 1,
                    1 => (next() % 3) as i64 + 1,
                    2 => (next() % 20) as i64 + 1,
                    _ => (next() % 400) as i64 + 1,
                };
                let lo = v + gap;
                let hi = lo + (next() % 3) as i64;
                cl.push(Span {
                    lo,
                    hi,
                    cases: (hi - lo + 1) as u128,
                });
                v = hi;
            }
            for density in [10u128, 40] {
                assert_eq!(
                    partition(&cl, density),
                    reference(&cl, density),
                    "round {round}: {cl:?}"
                );
            }
        }
    }

    #[test]
    fn extreme_values_do_not_overflow() {
        let cl = [
            Span {
                lo: i64::MIN,
                hi: i64::MIN,
                cases: 1,
            },
            Span {
                lo: 0,
                hi: 3,
                cases: 4,
            },
            Span {
                lo: i64::MAX - 1,
                hi: i64::MAX,
                cases: 2,
            },
        ];
        assert_eq!(partition(&cl, 10), reference(&cl, 10));
    }
}
