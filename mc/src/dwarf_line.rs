//! DWARF v5 line tables from `.file N` / `.loc`: collects file entries and
//! one row per instruction that follows a `.loc`, and writes `.debug_line`
//! (plus its strings in `.debug_line_str`) once code layout is final, the
//! way llvm-mc encodes them (line_base -5, line_range 14, opcode_base 13,
//! one sequence per code section in order of first use).
//!
//! A `.loc` becomes a row at the next instruction, or where the next `.loc`
//! appears if that comes first.
//! Invariants: a row's address is a label placed just before its
//! instruction, so rows follow relaxation; file numbers are those of the
//! `.file` directives (0 is the primary source file).

use crate::expr::SymbolId;
use crate::leb::{sleb, uleb};
use crate::section::SectionId;

/// `.loc` flags.
pub mod flags {
    pub const IS_STMT: u8 = 1;
    pub const BASIC_BLOCK: u8 = 2;
    pub const PROLOGUE_END: u8 = 4;
    pub const EPILOGUE_BEGIN: u8 = 8;
}

/// One `.loc`.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Default)]
pub struct DwarfLoc {
    pub file: u32,
    pub line: u32,
    pub column: u32,
    /// [`flags`] bits.
    pub flags: u8,
    pub isa: u32,
    pub discriminator: u32,
}

/// One `.file N` entry.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct DwarfFile {
    pub dir: Option<String>,
    pub name: String,
    pub md5: Option<[u8; 16]>,
}

/// The line table being built.
#[derive(Clone, Debug, Default)]
pub struct LineTable {
    pub files: Vec<Option<DwarfFile>>,
    /// The `.loc` waiting for its instruction.
    pub pending: Option<DwarfLoc>,
    /// (section, label before the instruction, location), in emission order.
    pub rows: Vec<(SectionId, SymbolId, DwarfLoc)>,
}

const LINE_BASE: i64 = -5;
const LINE_RANGE: i64 = 14;
const OPCODE_BASE: i64 = 13;
/// The largest address advance a special opcode can encode.
const MAX_SPECIAL_ADDR_DELTA: u64 = ((255 - OPCODE_BASE) / LINE_RANGE) as u64;

/// Encodes a (line, address) advance; `line_delta == None` ends the
/// sequence.
pub(crate) fn encode_advance(out: &mut Vec<u8>, line_delta: Option<i64>, addr_delta: u64) {
    let Some(mut line_delta) = line_delta else {
        if addr_delta == MAX_SPECIAL_ADDR_DELTA {
            out.push(0x08); // DW_LNS_const_add_pc
        } else if addr_delta != 0 {
            out.push(0x02); // DW_LNS_advance_pc
            uleb(out, addr_delta);
        }
        out.extend_from_slice(&[0, 1, 1]); // DW_LNE_end_sequence
        return;
    };
    let mut tmp = line_delta - LINE_BASE;
    let mut need_copy = false;
    if tmp >= LINE_RANGE || tmp + OPCODE_BASE > 255 || tmp < 0 {
        out.push(0x03); // DW_LNS_advance_line
        sleb(out, line_delta);
        line_delta = 0;
        tmp = -LINE_BASE;
        need_copy = true;
    }
    if line_delta == 0 && addr_delta == 0 {
        out.push(0x01); // DW_LNS_copy
        return;
    }
    tmp += OPCODE_BASE;
    if addr_delta < 256 + MAX_SPECIAL_ADDR_DELTA {
        let op = tmp + addr_delta as i64 * LINE_RANGE;
        if op <= 255 {
            out.push(op as u8);
            return;
        }
        let op = tmp + (addr_delta - MAX_SPECIAL_ADDR_DELTA) as i64 * LINE_RANGE;
        if op <= 255 {
            out.push(0x08);
            out.push(op as u8);
            return;
        }
    }
    out.push(0x02);
    uleb(out, addr_delta);
    out.push(if need_copy { 0x01 } else { tmp as u8 });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn special_opcodes_match_llvm() {
        let mut v = Vec::new();
        encode_advance(&mut v, Some(2), 0);
        assert_eq!(v, [0x14]);
        v.clear();
        encode_advance(&mut v, Some(2), 16);
        assert_eq!(v, [0xf4]);
        v.clear();
        encode_advance(&mut v, Some(0), 1);
        assert_eq!(v, [0x20]);
        v.clear();
        encode_advance(&mut v, None, 1);
        assert_eq!(v, [0x02, 1, 0, 1, 1]);
    }
}
