//! Frame sizes against llc-19: each row rebuilds the frame of a function
//! llc-19 compiled (objects, callee-saved registers it used, calls, frame
//! pointer) and expects llc's stack adjustment and object addresses. The
//! sources are C functions compiled with `clang-19 -O1 -S -emit-llvm` and
//! `llc-19 -O2` (or `-O0`, `-frame-pointer=all`, `noredzone`).

use super::scenarios::global;
use super::support::module;
use rcc_mach::passes::frame_layout::{FrameOptions, FramePointer};
use rcc_mach::{FrameKind, MOpc, MachFunction, Operand, PReg};
use rcc_targets::x86_64::desc::{op, regs::*};
use rcc_targets::x86_64::frame::{insert_prolog_epilog, FrameScratch};

struct Row {
    what: &'static str,
    fp: FramePointer,
    red_zone: bool,
    csrs: &'static [PReg],
    /// (size, align) of each local, in creation order.
    locals: &'static [(u64, u32)],
    calls: bool,
    call_frame: u64,
    /// llc's `subq` amount (8 = `pushq %rax`).
    sp_adjust: u64,
    /// llc's displacement of each local (from %rsp, or %rbp with a frame
    /// pointer), where the listing shows it.
    disps: &'static [(usize, i64)],
}

const ROWS: &[Row] = &[
    Row {
        what: "t1.c calls -O2: rbp, rbx, three ints",
        fp: FramePointer::None,
        red_zone: true,
        csrs: &[RBP, RBX],
        locals: &[(4, 4), (4, 4), (4, 4)],
        calls: true,
        call_frame: 0,
        sp_adjust: 24,
        disps: &[(0, 20), (1, 16), (2, 12)],
    },
    Row {
        what: "t1.c calls -O2 -frame-pointer=all: r14, rbx, three ints",
        fp: FramePointer::All,
        red_zone: true,
        csrs: &[R14, RBX],
        locals: &[(4, 4), (4, 4), (4, 4)],
        calls: true,
        call_frame: 0,
        sp_adjust: 16,
        // llc -O2 orders objects by use density (X86's orderFrameObjects:
        // -28, -24, -20); we keep index order within an alignment.
        disps: &[(0, -20), (1, -24), (2, -28)],
    },
    Row {
        what: "t1.c calls -O0: three ints and a spilled int, frame pointer",
        fp: FramePointer::All,
        red_zone: true,
        csrs: &[],
        locals: &[(4, 4), (4, 4), (4, 4), (4, 4)],
        calls: true,
        call_frame: 0,
        sp_adjust: 16,
        disps: &[(0, -4), (1, -8), (2, -12), (3, -16)],
    },
    Row {
        what: "t1.c stackargs -O0: six longs, 16 bytes of outgoing arguments",
        fp: FramePointer::All,
        red_zone: true,
        csrs: &[],
        locals: &[(8, 8); 6],
        calls: true,
        call_frame: 16,
        sp_adjust: 64,
        disps: &[(0, -8), (5, -48)],
    },
    Row {
        what: "t1.c stackargs -O2 -frame-pointer=all: r15, r14, rbx",
        fp: FramePointer::All,
        red_zone: true,
        csrs: &[R15, R14, RBX],
        locals: &[],
        calls: true,
        call_frame: 0,
        sp_adjust: 8,
        disps: &[],
    },
    Row {
        what: "t1.c stackargs -O2: r15, r14, rbx (pushes keep alignment)",
        fp: FramePointer::None,
        red_zone: true,
        csrs: &[R15, R14, RBX],
        locals: &[],
        calls: true,
        call_frame: 0,
        sp_adjust: 0,
        disps: &[],
    },
    Row {
        what: "t1.c big -O2: int[200] in a leaf (red zone)",
        fp: FramePointer::None,
        red_zone: true,
        csrs: &[],
        locals: &[(800, 16)],
        calls: false,
        call_frame: 0,
        sp_adjust: 680,
        disps: &[(0, -128)],
    },
    Row {
        what: "t1.c big -O0: an int and int[200], frame pointer, red zone",
        fp: FramePointer::All,
        red_zone: true,
        csrs: &[],
        locals: &[(4, 4), (800, 16)],
        calls: false,
        call_frame: 0,
        sp_adjust: 688,
        // llc -O0 keeps index order (n at -4, x at -816); we place the
        // larger alignment first, with the same frame size.
        disps: &[(0, -804), (1, -800)],
    },
    Row {
        what: "t1.c leaf -O2: int[4] and an int, all in the red zone",
        fp: FramePointer::None,
        red_zone: true,
        csrs: &[],
        locals: &[(16, 16), (4, 4)],
        calls: false,
        call_frame: 0,
        sp_adjust: 0,
        disps: &[(0, -24), (1, -28)],
    },
    Row {
        what: "t1.c aligned -O2: int[16] aligned 64 and a call",
        fp: FramePointer::None,
        red_zone: true,
        csrs: &[],
        locals: &[(64, 64)],
        calls: true,
        call_frame: 0,
        sp_adjust: 128,
        disps: &[(0, 0)],
    },
    Row {
        what: "t2.c fp -O2: double[3] and a spill slot across a call",
        fp: FramePointer::None,
        red_zone: true,
        csrs: &[],
        locals: &[(24, 16), (8, 8)],
        calls: true,
        call_frame: 0,
        sp_adjust: 40,
        disps: &[(0, 16), (1, 8)],
    },
    Row {
        what: "t3.ll two -O2: an int and a call",
        fp: FramePointer::None,
        red_zone: true,
        csrs: &[],
        locals: &[(4, 4)],
        calls: true,
        call_frame: 0,
        sp_adjust: 8,
        disps: &[(0, 4)],
    },
    Row {
        what: "t4.ll loc: noredzone leaf with an int",
        fp: FramePointer::None,
        red_zone: false,
        csrs: &[],
        locals: &[(4, 4)],
        calls: false,
        call_frame: 0,
        sp_adjust: 4,
        disps: &[(0, 0)],
    },
    Row {
        what: "t4.ll loc2: noredzone leaf with an int and a frame pointer",
        fp: FramePointer::All,
        red_zone: false,
        csrs: &[],
        locals: &[(4, 4)],
        calls: false,
        call_frame: 0,
        sp_adjust: 4,
        disps: &[(0, -4)],
    },
    Row {
        what: "t4.ll lochuge: [5000 x i32] aligned 4 in a leaf",
        fp: FramePointer::None,
        red_zone: true,
        csrs: &[],
        locals: &[(20000, 4)],
        calls: false,
        call_frame: 0,
        sp_adjust: 19872,
        disps: &[(0, -128)],
    },
    Row {
        what: "t4.ll empty: nothing at all",
        fp: FramePointer::None,
        red_zone: false,
        csrs: &[],
        locals: &[],
        calls: false,
        call_frame: 0,
        sp_adjust: 0,
        disps: &[],
    },
];

/// One function with the row's frame: each local is read once, then a
/// return.
fn build(m: &rcc_ir::Module, r: &Row) -> MachFunction {
    let mut mf = MachFunction::new(global(m, "sum_array"));
    mf.frame.has_calls = r.calls;
    mf.frame.max_call_frame = r.call_frame;
    let objs: Vec<_> = r
        .locals
        .iter()
        .map(|&(size, align)| mf.frame.create(size, align, FrameKind::Local))
        .collect();
    let b = mf.create_block(0);
    mf.begin_block(b);
    for fi in objs {
        mf.push(
            MOpc::target(op::MOV32rm.0),
            &[
                Operand::reg_def(EAX),
                Operand::frame(fi),
                Operand::imm(1),
                Operand::reg_use(PReg::NONE),
                Operand::imm(0),
                Operand::reg_use(PReg::NONE),
            ],
        );
    }
    mf.push(MOpc::target(op::RET64.0), &[]);
    mf.end_block(&[]);
    mf
}

#[test]
fn frame_sizes_match_llc() {
    let m = module();
    let mut scratch = FrameScratch::default();
    for r in ROWS {
        let mut mf = build(&m, r);
        let opts = FrameOptions {
            frame_pointer: r.fp,
            red_zone: r.red_zone,
            emit_cfi: true,
            ..FrameOptions::default()
        };
        let p = insert_prolog_epilog(&mut mf, &m, r.csrs, &opts, &mut scratch)
            .unwrap_or_else(|e| panic!("{}: {e}", r.what));
        assert_eq!(p.sp_adjust, r.sp_adjust, "{}: {p:?}", r.what);
        let insts = mf.block_insts(mf.order[0]).to_vec();
        let loads: Vec<_> = insts
            .iter()
            .filter(|&&i| mf.opc(i) == MOpc::target(op::MOV32rm.0))
            .collect();
        for &(k, disp) in r.disps {
            let ops = mf.operands(*loads[k]);
            let base = if p.uses_fp && p.realign.is_none() {
                RBP
            } else {
                RSP
            };
            assert_eq!(ops[1].reg().as_phys(), Some(base), "{}: local {k}", r.what);
            assert_eq!(mf.imm_of(ops[4]), Some(disp), "{}: local {k}", r.what);
        }
    }
}

#[test]
fn frame_pointer_policies() {
    let m = module();
    let mut scratch = FrameScratch::default();
    let row = &ROWS[11]; // an int and a call
    for (fp, uses) in [
        (FramePointer::None, false),
        (FramePointer::NonLeaf, true),
        (FramePointer::All, true),
    ] {
        let mut mf = build(&m, row);
        let opts = FrameOptions {
            frame_pointer: fp,
            ..FrameOptions::default()
        };
        let p = insert_prolog_epilog(&mut mf, &m, &[], &opts, &mut scratch).expect("pei");
        assert_eq!(p.uses_fp, uses, "{fp:?}");
    }
    // A leaf keeps no frame pointer under non-leaf.
    let mut mf = build(&m, &ROWS[12]);
    let opts = FrameOptions {
        frame_pointer: FramePointer::NonLeaf,
        ..FrameOptions::default()
    };
    let p = insert_prolog_epilog(&mut mf, &m, &[], &opts, &mut scratch).expect("pei");
    assert!(!p.uses_fp);
}

/// A realigned frame with dynamic allocas (overaligned.c's `with_vla`,
/// llc-19 -O0): `%rbx` is pushed and becomes the base pointer right after
/// the realignment, locals are addressed from it, `%rbp` still serves the
/// epilogue.
#[test]
fn realignment_with_dynamic_allocas_uses_a_base_pointer() {
    let m = module();
    let mut mf = MachFunction::new(global(&m, "dyn_alloca"));
    mf.frame.has_var_sized = true;
    let big = mf.frame.create(16, 64, FrameKind::Local);
    let late = mf.frame.create(3, 128, FrameKind::Local);
    let b = mf.create_block(0);
    mf.begin_block(b);
    for (fi, v) in [(big, 1), (late, 2)] {
        mf.push(
            MOpc::target(op::MOV32mi.0),
            &[
                Operand::frame(fi),
                Operand::imm(1),
                Operand::reg_use(rcc_mach::Reg::NONE),
                Operand::imm(0),
                Operand::reg_use(rcc_mach::Reg::NONE),
                Operand::imm(v),
            ],
        );
    }
    mf.push(MOpc::target(op::RET64.0), &[]);
    mf.end_block(&[]);
    assert!(rcc_targets::x86_64::frame::base_pointer_reserved(&mf));
    let p = insert_prolog_epilog(
        &mut mf,
        &m,
        &[],
        &FrameOptions::default(),
        &mut FrameScratch::default(),
    )
    .unwrap_or_else(|e| panic!("{e}"));
    assert!(p.base_pointer && p.uses_fp, "{p}");
    assert_eq!(p.csrs, [RBX], "{p}");
    assert_eq!(p.realign, Some(128), "{p}");
    assert!(mf.reserved.contains(&RBX));
    let insts = mf.block_insts(b).to_vec();
    let opcs: Vec<_> = insts.iter().map(|&i| mf.opc(i)).collect();
    let and = opcs
        .iter()
        .position(|&o| o == MOpc::target(op::AND64ri32.0) || o == MOpc::target(op::AND64ri8.0))
        .expect("realignment");
    let bp = insts
        .iter()
        .position(|&i| {
            mf.opc(i) == MOpc::target(op::MOV64rr.0)
                && mf.operands(i)[0].reg() == rcc_mach::Reg::phys(RBX)
                && mf.operands(i)[1].reg() == rcc_mach::Reg::phys(RSP)
        })
        .expect("movq %rsp, %rbx");
    assert!(and < bp, "the base pointer is set after the realignment");
    // Both locals are %rbx-based.
    let stores: Vec<_> = insts
        .iter()
        .filter(|&&i| mf.opc(i) == MOpc::target(op::MOV32mi.0))
        .map(|&i| mf.operands(i)[0].reg())
        .collect();
    assert_eq!(stores, [rcc_mach::Reg::phys(RBX); 2]);
}

/// An outgoing `byval` copy aligned to 32 (call lowering records it in
/// `FrameInfo::max_align`) realigns the caller's frame, as llc-19 -O2 does
/// for `check(*p)` with a 32-aligned struct: `andq $-32, %rsp` with a frame
/// pointer, though the function has no over-aligned object of its own.
#[test]
fn over_aligned_outgoing_byval_realigns_the_caller() {
    let m = module();
    let mut mf = MachFunction::new(global(&m, "dyn_alloca"));
    mf.frame.max_align = 32;
    let b = mf.create_block(0);
    mf.begin_block(b);
    mf.push(MOpc::target(op::RET64.0), &[]);
    mf.end_block(&[]);
    assert!(rcc_targets::x86_64::frame::needs_frame_pointer(
        &mf,
        &FrameOptions::default()
    ));
    let p = insert_prolog_epilog(
        &mut mf,
        &m,
        &[],
        &FrameOptions::default(),
        &mut FrameScratch::default(),
    )
    .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(p.realign, Some(32), "{p}");
    assert!(p.uses_fp, "{p}");
}
