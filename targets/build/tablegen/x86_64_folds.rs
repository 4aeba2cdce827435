//! The memory-operand folding table of x86-64, derived from the instruction
//! rows (what LLVM's `X86FoldTablesEmitter` derives from its records): for
//! a form with a register operand at descriptor index `k`, the form of the
//! same mnemonic whose operand `k` is a sized memory operand with the same
//! role and whose every other operand, implicit register, feature and
//! side-effect attribute is identical (`ADD32rr r32:rw,r32` ->
//! `ADD32rm r32:rw,m32` for `k = 1`, `ADD32mr m32:rw,r32` for `k = 0`).
//!
//! Invariants of the table: the role decides the kind of fold (a use is a
//! load, a def a store, a tied `rw` operand a read-modify-write); a def or
//! a tied operand is folded only when the memory operand is exactly as wide
//! as the register (the store must write what a reload reads); a use may
//! read fewer bytes than the register holds (the low part: `addss x,m32`
//! reads what `addss x,x` reads of its source), never more. Forms whose
//! memory variant means something else are excluded by name
//! ([`EXCLUDED`]); `movss`/`movsd` between registers merge the low lane
//! while the loads zero the rest, which the role rule already rejects
//! (`x:rw` against `x:w`). Alignment is not in the table: the consumer
//! checks the slot (16- and 32-byte accesses need a slot aligned to them).

use super::core::Row;

/// Row-name prefixes never folded (LLVM's fold tables leave all of them
/// out): `xchg` with memory is implicitly locked; `xadd`/`cmpxchg` are
/// atomic only as the memory-only `LOCK_` forms; `push`/`pop` move the
/// stack pointer the slot's address is relative to; the multi-byte `nop`s
/// are padding; `insertps` selects the source lane with its immediate,
/// which the memory form ignores.
const EXCLUDED: [&str; 10] = [
    "XCHG",
    "XADD",
    "CMPXCHG",
    "LOCK_",
    "PUSH",
    "POP64",
    "POP16",
    "NOOP",
    "INSERTPS",
    "VINSERTPS",
];

/// Whether the row is a bit test with a register bit offset: with memory
/// that offset addresses a bit string beyond the operand, so `bt m, r` is
/// not `bt r, r` on a loaded value.
fn is_register_bit_test(r: &Row) -> bool {
    r.mnemonic.starts_with("bt")
        && r.operands
            .iter()
            .skip(1)
            .any(|o| reg_bits(split(o).0).is_some())
}

/// Attributes that do not change what an instruction computes (LLVM's
/// fold tables ignore them too).
fn semantic_attrs(r: &Row) -> Vec<&str> {
    let mut v: Vec<&str> = r
        .attrs
        .iter()
        .map(String::as_str)
        .filter(|a| {
            !matches!(
                *a,
                "commutable" | "cheap" | "remat" | "gotrelax" | "load" | "store"
            ) && !["relax=", "imm1=", "alt=", "intel="]
                .iter()
                .any(|p| a.starts_with(p))
        })
        .collect();
    v.sort_unstable();
    v
}

/// Width in bits of a register operand kind.
fn reg_bits(kind: &str) -> Option<u32> {
    Some(match kind {
        "r8" | "r8x" => 8,
        "r16" => 16,
        "r32" => 32,
        "r64" | "r64tc" => 64,
        "x" => 128,
        "y" => 256,
        _ => return None,
    })
}

/// Width in bits of a sized memory operand kind.
fn mem_bits(kind: &str) -> Option<u32> {
    Some(match kind {
        "m8" => 8,
        "m16" => 16,
        "m32" => 32,
        "m64" => 64,
        "m128" => 128,
        "m256" => 256,
        _ => return None,
    })
}

fn split(o: &str) -> (&str, &str) {
    o.split_once(':').unwrap_or((o, "r"))
}

fn foldable_row(r: &Row) -> bool {
    !EXCLUDED.iter().any(|p| r.name.starts_with(p))
        && !is_register_bit_test(r)
        && !r.enc.iter().any(|e| e == "Pseudo" || e == "LOCK")
}

/// One derived entry: register form, descriptor operand index, memory
/// form, bytes the memory form accesses, and the role of the operand
/// (`r`, `w` or `rw`).
pub struct Fold {
    pub reg_form: usize,
    pub operand: usize,
    pub mem_form: usize,
    pub bytes: u32,
    pub role: &'static str,
}

/// Derives the table, sorted by (register form, operand).
pub fn derive(rows: &[Row]) -> Vec<Fold> {
    use std::collections::HashMap;
    let mut by_mnemonic: HashMap<&str, Vec<usize>> = HashMap::new();
    for (i, r) in rows.iter().enumerate() {
        by_mnemonic.entry(r.mnemonic.as_str()).or_default().push(i);
    }
    let mut out = Vec::new();
    for (ri, r) in rows.iter().enumerate() {
        if !foldable_row(r) {
            continue;
        }
        let attrs = semantic_attrs(r);
        for (k, opnd) in r.operands.iter().enumerate() {
            let (kind, role) = split(opnd);
            let Some(rbits) = reg_bits(kind) else {
                continue;
            };
            let found = by_mnemonic[r.mnemonic.as_str()].iter().find_map(|&mi| {
                let m = &rows[mi];
                if mi == ri || m.operands.len() != r.operands.len() || !foldable_row(m) {
                    return None;
                }
                let (mkind, mrole) = split(&m.operands[k]);
                let mb = mem_bits(mkind)?;
                let width_ok = if role == "r" {
                    mb <= rbits
                } else {
                    mb == rbits
                };
                let others_same = (0..r.operands.len())
                    .filter(|&j| j != k)
                    .all(|j| r.operands[j] == m.operands[j]);
                (mrole == role && width_ok && others_same && semantic_attrs(m) == attrs)
                    .then_some((mi, mb))
            });
            if let Some((mi, mb)) = found {
                out.push(Fold {
                    reg_form: ri,
                    operand: k,
                    mem_form: mi,
                    bytes: mb / 8,
                    role: match role {
                        "w" => "w",
                        "rw" => "rw",
                        _ => "r",
                    },
                });
            }
        }
    }
    out
}
