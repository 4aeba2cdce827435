//! Branch probabilities (LLVM's `BranchProbability`): a numerator over the
//! fixed denominator 2^31, one per successor edge of a machine block.
//!
//! Invariants: a known probability is at most [`BranchProb::DENOM`]; the
//! probabilities of one block's successors, when known, sum to about
//! `DENOM` ([`BranchProb::normalize`] makes them sum to it exactly up to
//! the rounding LLVM allows, one unit per successor). A block whose
//! probabilities are not known has none stored and is treated as an even
//! distribution ([`BranchProb::even`]), as LLVM's MachineBasicBlock does.

use std::fmt;

/// A probability `n / 2^31`.
#[derive(Copy, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Default)]
pub struct BranchProb(pub u32);

impl BranchProb {
    /// The denominator (LLVM's `BranchProbability::D`).
    pub const DENOM: u32 = 1 << 31;
    /// Certainty.
    pub const ONE: BranchProb = BranchProb(Self::DENOM);
    /// Never.
    pub const ZERO: BranchProb = BranchProb(0);

    /// `n / d`, rounded to nearest (`d > 0`; values are clamped to one).
    pub fn new(n: u64, d: u64) -> BranchProb {
        if d == 0 || n >= d {
            return Self::ONE;
        }
        let v = (n as u128 * Self::DENOM as u128 + d as u128 / 2) / d as u128;
        BranchProb(v.min(Self::DENOM as u128) as u32)
    }

    /// One of `n` equally likely successors (LLVM's
    /// `getBranchProbability(1, n)`).
    pub fn even(n: usize) -> BranchProb {
        Self::new(1, n.max(1) as u64)
    }

    /// The numerator.
    #[inline]
    pub fn raw(self) -> u32 {
        self.0
    }

    /// As a fraction in `[0, 1]`.
    #[inline]
    pub fn to_f64(self) -> f64 {
        self.0 as f64 / Self::DENOM as f64
    }

    /// Probabilities proportional to `masses` (64-bit weights or masses),
    /// written to `out` (cleared first); all zero gives an even
    /// distribution. The result sums to `DENOM` within one unit per entry.
    pub fn from_masses(masses: &[u64], out: &mut Vec<BranchProb>) {
        out.clear();
        let sum: u128 = masses.iter().map(|&m| m as u128).sum();
        if sum == 0 {
            out.extend(std::iter::repeat_n(Self::even(masses.len()), masses.len()));
            return;
        }
        out.extend(masses.iter().map(|&m| {
            let v = (m as u128 * Self::DENOM as u128 + sum / 2) / sum;
            BranchProb(v as u32)
        }));
    }

    /// Rescales `probs` so that they sum to `DENOM` (LLVM's
    /// `normalizeProbabilities`).
    pub fn normalize(probs: &mut [BranchProb]) {
        let masses: Vec<u64> = probs.iter().map(|p| p.0 as u64).collect();
        let mut out = Vec::with_capacity(probs.len());
        Self::from_masses(&masses, &mut out);
        probs.copy_from_slice(&out);
    }

    /// Whether `probs` sum to `DENOM` within the rounding LLVM's verifier
    /// allows (one unit per entry).
    pub fn sums_to_one(probs: &[BranchProb]) -> bool {
        let sum: u64 = probs.iter().map(|p| p.0 as u64).sum();
        sum.abs_diff(Self::DENOM as u64) <= probs.len() as u64
    }
}

impl fmt::Display for BranchProb {
    /// The MIR spelling, `0x40000000`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:#010x}", self.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn weights_become_probabilities_as_in_llvm() {
        assert_eq!(BranchProb::new(1, 2), BranchProb(0x4000_0000));
        assert_eq!(BranchProb::even(3), BranchProb(0x2aaa_aaab));
        let mut out = Vec::new();
        BranchProb::from_masses(&[2000, 1], &mut out);
        // 2000/2001 of 2^31, rounded.
        assert_eq!(out, [BranchProb(0x7fef_9fcb), BranchProb(0x0010_6035)]);
        assert!(BranchProb::sums_to_one(&out));
        BranchProb::from_masses(&[0, 0, 0], &mut out);
        assert!(BranchProb::sums_to_one(&out));
        assert_eq!(format!("{}", BranchProb(0x800)), "0x00000800");
    }

    #[test]
    fn a_bad_sum_is_detected() {
        assert!(!BranchProb::sums_to_one(&[BranchProb(0x4000_0000)]));
        assert!(BranchProb::sums_to_one(&[BranchProb::ONE]));
    }
}
