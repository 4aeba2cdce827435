//! The DAG builder on small IR functions, with a mock call lowering that
//! only records what it is asked.

use rcc_dag::build::{build_block, FunctionLowering};
use rcc_dag::{ArgValue, CallLowering, FormalArg, IselError, LoweredArgs, SymRef};
use rcc_dag::{Dag, Op, SDValue, VT};
use rcc_ir::Module;
use rcc_mach::{MachFunction, RegClassId};

struct Mock;

impl CallLowering for Mock {
    fn reg_class(&self, vt: VT) -> Option<RegClassId> {
        vt.is_int().then_some(RegClassId(vt.bits() as u8))
    }
    fn sym_flag(&self, r: SymRef) -> rcc_mach::SymFlag {
        rcc_mach::SymFlag(r as u8 + 1)
    }
    fn lower_arguments(
        &self,
        mf: &mut MachFunction,
        args: &[FormalArg],
        _va_start: bool,
    ) -> Result<LoweredArgs, IselError> {
        let vals = args
            .iter()
            .map(|&a| match a {
                FormalArg::Value(vt) => ArgValue::Reg(mf.new_vreg(RegClassId(vt.bits() as u8))),
                FormalArg::ByVal { size, align } => {
                    ArgValue::Frame(mf.frame.create(size, align, rcc_mach::FrameKind::Fixed))
                }
            })
            .collect();
        Ok(LoweredArgs { vals, va: None })
    }
    fn lower_call(
        &self,
        dag: &mut Dag,
        _mf: &mut MachFunction,
        chain: SDValue,
        callee: SDValue,
        args: &[SDValue],
        rets: &[VT],
        _variadic: bool,
    ) -> Result<(SDValue, Vec<SDValue>), IselError> {
        let mut ops = vec![chain, callee];
        ops.extend_from_slice(args);
        let mut vts = rets.to_vec();
        vts.push(VT::Chain);
        let n = dag.node(Op::Target(1), &vts, &ops, 0);
        let vals = (0..rets.len() as u32).map(|k| SDValue::new(n, k)).collect();
        Ok((SDValue::new(n, rets.len() as u32), vals))
    }
    fn lower_return(
        &self,
        dag: &mut Dag,
        _mf: &mut MachFunction,
        chain: SDValue,
        vals: &[SDValue],
    ) -> Result<SDValue, IselError> {
        let mut ops = vec![chain];
        ops.extend_from_slice(vals);
        Ok(dag.value(Op::Target(2), VT::Chain, &ops, 0))
    }
}

fn build(src: &str) -> Result<Vec<String>, IselError> {
    let m: Module = rcc_ir::parse_module(src.to_string(), "t.ll").expect("parses");
    let dl = m.data_layout().expect("layout");
    let g = *m
        .order
        .iter()
        .find(|&&g| m.body(g).is_some())
        .expect("a definition");
    let f = m.body(g).expect("body");
    let fn_ty = m.globals[g].value_ty.expect("type");
    let mut mf = MachFunction::new(g);
    let mut fl = FunctionLowering::new(&m, f, &dl, fn_ty, &mut mf, &Mock, false)?;
    fl.lower_arguments(&mut mf, &Mock)?;
    let mut dag = Dag::default();
    let mut vals = Vec::new();
    let mut out = Vec::new();
    for b in f.blocks.keys() {
        build_block(&fl, b, &mut dag, &mut mf, &Mock, &mut vals)?;
        out.push(dag.dump());
    }
    Ok(out)
}

#[test]
fn straight_line_arithmetic_shares_nodes() {
    let d = build(
        "define i32 @f(i32 %a, i32 %b) {\n  %x = add i32 %a, %b\n  %y = add i32 %a, %b\n  %z = mul i32 %x, %y\n  ret i32 %z\n}\n",
    )
    .unwrap();
    // Both adds are one node; the return takes the product.
    assert_eq!(d[0].matches("= Add").count(), 1, "{}", d[0]);
    assert!(d[0].contains("= Mul"), "{}", d[0]);
    assert!(d[0].contains("= Target(2)"), "{}", d[0]);
}

#[test]
fn loop_with_phi_copies_edges() {
    let d = build(
        "define i64 @sum(ptr %p, i64 %n) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i1, %loop ]
  %s = phi i64 [ 0, %entry ], [ %s1, %loop ]
  %q = getelementptr inbounds i64, ptr %p, i64 %i
  %v = load i64, ptr %q, align 8
  %s1 = add i64 %s, %v
  %i1 = add i64 %i, 1
  %c = icmp ult i64 %i1, %n
  br i1 %c, label %loop, label %exit
exit:
  ret i64 %s1
}
",
    )
    .unwrap();
    assert_eq!(d.len(), 3);
    // entry: two edge copies of zero, then a branch.
    assert_eq!(d[0].matches("CopyToReg").count(), 2, "{}", d[0]);
    assert!(d[0].contains("= Br"), "{}", d[0]);
    // loop: the address is p + (i << 3), the load is chained, the compare feeds BrCond.
    assert!(d[1].contains("= Load"), "{}", d[1]);
    assert!(
        d[1].contains("= Shl") && d[1].contains("Constant<0x3>"),
        "{}",
        d[1]
    );
    assert!(d[1].contains("= SetCC<0x4>"), "{}", d[1]);
    assert!(d[1].contains("= BrCond"), "{}", d[1]);
    // loop: s1 leaves the block (used by exit and the phi edge): copied twice.
    assert!(d[1].matches("CopyToReg").count() >= 3, "{}", d[1]);
    // exit reads s1 from its register.
    assert!(d[2].contains("CopyFromReg"), "{}", d[2]);
}

#[test]
fn struct_gep_offsets_fold_to_constants() {
    let d = build(
        "%S = type { i8, i32, [4 x i16] }
define void @f(ptr %p, i16 %v) {
  %q = getelementptr inbounds %S, ptr %p, i64 1, i32 2, i64 3
  store i16 %v, ptr %q, align 2
  ret void
}
",
    )
    .unwrap();
    // 16 (one %S) + 8 (field 2) + 6 (element 3) = 30.
    assert!(d[0].contains("Constant<0x1e>"), "{}", d[0]);
    assert!(d[0].contains("= Store<0x10>"), "{}", d[0]);
}

#[test]
fn unsupported_constructs_are_named() {
    let e = build("define half @f(half %a) {\n  ret half %a\n}\n").unwrap_err();
    assert!(e.what.contains("half"), "{e}");
    let e = build(
        "define void @f(i64 %n) {\n  %a = alloca i8, i64 %n\n  store i8 0, ptr %a\n  ret void\n}\n",
    )
    .unwrap_err();
    assert!(e.what.contains("dynamic alloca"), "{e}");
}

#[test]
fn narrow_call_arguments_are_extended_to_32_bits() {
    let d = build(
        "declare void @g(i8)\ndefine void @f(i8 %a) {\n  call void @g(i8 signext %a)\n  ret void\n}\n",
    )
    .unwrap();
    assert!(d[0].contains("i32 = SignExtend"), "{}", d[0]);
    let d = build("define zeroext i1 @f(i32 %a) {\n  %c = icmp eq i32 %a, 0\n  ret i1 %c\n}\n")
        .unwrap();
    assert!(d[0].contains("i1 = SetCC"), "{}", d[0]);
}
