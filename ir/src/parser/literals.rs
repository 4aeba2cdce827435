//! Numeric literals: integers of any width and floating-point constants.
//! Pure functions from token text to bits, shared by the module and body
//! parsers. Out-of-range values are errors, never silently truncated.

use crate::types::Type;

/// An integer literal's bits, zero-extended to the type's width.
#[derive(Debug, PartialEq, Eq)]
pub enum IntBits {
    Small(u64),
    /// Little-endian words, `ceil(width / 64)` of them.
    Big(Vec<u64>),
}

fn words_for(bits: u32) -> usize {
    (bits as usize).div_ceil(64)
}

fn mask_top(words: &mut [u64], bits: u32) {
    let r = bits % 64;
    if r != 0 {
        if let Some(last) = words.last_mut() {
            *last &= (1u64 << r) - 1;
        }
    }
}

fn negate(words: &mut [u64]) {
    let mut carry = 1u128;
    for w in words.iter_mut() {
        let v = (!*w) as u128 + carry;
        *w = v as u64;
        carry = v >> 64;
    }
}

/// Whether `mag` (a magnitude) is below `2^bits`.
fn below_pow2(mag: &[u64], bits: u32) -> bool {
    let n = bits as usize;
    for (i, &w) in mag.iter().enumerate() {
        let lo = i * 64;
        if lo >= n {
            if w != 0 {
                return false;
            }
        } else if n - lo < 64 && (w >> (n - lo)) != 0 {
            return false;
        }
    }
    true
}

/// Whether `mag <= 2^(bits-1)`.
fn at_most_half(mag: &[u64], bits: u32) -> bool {
    if below_pow2(mag, bits - 1) {
        return true;
    }
    // Exactly 2^(bits-1)?
    let k = (bits - 1) as usize;
    mag.iter().enumerate().all(|(i, &w)| {
        let expect = if i == k / 64 { 1u64 << (k % 64) } else { 0 };
        w == expect
    })
}

fn finish(mut mag: Vec<u64>, neg: bool, bits: u32) -> Result<IntBits, String> {
    let ok = if neg {
        at_most_half(&mag, bits)
    } else {
        below_pow2(&mag, bits)
    };
    if !ok {
        return Err(format!("integer constant does not fit in i{bits}"));
    }
    mag.resize(words_for(bits).max(mag.len()), 0);
    mag.truncate(words_for(bits));
    if neg {
        negate(&mut mag);
    }
    mask_top(&mut mag, bits);
    Ok(if bits <= 64 {
        IntBits::Small(mag[0])
    } else {
        IntBits::Big(mag)
    })
}

/// Parses a decimal literal (maybe negative) as an `i{bits}` constant.
pub fn parse_decimal(text: &str, bits: u32) -> Result<IntBits, String> {
    let (neg, digits) = match text.strip_prefix('-') {
        Some(d) => (true, d),
        None => (false, text.strip_prefix('+').unwrap_or(text)),
    };
    let digits = digits.trim_start_matches('0');
    if bits <= 64 && digits.len() <= 19 {
        // Fast path: fits in u64 without overflow.
        let mag = digits.bytes().fold(0u64, |a, d| a * 10 + (d - b'0') as u64);
        let ok = if neg {
            bits == 64 && mag <= 1 << 63 || bits < 64 && mag <= 1u64 << (bits - 1)
        } else {
            bits == 64 || mag >> bits == 0
        };
        if !ok {
            return Err(format!("integer constant does not fit in i{bits}"));
        }
        let v = if neg { mag.wrapping_neg() } else { mag };
        let v = if bits == 64 {
            v
        } else {
            v & ((1u64 << bits) - 1)
        };
        return Ok(IntBits::Small(v));
    }
    // log2(10) < 3.33: more digits than this cannot fit.
    if digits.len() as u64 > (bits as u64 * 31) / 100 + 2 {
        return Err(format!("integer constant does not fit in i{bits}"));
    }
    let mut mag: Vec<u64> = vec![0; words_for(bits).max(1) + 1];
    for d in digits.bytes() {
        let mut carry = (d - b'0') as u128;
        for w in mag.iter_mut() {
            let v = (*w as u128) * 10 + carry;
            *w = v as u64;
            carry = v >> 64;
        }
        if carry != 0 {
            return Err(format!("integer constant does not fit in i{bits}"));
        }
    }
    finish(mag, neg, bits)
}

/// Parses `s0x...` / `u0x...` as an `i{bits}` constant. A signed literal is
/// sign-extended from its digit count.
pub fn parse_hex_int(text: &str, bits: u32) -> Result<IntBits, String> {
    let signed = text.starts_with('s');
    let hex = &text[3..];
    let hex = hex.trim_start_matches('0');
    if hex.len() > words_for(bits) * 16 {
        return Err(format!("integer constant does not fit in i{bits}"));
    }
    let mut mag: Vec<u64> = vec![0; words_for(bits).max(1)];
    for (i, ch) in hex.bytes().rev().enumerate() {
        let v = (ch as char).to_digit(16).unwrap_or(0) as u64;
        mag[i / 16] |= v << ((i % 16) * 4);
    }
    let width = (text.len() - 3) as u32 * 4;
    let neg = signed && width > 0 && {
        let top = width - 1;
        (top as usize) < mag.len() * 64 && (mag[top as usize / 64] >> (top % 64)) & 1 == 1
    };
    if neg {
        // Magnitude of the width-bit two's-complement value.
        let mut m = mag.clone();
        let nw = (width as usize).div_ceil(64);
        m.truncate(nw);
        negate(&mut m);
        mask_top(&mut m, width);
        return finish(m, true, bits);
    }
    finish(mag, false, bits)
}

/// A float literal's bits.
#[derive(Debug, PartialEq, Eq)]
pub enum FloatBits {
    /// Up to 64 bits.
    Small(u64),
    /// `[low, high]`.
    Big([u64; 2]),
}

fn f64_to_f32_exact(d: f64) -> Option<u32> {
    let f = d as f32;
    (f as f64 == d || d.is_nan()).then(|| if d.is_nan() { nan_f32(d) } else { f.to_bits() })
}

fn nan_f32(d: f64) -> u32 {
    let b = d.to_bits();
    let sign = ((b >> 63) as u32) << 31;
    let payload = ((b >> 29) & 0x7F_FFFF) as u32;
    sign | 0x7F80_0000 | payload.max(1) | (payload & 0x40_0000)
}

/// Converts a double to a 16-bit format with `exp_bits` exponent bits and
/// `man_bits` mantissa bits, if exact.
fn f64_to_small_exact(d: f64, exp_bits: u32, man_bits: u32) -> Option<u64> {
    let b = d.to_bits();
    let sign = b >> 63;
    let exp = ((b >> 52) & 0x7FF) as i64;
    let man = b & ((1u64 << 52) - 1);
    let bias = (1i64 << (exp_bits - 1)) - 1;
    let top = (1u64 << exp_bits) - 1;
    let out = |e: u64, m: u64| (sign << (exp_bits + man_bits)) | (e << man_bits) | m;
    if exp == 0x7FF {
        let m = man >> (52 - man_bits);
        if man != 0 {
            return Some(out(top, m.max(1)));
        }
        return Some(out(top, 0));
    }
    if exp == 0 && man == 0 {
        return Some(out(0, 0));
    }
    if exp == 0 {
        return None; // double subnormals are far below any 16-bit range
    }
    let e = exp - 1023 + bias;
    let shift = 52 - man_bits;
    if e >= top as i64 {
        return None;
    }
    if e > 0 {
        if man & ((1u64 << shift) - 1) != 0 {
            return None;
        }
        return Some(out(e as u64, man >> shift));
    }
    // Subnormal in the target format.
    let full = man | (1u64 << 52);
    let s = shift as i64 + 1 - e;
    if s >= 64 || full & ((1u64 << s) - 1) != 0 {
        return None;
    }
    Some(out(0, full >> s))
}

/// Converts a double to x86 extended precision bits (always exact).
fn f64_to_x87(d: f64) -> [u64; 2] {
    let b = d.to_bits();
    let sign = b >> 63;
    let exp = ((b >> 52) & 0x7FF) as i64;
    let man = b & ((1u64 << 52) - 1);
    let (e, m) = if exp == 0x7FF {
        (0x7FFF, (1u64 << 63) | (man << 11))
    } else if exp == 0 && man == 0 {
        (0, 0)
    } else if exp == 0 {
        let lz = man.leading_zeros() as i64 - 11;
        let e = 1 - 1023 - lz + 16383;
        (e as u64, (man << (11 + lz)) | (1u64 << 63))
    } else {
        ((exp - 1023 + 16383) as u64, (1u64 << 63) | (man << 11))
    };
    [m, (sign << 15) | e]
}

/// Converts a double to IEEE quad bits (always exact).
fn f64_to_quad(d: f64) -> [u64; 2] {
    let b = d.to_bits();
    let sign = b >> 63;
    let exp = ((b >> 52) & 0x7FF) as i64;
    let man = b & ((1u64 << 52) - 1);
    let (e, m) = if exp == 0x7FF {
        (0x7FFFu64, (man as u128) << 60)
    } else if exp == 0 && man == 0 {
        (0, 0)
    } else if exp == 0 {
        let lz = man.leading_zeros() as i64 - 11;
        let e = 1 - 1023 - lz + 16383;
        let m = ((man << (lz + 1)) & ((1u64 << 52) - 1)) as u128;
        (e as u64, m << 60)
    } else {
        ((exp - 1023 + 16383) as u64, (man as u128) << 60)
    };
    let hi = (sign << 63) | (e << 48) | (m >> 64) as u64;
    [m as u64, hi]
}

fn hex_u64(s: &str) -> Result<u64, String> {
    if s.len() > 16 {
        return Err("hexadecimal constant too long".into());
    }
    u64::from_str_radix(s, 16).map_err(|_| "invalid hexadecimal constant".into())
}

/// Parses a float literal for the floating-point type `fmt`.
pub fn parse_float(text: &str, fmt: Type) -> Result<FloatBits, String> {
    use Type as F;
    let bad = || Err(format!("floating-point constant invalid for type {fmt:?}"));
    if let Some(rest) = text.strip_prefix("0x") {
        let tag = rest.as_bytes().first().copied().unwrap_or(b'0');
        let (tag, digits) = if matches!(tag, b'K' | b'L' | b'M' | b'H' | b'R') {
            (tag, &rest[1..])
        } else {
            (0, rest)
        };
        return match (tag, fmt) {
            (0, F::Double) => Ok(FloatBits::Small(hex_u64(digits)?)),
            (0, F::Float) => match f64_to_f32_exact(f64::from_bits(hex_u64(digits)?)) {
                Some(b) => Ok(FloatBits::Small(b as u64)),
                None => bad(),
            },
            (0, F::Half) => f64_to_small_exact(f64::from_bits(hex_u64(digits)?), 5, 10)
                .map(FloatBits::Small)
                .map_or_else(bad, Ok),
            (0, F::BFloat) => f64_to_small_exact(f64::from_bits(hex_u64(digits)?), 8, 7)
                .map(FloatBits::Small)
                .map_or_else(bad, Ok),
            (0, F::X86Fp80) => Ok(FloatBits::Big(f64_to_x87(f64::from_bits(hex_u64(digits)?)))),
            (0, F::Fp128) => Ok(FloatBits::Big(f64_to_quad(f64::from_bits(hex_u64(
                digits,
            )?)))),
            (b'H', F::Half) | (b'R', F::BFloat) if digits.len() <= 4 => {
                Ok(FloatBits::Small(hex_u64(digits)?))
            }
            (b'K', F::X86Fp80) if digits.len() <= 20 => {
                let split = digits.len().saturating_sub(16);
                let hi = if split == 0 {
                    0
                } else {
                    hex_u64(&digits[..split])?
                };
                Ok(FloatBits::Big([hex_u64(&digits[split..])?, hi]))
            }
            (b'L', F::Fp128) | (b'M', F::PpcFp128) if digits.len() == 32 => Ok(FloatBits::Big([
                hex_u64(&digits[..16])?,
                hex_u64(&digits[16..])?,
            ])),
            _ => bad(),
        };
    }
    let d: f64 = match text.parse() {
        Ok(d) => d,
        Err(_) => return bad(),
    };
    match fmt {
        F::Double => Ok(FloatBits::Small(d.to_bits())),
        F::Float => {
            let f: f32 = text.parse().map_err(|_| "invalid float".to_string())?;
            if f as f64 != d {
                return bad();
            }
            Ok(FloatBits::Small(f.to_bits() as u64))
        }
        F::Half => f64_to_small_exact(d, 5, 10)
            .map(FloatBits::Small)
            .map_or_else(bad, Ok),
        F::BFloat => f64_to_small_exact(d, 8, 7)
            .map(FloatBits::Small)
            .map_or_else(bad, Ok),
        F::X86Fp80 => Ok(FloatBits::Big(f64_to_x87(d))),
        F::Fp128 => Ok(FloatBits::Big(f64_to_quad(d))),
        F::PpcFp128 => Ok(FloatBits::Big([d.to_bits(), 0])),
        _ => bad(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decimal_ints() {
        assert_eq!(parse_decimal("255", 8), Ok(IntBits::Small(255)));
        assert_eq!(parse_decimal("-1", 8), Ok(IntBits::Small(255)));
        assert_eq!(parse_decimal("-128", 8), Ok(IntBits::Small(128)));
        assert!(parse_decimal("256", 8).is_err());
        assert!(parse_decimal("-129", 8).is_err());
        assert_eq!(parse_decimal("-1", 1), Ok(IntBits::Small(1)));
        assert_eq!(
            parse_decimal("-1", 128),
            Ok(IntBits::Big(vec![u64::MAX, u64::MAX]))
        );
        assert_eq!(
            parse_decimal("18446744073709551616", 128),
            Ok(IntBits::Big(vec![0, 1]))
        );
        assert!(parse_decimal("99999999999999999999999999999999999999999", 64).is_err());
    }

    #[test]
    fn hex_ints() {
        assert_eq!(parse_hex_int("u0xFF", 8), Ok(IntBits::Small(255)));
        assert_eq!(parse_hex_int("s0xF", 8), Ok(IntBits::Small(255)));
        assert_eq!(
            parse_hex_int("u0x10000000000000000", 128),
            Ok(IntBits::Big(vec![0, 1]))
        );
    }

    #[test]
    fn floats() {
        assert_eq!(
            parse_float("1.5", Type::Float),
            Ok(FloatBits::Small(1.5f32.to_bits() as u64))
        );
        assert!(parse_float("0.1", Type::Float).is_err());
        assert_eq!(
            parse_float("0x3FF0000000000000", Type::Float),
            Ok(FloatBits::Small(1.0f32.to_bits() as u64))
        );
        assert_eq!(
            parse_float("0xH3C00", Type::Half),
            Ok(FloatBits::Small(0x3C00))
        );
        assert_eq!(parse_float("1.0", Type::Half), Ok(FloatBits::Small(0x3C00)));
        assert_eq!(
            parse_float("0xK3FFF8000000000000000", Type::X86Fp80),
            Ok(FloatBits::Big([1 << 63, 0x3FFF]))
        );
        assert_eq!(
            parse_float("1.0", Type::X86Fp80),
            Ok(FloatBits::Big([1 << 63, 0x3FFF]))
        );
        assert_eq!(
            parse_float("1.0", Type::Fp128),
            Ok(FloatBits::Big([0, 0x3FFF << 48]))
        );
    }
}
