//! Golden tests: hand-built block DAGs through selection, checked as MIR
//! text and for SSA sanity (each virtual register defined once, before its
//! uses in the block, unless it is live into the block).

use super::*;
use crate::x86_64::machine::X86Info;
use crate::x86_64::sym_flags;
use rcc_dag::{ArgValue, CallLowering, Cond, Ext, FormalArg, MemInfo, Op, SDValue, VT};
use rcc_ir::entity::EntityId;
use rcc_ir::{GlobalId, Module};
use rcc_mach::{FrameKind, SymFlag, SymOperand, SymTarget};

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
        .skip_while(|l| *l != "body:")
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
                    assert!(
                        v.index() < live_in || defined[v.index()],
                        "{v:?} used before def"
                    );
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
    let vals: Vec<SDValue> = v.into_iter().collect();
    let r = X86Lowering
        .lower_return(dag, mf, chain, &vals)
        .expect("lowers");
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

fn mem(bits: u32, ext: Ext) -> u64 {
    MemInfo {
        mem_bits: bits,
        ext,
        volatile: false,
        segment: rcc_dag::Segment::None,
    }
    .pack()
}

#[test]
fn store_constant_to_frame_index() {
    let (mut dag, mut mf) = (Dag::default(), new_mf());
    let fi = mf.frame.create(4, 4, FrameKind::Local);
    let e = dag.entry();
    let c = dag.constant(VT::I32, 42);
    let p = dag.value(Op::FrameIndex, VT::I64, &[], fi.as_u32() as u64);
    let st = dag.value(Op::Store, VT::Chain, &[e, c, p], mem(32, Ext::None));
    ret(&mut dag, &mut mf, st, None);
    assert_eq!(
        select(&mut dag, &mut mf, 0),
        "MOV32mi %stack.0, 1, $noreg, 0, $noreg, 42\nRET64\n"
    );
}

#[test]
fn brcond_on_setcc() {
    let (mut dag, mut mf) = (Dag::default(), new_mf());
    let a = copy_from(&mut dag, &mut mf, VT::I64);
    let c = dag.constant(VT::I64, 10);
    let cc = dag.value(Op::SetCC, VT::I1, &[a, c], Cond::Slt as u64);
    let e = dag.entry();
    let bb1 = dag.value(Op::BasicBlock, VT::Chain, &[], 1);
    let bb2 = dag.value(Op::BasicBlock, VT::Chain, &[], 2);
    let br = dag.value(Op::BrCond, VT::Chain, &[e, cc, bb1], 0);
    let j = dag.value(Op::Br, VT::Chain, &[br, bb2], 0);
    dag.root = Some(j);
    assert_eq!(
        select(&mut dag, &mut mf, 1),
        "CMP64ri8 %0, 10, implicit-def $eflags\n\
         JCC_1 %bb.1, 12, implicit $eflags\n\
         JMP_1 %bb.2\n"
    );
}

#[test]
fn select_and_zext_of_setcc() {
    let (mut dag, mut mf) = (Dag::default(), new_mf());
    let a = copy_from(&mut dag, &mut mf, VT::I32);
    let b = copy_from(&mut dag, &mut mf, VT::I32);
    let cc = dag.value(Op::SetCC, VT::I1, &[a, b], Cond::Ult as u64);
    let z = dag.value(Op::ZeroExtend, VT::I32, &[cc], 0);
    let s = dag.value(Op::Select, VT::I32, &[cc, z, b], 0);
    let e = dag.entry();
    ret(&mut dag, &mut mf, e, Some(s));
    assert_eq!(
        select(&mut dag, &mut mf, 2),
        "CMP32rr %0, %1, implicit-def $eflags\n\
         %2:gr8 = SETCCr 2, implicit $eflags\n\
         %3:gr32 = MOVZX32rr8 %2\n\
         CMP32rr %0, %1, implicit-def $eflags\n\
         %4:gr32 = CMOV32rr %1(tied-def 0), %3, 2, implicit $eflags\n\
         $eax = COPY %4\n\
         RET64 implicit $eax\n\
         "
    );
}

#[test]
fn load_with_address_arithmetic() {
    let (mut dag, mut mf) = (Dag::default(), new_mf());
    let base = copy_from(&mut dag, &mut mf, VT::I64);
    let idx = copy_from(&mut dag, &mut mf, VT::I64);
    let two = dag.constant(VT::I64, 2);
    let sh = dag.value(Op::Shl, VT::I64, &[idx, two], 0);
    let ad = dag.value(Op::Add, VT::I64, &[base, sh], 0);
    let off = dag.constant(VT::I64, 8);
    let p = dag.value(Op::Add, VT::I64, &[ad, off], 0);
    let e = dag.entry();
    let ld = dag.node(Op::Load, &[VT::I32, VT::Chain], &[e, p], mem(8, Ext::Sign));
    let v = SDValue::new(ld, 0);
    let ch = SDValue::new(ld, 1);
    let t = dag.value(Op::Truncate, VT::I16, &[v], 0);
    let sym = mf.sym(SymOperand {
        target: SymTarget::Global(GlobalId::from_u32(0)),
        offset: 0,
        flag: SymFlag::NONE,
    });
    let g = dag.value(Op::Symbol, VT::I64, &[], sym.payload() as u64);
    let st = dag.value(Op::Store, VT::Chain, &[ch, t, g], mem(16, Ext::None));
    ret(&mut dag, &mut mf, st, None);
    assert_eq!(
        select(&mut dag, &mut mf, 2),
        "%2:gr32 = MOVSX32rm8 %0, 4, %1, 8, $noreg\n\
         %3:gr16 = COPY %2.sub_16bit\n\
         MOV16mr $rip, 1, $noreg, @f, $noreg, %3\n\
         RET64\n\
         "
    );
}

#[test]
fn division_and_shift_use_fixed_registers() {
    let (mut dag, mut mf) = (Dag::default(), new_mf());
    let a = copy_from(&mut dag, &mut mf, VT::I32);
    let b = copy_from(&mut dag, &mut mf, VT::I32);
    let q = dag.value(Op::UDiv, VT::I32, &[a, b], 0);
    let s = dag.value(Op::Shl, VT::I32, &[q, b], 0);
    let e = dag.entry();
    ret(&mut dag, &mut mf, e, Some(s));
    assert_eq!(select(&mut dag, &mut mf, 2), "$eax = COPY %0\n\
         %2:gr32 = MOV32r0\n\
         $edx = COPY %2\n\
         DIV32r %1, implicit-def $eax, implicit-def $edx, implicit-def dead $eflags, implicit $eax, implicit $edx\n\
         %3:gr32 = COPY $eax\n\
         $cl = COPY %1.sub_8bit\n\
         %4:gr32 = SHL32rCL %3(tied-def 0), implicit-def dead $eflags, implicit $cl\n\
         $eax = COPY %4\n\
         RET64 implicit $eax\n\
         ");
}

#[test]
fn call_with_eight_arguments() {
    let (mut dag, mut mf) = (Dag::default(), new_mf());
    let args = X86Lowering
        .lower_arguments(
            &mut mf,
            &[FormalArg::Value(VT::I32), FormalArg::Value(VT::I64)],
            false,
        )
        .expect("lowers");
    let mut vals = Vec::new();
    let e = dag.entry();
    for (k, &a) in args.vals.iter().enumerate() {
        let ArgValue::Reg(v) = a else {
            panic!("register arguments")
        };
        let vt = if k == 0 { VT::I32 } else { VT::I64 };
        let r = dag.value(Op::Register, vt, &[], Reg::virt(v).bits() as u64);
        vals.push(SDValue::new(
            dag.node(Op::CopyFromReg, &[vt, VT::Chain], &[e, r], 0),
            0,
        ));
    }
    for k in 0..6 {
        vals.push(dag.constant(VT::I32, k));
    }
    let sym = mf.sym(SymOperand {
        target: SymTarget::Global(GlobalId::from_u32(1)),
        offset: 0,
        flag: sym_flags::PLT,
    });
    let callee = dag.value(Op::Symbol, VT::I64, &[], sym.payload() as u64);
    let (ch, r) = X86Lowering
        .lower_call(&mut dag, &mut mf, e, callee, &vals, &[VT::I32], true)
        .expect("lowers");
    ret(&mut dag, &mut mf, ch, r.first().copied());
    assert_eq!(select(&mut dag, &mut mf, 2), "%0:gr32 = COPY $edi\n\
         %1:gr64 = COPY $rsi\n\
         %2:gr32 = MOV32r0\n\
         %3:gr32 = MOV32ri 1\n\
         %4:gr32 = MOV32ri 2\n\
         %5:gr32 = MOV32ri 3\n\
         %6:gr32 = MOV32ri 4\n\
         %7:gr32 = MOV32ri 5\n\
         ADJCALLSTACKDOWN 16, 0, 0, implicit-def $rsp, implicit-def dead $eflags, implicit $rsp\n\
         MOV32mr $rsp, 1, $noreg, 0, $noreg, %6\n\
         MOV32mr $rsp, 1, $noreg, 8, $noreg, %7\n\
         $edi = COPY %0\n\
         $rsi = COPY %1\n\
         $edx = COPY %2\n\
         $ecx = COPY %3\n\
         $r8d = COPY %4\n\
         $r9d = COPY %5\n\
         $al = MOV8ri 0\n\
         CALL64pcrel32 @g [Plt], regmask(0), implicit $edi, implicit $rsi, implicit $edx, implicit $ecx, implicit $r8d, implicit $r9d, implicit $al, implicit-def $rsp, implicit $rsp, implicit-def $eax\n\
         ADJCALLSTACKUP 16, 0, implicit-def $rsp, implicit-def dead $eflags, implicit $rsp\n\
         %8:gr32 = COPY $eax\n\
         $eax = COPY %8\n\
         RET64 implicit $eax\n\
         ");
}

/// A call of a callee loaded from `[p + 8]`, the load chained directly
/// before the call (`volatile`: a volatile load), returning the call's
/// selected MIR.
fn call_of_loaded_callee(volatile: bool, arg_from_load: bool) -> String {
    let (mut dag, mut mf) = (Dag::default(), new_mf());
    let p = copy_from(&mut dag, &mut mf, VT::I64);
    let e = dag.entry();
    let eight = dag.constant(VT::I64, 8);
    let a = dag.value(Op::Add, VT::I64, &[p, eight], 0);
    let info = MemInfo {
        mem_bits: 64,
        ext: Ext::None,
        volatile,
        segment: rcc_dag::Segment::None,
    };
    let l = dag.node(Op::Load, &[VT::I64, VT::Chain], &[e, a], info.pack());
    let mut chain = SDValue::new(l, 1);
    let mut args = Vec::new();
    if arg_from_load {
        // An argument loaded after the callee: it depends on the callee's
        // load through the chain.
        let x = dag.node(
            Op::Load,
            &[VT::I64, VT::Chain],
            &[chain, p],
            mem(64, Ext::None),
        );
        chain = SDValue::new(x, 1);
        args.push(SDValue::new(x, 0));
    }
    let (ch, _) = X86Lowering
        .lower_call(
            &mut dag,
            &mut mf,
            chain,
            SDValue::new(l, 0),
            &args,
            &[],
            false,
        )
        .expect("lowers");
    ret(&mut dag, &mut mf, ch, None);
    select(&mut dag, &mut mf, 1)
}

#[test]
fn a_loaded_callee_folds_into_the_call() {
    let out = call_of_loaded_callee(false, false);
    assert!(
        out.contains("CALL64m %0, 1, $noreg, 8, $noreg, regmask"),
        "{out}"
    );
    assert!(!out.contains("MOV64rm"), "{out}");
    // Not a volatile load, nor one an argument depends on.
    for (volatile, arg) in [(true, false), (false, true)] {
        let out = call_of_loaded_callee(volatile, arg);
        assert!(out.contains("CALL64r %"), "{out}");
    }
}

#[test]
fn unsupported_nodes_are_typed_errors() {
    let (mut dag, mut mf) = (Dag::default(), new_mf());
    // No row counts the leading zeros of an i8 (the builder widens it).
    let a = copy_from(&mut dag, &mut mf, VT::I8);
    let s = dag.value(Op::Ctlz, VT::I8, &[a], 0);
    let e = dag.entry();
    ret(&mut dag, &mut mf, e, Some(s));
    let err = select_block(&mut dag, &mut mf).expect_err("no i8 ctlz");
    assert!(err.what.contains("Ctlz"), "{}", err.what);
}
