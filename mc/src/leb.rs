//! LEB128 encoding, the one encoder for `.uleb128`/`.sleb128` fragments,
//! `.eh_frame` and `.debug_line`. Pure functions appending to a byte vector.

/// Appends the LEB128 encoding of `v`, padded to at least `min_len` bytes.
pub fn encode_leb(v: i64, signed: bool, min_len: usize, out: &mut Vec<u8>) {
    let start = out.len();
    let mut v = v;
    loop {
        let byte = (v & 0x7f) as u8;
        v = if signed {
            v >> 7
        } else {
            ((v as u64) >> 7) as i64
        };
        let done = if signed {
            (v == 0 && byte & 0x40 == 0) || (v == -1 && byte & 0x40 != 0)
        } else {
            v == 0
        };
        if done && out.len() - start + 1 >= min_len {
            out.push(byte);
            return;
        }
        out.push(byte | 0x80);
        if done {
            // Pad: continuation bytes carrying the sign (or zero) bits.
            let fill = if signed && byte & 0x40 != 0 { 0x7f } else { 0 };
            while out.len() - start + 1 < min_len {
                out.push(fill | 0x80);
            }
            out.push(fill);
            return;
        }
    }
}

/// Appends the unsigned LEB128 encoding of `v`.
pub fn uleb(out: &mut Vec<u8>, v: u64) {
    encode_leb(v as i64, false, 0, out);
}

/// Appends the signed LEB128 encoding of `v`.
pub fn sleb(out: &mut Vec<u8>, v: i64) {
    encode_leb(v, true, 0, out);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn encodes_like_dwarf() {
        let enc = |f: &dyn Fn(&mut Vec<u8>)| {
            let mut v = Vec::new();
            f(&mut v);
            v
        };
        assert_eq!(enc(&|o| uleb(o, 624485)), [0xE5, 0x8E, 0x26]);
        assert_eq!(enc(&|o| uleb(o, u64::MAX)).len(), 10);
        assert_eq!(enc(&|o| sleb(o, -123456)), [0xC0, 0xBB, 0x78]);
        assert_eq!(enc(&|o| sleb(o, -1)), [0x7F]);
        assert_eq!(enc(&|o| sleb(o, 64)), [0xC0, 0x00]);
        assert_eq!(enc(&|o| encode_leb(1, false, 3, o)), [0x81, 0x80, 0x00]);
        assert_eq!(enc(&|o| encode_leb(-1, true, 2, o)), [0xFF, 0x7F]);
    }
}
