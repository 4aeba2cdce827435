//! Attribute lists. Any keyword not reserved by the surrounding syntax is
//! taken as an attribute, so attributes added by newer LLVM releases pass
//! through without a table of names.

use super::cursor::{Cursor, PResult};
use super::values::{parse_type, Env};
use crate::attrs::Attr;
use crate::entity::PoolRange;
use crate::inst::Opcode;
use crate::lexer::TokKind;
use crate::span::Span;

/// Where an attribute list stands, which decides the words that end it.
#[derive(Copy, Clone, PartialEq, Eq)]
pub enum AttrCtx {
    /// After a parameter's or argument's type, before its name or value.
    Param,
    /// Before a return type.
    Ret,
    /// After a function header's or call's argument list.
    Fn,
    /// Inside `attributes #N = { ... }`.
    Group,
}

const VALUE_WORDS: &[&str] = &[
    "true",
    "false",
    "null",
    "undef",
    "poison",
    "zeroinitializer",
    "none",
    "blockaddress",
    "dso_local_equivalent",
    "no_cfi",
    "splat",
    "asm",
    "ptrauth",
];

const TYPE_WORDS: &[&str] = &[
    "void",
    "half",
    "bfloat",
    "float",
    "double",
    "x86_fp80",
    "fp128",
    "ppc_fp128",
    "x86_amx",
    "x86_mmx",
    "label",
    "token",
    "metadata",
    "ptr",
    "target",
];

const FN_STOP_WORDS: &[&str] = &[
    "unnamed_addr",
    "local_unnamed_addr",
    "addrspace",
    "section",
    "partition",
    "comdat",
    "align",
    "gc",
    "prefix",
    "prologue",
    "personality",
    "to",
    "unwind",
    // What may follow a header or a call on the next line.
    "define",
    "declare",
    "attributes",
    "source_filename",
    "target",
    "module",
    "uselistorder",
    "uselistorder_bb",
    "tail",
    "musttail",
    "notail",
];

const TYPE_ARG: &[&str] = &[
    "byval",
    "byref",
    "sret",
    "inalloca",
    "preallocated",
    "elementtype",
];
const INT_ARG: &[&str] = &[
    "align",
    "alignstack",
    "dereferenceable",
    "dereferenceable_or_null",
];

fn ends_list(ctx: AttrCtx, w: &str) -> bool {
    match ctx {
        AttrCtx::Param => VALUE_WORDS.contains(&w) || Opcode::from_name(w).is_some(),
        AttrCtx::Ret => TYPE_WORDS.contains(&w),
        AttrCtx::Fn => FN_STOP_WORDS.contains(&w) || Opcode::from_name(w).is_some(),
        AttrCtx::Group => false,
    }
}

/// Parses attributes into `pool` until the list ends.
pub fn parse_attrs<'a, E: Env<'a>>(
    c: &mut Cursor<'a>,
    e: &mut E,
    pool: &mut Vec<Attr>,
    ctx: AttrCtx,
) -> PResult<PoolRange> {
    let start = pool.len();
    loop {
        let t = c.tok;
        match t.kind {
            TokKind::String if ctx == AttrCtx::Group || ctx == AttrCtx::Fn => {
                c.bump();
                let key = Span::new(t.start as usize, t.end as usize);
                let value = if c.eat(TokKind::Equal) {
                    let v = c.expect(TokKind::String, "attribute value string")?;
                    Span::new(v.start as usize, v.end as usize)
                } else {
                    Span::NONE
                };
                pool.push(Attr::Str { key, value });
            }
            TokKind::AttrGroupId if ctx == AttrCtx::Fn => {
                c.bump();
                match c.text(t)[1..].parse::<u32>() {
                    Ok(n) => pool.push(Attr::Group(n)),
                    Err(_) => return c.err_at(t.start, "attribute group number out of range"),
                }
            }
            TokKind::Ident => {
                let w = c.cur();
                if ends_list(ctx, w) {
                    break;
                }
                if ctx == AttrCtx::Fn && w == "align" {
                    break;
                }
                c.bump();
                let name = Span::new(t.start as usize, t.end as usize);
                if c.is(TokKind::LParen) {
                    if TYPE_ARG.contains(&w) {
                        c.bump();
                        let ty = parse_type(c, e)?;
                        c.expect(TokKind::RParen, "')' after attribute type")?;
                        pool.push(Attr::Type(name, ty));
                    } else if INT_ARG.contains(&w) {
                        c.bump();
                        let v = c.parse_u64("attribute value")?;
                        c.expect(TokKind::RParen, "')'")?;
                        pool.push(Attr::Int(name, v));
                    } else {
                        c.skip_parens()?;
                        let end = c.lex_prev_end();
                        pool.push(Attr::Raw(Span::new(t.start as usize, end)));
                    }
                } else if INT_ARG.contains(&w)
                    && (c.is(TokKind::Int) || (ctx == AttrCtx::Group && c.is(TokKind::Equal)))
                {
                    c.eat(TokKind::Equal);
                    let at = c.tok.start;
                    let v = c.parse_u64("alignment")?;
                    if (w == "align" || w == "alignstack") && !v.is_power_of_two() {
                        return c.err_at(at, "alignment is not a power of two");
                    }
                    pool.push(Attr::Int(name, v));
                } else {
                    pool.push(Attr::Word(name));
                }
            }
            _ => break,
        }
    }
    Ok(PoolRange::since(pool, start))
}

impl Cursor<'_> {
    /// The end offset of the token before the current one.
    pub fn lex_prev_end(&self) -> usize {
        self.prev_end as usize
    }
}
