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
