//! The x86-64 pattern compiler: reads the instruction selector's
//! `patterns.desc` (the language is documented in the file's header),
//! checks every row against the instruction rows tablegen has just read,
//! and writes the rows as static data (`x86_64_patterns.rs`) that the
//! generic matcher (`rcc_dag::isel::matcher`) and x86's emitter interpret.
//! The trees are the generic language of [`super::patterns`]; this module
//! adds x86's leaf predicates ([`Pred`]) and the output side: forms,
//! operand slots, registers, sub-registers, condition codes, constant-pool
//! splats and the scratch slot.
//!
//! Checks (each a `file:line` build error): `for` templates are closed and
//! have the right arity; operations, value types, predicates, conditions,
//! registers and sub-register indices exist; trees have their operation's
//! arity; forms exist; operand counts and kinds agree with the form's
//! input slots; literals fit their immediate slots; names are bound
//! before use and keep one predicate; only `COPY` defines a physical
//! register; a row whose root produces a value defines one. The scratch
//! slot bound (`scratch+N`) is a constant of `rcc_mach`, so it becomes a
//! compile-time assertion in the generated code carrying the row's line.
//!
//! Derived per row: the immediate kinds each variable feeds (the matcher
//! checks a constant against all of them), the variables used only as an
//! address that is not accessed (`lea`), the dead EFLAGS defs, and the
//! row's complexity, which orders the rows of each root opcode (bigger
//! trees first, then more constrained leaves, then file order; LLVM's
//! pattern complexity).

use super::core::fail;
use super::patterns::{self, bound, complexity, expand, node_code, Error, PNode, RowParser, Tok};
use super::ImmKind;
use std::collections::{BTreeSet, HashMap};
use std::fmt::Write as _;

/// What an input slot of a form accepts.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Slot {
    Reg,
    /// A memory operand; `address_only`: not accessed (`lea`, `nop`).
    Mem {
        address_only: bool,
    },
    Imm(ImmKind),
    Cond,
    Block,
}

/// What the pattern compiler needs of an instruction form.
pub struct Form {
    pub name: String,
    /// The input slots in descriptor order (uses, tied uses, memory,
    /// immediates, conditions, branch targets).
    pub slots: Vec<Slot>,
    /// Whether the form defines a register.
    pub has_def: bool,
    pub defs_flags: bool,
    pub uses_flags: bool,
}

/// The target's names the pattern rows refer to.
pub struct Vocabulary<'a> {
    /// The forms, in opcode order.
    pub forms: &'a [Form],
    /// Registers: (assembler name, constant name).
    pub regs: HashMap<&'a str, &'a str>,
    /// Sub-register index names, in index order.
    pub subregs: &'a [&'a str],
}

/// x86 condition codes as `cc(...)` spells them, in encoding order.
const CC_NAMES: [&str; 16] = [
    "o", "no", "b", "ae", "e", "ne", "be", "a", "s", "ns", "p", "np", "l", "ge", "le", "g",
];

pub use super::Pred;

impl patterns::Pred for Pred {
    fn parse(w: &str) -> Option<Pred> {
        Some(match w {
            "r" => Pred::R,
            "def32" => Pred::Def32,
            "imm" => Pred::Imm,
            "uimm32" => Pred::UImm32,
            "uimm8" => Pred::UImm8,
            "addr" => Pred::Addr,
            "gotsym" => Pred::GotSym,
            "bb" => Pred::Bb,
            "fpimm" => Pred::FpImm,
            "splat" => Pred::Splat,
            "cpool" => Pred::CPool,
            _ => return None,
        })
    }

    const COND: Pred = Pred::Cc;

    fn is_register(self) -> bool {
        self == Pred::R
    }
}

/// The sub-register indices a pattern may name (`sub_8bit`, `sub_16bit`,
/// `sub_32bit`), as their index.
#[derive(Clone, Debug, PartialEq)]
enum PDef {
    None,
    Var(u8),
    /// A register constant name.
    Phys(String),
}

#[derive(Clone, Debug, PartialEq)]
enum POperand {
    Var(u8),
    VarSub(u8, u8),
    Phys(String),
    Imm(i64),
    Cc(u8),
    CcLit(u8),
    Pool { value: u64, bits: u8 },
    Scratch(u8),
    Undef,
}

#[derive(Clone, Debug)]
struct PInst {
    /// An index into the forms, or `MOpc::` generic opcode name.
    opc: Opc,
    def: PDef,
    ops: Vec<POperand>,
    dead_eflags: bool,
}

#[derive(Copy, Clone, PartialEq, Eq, Debug)]
enum Opc {
    Form(usize),
    Generic(&'static str),
}

#[derive(Clone, Debug)]
struct Pattern {
    nodes: Vec<PNode<Pred>>,
    root: u16,
    insts: Vec<PInst>,
    nvars: u8,
    imm_kinds: Vec<Vec<ImmKind>>,
    addr_only: u64,
    result: Option<u8>,
    line: usize,
    text: String,
    /// `scratch+N` displacements the row uses.
    scratch: Vec<u8>,
}

/// Compiles `patterns.desc` into Rust source (see the module comment);
/// fails the build with `file:line: message` on a bad row.
pub fn compile(file: &str, text: &str, vocab: &Vocabulary<'_>) -> String {
    match parse(text, vocab) {
        Ok(rows) => emit(file, &rows, vocab),
        Err((line, msg)) => fail(file, line, msg),
    }
}

fn parse(text: &str, vocab: &Vocabulary<'_>) -> Result<Vec<Pattern>, Error> {
    let mut lines = Vec::new();
    expand(text, &mut lines)?;
    let names: HashMap<&str, usize> = vocab
        .forms
        .iter()
        .enumerate()
        .map(|(i, f)| (f.name.as_str(), i))
        .collect();
    let mut rows = Vec::new();
    for (line, row) in lines {
        let p = parse_row(&row, line, &names, vocab).map_err(|e| (line, format!("{e}: {row}")))?;
        rows.push(p);
    }
    Ok(rows)
}

fn subreg_index(w: &str, vocab: &Vocabulary<'_>) -> Option<u8> {
    if !matches!(w, "sub_8bit" | "sub_16bit" | "sub_32bit") {
        return None;
    }
    vocab.subregs.iter().position(|s| *s == w).map(|i| i as u8)
}

fn phys(w: &str, vocab: &Vocabulary<'_>) -> Result<String, String> {
    let n = w.strip_prefix('%').ok_or("expected %reg")?;
    vocab
        .regs
        .get(n)
        .map(|c| c.to_string())
        .ok_or_else(|| format!("unknown register %{n}"))
}

fn parse_row(
    row: &str,
    line: usize,
    names: &HashMap<&str, usize>,
    vocab: &Vocabulary<'_>,
) -> Result<Pattern, String> {
    let mut p = RowParser::<Pred>::new(row);
    let root = p.tree()?;
    p.expect(Tok::Arrow)?;
    let mut insts = Vec::new();
    let mut imm_kinds: Vec<Vec<ImmKind>> = Vec::new();
    let mut scratch = Vec::new();
    let mut result = None;
    loop {
        let (inst, defines_vreg) = parse_inst(&mut p, names, vocab, &mut imm_kinds, &mut scratch)?;
        if defines_vreg {
            if let PDef::Var(v) = inst.def {
                result = Some(v);
            }
        }
        insts.push(inst);
        match p.next() {
            None => break,
            Some(Tok::Semi) => continue,
            Some(t) => return Err(format!("expected `;`, found {t:?}")),
        }
    }
    // Dead EFLAGS: a def no later instruction of the row reads.
    for i in 0..insts.len() {
        let reads_later = insts[i + 1..].iter().find_map(|j| {
            let Opc::Form(t) = j.opc else {
                return None;
            };
            let f = &vocab.forms[t];
            if f.uses_flags {
                Some(true)
            } else if f.defs_flags {
                Some(false)
            } else {
                None
            }
        });
        insts[i].dead_eflags = !reads_later.unwrap_or(false);
    }
    // Chained roots produce only their chain, except loads.
    let produces_value = patterns::produces_value(patterns::root_op(&p.nodes, root));
    if produces_value && result.is_none() {
        return Err("the row defines no value".into());
    }
    imm_kinds.resize(p.vars.len(), Vec::new());
    let mut addr_only = 0u64;
    for inst in &insts {
        let Opc::Form(t) = inst.opc else {
            continue;
        };
        for (slot, op) in vocab.forms[t].slots.iter().zip(&inst.ops) {
            if let (Slot::Mem { address_only: true }, POperand::Var(v)) = (slot, op) {
                addr_only |= 1u64 << (*v).min(63);
            }
        }
    }
    Ok(Pattern {
        nodes: p.nodes,
        root,
        insts,
        nvars: p.vars.len() as u8,
        imm_kinds,
        addr_only,
        result: if produces_value { result } else { None },
        line,
        text: row.to_string(),
        scratch,
    })
}

/// Parses one output instruction; returns it and whether it defines a
/// virtual register.
fn parse_inst(
    p: &mut RowParser<'_, Pred>,
    names: &HashMap<&str, usize>,
    vocab: &Vocabulary<'_>,
    imm_kinds: &mut Vec<Vec<ImmKind>>,
    scratch: &mut Vec<u8>,
) -> Result<(PInst, bool), String> {
    let Some(Tok::Word(first)) = p.next() else {
        return Err("expected an instruction".into());
    };
    let mut def_word = None;
    let mut form = first;
    if p.peek() == Some(&Tok::Eq) {
        p.pos += 1;
        def_word = Some(first);
        let Some(Tok::Word(f)) = p.next() else {
            return Err("expected a form after `=`".into());
        };
        form = f;
    }
    let opc = match form {
        "COPY" => Opc::Generic("COPY"),
        "SUBREG_TO_REG" => Opc::Generic("SUBREG_TO_REG"),
        "IMPLICIT_DEF" => Opc::Generic("IMPLICIT_DEF"),
        _ => Opc::Form(
            *names
                .get(form)
                .ok_or_else(|| format!("unknown form `{form}`"))?,
        ),
    };
    // Operand words.
    let mut words = Vec::new();
    while let Some(Tok::Word(w)) = p.peek().cloned() {
        p.pos += 1;
        if (w == "cc" || w == "splat32" || w == "splat64") && p.peek() == Some(&Tok::L) {
            p.pos += 1;
            let Some(Tok::Word(c)) = p.next() else {
                return Err(format!("expected an argument in {w}()"));
            };
            p.expect(Tok::R)?;
            words.push((w, c));
        } else {
            words.push(("", w));
        }
        if p.peek() == Some(&Tok::Comma) {
            p.pos += 1;
        } else {
            break;
        }
    }
    let (slots, has_def) = match opc {
        Opc::Form(t) => (vocab.forms[t].slots.clone(), vocab.forms[t].has_def),
        Opc::Generic("COPY") => (vec![Slot::Reg], true),
        Opc::Generic("SUBREG_TO_REG") => (
            vec![Slot::Imm(ImmKind::I32), Slot::Reg, Slot::Imm(ImmKind::I32)],
            true,
        ),
        Opc::Generic(_) => (vec![], true),
    };
    if words.len() != slots.len() {
        return Err(format!(
            "{form} takes {} operands, found {}",
            slots.len(),
            words.len()
        ));
    }
    let mut ops = Vec::new();
    for (&(kind, w), &slot) in words.iter().zip(&slots) {
        ops.push(parse_operand(p, vocab, kind, w, slot, imm_kinds, scratch)?);
    }
    let mut def = PDef::None;
    let mut defines_vreg = false;
    if let Some(d) = def_word {
        if !has_def {
            return Err(format!("{form} defines no register"));
        }
        if d.starts_with('%') {
            if opc != Opc::Generic("COPY") {
                return Err("only COPY may define a physical register".into());
            }
            def = PDef::Phys(phys(d, vocab)?);
        } else {
            let name = d.strip_prefix('$').ok_or("a def is $name or %reg")?;
            def = PDef::Var(p.var(name, false)?);
            defines_vreg = true;
        }
    } else if has_def {
        // An unnamed def: a hidden variable.
        let hidden = format!(" {}", p.vars.len());
        def = PDef::Var(p.var(&hidden, false)?);
        defines_vreg = true;
    }
    Ok((
        PInst {
            opc,
            def,
            ops,
            dead_eflags: false,
        },
        defines_vreg,
    ))
}

fn parse_operand(
    p: &mut RowParser<'_, Pred>,
    vocab: &Vocabulary<'_>,
    kind: &str,
    w: &str,
    slot: Slot,
    imm_kinds: &mut Vec<Vec<ImmKind>>,
    scratch: &mut Vec<u8>,
) -> Result<POperand, String> {
    let is_mem = matches!(slot, Slot::Mem { .. });
    if let Some(bits) = kind.strip_prefix("splat") {
        if !is_mem {
            return Err(format!("{kind}() outside a memory slot"));
        }
        let hex = w
            .strip_prefix("0x")
            .ok_or_else(|| format!("{kind}() takes a hex literal"))?;
        let value = u64::from_str_radix(hex, 16).map_err(|e| format!("{kind}({w}): {e}"))?;
        let bits: u8 = bits.parse().map_err(|_| format!("bad {kind}"))?;
        if bits < 64 && value >> bits != 0 {
            return Err(format!("{kind}({w}) does not fit the lane"));
        }
        return Ok(POperand::Pool { value, bits });
    }
    if w == "undef" {
        return match slot {
            Slot::Reg => Ok(POperand::Undef),
            _ => Err("undef outside a register slot".into()),
        };
    }
    if let Some(rest) = w.strip_prefix("scratch") {
        let disp = match rest.strip_prefix('+') {
            Some(n) => n.parse::<u8>().map_err(|_| format!("bad {w}"))?,
            None if rest.is_empty() => 0,
            None => return Err(format!("bad operand `{w}`")),
        };
        if !is_mem {
            return Err("scratch outside a memory slot".into());
        }
        scratch.push(disp);
        return Ok(POperand::Scratch(disp));
    }
    if kind == "cc" {
        if slot != Slot::Cond {
            return Err("cc() outside a condition slot".into());
        }
        if let Some(n) = w.strip_prefix('$') {
            let v = bound(p, n)?;
            if p.preds[v as usize] != Some(Pred::Cc) {
                return Err(format!("${n} is not a condition"));
            }
            return Ok(POperand::Cc(v));
        }
        let c = CC_NAMES
            .iter()
            .position(|&c| c == w)
            .ok_or_else(|| format!("unknown condition `{w}`"))?;
        return Ok(POperand::CcLit(c as u8));
    }
    if let Ok(v) = w.parse::<i64>() {
        return match slot {
            Slot::Imm(k) if k.fits(v) => Ok(POperand::Imm(v)),
            _ => Err(format!("literal {w} does not fit its slot")),
        };
    }
    if let Some(i) = subreg_index(w, vocab) {
        return match slot {
            Slot::Imm(_) => Ok(POperand::Imm(i as i64)),
            _ => Err(format!("{w} in a non-immediate slot")),
        };
    }
    if w.starts_with('%') {
        return match slot {
            Slot::Reg => Ok(POperand::Phys(phys(w, vocab)?)),
            _ => Err(format!("{w} in a non-register slot")),
        };
    }
    let body = w
        .strip_prefix('$')
        .ok_or_else(|| format!("bad operand `{w}`"))?;
    let (name, sub) = match body.split_once('.') {
        Some((n, s)) => (
            n,
            Some(subreg_index(s, vocab).ok_or_else(|| format!("bad sub-register `{s}`"))?),
        ),
        None => (body, None),
    };
    let v = bound(p, name)?;
    let pred = p.preds[v as usize];
    let ok = match (slot, pred) {
        (Slot::Reg, None | Some(Pred::R | Pred::Def32)) => true,
        (
            Slot::Mem { .. },
            Some(Pred::Addr | Pred::GotSym | Pred::R | Pred::FpImm | Pred::CPool),
        ) => sub.is_none(),
        (Slot::Imm(k), Some(Pred::Imm | Pred::UImm32 | Pred::UImm8 | Pred::Splat)) => {
            if imm_kinds.len() <= v as usize {
                imm_kinds.resize(v as usize + 1, Vec::new());
            }
            imm_kinds[v as usize].push(k);
            sub.is_none()
        }
        (Slot::Block, Some(Pred::Bb)) => sub.is_none(),
        _ => false,
    };
    if !ok {
        let slot = match slot {
            Slot::Mem { .. } => "Mem".to_string(),
            s => format!("{s:?}"),
        };
        return Err(format!("${name} ({pred:?}) does not fit a {slot} slot"));
    }
    Ok(match sub {
        Some(s) => POperand::VarSub(v, s),
        None => POperand::Var(v),
    })
}

// ---- code

fn emit(file: &str, rows: &[Pattern], vocab: &Vocabulary<'_>) -> String {
    let mut o = String::new();
    writeln!(
        o,
        "// @generated by targets/build/tablegen/x86_64_patterns.rs from {file}.\n"
    )
    .unwrap();
    let scratch: BTreeSet<(usize, u8)> = rows
        .iter()
        .flat_map(|p| p.scratch.iter().map(|&d| (p.line, d)))
        .collect();
    for (line, d) in scratch {
        writeln!(
            o,
            "const _: () = assert!({d}_u64 < rcc_mach::FrameInfo::SCRATCH_SIZE, \"{file}:{line}: scratch+{d} is outside the scratch slot\");"
        )
        .unwrap();
    }
    writeln!(
        o,
        "/// The pattern rows, in file order.\npub static ROWS: [Pattern; {}] = [",
        rows.len()
    )
    .unwrap();
    for p in rows {
        let nodes: Vec<String> = p.nodes.iter().map(node_code).collect();
        let insts: Vec<String> = p.insts.iter().map(|i| inst_code(i, vocab)).collect();
        let kinds: Vec<String> = p
            .imm_kinds
            .iter()
            .map(|ks| {
                let ks: Vec<String> = ks.iter().map(|k| format!("ImmKind::{k:?}")).collect();
                format!("&[{}]", ks.join(", "))
            })
            .collect();
        writeln!(
            o,
            "    Pattern {{ tree: Tree {{ nodes: &[{}], root: {}, nvars: {} }}, insts: &[{}], imm_kinds: &[{}], addr_only: {:#x}, result: {:?}, line: {}, text: {:?} }},",
            nodes.join(", "),
            p.root,
            p.nvars,
            insts.join(", "),
            kinds.join(", "),
            p.addr_only,
            p.result,
            p.line,
            p.text
        )
        .unwrap();
    }
    o.push_str("];\n\n");
    let roots: Vec<(&str, usize, Option<String>)> = rows
        .iter()
        .map(|p| {
            (
                patterns::root_op(&p.nodes, p.root),
                complexity(&p.nodes),
                patterns::root_vt(&p.nodes, p.root),
            )
        })
        .collect();
    o.push_str(&patterns::rows_for_root_code(&roots));
    o
}

fn inst_code(i: &PInst, vocab: &Vocabulary<'_>) -> String {
    let opc = match i.opc {
        Opc::Form(t) => format!("MOpc::target(op::{}.0)", vocab.forms[t].name),
        Opc::Generic(g) => format!("MOpc::{g}"),
    };
    let def = match &i.def {
        PDef::None => "PDef::None".into(),
        PDef::Var(v) => format!("PDef::Var({v})"),
        PDef::Phys(r) => format!("PDef::Phys(regs::{r})"),
    };
    let ops: Vec<String> = i
        .ops
        .iter()
        .map(|o| match o {
            POperand::Phys(r) => format!("POperand::Phys(regs::{r})"),
            o => format!("POperand::{o:?}"),
        })
        .collect();
    format!(
        "PInst {{ opc: {opc}, def: {def}, ops: &[{}], dead_eflags: {} }}",
        ops.join(", "),
        i.dead_eflags
    )
}
