//! Unit tests of single prolog/epilog decisions; whole functions are in
//! `targets/tests/frame/`.

use super::*;
use crate::x86_64::desc::{op, regs::*};
use crate::x86_64::X86Info;
use rcc_mach::passes::frame_layout::FramePointer;
use rcc_mach::{FrameKind, Operand, Reg};

fn module() -> Module {
    rcc_ir::parse_module("define void @f() { ret void }\n", "t.ll").expect("parses")
}

/// A function: `body` in one block, then a return reading `ret_uses`.
fn function(m: &Module, call: bool, ret_uses: &[PReg]) -> MachFunction {
    let mut mf = MachFunction::new(m.order[0]);
    let b = mf.create_block(0);
    mf.begin_block(b);
    if call {
        mf.push(MOpc::ADJCALLSTACKDOWN, &[Operand::imm(0)]);
        mf.push(MOpc::target(op::CALL64r.0), &[Operand::reg_use(R11)]);
        mf.push(MOpc::ADJCALLSTACKUP, &[Operand::imm(0)]);
    }
    let uses: Vec<Operand> = ret_uses.iter().map(|&r| Operand::implicit_use(r)).collect();
    mf.push(MOpc::target(op::RET64.0), &uses);
    mf.end_block(&[]);
    mf
}

fn opcodes(mf: &MachFunction) -> Vec<String> {
    mf.layout
        .iter()
        .map(|&i| {
            let mut s = String::new();
            rcc_mach::printer::print_inst(&mut s, mf, &module(), &X86Info, i);
            s
        })
        .collect()
}

fn run(m: &Module, mf: &mut MachFunction, opts: FrameOptions) -> Result<FramePlan, FrameError> {
    insert_prolog_epilog(mf, m, &[], &opts, &mut FrameScratch::default())
}

#[test]
fn eight_byte_frames_push_rax_and_pop_a_dead_register() {
    let m = module();
    let mut mf = function(&m, true, &[EAX]);
    let p = run(&m, &mut mf, FrameOptions::default()).expect("pei");
    assert_eq!(p.sp_adjust, 8);
    let text = opcodes(&mf);
    assert_eq!(
        text[0],
        "PUSH64r undef $rax, implicit-def $rsp, implicit $rsp"
    );
    assert!(text.contains(&"$rcx = POP64r implicit-def $rsp, implicit $rsp".to_string()));
    assert!(!text.iter().any(|t| t.contains("ADJCALLSTACK")));
    // A return that reads %rcx gets the next candidate.
    let mut mf = function(&m, true, &[EAX, RCX]);
    run(&m, &mut mf, FrameOptions::default()).expect("pei");
    assert!(opcodes(&mf).contains(&"$rsi = POP64r implicit-def $rsp, implicit $rsp".to_string()));
}

#[test]
fn no_cfi_without_unwind_tables() {
    let m = module();
    let mut mf = function(&m, true, &[]);
    let opts = FrameOptions {
        emit_cfi: false,
        frame_pointer: FramePointer::All,
        ..FrameOptions::default()
    };
    let p = run(&m, &mut mf, opts).expect("pei");
    assert!(p.uses_fp && !mf.frame.emit_cfi);
    assert!(mf.layout.iter().all(|&i| mf.opc(i) != MOpc::CFI));
    assert!(mf.cfi.is_empty());
}

#[test]
fn frame_pointer_is_known_before_allocation() {
    let m = module();
    let opts = FrameOptions::default();
    let mut mf = function(&m, true, &[]);
    assert!(!needs_frame_pointer(&mf, &opts));
    let non_leaf = FrameOptions {
        frame_pointer: FramePointer::NonLeaf,
        ..opts
    };
    assert!(needs_frame_pointer(&mf, &non_leaf));
    assert!(!needs_frame_pointer(&function(&m, false, &[]), &non_leaf));
    mf.frame.create(32, 32, FrameKind::Spill);
    assert!(needs_frame_pointer(&mf, &opts), "realignment");
    let mut mf = function(&m, false, &[]);
    mf.frame.has_var_sized = true;
    assert!(needs_frame_pointer(&mf, &opts), "dynamic alloca");
    let reserved = FrameOptions {
        frame_pointer: FramePointer::Reserved,
        ..opts
    };
    let mf = function(&m, true, &[]);
    assert!(!needs_frame_pointer(&mf, &reserved));
    assert!(frame_pointer_reserved(&mf, &reserved));
    assert!(!frame_pointer_reserved(&mf, &opts));
}

#[test]
fn oversized_frames_and_displacements_are_errors() {
    let m = module();
    let mut mf = function(&m, false, &[]);
    mf.frame.create(3 << 30, 8, FrameKind::Local);
    let e = run(&m, &mut mf, FrameOptions::default()).expect_err("too large");
    assert!(matches!(e.kind, FrameErrorKind::FrameTooLarge(_)), "{e}");
    assert_eq!(e.function, "f");

    let mut mf = MachFunction::new(m.order[0]);
    let fi = mf.frame.create(8, 8, FrameKind::Local);
    let b = mf.create_block(0);
    mf.begin_block(b);
    mf.push(
        MOpc::target(op::MOV64rm.0),
        &[
            Operand::reg_def(RAX),
            Operand::frame(fi),
            Operand::imm(1),
            Operand::reg_use(Reg::NONE),
            Operand::imm(i32::MIN),
            Operand::reg_use(Reg::NONE),
        ],
    );
    mf.push(MOpc::target(op::RET64.0), &[]);
    mf.end_block(&[]);
    let e = run(&m, &mut mf, FrameOptions::default()).expect_err("displacement");
    assert!(
        matches!(&e.kind, FrameErrorKind::Displacement { inst } if inst.starts_with("$rax = MOV64rm %stack.0")),
        "{e}"
    );
}

#[test]
fn displacements_fold_into_existing_immediates() {
    let m = module();
    let mut mf = MachFunction::new(m.order[0]);
    let fi = mf.frame.create(16, 8, FrameKind::Local);
    let b = mf.create_block(0);
    mf.begin_block(b);
    let big = mf.imm(12);
    mf.push(
        MOpc::target(op::MOV64rm.0),
        &[
            Operand::reg_def(RAX),
            Operand::frame(fi),
            Operand::imm(1),
            Operand::reg_use(RCX),
            big,
            Operand::reg_use(Reg::NONE),
        ],
    );
    mf.push(MOpc::target(op::RET64.0), &[]);
    mf.end_block(&[]);
    let opts = FrameOptions {
        red_zone: false,
        ..FrameOptions::default()
    };
    let p = run(&m, &mut mf, opts).expect("pei");
    // 16 bytes at CFA-24: %rsp = CFA-24 after `subq $16`, so 0 + 12.
    assert_eq!(p.sp_adjust, 16);
    let load = opcodes(&mf)
        .into_iter()
        .find(|t| t.contains("MOV64rm"))
        .expect("load");
    assert_eq!(load, "$rax = MOV64rm $rsp, 1, $rcx, 12, $noreg");
}
