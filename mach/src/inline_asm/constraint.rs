//! Inline-asm constraint strings (`"=r,=&r,0,*m,{ax},~{memory}"`) parsed
//! into target-independent [`Constraint`]s, in the order written.
//!
//! Invariants of a parsed list: every entry has at least one code; a
//! clobber's only code is a register name (`~{rax}`, `~{memory}`); a tied
//! code names an earlier output that is not indirect, and only inputs are
//! tied; outputs come before inputs (LLVM's rule, which numbers template
//! operands in list order, clobbers excluded). Which letters and register
//! names exist is the target's business; nothing here panics on bad text,
//! every problem is a [`ConstraintError`].

use std::fmt;

/// Whether a constraint is an output, an input or a clobber.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum ConstraintKind {
    Output,
    Input,
    Clobber,
}

/// One code of a constraint.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Code {
    /// A single-letter class such as `r`, `m`, `i`, `q`.
    Letter(char),
    /// A register name in braces, without them (`ax`, `rdi`, `memory`).
    Reg(Box<str>),
    /// The same location as output number `n` (an input only).
    Tied(u32),
}

/// One comma-separated entry of a constraint string.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Constraint {
    pub kind: ConstraintKind,
    /// `&`: written before all inputs are read.
    pub early_clobber: bool,
    /// `*`: the operand is a pointer to the location (`=*m`, `*m`).
    pub indirect: bool,
    /// The alternatives' codes (`rm` is two codes).
    pub codes: Vec<Code>,
}

impl Constraint {
    /// Whether the constraint allows code `c`.
    pub fn allows(&self, c: char) -> bool {
        self.codes.contains(&Code::Letter(c))
    }

    /// The tied output, if this is a tied input.
    pub fn tied(&self) -> Option<u32> {
        self.codes.iter().find_map(|c| match c {
            Code::Tied(n) => Some(*n),
            _ => None,
        })
    }

    /// The register named in braces, if any.
    pub fn reg_name(&self) -> Option<&str> {
        self.codes.iter().find_map(|c| match c {
            Code::Reg(r) => Some(&**r),
            _ => None,
        })
    }
}

/// A malformed constraint string.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum ConstraintError {
    /// Entry `k` has no code (`"=r,,r"`, `"="`).
    Empty(usize),
    /// Entry `k` has a `{` without `}`.
    UnterminatedBrace(usize),
    /// Entry `k` uses a feature not supported (`|` alternatives, `!`).
    Unsupported(usize, String),
    /// Entry `k` is tied to `n`, which is not an earlier direct output.
    BadTie(usize, u32),
    /// Entry `k` is tied to output `n`, which an earlier input is tied to.
    TiedTwice(usize, u32),
    /// Entry `k` is an output after an input.
    OutputAfterInput(usize),
    /// Entry `k` is a clobber that is not a braced name.
    BadClobber(usize),
}

impl fmt::Display for ConstraintError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ConstraintError::Empty(k) => write!(f, "constraint {k} is empty"),
            ConstraintError::UnterminatedBrace(k) => {
                write!(f, "constraint {k} has an unterminated '{{'")
            }
            ConstraintError::Unsupported(k, what) => {
                write!(f, "constraint {k}: {what} is not supported")
            }
            ConstraintError::BadTie(k, n) => write!(
                f,
                "constraint {k} is tied to operand {n}, which is not an earlier register output"
            ),
            ConstraintError::TiedTwice(k, n) => {
                write!(
                    f,
                    "constraint {k} is tied to output {n}, which is already tied"
                )
            }
            ConstraintError::OutputAfterInput(k) => {
                write!(f, "constraint {k} is an output after an input")
            }
            ConstraintError::BadClobber(k) => {
                write!(
                    f,
                    "constraint {k}: a clobber must be a braced name like ~{{rax}}"
                )
            }
        }
    }
}

impl std::error::Error for ConstraintError {}

/// Parses a whole constraint string (without quotes, escapes decoded).
pub fn parse_constraints(s: &str) -> Result<Vec<Constraint>, ConstraintError> {
    let mut out: Vec<Constraint> = Vec::new();
    if s.is_empty() {
        return Ok(out);
    }
    let mut seen_input = false;
    for (k, entry) in split_entries(s).into_iter().enumerate() {
        let c = parse_one(k, entry)?;
        match c.kind {
            ConstraintKind::Output if seen_input => {
                return Err(ConstraintError::OutputAfterInput(k))
            }
            ConstraintKind::Input => seen_input = true,
            _ => {}
        }
        if let Some(n) = c.tied() {
            let ok = out
                .get(n as usize)
                .is_some_and(|t| t.kind == ConstraintKind::Output && !t.indirect);
            if !ok || c.kind != ConstraintKind::Input {
                return Err(ConstraintError::BadTie(k, n));
            }
            if out.iter().any(|x| x.tied() == Some(n)) {
                return Err(ConstraintError::TiedTwice(k, n));
            }
        }
        out.push(c);
    }
    Ok(out)
}

/// Splits at commas outside braces.
fn split_entries(s: &str) -> Vec<&str> {
    let mut parts = Vec::new();
    let mut depth = 0u32;
    let mut start = 0;
    for (i, ch) in s.char_indices() {
        match ch {
            '{' => depth += 1,
            '}' => depth = depth.saturating_sub(1),
            ',' if depth == 0 => {
                parts.push(&s[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    parts.push(&s[start..]);
    parts
}

fn parse_one(k: usize, s: &str) -> Result<Constraint, ConstraintError> {
    let mut rest = s;
    let kind = if let Some(r) = rest.strip_prefix('~') {
        rest = r;
        ConstraintKind::Clobber
    } else if let Some(r) = rest.strip_prefix('=') {
        rest = r;
        ConstraintKind::Output
    } else {
        ConstraintKind::Input
    };
    let mut c = Constraint {
        kind,
        early_clobber: false,
        indirect: false,
        codes: Vec::new(),
    };
    loop {
        if let Some(r) = rest.strip_prefix('&') {
            c.early_clobber = true;
            rest = r;
        } else if let Some(r) = rest.strip_prefix('*') {
            c.indirect = true;
            rest = r;
        } else if let Some(r) = rest.strip_prefix('%') {
            // Commutable with the next operand: only an optimisation hint.
            rest = r;
        } else {
            break;
        }
    }
    while let Some(ch) = rest.chars().next() {
        if ch == '{' {
            let Some(end) = rest.find('}') else {
                return Err(ConstraintError::UnterminatedBrace(k));
            };
            c.codes.push(Code::Reg(rest[1..end].into()));
            rest = &rest[end + 1..];
        } else if ch.is_ascii_digit() {
            let end = rest
                .find(|x: char| !x.is_ascii_digit())
                .unwrap_or(rest.len());
            let n = rest[..end]
                .parse::<u32>()
                .map_err(|_| ConstraintError::BadTie(k, u32::MAX))?;
            c.codes.push(Code::Tied(n));
            rest = &rest[end..];
        } else if ch == '|' || ch == '!' || ch == '^' {
            return Err(ConstraintError::Unsupported(k, format!("'{ch}'")));
        } else {
            c.codes.push(Code::Letter(ch));
            rest = &rest[ch.len_utf8()..];
        }
    }
    if c.codes.is_empty() {
        return Err(ConstraintError::Empty(k));
    }
    if kind == ConstraintKind::Clobber && !matches!(&c.codes[..], [Code::Reg(_)]) {
        return Err(ConstraintError::BadClobber(k));
    }
    if c.tied().is_some() && c.codes.len() != 1 {
        return Err(ConstraintError::Unsupported(
            k,
            "a tied operand with other alternatives".into(),
        ));
    }
    Ok(c)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn outputs_inputs_clobbers() {
        let cs = parse_constraints("=&r,=*m,r,0,{ax},~{memory},~{rbx}").unwrap();
        assert_eq!(cs.len(), 7);
        assert!(cs[0].early_clobber && cs[0].kind == ConstraintKind::Output);
        assert!(cs[1].indirect && cs[1].allows('m'));
        assert_eq!(cs[3].tied(), Some(0));
        assert_eq!(cs[4].reg_name(), Some("ax"));
        assert_eq!(cs[5].kind, ConstraintKind::Clobber);
        assert_eq!(cs[6].reg_name(), Some("rbx"));
    }

    #[test]
    fn multi_letter_codes_are_alternatives() {
        let cs = parse_constraints("=rm,ir").unwrap();
        assert!(cs[0].allows('r') && cs[0].allows('m') && !cs[0].allows('i'));
        assert!(cs[1].allows('i') && cs[1].allows('r'));
    }

    #[test]
    fn errors() {
        assert_eq!(parse_constraints("=r,,r"), Err(ConstraintError::Empty(1)));
        assert_eq!(parse_constraints("="), Err(ConstraintError::Empty(0)));
        assert_eq!(
            parse_constraints("{ax"),
            Err(ConstraintError::UnterminatedBrace(0))
        );
        assert_eq!(
            parse_constraints("=r,1"),
            Err(ConstraintError::BadTie(1, 1))
        );
        assert_eq!(
            parse_constraints("=*m,0"),
            Err(ConstraintError::BadTie(1, 0))
        );
        assert_eq!(
            parse_constraints("r,=r"),
            Err(ConstraintError::OutputAfterInput(1))
        );
        assert_eq!(parse_constraints("~r"), Err(ConstraintError::BadClobber(0)));
        assert_eq!(
            parse_constraints("=r,0,0"),
            Err(ConstraintError::TiedTwice(2, 0))
        );
        assert!(matches!(
            parse_constraints("r|m"),
            Err(ConstraintError::Unsupported(0, _))
        ));
        assert_eq!(
            parse_constraints("=r,99999999999"),
            Err(ConstraintError::BadTie(1, u32::MAX))
        );
    }
}
