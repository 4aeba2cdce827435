//! The x86 half of the assembler (LLVM's `X86AsmParser`): instruction
//! statements with their prefixes and AT&T operands (`%reg`, `$imm`,
//! `*target`, `seg:disp(base,index,scale)`), matched through the target
//! matcher; register names and DWARF numbers for the generic directive
//! parser ([`rcc_mc::asm_parser`]), which owns statements, directives and
//! expressions.

use super::backend::UNWIND_SECTION_TYPE;
use super::desc;
use super::matcher::{self, AsmOperand, ParsedOperand};
use rcc_mc::asm_parser::{err, AsmParser, Cursor, PResult, TargetAsmParser};
use rcc_mc::{Disp, ExprId, MemRef, Reg};

/// The x86-64 AT&T assembly parser.
#[derive(Copy, Clone, Debug, Default)]
pub struct X86AsmParser;

impl TargetAsmParser for X86AsmParser {
    fn instruction(&self, p: &mut AsmParser<'_>, c: &mut Cursor<'_>) -> PResult<()> {
        instruction(p, c)
    }

    fn register(&self, name: &str) -> Option<Reg> {
        matcher::register(name)
    }

    fn dwarf_number(&self, r: Reg) -> Option<u16> {
        desc::dwarf_number(r)
    }

    fn unwind_section_type(&self) -> u32 {
        UNWIND_SECTION_TYPE
    }
}

/// `%name` or `%st(i)`.
fn register(p: &mut AsmParser<'_>, c: &mut Cursor<'_>) -> PResult<Reg> {
    let col = c.col();
    if !c.eat('%') {
        return err(c, "expected register");
    }
    let n = c
        .ident()
        .ok_or((col, "invalid register name".to_string()))?;
    if n.eq_ignore_ascii_case("st") && c.eat('(') {
        let i = p.abs(c)?;
        if !c.eat(')') || !(0..8).contains(&i) {
            return Err((col, "invalid stack index".into()));
        }
        return matcher::register(&format!("st({i})")).ok_or((col, "invalid register name".into()));
    }
    matcher::register(n).ok_or((col, "invalid register name".to_string()))
}

fn segment_number(r: Reg) -> Option<u8> {
    let i = desc::reg_info(r);
    matches!(i.name, "ES" | "CS" | "SS" | "DS" | "FS" | "GS").then_some(i.enc)
}

/// `(base, index, scale)` after the displacement.
fn mem_tail(
    p: &mut AsmParser<'_>,
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
        base = register(p, c)?;
    }
    if c.eat(',') {
        c.ws();
        if c.peek() == Some('%') {
            index = register(p, c)?;
        }
        if c.eat(',') {
            let v = p.abs(c)?;
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

fn disp_of(p: &mut AsmParser<'_>, e: ExprId) -> Disp {
    match p.streamer().ctx().exprs.as_constant(e) {
        Some(v) if i32::try_from(v).is_ok() || u32::try_from(v).is_ok() => Disp::Imm(v as i32),
        _ => Disp::Expr(e),
    }
}

fn operand(p: &mut AsmParser<'_>, c: &mut Cursor<'_>) -> PResult<ParsedOperand> {
    c.ws();
    let star = c.eat('*');
    c.ws();
    match c.peek() {
        Some('$') => {
            c.pos += 1;
            let e = p.expr(c)?;
            let value = p.streamer().ctx().exprs.as_constant(e);
            Ok(ParsedOperand {
                op: AsmOperand::Imm { expr: e, value },
                star,
                abs: None,
            })
        }
        Some('%') => {
            let r = register(p, c)?;
            if c.eat(':') {
                let seg =
                    segment_number(r).ok_or((c.col(), "invalid segment register".to_string()))?;
                return memory(p, c, Some(seg), star);
            }
            Ok(ParsedOperand {
                op: AsmOperand::Reg(r),
                star,
                abs: None,
            })
        }
        _ => memory(p, c, None, star),
    }
}

fn memory(
    p: &mut AsmParser<'_>,
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
        let e = p.expr(c)?;
        abs = p.streamer().ctx().exprs.as_constant(e);
        disp_of(p, e)
    };
    c.ws();
    let m = if c.peek() == Some('(') {
        c.pos += 1;
        abs = None;
        mem_tail(p, c, disp, seg)?
    } else {
        MemRef::new(Reg::NONE, Reg::NONE, 1, disp).with_segment(seg)
    };
    Ok(ParsedOperand {
        op: AsmOperand::Mem(m),
        star,
        abs: abs.filter(|_| seg.is_none()),
    })
}

fn instruction(p: &mut AsmParser<'_>, c: &mut Cursor<'_>) -> PResult<()> {
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
        p.streamer()
            .emit_inst(&inst)
            .map_err(|e| (col, e.to_string()))?;
        return instruction(p, c);
    }
    // `notrack jmpq *...`: the notrack forms of the indirect jumps (llvm-mc
    // takes the prefix only on an instruction).
    if lower == "notrack" && !c.at_end() {
        let col = c.col();
        let m = c.ident().ok_or((col, "expected instruction".to_string()))?;
        let mut inst = matched(p, c, col, &m.to_ascii_lowercase())?;
        inst.opcode = match inst.opcode {
            o if o == desc::op::JMP64r.0 => desc::op::JMP64r_NT.0,
            o if o == desc::op::JMP64m.0 => desc::op::JMP64m_NT.0,
            _ => {
                return Err((
                    col,
                    "notrack on an instruction other than jmpq *".to_string(),
                ))
            }
        };
        return p
            .streamer()
            .emit_inst(&inst)
            .map_err(|e| (col, e.to_string()));
    }
    let inst = matched(p, c, col, &lower)?;
    p.streamer()
        .emit_inst(&inst)
        .map_err(|e| (col, e.to_string()))
}

/// The operands after mnemonic `lower` (at column `col`), matched to a form.
fn matched(
    p: &mut AsmParser<'_>,
    c: &mut Cursor<'_>,
    col: usize,
    lower: &str,
) -> PResult<rcc_mc::MCInst> {
    let mut ops: Vec<ParsedOperand> = Vec::new();
    if !c.at_end() {
        loop {
            ops.push(operand(p, c)?);
            if !c.eat(',') {
                break;
            }
        }
        if !c.at_end() {
            return err(c, "unexpected token in argument list");
        }
    }
    matcher::match_instruction(lower, &ops).map_err(|e| (col, e.to_string()))
}
