//! Instructions: prefixes, AT&T operands (`%reg`, `$imm`, `*target`,
//! `seg:disp(base,index,scale)`) and matching through the target matcher.

use super::cursor::Cursor;
use super::{err, PResult, Parser};
use rcc_mc::{Disp, ExprId, MemRef, Reg};
use rcc_targets::x86_64::desc;
use rcc_targets::x86_64::matcher::{self, AsmOperand, ParsedOperand};

impl Parser<'_> {
    pub(super) fn register(&mut self, c: &mut Cursor<'_>) -> PResult<Reg> {
        let col = c.col();
        if !c.eat('%') {
            return err(c, "expected register");
        }
        let n = c
            .ident()
            .ok_or((col, "invalid register name".to_string()))?;
        if n.eq_ignore_ascii_case("st") && c.eat('(') {
            let i = self.abs(c)?;
            if !c.eat(')') || !(0..8).contains(&i) {
                return Err((col, "invalid stack index".into()));
            }
            return matcher::register(&format!("st({i})"))
                .ok_or((col, "invalid register name".into()));
        }
        matcher::register(n).ok_or((col, "invalid register name".to_string()))
    }

    pub(super) fn segment_number(r: Reg) -> Option<u8> {
        let i = desc::reg_info(r);
        matches!(i.name, "ES" | "CS" | "SS" | "DS" | "FS" | "GS").then_some(i.enc)
    }

    /// `(base, index, scale)` after the displacement.
    pub(super) fn mem_tail(
        &mut self,
        c: &mut Cursor<'_>,
        disp: Disp,
        seg: Option<u8>,
    ) -> PResult<MemRef> {
        let mut base = Reg::NONE;
        let mut index = Reg::NONE;
        let mut scale = 1u8;
        c.ws();
        let base_col = c.col();
        if c.peek() == Some('%') {
            base = self.register(c)?;
        }
        if c.eat(',') {
            c.ws();
            if c.peek() == Some('%') {
                index = self.register(c)?;
            }
            if c.eat(',') {
                let v = self.abs(c)?;
                scale = match v {
                    1 | 2 | 4 | 8 => v as u8,
                    _ => return err(c, "scale factor in address must be 1, 2, 4 or 8"),
                };
            }
        }
        if !c.eat(')') {
            return err(c, "unexpected token in memory operand");
        }
        let bits = |r: Reg| desc::reg_info(r).bits;
        if base.is_some() && index.is_some() && bits(base) != bits(index) {
            return Err((
                base_col,
                format!(
                    "base register is {}-bit, but index register is not",
                    bits(base)
                ),
            ));
        }
        Ok(MemRef::new(base, index, scale, disp).with_segment(seg))
    }

    pub(super) fn disp_of(&mut self, e: ExprId) -> Disp {
        match self.s.ctx().exprs.as_constant(e) {
            Some(v) if i32::try_from(v).is_ok() || u32::try_from(v).is_ok() => Disp::Imm(v as i32),
            _ => Disp::Expr(e),
        }
    }

    pub(super) fn operand(&mut self, c: &mut Cursor<'_>) -> PResult<ParsedOperand> {
        c.ws();
        let star = c.eat('*');
        c.ws();
        match c.peek() {
            Some('$') => {
                c.pos += 1;
                let e = self.expr(c)?;
                let value = self.s.ctx().exprs.as_constant(e);
                Ok(ParsedOperand {
                    op: AsmOperand::Imm { expr: e, value },
                    star,
                    abs: None,
                })
            }
            Some('%') => {
                let r = self.register(c)?;
                if c.eat(':') {
                    let seg = Self::segment_number(r)
                        .ok_or((c.col(), "invalid segment register".to_string()))?;
                    return self.memory(c, Some(seg), star);
                }
                Ok(ParsedOperand {
                    op: AsmOperand::Reg(r),
                    star,
                    abs: None,
                })
            }
            _ => self.memory(c, None, star),
        }
    }

    pub(super) fn memory(
        &mut self,
        c: &mut Cursor<'_>,
        seg: Option<u8>,
        star: bool,
    ) -> PResult<ParsedOperand> {
        c.ws();
        // `(` starts the base/index part unless it is a parenthesised
        // displacement like `(8+4)(%rax)`.
        let is_tail = c.peek() == Some('(') && {
            let r = c.rest()[1..].trim_start();
            r.starts_with('%') || r.starts_with(',')
        };
        let mut abs = None;
        let disp = if is_tail {
            Disp::Imm(0)
        } else {
            let e = self.expr(c)?;
            abs = self.s.ctx().exprs.as_constant(e);
            self.disp_of(e)
        };
        c.ws();
        let m = if c.peek() == Some('(') {
            c.pos += 1;
            abs = None;
            self.mem_tail(c, disp, seg)?
        } else {
            MemRef::new(Reg::NONE, Reg::NONE, 1, disp).with_segment(seg)
        };
        Ok(ParsedOperand {
            op: AsmOperand::Mem(m),
            star,
            abs: abs.filter(|_| seg.is_none()),
        })
    }

    pub(super) fn instruction(&mut self, c: &mut Cursor<'_>) -> PResult<()> {
        let col = c.col();
        let mnemonic = c.ident().ok_or((col, "expected instruction".to_string()))?;
        let lower = mnemonic.to_ascii_lowercase();
        // Prefixes written on the same line: `lock addl ...`, `rep movsb`.
        if matches!(
            lower.as_str(),
            "lock" | "rep" | "repe" | "repz" | "repne" | "repnz"
        ) && !c.at_end()
        {
            let inst = matcher::match_instruction(&lower, &[]).map_err(|e| (col, e.to_string()))?;
            self.s.emit_inst(&inst).map_err(|e| (col, e.to_string()))?;
            return self.instruction(c);
        }
        let mut ops: Vec<ParsedOperand> = Vec::new();
        if !c.at_end() {
            loop {
                ops.push(self.operand(c)?);
                if !c.eat(',') {
                    break;
                }
            }
            if !c.at_end() {
                return err(c, "unexpected token in argument list");
            }
        }
        let inst = matcher::match_instruction(&lower, &ops).map_err(|e| (col, e.to_string()))?;
        self.s.emit_inst(&inst).map_err(|e| (col, e.to_string()))
    }
}
