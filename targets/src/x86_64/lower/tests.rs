//! Unit tests of MCInst lowering and data emission, through the assembly
//! streamer; whole functions are in `targets/tests/frame/`.

use super::*;
use crate::x86_64::desc::{op, regs::*};
use crate::x86_64::sym_flags;
use crate::x86_64::X86Backend;
use rcc_ir::Module;
use rcc_mach::{flag, MOpc, Operand, PReg, Reg, SymFlag, SymOperand};
use rcc_mc::asm_streamer::AsmStreamer;

const MODULE: &str = r#"
@g = global i32 0
@.str = private constant [3 x i8] c"hi\00"
@tls = thread_local global i32 0
define void @f() { ret void }
"#;

fn module() -> Module {
    rcc_ir::parse_module(MODULE, "t.ll").expect("parses")
}

fn global(m: &Module, name: &str) -> rcc_ir::GlobalId {
    m.globals
        .iter()
        .find(|(_, g)| m.str(g.name) == name)
        .map(|(id, _)| id)
        .expect("global")
}

/// Emits the body of `mf` (plus pool and tables) and returns the text
/// without the leading section line.
fn emit(m: &Module, mf: &MachFunction, pic: bool) -> String {
    let b = X86Backend;
    let mut s = AsmStreamer::new(&b, false);
    let dl = rcc_ir::layout::DataLayout::default();
    let em =
        rcc_mach::emit::ModuleEmitter::new(m, &dl, &Default::default()).expect("module emitter");
    let cx = EmitContext {
        emitter: &em,
        fn_number: 7,
        pic,
    };
    emit_constant_pool(mf, cx, &mut s).expect("pool");
    let text = s.ctx().text();
    s.switch_section(text);
    emit_function_body(mf, cx, &mut s).expect("body");
    emit_jump_tables(mf, cx, &mut s).expect("tables");
    s.finish()
}

fn one_block(m: &Module, insts: &[(MOpc, Vec<Operand>)]) -> MachFunction {
    let mut mf = MachFunction::new(global(m, "f"));
    let b = mf.create_block(0);
    mf.begin_block(b);
    for (o, ops) in insts {
        mf.push(*o, ops);
    }
    mf.end_block(&[]);
    mf
}

fn t(o: crate::x86_64::Opcode) -> MOpc {
    MOpc::target(o.0)
}

fn copy(d: PReg, s: PReg) -> (MOpc, Vec<Operand>) {
    (MOpc::COPY, vec![Operand::reg_def(d), Operand::reg_use(s)])
}

#[test]
fn copies_become_moves_by_class() {
    let m = module();
    let mf = one_block(
        &m,
        &[
            copy(RAX, RBX),
            copy(R8D, ECX),
            copy(AX, SI),
            copy(AL, R9B),
            copy(XMM1, XMM9),
            copy(YMM2, YMM3),
            copy(XMM0, RDI),
            copy(RAX, XMM0),
            copy(XMM4, ESI),
            copy(EDX, XMM4),
            copy(RCX, RCX),
            (MOpc::KILL, vec![Operand::reg_use(RCX)]),
            (MOpc::IMPLICIT_DEF, vec![Operand::reg_def(RDX)]),
        ],
    );
    let want = "\t.text\n\
        \tmovq\t%rbx, %rax\n\
        \tmovl\t%ecx, %r8d\n\
        \tmovw\t%si, %ax\n\
        \tmovb\t%r9b, %al\n\
        \tmovaps\t%xmm9, %xmm1\n\
        \tvmovaps\t%ymm3, %ymm2\n\
        \tmovq\t%rdi, %xmm0\n\
        \tmovq\t%xmm0, %rax\n\
        \tmovd\t%esi, %xmm4\n\
        \tmovd\t%xmm4, %edx\n";
    assert_eq!(emit(&m, &mf, true), want);
}

#[test]
fn subreg_to_reg_is_free_or_a_32_bit_move() {
    let m = module();
    let s2r = |d: PReg, s: PReg| {
        (
            MOpc::SUBREG_TO_REG,
            vec![
                Operand::reg_def(d),
                Operand::imm(0),
                Operand::reg_use(s),
                Operand::imm(crate::x86_64::desc::subreg::SUB_32BIT as i32),
            ],
        )
    };
    let mf = one_block(&m, &[s2r(RAX, EAX), s2r(RAX, ECX)]);
    assert_eq!(emit(&m, &mf, true), "\t.text\n\tmovl\t%ecx, %eax\n");
}

#[test]
fn symbols_carry_variants_offsets_and_names() {
    let m = module();
    let mut mf = MachFunction::new(global(&m, "f"));
    let sym = |mf: &mut MachFunction, target, offset, flag| {
        mf.sym(SymOperand {
            target,
            offset,
            flag,
        })
    };
    let got = sym(
        &mut mf,
        SymTarget::Global(global(&m, "g")),
        0,
        sym_flags::GOTPCREL,
    );
    let str8 = sym(
        &mut mf,
        SymTarget::Global(global(&m, ".str")),
        1,
        SymFlag::NONE,
    );
    let tls = sym(
        &mut mf,
        SymTarget::Global(global(&m, "tls")),
        0,
        sym_flags::TPOFF,
    );
    let memcpy = mf.external("memcpy");
    let call = sym(&mut mf, memcpy, 0, sym_flags::PLT);
    let mem = |base: PReg, disp: Operand, seg: PReg| {
        vec![
            Operand::reg_use(base),
            Operand::imm(1),
            Operand::reg_use(Reg::NONE),
            disp,
            Operand::reg_use(seg),
        ]
    };
    let with_def = |r: PReg, mut v: Vec<Operand>| {
        v.insert(0, Operand::reg_def(r));
        v
    };
    let b = mf.create_block(0);
    mf.begin_block(b);
    mf.push(t(op::MOV64rm), &with_def(RAX, mem(RIP, got, PReg::NONE)));
    mf.push(t(op::LEA64r), &with_def(RCX, mem(RIP, str8, PReg::NONE)));
    mf.push(t(op::MOV32rm), &with_def(EDX, mem(PReg::NONE, tls, FS)));
    mf.push(
        t(op::CALL64pcrel32),
        &[call, Operand::reg_mask(0), Operand::implicit_def(RSP)],
    );
    mf.push(t(op::MOV64ri32), &[Operand::reg_def(RSI), tls]);
    let tmp = mf.external(".Ltmp0");
    let label = sym(&mut mf, tmp, 0, SymFlag::NONE);
    mf.push(MOpc::EH_LABEL, &[label]);
    mf.end_block(&[]);
    let want = "\t.text\n\
        \tmovq\tg@GOTPCREL(%rip), %rax\n\
        \tleaq\t.L.str+1(%rip), %rcx\n\
        \tmovl\t%fs:tls@TPOFF, %edx\n\
        \tcallq\tmemcpy@PLT\n\
        \tmovq\t$tls@TPOFF, %rsi\n\
        .Ltmp0:\n";
    assert_eq!(emit(&m, &mf, true), want);
}

/// Blocks: a jump to the next block is dropped, others stay; only
/// referenced blocks get labels; tables are PIC differences or addresses.
fn branchy(m: &Module) -> MachFunction {
    let mut mf = MachFunction::new(global(m, "f"));
    let [b0, b1, b2, b3] = [(); 4].map(|_| mf.create_block(u32::MAX));
    mf.jump_table(&[b2, b3]);
    mf.begin_block(b0);
    mf.push(t(op::JCC_1), &[Operand::block(b2), Operand::imm(4)]);
    mf.push(t(op::JMP_1), &[Operand::block(b1)]);
    mf.end_block(&[b1, b2]);
    mf.begin_block(b1);
    mf.push(t(op::JMP_1), &[Operand::block(b3)]);
    mf.end_block(&[b3]);
    mf.begin_block(b2);
    mf.push(t(op::NOOP), &[]);
    mf.end_block(&[b3]);
    mf.begin_block(b3);
    mf.push(t(op::RET64), &[Operand::implicit_use(EAX).with(flag::KILL)]);
    mf.end_block(&[]);
    mf
}

#[test]
fn fall_through_jumps_vanish_and_labels_are_on_demand() {
    let m = module();
    let mf = branchy(&m);
    let want = "\t.text\n\
        \tje\t.LBB7_2\n\
        \tjmp\t.LBB7_3\n\
        .LBB7_2:\n\
        \tnop\n\
        .LBB7_3:\n\
        \tretq\n\
        \t.section\t.rodata,\"a\",@progbits\n\
        \t.p2align\t2, 0x0\n\
        .LJTI7_0:\n\
        \t.long\t.LBB7_2-.LJTI7_0\n\
        \t.long\t.LBB7_3-.LJTI7_0\n";
    assert_eq!(emit(&m, &mf, true), want);
    let static_tables = emit(&m, &mf, false);
    assert!(
        static_tables
            .ends_with("\t.p2align\t3, 0x0\n.LJTI7_0:\n\t.quad\t.LBB7_2\n\t.quad\t.LBB7_3\n"),
        "{static_tables}"
    );
}

#[test]
fn constant_pools_group_by_mergeable_section() {
    let m = module();
    let mut mf = one_block(&m, &[(t(op::RET64), vec![])]);
    mf.constant(&[1; 16], 16);
    mf.constant(&[2; 4], 4);
    mf.constant(&[3; 16], 16);
    mf.constant(&[4; 12], 4);
    let text = emit(&m, &mf, true);
    let want = "\t.section\t.rodata.cst16,\"aM\",@progbits,16\n\
        \t.p2align\t4, 0x0\n\
        .LCPI7_0:\n\
        \t.quad\t72340172838076673\n\
        \t.quad\t72340172838076673\n\
        \t.p2align\t4, 0x0\n\
        .LCPI7_2:\n\
        \t.quad\t217020518514230019\n\
        \t.quad\t217020518514230019\n\
        \t.section\t.rodata.cst4,\"aM\",@progbits,4\n\
        \t.p2align\t2, 0x0\n\
        .LCPI7_1:\n\
        \t.long\t33686018\n\
        \t.section\t.rodata,\"a\",@progbits\n\
        \t.p2align\t2, 0x0\n\
        .LCPI7_3:\n\
        \t.long\t67372036\n\
        \t.long\t67372036\n\
        \t.long\t67372036\n\
        \t.text\n\
        \tretq\n";
    assert_eq!(text, want);
}
