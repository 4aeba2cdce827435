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
//!
//! `module_merge`: the driver's whole serial merge
//! (`rcc_driver::codegen::merge`) of a real module compiled at `-O0`
//! (`corpus/ll/sqlite3-O0.ll`, else `corpus/ll/lua-O0.ll`, else the shipped
//! example): replaying every function's fragment in module order (their
//! code assembled on the workers, so mostly appending bytes), the globals,
//! layout, relaxation, fixups and the ELF file.

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

/// The first corpus input that exists (the shipped example otherwise).
fn merge_input() -> std::path::PathBuf {
    let root = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..");
    ["corpus/ll/sqlite3-O0.ll", "corpus/ll/lua-O0.ll"]
        .iter()
        .map(|p| root.join(p))
        .find(|p| p.exists())
        .unwrap_or_else(|| root.join("examples/hello.ll"))
}

fn bench_module_merge(c: &mut Criterion) {
    use rcc_driver::codegen::{merge, FunctionOutput, ModuleCx, Worker};
    use rcc_driver::options::{FileType, Options};
    let path = merge_input();
    let name = path.file_name().map(|n| n.to_string_lossy().into_owned());
    let name = name.unwrap_or_default();
    let text = std::fs::read_to_string(&path).expect("read input");
    let m = rcc_ir::parse_module(text, &name).expect("parses");
    let dl = m.data_layout().expect("data layout");
    let target = rcc_targets::lookup(None, None).expect("x86-64 is registered");
    let opts = Options {
        opt_level: 0,
        filetype: FileType::Obj,
        ..Options::default()
    };
    let cx = ModuleCx::new(&m, &dl, &opts, &name, target).expect("module context");
    let mut w = Worker::new(target, true);
    let outs: Vec<FunctionOutput> = cx
        .functions()
        .into_iter()
        .map(|(f, n)| cx.compile_function(&mut w, f, n).expect("compiles"))
        .collect();
    let insts: usize = outs.iter().map(|o| o.fragment.inst_count()).sum();
    let runs: usize = outs.iter().map(|o| o.fragment.run_count()).sum();
    eprintln!(
        "module_merge: {name}, {} functions, {insts} instructions, {runs} runs assembled on the workers",
        outs.len()
    );
    let mut g = c.benchmark_group("mc_fragment");
    g.sample_size(10);
    g.throughput(Throughput::Elements(insts as u64));
    g.bench_function("module_merge", |b| {
        b.iter_batched(
            || outs.clone(),
            |mut outs| black_box(merge(&cx, &mut outs, FileType::Obj).expect("merges").len()),
            criterion::BatchSize::LargeInput,
        )
    });
    g.finish();
}

criterion_group!(benches, bench_fragments, bench_module_merge);
criterion_main!(benches);
