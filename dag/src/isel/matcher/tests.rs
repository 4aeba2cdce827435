//! The generic matcher with a toy target (no x86): row priority, operand
//! binding through the target's predicates, and the cover's dependencies.

use super::*;
use rcc_ir::GlobalId;

#[derive(Copy, Clone, PartialEq, Debug)]
enum P {
    R,
    Imm,
}

const ADD: POp = POp {
    op: Op::Add,
    ext: Ext::None,
    mem: 0,
    align: 0,
    lea: false,
};

/// Row 0: `(add i32 $a:r, $b:imm)`, row 1: `(add i32 $a:r, $b:r)`.
static ROWS: [Tree<P>; 2] = [
    Tree {
        nodes: &[
            PNode::Var {
                var: 0,
                vt: None,
                pred: P::R,
            },
            PNode::Var {
                var: 1,
                vt: None,
                pred: P::Imm,
            },
            PNode::Node {
                op: ADD,
                vt: Some(VT::I32),
                kids: &[0, 1],
            },
        ],
        root: 2,
        nvars: 2,
    },
    Tree {
        nodes: &[
            PNode::Var {
                var: 0,
                vt: None,
                pred: P::R,
            },
            PNode::Var {
                var: 1,
                vt: None,
                pred: P::R,
            },
            PNode::Node {
                op: ADD,
                vt: Some(VT::I32),
                kids: &[0, 1],
            },
        ],
        root: 2,
        nvars: 2,
    },
];

struct Toy;

impl MatchTarget for Toy {
    type Pred = P;
    type Addr = ();

    fn rows_for_root(&self, op: Op, vt: VT) -> &'static [u32] {
        match (op, vt) {
            (Op::Add, VT::I32) => &[0, 1],
            _ => &[],
        }
    }
    fn tree(&self, row: u32) -> &'static Tree<P> {
        &ROWS[row as usize]
    }
    fn bind(
        &self,
        dag: &Dag,
        _: &MachFunction,
        _: u32,
        _: u8,
        pred: P,
        v: SDValue,
    ) -> Option<Binding<()>> {
        match pred {
            P::R => Some(Binding::Val(v)),
            P::Imm => dag.as_const(v).map(Binding::Const),
        }
    }
    fn addr_regs(_: &()) -> [Option<SDValue>; 2] {
        [None, None]
    }
    fn worth_whole(_: &()) -> bool {
        false
    }
    fn cover_special(
        &self,
        _: &Dag,
        _: &MachFunction,
        _: Node,
        _: &mut Cover<()>,
    ) -> Result<bool, IselError> {
        Ok(false)
    }
}

/// `CopyToReg(entry, reg, add(CopyFromReg(entry, reg), y))`.
fn block(dag: &mut Dag, y: impl FnOnce(&mut Dag, SDValue) -> SDValue) -> (Node, SDValue) {
    let entry = dag.entry();
    let reg = dag.value(Op::Register, VT::I32, &[], 1);
    let x = SDValue::new(
        dag.node(Op::CopyFromReg, &[VT::I32, VT::Chain], &[entry, reg], 0),
        0,
    );
    let y = y(dag, x);
    let add = dag.value(Op::Add, VT::I32, &[x, y], 0);
    let root = dag.value(Op::CopyToReg, VT::Chain, &[entry, reg, add], 0);
    dag.root = Some(root);
    dag.count_uses();
    (add.node(), x)
}

#[test]
fn the_more_constrained_row_wins_and_binds_through_the_target() {
    let mf = MachFunction::new(GlobalId::from_u32(0));
    let mut dag = Dag::default();
    let (add, x) = block(&mut dag, |d, _| d.constant(VT::I32, 5));
    let mut c = Cover::default();
    cover(&Toy, &dag, &mf, &mut c).unwrap();
    assert_eq!(c.row[add.index()], 0);
    assert_eq!(c.bindings(add), &[Binding::Val(x), Binding::Const(5)]);
    // The constant is covered by the row, the register read is a dependency.
    assert_eq!(c.deps_of(add), &[x.node()]);
}

#[test]
fn a_register_operand_takes_the_general_row() {
    let mf = MachFunction::new(GlobalId::from_u32(0));
    let mut dag = Dag::default();
    let (add, x) = block(&mut dag, |_, x| x);
    let mut c = Cover::default();
    cover(&Toy, &dag, &mf, &mut c).unwrap();
    assert_eq!(c.row[add.index()], 1);
    assert_eq!(c.bindings(add), &[Binding::Val(x), Binding::Val(x)]);
}

#[test]
fn a_node_without_a_row_is_an_error_naming_it() {
    let mf = MachFunction::new(GlobalId::from_u32(0));
    let mut dag = Dag::default();
    let entry = dag.entry();
    let reg = dag.value(Op::Register, VT::I32, &[], 1);
    let x = SDValue::new(
        dag.node(Op::CopyFromReg, &[VT::I32, VT::Chain], &[entry, reg], 0),
        0,
    );
    let mul = dag.value(Op::Mul, VT::I32, &[x, x], 0);
    dag.root = Some(dag.value(Op::CopyToReg, VT::Chain, &[entry, reg, mul], 0));
    dag.count_uses();
    let e = cover(&Toy, &dag, &mf, &mut Cover::default()).unwrap_err();
    assert!(format!("{e:?}").contains("Mul"), "{e:?}");
}

const fn pop(op: Op, lea: bool) -> POp {
    POp {
        op,
        ext: Ext::None,
        mem: 0,
        align: 0,
        lea,
    }
}

const fn node(op: Op, lea: bool, vt: Option<VT>, kids: &'static [u16]) -> PNode<P> {
    PNode::Node {
        op: pop(op, lea),
        vt,
        kids,
    }
}

const fn tree(nodes: &'static [PNode<P>], root: u16, nvars: u8) -> Tree<P> {
    Tree { nodes, root, nvars }
}

const fn var(var: u8, vt: Option<VT>) -> PNode<P> {
    PNode::Var {
        var,
        vt,
        pred: P::R,
    }
}

/// Trees of every shape the operand check distinguishes: chained roots
/// (a store of an add, a load), compares (the third child is the
/// condition), a `lea` root, a leaf root, nested typed and untyped
/// operations, and more checked children than a filter holds.
static SHAPES: [Tree<P>; 7] = [
    tree(
        &[
            var(0, None),
            var(1, Some(VT::I32)),
            node(Op::Add, false, Some(VT::I32), &[0, 1]),
            var(2, Some(VT::I64)),
            node(Op::Store, false, None, &[2, 3]),
        ],
        4,
        3,
    ),
    tree(
        &[var(0, Some(VT::I64)), node(Op::Load, false, None, &[0])],
        1,
        1,
    ),
    tree(
        &[
            var(0, None),
            var(1, None),
            node(Op::And, false, None, &[0, 1]),
            PNode::Lit(0),
            PNode::CondLit(Cond::Eq),
            node(Op::SetCC, false, Some(VT::I32), &[2, 3, 4]),
        ],
        5,
        2,
    ),
    tree(
        &[var(0, Some(VT::I64)), node(Op::Add, true, None, &[0])],
        1,
        1,
    ),
    tree(
        &[var(0, None), node(Op::Constant, false, Some(VT::I32), &[0])],
        1,
        1,
    ),
    tree(
        &[
            var(0, None),
            node(Op::CopyFromReg, false, Some(VT::I32), &[0, 0]),
            node(Op::Add, false, None, &[1, 0]),
        ],
        2,
        1,
    ),
    tree(
        &[
            var(0, None),
            var(1, Some(VT::I32)),
            node(Op::Or, false, None, &[0, 0, 0, 0, 1]),
        ],
        2,
        2,
    ),
];

/// A [`RowFilter`] admits a node exactly when the reference check does,
/// for every shape of tree at every node of a block with loads, stores,
/// compares, chains and wide operand lists.
#[test]
fn row_filters_agree_with_the_operand_check() {
    let mut dag = Dag::default();
    let entry = dag.entry();
    let reg = dag.value(Op::Register, VT::I32, &[], 1);
    let from = dag.node(Op::CopyFromReg, &[VT::I32, VT::Chain], &[entry, reg], 0);
    let x = SDValue::new(from, 0);
    let p = dag.value(Op::CopyFromReg, VT::I64, &[entry, reg], 0);
    let five = dag.constant(VT::I32, 5);
    let add = dag.value(Op::Add, VT::I32, &[x, five], 0);
    let and = dag.value(Op::And, VT::I32, &[x, add], 0);
    let zero = dag.constant(VT::I32, 0);
    let setcc = dag.value(Op::SetCC, VT::I1, &[and, zero], Cond::Eq as u64);
    let load = dag.node(Op::Load, &[VT::I32, VT::Chain], &[entry, p], 0);
    let store = dag.value(Op::Store, VT::Chain, &[SDValue::new(load, 1), add, p], 0);
    let wide = dag.value(Op::Or, VT::I32, &[x, x, x, x, five], 0);
    let wide2 = dag.value(Op::Or, VT::I32, &[x, x, x, x, add], 0);
    let lea = dag.value(Op::Add, VT::I64, &[p, p], 0);
    let nested = dag.value(Op::Add, VT::I32, &[SDValue::new(from, 1), x], 0);
    let tf = dag.value(
        Op::TokenFactor,
        VT::Chain,
        &[store, setcc, wide, wide2, lea, nested],
        0,
    );
    dag.root = Some(tf);
    dag.count_uses();
    let mut table = Vec::new();
    let mut checked = 0;
    for (r, tree) in SHAPES.iter().enumerate() {
        for n in dag.nodes() {
            let f = RowFilter::get(&mut table, r as u32, tree);
            assert_eq!(
                f.admits(&dag, n),
                kids_may_match(&dag, tree, n),
                "shape {r} at {:?}",
                dag.op(n)
            );
            checked += usize::from(kids_may_match(&dag, tree, n));
        }
    }
    assert!(checked > SHAPES.len(), "the block exercises few rows");
    // A table built for other trees is rebuilt, not trusted.
    let f = RowFilter::get(&mut table, 0, &SHAPES[1]);
    assert_eq!(
        f.admits(&dag, store.node()),
        kids_may_match(&dag, &SHAPES[1], store.node())
    );
}
