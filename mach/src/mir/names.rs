//! Reverse name lookups for MIR reading, built once per target from its
//! forward tables (`TargetInfo::inst_name`, `reg_name`, `class_name`,
//! `subreg_name`, `sym_flag_name`, `dwarf_reg_name`) and cached.
//!
//! Invariant: a name maps to the value whose forward name it is; a name the
//! forward table gives to several values (a fallback such as `?`) is left
//! out, so it never reads back as an arbitrary one of them.

use crate::func::SymFlag;
use crate::reg::{PReg, RegClassId};
use crate::target::{MOpc, TargetInfo};
use std::collections::HashMap as StdMap;
use std::hash::{BuildHasher, Hasher};
use std::sync::{Arc, Mutex, OnceLock};

/// A fast multiplicative hash for short names (the reader looks one up
/// per instruction and register operand; SipHash's DoS resistance buys
/// nothing for tables built from a target's own names).
#[derive(Copy, Clone, Default)]
pub(crate) struct FxBuild;

pub(crate) struct Fx(u64);

const SEED: u64 = 0x51_7c_c1_b7_27_22_0a_95;

impl Hasher for Fx {
    #[inline]
    fn write(&mut self, bytes: &[u8]) {
        let mut h = self.0;
        let mut chunks = bytes.chunks_exact(8);
        for c in &mut chunks {
            let w = u64::from_le_bytes([c[0], c[1], c[2], c[3], c[4], c[5], c[6], c[7]]);
            h = (h.rotate_left(5) ^ w).wrapping_mul(SEED);
        }
        for &b in chunks.remainder() {
            h = (h.rotate_left(5) ^ b as u64).wrapping_mul(SEED);
        }
        self.0 = h;
    }
    #[inline]
    fn write_u8(&mut self, b: u8) {
        self.0 = (self.0.rotate_left(5) ^ b as u64).wrapping_mul(SEED);
    }
    #[inline]
    fn finish(&self) -> u64 {
        self.0
    }
}

impl BuildHasher for FxBuild {
    type Hasher = Fx;
    #[inline]
    fn build_hasher(&self) -> Fx {
        Fx(0)
    }
}

/// A map keyed by names, with [`FxBuild`].
pub(crate) type HashMap<K, V> = StdMap<K, V, FxBuild>;

/// The reverse tables of one target.
pub struct Names {
    opcodes: HashMap<&'static str, MOpc>,
    regs: HashMap<&'static str, PReg>,
    classes: Vec<(&'static str, RegClassId)>,
    /// Lowercase class names (as the writer spells them).
    class_lower: HashMap<String, RegClassId>,
    subregs: Vec<(&'static str, u8)>,
    sym_flags: Vec<(&'static str, SymFlag)>,
    dwarf: HashMap<&'static str, u16>,
}

/// Largest DWARF register number looked up.
const MAX_DWARF: u16 = 1024;

/// What identifies a target's tables in the cache.
type Key = (usize, u16, usize, usize);

/// The tables built so far, by target.
type Cache = Vec<(Key, Arc<Names>)>;

fn key(t: &dyn TargetInfo) -> Key {
    let first = if t.num_opcodes() > 0 {
        t.inst_name(0).as_ptr() as usize
    } else {
        0
    };
    (first, t.num_opcodes(), t.num_regs(), t.num_classes())
}

/// Inserts every `(name, value)` once; names given twice are dropped.
fn unique<V: Copy>(items: impl Iterator<Item = (&'static str, V)>) -> HashMap<&'static str, V> {
    let mut map = HashMap::default();
    let mut dup = Vec::new();
    for (n, v) in items {
        if map.insert(n, v).is_some() {
            dup.push(n);
        }
    }
    for n in dup {
        map.remove(n);
    }
    map
}

impl Names {
    /// The tables of `t`, built on first use.
    pub fn for_target(t: &dyn TargetInfo) -> Arc<Names> {
        static CACHE: OnceLock<Mutex<Cache>> = OnceLock::new();
        let k = key(t);
        let cache = CACHE.get_or_init(|| Mutex::new(Vec::new()));
        let mut c = match cache.lock() {
            Ok(c) => c,
            Err(p) => p.into_inner(),
        };
        if let Some((_, n)) = c.iter().find(|(kk, _)| *kk == k) {
            return n.clone();
        }
        let n = Arc::new(Names::build(t));
        c.push((k, n.clone()));
        n
    }

    fn build(t: &dyn TargetInfo) -> Names {
        let generic = (0..MOpc::NUM_GENERIC).map(|g| (MOpc(g).name(t), MOpc(g)));
        let target = (0..t.num_opcodes()).map(|o| (t.inst_name(o), MOpc::target(o)));
        let opcodes = unique(generic.chain(target));
        let regs = unique((1..t.num_regs().min(u16::MAX as usize)).map(|r| {
            let p = rcc_mc::Reg(r as u16);
            (t.reg_name(p), p)
        }));
        let classes: Vec<(&'static str, RegClassId)> = (0..t.num_classes().min(256))
            .map(|c| (t.class_name(RegClassId(c as u8)), RegClassId(c as u8)))
            .collect();
        let mut class_lower = HashMap::default();
        for &(n, c) in classes.iter().rev() {
            class_lower.insert(n.to_ascii_lowercase(), c);
        }
        let subregs = unique((0..15u8).map(|i| (t.subreg_name(i), i)))
            .into_iter()
            .collect();
        let sym_flags = unique((1..=255u8).map(|f| (t.sym_flag_name(SymFlag(f)), SymFlag(f))))
            .into_iter()
            .collect();
        let dwarf = unique((0..MAX_DWARF).filter_map(|n| Some((t.dwarf_reg_name(n)?, n))));
        Names {
            opcodes,
            regs,
            classes,
            class_lower,
            subregs,
            sym_flags,
            dwarf,
        }
    }

    /// The opcode named `s` (generic or target).
    pub fn opcode(&self, s: &str) -> Option<MOpc> {
        self.opcodes.get(s).copied()
    }

    /// The physical register named `s` (without `$`).
    pub fn reg(&self, s: &str) -> Option<PReg> {
        self.regs.get(s).copied()
    }

    /// The register class named `s`, case-insensitively.
    pub fn class(&self, s: &str) -> Option<RegClassId> {
        if let Some(&c) = self.class_lower.get(s) {
            return Some(c);
        }
        self.classes
            .iter()
            .find(|(n, _)| n.eq_ignore_ascii_case(s))
            .map(|&(_, c)| c)
    }

    /// The sub-register index named `s`.
    pub fn subreg(&self, s: &str) -> Option<u8> {
        self.subregs.iter().find(|(n, _)| *n == s).map(|&(_, i)| i)
    }

    /// The symbol-operand flag named `s`.
    pub fn sym_flag(&self, s: &str) -> Option<SymFlag> {
        self.sym_flags
            .iter()
            .find(|(n, _)| *n == s)
            .map(|&(_, f)| f)
    }

    /// The DWARF number of the register named `s` (without `$`).
    pub fn dwarf(&self, s: &str) -> Option<u16> {
        self.dwarf.get(s).copied()
    }
}
