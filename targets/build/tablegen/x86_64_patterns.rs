//! The pattern compiler: reads the instruction selector's `patterns.desc`
//! (the language is documented in the file's header), checks every row
//! against the instruction rows tablegen has just read, and writes the rows
//! as static data (`x86_64_patterns.rs`) that the matcher and the emitter
//! of `src/x86_64/isel/` interpret.
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
use super::ImmKind;
use std::collections::{BTreeMap, BTreeSet, HashMap};
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

/// Setcc conditions: (pattern spelling, `Cond` variant).
const CONDS: [(&str, &str); 10] = [
    ("eq", "Eq"),
    ("ne", "Ne"),
    ("ugt", "Ugt"),
    ("uge", "Uge"),
    ("ult", "Ult"),
    ("ule", "Ule"),
    ("sgt", "Sgt"),
    ("sge", "Sge"),
    ("slt", "Slt"),
    ("sle", "Sle"),
];

/// Fsetcc conditions: (`fcmp` keyword, `FCond` variant).
const FCONDS: [(&str, &str); 16] = [
    ("false", "False"),
    ("oeq", "Oeq"),
    ("ogt", "Ogt"),
    ("oge", "Oge"),
    ("olt", "Olt"),
    ("ole", "Ole"),
    ("one", "One"),
    ("ord", "Ord"),
    ("uno", "Uno"),
    ("ueq", "Ueq"),
    ("ugt", "Ugt"),
    ("uge", "Uge"),
    ("ult", "Ult"),
    ("ule", "Ule"),
    ("une", "Une"),
    ("true", "True"),
];

/// Operations: (pattern spelling, `Op` variant).
const OPS: &[(&str, &str)] = &[
    ("add", "Add"),
    ("sub", "Sub"),
    ("mul", "Mul"),
    ("sdiv", "SDiv"),
    ("udiv", "UDiv"),
    ("srem", "SRem"),
    ("urem", "URem"),
    ("and", "And"),
    ("or", "Or"),
    ("xor", "Xor"),
    ("shl", "Shl"),
    ("srl", "Srl"),
    ("sra", "Sra"),
    ("setcc", "SetCC"),
    ("select", "Select"),
    ("zext", "ZeroExtend"),
    ("sext", "SignExtend"),
    ("anyext", "AnyExtend"),
    ("trunc", "Truncate"),
    ("br", "Br"),
    ("brind", "BrInd"),
    ("brcond", "BrCond"),
    ("load", "Load"),
    ("store", "Store"),
    ("constant", "Constant"),
    ("symbol", "Symbol"),
    ("frameindex", "FrameIndex"),
    ("undef", "Undef"),
    ("constantfp", "ConstantFP"),
    ("fadd", "FAdd"),
    ("fsub", "FSub"),
    ("fmul", "FMul"),
    ("fdiv", "FDiv"),
    ("fneg", "FNeg"),
    ("fabs", "FAbs"),
    ("fcopysign", "FCopySign"),
    ("fsqrt", "FSqrt"),
    ("fminnum", "FMinNum"),
    ("fmaxnum", "FMaxNum"),
    ("fsetcc", "FSetCC"),
    ("fp_to_sint", "FpToSint"),
    ("sint_to_fp", "SintToFp"),
    ("fpext", "FpExtend"),
    ("fpround", "FpRound"),
    ("bitcast", "Bitcast"),
    ("extractelt", "ExtractElt"),
    ("insertelt", "InsertElt"),
    ("rotl", "Rotl"),
    ("rotr", "Rotr"),
    ("bswap", "Bswap"),
    ("ctlz", "Ctlz"),
    ("ctlz_zero_undef", "CtlzZeroUndef"),
    ("cttz", "Cttz"),
    ("cttz_zero_undef", "CttzZeroUndef"),
    ("saddo", "SAddO"),
    ("uaddo", "UAddO"),
    ("ssubo", "SSubO"),
    ("usubo", "USubO"),
    ("smulo", "SMulO"),
    ("umulo", "UMulO"),
    ("trap", "Trap"),
    ("debugtrap", "DebugTrap"),
    ("pause", "Pause"),
    ("prefetch", "Prefetch"),
    ("scalar_to_vector", "ScalarToVector"),
    ("sext_inreg", "SignExtendInReg"),
    ("zext_inreg", "ZeroExtendInReg"),
    ("movemask", "MoveMask"),
    ("addc", "AddC"),
    ("adde", "AddE"),
    ("subc", "SubC"),
    ("sube", "SubE"),
    ("setcccarry", "SetCCCarry"),
    ("fshl", "FShl"),
    ("fshr", "FShr"),
];

/// Roots that take a chain operand first and produce only the chain,
/// except `Load` (the matcher's `has_chain`; a unit test of the crate
/// checks the two agree on every row).
const CHAINED: [&str; 9] = [
    "Load",
    "Store",
    "Br",
    "BrCond",
    "BrInd",
    "Trap",
    "DebugTrap",
    "Pause",
    "Prefetch",
];

/// Element types of vector value types: (spelling, `Elem` variant).
const ELEMS: [(&str, &str); 7] = [
    ("i1", "I1"),
    ("i8", "I8"),
    ("i16", "I16"),
    ("i32", "I32"),
    ("i64", "I64"),
    ("f32", "F32"),
    ("f64", "F64"),
];

/// A pattern operation: a DAG opcode (its `Op` variant), refined for
/// memory.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
struct POp {
    op: &'static str,
    ext: &'static str,
    mem: u32,
    align: u32,
    lea: bool,
}

/// Operand predicates (the crate's `Pred`, variant for variant).
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
enum Pred {
    R,
    Def32,
    Imm,
    UImm32,
    Addr,
    GotSym,
    Bb,
    Cc,
    FpImm,
    Splat,
    CPool,
}

/// A pattern tree node; value types are Rust expressions of `VT`.
#[derive(Clone, Debug)]
enum PNode {
    Node {
        op: POp,
        vt: Option<String>,
        kids: Vec<u16>,
    },
    Var {
        var: u8,
        vt: Option<String>,
        pred: Pred,
    },
    Lit(i64),
    FCond(&'static str),
    CondLit(&'static str),
}

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
    nodes: Vec<PNode>,
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

impl Pattern {
    /// The row's priority: rows with more operations in the tree are tried
    /// first, then rows with more constrained leaves (literals, predicates
    /// other than `r`), as LLVM's pattern complexity.
    fn complexity(&self) -> usize {
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

/// Compiles `patterns.desc` into Rust source (see the module comment);
/// fails the build with `file:line: message` on a bad row.
pub fn compile(file: &str, text: &str, vocab: &Vocabulary<'_>) -> String {
    match parse(text, vocab) {
        Ok(rows) => emit(file, &rows, vocab),
        Err((line, msg)) => fail(file, line, msg),
    }
}

/// A parse error: the line and the message.
type Error = (usize, String);

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

// ---- templates

/// Expands `for` blocks into (line number, row) pairs.
fn expand(text: &str, out: &mut Vec<(usize, String)>) -> Result<(), Error> {
    let lines: Vec<(usize, &str)> = text
        .lines()
        .enumerate()
        .map(|(i, l)| (i + 1, l.split('#').next().unwrap_or("").trim()))
        .filter(|(_, l)| !l.is_empty())
        .collect();
    let mut i = 0;
    expand_block(&lines, &mut i, &[], out)?;
    if i != lines.len() {
        return Err((lines[i].0, "`end` without `for`".into()));
    }
    Ok(())
}

fn expand_block(
    lines: &[(usize, &str)],
    i: &mut usize,
    env: &[(String, String)],
    out: &mut Vec<(usize, String)>,
) -> Result<(), Error> {
    while *i < lines.len() {
        let (ln, l) = lines[*i];
        if l == "end" {
            return Ok(());
        }
        *i += 1;
        if let Some(rest) = l.strip_prefix("for ") {
            let (vars, groups) = rest
                .split_once('=')
                .ok_or_else(|| (ln, "`for` without `=`".to_string()))?;
            let vars: Vec<&str> = vars.split_whitespace().collect();
            let body = *i;
            let mut end = body;
            for g in groups.split('|') {
                let vals: Vec<&str> = g.split_whitespace().collect();
                if vals.len() != vars.len() {
                    return Err((ln, format!("group `{g}` has the wrong arity")));
                }
                let mut env2 = env.to_vec();
                for (v, x) in vars.iter().zip(&vals) {
                    env2.push((v.to_string(), subst(x, env)));
                }
                end = body;
                expand_block(lines, &mut end, &env2, out)?;
                if end >= lines.len() {
                    return Err((ln, "`for` without `end`".into()));
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

    fn push(&mut self, n: PNode) -> u16 {
        self.nodes.push(n);
        self.nodes.len() as u16 - 1
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
            if op.op == "FSetCC" && kids.len() == 2 {
                kids.push(self.fcond()?);
                continue;
            }
            let is_cc = matches!(op.op, "SetCC" | "SetCCCarry") && kids.len() == 2;
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
        Ok(self.push(PNode::Node { op, vt, kids }))
    }

    /// The third child of an `fsetcc`: a predicate keyword (`ogt`, `une`).
    fn fcond(&mut self) -> Result<u16, String> {
        let Some(Tok::Word(w)) = self.next() else {
            return Err("expected an fcmp predicate".into());
        };
        let &(_, c) = FCONDS
            .iter()
            .find(|(n, _)| *n == w)
            .ok_or_else(|| format!("unknown fcmp predicate `{w}`"))?;
        Ok(self.push(PNode::FCond(c)))
    }

    fn child(&mut self, is_cc: bool) -> Result<u16, String> {
        if self.peek() == Some(&Tok::L) {
            return self.tree();
        }
        let Some(Tok::Word(mut w)) = self.next() else {
            return Err("expected a child".into());
        };
        if is_cc {
            if let Some(&(_, c)) = CONDS.iter().find(|(n, _)| *n == w) {
                return Ok(self.push(PNode::CondLit(c)));
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
            return Ok(self.push(PNode::Lit(v)));
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
        Ok(self.push(PNode::Var { var, vt, pred }))
    }
}

fn check_arity(op: &str, n: usize) -> Result<(), String> {
    let want = match op {
        "Constant" | "ConstantFP" | "Symbol" | "FrameIndex" | "Load" | "Br" | "BrInd" => 1,
        "Undef" | "Trap" | "DebugTrap" | "Pause" => 0,
        "Bswap" | "Ctlz" | "CtlzZeroUndef" | "Cttz" | "CttzZeroUndef" => 1,
        "SetCC" | "FSetCC" | "Select" | "Prefetch" | "InsertElt" => 3,
        "SetCCCarry" | "FShl" | "FShr" => 3,
        "ZeroExtend" | "SignExtend" | "AnyExtend" | "Truncate" => 1,
        "FNeg" | "FAbs" | "FSqrt" | "FpToSint" | "SintToFp" | "FpExtend" | "FpRound"
        | "Bitcast" => 1,
        "ScalarToVector" | "SignExtendInReg" | "ZeroExtendInReg" | "MoveMask" => 1,
        _ => 2,
    };
    if n == want {
        Ok(())
    } else {
        Err(format!("{op} takes {want} children, found {n}"))
    }
}

fn op_variant(w: &str) -> Option<&'static str> {
    OPS.iter().find(|(n, _)| *n == w).map(|&(_, v)| v)
}

fn parse_op(w: &str) -> Option<POp> {
    let plain = |op| POp {
        op,
        ext: "None",
        mem: 0,
        align: 0,
        lea: false,
    };
    match w {
        "lea" => {
            return Some(POp {
                lea: true,
                ..plain("Add")
            })
        }
        "alignedload" | "alignedstore" => {
            return Some(POp {
                align: 16,
                ..plain(if w == "alignedload" { "Load" } else { "Store" })
            })
        }
        _ => {}
    }
    for (p, ext) in [
        ("zextload", "Zero"),
        ("sextload", "Sign"),
        ("extload", "Any"),
    ] {
        if let Some(bits) = w.strip_prefix(p) {
            // 64: a vector's low lane (`movq m64, xmm`).
            let mem = bits.parse().ok().filter(|b| [8, 16, 32, 64].contains(b))?;
            return Some(POp {
                ext,
                mem,
                ..plain("Load")
            });
        }
    }
    if let Some(bits) = w.strip_prefix("truncstore") {
        let mem = bits.parse().ok().filter(|b| [8, 16, 32].contains(b))?;
        return Some(POp {
            mem,
            ..plain("Store")
        });
    }
    Some(plain(op_variant(w)?))
}

/// A value type's Rust expression (`VT::I32`, `VT::Vector(Elem::I32, 4)`).
fn parse_vt(w: &str) -> Option<String> {
    Some(match w {
        "i1" => "VT::I1".into(),
        "i8" => "VT::I8".into(),
        "i16" => "VT::I16".into(),
        "i32" => "VT::I32".into(),
        "i64" => "VT::I64".into(),
        "f32" => "VT::F32".into(),
        "f64" => "VT::F64".into(),
        "f80" => "VT::F80".into(),
        // Vector types: `v4i32`, `v2f64`, ...
        _ => {
            let rest = w.strip_prefix('v')?;
            let k = rest.find(|c: char| !c.is_ascii_digit())?;
            let lanes: u32 = rest[..k].parse().ok()?;
            let lanes = u16::try_from(lanes).ok().filter(|&n| n > 0)?;
            let &(_, elem) = ELEMS.iter().find(|(n, _)| *n == &rest[k..])?;
            format!("VT::Vector(Elem::{elem}, {lanes})")
        }
    })
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

/// The sub-register indices a pattern may name (`sub_8bit`, `sub_16bit`,
/// `sub_32bit`), as their index.
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
    let PNode::Node { op, .. } = &p.nodes[root as usize] else {
        unreachable!("a tree's root is a node")
    };
    // Chained roots produce only their chain, except loads.
    let produces_value = op.op == "Load" || !CHAINED.contains(&op.op);
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
    p: &mut RowParser<'_>,
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
    p: &mut RowParser<'_>,
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

fn bound(p: &RowParser<'_>, name: &str) -> Result<u8, String> {
    p.vars
        .iter()
        .position(|v| v == name)
        .map(|i| i as u8)
        .ok_or_else(|| format!("${name} is not bound"))
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
    // Rows by root opcode, in priority order: more operations in the tree
    // first, then more constrained leaves, then file order (a stable sort).
    let mut by_root: BTreeMap<&str, Vec<u32>> = BTreeMap::new();
    for (i, p) in rows.iter().enumerate() {
        let PNode::Node { op, .. } = &p.nodes[p.root as usize] else {
            unreachable!("a tree's root is a node")
        };
        by_root.entry(op.op).or_default().push(i as u32);
    }
    o.push_str("/// The rows whose root has opcode `op`, in priority order (indices into\n/// [`ROWS`]).\npub fn rows_for_root(op: Op) -> &'static [u32] {\n    match op {\n");
    for (op, list) in &mut by_root {
        list.sort_by_key(|&r| std::cmp::Reverse(rows[r as usize].complexity()));
        writeln!(o, "        Op::{op} => &{list:?},").unwrap();
    }
    o.push_str("        _ => &[],\n    }\n}\n");
    o
}

fn vt_code(vt: &Option<String>) -> String {
    match vt {
        Some(t) => format!("Some({t})"),
        None => "None".into(),
    }
}

fn node_code(n: &PNode) -> String {
    match n {
        PNode::Node { op, vt, kids } => format!(
            "PNode::Node {{ op: POp {{ op: Op::{}, ext: Ext::{}, mem: {}, align: {}, lea: {} }}, vt: {}, kids: &{kids:?} }}",
            op.op,
            op.ext,
            op.mem,
            op.align,
            op.lea,
            vt_code(vt)
        ),
        PNode::Var { var, vt, pred } => format!(
            "PNode::Var {{ var: {var}, vt: {}, pred: Pred::{pred:?} }}",
            vt_code(vt)
        ),
        PNode::Lit(x) => format!("PNode::Lit({x})"),
        PNode::FCond(c) => format!("PNode::FCond(FCond::{c})"),
        PNode::CondLit(c) => format!("PNode::CondLit(Cond::{c})"),
    }
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
