//! Inline-asm templates in LLVM's spelling (`"movl ${1:k}, $0"`), parsed
//! into text and operand references for the AT&T variant.
//!
//! Syntax (as llc reads an AT&T-dialect template): `$$` is a `$`; `$N`,
//! `${N}` and `${N:m}` reference operand `N` with modifier letter `m`;
//! `${:uid}`, `${:comment}` and `${:private}` are the special strings;
//! `$(` .. `$|` .. `$)` hold dialect variants, of which the first (AT&T)
//! is kept; `$|` outside a group is `|` and `$)` outside one is `}` (GCC's
//! reading). Operand references inside a dropped variant are still
//! checked. Invariants of a parsed [`Template`]: text pieces are never
//! empty and never adjacent; every operand number is below the count given
//! to [`parse_template`]. Errors are [`TemplateError`]s, never panics.

use std::fmt;

/// One piece of a template.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Piece {
    Text(String),
    /// Operand `n` printed with the optional modifier letter.
    Operand {
        n: u32,
        modifier: Option<char>,
    },
    /// `${:uid}`: a number unique to this asm statement in the module.
    Uid,
    /// `${:comment}`: the assembler's comment string.
    Comment,
    /// `${:private}`: the private label prefix.
    Private,
}

/// A parsed template.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct Template {
    pub pieces: Vec<Piece>,
}

/// A malformed template; `offset` is a byte offset into the template.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum TemplateError {
    /// `$` followed by something that is not a number, `{`, `$`, `(`, `|`, `)`.
    BadDollar { offset: usize },
    /// `${` without a closing `}` or with junk inside.
    BadBraces { offset: usize },
    /// An operand number at or beyond the operand count.
    OperandOutOfRange { offset: usize, n: u64, count: usize },
    /// A modifier longer than one letter.
    BadModifier { offset: usize, modifier: String },
    /// `${:name}` with an unknown name.
    UnknownSpecial { offset: usize, name: String },
    /// `$(` inside a variant group.
    NestedVariant { offset: usize },
    /// A variant group never closed by `$)`.
    UnterminatedVariant,
}

impl fmt::Display for TemplateError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TemplateError::BadDollar { offset } => {
                write!(f, "bad '$' operand reference at offset {offset}")
            }
            TemplateError::BadBraces { offset } => {
                write!(f, "bad '${{...}}' reference at offset {offset}")
            }
            TemplateError::OperandOutOfRange { offset, n, count } => write!(
                f,
                "operand ${n} at offset {offset} does not exist (the asm has {count} operands)"
            ),
            TemplateError::BadModifier { offset, modifier } => {
                write!(
                    f,
                    "unknown operand modifier '{modifier}' at offset {offset}"
                )
            }
            TemplateError::UnknownSpecial { offset, name } => {
                write!(f, "unknown '${{:{name}}}' at offset {offset}")
            }
            TemplateError::NestedVariant { offset } => {
                write!(f, "nested '$(' variant group at offset {offset}")
            }
            TemplateError::UnterminatedVariant => write!(f, "'$(' variant group without '$)'"),
        }
    }
}

impl std::error::Error for TemplateError {}

/// Parses `s` (escapes already decoded) for an asm with `count` operands.
pub fn parse_template(s: &str, count: usize) -> Result<Template, TemplateError> {
    let b = s.as_bytes();
    let mut t = Template::default();
    // None: outside a group; Some(k): in variant k (0 is AT&T, kept).
    let mut variant: Option<u32> = None;
    let mut i = 0;
    let mut text_start = 0;
    while i < b.len() {
        if b[i] != b'$' {
            i += 1;
            continue;
        }
        let keep = variant.is_none_or(|v| v == 0);
        if keep {
            push_text(&mut t, &s[text_start..i]);
        }
        let at = i;
        i += 1;
        let piece = match b.get(i) {
            Some(b'$') => {
                i += 1;
                Some(Piece::Text("$".into()))
            }
            Some(b'(') => {
                i += 1;
                if variant.is_some() {
                    return Err(TemplateError::NestedVariant { offset: at });
                }
                variant = Some(0);
                None
            }
            Some(b'|') => {
                i += 1;
                match &mut variant {
                    Some(v) => {
                        *v += 1;
                        None
                    }
                    None => Some(Piece::Text("|".into())),
                }
            }
            Some(b')') => {
                i += 1;
                match variant.take() {
                    Some(_) => None,
                    None => Some(Piece::Text("}".into())),
                }
            }
            Some(b'{') => {
                let end = s[i..]
                    .find('}')
                    .map(|e| i + e)
                    .ok_or(TemplateError::BadBraces { offset: at })?;
                let inner = &s[i + 1..end];
                i = end + 1;
                Some(braced(inner, at, count)?)
            }
            Some(c) if c.is_ascii_digit() => {
                let start = i;
                while b.get(i).is_some_and(|c| c.is_ascii_digit()) {
                    i += 1;
                }
                Some(operand(&s[start..i], None, at, count)?)
            }
            _ => return Err(TemplateError::BadDollar { offset: at }),
        };
        let keep = keep && variant.is_none_or(|v| v == 0);
        if let Some(p) = piece.filter(|_| keep) {
            match p {
                Piece::Text(x) => push_text(&mut t, &x),
                p => t.pieces.push(p),
            }
        }
        text_start = i;
    }
    if variant.is_some() {
        return Err(TemplateError::UnterminatedVariant);
    }
    push_text(&mut t, &s[text_start..]);
    Ok(t)
}

fn push_text(t: &mut Template, s: &str) {
    if s.is_empty() {
        return;
    }
    if let Some(Piece::Text(prev)) = t.pieces.last_mut() {
        prev.push_str(s);
    } else {
        t.pieces.push(Piece::Text(s.to_string()));
    }
}

/// The inside of `${...}`.
fn braced(inner: &str, at: usize, count: usize) -> Result<Piece, TemplateError> {
    if let Some(name) = inner.strip_prefix(':') {
        return match name {
            "uid" => Ok(Piece::Uid),
            "comment" => Ok(Piece::Comment),
            "private" => Ok(Piece::Private),
            _ => Err(TemplateError::UnknownSpecial {
                offset: at,
                name: name.to_string(),
            }),
        };
    }
    let (num, modifier) = match inner.split_once(':') {
        Some((n, m)) => (n, Some(m)),
        None => (inner, None),
    };
    if num.is_empty() || !num.bytes().all(|c| c.is_ascii_digit()) {
        return Err(TemplateError::BadBraces { offset: at });
    }
    let modifier = match modifier {
        None => None,
        Some(m) => {
            let mut cs = m.chars();
            match (cs.next(), cs.next()) {
                (Some(c), None) if c.is_ascii_alphabetic() => Some(c),
                _ => {
                    return Err(TemplateError::BadModifier {
                        offset: at,
                        modifier: m.to_string(),
                    })
                }
            }
        }
    };
    operand(num, modifier, at, count)
}

fn operand(
    num: &str,
    modifier: Option<char>,
    at: usize,
    count: usize,
) -> Result<Piece, TemplateError> {
    // Digits only, so the parse can fail only by overflow: saturate.
    let n = num.parse::<u64>().unwrap_or(u64::MAX);
    if n >= count as u64 {
        return Err(TemplateError::OperandOutOfRange {
            offset: at,
            n,
            count,
        });
    }
    Ok(Piece::Operand {
        n: n as u32,
        modifier,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn text(s: &str) -> Piece {
        Piece::Text(s.into())
    }

    #[test]
    fn operands_and_modifiers() {
        let t = parse_template("movl ${1:k}, $0 # $$5 ${0}", 2).unwrap();
        assert_eq!(
            t.pieces,
            vec![
                text("movl "),
                Piece::Operand {
                    n: 1,
                    modifier: Some('k')
                },
                text(", "),
                Piece::Operand {
                    n: 0,
                    modifier: None
                },
                text(" # $5 "),
                Piece::Operand {
                    n: 0,
                    modifier: None
                },
            ]
        );
    }

    #[test]
    fn variants_keep_att() {
        let t = parse_template("$(movl $0, %eax$|mov eax, $0$) $| $)", 1).unwrap();
        assert_eq!(
            t.pieces,
            vec![
                text("movl "),
                Piece::Operand {
                    n: 0,
                    modifier: None
                },
                text(", %eax | }"),
            ]
        );
    }

    #[test]
    fn specials() {
        let t = parse_template("${:comment} L${:uid} ${:private}x", 0).unwrap();
        assert_eq!(
            t.pieces,
            vec![
                Piece::Comment,
                text(" L"),
                Piece::Uid,
                text(" "),
                Piece::Private,
                text("x")
            ]
        );
    }

    #[test]
    fn errors() {
        use TemplateError::*;
        assert_eq!(parse_template("$x", 1), Err(BadDollar { offset: 0 }));
        assert_eq!(parse_template("a $", 1), Err(BadDollar { offset: 2 }));
        assert_eq!(parse_template("${0", 1), Err(BadBraces { offset: 0 }));
        assert_eq!(parse_template("${a}", 1), Err(BadBraces { offset: 0 }));
        assert!(matches!(
            parse_template("$2", 2),
            Err(OperandOutOfRange { n: 2, .. })
        ));
        assert!(matches!(
            parse_template("$99999999999999999999999", 2),
            Err(OperandOutOfRange { .. })
        ));
        assert!(matches!(
            parse_template("${0:kq}", 1),
            Err(BadModifier { .. })
        ));
        assert!(matches!(
            parse_template("${:foo}", 1),
            Err(UnknownSpecial { .. })
        ));
        assert_eq!(
            parse_template("$( $( $)", 1),
            Err(NestedVariant { offset: 3 })
        );
        assert_eq!(parse_template("$( a", 1), Err(UnterminatedVariant));
        // References in a dropped variant are still checked.
        assert!(parse_template("$(a$|$5$)", 1).is_err());
    }
}
