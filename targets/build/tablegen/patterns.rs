//! The pattern language, target-independent half (build time): templates,
//! the lexer, trees of DAG operations with value types, conditions,
//! literals and predicated variables, operation arities, row complexity,
//! and the Rust code of trees and of the per-opcode row order. The trees
//! compile to `rcc_dag::isel::matcher::PNode`s, which the generic matcher
//! interprets.
//!
//! A target adds its leaf predicates ([`Pred`]) and its output side (what
//! follows `->`: instructions, operand kinds, registers), checked against
//! its instruction rows (`x86_64_patterns.rs`).
//!
//! Names map to the variants of `rcc_dag`'s `Op`, `Cond`, `FCond`, `Elem`
//! and `VT` by the tables below; a generated name that is not a variant is
//! a compile error of the generated code, so the tables cannot drift
//! silently.

use std::collections::BTreeMap;
use std::fmt::{Debug, Write as _};

/// A target's leaf predicates (`$a:r`, `$b:imm`, ...).
pub trait Pred: Copy + PartialEq + Debug {
    /// The predicate spelled `w`.
    fn parse(w: &str) -> Option<Self>;
    /// The predicate of a setcc's condition variable (`$cc`).
    const COND: Self;
    /// Whether it is the plain register predicate (no constraint, for the
    /// complexity).
    fn is_register(self) -> bool;
}

/// A parse error: the line and the message.
pub type Error = (usize, String);

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
pub struct POp {
    pub op: &'static str,
    pub ext: &'static str,
    pub mem: u32,
    pub align: u32,
    pub lea: bool,
}

/// A pattern tree node; value types are Rust expressions of `VT`; `P` is
/// the target's leaf predicate.
#[derive(Clone, Debug)]
pub enum PNode<P> {
    Node {
        op: POp,
        vt: Option<String>,
        kids: Vec<u16>,
    },
    Var {
        var: u8,
        vt: Option<String>,
        pred: P,
    },
    Lit(i64),
    FCond(&'static str),
    CondLit(&'static str),
}

/// A row's priority: rows with more operations in the tree are tried
/// first, then rows with more constrained leaves (literals, predicates
/// other than a plain register), as LLVM's pattern complexity.
pub fn complexity<P: Pred>(nodes: &[PNode<P>]) -> usize {
    nodes
        .iter()
        .map(|n| match n {
            // A lea folds at least two operations of an address.
            PNode::Node { op, .. } if op.lea => 32,
            PNode::Node { .. } => 16,
            PNode::Lit(_) | PNode::FCond(_) | PNode::CondLit(_) => 1,
            PNode::Var { pred, .. } => !pred.is_register() as usize,
        })
        .sum()
}

/// The `Op` variant of a row's root.
pub fn root_op<P>(nodes: &[PNode<P>], root: u16) -> &'static str {
    let PNode::Node { op, .. } = &nodes[root as usize] else {
        unreachable!("a tree's root is a node")
    };
    op.op
}

/// The type expression of a tree's root (`None`: any type).
pub fn root_vt<P>(nodes: &[PNode<P>], root: u16) -> Option<String> {
    let PNode::Node { vt, .. } = &nodes[root as usize] else {
        unreachable!("a tree's root is a node")
    };
    vt.clone()
}

/// Whether a root of `op` produces a value (not only a chain).
pub fn produces_value(op: &str) -> bool {
    op == "Load" || !CHAINED.contains(&op)
}

/// The generated `rows_for_root`: per root opcode, the rows (indices into
/// `ROWS`) in priority order: complexity, then file order (stable); and
/// `rows_for_root_vt`: the same lists narrowed to the rows whose root type
/// (`None`: any) admits a given type, so the matcher never tries a row its
/// root type rejects. `roots` holds each row's root opcode, complexity and
/// root type expression.
pub fn rows_for_root_code(roots: &[(&'static str, usize, Option<String>)]) -> String {
    let mut by_root: BTreeMap<&str, Vec<u32>> = BTreeMap::new();
    for (i, (op, ..)) in roots.iter().enumerate() {
        by_root.entry(op).or_default().push(i as u32);
    }
    let mut o = String::from("/// The rows whose root has opcode `op`, in priority order (indices into\n/// [`ROWS`]).\npub fn rows_for_root(op: Op) -> &'static [u32] {\n    match op {\n");
    for (op, list) in &mut by_root {
        list.sort_by_key(|&r| std::cmp::Reverse(roots[r as usize].1));
        writeln!(o, "        Op::{op} => &{list:?},").unwrap();
    }
    o.push_str("        _ => &[],\n    }\n}\n\n");
    o.push_str("/// The rows of [`rows_for_root`]`(op)` whose root type admits `vt`, in\n/// the same order.\npub fn rows_for_root_vt(op: Op, vt: VT) -> &'static [u32] {\n    match (op, vt) {\n");
    for (op, list) in &by_root {
        let mut types: Vec<&String> = list
            .iter()
            .filter_map(|&r| roots[r as usize].2.as_ref())
            .collect();
        types.sort();
        types.dedup();
        for t in types {
            let rows: Vec<u32> = list
                .iter()
                .copied()
                .filter(|&r| roots[r as usize].2.as_ref().is_none_or(|x| x == t))
                .collect();
            writeln!(o, "        (Op::{op}, {t}) => &{rows:?},").unwrap();
        }
        let any: Vec<u32> = list
            .iter()
            .copied()
            .filter(|&r| roots[r as usize].2.is_none())
            .collect();
        writeln!(o, "        (Op::{op}, _) => &{any:?},").unwrap();
    }
    o.push_str("        _ => &[],\n    }\n}\n");
    o
}

// ---- templates

/// Expands `for` blocks into (line number, row) pairs.
pub fn expand(text: &str, out: &mut Vec<(usize, String)>) -> Result<(), Error> {
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
pub enum Tok<'a> {
    L,
    R,
    Comma,
    Semi,
    Eq,
    Arrow,
    Word(&'a str),
}

pub fn lex(s: &str) -> Vec<Tok<'_>> {
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

/// A row being parsed: the tree (here) and the target's outputs (which
/// read and bind the same variables).
pub struct RowParser<'a, P> {
    pub toks: Vec<Tok<'a>>,
    pub pos: usize,
    pub nodes: Vec<PNode<P>>,
    pub vars: Vec<String>,
    /// Whether each variable is bound by the tree (true) or by a def.
    pub from_tree: Vec<bool>,
    /// Per variable, its predicate when tree-bound.
    pub preds: Vec<Option<P>>,
}

impl<'a, P: Pred> RowParser<'a, P> {
    pub fn new(row: &'a str) -> Self {
        RowParser {
            toks: lex(row),
            pos: 0,
            nodes: Vec::new(),
            vars: Vec::new(),
            from_tree: Vec::new(),
            preds: Vec::new(),
        }
    }
    pub fn peek(&self) -> Option<&Tok<'a>> {
        self.toks.get(self.pos)
    }
    pub fn next(&mut self) -> Option<Tok<'a>> {
        let t = self.toks.get(self.pos).cloned();
        self.pos += 1;
        t
    }
    pub fn expect(&mut self, t: Tok<'a>) -> Result<(), String> {
        match self.next() {
            Some(x) if x == t => Ok(()),
            x => Err(format!("expected {t:?}, found {x:?}")),
        }
    }
    pub fn var(&mut self, name: &str, tree: bool) -> Result<u8, String> {
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

    fn push(&mut self, n: PNode<P>) -> u16 {
        self.nodes.push(n);
        self.nodes.len() as u16 - 1
    }

    pub fn tree(&mut self) -> Result<u16, String> {
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
                P::parse(p).ok_or_else(|| format!("unknown predicate `{p}`"))?,
            ),
            None if is_cc => (body, P::COND),
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
        "leamul" => {
            return Some(POp {
                lea: true,
                ..plain("Mul")
            })
        }
        "leaor" => {
            return Some(POp {
                lea: true,
                ..plain("Or")
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

pub fn bound<P>(p: &RowParser<'_, P>, name: &str) -> Result<u8, String> {
    p.vars
        .iter()
        .position(|v| v == name)
        .map(|i| i as u8)
        .ok_or_else(|| format!("${name} is not bound"))
}

// ---- code

fn vt_code(vt: &Option<String>) -> String {
    match vt {
        Some(t) => format!("Some({t})"),
        None => "None".into(),
    }
}

pub fn node_code<P: Debug>(n: &PNode<P>) -> String {
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
