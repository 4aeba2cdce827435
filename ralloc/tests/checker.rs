//! The checker accepts what the fast allocator produces and rejects
//! allocations corrupted in the ways allocator bugs look: a wrong register
//! for a read, a missing reload or spill, a tied pair split, a reserved or
//! wrong-class register, a program register overwritten.

mod common;

use common::*;
use rcc_mach::{MOpc, MachFunction};
use rcc_ralloc::checker::check;
use rcc_ralloc::{Allocation, Loc};
use rcc_targets::x86_64::{mclass, op, regs};

/// x = rdi; y = rsi; s = x + y; call g(y, s); return (rax + s) + x.
fn call_fn() -> B {
    let mut b = B::new();
    b.mf.live_ins = vec![regs::RDI, regs::RSI];
    let e = b.block();
    b.begin(e);
    let (x, y, s, r, t, w) = (
        b.v(mclass::GR64),
        b.v(mclass::GR64),
        b.v(mclass::GR64),
        b.v(mclass::GR64),
        b.v(mclass::GR64),
        b.v(mclass::GR64),
    );
    b.copy(x, regs::RDI);
    b.copy(y, regs::RSI);
    // Flags not dead: x lives on, and a dead-flags add would become a LEA64r
    // in the two-address pass.
    b.i(op::ADD64rr, &[d(s), tu(x, 0), u(y), imp_def(regs::EFLAGS)]);
    b.copy(regs::RDI, y);
    b.copy(regs::RSI, s);
    let callee = b.callee();
    b.i(
        op::CALL64pcrel32,
        &[
            callee,
            sysv_mask(),
            imp_use(regs::RDI),
            imp_use(regs::RSI),
            imp_def(regs::RAX),
        ],
    );
    b.copy(r, regs::RAX);
    b.i(op::ADD64rr, &[d(t), tu(r, 0), u(s), dead_eflags()]);
    b.i(op::ADD64rr, &[d(w), tu(t, 0), u(x), dead_eflags()]);
    b.copy(regs::RAX, w);
    b.i(op::RET64, &[imp_use(regs::RAX)]);
    b.end(&[]);
    b
}

fn allocated() -> (B, Allocation) {
    let mut b = call_fn();
    let a = allocate_only(&mut b);
    check(&b.mf, &T, &a).expect("the unmodified allocation passes");
    (b, a)
}

/// Pool position of operand `k` of the `n`th instruction with opcode `opc`.
fn operand_pos(mf: &MachFunction, opc: MOpc, n: usize, k: usize) -> usize {
    let i = mf
        .layout
        .iter()
        .copied()
        .filter(|&i| mf.opc(i) == opc)
        .nth(n)
        .expect("instruction");
    mf.operand_range(i).start + k
}

fn rejected(b: &B, a: &Allocation, what: &str) -> String {
    match check(&b.mf, &T, a) {
        Ok(()) => panic!("the checker accepted {what}\n{}", b.mir()),
        Err(e) => format!("{e:?}"),
    }
}

#[test]
fn accepts_fast_allocations() {
    allocated();
}

#[test]
fn wrong_register_for_a_read() {
    let (b, mut a) = allocated();
    // The second ADD reads s (operand 2): point it elsewhere.
    let p = operand_pos(&b.mf, MOpc::target(op::ADD64rr.0), 1, 2);
    a.allocs[p] = if a.allocs[p] == regs::RDX {
        regs::R8
    } else {
        regs::RDX
    };
    let e = rejected(&b, &a, "a read from the wrong register");
    assert!(e.contains("expected in"), "{e}");
}

#[test]
fn missing_reload() {
    let (b, mut a) = allocated();
    let k = a
        .edits
        .iter()
        .position(|e| matches!((e.from, e.to), (Loc::Stack(_), Loc::Reg(_))))
        .expect("a reload");
    a.edits.remove(k);
    rejected(&b, &a, "a missing reload");
}

#[test]
fn missing_spill_before_call() {
    let (b, mut a) = allocated();
    let k = a
        .edits
        .iter()
        .position(|e| matches!((e.from, e.to), (Loc::Reg(_), Loc::Stack(_))))
        .expect("a spill");
    a.edits.remove(k);
    rejected(&b, &a, "a missing spill");
}

#[test]
fn split_tied_pair() {
    let (b, mut a) = allocated();
    let p = operand_pos(&b.mf, MOpc::target(op::ADD64rr.0), 0, 0);
    a.allocs[p] = if a.allocs[p] == regs::R9 {
        regs::R10
    } else {
        regs::R9
    };
    let e = rejected(&b, &a, "a tied pair in two registers");
    assert!(e.contains("tied"), "{e}");
}

#[test]
fn reserved_and_wrong_class_registers() {
    let (b, mut a) = allocated();
    let p = operand_pos(&b.mf, MOpc::target(op::ADD64rr.0), 2, 2);
    a.allocs[p] = regs::RSP;
    let e = rejected(&b, &a, "a reserved register");
    assert!(e.contains("allocatable"), "{e}");
    let (b, mut a) = allocated();
    a.allocs[p] = regs::EAX;
    let e = rejected(&b, &a, "a register of the wrong class");
    assert!(e.contains("allocatable"), "{e}");
}

#[test]
fn program_register_overwritten() {
    let (b, mut a) = allocated();
    // Make the first def (x = COPY $rdi) land in RSI before `y = COPY $rsi`
    // reads the argument.
    let p = operand_pos(&b.mf, MOpc::COPY, 0, 0);
    a.allocs[p] = regs::RSI;
    let e = rejected(&b, &a, "an argument register overwritten");
    assert!(e.contains("no longer holds"), "{e}");
}

/// An invoke: bb0 `x = rdi; y = x + x; EH_LABEL 1; call g; EH_LABEL 2;
/// z = rax; jmp bb1`, bb1 returns z, the landing pad bb2 (live-ins RAX,
/// RDX; entry label 0) returns `late` (z when `read_late`, else y).
fn invoke_fn(read_late: bool) -> B {
    use rcc_mach::eh::{EhInvoke, EhPad};
    use rcc_mach::{SymFlag, SymOperand, SymTarget};
    let mut b = B::new();
    b.mf.live_ins = vec![regs::RDI];
    let (e, ok, lp) = (b.block(), b.block(), b.block());
    let (x, y, z, p) = (
        b.v(mclass::GR64),
        b.v(mclass::GR64),
        b.v(mclass::GR64),
        b.v(mclass::GR64),
    );
    let label = |b: &mut B, n: u32| {
        let s = b.mf.sym(SymOperand {
            target: SymTarget::EhLabel(n),
            offset: 0,
            flag: SymFlag::NONE,
        });
        b.g(MOpc::EH_LABEL, &[s]);
    };
    for _ in 0..3 {
        b.mf.eh.new_label();
    }
    b.mf.eh.add_pad(EhPad {
        block: lp,
        label: 0,
        cleanup: true,
        clauses: (0, 0),
    });
    b.mf.eh.add_invoke(EhInvoke {
        begin: 1,
        end: 2,
        pad: 0,
    });
    b.begin(e);
    b.copy(x, regs::RDI);
    b.i(op::ADD64rr, &[d(y), tu(x, 0), u(x), dead_eflags()]);
    label(&mut b, 1);
    let callee = b.callee();
    b.i(
        op::CALL64pcrel32,
        &[callee, sysv_mask(), imp_def(regs::RAX)],
    );
    label(&mut b, 2);
    b.copy(z, regs::RAX);
    b.i(op::JMP_1, &[blk(ok)]);
    b.end(&[ok, lp]);
    b.begin(ok);
    b.copy(regs::RAX, z);
    b.i(op::RET64, &[imp_use(regs::RAX)]);
    b.end(&[]);
    b.begin(lp);
    label(&mut b, 0);
    b.copy(p, regs::RAX);
    b.copy(regs::RAX, if read_late { z } else { y });
    b.i(op::RET64, &[imp_use(regs::RAX)]);
    b.end(&[]);
    b.mf.set_block_live_ins(lp, &[regs::RAX, regs::RDX]);
    b
}

#[test]
fn landing_pad_sees_values_from_before_the_call() {
    let mut b = invoke_fn(false);
    let a = allocate_only(&mut b);
    check(&b.mf, &T, &a).unwrap_or_else(|e| panic!("{e:?}\n{}", b.mir()));
}

#[test]
fn landing_pad_does_not_see_values_written_after_the_call() {
    let mut b = invoke_fn(true);
    let a = allocate_only(&mut b);
    let e = rejected(&b, &a, "a pad reading a value defined after the call");
    assert!(e.contains("block: bb.2"), "{e}");
}

/// `x` is undefined on one path and 5 on the other, where it is spilled;
/// the join reloads it: bb0 `c = rdi; test c; x = IMPLICIT_DEF; je bb2`,
/// bb1 `x = 5` (spilled), bb2 `eax = x` (reloaded). Nothing stores the
/// undefined value (LLVM's spiller does not either), so the slot holds
/// `x` only on one side; with `spill` false it holds it on neither.
fn undef_on_one_path(spill: bool) -> (B, Allocation) {
    let mut b = B::new();
    b.mf.live_ins = vec![regs::RDI];
    let (e, def, join) = (b.block(), b.block(), b.block());
    let (c, x) = (b.v(mclass::GR64), b.v(mclass::GR32));
    b.begin(e);
    b.copy(c, regs::RDI);
    b.i(op::TEST64rr, &[u(c), u(c), eflags_def()]);
    b.g(MOpc::IMPLICIT_DEF, &[d(x)]);
    b.i(op::JCC_1, &[blk(join), imm(4), eflags_use()]);
    b.i(op::JMP_1, &[blk(def)]);
    b.end(&[join, def]);
    b.begin(def);
    let mov = b.i(op::MOV32ri, &[d(x), imm(5)]);
    b.i(op::JMP_1, &[blk(join)]);
    b.end(&[join]);
    b.begin(join);
    let read = b.copy(regs::EAX, x);
    b.i(op::RET64, &[imp_use(regs::EAX)]);
    b.end(&[]);
    let slot = b.mf.frame.create(4, 4, rcc_mach::FrameKind::Spill);
    let mut a = Allocation {
        allocs: vec![rcc_mc::Reg(0); b.mf.operand_pool_len()],
        ..Allocation::default()
    };
    for &blk in &b.mf.order.clone() {
        for &i in b.mf.block_insts(blk) {
            for (k, o) in b.mf.operands(i).iter().enumerate() {
                if let Some(v) = o.reg().as_virt() {
                    a.allocs[b.mf.operand_range(i).start + k] = match (v == c, i == read) {
                        (true, _) => regs::RDI,
                        (false, false) => regs::ECX,
                        (false, true) => regs::EDX,
                    };
                }
            }
        }
    }
    let pos = |i| b.mf.layout.iter().position(|&j| j == i).expect("in layout");
    let class = mclass::GR32;
    if spill {
        a.edits.push(rcc_ralloc::Edit {
            point: rcc_ralloc::ProgPoint::after(pos(mov)),
            from: Loc::Reg(regs::ECX),
            to: Loc::Stack(slot),
            class,
        });
    }
    a.edits.push(rcc_ralloc::Edit {
        point: rcc_ralloc::ProgPoint::before(pos(read)),
        from: Loc::Stack(slot),
        to: Loc::Reg(regs::EDX),
        class,
    });
    (b, a)
}

#[test]
fn undefined_values_need_not_be_stored() {
    let (b, a) = undef_on_one_path(true);
    check(&b.mf, &T, &a).unwrap_or_else(|e| panic!("{e:?}\n{}", b.mir()));
}

#[test]
fn a_value_defined_on_one_path_must_reach_the_read() {
    let (b, a) = undef_on_one_path(false);
    let e = rejected(&b, &a, "a reload of a slot the defined path never stored");
    assert!(e.contains("expected in"), "{e}");
}
