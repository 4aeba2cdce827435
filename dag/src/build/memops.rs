//! `llvm.memcpy`, `llvm.memmove` and `llvm.memset`.
//!
//! A constant length up to a limit is expanded inline into integer loads
//! and stores of 8, 4, 2 and 1 bytes (largest first, no overlapping
//! pieces); anything else calls the C library function of the same name
//! (`memcpy(dst, src, len)`, `memset(dst, (int)byte, len)`; through the PLT
//! in PIC), as llc does.
//!
//! - memcpy interleaves each piece's load and store (the regions may not
//!   overlap), so only one value is live at a time;
//! - memmove loads every piece before the first store, which is correct
//!   for overlapping regions; its limit is lower because all pieces are
//!   live at once;
//! - memset stores the byte replicated to the piece width: a constant, or
//!   the zero-extended byte times 0x01..01 computed once at the widest
//!   width and truncated for the narrower pieces.
//!
//! The limits are llc's orders of magnitude (llc -O0 inlines copies up to
//! 32 bytes, -O2 more with vector registers, which this target does not
//! use here). The `.inline` variants must not become calls and are
//! expanded at any length up to [`MAX_FORCED`].

use super::{const_int, BResult, Builder};
use crate::lowering::IselError;
use crate::node::SDValue;
use crate::opcode::{Ext, Op};
use crate::vt::VT;
use rcc_ir::Inst;

/// Longest memcpy expanded inline (bytes).
const MAX_COPY: u64 = 64;
/// Longest memmove expanded inline: every piece is live at once.
const MAX_MOVE: u64 = 32;
/// Longest memset expanded inline.
const MAX_SET: u64 = 64;
/// Longest `memcpy.inline`/`memset.inline` this expansion accepts.
const MAX_FORCED: u64 = 4096;

/// The pieces of an `n`-byte region: (offset, bytes), largest first.
fn pieces(n: u64) -> impl Iterator<Item = (u64, u64)> {
    let mut off = 0;
    std::iter::from_fn(move || {
        let left = n - off;
        let w = [8, 4, 2, 1].into_iter().find(|&w| w <= left)?;
        let p = (off, w);
        off += w;
        Some(p)
    })
}

impl Builder<'_, '_> {
    /// Lowers call `i` of `llvm.{memcpy,memmove,memset}[.inline]` (family
    /// `fam`, full name `name`).
    pub(super) fn mem_intrinsic(&mut self, i: Inst, fam: &str, name: &str) -> BResult<()> {
        let f = self.fl.f;
        let nargs = f.call_info(i).num_args as usize;
        let args = &f.inst_ops(i)[1..1 + nargs];
        if args.len() < 4 {
            return Err(IselError::new(format!(
                "{name} with {} operands",
                args.len()
            )));
        }
        let dst = self.get(args[0])?;
        let second = self.get(args[1])?;
        let volatile = const_int(f, args[3]).unwrap_or(0) & 1 != 0;
        let set = fam.starts_with("memset");
        let forced = fam.ends_with(".inline");
        let limit = match fam {
            "memmove" => MAX_MOVE,
            _ if forced => MAX_FORCED,
            _ if set => MAX_SET,
            _ => MAX_COPY,
        };
        if let Some(n) = const_int(f, args[2]) {
            if n <= limit {
                if set {
                    self.inline_set(dst, second, n, volatile);
                } else {
                    self.inline_copy(dst, second, n, volatile, fam == "memmove");
                }
                return Ok(());
            }
        }
        if forced {
            return Err(IselError::new(format!(
                "{name} of a length that is not a constant up to {MAX_FORCED}"
            )));
        }
        let mut len = self.get(args[2])?;
        if self.dag.vt(len) != VT::I64 {
            len = self.dag.value(Op::ZeroExtend, VT::I64, &[len], 0);
        }
        let second = if set {
            self.dag.value(Op::ZeroExtend, VT::I32, &[second], 0)
        } else {
            second
        };
        let func = if set {
            "memset"
        } else if fam == "memmove" {
            "memmove"
        } else {
            "memcpy"
        };
        self.call_library(func, &[dst, second, len], &[])?;
        Ok(())
    }

    fn offset(&mut self, p: SDValue, off: u64) -> SDValue {
        if off == 0 {
            return p;
        }
        let c = self.dag.constant(VT::I64, off);
        self.dag.value(Op::Add, VT::I64, &[p, c], 0)
    }

    fn inline_copy(&mut self, dst: SDValue, src: SDValue, n: u64, volatile: bool, all_first: bool) {
        let mut loaded = Vec::new();
        for (off, w) in pieces(n) {
            let vt = VT::int(8 * w as u32).unwrap_or(VT::I8);
            let a = self.offset(src, off);
            let v = self.load(a, vt, vt.bits(), Ext::None, volatile);
            if all_first {
                loaded.push((off, v));
            } else {
                let d = self.offset(dst, off);
                self.store(v, d, volatile);
            }
        }
        for (off, v) in loaded {
            let d = self.offset(dst, off);
            self.store(v, d, volatile);
        }
    }

    fn inline_set(&mut self, dst: SDValue, byte: SDValue, n: u64, volatile: bool) {
        const REP: u64 = 0x0101_0101_0101_0101;
        let widest = pieces(n).map(|(_, w)| w).max().unwrap_or(1);
        let wvt = VT::int(8 * widest as u32).unwrap_or(VT::I8);
        let wide = match self.dag.as_const(byte) {
            Some(b) => self.dag.constant(wvt, (b & 0xff).wrapping_mul(REP)),
            None if wvt == VT::I8 => byte,
            None => {
                let z = self.dag.value(Op::ZeroExtend, wvt, &[byte], 0);
                let k = self.dag.constant(wvt, REP);
                self.dag.value(Op::Mul, wvt, &[z, k], 0)
            }
        };
        for (off, w) in pieces(n) {
            let vt = VT::int(8 * w as u32).unwrap_or(VT::I8);
            let v = if vt == wvt {
                wide
            } else {
                self.dag.value(Op::Truncate, vt, &[wide], 0)
            };
            let d = self.offset(dst, off);
            self.store(v, d, volatile);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::pieces;

    #[test]
    fn pieces_cover_the_region_largest_first() {
        let p: Vec<_> = pieces(15).collect();
        assert_eq!(p, [(0, 8), (8, 4), (12, 2), (14, 1)]);
        assert_eq!(pieces(0).count(), 0);
        assert_eq!(pieces(64).count(), 8);
    }
}
