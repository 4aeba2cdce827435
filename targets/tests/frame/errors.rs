//! The typed errors of prolog/epilog insertion and emission name the
//! function and say what is wrong.

use super::scenarios::{all, global, with_frame_pointer};
use super::support::{emit_function, module, pei};
use rcc_mach::passes::frame_layout::{FrameOptions, FramePointer};
use rcc_mach::{FrameKind, MOpc, MachFunction, Operand, Reg};
use rcc_mc::asm_streamer::AsmStreamer;
use rcc_mc::Streamer;
use rcc_targets::x86_64::desc::{op, regs::*};
use rcc_targets::x86_64::frame::{insert_prolog_epilog, FrameErrorKind, FrameScratch};
use rcc_targets::x86_64::lower::{emit_function_body, EmitContext, EmitErrorKind};
use rcc_targets::x86_64::X86Backend;

fn one_block(m: &rcc_ir::Module, ops: &[(MOpc, Vec<Operand>)]) -> MachFunction {
    let mut mf = MachFunction::new(global(m, "dyn_alloca"));
    fill(&mut mf, ops);
    mf
}

/// One block: `ops`, then a return.
fn fill(mf: &mut MachFunction, ops: &[(MOpc, Vec<Operand>)]) {
    let b = mf.create_block(0);
    mf.begin_block(b);
    for (o, v) in ops {
        mf.push(*o, v);
    }
    mf.push(MOpc::target(op::RET64.0), &[]);
    mf.end_block(&[]);
}

fn pei_err(m: &rcc_ir::Module, mf: &mut MachFunction, opts: FrameOptions) -> FrameErrorKind {
    let e = insert_prolog_epilog(mf, m, &[], &opts, &mut FrameScratch::default())
        .expect_err("must fail");
    assert_eq!(e.function, "dyn_alloca");
    // The reporter names the function (the driver prefixes
    // `in function 'f': `); the message itself does not repeat it.
    assert!(!e.to_string().contains("in function"), "{e}");
    e.kind
}

#[test]
fn base_pointer_written_by_the_body() {
    let m = module();
    let mov = MOpc::target(op::MOV64rr.0);
    let mut mf = one_block(
        &m,
        &[(mov, vec![Operand::reg_def(RBX), Operand::reg_use(RDI)])],
    );
    mf.frame.has_var_sized = true;
    mf.frame.create(64, 64, FrameKind::Local);
    assert!(rcc_targets::x86_64::frame::base_pointer_reserved(&mf));
    let k = pei_err(&m, &mut mf, FrameOptions::default());
    assert_eq!(k, FrameErrorKind::BasePointerClobbered);
}

#[test]
fn frame_pointer_written_by_the_body() {
    let m = module();
    let mov = MOpc::target(op::MOV64rr.0);
    let mut mf = one_block(
        &m,
        &[(mov, vec![Operand::reg_def(RBP), Operand::reg_use(RDI)])],
    );
    let opts = FrameOptions {
        frame_pointer: FramePointer::All,
        ..FrameOptions::default()
    };
    assert_eq!(
        pei_err(&m, &mut mf, opts),
        FrameErrorKind::FramePointerClobbered
    );
    // Without a frame pointer %rbp is an ordinary callee-saved register.
    let mut mf = one_block(
        &m,
        &[(mov, vec![Operand::reg_def(RBP), Operand::reg_use(RDI)])],
    );
    let p = insert_prolog_epilog(
        &mut mf,
        &m,
        &[],
        &FrameOptions::default(),
        &mut FrameScratch::default(),
    )
    .expect("pei");
    assert_eq!(p.csrs, vec![RBP]);
}

#[test]
fn frame_index_outside_a_memory_base() {
    let m = module();
    let mut mf = MachFunction::new(global(&m, "dyn_alloca"));
    let fi = mf.frame.create(8, 8, FrameKind::Local);
    let b = mf.create_block(0);
    mf.begin_block(b);
    mf.push(
        MOpc::target(op::MOV64ri32.0),
        &[Operand::reg_def(RAX), Operand::frame(fi)],
    );
    mf.push(MOpc::target(op::RET64.0), &[]);
    mf.end_block(&[]);
    match pei_err(&m, &mut mf, FrameOptions::default()) {
        FrameErrorKind::FrameOperand { inst } => {
            assert_eq!(inst, "$rax = MOV64ri32 %stack.0");
        }
        k => panic!("{k:?}"),
    }
}

#[test]
fn entry_block_must_not_be_a_branch_target() {
    let m = module();
    let mut mf = MachFunction::new(global(&m, "dyn_alloca"));
    let b = mf.create_block(0);
    mf.begin_block(b);
    mf.push(MOpc::target(op::JMP_1.0), &[Operand::block(b)]);
    mf.end_block(&[b]);
    assert_eq!(
        pei_err(&m, &mut mf, FrameOptions::default()),
        FrameErrorKind::EntryHasPredecessors
    );
}

#[test]
fn emission_rejects_leftovers() {
    let m = module();
    let backend = X86Backend;
    let dl = rcc_ir::layout::DataLayout::default();
    let em =
        rcc_mach::emit::ModuleEmitter::new(&m, &dl, &Default::default()).expect("module emitter");
    let cx = EmitContext {
        emitter: &em,
        fn_number: 0,
        pic: true,
    };
    let emit = |mf: &MachFunction| {
        let mut st = AsmStreamer::new(&backend, false);
        let text = st.ctx().text();
        st.switch_section(text);
        let e = emit_function_body(mf, cx, &mut st).expect_err("must fail");
        assert_eq!(e.function, "dyn_alloca");
        e.kind
    };
    // A virtual register.
    let mut mf = MachFunction::new(global(&m, "dyn_alloca"));
    let v = mf.new_vreg(rcc_targets::x86_64::mclass::GR32);
    let mov = MOpc::target(op::MOV32rr.0);
    fill(
        &mut mf,
        &[(
            mov,
            vec![Operand::reg_def(Reg::virt(v)), Operand::reg_use(EDI)],
        )],
    );
    match emit(&mf) {
        EmitErrorKind::VirtualRegister { inst } => assert_eq!(inst, "%0:gr32 = MOV32rr $edi"),
        k => panic!("{k:?}"),
    }
    // A call-frame pseudo that PEI should have removed.
    let mf = one_block(&m, &[(MOpc::ADJCALLSTACKDOWN, vec![Operand::imm(0)])]);
    assert!(matches!(emit(&mf), EmitErrorKind::UnexpectedOpcode { .. }));
    // A frame index.
    let mut mf = MachFunction::new(global(&m, "dyn_alloca"));
    let fi = mf.frame.create(4, 4, FrameKind::Local);
    let load = vec![
        Operand::reg_def(EAX),
        Operand::frame(fi),
        Operand::imm(1),
        Operand::reg_use(Reg::NONE),
        Operand::imm(0),
        Operand::reg_use(Reg::NONE),
    ];
    fill(&mut mf, &[(MOpc::target(op::MOV32rm.0), load)]);
    assert!(matches!(emit(&mf), EmitErrorKind::FrameIndex { .. }));
    // A copy between classes with no move.
    let mf = one_block(
        &m,
        &[(
            MOpc::COPY,
            vec![Operand::reg_def(AX), Operand::reg_use(XMM1)],
        )],
    );
    assert!(matches!(emit(&mf), EmitErrorKind::UnsupportedCopy { .. }));
    // Tied operands in different registers.
    let add = MOpc::target(op::ADD32rr.0);
    let ops = vec![
        Operand::reg_def(EAX),
        Operand::reg_tied_use(ECX, 0),
        Operand::reg_use(EDX),
    ];
    let mf = one_block(&m, &[(add, ops)]);
    assert!(matches!(emit(&mf), EmitErrorKind::BadOperand { .. }));
}

#[test]
fn no_body_section_is_an_error() {
    let m = module();
    let mut s = all(&m).remove(0);
    pei(&m, &mut s);
    let backend = X86Backend;
    let mut st = AsmStreamer::new(&backend, false);
    let dl = rcc_ir::layout::DataLayout::default();
    let em =
        rcc_mach::emit::ModuleEmitter::new(&m, &dl, &Default::default()).expect("module emitter");
    let cx = EmitContext {
        emitter: &em,
        fn_number: 0,
        pic: true,
    };
    let e = emit_function_body(&s.mf, cx, &mut st).expect_err("no section");
    assert_eq!(e.kind, EmitErrorKind::NoSection);
    // With a section it works.
    let mut s = with_frame_pointer(&m, "sum_array", FramePointer::All);
    pei(&m, &mut s);
    let mut st = AsmStreamer::new(&backend, false);
    emit_function(&m, &s, 0, &mut st).expect("emits");
}
