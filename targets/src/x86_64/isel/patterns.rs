//! The pattern table: `patterns.desc` parsed into rows the matcher
//! interprets (see the file's header for the language).
//!
//! The description is parsed once per process ([`patterns`], a
//! `OnceLock`) from the `include_str!`-ed text. Parsing expands `for`
//! templates textually, then checks every row against the instruction
//! descriptors: forms must exist, operand counts and kinds must agree with
//! the form's input slots, physical registers must exist, names must be
//! bound before use. Errors carry the line number; a unit test parses the
//! whole file, so a bad row fails `cargo test`.
//!
//! Invariants of a parsed [`Pattern`]: `nodes[root]` is a `PNode::Node`;
//! children precede nothing in particular but are referenced by index;
//! every operand variable of an instruction is bound by the tree or by an
//! earlier instruction's def; `result` is the last virtual-register def.

use super::super::desc::{ImmKind, MemSize, OpKind, Role, DESCS};
use super::super::printer::CC_NAMES;
use super::super::regs;
use rcc_dag::{Cond, Ext, FCond, Op, VT};
use rcc_mach::{MOpc, PReg};
use std::collections::HashMap;
use std::sync::OnceLock;

/// The pattern language's operations (a DAG opcode, refined for memory).
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct POp {
    pub op: Op,
    /// Load extension (`Load` only).
    pub ext: Ext,
    /// Memory bits of an extending load or truncating store; 0 = natural.
    pub mem: u32,
    /// Minimum alignment of a load or store (`alignedload`: 16).
    pub align: u32,
    /// `lea`: an `add` taken as a whole address (its one child binds the
    /// add itself as `addr`), matched only when the address is worth a
    /// `lea` (see `AddrMode::lea_worthy`).
    pub lea: bool,
}

/// Operand predicates.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Pred {
    R,
    /// An i32 value computed by a 32-bit instruction, which leaves the
    /// upper half of its 64-bit register zero (LLVM's `def32`).
    Def32,
    Imm,
    UImm32,
    Addr,
    GotSym,
    Bb,
    /// The enclosing setcc's condition.
    Cc,
    /// A `ConstantFP` (its bits); in a memory slot it becomes a
    /// constant-pool entry of the slot's size.
    FpImm,
    /// A `BuildVector` whose lanes are all the same `Constant` (its value,
    /// checked against the slots like `imm`).
    Splat,
    /// A `BuildVector` of constants other than all-zeros and all-ones (which
    /// are cheaper in a register); only in memory slots: a constant-pool
    /// entry.
    CPool,
}

/// A node of a pattern tree.
#[derive(Clone, Debug)]
pub enum PNode {
    Node {
        op: POp,
        vt: Option<VT>,
        kids: Vec<u16>,
    },
    Var {
        var: u8,
        vt: Option<VT>,
        pred: Pred,
    },
    /// A Constant of this value (sign-extended literal, compared masked),
    /// or a `ConstantFP` with these bits.
    Lit(i64),
    /// The condition of the enclosing `fsetcc` (third child): this one.
    FCond(FCond),
    /// The condition of the enclosing setcc (third child): this one.
    CondLit(Cond),
}

/// Where an instruction's def goes.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum PDef {
    None,
    Var(u8),
    Phys(PReg),
}

/// An operand of an output instruction.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum POperand {
    Var(u8),
    /// A part of a variable's register.
    VarSub(u8, u8),
    Phys(PReg),
    Imm(i64),
    /// The x86 condition code of a setcc bound to the variable.
    Cc(u8),
    CcLit(u8),
    /// A constant-pool entry for a memory slot: a `bits`-wide lane of
    /// value `value`, repeated to fill the slot (`splat32(0x80000000)`).
    Pool {
        value: u64,
        bits: u8,
    },
    /// The function's scratch stack slot plus a displacement (`scratch`,
    /// `scratch+8`; a memory slot).
    Scratch(u8),
    /// `undef`: the instruction's own def register, read as undefined
    /// (register slots after the def, or the tied slot).
    Undef,
}

/// One output instruction.
#[derive(Clone, Debug)]
pub struct PInst {
    pub opc: MOpc,
    pub def: PDef,
    pub ops: Vec<POperand>,
    /// Whether an implicit EFLAGS def is dead (no later instruction of the
    /// row reads it).
    pub dead_eflags: bool,
}

/// One row.
#[derive(Clone, Debug)]
pub struct Pattern {
    pub nodes: Vec<PNode>,
    pub root: u16,
    pub insts: Vec<PInst>,
    /// Number of variables (tree-bound and defined).
    pub nvars: u8,
    /// Per variable, the immediate kinds of the slots it is used in.
    pub imm_kinds: Vec<Vec<ImmKind>>,
    /// Bit `v`: variable `v` is used as an address that is not accessed
    /// (`lea`), where a segment would be ignored.
    pub addr_only: u64,
    /// The variable holding the row's value, if it has one.
    pub result: Option<u8>,
    pub line: u32,
    pub text: String,
}

impl Pattern {
    /// The row's priority: rows with more operations in the tree are tried
    /// first, then rows with more constrained leaves (literals, predicates
    /// other than `r`), as LLVM's pattern complexity.
    pub fn complexity(&self) -> usize {
        self.nodes
            .iter()
            .map(|n| match n {
                // A lea folds at least two operations of an address.
                PNode::Node { op, .. } if op.lea => 32,
                PNode::Node { .. } => 16,
                PNode::Lit(_) | PNode::FCond(_) | PNode::CondLit(_) => 1,
                PNode::Var { pred, .. } => (*pred != Pred::R) as usize,
            })
            .sum()
    }
}

/// All rows, grouped by root opcode in priority order.
pub struct Patterns {
    pub rows: Vec<Pattern>,
    by_root: HashMap<Op, Vec<u32>>,
}

impl Patterns {
    /// The rows whose root has opcode `op`, in priority order: more
    /// operations in the tree first, then file order.
    pub fn for_root(&self, op: Op) -> &[u32] {
        self.by_root.get(&op).map_or(&[], |v| v)
    }
}

/// The parsed `patterns.desc` (panics on a bad description, which the unit
/// test rules out).
pub fn patterns() -> &'static Patterns {
    static P: OnceLock<Patterns> = OnceLock::new();
    P.get_or_init(|| parse(include_str!("patterns.desc")).unwrap_or_else(|e| panic!("{e}")))
}

/// Parses a pattern description.
pub fn parse(text: &str) -> Result<Patterns, String> {
    let mut lines = Vec::new();
    expand(text, &mut lines)?;
    let names = form_names();
    let mut rows = Vec::new();
    let mut by_root: HashMap<Op, Vec<u32>> = HashMap::new();
    for (line, row) in lines {
        let p = parse_row(&row, line, &names)
            .map_err(|e| format!("patterns.desc:{line}: {e}: {row}"))?;
        let PNode::Node { op, .. } = &p.nodes[p.root as usize] else {
            unreachable!("root is a node")
        };
        by_root.entry(op.op).or_default().push(rows.len() as u32);
        rows.push(p);
    }
    // Bigger trees first, then more constrained leaves (LLVM's pattern
    // complexity), file order among equals: a row that folds more of the
    // DAG beats a general one wherever it sits in the file.
    for list in by_root.values_mut() {
        list.sort_by_key(|&r| std::cmp::Reverse(rows[r as usize].complexity()));
    }
    Ok(Patterns { rows, by_root })
}

fn form_names() -> HashMap<&'static str, u16> {
    DESCS
        .iter()
        .enumerate()
        .map(|(i, d)| (d.name, i as u16))
        .collect()
}

// ---- templates

/// Expands `for` blocks into (line number, row) pairs.
fn expand(text: &str, out: &mut Vec<(u32, String)>) -> Result<(), String> {
    let lines: Vec<(u32, &str)> = text
        .lines()
        .enumerate()
        .map(|(i, l)| (i as u32 + 1, l.split('#').next().unwrap_or("").trim()))
        .filter(|(_, l)| !l.is_empty())
        .collect();
    let mut i = 0;
    expand_block(&lines, &mut i, &[], out)?;
    if i != lines.len() {
        return Err(format!("patterns.desc:{}: `end` without `for`", lines[i].0));
    }
    Ok(())
}

fn expand_block(
    lines: &[(u32, &str)],
    i: &mut usize,
    env: &[(String, String)],
    out: &mut Vec<(u32, String)>,
) -> Result<(), String> {
    while *i < lines.len() {
        let (ln, l) = lines[*i];
        if l == "end" {
            return Ok(());
        }
        *i += 1;
        if let Some(rest) = l.strip_prefix("for ") {
            let (vars, groups) = rest
                .split_once('=')
                .ok_or_else(|| format!("patterns.desc:{ln}: `for` without `=`"))?;
            let vars: Vec<&str> = vars.split_whitespace().collect();
            let body = *i;
            let mut end = body;
            for g in groups.split('|') {
                let vals: Vec<&str> = g.split_whitespace().collect();
                if vals.len() != vars.len() {
                    return Err(format!(
                        "patterns.desc:{ln}: group `{g}` has the wrong arity"
                    ));
                }
                let mut env2 = env.to_vec();
                for (v, x) in vars.iter().zip(&vals) {
                    env2.push((v.to_string(), subst(x, env)));
                }
                end = body;
                expand_block(lines, &mut end, &env2, out)?;
                if end >= lines.len() {
                    return Err(format!("patterns.desc:{ln}: `for` without `end`"));
                }
            }
            *i = end + 1;
        } else {
            out.push((ln, subst(l, env)));
        }
    }
    Ok(())
}

/// Substitutes `$NAME` and `${NAME}` for the template variables in `env`.
fn subst(s: &str, env: &[(String, String)]) -> String {
    let mut out = String::with_capacity(s.len());
    let b = s.as_bytes();
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'$' {
            let (name, len) = if b.get(i + 1) == Some(&b'{') {
                let end = s[i + 2..].find('}').map_or(s.len(), |e| i + 2 + e);
                (&s[i + 2..end], end + 1 - i)
            } else {
                let end = s[i + 1..]
                    .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
                    .map_or(s.len(), |e| i + 1 + e);
                (&s[i + 1..end], end - i)
            };
            if let Some((_, v)) = env.iter().rev().find(|(n, _)| n == name) {
                out.push_str(v);
                i += len;
                continue;
            }
        }
        out.push(b[i] as char);
        i += 1;
    }
    out
}

// ---- rows

#[derive(Clone, Debug, PartialEq)]
enum Tok<'a> {
    L,
    R,
    Comma,
    Semi,
    Eq,
    Arrow,
    Word(&'a str),
}

fn lex(s: &str) -> Vec<Tok<'_>> {
    let mut v = Vec::new();
    let b = s.as_bytes();
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            b' ' | b'\t' => i += 1,
            b'(' => (v.push(Tok::L), i += 1).1,
            b')' => (v.push(Tok::R), i += 1).1,
            b',' => (v.push(Tok::Comma), i += 1).1,
            b';' => (v.push(Tok::Semi), i += 1).1,
            b'=' => (v.push(Tok::Eq), i += 1).1,
            b'-' if b.get(i + 1) == Some(&b'>') => (v.push(Tok::Arrow), i += 2).1,
            _ => {
                let end = s[i..]
                    .find(|c: char| " \t(),;=".contains(c))
                    .map_or(s.len(), |e| i + e);
                v.push(Tok::Word(&s[i..end]));
                i = end;
            }
        }
    }
    v
}

struct RowParser<'a> {
    toks: Vec<Tok<'a>>,
    pos: usize,
    nodes: Vec<PNode>,
    vars: Vec<String>,
    /// Whether each variable is bound by the tree (true) or by a def.
    from_tree: Vec<bool>,
    /// Per variable, its predicate when tree-bound.
    preds: Vec<Option<Pred>>,
}

impl<'a> RowParser<'a> {
    fn peek(&self) -> Option<&Tok<'a>> {
        self.toks.get(self.pos)
    }
    fn next(&mut self) -> Option<Tok<'a>> {
        let t = self.toks.get(self.pos).cloned();
        self.pos += 1;
        t
    }
    fn expect(&mut self, t: Tok<'a>) -> Result<(), String> {
        match self.next() {
            Some(x) if x == t => Ok(()),
            x => Err(format!("expected {t:?}, found {x:?}")),
        }
    }
    fn var(&mut self, name: &str, tree: bool) -> Result<u8, String> {
        if let Some(i) = self.vars.iter().position(|v| v == name) {
            if !tree && self.from_tree[i] {
                return Err(format!("${name} is already bound by the tree"));
            }
            return Ok(i as u8);
        }
        if self.vars.len() >= 64 {
            return Err("too many variables".into());
        }
        self.vars.push(name.to_string());
        self.from_tree.push(tree);
        self.preds.push(None);
        Ok(self.vars.len() as u8 - 1)
    }

    fn tree(&mut self) -> Result<u16, String> {
        self.expect(Tok::L)?;
        let Some(Tok::Word(name)) = self.next() else {
            return Err("expected an operation".into());
        };
        let op = parse_op(name).ok_or_else(|| format!("unknown operation `{name}`"))?;
        let mut vt = None;
        if let Some(Tok::Word(w)) = self.peek() {
            if let Some(t) = parse_vt(w) {
                vt = Some(t);
                self.pos += 1;
            }
        }
        let mut kids = Vec::new();
        while self.peek() != Some(&Tok::R) {
            if !kids.is_empty() {
                self.expect(Tok::Comma)?;
            }
            if op.op == Op::FSetCC && kids.len() == 2 {
                kids.push(self.fcond()?);
                continue;
            }
            let is_cc = matches!(op.op, Op::SetCC | Op::SetCCCarry) && kids.len() == 2;
            kids.push(self.child(is_cc)?);
        }
        self.expect(Tok::R)?;
        if op.lea {
            if kids.len() != 1 {
                return Err(format!("lea takes 1 child, found {}", kids.len()));
            }
        } else {
            check_arity(op.op, kids.len())?;
        }
        self.nodes.push(PNode::Node { op, vt, kids });
        Ok(self.nodes.len() as u16 - 1)
    }

    /// The third child of an `fsetcc`: a predicate keyword (`ogt`, `une`).
    fn fcond(&mut self) -> Result<u16, String> {
        let Some(Tok::Word(w)) = self.next() else {
            return Err("expected an fcmp predicate".into());
        };
        let c = FCond::ALL
            .into_iter()
            .find(|c| c.name() == w)
            .ok_or_else(|| format!("unknown fcmp predicate `{w}`"))?;
        self.nodes.push(PNode::FCond(c));
        Ok(self.nodes.len() as u16 - 1)
    }

    fn child(&mut self, is_cc: bool) -> Result<u16, String> {
        if self.peek() == Some(&Tok::L) {
            return self.tree();
        }
        let Some(Tok::Word(mut w)) = self.next() else {
            return Err("expected a child".into());
        };
        if is_cc {
            if let Some(c) = Cond::ALL.iter().find(|c| cond_name(**c) == w) {
                self.nodes.push(PNode::CondLit(*c));
                return Ok(self.nodes.len() as u16 - 1);
            }
        }
        let mut vt = None;
        if let Some(t) = parse_vt(w) {
            vt = Some(t);
            let Some(Tok::Word(w2)) = self.next() else {
                return Err("expected a variable after a type".into());
            };
            w = w2;
        }
        if let Ok(v) = w.parse::<i64>() {
            self.nodes.push(PNode::Lit(v));
            return Ok(self.nodes.len() as u16 - 1);
        }
        let Some(body) = w.strip_prefix('$') else {
            return Err(format!("bad child `{w}`"));
        };
        let (name, pred) = match body.split_once(':') {
            Some((n, p)) => (
                n,
                parse_pred(p).ok_or_else(|| format!("unknown predicate `{p}`"))?,
            ),
            None if is_cc => (body, Pred::Cc),
            None => return Err(format!("${body} needs a predicate")),
        };
        let var = self.var(name, true)?;
        match self.preds[var as usize] {
            Some(p) if p != pred => return Err(format!("${name} used with two predicates")),
            _ => self.preds[var as usize] = Some(pred),
        }
        self.nodes.push(PNode::Var { var, vt, pred });
        Ok(self.nodes.len() as u16 - 1)
    }
}

fn check_arity(op: Op, n: usize) -> Result<(), String> {
    let want = match op {
        Op::Constant
        | Op::ConstantFP
        | Op::Symbol
        | Op::FrameIndex
        | Op::Load
        | Op::Br
        | Op::BrInd => 1,
        Op::Undef | Op::Trap | Op::DebugTrap | Op::Pause => 0,
        Op::Bswap | Op::Ctlz | Op::CtlzZeroUndef | Op::Cttz | Op::CttzZeroUndef => 1,
        Op::SetCC | Op::FSetCC | Op::Select | Op::Prefetch | Op::InsertElt => 3,
        Op::SetCCCarry | Op::FShl | Op::FShr => 3,
        Op::ZeroExtend | Op::SignExtend | Op::AnyExtend | Op::Truncate => 1,
        Op::FNeg
        | Op::FAbs
        | Op::FSqrt
        | Op::FpToSint
        | Op::SintToFp
        | Op::FpExtend
        | Op::FpRound
        | Op::Bitcast => 1,
        Op::ScalarToVector | Op::SignExtendInReg | Op::ZeroExtendInReg | Op::MoveMask => 1,
        _ => 2,
    };
    if n == want {
        Ok(())
    } else {
        Err(format!("{op:?} takes {want} children, found {n}"))
    }
}

fn parse_op(w: &str) -> Option<POp> {
    let plain = |op| POp {
        op,
        ext: Ext::None,
        mem: 0,
        align: 0,
        lea: false,
    };
    if w == "lea" {
        return Some(POp {
            lea: true,
            ..plain(Op::Add)
        });
    }
    match w {
        "alignedload" | "alignedstore" => {
            return Some(POp {
                align: 16,
                ..plain(if w == "alignedload" {
                    Op::Load
                } else {
                    Op::Store
                })
            })
        }
        _ => {}
    }
    for (p, ext) in [
        ("zextload", Ext::Zero),
        ("sextload", Ext::Sign),
        ("extload", Ext::Any),
    ] {
        if let Some(bits) = w.strip_prefix(p) {
            // 64: a vector's low lane (`movq m64, xmm`).
            let mem = bits.parse().ok().filter(|b| [8, 16, 32, 64].contains(b))?;
            return Some(POp {
                op: Op::Load,
                ext,
                mem,
                align: 0,
                lea: false,
            });
        }
    }
    if let Some(bits) = w.strip_prefix("truncstore") {
        let mem = bits.parse().ok().filter(|b| [8, 16, 32].contains(b))?;
        return Some(POp {
            op: Op::Store,
            ext: Ext::None,
            mem,
            align: 0,
            lea: false,
        });
    }
    Some(plain(match w {
        "add" => Op::Add,
        "sub" => Op::Sub,
        "mul" => Op::Mul,
        "sdiv" => Op::SDiv,
        "udiv" => Op::UDiv,
        "srem" => Op::SRem,
        "urem" => Op::URem,
        "and" => Op::And,
        "or" => Op::Or,
        "xor" => Op::Xor,
        "shl" => Op::Shl,
        "srl" => Op::Srl,
        "sra" => Op::Sra,
        "setcc" => Op::SetCC,
        "select" => Op::Select,
        "zext" => Op::ZeroExtend,
        "sext" => Op::SignExtend,
        "anyext" => Op::AnyExtend,
        "trunc" => Op::Truncate,
        "br" => Op::Br,
        "brind" => Op::BrInd,
        "brcond" => Op::BrCond,
        "load" => Op::Load,
        "store" => Op::Store,
        "constant" => Op::Constant,
        "symbol" => Op::Symbol,
        "frameindex" => Op::FrameIndex,
        "undef" => Op::Undef,
        "constantfp" => Op::ConstantFP,
        "fadd" => Op::FAdd,
        "fsub" => Op::FSub,
        "fmul" => Op::FMul,
        "fdiv" => Op::FDiv,
        "fneg" => Op::FNeg,
        "fabs" => Op::FAbs,
        "fcopysign" => Op::FCopySign,
        "fsqrt" => Op::FSqrt,
        "fminnum" => Op::FMinNum,
        "fmaxnum" => Op::FMaxNum,
        "fsetcc" => Op::FSetCC,
        "fp_to_sint" => Op::FpToSint,
        "sint_to_fp" => Op::SintToFp,
        "fpext" => Op::FpExtend,
        "fpround" => Op::FpRound,
        "bitcast" => Op::Bitcast,
        "extractelt" => Op::ExtractElt,
        "insertelt" => Op::InsertElt,
        "rotl" => Op::Rotl,
        "rotr" => Op::Rotr,
        "bswap" => Op::Bswap,
        "ctlz" => Op::Ctlz,
        "ctlz_zero_undef" => Op::CtlzZeroUndef,
        "cttz" => Op::Cttz,
        "cttz_zero_undef" => Op::CttzZeroUndef,
        "saddo" => Op::SAddO,
        "uaddo" => Op::UAddO,
        "ssubo" => Op::SSubO,
        "usubo" => Op::USubO,
        "smulo" => Op::SMulO,
        "umulo" => Op::UMulO,
        "trap" => Op::Trap,
        "debugtrap" => Op::DebugTrap,
        "pause" => Op::Pause,
        "prefetch" => Op::Prefetch,
        "scalar_to_vector" => Op::ScalarToVector,
        "sext_inreg" => Op::SignExtendInReg,
        "zext_inreg" => Op::ZeroExtendInReg,
        "movemask" => Op::MoveMask,
        "addc" => Op::AddC,
        "adde" => Op::AddE,
        "subc" => Op::SubC,
        "sube" => Op::SubE,
        "setcccarry" => Op::SetCCCarry,
        "fshl" => Op::FShl,
        "fshr" => Op::FShr,
        _ => return None,
    }))
}

fn parse_vt(w: &str) -> Option<VT> {
    Some(match w {
        "i1" => VT::I1,
        "i8" => VT::I8,
        "i16" => VT::I16,
        "i32" => VT::I32,
        "i64" => VT::I64,
        "f32" => VT::F32,
        "f64" => VT::F64,
        "f80" => VT::F80,
        // Vector types: `v4i32`, `v2f64`, ...
        _ if w.starts_with('v') => return VT::from_name(w),
        _ => return None,
    })
}

/// A setcc condition as the pattern language spells it.
fn cond_name(c: Cond) -> &'static str {
    match c {
        Cond::Eq => "eq",
        Cond::Ne => "ne",
        Cond::Ugt => "ugt",
        Cond::Uge => "uge",
        Cond::Ult => "ult",
        Cond::Ule => "ule",
        Cond::Sgt => "sgt",
        Cond::Sge => "sge",
        Cond::Slt => "slt",
        Cond::Sle => "sle",
    }
}

fn parse_pred(w: &str) -> Option<Pred> {
    Some(match w {
        "r" => Pred::R,
        "def32" => Pred::Def32,
        "imm" => Pred::Imm,
        "uimm32" => Pred::UImm32,
        "addr" => Pred::Addr,
        "gotsym" => Pred::GotSym,
        "bb" => Pred::Bb,
        "fpimm" => Pred::FpImm,
        "splat" => Pred::Splat,
        "cpool" => Pred::CPool,
        _ => return None,
    })
}

/// Sub-register index names as the pattern language spells them.
fn subreg_index(w: &str) -> Option<u8> {
    use super::super::desc::subreg;
    Some(match w {
        "sub_8bit" => subreg::SUB_8BIT,
        "sub_16bit" => subreg::SUB_16BIT,
        "sub_32bit" => subreg::SUB_32BIT,
        _ => return None,
    } as u8)
}

fn phys(w: &str) -> Result<PReg, String> {
    let n = w.strip_prefix('%').ok_or("expected %reg")?;
    super::super::desc::reg_by_asm_name(n).ok_or_else(|| format!("unknown register %{n}"))
}

/// What an input slot of an output instruction accepts.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
enum Slot {
    Reg,
    Mem,
    Imm(ImmKind),
    Cond,
    Block,
}

/// The input slots of target form `op`, in descriptor order, and whether
/// it has a register def.
fn input_slots(op: u16) -> (Vec<Slot>, bool) {
    let d = &DESCS[op as usize];
    let mut v = Vec::new();
    let mut def = false;
    for o in d.operands {
        match (o.kind, o.role) {
            (OpKind::Reg(_), Role::Def) => def = true,
            (OpKind::Reg(_), Role::UseDef) => {
                def = true;
                v.push(Slot::Reg)
            }
            (OpKind::Reg(_), Role::Use) => v.push(Slot::Reg),
            (OpKind::Mem(_), _) => v.push(Slot::Mem),
            (OpKind::Imm(k), _) => v.push(Slot::Imm(k)),
            (OpKind::Cond, _) => v.push(Slot::Cond),
            (OpKind::Rel(_), _) => v.push(Slot::Block),
            (OpKind::FCond, _) | (OpKind::MemOffs, _) => v.push(Slot::Imm(ImmKind::I32)),
            (OpKind::Fixed(_), _) | (OpKind::Lit(_), _) => {}
        }
    }
    (v, def)
}

fn parse_row(row: &str, line: u32, names: &HashMap<&'static str, u16>) -> Result<Pattern, String> {
    let mut p = RowParser {
        toks: lex(row),
        pos: 0,
        nodes: Vec::new(),
        vars: Vec::new(),
        from_tree: Vec::new(),
        preds: Vec::new(),
    };
    let root = p.tree()?;
    p.expect(Tok::Arrow)?;
    let mut insts = Vec::new();
    let mut imm_kinds: Vec<Vec<ImmKind>> = Vec::new();
    let mut result = None;
    loop {
        let (inst, defines_vreg) = parse_inst(&mut p, names, &mut imm_kinds)?;
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
        let reads_later = insts[i + 1..].iter().find_map(|j: &PInst| {
            let t = j.opc.as_target()?;
            let d = &DESCS[t as usize];
            if d.implicit_uses.contains(&regs::EFLAGS) {
                Some(true)
            } else if d.implicit_defs.contains(&regs::EFLAGS) {
                Some(false)
            } else {
                None
            }
        });
        insts[i].dead_eflags = !reads_later.unwrap_or(false);
    }
    let PNode::Node { op, .. } = &p.nodes[root as usize] else {
        unreachable!()
    };
    // Chained roots produce only their chain, except loads.
    let produces_value = op.op == Op::Load || !super::matcher::has_chain(op.op);
    if produces_value && result.is_none() {
        return Err("the row defines no value".into());
    }
    imm_kinds.resize(p.vars.len(), Vec::new());
    let mut addr_only = 0u64;
    for inst in &insts {
        let Some(t) = inst.opc.as_target() else {
            continue;
        };
        let d = &DESCS[t as usize];
        let slots = d.operands.iter().filter(|o| {
            !matches!(o.kind, OpKind::Fixed(_) | OpKind::Lit(_))
                && !matches!((o.kind, o.role), (OpKind::Reg(_), Role::Def))
        });
        for (o, op) in slots.zip(&inst.ops) {
            if let (OpKind::Mem(MemSize::Any), POperand::Var(v)) = (o.kind, op) {
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
    })
}

/// Parses one output instruction; returns it and whether it defines a
/// virtual register.
fn parse_inst(
    p: &mut RowParser<'_>,
    names: &HashMap<&'static str, u16>,
    imm_kinds: &mut Vec<Vec<ImmKind>>,
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
        "COPY" => MOpc::COPY,
        "SUBREG_TO_REG" => MOpc::SUBREG_TO_REG,
        "IMPLICIT_DEF" => MOpc::IMPLICIT_DEF,
        _ => MOpc::target(
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
    let (slots, has_def) = match opc.as_target() {
        Some(t) => input_slots(t),
        None if opc == MOpc::COPY => (vec![Slot::Reg], true),
        None if opc == MOpc::SUBREG_TO_REG => (
            vec![Slot::Imm(ImmKind::I32), Slot::Reg, Slot::Imm(ImmKind::I32)],
            true,
        ),
        None => (vec![], true),
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
        ops.push(parse_operand(p, kind, w, slot, imm_kinds)?);
    }
    let mut def = PDef::None;
    let mut defines_vreg = false;
    if let Some(d) = def_word {
        if !has_def {
            return Err(format!("{form} defines no register"));
        }
        if d.starts_with('%') {
            if opc != MOpc::COPY {
                return Err("only COPY may define a physical register".into());
            }
            def = PDef::Phys(phys(d)?);
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
    p: &mut RowParser<'_>,
    kind: &str,
    w: &str,
    slot: Slot,
    imm_kinds: &mut Vec<Vec<ImmKind>>,
) -> Result<POperand, String> {
    if let Some(bits) = kind.strip_prefix("splat") {
        if slot != Slot::Mem {
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
        if disp as u64 >= rcc_mach::FrameInfo::SCRATCH_SIZE {
            return Err(format!("{w} is outside the scratch slot"));
        }
        return match slot {
            Slot::Mem => Ok(POperand::Scratch(disp)),
            _ => Err("scratch outside a memory slot".into()),
        };
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
    if let Some(i) = subreg_index(w) {
        return match slot {
            Slot::Imm(_) => Ok(POperand::Imm(i as i64)),
            _ => Err(format!("{w} in a non-immediate slot")),
        };
    }
    if w.starts_with('%') {
        return match slot {
            Slot::Reg => Ok(POperand::Phys(phys(w)?)),
            _ => Err(format!("{w} in a non-register slot")),
        };
    }
    let body = w
        .strip_prefix('$')
        .ok_or_else(|| format!("bad operand `{w}`"))?;
    let (name, sub) = match body.split_once('.') {
        Some((n, s)) => (
            n,
            Some(subreg_index(s).ok_or_else(|| format!("bad sub-register `{s}`"))?),
        ),
        None => (body, None),
    };
    let v = bound(p, name)?;
    let pred = p.preds[v as usize];
    let ok = match (slot, pred) {
        (Slot::Reg, None | Some(Pred::R | Pred::Def32)) => true,
        (Slot::Mem, Some(Pred::Addr | Pred::GotSym | Pred::R | Pred::FpImm | Pred::CPool)) => {
            sub.is_none()
        }
        (Slot::Imm(k), Some(Pred::Imm | Pred::UImm32 | Pred::Splat)) => {
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
        return Err(format!("${name} ({pred:?}) does not fit a {slot:?} slot"));
    }
    Ok(match sub {
        Some(s) => POperand::VarSub(v, s),
        None => POperand::Var(v),
    })
}

fn bound(p: &RowParser<'_>, name: &str) -> Result<u8, String> {
    p.vars
        .iter()
        .position(|v| v == name)
        .map(|i| i as u8)
        .ok_or_else(|| format!("${name} is not bound"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn whole_description_parses() {
        let p = parse(include_str!("patterns.desc")).unwrap_or_else(|e| panic!("{e}"));
        assert!(p.rows.len() > 250, "{} rows", p.rows.len());
        assert!(!p.for_root(Op::Add).is_empty());
        assert!(!p.for_root(Op::BrCond).is_empty());
    }

    #[test]
    fn bad_rows_are_rejected() {
        for (row, msg) in [
            ("(add i32 $a:r, $b:r) -> ADD32zz $a, $b", "unknown form"),
            ("(add i32 $a:r, $b:r) -> ADD32rr $a", "takes 2 operands"),
            ("(add i32 $a:r, $b:r) -> ADD32rr $a, $c", "not bound"),
            ("(add i32 $a:r, $b:r) -> ADD32ri $a, $b", "does not fit"),
            (
                "(frob i32 $a:r, $b:r) -> ADD32rr $a, $b",
                "unknown operation",
            ),
            (
                "(store i32 $v:r, $p:addr) -> %eax = MOV32rm $p",
                "only COPY",
            ),
        ] {
            let e = parse(row).err().unwrap_or_default();
            assert!(e.contains(msg), "{row}: {e}");
        }
    }

    #[test]
    fn templates_expand_and_mark_dead_flags() {
        let p = parse("for W = 16 | 32\n(add i$W $a:r, $b:r) -> ADD${W}rr $a, $b\nend\n(brcond (setcc i32 $a:r, $b:r, $cc), $bb:bb) -> CMP32rr $a, $b ; JCC_1 $bb, cc($cc)").unwrap();
        assert_eq!(p.rows.len(), 3);
        assert!(p.rows[1].text.contains("ADD32rr"));
        assert!(p.rows[0].insts[0].dead_eflags);
        assert!(!p.rows[2].insts[0].dead_eflags);
    }
}
