//! Golden tests: hand-built block DAGs through selection, checked as MIR
//! text and for SSA sanity (each virtual register defined once, before its
//! uses in the block, unless it is live into the block).

use super::*;
use crate::x86_64::machine::{mclass, X86Info};
use rcc_dag::{CallLowering, Cond, Ext, MemInfo, Op, SDValue, VT};
use rcc_ir::entity::EntityId;
use rcc_ir::{GlobalId, Module};
use rcc_mach::{FrameKind, MBlock, SymFlag, SymOperand, SymTarget, VReg};

fn module() -> Module {
    rcc_ir::parse_module("declare void @f()\ndeclare void @g(...)\n", "t.ll").expect("parses")
}

fn new_mf() -> MachFunction {
    let mut mf = MachFunction::new(GlobalId::from_u32(0));
    let b = mf.create_block(0);
    mf.create_block(1);
    mf.create_block(2);
    mf.begin_block(b);
    mf
}

fn copy_from(dag: &mut Dag, mf: &mut MachFunction, vt: VT) -> SDValue {
    let c = emit::class_of_vt(vt).expect("int");
    let v = mf.new_vreg(c);
    let e = dag.entry();
    let r = dag.value(Op::Register, vt, &[], Reg::virt(v).bits() as u64);
    SDValue::new(dag.node(Op::CopyFromReg, &[vt, VT::Chain], &[e, r], 0), 0)
}

/// Selects, finishes the block, checks sanity and returns the body text.
fn select(dag: &mut Dag, mf: &mut MachFunction, live_in: usize) -> String {
    select_block(dag, mf).expect("selects");
    mf.end_block(&[]);
    sanity(mf, live_in);
    let m = module();
    let mut out = String::new();
    rcc_mach::printer::print_function(&mut out, mf, &m, &X86Info, "isel");
    out.lines()
        .filter(|l| l.starts_with("  "))
        .map(|l| format!("{}\n", l.trim()))
        .collect()
}

/// Every vreg with index >= `live_in` is defined exactly once, before use.
fn sanity(mf: &MachFunction, live_in: usize) {
    let mut defined = vec![false; mf.num_vregs()];
    for &b in &mf.order {
        for &i in mf.block_insts(b) {
            for o in mf.operands(i).iter().filter(|o| o.is_use()) {
                if let Some(v) = o.reg().as_virt() {
                    assert!(v.index() < live_in || defined[v.index()], "{v:?} used before def");
                }
            }
            for o in mf.operands(i).iter().filter(|o| o.is_def()) {
                if let Some(v) = o.reg().as_virt() {
                    assert!(!defined[v.index()], "{v:?} defined twice");
                    defined[v.index()] = true;
                }
            }
        }
    }
}

fn ret(dag: &mut Dag, mf: &mut MachFunction, chain: SDValue, v: Option<SDValue>) {
    let r = X86Lowering.lower_return(dag, mf, chain, v).expect("lowers");
    dag.root = Some(r);
}

#[test]
fn add_of_two_copies() {
    let (mut dag, mut mf) = (Dag::default(), new_mf());
    let a = copy_from(&mut dag, &mut mf, VT::I32);
    let b = copy_from(&mut dag, &mut mf, VT::I32);
    let s = dag.value(Op::Add, VT::I32, &[a, b], 0);
    let e = dag.entry();
    ret(&mut dag, &mut mf, e, Some(s));
    assert_eq!(
        select(&mut dag, &mut mf, 2),
        "%2:gr32 = ADD32rr %0(tied-def 0), %1, implicit-def dead $eflags\n\
         $eax = COPY %2\n\
         RET64 implicit $eax\n"
    );
}
