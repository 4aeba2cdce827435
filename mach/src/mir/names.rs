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
use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

/// The reverse tables of one target.
pub struct Names {
    opcodes: HashMap<&'static str, MOpc>,
    regs: HashMap<&'static str, PReg>,
    classes: Vec<(&'static str, RegClassId)>,
    subregs: Vec<(&'static str, u8)>,
    sym_flags: Vec<(&'static str, SymFlag)>,
    dwarf: HashMap<&'static str, u16>,
}

/// Largest DWARF register number looked up.
const MAX_DWARF: u16 = 1024;

/// What identifies a target's tables in the cache.
type Key = (usize, u16, usize, usize);

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
    let mut map = HashMap::new();
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
        static CACHE: OnceLock<Mutex<Vec<(Key, Arc<Names>)>>> = OnceLock::new();
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
        let classes = (0..t.num_classes().min(256))
            .map(|c| (t.class_name(RegClassId(c as u8)), RegClassId(c as u8)))
            .collect();
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
