//! MC expressions: the values of immediates, displacements and data
//! directives that may refer to symbols.
//!
//! Expressions are interned in an [`ExprPool`] and named by [`ExprId`], so an
//! `MCInst` operand that refers to one costs 4 bytes. The pool is append-only:
//! an id stays valid for the life of the pool and nodes never change.
//! A symbol reference carries its relocation variant (`@PLT`, `@GOTPCREL`,
//! ...); the variant only makes sense on a bare symbol reference and the
//! object writer rejects it elsewhere.

use rcc_ir::entity::PrimaryMap;
use rcc_ir::entity_id;

entity_id!(
    /// An interned expression.
    pub struct ExprId,
    "e"
);
entity_id!(
    /// A symbol owned by the MC context.
    pub struct SymbolId,
    "sym"
);

/// The `@VARIANT` suffix of a symbol reference.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum VariantKind {
    None,
    Plt,
    GotPcRel,
    GotPcRelX,
    TpOff,
    GotTpOff,
    TlsGd,
    TlsLd,
    DtpOff,
    Got,
    GotOff,
}

impl VariantKind {
    /// All variants with a spelling, for parsing.
    pub const ALL: [VariantKind; 10] = [
        VariantKind::Plt,
        VariantKind::GotPcRel,
        VariantKind::GotPcRelX,
        VariantKind::TpOff,
        VariantKind::GotTpOff,
        VariantKind::TlsGd,
        VariantKind::TlsLd,
        VariantKind::DtpOff,
        VariantKind::Got,
        VariantKind::GotOff,
    ];

    /// The spelling after `@`, empty for none.
    pub fn name(self) -> &'static str {
        match self {
            VariantKind::None => "",
            VariantKind::Plt => "PLT",
            VariantKind::GotPcRel => "GOTPCREL",
            VariantKind::GotPcRelX => "GOTPCRELX",
            VariantKind::TpOff => "TPOFF",
            VariantKind::GotTpOff => "GOTTPOFF",
            VariantKind::TlsGd => "TLSGD",
            VariantKind::TlsLd => "TLSLD",
            VariantKind::DtpOff => "DTPOFF",
            VariantKind::Got => "GOT",
            VariantKind::GotOff => "GOTOFF",
        }
    }

    /// Parses a variant spelling (case-insensitive, as GNU as does).
    pub fn parse(s: &str) -> Option<VariantKind> {
        Self::ALL
            .iter()
            .copied()
            .find(|v| v.name().eq_ignore_ascii_case(s))
    }
}

/// Binary operators of the expression language.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum BinOp {
    Add,
    Sub,
    Mul,
    Div,
    Mod,
    Shl,
    Shr,
    And,
    Or,
    Xor,
}

impl BinOp {
    /// The operator's spelling.
    pub fn symbol(self) -> &'static str {
        match self {
            BinOp::Add => "+",
            BinOp::Sub => "-",
            BinOp::Mul => "*",
            BinOp::Div => "/",
            BinOp::Mod => "%",
            BinOp::Shl => "<<",
            BinOp::Shr => ">>",
            BinOp::And => "&",
            BinOp::Or => "|",
            BinOp::Xor => "^",
        }
    }

    /// Applies the operator to constants; `None` on division by zero.
    pub fn apply(self, a: i64, b: i64) -> Option<i64> {
        Some(match self {
            BinOp::Add => a.wrapping_add(b),
            BinOp::Sub => a.wrapping_sub(b),
            BinOp::Mul => a.wrapping_mul(b),
            BinOp::Div => a.checked_div(b)?,
            BinOp::Mod => a.checked_rem(b)?,
            BinOp::Shl => a.wrapping_shl(b as u32),
            BinOp::Shr => a.wrapping_shr(b as u32),
            BinOp::And => a & b,
            BinOp::Or => a | b,
            BinOp::Xor => a ^ b,
        })
    }
}

/// One expression node.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum Expr {
    Constant(i64),
    Symbol(SymbolId, VariantKind),
    Neg(ExprId),
    Not(ExprId),
    Binary(BinOp, ExprId, ExprId),
}

/// The arena of expressions.
#[derive(Default, Debug, Clone)]
pub struct ExprPool {
    nodes: PrimaryMap<ExprId, Expr>,
}

impl ExprPool {
    /// An empty pool.
    pub fn new() -> Self {
        Self::default()
    }

    /// Adds a node.
    pub fn add(&mut self, e: Expr) -> ExprId {
        self.nodes.push(e)
    }

    /// A constant node.
    pub fn constant(&mut self, v: i64) -> ExprId {
        self.add(Expr::Constant(v))
    }

    /// A bare symbol reference.
    pub fn symbol(&mut self, s: SymbolId) -> ExprId {
        self.add(Expr::Symbol(s, VariantKind::None))
    }

    /// The node with this id.
    pub fn get(&self, id: ExprId) -> Expr {
        self.nodes[id]
    }

    /// All nodes, indexed by `ExprId::index`. Operands exist before the
    /// node that uses them, so they have smaller ids (fragment replay relies
    /// on this and rejects a forward reference).
    pub fn as_slice(&self) -> &[Expr] {
        self.nodes.as_slice()
    }

    /// Removes every node, keeping the allocation.
    pub fn clear(&mut self) {
        self.nodes.clear();
    }

    /// Number of nodes.
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    /// Whether the pool is empty.
    pub fn is_empty(&self) -> bool {
        self.nodes.is_empty()
    }

    /// Folds the expression to a constant if it refers to no symbol.
    pub fn as_constant(&self, id: ExprId) -> Option<i64> {
        match self.get(id) {
            Expr::Constant(v) => Some(v),
            Expr::Symbol(..) => None,
            Expr::Neg(a) => Some(self.as_constant(a)?.wrapping_neg()),
            Expr::Not(a) => Some(!self.as_constant(a)?),
            Expr::Binary(op, a, b) => op.apply(self.as_constant(a)?, self.as_constant(b)?),
        }
    }
}

/// Writes expressions as assembly text; implemented by whatever owns the
/// symbol names (the MC context).
pub trait ExprWriter {
    /// Appends the text of expression `e` to `out`.
    fn write_expr(&self, e: ExprId, out: &mut String);
}
