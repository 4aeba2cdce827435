//! Expressions of the assembler: GNU as precedence over the binary
//! operators `|`, `^`, `&`, `<<`, `>>`, `+`, `-`, `*`, `/`, `%`; unary `-`,
//! `~`, `+`; parentheses, integers, symbols with `@VARIANT` and `.` (the
//! current location, as a fresh temporary label). Constant subexpressions
//! are folded as they are built.

use super::cursor::{self, Cursor};
use super::{err, AsmParser, PResult};
use crate::{BinOp, Expr, ExprId, VariantKind};

impl AsmParser<'_> {
    /// An expression at `c`.
    pub fn expr(&mut self, c: &mut Cursor<'_>) -> PResult<ExprId> {
        self.binary(c, 0)
    }

    pub(super) fn binop(c: &mut Cursor<'_>) -> Option<(BinOp, u8, usize)> {
        c.ws();
        let r = c.rest();
        let two = |s: &str| r.starts_with(s);
        Some(if two("<<") {
            (BinOp::Shl, 5, 2)
        } else if two(">>") {
            (BinOp::Shr, 5, 2)
        } else {
            match r.chars().next()? {
                '|' => (BinOp::Or, 1, 1),
                '^' => (BinOp::Xor, 2, 1),
                '&' => (BinOp::And, 3, 1),
                '+' => (BinOp::Add, 6, 1),
                '-' => (BinOp::Sub, 6, 1),
                '*' => (BinOp::Mul, 7, 1),
                '/' => (BinOp::Div, 7, 1),
                '%' => (BinOp::Mod, 7, 1),
                _ => return None,
            }
        })
    }

    pub(super) fn binary(&mut self, c: &mut Cursor<'_>, min: u8) -> PResult<ExprId> {
        let mut lhs = self.unary(c)?;
        while let Some((op, prec, len)) = Self::binop(c) {
            if prec < min {
                break;
            }
            // `%reg` after an operator is not a modulo: stop.
            if op == BinOp::Mod
                && c.rest()[1..]
                    .trim_start()
                    .starts_with(|ch: char| ch.is_ascii_alphabetic())
            {
                break;
            }
            c.pos += len;
            let rhs = self.binary(c, prec + 1)?;
            lhs = self.fold(Expr::Binary(op, lhs, rhs));
        }
        Ok(lhs)
    }

    pub(super) fn fold(&mut self, e: Expr) -> ExprId {
        let ctx = self.s.ctx();
        let id = ctx.expr(e);
        match ctx.exprs.as_constant(id) {
            Some(v) if !matches!(e, Expr::Constant(_)) => ctx.exprs.constant(v),
            _ => id,
        }
    }

    pub(super) fn unary(&mut self, c: &mut Cursor<'_>) -> PResult<ExprId> {
        c.ws();
        match c.peek() {
            Some('-') => {
                c.pos += 1;
                let a = self.unary(c)?;
                Ok(self.fold(Expr::Neg(a)))
            }
            Some('~') => {
                c.pos += 1;
                let a = self.unary(c)?;
                Ok(self.fold(Expr::Not(a)))
            }
            Some('+') => {
                c.pos += 1;
                self.unary(c)
            }
            Some('(') => {
                c.pos += 1;
                let e = self.expr(c)?;
                if !c.eat(')') {
                    return err(c, "expected ')' in parentheses expression");
                }
                Ok(e)
            }
            Some('.') if !c.peek2().is_some_and(cursor::ident_char) => {
                c.pos += 1;
                let ctx = self.s.ctx();
                let t = ctx.temp_symbol();
                self.s.emit_label(t).map_err(|e| (c.col(), e.to_string()))?;
                Ok(self.s.ctx().sym_ref(t, VariantKind::None))
            }
            _ => {
                if let Some(n) = c.number() {
                    let v = n.map_err(|m| (c.col(), m))?;
                    return Ok(self.s.ctx().exprs.constant(v));
                }
                let col = c.col();
                let Some(name) = c.ident() else {
                    return err(c, "unknown token in expression");
                };
                let mut variant = VariantKind::None;
                if c.peek() == Some('@') {
                    c.pos += 1;
                    let v = c
                        .ident()
                        .ok_or((c.col(), "expected symbol variant after '@'".to_string()))?;
                    variant =
                        VariantKind::parse(v).ok_or((col, format!("invalid variant '{v}'")))?;
                }
                let ctx = self.s.ctx();
                let sym = ctx.symbol(name);
                Ok(ctx.sym_ref(sym, variant))
            }
        }
    }

    /// An expression at `c` that must fold to a constant.
    pub fn abs(&mut self, c: &mut Cursor<'_>) -> PResult<i64> {
        let col = c.col();
        let e = self.expr(c)?;
        self.s
            .ctx()
            .exprs
            .as_constant(e)
            .ok_or((col, "expected absolute expression".to_string()))
    }
}
