//! Reading `body:`: block headers (`bb.N (%ir-block.K), address-taken,
//! unplaced:`), their `successors:` (with or without probabilities) and
//! `liveins:` lines, and instruction
//! lines in the syntax `crate::printer::print_inst` writes.
//!
//! Invariants: instructions are created in layout order into the blocks
//! named by headers, placed blocks in header order (the function's
//! `order`); an unplaced block has no instructions; side pools (`imm64`,
//! `syms`, `cfi`, `inline_asms`) are filled in the order operands appear;
//! every operand's index (frame object, constant, jump table, label,
//! inline-asm entry) is checked here, blocks and virtual registers when
//! the section ends (`read::State::finish`).

use super::lex::PResult;
use super::read::State;
use crate::frame::FrameIdx;
use crate::func::{MBlock, SymFlag, SymOperand, SymTarget};
use crate::inline_asm::{parse_template, AsmOperandKind, InlineAsm};
use crate::operand::{flag, Operand};
use crate::prob::BranchProb;
use crate::reg::Reg;
use crate::target::MOpc;
use rcc_ir::entity::EntityId;
use rcc_mc::Cfi;

/// The block being filled: its number and whether it is placed.
struct Open {
    block: MBlock,
    placed: bool,
    has_insts: bool,
}

impl<'r, 'a, 't> State<'r, 'a, 't> {
    /// The blocks to the end of the section.
    pub(crate) fn body(&mut self) -> PResult<()> {
        let mut open: Option<Open> = None;
        let mut succs: Vec<MBlock> = Vec::new();
        let mut probs: Vec<BranchProb> = Vec::new();
        let mut ops: Vec<Operand> = Vec::new();
        while self.c.next_line().is_some() {
            let at = self.c.pos;
            if self.c.eat_str("bb.") {
                self.close(open.take(), &mut succs, &mut probs);
                open = Some(self.block_header(at)?);
            } else {
                let Some(o) = open.as_mut() else {
                    return self.c.err("expected a block header 'bb.N:'");
                };
                let w = match self.c.peek() {
                    b's' | b'l' => self.c.peek_word(),
                    _ => "",
                };
                if (w == "successors" || w == "liveins") && self.c.peek_at(w.len()) == b':' {
                    self.c.pos += w.len() + 1;
                    if o.has_insts {
                        return self.c.err_at(
                            at,
                            format!("'{w}:' must come before the block's instructions"),
                        );
                    }
                    if w == "successors" {
                        self.successors(&mut succs, &mut probs)?;
                    } else {
                        let regs = self.preg_list()?;
                        self.mf.set_block_live_ins(o.block, &regs);
                    }
                } else {
                    if !o.placed {
                        return self.c.err(format!(
                            "an unplaced block (bb.{}) has no instructions",
                            o.block.as_u32()
                        ));
                    }
                    o.has_insts = true;
                    self.inst(&mut ops)?;
                }
            }
            self.c.end_line()?;
        }
        self.close(open.take(), &mut succs, &mut probs);
        Ok(())
    }

    fn close(&mut self, open: Option<Open>, succs: &mut Vec<MBlock>, probs: &mut Vec<BranchProb>) {
        if let Some(o) = open {
            if o.placed {
                self.mf.end_block_with_probs(succs, probs);
            } else {
                self.mf.set_succs_with_probs(o.block, succs, probs);
            }
        }
        succs.clear();
        probs.clear();
    }

    /// The rest of a `successors:` line: `%bb.1, %bb.2`, or with a
    /// probability on every successor, `%bb.1(0x40000000), %bb.2(0x40000000)`
    /// (numerators over 2^31, as LLVM writes them).
    fn successors(&mut self, succs: &mut Vec<MBlock>, probs: &mut Vec<BranchProb>) -> PResult<()> {
        succs.clear();
        probs.clear();
        if self.c.at_eol() {
            return Ok(());
        }
        loop {
            let b = self.block_ref()?;
            succs.push(b);
            let at = self.c.pos;
            let with = self.c.eat(b'(');
            if with {
                let p = self.c.u32("a branch probability")?;
                if p > BranchProb::DENOM {
                    return self.c.err_at(
                        at + 1,
                        format!("branch probability {p:#x} is larger than 0x80000000"),
                    );
                }
                self.c.expect(b')', "')' after the branch probability")?;
                probs.push(BranchProb(p));
            }
            if with != (probs.len() == succs.len()) || (!with && !probs.is_empty()) {
                return self.c.err_at(
                    at,
                    "either every successor or none has a probability '(0x...)'",
                );
            }
            if !self.c.eat(b',') {
                return Ok(());
            }
        }
    }

    /// `bb.N (%ir-block.K), address-taken, unplaced:` after `bb.`.
    fn block_header(&mut self, at: usize) -> PResult<Open> {
        let b = self.block_number(at)?;
        let n = b.index();
        while self.mf.blocks.len() <= n {
            self.mf.create_block(u32::MAX);
            self.declared.push(u32::MAX);
        }
        if self.declared[n] != u32::MAX {
            return self.c.err_at(at, format!("bb.{n} is defined twice"));
        }
        self.declared[n] = at as u32;
        if self.c.eat(b'(') {
            self.c.skip_spaces();
            if !self.c.eat_str("%ir-block.") {
                return self.c.err("expected '%ir-block.N'");
            }
            self.mf.blocks[b].ir_block = self.c.u32("an IR block number")?;
            self.c.expect(b')', "')'")?;
        }
        let mut placed = true;
        while self.c.eat(b',') {
            let w_at = self.c.pos;
            match self.c.word() {
                "address-taken" => self.mf.blocks[b].address_taken = true,
                "unplaced" => placed = false,
                "align" => {
                    self.c.skip_spaces();
                    let n_at = self.c.pos;
                    let a = self.c.u32("an alignment in bytes")?;
                    if !a.is_power_of_two() || a > 1 << 15 {
                        return self.c.err_at(n_at, "expected a power of two up to 32768");
                    }
                    self.mf.blocks[b].align_log2 = a.trailing_zeros() as u8;
                }
                _ => {
                    return self
                        .c
                        .err_at(w_at, "expected 'address-taken', 'align' or 'unplaced'")
                }
            }
        }
        self.c.expect(b':', "':' after the block header")?;
        if placed {
            self.mf.begin_block(b);
        }
        Ok(Open {
            block: b,
            placed,
            has_insts: false,
        })
    }

    /// One instruction line.
    fn inst(&mut self, ops: &mut Vec<Operand>) -> PResult<()> {
        ops.clear();
        let w = if self.c.peek().is_ascii_alphabetic() {
            self.c.peek_word()
        } else {
            ""
        };
        let opc = match (!w.is_empty()).then(|| self.r.names.opcode(w)).flatten() {
            Some(o) => {
                self.c.pos += w.len();
                o
            }
            None => {
                if w.as_bytes().first().is_some_and(|c| c.is_ascii_uppercase()) {
                    return self.c.err(format!("unknown opcode '{w}'"));
                }
                loop {
                    let at = self.c.pos;
                    let o = self.operand(true)?;
                    if !o.is_reg() {
                        return self.c.err_at(at, "a def before '=' must be a register");
                    }
                    ops.push(o.with(flag::DEF));
                    if !self.c.eat(b',') {
                        break;
                    }
                }
                self.c.expect(b'=', "'=' after the defs")?;
                let w = self.c.peek_word();
                match self.r.names.opcode(w) {
                    Some(o) => {
                        self.c.pos += w.len();
                        o
                    }
                    None => return self.c.err(format!("expected an opcode, found '{w}'")),
                }
            }
        };
        if opc == MOpc::CFI || opc == MOpc::INLINEASM {
            if !ops.is_empty() {
                return self
                    .c
                    .err(format!("{} takes no defs before '='", opc.name(self.r.t)));
            }
            if opc == MOpc::CFI {
                let c = self.cfi()?;
                let i = self.mf.create_cfi(c);
                self.mf.layout.push(i);
                return Ok(());
            }
            return self.inline_asm(ops);
        }
        if !self.c.at_eol() {
            loop {
                let o = self.operand(false)?;
                ops.push(o);
                if !self.c.eat(b',') {
                    break;
                }
            }
        }
        let i = self.mf.create(opc, ops);
        self.mf.layout.push(i);
        Ok(())
    }

    /// `INLINEASM "template" [sideeffect] [alignstack], operands...`.
    fn inline_asm(&mut self, ops: &mut Vec<Operand>) -> PResult<()> {
        let op_at = self.c.pos;
        self.c.skip_spaces();
        let s_at = self.c.pos;
        let source = self.c.string("the asm template")?;
        let (mut side_effects, mut align_stack) = (false, false);
        while self.c.eat(b'[') {
            let at = self.c.pos;
            match self.c.word() {
                "sideeffect" => side_effects = true,
                "alignstack" => align_stack = true,
                _ => return self.c.err_at(at, "expected 'sideeffect' or 'alignstack'"),
            }
            self.c.expect(b']', "']'")?;
        }
        let Some(entry) = self.asms.get_mut(self.next_asm) else {
            return self
                .c
                .err_at(op_at, "an INLINEASM without its entry under inline-asm:");
        };
        let constraints = std::mem::take(&mut entry.constraints);
        let asm_operands = std::mem::take(&mut entry.operands);
        let numbered = entry.numbered;
        self.next_asm += 1;
        let template = match parse_template(&source, numbered) {
            Ok(t) => t,
            Err(e) => return self.c.err_at(s_at, e.to_string()),
        };
        ops.push(Operand::imm(self.mf.inline_asms.len() as i32));
        while self.c.eat(b',') {
            let o = self.operand(false)?;
            ops.push(o);
        }
        let mem_len = self.r.t.mem_operand_shape().len();
        for a in &asm_operands {
            let need = if a.kind == AsmOperandKind::Mem {
                mem_len
            } else {
                1
            };
            if a.first == 0 || a.first as usize + need > ops.len() {
                return self.c.err_at(
                    op_at,
                    format!(
                        "inline-asm operand at {} does not fit the instruction's {} operands",
                        a.first,
                        ops.len()
                    ),
                );
            }
        }
        self.mf.inline_asms.push(InlineAsm {
            template,
            source: source.into(),
            side_effects,
            align_stack,
            constraints,
            operands: asm_operands,
        });
        let i = self.mf.create(MOpc::INLINEASM, ops);
        self.mf.layout.push(i);
        Ok(())
    }

    /// A CFI directive after `CFI_INSTRUCTION`.
    fn cfi(&mut self) -> PResult<Cfi> {
        self.c.skip_spaces();
        let at = self.c.pos;
        let w = self.c.word();
        Ok(match w {
            "def_cfa" => {
                let reg = self.dwarf_reg()?;
                self.c.expect(b',', "','")?;
                Cfi::DefCfa {
                    reg,
                    offset: self.c.int("an offset")?,
                }
            }
            "def_cfa_offset" => Cfi::DefCfaOffset(self.c.int("an offset")?),
            "adjust_cfa_offset" => Cfi::AdjustCfaOffset(self.c.int("an offset")?),
            "def_cfa_register" => Cfi::DefCfaRegister(self.dwarf_reg()?),
            "offset" | "rel_offset" => {
                let reg = self.dwarf_reg()?;
                self.c.expect(b',', "','")?;
                let offset = self.c.int("an offset")?;
                if w == "offset" {
                    Cfi::Offset { reg, offset }
                } else {
                    Cfi::RelOffset { reg, offset }
                }
            }
            "restore" => Cfi::Restore(self.dwarf_reg()?),
            "same_value" => Cfi::SameValue(self.dwarf_reg()?),
            "undefined" => Cfi::Undefined(self.dwarf_reg()?),
            "remember_state" => Cfi::RememberState,
            "restore_state" => Cfi::RestoreState,
            _ => return self.c.err_at(at, "expected a CFI directive (def_cfa, def_cfa_offset, adjust_cfa_offset, def_cfa_register, offset, rel_offset, restore, same_value, undefined, remember_state, restore_state)"),
        })
    }

    /// `$name` or `dwarf.N`: a DWARF register number.
    fn dwarf_reg(&mut self) -> PResult<u16> {
        self.c.skip_spaces();
        let at = self.c.pos;
        if self.c.eat(b'$') {
            let w = self.c.word();
            return match self.r.names.dwarf(w) {
                Some(n) => Ok(n),
                None => self.c.err_at(at, format!("no DWARF register named '${w}'")),
            };
        }
        if self.c.word() != "dwarf" || !self.c.eat(b'.') {
            return self
                .c
                .err_at(at, "expected a register '$name' or 'dwarf.N'");
        }
        let n = self.c.u32("a DWARF register number")?;
        u16::try_from(n).or_else(|_| self.c.err_at(at, "DWARF register number is too large"))
    }

    /// One operand; `def_side`: before `=`.
    fn operand(&mut self, def_side: bool) -> PResult<Operand> {
        self.c.skip_spaces();
        let start = self.c.pos;
        let mut fl = 0u32;
        while matches!(self.c.peek(), b'i' | b'd' | b'e' | b'k' | b'u') {
            let w = self.c.peek_word();
            let f = match w {
                "implicit-def" => flag::IMPLICIT | flag::DEF,
                "implicit" => flag::IMPLICIT,
                "def" => flag::DEF,
                "early-clobber" => flag::EARLY_CLOBBER,
                "dead" => flag::DEAD,
                "killed" => flag::KILL,
                "undef" => flag::UNDEF,
                _ => break,
            };
            self.c.pos += w.len();
            fl |= f;
            self.c.skip_spaces();
        }
        self.c.skip_spaces();
        let at = self.c.pos;
        let reg = match self.c.peek() {
            b'%' if self.c.peek_at(1).is_ascii_digit() => {
                self.c.pos += 1;
                let v = self.vreg_number()?;
                if self.c.peek() == b':' {
                    self.c.pos += 1;
                    self.vreg_class_name(v)?;
                }
                Some(Reg::virt(v))
            }
            b'$' => {
                if self.c.peek_word_after(1) == "noreg" {
                    self.c.pos += 6;
                    Some(Reg::NONE)
                } else {
                    Some(Reg::phys(self.preg()?))
                }
            }
            _ => None,
        };
        if let Some(r) = reg {
            return self.reg_tail(r, fl);
        }
        if fl != 0 {
            return self
                .c
                .err_at(start, "flags apply only to register operands");
        }
        if def_side {
            return self.c.err("expected a register");
        }
        let target = match self.c.peek() {
            b'%' => {
                if self.c.eat_str("%bb.") {
                    let b = self.block_number(at)?;
                    return Ok(Operand::block(b));
                } else if self.c.eat_str("%stack.") {
                    let n = self.c.u32("a frame index")?;
                    if n as usize >= self.mf.frame.objects.len() {
                        return self.c.err_at(at, format!("no frame object %stack.{n}"));
                    }
                    return Ok(Operand::frame(FrameIdx::from_u32(n)));
                } else if self.c.eat_str("%const.") {
                    let n = self.c.u32("a constant index")?;
                    if n as usize >= self.mf.const_pool.len() {
                        return self.c.err_at(at, format!("no constant %const.{n}"));
                    }
                    SymTarget::ConstPool(n)
                } else if self.c.eat_str("%jump-table.") {
                    let n = self.c.u32("a jump-table index")?;
                    if n as usize >= self.mf.jump_tables.len() {
                        return self.c.err_at(at, format!("no jump table %jump-table.{n}"));
                    }
                    SymTarget::JumpTable(n)
                } else {
                    return self
                        .c
                        .err("expected %N, %bb.N, %stack.N, %const.N or %jump-table.N");
                }
            }
            b'@' => SymTarget::Global(self.global()?),
            b'&' => {
                self.c.pos += 1;
                let n = self.c.ident("an external name")?;
                self.mf.external(n)
            }
            b'<' => {
                if !self.c.eat_str("<eh-label") {
                    return self.c.err("expected '<eh-label N>'");
                }
                let l = self.label()?;
                self.c.expect(b'>', "'>'")?;
                SymTarget::EhLabel(l)
            }
            b'-' | b'0'..=b'9' => {
                let v = self.c.int("an immediate")?;
                return Ok(self.mf.imm(v));
            }
            _ => {
                let w = self.c.word();
                match w {
                    "regmask" => {
                        self.c.expect(b'(', "'('")?;
                        let n = self.c.u32("a register mask")?;
                        self.c.expect(b')', "')'")?;
                        return Ok(Operand::reg_mask(n));
                    }
                    "imm64" => {
                        self.c.expect(b'(', "'('")?;
                        let v = self.c.int("an immediate")?;
                        self.c.expect(b')', "')'")?;
                        self.mf.imm64.push(v);
                        return Ok(Operand::imm64_index(self.mf.imm64.len() as u32 - 1));
                    }
                    "blockaddress" => {
                        self.c.expect(b'(', "'('")?;
                        let b = self.block_ref()?;
                        self.c.expect(b')', "')'")?;
                        SymTarget::Block(b)
                    }
                    _ => return self.c.err_at(
                        at,
                        "expected an operand (register, immediate, block, frame object or symbol)",
                    ),
                }
            }
        };
        let mut offset = 0;
        self.c.skip_spaces();
        if self.c.eat(b'+') || self.c.peek() == b'-' {
            offset = self.c.int("an offset")?;
        }
        let mut fl = SymFlag::NONE;
        if self.c.eat(b'[') {
            self.c.skip_spaces();
            let f_at = self.c.pos;
            let w = self.c.word();
            fl = match self.r.names.sym_flag(w) {
                Some(f) => f,
                None => return self.c.err_at(f_at, format!("unknown symbol flag '{w}'")),
            };
            self.c.expect(b']', "']'")?;
        }
        Ok(self.mf.sym(SymOperand {
            target,
            offset,
            flag: fl,
        }))
    }

    /// `.subreg` and `(tied-def N)` after a register.
    fn reg_tail(&mut self, r: Reg, fl: u32) -> PResult<Operand> {
        let mut sub = None;
        if self.c.peek() == b'.' {
            self.c.pos += 1;
            let at = self.c.pos;
            let w = self.c.word();
            match self.r.names.subreg(w) {
                Some(i) => sub = Some(i),
                None => {
                    return self
                        .c
                        .err_at(at, format!("unknown sub-register index '{w}'"))
                }
            }
        }
        let mut o = Operand::reg_use(r);
        if self.c.eat_str("(tied-def") {
            self.c.skip_spaces();
            let at = self.c.pos;
            let d = self.c.u32("an operand index")?;
            if d > 255 {
                return self.c.err_at(at, "tied operand index is too large");
            }
            self.c.expect(b')', "')'")?;
            o = Operand::reg_tied_use(r, d as usize);
        }
        o = o.with(fl);
        o.set_subreg(sub);
        Ok(o)
    }
}
