//! Parallel emission through MC fragments (MCInsts/sec): emitting a
//! synthetic module directly into an object streamer, recording it into
//! fragments (one reused recorder), replaying the fragments into an object
//! streamer, and the whole parallel path (record on rayon workers, replay
//! in module order); recording without encodings (`plain`, replay encodes)
//! and with them (`encoded`, the worker encodes). The replay figures are
//! the part that stays serial.
//!
//! The module: 256 functions of 16 blocks; a block is a label, eight
//! register/memory instructions, a RIP-relative load of a global, a call
//! and a conditional branch to the next block. Objects are not finished
//! (layout and ELF writing are the same on both paths).

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use rayon::prelude::*;
use rcc_mc::{
    Disp, Fragment, MCInst, MCOperand, McError, MemRef, ObjectStreamer, RecordingStreamer, Reg,
    Streamer, VariantKind,
};
use rcc_targets::x86_64::{op, regs, Opcode, X86Backend};
use std::hint::black_box;

const FUNCS: usize = 256;
const BLOCKS: usize = 16;
const INSTS_PER_BLOCK: usize = 11;

fn inst(o: Opcode, ops: &[MCOperand]) -> MCInst {
    MCInst::with_operands(o.0, ops).expect("operands fit")
}

fn function(s: &mut dyn Streamer, i: usize) -> Result<(), McError> {
    let text = s.ctx().text();
    s.switch_section(text);
    let f = s.ctx().symbol(&format!("f{i}"));
    s.emit_label(f)?;
    let g = s.ctx().symbol("global");
    let g = s.ctx().sym_ref(g, VariantKind::None);
    let callee = s.ctx().symbol(&format!("f{}", (i + 1) % FUNCS));
    let callee = s.ctx().sym_ref(callee, VariantKind::Plt);
    let labels: Vec<_> = (0..=BLOCKS).map(|_| s.ctx().temp_symbol()).collect();
    let (rax, rbx, ecx, edx) = (
        MCOperand::Reg(regs::RAX),
        MCOperand::Reg(regs::RBX),
        MCOperand::Reg(regs::ECX),
        MCOperand::Reg(regs::EDX),
    );
    let frame = MCOperand::Mem(MemRef::base_disp(regs::RSP, 24));
    for b in 0..BLOCKS {
        s.emit_label(labels[b])?;
        for _ in 0..2 {
            s.emit_inst(&inst(op::MOV64rr, &[rax, rbx]))?;
            s.emit_inst(&inst(op::ADD32rr, &[ecx, edx]))?;
            s.emit_inst(&inst(op::MOV32rm, &[ecx, frame]))?;
            s.emit_inst(&inst(op::ADD32ri8, &[edx, MCOperand::Imm(7)]))?;
        }
        let m = MemRef::new(regs::RIP, Reg::NONE, 1, Disp::Expr(g));
        s.emit_inst(&inst(op::MOV64rm, &[rax, MCOperand::Mem(m)]))?;
        s.emit_inst(&inst(op::CALL64pcrel32, &[MCOperand::Expr(callee)]))?;
        let next = s.ctx().sym_ref(labels[b + 1], VariantKind::None);
        s.emit_inst(&inst(
            op::JCC_1,
            &[MCOperand::Expr(next), MCOperand::Imm(5)],
        ))?;
    }
    s.emit_label(labels[BLOCKS])?;
    s.emit_inst(&inst(op::RET64, &[]))
}

fn record_all(rec: &mut RecordingStreamer<'_>) -> Vec<Fragment> {
    (0..FUNCS)
        .map(|i| {
            function(rec, i).expect("records");
            rec.finish()
        })
        .collect()
}

fn recorder(encoded: bool) -> RecordingStreamer<'static> {
    if encoded {
        RecordingStreamer::with_target(&X86Backend)
    } else {
        RecordingStreamer::new()
    }
}

fn bench_fragments(c: &mut Criterion) {
    let backend = X86Backend;
    let mut g = c.benchmark_group("mc_fragment");
    let insts = FUNCS * (BLOCKS * INSTS_PER_BLOCK + 1);
    g.throughput(Throughput::Elements(insts as u64));
    g.bench_function("direct_object", |b| {
        b.iter(|| {
            let mut s = ObjectStreamer::new(&backend);
            for i in 0..FUNCS {
                function(&mut s, i).expect("emits");
            }
            black_box(s.ctx.symbols.len())
        })
    });
    for (kind, encoded) in [("plain", false), ("encoded", true)] {
        let frags = record_all(&mut recorder(encoded));
        let n: usize = frags.iter().map(Fragment::inst_count).sum();
        assert_eq!(n, insts);
        g.bench_function(format!("record_{kind}"), |b| {
            let mut rec = recorder(encoded);
            b.iter(|| black_box(record_all(&mut rec).len()))
        });
        g.bench_function(format!("replay_{kind}_object"), |b| {
            b.iter(|| {
                let mut s = ObjectStreamer::new(&backend);
                for f in &frags {
                    f.replay(&mut s).expect("replays");
                }
                black_box(s.ctx.symbols.len())
            })
        });
        g.bench_function(format!("parallel_{kind}_object"), |b| {
            b.iter(|| {
                let frags: Vec<Fragment> = (0..FUNCS)
                    .into_par_iter()
                    .map_init(
                        || recorder(encoded),
                        |rec, i| {
                            function(rec, i).expect("records");
                            rec.finish()
                        },
                    )
                    .collect();
                let mut s = ObjectStreamer::new(&backend);
                for f in &frags {
                    f.replay(&mut s).expect("replays");
                }
                black_box(s.ctx.symbols.len())
            })
        });
    }
    g.finish();
}

criterion_group!(benches, bench_fragments);
criterion_main!(benches);
