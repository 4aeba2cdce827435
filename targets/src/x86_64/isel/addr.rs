//! The x86 addressing-mode matcher (LLVM's `X86DAGToDAGISel::matchAddress`,
//! simplified): folds an address value into `base + index*scale + disp`,
//! where the base is a register, a frame object or RIP (with a symbol
//! displacement), from trees of `add` (and `or disjoint`), `shl`/`mul`
//! by 1/2/4/8, constants, frame indexes and symbols; a scaled `(x + c)`
//! index puts `c * scale` in the displacement.
//!
//! The operands of an `add` are tried in both orders, as LLVM's
//! `matchAdd` does: `(base + i*size) + j*4` whose left side fills base and
//! index in the first order folds `j*4` first in the second, and the left
//! side becomes the base register.
//!
//! It always succeeds: whatever cannot be folded becomes the base or index
//! register. Interior nodes are taken apart whatever their number of uses,
//! as LLVM's matcher does: an `add` or scaling `shl` another user also
//! needs is computed for it anyway, and repeating it inside an addressing
//! mode costs nothing (a `shl` by 1-3 is always a scale). An index scaled
//! by 2 without a base becomes base and index (`(%rax,%rax)`: no 32-bit
//! displacement, LLVM's post-processing step).
//! Every folded offset fits its field (LLVM's `foldOffsetIntoAddress`):
//! a displacement without a symbol stays within `i32`; with one (the
//! symbol's own addend included) it is a small-code-model symbolic
//! displacement, `-2^31 <= d < 16 MiB` ([`symbolic_disp_ok`]); an offset
//! that does not fit is a register (`movabsq`), and a RIP-relative
//! address takes no other constant: the `add` tries its other order,
//! where the symbol becomes the base register. Only symbols without a relocation
//! variant fold (a `@GOTPCREL` symbol is a load, not an address), and
//! `@DTPOFF` ones, which are constants (non-RIP displacements). A
//! RIP-relative address has no index register: when one is needed, the
//! symbol becomes the base register instead (its own `leaq sym(%rip)`),
//! as in `leaq tab(%rip), %rcx ; movl (%rcx,%rax,4), %eax`.
//!
//! A local-exec thread-local (`TlsAddress` with `@TPOFF`) in an accessed
//! address folds as `%fs:x@TPOFF(base, index)` (the FS segment base is the
//! thread pointer), as llc does; never in a `lea` address
//! ([`match_addr`]'s `segment_ok`), which ignores segments.

use crate::x86_64::sym_flags;
use rcc_dag::{Dag, Op, SDValue, Segment};
use rcc_mach::{FrameIdx, MachFunction, SymFlag};

/// The base of an address.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Base {
    None,
    Reg(SDValue),
    Frame(FrameIdx),
    /// RIP-relative (with `sym` set).
    Rip,
}

/// A matched address.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct AddrMode {
    pub base: Base,
    pub scale: u8,
    pub index: Option<SDValue>,
    pub disp: i64,
    /// A symbol-operand index of the function (`mf.syms`).
    pub sym: Option<u32>,
    /// The `Symbol` node of a RIP-relative `sym`, to demote it to a base
    /// register when an index is needed.
    pub sym_node: Option<SDValue>,
    /// Relative to the FS segment (a local-exec `sym@TPOFF`).
    pub fs: bool,
    /// The segment of a load or store through address space 256, 257 or
    /// 258 (set by the matcher from the access, [`AddrMode::set_segment`]).
    pub segment: Segment,
}

impl AddrMode {
    pub const EMPTY: AddrMode = AddrMode {
        base: Base::None,
        scale: 1,
        index: None,
        disp: 0,
        sym: None,
        sym_node: None,
        fs: false,
        segment: Segment::None,
    };

    /// The address `[reg]`.
    pub fn reg(v: SDValue) -> AddrMode {
        AddrMode {
            base: Base::Reg(v),
            ..AddrMode::EMPTY
        }
    }

    /// Whether computing this address with `lea` beats the plain
    /// arithmetic (LLVM's `selectLEAAddr` rule: base 1, frame or symbol 4,
    /// index 1, a scale 1 more, a displacement 1; worth it above 2).
    pub fn lea_worthy(&self) -> bool {
        if self.sym.is_some() {
            return true;
        }
        let mut c = match self.base {
            Base::None => 0,
            Base::Reg(_) => 1,
            Base::Frame(_) | Base::Rip => 4,
        };
        if self.index.is_some() {
            c += 1;
        }
        if self.scale > 1 {
            c += 1;
        }
        if self.disp != 0 {
            c += 1;
        }
        c > 2
    }

    /// Puts the address in segment `seg`; false when it is already
    /// relative to one (a thread-local's `%fs:`).
    pub fn set_segment(&mut self, seg: Segment) -> bool {
        if seg == Segment::None {
            return true;
        }
        if self.fs || self.segment != Segment::None {
            return false;
        }
        self.segment = seg;
        true
    }

    /// The values the address reads from registers.
    pub fn regs(&self) -> impl Iterator<Item = SDValue> {
        let b = match self.base {
            Base::Reg(v) => Some(v),
            _ => None,
        };
        b.into_iter().chain(self.index)
    }
}

/// Whether an address of shape `am` folds into one x86 memory operand
/// (LLVM's `X86TargetLowering::isLegalAddressingMode`, for the DAG
/// builder's address sinking): a 32-bit displacement, at most two
/// registers of which at most one scaled, by 2, 4 or 8. A symbol or frame
/// base takes the base register's place: a frame object is `%rsp`/`%rbp`,
/// and a RIP-relative symbol combined with a register is its own `lea`
/// (which every block may recompute).
pub fn legal_shape(am: &rcc_dag::AddrShape) -> bool {
    let scales = &am.scales[..am.terms as usize];
    let scaled = scales.iter().filter(|&&s| s != 1).count();
    i32::try_from(am.offset).is_ok()
        && scales.iter().all(|&s| matches!(s, 1 | 2 | 4 | 8))
        && scaled <= 1
        && am.terms as usize + am.free_bases as usize <= 2
}

/// Whether `d` may be the displacement beside a symbol, its addend
/// included (LLVM's `isOffsetSuitableForCodeModel` for a symbolic
/// displacement in the small code model: every object is assumed to end
/// 16 MiB below the 2 GiB boundary, so a positive offset of 16 MiB or more
/// may leave the signed 32-bit range the relocation has).
pub fn symbolic_disp_ok(d: i64) -> bool {
    (-(1i64 << 31)..(16 << 20)).contains(&d)
}

/// Whether `d` may be the displacement beside a frame object, whose own
/// offset frame lowering adds later (LLVM's `isDispSafeForFrameIndex`:
/// 31 bits, assuming frame offsets fit 31 bits too).
fn frame_disp_ok(d: i64) -> bool {
    (-(1i64 << 30)..(1 << 30)).contains(&d)
}

/// Whether displacement `d` fits address `am` (with its symbol's addend).
fn disp_ok(mf: &MachFunction, am: &AddrMode, d: i64) -> bool {
    match am.sym.and_then(|i| mf.syms.get(i as usize)) {
        Some(s) => s.offset.checked_add(d).is_some_and(symbolic_disp_ok),
        None if matches!(am.base, Base::Frame(_)) => frame_disp_ok(d),
        None => i32::try_from(d).is_ok(),
    }
}

/// Whether symbol `i` may join address `am`, whose displacement is
/// `am.disp`.
fn sym_ok(mf: &MachFunction, am: &AddrMode, i: u32) -> bool {
    let with = AddrMode {
        sym: Some(i),
        ..*am
    };
    disp_ok(mf, &with, am.disp)
}

/// Sign-extends a constant node's payload from its type.
pub fn const_value(dag: &Dag, v: SDValue) -> Option<i64> {
    let p = dag.as_const(v)?;
    let bits = dag.vt(v).bits().clamp(1, 64);
    let sh = 64 - bits;
    Some(((p << sh) as i64) >> sh)
}

/// Matches the address `v`; `segment_ok`: the address is accessed (not a
/// `lea`), so a thread-local may fold in as an FS-relative displacement.
pub fn match_addr(dag: &Dag, mf: &MachFunction, v: SDValue, segment_ok: bool) -> AddrMode {
    let mut am = AddrMode::EMPTY;
    if !go(dag, mf, v, &mut am, 0, segment_ok) {
        am = AddrMode::reg(v);
    }
    if let (Base::None, 2, Some(i)) = (am.base, am.scale, am.index) {
        am.base = Base::Reg(i);
        am.scale = 1;
    }
    am
}

fn go(dag: &Dag, mf: &MachFunction, v: SDValue, am: &mut AddrMode, depth: u32, seg: bool) -> bool {
    let n = v.node();
    if depth > 6 {
        return as_reg(v, am);
    }
    match dag.op_of(v) {
        Op::Constant => {
            let d = am.disp.checked_add(const_value(dag, v).unwrap_or(0));
            match d {
                Some(d) if disp_ok(mf, am, d) => {
                    am.disp = d;
                    true
                }
                // A RIP-relative address merges only constants that fit
                // (LLVM's matchAddressRecursively): fail, so that the
                // `add` tries the other order.
                _ if am.base == Base::Rip => false,
                _ => as_reg(v, am),
            }
        }
        Op::Symbol => {
            let i = dag.payload(n) as u32;
            let plain = mf
                .syms
                .get(i as usize)
                .is_some_and(|s| s.flag == SymFlag::NONE);
            let dtpoff = mf
                .syms
                .get(i as usize)
                .is_some_and(|s| s.flag == sym_flags::DTPOFF);
            if plain
                && am.base == Base::None
                && am.index.is_none()
                && am.sym.is_none()
                && sym_ok(mf, am, i)
            {
                am.base = Base::Rip;
                am.sym = Some(i);
                am.sym_node = Some(v);
                true
            } else if dtpoff
                && matches!(am.base, Base::None | Base::Reg(_))
                && am.sym.is_none()
                && sym_ok(mf, am, i)
            {
                // A 32-bit constant (the offset in the TLS block): a
                // plain displacement.
                am.sym = Some(i);
                true
            } else {
                as_reg(v, am)
            }
        }
        Op::TlsAddress
            if seg
                && am.sym.is_none()
                && matches!(am.base, Base::None | Base::Reg(_))
                && mf
                    .syms
                    .get(dag.payload(n) as usize)
                    .is_some_and(|s| s.flag == sym_flags::TPOFF)
                && sym_ok(mf, am, dag.payload(n) as u32) =>
        {
            am.sym = Some(dag.payload(n) as u32);
            am.fs = true;
            true
        }
        Op::FrameIndex
            if am.base == Base::None && am.sym.is_none() && !am.fs && frame_disp_ok(am.disp) =>
        {
            am.base = Base::Frame(FrameIdx::from_u32(dag.payload(n) as u32));
            true
        }
        Op::Add | Op::Or if add_like(dag, v) => {
            let save = *am;
            let ops = dag.operands(n);
            let (a, b) = (ops[0], ops[1]);
            if go(dag, mf, a, am, depth + 1, seg) && go(dag, mf, b, am, depth + 1, seg) {
                return true;
            }
            // The other order (LLVM's matchAdd): `(base + i*size) + j*4`
            // with the index already taken by `i*size` folds `j*4` first
            // and leaves `base + i*size` as the base register.
            *am = save;
            if go(dag, mf, b, am, depth + 1, seg) && go(dag, mf, a, am, depth + 1, seg) {
                return true;
            }
            *am = save;
            as_reg(v, am)
        }
        Op::Shl | Op::Mul if am.index.is_none() => {
            let ops = dag.operands(n);
            let c = const_value(dag, ops[1]);
            let scale = match (dag.op_of(v), c) {
                (Op::Shl, Some(s @ 0..=3)) => 1u8 << s,
                (Op::Mul, Some(m @ (1 | 2 | 4 | 8))) => m as u8,
                // `x * 3` is `x + x * 2` (5, 9 likewise) while the base is
                // free (LLVM's MatchAddress for MUL_IMM).
                (Op::Mul, Some(m @ (3 | 5 | 9))) if am.base == Base::None && am.sym.is_none() => {
                    am.base = Base::Reg(ops[0]);
                    am.index = Some(ops[0]);
                    am.scale = m as u8 - 1;
                    return true;
                }
                _ => return as_reg(v, am),
            };
            if am.base == Base::Rip {
                demote_rip(am);
            }
            // `(x + c) * scale`: index x, and c * scale in the
            // displacement.
            let mut index = ops[0];
            if add_like(dag, index) {
                let inner = dag.operands(index.node());
                if let Some(c) = const_value(dag, inner[1]) {
                    let d = c
                        .checked_mul(scale as i64)
                        .and_then(|cs| cs.checked_add(am.disp))
                        .filter(|&d| disp_ok(mf, am, d));
                    if let Some(d) = d {
                        am.disp = d;
                        index = inner[0];
                    }
                }
            }
            am.index = Some(index);
            am.scale = scale;
            true
        }
        _ => as_reg(v, am),
    }
}

/// Whether `v` is a sum: an `add`, or an `or` of operands with no common
/// set bit (the IR's `or disjoint`, LLVM's `isADDLike`), which clang
/// writes for `a[i | 1]` after aligning `i`.
fn add_like(dag: &Dag, v: SDValue) -> bool {
    match dag.op_of(v) {
        Op::Add => true,
        Op::Or => dag.payload(v.node()) & rcc_dag::opcode::OR_DISJOINT != 0,
        _ => false,
    }
}

/// Makes a RIP-relative symbol the base register, freeing the index.
fn demote_rip(am: &mut AddrMode) {
    if let (Base::Rip, Some(s)) = (am.base, am.sym_node) {
        am.base = Base::Reg(s);
        am.sym = None;
        am.sym_node = None;
    }
}

/// Takes `v` as the base or, failing that, the index register.
fn as_reg(v: SDValue, am: &mut AddrMode) -> bool {
    demote_rip(am);
    if am.base == Base::None {
        am.base = Base::Reg(v);
        true
    } else if am.index.is_none() && am.base != Base::Rip {
        am.index = Some(v);
        am.scale = 1;
        true
    } else {
        false
    }
}

#[cfg(test)]
mod tests {
    use super::legal_shape;
    use rcc_dag::AddrShape;

    fn shape(scales: &[u64], free_bases: u8, offset: i64) -> AddrShape {
        let mut s = AddrShape {
            terms: scales.len() as u8,
            free_bases,
            offset,
            ..AddrShape::default()
        };
        s.scales[..scales.len()].copy_from_slice(scales);
        s
    }

    #[test]
    fn legal_shapes_are_one_memory_operand() {
        assert!(legal_shape(&shape(&[1, 8], 0, 80)));
        assert!(legal_shape(&shape(&[8], 1, -4)));
        assert!(legal_shape(&shape(&[], 1, 0)));
        assert!(legal_shape(&shape(&[2], 0, i32::MAX as i64)));
        // Three registers, two scaled indices, scale 3 or 24, a 33-bit
        // displacement, a symbol with two registers.
        assert!(!legal_shape(&shape(&[1, 1, 1], 0, 0)));
        assert!(!legal_shape(&shape(&[4, 8], 0, 0)));
        assert!(!legal_shape(&shape(&[3], 0, 0)));
        assert!(!legal_shape(&shape(&[24], 0, 0)));
        assert!(!legal_shape(&shape(&[1], 0, 1 << 32)));
        assert!(!legal_shape(&shape(&[1, 4], 1, 0)));
    }
}
