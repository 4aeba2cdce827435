//! MIR print → read → print is a fixpoint after every machine pass: the
//! `-print-after-all` dump of real modules (`tests/ll`, and lua from the
//! corpus when `RCC_CORPUS` is set) is split into function sections, each
//! is read back with `rcc_mach::mir` and written again, and the text must
//! be the same.

use rcc_mach::mir;
use rcc_mach::MachFunction;
use rcc_targets::x86_64::X86Info;
use std::path::{Path, PathBuf};
use std::process::Command;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// Runs `rcc-par -print-after-all` on `ll` and checks every section of
/// the dump; returns how many sections it checked.
fn check_file(ll: &Path, opt: &str) -> usize {
    let out = Command::new(env!("CARGO_BIN_EXE_rcc-par"))
        .args([opt, "-print-after-all", "-o", "/dev/null"])
        .arg(ll)
        .output()
        .expect("runs rcc-par");
    assert!(
        out.status.success(),
        "{}: {}",
        ll.display(),
        String::from_utf8_lossy(&out.stderr)
    );
    let all = String::from_utf8(out.stderr).expect("UTF-8 dump");
    // The `parse` dump (IR text) comes first; the machine dumps follow.
    let first = all
        .find("# *** IR Dump After finalize-isel")
        .unwrap_or(all.len());
    let dump = &all[first..];
    let src = std::fs::read_to_string(ll).expect("reads the module");
    let m = rcc_ir::parse_module(src, &ll.display().to_string()).expect("parses");
    let reader = mir::Reader::new(&m, &X86Info);
    let s = mir::split(dump).unwrap_or_else(|e| panic!("{}: split: {e:?}", ll.display()));
    assert!(
        !s.functions.is_empty(),
        "{}: no sections in the dump",
        ll.display()
    );
    let mut mf = MachFunction::new(m.order[0]);
    for f in &s.functions {
        let text = &dump[f.range.clone()];
        let end = text
            .find("\n# End machine code for function")
            .map_or(text.len(), |p| p + 1);
        // The writer's text ends with the last line's newline; the dump
        // puts a blank line before its `# End` heading.
        let want = text[..end].strip_suffix('\n').unwrap_or(&text[..end]);
        if let Err(e) = reader.read_function(dump, f, &mut mf) {
            let d = rcc_ir::Diagnostic::locate("dump.mir", dump, &e);
            panic!("{} ({opt}): {d}\n{want}", ll.display());
        }
        let mut got = String::new();
        mir::write_function(&mut got, &mf, &m, &X86Info);
        if got != want {
            let line = got
                .lines()
                .zip(want.lines())
                .position(|(a, b)| a != b)
                .unwrap_or(got.lines().count().min(want.lines().count()));
            panic!(
                "{} ({opt}): {} does not read back the same (first difference at line {}):\n--- written\n{want}\n--- read back\n{got}",
                ll.display(),
                f.name,
                line + 1
            );
        }
    }
    s.functions.len()
}

#[test]
fn every_pass_of_tests_ll_reads_back_the_same() {
    let mut files: Vec<PathBuf> = std::fs::read_dir(root().join("tests/ll"))
        .expect("tests/ll")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "ll"))
        .collect();
    files.sort();
    assert!(files.len() > 10, "tests/ll has the modules");
    let mut n = 0;
    for f in &files {
        for opt in ["-O0", "-O2"] {
            n += check_file(f, opt);
        }
    }
    assert!(n > 100, "checked {n} sections");
}

#[test]
fn every_pass_of_lua_reads_back_the_same() {
    let dir = std::env::var_os("RCC_CORPUS").map_or_else(|| root().join("corpus"), PathBuf::from);
    let ll = dir.join("ll/lua-O2.ll");
    if !ll.exists() {
        eprintln!("{} missing: skipped", ll.display());
        return;
    }
    assert!(check_file(&ll, "-O2") > 1000);
}

/// Whether operand `k` of instruction `i` means the same in `a` and `b`
/// (pool-indexed operands compared by what they index).
fn same_operand(
    a: &MachFunction,
    ia: rcc_mach::MInst,
    b: &MachFunction,
    ib: rcc_mach::MInst,
    k: usize,
) -> bool {
    use rcc_mach::{MOpc, OpKind};
    let (oa, ob) = (a.operands(ia)[k], b.operands(ib)[k]);
    if k == 0 && (a.opc(ia) == MOpc::CFI || a.opc(ia) == MOpc::INLINEASM) {
        return a.cfi_of(ia) == b.cfi_of(ib)
            && rcc_mach::inline_asm::descriptor(a, ia) == rcc_mach::inline_asm::descriptor(b, ib);
    }
    if oa.kind() != ob.kind() {
        return false;
    }
    match oa.kind() {
        OpKind::Imm64 => a.imm_of(oa) == b.imm_of(ob),
        OpKind::Sym => {
            let (sa, sb) = (a.sym_of(oa).unwrap(), b.sym_of(ob).unwrap());
            let name = |f: &MachFunction, t| match t {
                rcc_mach::SymTarget::External(e) => Some(f.ext_names[e as usize].clone()),
                _ => None,
            };
            sa.offset == sb.offset
                && sa.flag == sb.flag
                && match (sa.target, sb.target) {
                    (ta @ rcc_mach::SymTarget::External(_), tb) => name(a, ta) == name(b, tb),
                    (ta, tb) => ta == tb,
                }
        }
        // The tied-operand index is meaningless without the tied flag
        // (passes clear the flag and leave the index), so it is not kept.
        _ => canon(oa) == canon(ob),
    }
}

/// What an operand means: kind, payload, flags, sub-register, tie.
fn canon(o: rcc_mach::Operand) -> (rcc_mach::OpKind, u32, u32, Option<u8>, Option<usize>) {
    use rcc_mach::flag;
    let flags = [
        flag::DEF,
        flag::IMPLICIT,
        flag::KILL,
        flag::DEAD,
        flag::UNDEF,
        flag::EARLY_CLOBBER,
        flag::TIED,
    ]
    .iter()
    .fold(0, |acc, &f| if o.has(f) { acc | f } else { acc });
    (o.kind(), o.payload(), flags, o.subreg(), o.tied_to())
}

/// Compares everything `b` (read back) must have kept of `a`.
fn compare(a: &MachFunction, b: &MachFunction) -> Result<(), String> {
    macro_rules! same {
        ($what:expr, $x:expr, $y:expr) => {
            if $x != $y {
                return Err(format!("{} differs: {:?} vs {:?}", $what, $x, $y));
            }
        };
    }
    same!("func", a.func, b.func);
    same!("props", a.props, b.props);
    same!("order", a.order, b.order);
    same!("blocks", a.blocks.len(), b.blocks.len());
    for (k, (da, db)) in a.blocks.values().zip(b.blocks.values()).enumerate() {
        let blk = rcc_mach::MBlock::from_u32(k as u32);
        same!(format!("bb.{k} ir block"), da.ir_block, db.ir_block);
        same!(
            format!("bb.{k} address-taken"),
            da.address_taken,
            db.address_taken
        );
        same!(format!("bb.{k} successors"), a.succs(blk), b.succs(blk));
        same!(
            format!("bb.{k} successor probabilities"),
            a.succ_probs(blk),
            b.succ_probs(blk)
        );
        same!(
            format!("bb.{k} live-ins"),
            a.block_live_ins(blk),
            b.block_live_ins(blk)
        );
    }
    for &blk in &a.order {
        let (ia, ib) = (a.block_insts(blk), b.block_insts(blk));
        same!(format!("{blk} length"), ia.len(), ib.len());
        for (&x, &y) in ia.iter().zip(ib) {
            same!(format!("{blk} opcode"), a.opc(x), b.opc(y));
            same!(
                format!("{blk} operand count"),
                a.operands(x).len(),
                b.operands(y).len()
            );
            for k in 0..a.operands(x).len() {
                if !same_operand(a, x, b, y, k) {
                    return Err(format!(
                        "{blk}: operand {k} of {:?} differs: {:?} vs {:?}",
                        a.opc(x),
                        a.operands(x)[k],
                        b.operands(y)[k]
                    ));
                }
            }
        }
    }
    same!(
        "vreg classes",
        a.vreg_class.as_slice(),
        b.vreg_class.as_slice()
    );
    let fa: Vec<_> = a.frame.objects.values().map(|o| format!("{o:?}")).collect();
    let fb: Vec<_> = b.frame.objects.values().map(|o| format!("{o:?}")).collect();
    same!("frame objects", fa, fb);
    let (fa, fb) = (&a.frame, &b.frame);
    same!(
        "frame fields",
        (
            fa.has_var_sized,
            fa.has_calls,
            fa.max_call_frame,
            fa.max_align,
            fa.stack_size,
            fa.emit_cfi,
            fa.scratch
        ),
        (
            fb.has_var_sized,
            fb.has_calls,
            fb.max_call_frame,
            fb.max_align,
            fb.stack_size,
            fb.emit_cfi,
            fb.scratch
        )
    );
    let ca: Vec<_> = a
        .const_pool
        .iter()
        .map(|e| (e.bytes.get(&a.const_bytes), e.align))
        .collect();
    let cb: Vec<_> = b
        .const_pool
        .iter()
        .map(|e| (e.bytes.get(&b.const_bytes), e.align))
        .collect();
    same!("constants", ca, cb);
    let ja: Vec<_> = a.jump_tables.iter().map(|r| r.get(&a.jt_pool)).collect();
    let jb: Vec<_> = b.jump_tables.iter().map(|r| r.get(&b.jt_pool)).collect();
    same!("jump tables", ja, jb);
    same!("live-ins", a.live_ins, b.live_ins);
    same!("used_phys", a.used_phys, b.used_phys);
    same!("reserved", a.reserved, b.reserved);
    same!("ext_names", a.ext_names, b.ext_names);
    let (ea, eb) = (&a.eh, &b.eh);
    same!("eh pads", ea.pads().len(), eb.pads().len());
    for (pa, pb) in ea.pads().iter().zip(eb.pads()) {
        same!(
            "eh pad",
            (pa.block, pa.label, pa.cleanup),
            (pb.block, pb.label, pb.cleanup)
        );
        let ta: Vec<_> = ea
            .pad_clauses(pa)
            .iter()
            .map(|c| (c.kind, ea.clause_types(c)))
            .collect();
        let tb: Vec<_> = eb
            .pad_clauses(pb)
            .iter()
            .map(|c| (c.kind, eb.clause_types(c)))
            .collect();
        same!("eh clauses", ta, tb);
    }
    same!("eh invokes", ea.invokes(), eb.invokes());
    same!("eh type ids", ea.type_ids, eb.type_ids);
    same!("eh labels", ea.num_labels(), eb.num_labels());
    for n in 0..ea.num_labels() as u32 {
        same!("eh label role", ea.role(n), eb.role(n));
    }
    Ok(())
}

/// After every machine pass, the function read back from its MIR equals
/// the original field by field.
fn check_fields(ll: &Path) -> usize {
    use rcc_driver::codegen::{ModuleCx, Worker};
    use rcc_driver::pipeline::PASSES;
    let text = std::fs::read_to_string(ll).expect("reads");
    let m = rcc_ir::parse_module(text, "t.ll").expect("parses");
    let dl = m.data_layout().expect("data layout");
    let opts = rcc_driver::options::Options::default();
    let target = rcc_targets::lookup(None, None).expect("x86-64");
    let cx = ModuleCx::new(&m, &dl, &opts, "t.ll", target).expect("module context");
    let mut w = Worker::new(target, false);
    let reader = mir::Reader::new(&m, &X86Info);
    let mut back = MachFunction::new(m.order[0]);
    let mut n = 0;
    for (f, k) in cx.functions() {
        for p in PASSES
            .iter()
            .filter(|p| p.run.is_some() && p.name != "asm-printer")
        {
            if cx.run_until(&mut w, f, k, Some(p.name)).is_err() {
                break;
            }
            let mut text = String::new();
            mir::write_header(&mut text, "");
            mir::write_function(&mut text, &w.mf, &m, &X86Info);
            let s = mir::split(&text).expect("splits");
            reader
                .read_function(&text, &s.functions[0], &mut back)
                .unwrap_or_else(|e| panic!("{}: {e:?}\n{text}", p.name));
            if let Err(e) = compare(&w.mf, &back) {
                panic!("{} after {}: {e}\n{text}", ll.display(), p.name);
            }
            n += 1;
        }
    }
    n
}

#[test]
fn functions_read_back_equal_field_by_field() {
    let mut n = 0;
    for f in std::fs::read_dir(root().join("tests/ll")).expect("tests/ll") {
        let p = f.expect("entry").path();
        if p.extension().is_some_and(|e| e == "ll") {
            n += check_fields(&p);
        }
    }
    assert!(n > 100, "compared {n} functions");
}
