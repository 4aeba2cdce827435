//! Parallel emission through MC fragments, with real x86-64 instructions:
//! a small "module" of functions (prologue/epilogue with CFI, `.loc` rows,
//! loops on anonymous labels, short branches that must relax, calls to
//! functions defined in later fragments, RIP-relative references to a
//! private string of the previous fragment, comdat sections, jump tables
//! of label differences, ULEB128 sizes) is emitted once directly into a
//! streamer and once through fragments recorded on rayon workers (in
//! parallel, on 1 and on 3 threads, and sequentially in reverse order
//! with one reused recorder), replayed in module order. Object bytes and
//! assembly text must be identical in every case (fragments recorded with
//! encodings are for object output: text output must refuse them).

use rayon::prelude::*;
use rcc_mc::asm_streamer::AsmStreamer;
use rcc_mc::section::{shf, sht};
use rcc_mc::{
    BinOp, Cfi, Disp, Expr, Fragment, MCInst, MCOperand, McError, MemRef, ObjectStreamer,
    RecordingStreamer, Reg, Streamer, SymbolAttr, SymbolType, VariantKind,
};
use rcc_targets::x86_64::{op, regs, Opcode, X86Backend};

const NFUNCS: usize = 12;
const CC_NE: i64 = 5;
const DW_RBP: u16 = 6;
const DW_RSP: u16 = 7;
const DW_RBX: u16 = 3;

fn inst(o: Opcode, ops: &[MCOperand]) -> MCInst {
    MCInst::with_operands(o.0, ops).expect("operands fit")
}

fn r(reg: Reg) -> MCOperand {
    MCOperand::Reg(reg)
}

fn loc(s: &mut dyn Streamer, line: u32, flags: u8) -> Result<(), McError> {
    s.emit_dwarf_loc(rcc_mc::dwarf_line::DwarfLoc {
        file: 1,
        line,
        column: 3,
        flags,
        isa: 0,
        discriminator: 0,
    })
}

/// Module-level directives before the functions.
fn prelude(s: &mut dyn Streamer) -> Result<(), McError> {
    s.emit_file("m.c");
    let file = |name: &str| rcc_mc::dwarf_line::DwarfFile {
        dir: Some("/src".into()),
        name: name.into(),
        md5: None,
    };
    s.emit_dwarf_file(0, file("m.c"))?;
    s.emit_dwarf_file(1, file("m.c"))?;
    let text = s.ctx().text();
    s.switch_section(text);
    Ok(())
}

/// Function `i` of the module, everything a code emitter produces.
fn function(s: &mut dyn Streamer, i: usize) -> Result<(), McError> {
    let name = format!("f{i}");
    // Symbols created up front, in an order unlike their first use (block
    // labels are made before any code): their creation order decides the
    // symbol table order, and replay must reproduce it.
    let counter = s.ctx().symbol("counter");
    let exit = s.ctx().temp_symbol();
    let end = s.ctx().symbol(&format!(".Lfunc_end{i}"));
    let puts = s.ctx().symbol("puts");
    let callee = s.ctx().symbol(&format!("f{}", (i + 1) % NFUNCS));
    let head = s.ctx().temp_symbol();
    let f = s.ctx().symbol(&name);
    let text = if i.is_multiple_of(3) {
        s.ctx().section(
            &format!(".text.{name}"),
            sht::PROGBITS,
            shf::ALLOC | shf::EXECINSTR | shf::GROUP,
            0,
            Some(f),
        )
    } else {
        s.ctx().text()
    };
    s.switch_section(text);
    s.emit_align(16, None, u64::MAX)?;
    if i.is_multiple_of(2) || i.is_multiple_of(3) {
        s.emit_symbol_attr(f, SymbolAttr::Global)?;
    }
    s.emit_symbol_attr(f, SymbolAttr::Type(SymbolType::Func))?;
    s.emit_label(f)?;
    loc(s, 10 * i as u32 + 1, 1 | 4)?;
    s.emit_cfi(Cfi::StartProc)?;
    s.emit_inst(&inst(op::PUSH64r, &[r(regs::RBP)]))?;
    s.emit_cfi(Cfi::DefCfaOffset(16))?;
    s.emit_cfi(Cfi::Offset {
        reg: DW_RBP,
        offset: -16,
    })?;
    s.emit_inst(&inst(op::MOV64rr, &[r(regs::RBP), r(regs::RSP)]))?;
    s.emit_cfi(Cfi::DefCfaRegister(DW_RBP))?;
    s.emit_inst(&inst(op::PUSH64r, &[r(regs::RBX)]))?;
    s.emit_cfi(Cfi::Offset {
        reg: DW_RBX,
        offset: -24,
    })?;
    s.emit_inst(&inst(
        op::MOV32ri,
        &[r(regs::EBX), MCOperand::Imm(i as i64)],
    ))?;
    // The loop head: an anonymous label (every fragment has local
    // `.Lrcc.tmp0` and `.Lrcc.tmp1`).
    s.emit_label(head)?;
    loc(s, 10 * i as u32 + 2, 1)?;
    s.emit_inst(&inst(op::SUB32ri8, &[r(regs::EBX), MCOperand::Imm(1)]))?;
    if i > 0 {
        // The previous fragment's private string, by name.
        let prev = s.ctx().symbol(&format!(".L.str.{}", i - 1));
        let e = s.ctx().sym_ref(prev, VariantKind::None);
        let m = MemRef::new(regs::RIP, Reg::NONE, 1, Disp::Expr(e));
        s.emit_inst(&inst(op::LEA64r, &[r(regs::RDI), MCOperand::Mem(m)]))?;
    }
    // A call to a function defined in the next fragment (or an earlier
    // one, for the last), and one to an undefined function.
    let e = s.ctx().sym_ref(callee, VariantKind::Plt);
    s.emit_inst(&inst(op::CALL64pcrel32, &[MCOperand::Expr(e)]))?;
    let e = s.ctx().sym_ref(puts, VariantKind::Plt);
    s.emit_inst(&inst(op::CALL64pcrel32, &[MCOperand::Expr(e)]))?;
    // A global defined after all functions.
    let e = s.ctx().sym_ref(counter, VariantKind::None);
    let m = MemRef::new(regs::RIP, Reg::NONE, 1, Disp::Expr(e));
    s.emit_inst(&inst(op::MOV32rm, &[r(regs::EAX), MCOperand::Mem(m)]))?;
    // Every fourth function's loop is too long for a short branch.
    if i % 4 == 1 {
        for _ in 0..70 {
            s.emit_inst(&inst(op::ADD32rr, &[r(regs::EAX), r(regs::EBX)]))?;
        }
    }
    let e = s.ctx().sym_ref(head, VariantKind::None);
    s.emit_inst(&inst(
        op::JCC_1,
        &[MCOperand::Expr(e), MCOperand::Imm(CC_NE)],
    ))?;
    // A forward branch over padding to a second anonymous label.
    let e = s.ctx().sym_ref(exit, VariantKind::None);
    s.emit_inst(&inst(op::JMP_1, &[MCOperand::Expr(e)]))?;
    s.emit_fill(3 + 40 * (i as u64 % 5), 0xcc)?;
    s.emit_label(exit)?;
    s.emit_inst(&inst(op::POP64r, &[r(regs::RBX)]))?;
    s.emit_inst(&inst(op::POP64r, &[r(regs::RBP)]))?;
    s.emit_cfi(Cfi::DefCfa {
        reg: DW_RSP,
        offset: 8,
    })?;
    s.emit_inst(&inst(op::RET64, &[]))?;
    s.emit_cfi(Cfi::EndProc)?;
    s.emit_label(end)?;
    let fe = s.ctx().sym_ref(f, VariantKind::None);
    let ee = s.ctx().sym_ref(end, VariantKind::None);
    let size = s.ctx().expr(Expr::Binary(BinOp::Sub, ee, fe));
    s.emit_size(f, size)?;

    // A jump table of label differences.
    let rodata = s.ctx().default_section(".rodata");
    s.switch_section(rodata);
    s.emit_align(4, Some(0), u64::MAX)?;
    let jt = s.ctx().symbol(&format!(".LJTI{i}_0"));
    s.emit_label(jt)?;
    let jte = s.ctx().sym_ref(jt, VariantKind::None);
    for target in [head, exit, head] {
        let t = s.ctx().sym_ref(target, VariantKind::None);
        let d = s.ctx().expr(Expr::Binary(BinOp::Sub, t, jte));
        s.emit_value(d, 4)?;
    }
    // This function's private string.
    let strs = s.ctx().section(
        ".rodata.str1.1",
        sht::PROGBITS,
        shf::ALLOC | shf::MERGE | shf::STRINGS,
        1,
        None,
    );
    s.switch_section(strs);
    let st = s.ctx().symbol(&format!(".L.str.{i}"));
    s.emit_label(st)?;
    s.emit_bytes(format!("function {i}\0").as_bytes())?;
    // Sizes as ULEB128 label differences.
    let sizes = s.ctx().section(".rcc_sizes", sht::PROGBITS, 0, 0, None);
    s.switch_section(sizes);
    s.emit_leb128(size, false)?;
    Ok(())
}

/// Module-level data and directives after the functions.
fn epilogue(s: &mut dyn Streamer) -> Result<(), McError> {
    let data = s.ctx().default_section(".data");
    s.switch_section(data);
    s.emit_align(4, Some(0), u64::MAX)?;
    let counter = s.ctx().symbol("counter");
    s.emit_symbol_attr(counter, SymbolAttr::Global)?;
    s.emit_symbol_attr(counter, SymbolAttr::Type(SymbolType::Object))?;
    s.emit_label(counter)?;
    let c = s.ctx().exprs.constant(42);
    s.emit_value(c, 4)?;
    let table = s.ctx().symbol("fn_table");
    s.emit_label(table)?;
    for i in 0..NFUNCS {
        let f = s.ctx().symbol(&format!("f{i}"));
        let e = s.ctx().sym_ref(f, VariantKind::None);
        s.emit_value(e, 8)?;
    }
    let buf = s.ctx().symbol("buf");
    s.emit_common(buf, 64, 16)?;
    let alias = s.ctx().symbol("f0_alias");
    let f0 = s.ctx().symbol("f0");
    let e = s.ctx().sym_ref(f0, VariantKind::None);
    s.emit_assignment(alias, e)?;
    s.emit_ident("rcc test");
    s.emit_addrsig(None);
    s.emit_addrsig(Some(f0));
    Ok(())
}

/// The module emitted directly into `out`.
fn direct(out: &mut dyn Streamer) {
    prelude(out).expect("prelude");
    for i in 0..NFUNCS {
        function(out, i).expect("function");
    }
    epilogue(out).expect("epilogue");
}

/// A recorder; `encode`: one that also encodes (for the x86-64 target).
fn recorder(encode: bool) -> RecordingStreamer<'static> {
    if encode {
        RecordingStreamer::with_target(&X86Backend)
    } else {
        RecordingStreamer::new()
    }
}

/// Fragments recorded on rayon workers (one reused recorder per worker).
fn record_parallel(encode: bool) -> Vec<Fragment> {
    (0..NFUNCS)
        .into_par_iter()
        .map_init(
            || recorder(encode),
            |rec, i| {
                function(rec, i).expect("records");
                rec.finish()
            },
        )
        .collect()
}

/// Fragments recorded last to first with one recorder.
fn record_reversed(encode: bool) -> Vec<Fragment> {
    let mut rec = recorder(encode);
    let mut frags: Vec<Fragment> = (0..NFUNCS)
        .rev()
        .map(|i| {
            function(&mut rec, i).expect("records");
            rec.finish()
        })
        .collect();
    frags.reverse();
    frags
}

/// The module with the functions replayed from `frags`.
fn merged(out: &mut dyn Streamer, frags: &[Fragment]) {
    prelude(out).expect("prelude");
    for f in frags {
        f.replay(out).expect("replays");
    }
    epilogue(out).expect("epilogue");
}

fn pool(n: usize) -> rayon::ThreadPool {
    rayon::ThreadPoolBuilder::new()
        .num_threads(n)
        .build()
        .expect("thread pool")
}

fn object(frags: Option<&[Fragment]>) -> Vec<u8> {
    let backend = X86Backend;
    let mut s = ObjectStreamer::new(&backend);
    match frags {
        Some(f) => merged(&mut s, f),
        None => direct(&mut s),
    }
    s.finish().expect("object")
}

fn assembly(frags: Option<&[Fragment]>) -> String {
    let backend = X86Backend;
    let mut s = AsmStreamer::new(&backend, true);
    match frags {
        Some(f) => merged(&mut s, f),
        None => direct(&mut s),
    }
    s.finish()
}

/// The module's fragments recorded in different ways, without and with
/// encodings.
fn fragment_sets() -> Vec<(&'static str, Vec<Fragment>)> {
    vec![
        ("1 thread", pool(1).install(|| record_parallel(false))),
        ("3 threads", pool(3).install(|| record_parallel(false))),
        ("reversed", record_reversed(false)),
        (
            "encoded, 1 thread",
            pool(1).install(|| record_parallel(true)),
        ),
        (
            "encoded, 3 threads",
            pool(3).install(|| record_parallel(true)),
        ),
        ("encoded, reversed", record_reversed(true)),
    ]
}

#[test]
fn object_from_fragments_is_byte_identical() {
    let want = object(None);
    for (how, frags) in fragment_sets() {
        assert!(object(Some(&frags)) == want, "{how}: object differs");
    }
    // The module really exercised relaxation, relocations and CFI.
    let secs = elf_sections(&want);
    for name in [".text", ".rela.text", ".eh_frame", ".debug_line", ".group"] {
        assert!(secs.iter().any(|s| s.0 == name), "no {name}");
    }
}

#[test]
fn assembly_from_fragments_is_identical() {
    let want = assembly(None);
    for (how, frags) in fragment_sets() {
        if frags[0].is_encoded() {
            // Recorded for object output: text output refuses them (they
            // keep only the instructions an object needs).
            let backend = X86Backend;
            let mut s = AsmStreamer::new(&backend, true);
            prelude(&mut s).expect("prelude");
            let r = frags.iter().try_for_each(|f| f.replay(&mut s));
            assert!(matches!(r, Err(McError::Unsupported(_))), "{how}: {r:?}");
            continue;
        }
        let got = assembly(Some(&frags));
        if got != want {
            let line = got
                .lines()
                .zip(want.lines())
                .position(|(a, b)| a != b)
                .unwrap_or(0);
            panic!("{how}: assembly differs at line {}", line + 1);
        }
    }
    // Twelve fragments, each with local `.Lrcc.tmp0`/`.Lrcc.tmp1`, end up
    // with distinct names.
    for k in 0..2 * NFUNCS {
        assert_eq!(
            want.matches(&format!("\n.Lrcc.tmp{k}:\n")).count(),
            1,
            ".Lrcc.tmp{k}"
        );
    }
}

#[test]
fn fragments_are_the_same_whoever_records_them() {
    let sets = fragment_sets();
    assert!(!sets[0].1[0].is_encoded() && sets[3].1[0].is_encoded());
    for k in [1, 2] {
        assert!(sets[k].1 == sets[0].1, "{}: fragments differ", sets[k].0);
        assert!(
            sets[k + 3].1 == sets[3].1,
            "{}: fragments differ",
            sets[k + 3].0
        );
    }
}

/// Two fragments with one anonymous label each; locally both are
/// `.Lrcc.tmp0`.
fn spin(s: &mut dyn Streamer, name: &str) -> Result<(), McError> {
    let text = s.ctx().text();
    s.switch_section(text);
    let f = s.ctx().symbol(name);
    s.emit_label(f)?;
    let l = s.ctx().temp_symbol();
    s.emit_label(l)?;
    s.emit_inst(&inst(op::SUB32ri8, &[r(regs::EBX), MCOperand::Imm(1)]))?;
    let e = s.ctx().sym_ref(l, VariantKind::None);
    s.emit_inst(&inst(
        op::JCC_1,
        &[MCOperand::Expr(e), MCOperand::Imm(CC_NE)],
    ))?;
    s.emit_inst(&inst(op::RET64, &[]))
}

#[test]
fn temporary_labels_of_fragments_do_not_collide() {
    let frags: Vec<Fragment> = [("a", false), ("b", true)]
        .par_iter()
        .map(|&(n, encode)| {
            let mut rec = recorder(encode);
            spin(&mut rec, n).expect("records");
            rec.finish()
        })
        .collect();
    let backend = X86Backend;
    let mut s = ObjectStreamer::new(&backend);
    for f in &frags {
        f.replay(&mut s).expect("no redefinition");
    }
    let obj = s.finish().expect("object");
    // Each loop branches to its own head: `sub $1,%ebx` (3 bytes) then
    // `jne -5`, twice.
    let text = elf_section(&obj, ".text").expect(".text");
    let one = [0x83, 0xeb, 0x01, 0x75, 0xfb, 0xc3];
    assert_eq!(text, [one, one].concat());

    // Text output replays fragments recorded without encodings.
    let plain: Vec<Fragment> = ["a", "b"]
        .par_iter()
        .map(|&n| {
            let mut rec = recorder(false);
            spin(&mut rec, n).expect("records");
            rec.finish()
        })
        .collect();
    let mut s = AsmStreamer::new(&backend, false);
    for f in &plain {
        f.replay(&mut s).expect("replays");
    }
    let asm = s.finish();
    assert!(asm.contains(".Lrcc.tmp0:") && asm.contains("jne\t.Lrcc.tmp0"));
    assert!(asm.contains(".Lrcc.tmp1:") && asm.contains("jne\t.Lrcc.tmp1"));
}

#[test]
fn named_labels_are_one_symbol_across_fragments() {
    // Named `.L` labels are identities: defining one in two fragments is a
    // redefinition, as emitting both directly would be.
    let named = |s: &mut dyn Streamer| -> Result<(), McError> {
        let text = s.ctx().text();
        s.switch_section(text);
        let l = s.ctx().symbol(".LBB0_1");
        s.emit_label(l)
    };
    let mut rec = RecordingStreamer::new();
    named(&mut rec).expect("records");
    let frag = rec.finish();
    let backend = X86Backend;
    let mut s = ObjectStreamer::new(&backend);
    frag.replay(&mut s).expect("first");
    assert_eq!(
        frag.replay(&mut s),
        Err(McError::Redefined(".LBB0_1".into()))
    );
}

#[test]
fn symbol_defined_in_a_later_fragment_resolves() {
    // `caller` calls local `helper`, defined only in the next fragment, in
    // the same section: the call resolves at assembly time, no relocation.
    let caller = |s: &mut dyn Streamer| -> Result<(), McError> {
        let text = s.ctx().text();
        s.switch_section(text);
        let f = s.ctx().symbol("caller");
        s.emit_label(f)?;
        let h = s.ctx().symbol("helper");
        let e = s.ctx().sym_ref(h, VariantKind::None);
        s.emit_inst(&inst(op::CALL64pcrel32, &[MCOperand::Expr(e)]))?;
        s.emit_inst(&inst(op::RET64, &[]))
    };
    let helper = |s: &mut dyn Streamer| -> Result<(), McError> {
        let text = s.ctx().text();
        s.switch_section(text);
        let h = s.ctx().symbol("helper");
        s.emit_label(h)?;
        s.emit_inst(&inst(op::RET64, &[]))
    };
    let mut rec = RecordingStreamer::new();
    caller(&mut rec).expect("records");
    let a = rec.finish();
    helper(&mut rec).expect("records");
    let b = rec.finish();
    let backend = X86Backend;
    let mut s = ObjectStreamer::new(&backend);
    a.replay(&mut s).expect("replays");
    b.replay(&mut s).expect("replays");
    assert_eq!(
        s.ctx
            .symbols
            .values()
            .filter(|x| x.name == "helper")
            .count(),
        1
    );
    let obj = s.finish().expect("object");
    // call +1 (over the ret), ret, ret.
    assert_eq!(
        elf_section(&obj, ".text").expect(".text"),
        [0xe8, 1, 0, 0, 0, 0xc3, 0xc3]
    );
    assert!(elf_section(&obj, ".rela.text").is_none());

    // Global: a PLT-able relocation against the one `helper` symbol.
    let mut s = ObjectStreamer::new(&backend);
    a.replay(&mut s).expect("replays");
    let h = s.ctx.symbol("helper");
    s.emit_symbol_attr(h, SymbolAttr::Global).expect("attr");
    b.replay(&mut s).expect("replays");
    let obj = s.finish().expect("object");
    assert!(elf_section(&obj, ".rela.text").is_some());
}

#[test]
fn unencodable_instructions_fail_where_they_are_encoded() {
    // `movl $1, %rax`: a 64-bit register in a 32-bit form.
    let bad = inst(op::MOV32ri, &[r(regs::RAX), MCOperand::Imm(1)]);
    let emit = |s: &mut dyn Streamer| {
        let text = s.ctx().text();
        s.switch_section(text);
        s.emit_inst(&bad)
    };
    // On the worker, with encodings...
    assert!(matches!(emit(&mut recorder(true)), Err(McError::Encode(_))));
    // ...else at replay, as direct emission would.
    let mut rec = recorder(false);
    emit(&mut rec).expect("recorded unencoded");
    let frag = rec.finish();
    let backend = X86Backend;
    let mut s = ObjectStreamer::new(&backend);
    assert!(matches!(frag.replay(&mut s), Err(McError::Encode(_))));
}

// ------------------------------------------------------------ ELF reading

fn u16_at(b: &[u8], o: usize) -> usize {
    u16::from_le_bytes([b[o], b[o + 1]]) as usize
}

fn u32_at(b: &[u8], o: usize) -> usize {
    u32::from_le_bytes(b[o..o + 4].try_into().expect("4 bytes")) as usize
}

fn u64_at(b: &[u8], o: usize) -> usize {
    u64::from_le_bytes(b[o..o + 8].try_into().expect("8 bytes")) as usize
}

/// (name, contents) of every section of an ELF64 object.
fn elf_sections(b: &[u8]) -> Vec<(String, Vec<u8>)> {
    let shoff = u64_at(b, 0x28);
    let shnum = u16_at(b, 0x3c);
    let shstrndx = u16_at(b, 0x3e);
    let hdr = |i: usize| shoff + i * 64;
    let strs = u64_at(b, hdr(shstrndx) + 0x18);
    (0..shnum)
        .map(|i| {
            let h = hdr(i);
            let name_off = strs + u32_at(b, h);
            let end = b[name_off..]
                .iter()
                .position(|&c| c == 0)
                .expect("terminated");
            let name = String::from_utf8_lossy(&b[name_off..name_off + end]).into_owned();
            let (off, size) = (u64_at(b, h + 0x18), u64_at(b, h + 0x20));
            let data = if u32_at(b, h + 4) == sht::NOBITS as usize {
                Vec::new()
            } else {
                b[off..off + size].to_vec()
            };
            (name, data)
        })
        .collect()
}

fn elf_section(b: &[u8], name: &str) -> Option<Vec<u8>> {
    elf_sections(b)
        .into_iter()
        .find(|s| s.0 == name)
        .map(|s| s.1)
}
