//! Encoding throughput (MCInsts/sec) of the x86-64 encoder, and end-to-end
//! assembly throughput of `rcc-mc` on a corpus file when one is present.
//!
//! The instruction mix is every form in the description, instantiated with
//! a low and an extended register per class, a base+disp8 and a SIB memory
//! operand, and small immediates.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use rcc_mc::{Disp, ExprPool, Fixup, MCInst, MCOperand, MemRef, ObjectStreamer, SymbolId};
use rcc_targets::x86_64::desc::{ImmKind, OpKind, Opcode, DESCS};
use rcc_targets::x86_64::{encode, regs, X86Backend};
use std::hint::black_box;

fn instances() -> Vec<MCInst> {
    let mut pool = ExprPool::new();
    let sym = pool.symbol(SymbolId::from_u32(0));
    let mut out = Vec::new();
    for variant in 0..2 {
        for op in 0..DESCS.len() as u16 {
            let desc = Opcode(op).desc().expect("valid");
            let mut inst = MCInst::new(op);
            for slot in desc.mc_operands() {
                let o = match slot.kind {
                    OpKind::Reg(c) => {
                        let m = c.info().members;
                        MCOperand::Reg(if variant == 0 {
                            m[0]
                        } else {
                            m[m.len().min(9) - 1]
                        })
                    }
                    OpKind::Mem(_) => MCOperand::Mem(if variant == 0 {
                        MemRef::base_disp(regs::RBX, 16)
                    } else {
                        MemRef::new(regs::R12, regs::RCX, 8, Disp::Imm(-4096))
                    }),
                    OpKind::Imm(ImmKind::I64) => MCOperand::Imm(0x1234_5678_9abc),
                    OpKind::Imm(_) => MCOperand::Imm(7),
                    OpKind::Rel(_) => MCOperand::Expr(sym),
                    OpKind::MemOffs => MCOperand::Imm(0x1000),
                    OpKind::Cond | OpKind::FCond => MCOperand::Imm(4),
                    OpKind::Fixed(_) | OpKind::Lit(_) => continue,
                };
                inst.push(o).expect("fits");
            }
            let mut b = Vec::new();
            let mut f = Vec::new();
            if encode(&inst, &mut b, &mut f).is_ok() {
                out.push(inst);
            }
        }
    }
    out
}

fn bench_encode(c: &mut Criterion) {
    let insts = instances();
    let mut g = c.benchmark_group("x86_64_encode");
    g.throughput(Throughput::Elements(insts.len() as u64));
    g.bench_function("all_forms", |b| {
        let mut bytes: Vec<u8> = Vec::with_capacity(insts.len() * 8);
        let mut fixups: Vec<Fixup> = Vec::new();
        b.iter(|| {
            bytes.clear();
            fixups.clear();
            for i in &insts {
                let _ = encode(black_box(i), &mut bytes, &mut fixups);
            }
            black_box(bytes.len())
        })
    });
    g.finish();
}

fn bench_assemble(c: &mut Criterion) {
    // The corpus of this checkout, or RCC_CORPUS (e.g. another worktree's).
    let Some(dir) =
        rcc_benches::corpus_dir().or_else(|| std::env::var_os("RCC_CORPUS").map(Into::into))
    else {
        eprintln!("NOTICE: no corpus; skipping rcc_mc/assemble_lvm_O2");
        return;
    };
    let path = dir.join("s/lua/lvm-O2.s");
    let Ok(src) = std::fs::read_to_string(&path) else {
        return;
    };
    let mut g = c.benchmark_group("rcc_mc");
    g.throughput(Throughput::Bytes(src.len() as u64));
    g.sample_size(20);
    g.bench_function("assemble_lvm_O2", |b| {
        b.iter(|| {
            let backend = X86Backend;
            let mut s = ObjectStreamer::new(&backend);
            rcc_mc::asm_parser::assemble(
                &src,
                "lvm-O2.s",
                &mut s,
                &rcc_targets::x86_64::X86AsmParser,
            )
            .expect("assembles");
            black_box(s.finish().expect("object").len())
        })
    });
    g.finish();
}

criterion_group!(benches, bench_encode, bench_assemble);
criterion_main!(benches);
