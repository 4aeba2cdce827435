//! Reading a function section: the reader's state, the header fields
//! (`properties:`, `frame:`, `stack:`, `registers:`, `externals:`,
//! `constants:`, `jump-tables:`, `liveins:`, `used-phys:`, `reserved:`,
//! `inline-asm:`, `eh-*:`) and the checks that close a function (every
//! block and virtual register referenced is defined).
//!
//! Invariants: top-level fields start at column 0 and their entries are
//! indented; every number that sizes a table (block, virtual register,
//! label numbers) is bounded by the section's length, so bad input cannot
//! make the reader allocate without bound; every index an operand or table
//! names is checked before use (blocks and virtual registers when the
//! section ends, since they may be defined after their first use).

use super::lex::{Cursor, PResult};
use super::Reader;
use crate::eh::{EhClause, EhClauseKind, EhInvoke, EhPad};
use crate::frame::{FrameIdx, FrameKind, FrameObject};
use crate::func::{MBlock, MachFunction};
use crate::inline_asm::{
    parse_constraints, AsmOperand, AsmOperandKind, Constraint, ConstraintKind,
};
use crate::reg::{PReg, RegClassId, VReg};
use rcc_ir::entity::{EntityId, PackedOption};
use rcc_ir::{GlobalId, ParseError};
use std::ops::Range;

/// An `inline-asm:` entry, waiting for its `INLINEASM` instruction.
pub(crate) struct AsmEntry {
    pub constraints: Vec<Constraint>,
    /// Template operands (constraints other than clobbers).
    pub numbered: usize,
    pub operands: Vec<AsmOperand>,
}

/// Everything read so far of one function section.
pub(crate) struct State<'r, 'a, 't> {
    pub r: &'r Reader<'a>,
    pub c: Cursor<'t>,
    pub mf: &'r mut MachFunction,
    /// Class of each virtual register referenced so far, with the offset
    /// of its first reference.
    pub vclass: Vec<(Option<RegClassId>, u32)>,
    /// Where each block of `mf.blocks` was defined by a header
    /// (`u32::MAX`: not yet).
    pub declared: Vec<u32>,
    /// The largest block number referenced, and where.
    pub max_block_ref: Option<(u32, usize)>,
    pub asms: Vec<AsmEntry>,
    pub next_asm: usize,
    pub scratch: Option<(u32, usize)>,
    /// Bound on table-sizing numbers: the section's length.
    pub limit: usize,
}

pub(crate) fn read_section(
    r: &Reader<'_>,
    text: &str,
    range: Range<usize>,
    mf: &mut MachFunction,
) -> Result<(), ParseError> {
    let mut s = State {
        r,
        c: Cursor::new(text, range.start, range.end),
        mf,
        vclass: Vec::new(),
        declared: Vec::new(),
        max_block_ref: None,
        asms: Vec::new(),
        next_asm: 0,
        scratch: None,
        limit: range.len(),
    };
    // The `---` line.
    s.c.next_line();
    if !s.c.eat_str("---") {
        return s.c.err("expected '---'");
    }
    s.c.end_line()?;
    let mut seen_body = false;
    while let Some(indented) = s.c.next_line() {
        if indented {
            return s.c.err("expected a field name at the start of the line");
        }
        let at = s.c.pos;
        let key = s.c.word();
        if key.is_empty() || !s.c.eat(b':') {
            s.c.pos = at;
            return s.c.err("expected 'field:'");
        }
        let own_lines = matches!(
            key,
            "stack"
                | "registers"
                | "externals"
                | "constants"
                | "jump-tables"
                | "inline-asm"
                | "eh-pads"
                | "eh-invokes"
        );
        match key {
            "name" => {
                while !s.c.at_eol() {
                    s.c.pos += 1;
                }
            }
            "properties" => s.properties()?,
            "frame" => s.frame()?,
            "stack" => s.entries(State::stack_entry)?,
            "registers" => s.entries(State::register_entry)?,
            "externals" => s.entries(State::external_entry)?,
            "constants" => s.entries(State::constant_entry)?,
            "jump-tables" => s.entries(State::jump_table_entry)?,
            "liveins" => s.mf.live_ins = s.preg_list()?,
            "used-phys" => s.mf.used_phys = s.preg_list()?,
            "reserved" => s.mf.reserved = s.preg_list()?,
            "inline-asm" => s.entries(State::asm_entry)?,
            "eh-labels" => {
                let n = s.bounded("a label count")?;
                while s.mf.eh.num_labels() < n as usize {
                    s.mf.eh.new_label();
                }
            }
            "eh-type-ids" => {
                s.mf.eh.type_ids.clear();
                if !s.c.at_eol() {
                    loop {
                        let ti = s.type_info()?;
                        s.mf.eh.type_ids.push(ti);
                        if !s.c.eat(b',') {
                            break;
                        }
                    }
                }
            }
            "eh-pads" => s.entries(State::pad_entry)?,
            "eh-invokes" => s.entries(State::invoke_entry)?,
            "body" => {
                s.c.eat(b'|');
                s.c.end_line()?;
                s.body()?;
                seen_body = true;
                break;
            }
            _ => {
                s.c.pos = at;
                return s.c.err(format!("unknown field '{key}'"));
            }
        }
        if !own_lines {
            s.c.end_line()?;
        }
    }
    if !seen_body {
        return s.c.err("expected 'body:'");
    }
    s.finish()
}

impl<'r, 'a, 't> State<'r, 'a, 't> {
    /// Indented entry lines after a `field:` line, each read by `f`.
    fn entries(&mut self, f: fn(&mut Self) -> PResult<()>) -> PResult<()> {
        self.c.end_line()?;
        loop {
            let save = self.c.pos;
            match self.c.next_line() {
                Some(true) => {
                    self.c.eat(b'-');
                    f(self)?;
                    self.c.end_line()?;
                }
                _ => {
                    self.c.pos = save;
                    return Ok(());
                }
            }
        }
    }

    /// A number that sizes a table, at most the section's length.
    pub fn bounded(&mut self, what: &str) -> PResult<u32> {
        self.c.skip_spaces();
        let at = self.c.pos;
        let n = self.c.u32(what)?;
        if n as usize > self.limit {
            return self
                .c
                .err_at(at, format!("{what} {n} is too large for this file"));
        }
        Ok(n)
    }

    fn properties(&mut self) -> PResult<()> {
        let mut p = 0;
        while !self.c.at_eol() {
            if self.c.peek().is_ascii_digit() {
                p |= self.c.u32("a property mask")?;
                continue;
            }
            let at = self.c.pos;
            let w = self.c.word();
            match super::write::PROPS.iter().find(|(_, n)| *n == w) {
                Some(&(bit, _)) => p |= bit,
                None => {
                    return self.c.err_at(
                        at,
                        "expected a property (ssa, no-phis, tied-rewritten, no-vregs)",
                    )
                }
            }
        }
        self.mf.props = p;
        Ok(())
    }

    fn frame(&mut self) -> PResult<()> {
        if self.c.at_eol() {
            return Ok(());
        }
        loop {
            let at = self.c.pos;
            let w = self.c.word();
            let f = &mut self.mf.frame;
            match w {
                "has-var-sized" => f.has_var_sized = true,
                "has-calls" => f.has_calls = true,
                "emit-cfi" => f.emit_cfi = true,
                "save-point" | "restore-point" => {
                    self.c.expect(b'=', "'='")?;
                    self.c.skip_spaces();
                    let b = self.block_ref()?;
                    if w == "save-point" {
                        self.mf.frame.save_point = Some(b);
                    } else {
                        self.mf.frame.restore_point = Some(b);
                    }
                }
                "max-align" | "max-call-frame" | "stack-size" | "scratch" => {
                    self.c.expect(b'=', "'='")?;
                    match w {
                        "max-align" => {
                            let a = self.c.u32("an alignment")?;
                            self.mf.frame.max_align = a;
                        }
                        "max-call-frame" => self.mf.frame.max_call_frame = self.c.uint("a size")?,
                        "stack-size" => self.mf.frame.stack_size = self.c.uint("a size")?,
                        _ => {
                            self.c.skip_spaces();
                            let at = self.c.pos;
                            if !self.c.eat_str("%stack.") {
                                return self.c.err("expected '%stack.N'");
                            }
                            let n = self.c.u32("a frame index")?;
                            self.scratch = Some((n, at));
                        }
                    }
                }
                _ => {
                    return self.c.err_at(
                        at,
                        "expected a frame field (max-align=, max-call-frame=, stack-size=, \
                         scratch=, save-point=, restore-point=, has-var-sized, has-calls, emit-cfi)",
                    )
                }
            }
            if !self.c.eat(b',') {
                return Ok(());
            }
        }
    }

    /// The head `PREFIXN:` of entry `N` of a numbered table holding `len`
    /// entries so far: entries are numbered in order, so `N` must be `len`.
    fn entry_head(&mut self, prefix: &str, what: &str, plural: &str, len: usize) -> PResult<()> {
        self.c.skip_spaces();
        let at = self.c.pos;
        if !self.c.eat_str(prefix) {
            return self.c.err(format!("expected '{prefix}N'"));
        }
        let n = self.c.u32(what)?;
        if n as usize != len {
            return self.c.err_at(
                at,
                format!("expected {prefix}{len} ({plural} are numbered in order)"),
            );
        }
        self.c.expect(b':', "':'")
    }

    /// `%stack.N: size=S, align=A, Local|Spill|Fixed, at O`.
    fn stack_entry(&mut self) -> PResult<()> {
        self.entry_head(
            "%stack.",
            "a frame index",
            "frame objects",
            self.mf.frame.objects.len(),
        )?;
        let mut o = FrameObject {
            size: 0,
            align: 1,
            kind: FrameKind::Local,
            offset: 0,
        };
        loop {
            let at = self.c.pos;
            match self.c.word() {
                "size" => {
                    self.c.expect(b'=', "'='")?;
                    o.size = self.c.uint("a size")?;
                }
                "align" => {
                    self.c.expect(b'=', "'='")?;
                    self.c.skip_spaces();
                    let a_at = self.c.pos;
                    o.align = self.c.u32("an alignment")?;
                    if !o.align.is_power_of_two() {
                        return self.c.err_at(a_at, "an alignment must be a power of two");
                    }
                }
                "Local" => o.kind = FrameKind::Local,
                "Spill" => o.kind = FrameKind::Spill,
                "Fixed" => o.kind = FrameKind::Fixed,
                "at" => o.offset = self.c.int("an offset")?,
                _ => {
                    return self.c.err_at(
                        at,
                        "expected size=, align=, Local, Spill, Fixed or 'at OFFSET'",
                    )
                }
            }
            if !self.c.eat(b',') {
                break;
            }
        }
        self.mf.frame.objects.push(o);
        Ok(())
    }

    /// `%N: class, %M: class, ...`.
    fn register_entry(&mut self) -> PResult<()> {
        loop {
            self.c.skip_spaces();
            if !self.c.eat(b'%') {
                return self.c.err("expected a virtual register '%N'");
            }
            let v = self.vreg_number()?;
            self.c.expect(b':', "':'")?;
            self.vreg_class_name(v)?;
            if !self.c.eat(b',') {
                return Ok(());
            }
        }
    }

    /// The number of a virtual register after `%`, registered as used.
    pub fn vreg_number(&mut self) -> PResult<VReg> {
        self.c.skip_spaces();
        let at = self.c.pos;
        let n = self.c.u32("a virtual register number")?;
        if n as usize >= self.limit || n >= (1 << 31) {
            return self.c.err_at(
                at,
                format!("virtual register number {n} is too large for this file"),
            );
        }
        if self.vclass.len() <= n as usize {
            self.vclass.resize(n as usize + 1, (None, u32::MAX));
        }
        let e = &mut self.vclass[n as usize];
        if e.1 == u32::MAX {
            e.1 = at as u32;
        }
        Ok(VReg::from_u32(n))
    }

    /// A class name for `v` (which must agree with an earlier one).
    pub fn vreg_class_name(&mut self, v: VReg) -> PResult<()> {
        self.c.skip_spaces();
        let at = self.c.pos;
        let w = self.c.word();
        let Some(c) = self.r.names.class(w) else {
            return self.c.err_at(at, format!("unknown register class '{w}'"));
        };
        let e = &mut self.vclass[v.index()];
        match e.0 {
            Some(old) if old != c => self.c.err_at(
                at,
                format!(
                    "class '{w}' of %{} conflicts with its earlier class '{}'",
                    v.as_u32(),
                    self.r.t.class_name(old).to_ascii_lowercase()
                ),
            ),
            _ => {
                e.0 = Some(c);
                Ok(())
            }
        }
    }

    /// `&name`.
    fn external_entry(&mut self) -> PResult<()> {
        self.c.expect(b'&', "'&name'")?;
        let n = self.c.ident("an external name")?;
        self.mf.ext_names.push(n.into());
        Ok(())
    }

    /// `%const.N: [hex, ...], align=A`.
    fn constant_entry(&mut self) -> PResult<()> {
        self.entry_head(
            "%const.",
            "a constant index",
            "constants",
            self.mf.const_pool.len(),
        )?;
        self.c.expect(b'[', "'[' and the constant's bytes")?;
        let start = self.mf.const_bytes.len();
        if !self.c.eat(b']') {
            loop {
                self.c.skip_spaces();
                let b_at = self.c.pos;
                let (h, l) = (self.c.peek(), self.c.peek_at(1));
                match (hexval(h), hexval(l)) {
                    (Some(h), Some(l)) => {
                        self.mf.const_bytes.push(h << 4 | l);
                        self.c.pos += 2;
                    }
                    _ => return self.c.err_at(b_at, "expected a byte as two hex digits"),
                }
                if self.c.eat(b']') {
                    break;
                }
                self.c.expect(b',', "',' or ']'")?;
            }
        }
        let bytes = rcc_ir::entity::PoolRange::since(&self.mf.const_bytes, start);
        let mut align = 1;
        if self.c.eat(b',') {
            let w_at = self.c.pos;
            if self.c.word() != "align" {
                return self.c.err_at(w_at, "expected 'align='");
            }
            self.c.expect(b'=', "'='")?;
            self.c.skip_spaces();
            let a_at = self.c.pos;
            align = self.c.u32("an alignment")?;
            if !align.is_power_of_two() {
                return self.c.err_at(a_at, "an alignment must be a power of two");
            }
        }
        self.mf
            .const_pool
            .push(crate::func::ConstEntry { bytes, align });
        Ok(())
    }

    /// `%jump-table.N: %bb.A, %bb.B`.
    fn jump_table_entry(&mut self) -> PResult<()> {
        self.entry_head(
            "%jump-table.",
            "a jump-table index",
            "jump tables",
            self.mf.jump_tables.len(),
        )?;
        let start = self.mf.jt_pool.len();
        if !self.c.at_eol() {
            loop {
                let b = self.block_ref()?;
                self.mf.jt_pool.push(b);
                if !self.c.eat(b',') {
                    break;
                }
            }
        }
        let r = rcc_ir::entity::PoolRange::since(&self.mf.jt_pool, start);
        self.mf.jump_tables.push(r);
        Ok(())
    }

    /// `%bb.N`, registered as referenced.
    pub fn block_ref(&mut self) -> PResult<MBlock> {
        self.c.skip_spaces();
        let at = self.c.pos;
        if !self.c.eat_str("%bb.") {
            return self.c.err("expected a block '%bb.N'");
        }
        self.block_number(at)
    }

    /// The number after `bb.`, registered as referenced from `at`.
    pub fn block_number(&mut self, at: usize) -> PResult<MBlock> {
        let n = self.c.u32("a block number")?;
        if n as usize >= self.limit {
            return self
                .c
                .err_at(at, format!("block number {n} is too large for this file"));
        }
        if self.max_block_ref.is_none_or(|(m, _)| n > m) {
            self.max_block_ref = Some((n, at));
        }
        Ok(MBlock::from_u32(n))
    }

    /// `$a, $b` to the end of the line (possibly empty).
    pub fn preg_list(&mut self) -> PResult<Vec<PReg>> {
        let mut out = Vec::new();
        if self.c.at_eol() {
            return Ok(out);
        }
        loop {
            out.push(self.preg()?);
            if !self.c.eat(b',') {
                return Ok(out);
            }
        }
    }

    /// `$name`.
    pub fn preg(&mut self) -> PResult<PReg> {
        self.c.skip_spaces();
        let at = self.c.pos;
        if !self.c.eat(b'$') {
            return self.c.err("expected a physical register '$name'");
        }
        let w = self.c.word();
        match self.r.names.reg(w) {
            Some(p) => Ok(p),
            None => self
                .c
                .err_at(at, format!("unknown physical register '${w}'")),
        }
    }

    /// `@name` of the module.
    pub fn global(&mut self) -> PResult<GlobalId> {
        self.c.skip_spaces();
        let at = self.c.pos;
        if !self.c.eat(b'@') {
            return self.c.err("expected a global '@name'");
        }
        let n = self.c.ident("a global name")?;
        if let Some(&g) = self.r.globals.get(n) {
            return Ok(g);
        }
        let unnamed = n
            .parse::<usize>()
            .ok()
            .and_then(|k| self.r.unnamed.get(k).copied());
        unnamed.map_or_else(
            || self.c.err_at(at, format!("no global '@{n}' in the module")),
            Ok,
        )
    }

    /// `@name` or `null`.
    fn type_info(&mut self) -> PResult<PackedOption<GlobalId>> {
        if self.c.peek_word() == "null" {
            self.c.word();
            return Ok(PackedOption::default());
        }
        Ok(PackedOption::some(self.global()?))
    }

    /// A label number, which must have been allocated (`eh-labels:`).
    pub fn label(&mut self) -> PResult<u32> {
        self.c.skip_spaces();
        let at = self.c.pos;
        let n = self.c.u32("a label number")?;
        if n as usize >= self.mf.eh.num_labels() {
            return self.c.err_at(
                at,
                format!(
                    "label {n} is not allocated (eh-labels: {})",
                    self.mf.eh.num_labels()
                ),
            );
        }
        Ok(n)
    }

    /// `constraints "..." , operands reg@1 mem@2 imm@7`.
    fn asm_entry(&mut self) -> PResult<()> {
        self.c.skip_spaces();
        let at = self.c.pos;
        if self.c.word() != "constraints" {
            return self.c.err_at(at, "expected 'constraints \"...\"'");
        }
        self.c.skip_spaces();
        let s_at = self.c.pos;
        let s = self.c.string("the constraint string")?;
        let constraints = match parse_constraints(&s) {
            Ok(c) => c,
            Err(e) => return self.c.err_at(s_at, e.to_string()),
        };
        let numbered = constraints
            .iter()
            .filter(|c| c.kind != ConstraintKind::Clobber)
            .count();
        let mut operands = Vec::new();
        if self.c.eat(b',') {
            let w_at = self.c.pos;
            if self.c.word() != "operands" {
                return self.c.err_at(w_at, "expected 'operands'");
            }
            while !self.c.at_eol() {
                let k_at = self.c.pos;
                let kind = match self.c.word() {
                    "reg" => AsmOperandKind::Reg,
                    "mem" => AsmOperandKind::Mem,
                    "imm" => AsmOperandKind::Imm,
                    _ => return self.c.err_at(k_at, "expected reg@N, mem@N or imm@N"),
                };
                self.c.expect(b'@', "'@'")?;
                self.c.skip_spaces();
                let f_at = self.c.pos;
                let first = self.c.u32("an operand index")?;
                let Ok(first) = u16::try_from(first) else {
                    return self.c.err_at(f_at, "operand index is too large");
                };
                operands.push(AsmOperand { kind, first });
            }
        }
        self.asms.push(AsmEntry {
            constraints,
            numbered,
            operands,
        });
        Ok(())
    }

    /// `%bb.N: label L, cleanup, catch [@a], filter [@b, null]`.
    fn pad_entry(&mut self) -> PResult<()> {
        let block = self.block_ref()?;
        self.c.expect(b':', "':'")?;
        let w_at = self.c.pos;
        if self.c.word() != "label" {
            return self.c.err_at(w_at, "expected 'label N'");
        }
        let label = self.label()?;
        let mut cleanup = false;
        let first = self.mf.eh.clauses.len() as u32;
        while self.c.eat(b',') {
            let at = self.c.pos;
            let kind = match self.c.word() {
                "cleanup" => {
                    cleanup = true;
                    continue;
                }
                "catch" => EhClauseKind::Catch,
                "filter" => EhClauseKind::Filter,
                _ => {
                    return self
                        .c
                        .err_at(at, "expected cleanup, catch [...] or filter [...]")
                }
            };
            self.c.expect(b'[', "'['")?;
            let start = self.mf.eh.types.len() as u32;
            if !self.c.eat(b']') {
                loop {
                    let ti = self.type_info()?;
                    self.mf.eh.types.push(ti);
                    if self.c.eat(b']') {
                        break;
                    }
                    self.c.expect(b',', "',' or ']'")?;
                }
            }
            let end = self.mf.eh.types.len() as u32;
            self.mf.eh.clauses.push(EhClause { kind, start, end });
        }
        let clauses = (first, self.mf.eh.clauses.len() as u32);
        if self.mf.eh.pad_of(block).is_some() {
            return self
                .c
                .err_at(w_at, format!("%{block} is already a landing pad"));
        }
        self.mf.eh.add_pad(EhPad {
            block,
            label,
            cleanup,
            clauses,
        });
        Ok(())
    }

    /// `begin B, end E, pad P`.
    fn invoke_entry(&mut self) -> PResult<()> {
        let mut v = [0u32; 3];
        for (k, key) in ["begin", "end", "pad"].iter().enumerate() {
            if k > 0 {
                self.c.expect(b',', "','")?;
            }
            self.c.skip_spaces();
            let at = self.c.pos;
            if self.c.word() != *key {
                return self.c.err_at(at, format!("expected '{key}'"));
            }
            v[k] = if k < 2 {
                self.label()?
            } else {
                self.c.skip_spaces();
                let p_at = self.c.pos;
                let p = self.c.u32("a pad index")?;
                if p as usize >= self.mf.eh.pads().len() {
                    return self
                        .c
                        .err_at(p_at, format!("no landing pad {p} (eh-pads:)"));
                }
                p
            };
        }
        self.mf.eh.add_invoke(EhInvoke {
            begin: v[0],
            end: v[1],
            pad: v[2],
        });
        Ok(())
    }

    /// The checks at the end of the section, and the vreg classes.
    fn finish(&mut self) -> PResult<()> {
        if let Some((n, at)) = self.max_block_ref {
            if n as usize >= self.declared.len() || self.declared[n as usize] == u32::MAX {
                return self.c.err_at(at, format!("block %bb.{n} is not defined"));
            }
        }
        if let Some(k) = self.declared.iter().position(|&d| d == u32::MAX) {
            // Point at the first header after the gap.
            let at = self.declared[k..]
                .iter()
                .find(|&&d| d != u32::MAX)
                .map_or(self.c.pos, |&d| d as usize);
            return self.c.err_at(
                at,
                format!("block bb.{k} is missing (blocks are numbered from 0 without gaps)"),
            );
        }
        if let Some((n, at)) = self.scratch {
            if n as usize >= self.mf.frame.objects.len() {
                return self.c.err_at(at, format!("no frame object %stack.{n}"));
            }
            self.mf.frame.scratch = Some(FrameIdx::from_u32(n));
        }
        if self.next_asm < self.asms.len() {
            return self.c.err(format!(
                "{} inline-asm entries but {} INLINEASM instructions",
                self.asms.len(),
                self.next_asm
            ));
        }
        self.mf.vreg_class.clear();
        for (k, &(c, at)) in self.vclass.iter().enumerate() {
            match c {
                Some(c) => {
                    self.mf.vreg_class.push(c);
                }
                None if at == u32::MAX => {
                    return self.c.err(format!(
                        "virtual register %{k} has no class (list it under registers:)"
                    ))
                }
                None => {
                    return self.c.err_at(
                        at as usize,
                        format!("virtual register %{k} has no class (list it under registers: or give it on its def)"),
                    )
                }
            }
        }
        Ok(())
    }
}

fn hexval(c: u8) -> Option<u8> {
    (c as char).to_digit(16).map(|d| d as u8)
}
