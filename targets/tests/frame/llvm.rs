//! Our assembly text, assembled by llvm-mc-19, must give the object our
//! object streamer gives for the same calls: the same instructions and
//! bytes, relocations, constant pool, jump tables and `.eh_frame`.

use super::support::{asm_text, disassemble, finished, module, object, run, scratch_dir, tool};
use std::process::Command;

#[test]
fn llvm_mc_agrees_with_our_object() {
    let (Some(mc), Some(objdump)) = (tool("llvm-mc-19"), tool("llvm-objdump-19")) else {
        return;
    };
    let m = module();
    let all = finished(&m);
    let dir = scratch_dir("llvm_mc");
    let (s, ours, theirs) = (dir.join("f.s"), dir.join("ours.o"), dir.join("mc.o"));
    std::fs::write(&s, asm_text(&m, &all)).expect("write .s");
    std::fs::write(&ours, object(&m, &all)).expect("write .o");
    run(Command::new(&mc)
        .args(["-triple=x86_64-unknown-linux-gnu", "-filetype=obj", "-o"])
        .arg(&theirs)
        .arg(&s));
    let (a, b) = (disassemble(&objdump, &ours), disassemble(&objdump, &theirs));
    assert_eq!(a, b, "disassembly differs");
    for want in [
        "subq\t$0x88, %rsp",
        "andq\t$-0x40, %rsp",
        "pushq\t%r14",
        "leaq\t-0x8(%rbp), %rsp",
        "R_X86_64_PLT32\text-0x4",
    ] {
        assert!(a.contains(want), "missing `{want}` in\n{a}");
    }
    for sec in [".eh_frame", ".rodata", ".rodata.cst8"] {
        let dump = |o: &std::path::Path| {
            let t = run(Command::new(&objdump).args(["-s", "-r", "-j", sec]).arg(o));
            t.lines()
                .filter(|l| !l.contains("file format"))
                .collect::<Vec<_>>()
                .join("\n")
        };
        assert_eq!(dump(&ours), dump(&theirs), "section {sec} differs");
    }
    let _ = std::fs::remove_dir_all(&dir);
}
