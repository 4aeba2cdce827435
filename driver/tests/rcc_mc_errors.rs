//! Bad input to `rcc-mc`: diagnostics are `file:line:col: error: ...` with
//! the offending line and exit code 1; random and mutated input never
//! panics the parser, the streamers or the object writer.

use rcc_mc::asm_parser as asm;
use rcc_mc::asm_streamer::AsmStreamer;
use rcc_mc::ObjectStreamer;
use rcc_targets::x86_64::{X86AsmParser, X86Backend};
use std::process::Command;

fn run_rcc_mc(src: &str) -> (i32, String) {
    // Tests run in parallel: one directory per call.
    static NEXT: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let n = NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let dir = std::env::temp_dir().join(format!("rcc-mc-err-{}-{n}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("tmp");
    let p = dir.join("bad.s");
    std::fs::write(&p, src).expect("write");
    let out = Command::new(env!("CARGO_BIN_EXE_rcc-mc"))
        .args(["-filetype=obj", "-o"])
        .arg(dir.join("bad.o"))
        .arg(&p)
        .output()
        .expect("runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn expect_error(src: &str, line: usize, col: usize, msg: &str) {
    let (code, err) = run_rcc_mc(src);
    assert_eq!(code, 1, "exit code for {src:?}: {err}");
    let want = format!("bad.s:{line}:{col}: error: {msg}");
    assert!(err.contains(&want), "expected `{want}` in:\n{err}");
    let src_line = src.lines().nth(line - 1).unwrap_or("");
    assert!(err.contains(src_line), "offending line missing:\n{err}");
}

#[test]
fn unknown_mnemonic() {
    expect_error(
        "\tnop\n\tfrobnicate %eax\n",
        2,
        2,
        "invalid instruction mnemonic 'frobnicate'",
    );
}

#[test]
fn invalid_operands() {
    expect_error("\tmovl %eax\n", 1, 2, "invalid operand for instruction");
    expect_error(
        "\taddl %eax, %rbx\n",
        1,
        2,
        "invalid operand for instruction",
    );
}

#[test]
fn invalid_register() {
    expect_error("\tmovl $1, %xyz\n", 1, 11, "invalid register name");
}

#[test]
fn high_byte_with_rex() {
    expect_error(
        "\tmovb %ah, %r8b\n",
        1,
        2,
        "can't encode 'ah' in an instruction requiring REX prefix",
    );
}

#[test]
fn base_and_index_of_different_widths() {
    expect_error(
        "\tleal 7(%ecx,%rdi), %eax\n",
        1,
        9,
        "base register is 32-bit, but index register is not",
    );
    expect_error(
        "\tmovq (%rax,%ebx), %rcx\n",
        1,
        8,
        "base register is 64-bit, but index register is not",
    );
}

#[test]
fn unknown_directive() {
    expect_error("\t.text\n\t.frob 1\n", 2, 2, "unknown directive '.frob'");
}

#[test]
fn redefined_label_and_bad_cfi() {
    expect_error("a:\na:\n", 2, 1, "symbol 'a' is already defined");
    expect_error(
        "\t.cfi_def_cfa_offset 16\n",
        1,
        2,
        "this directive must appear between .cfi_startproc and .cfi_endproc directives",
    );
}

#[test]
fn ambiguous_suffix() {
    expect_error(
        "\tadd $1, (%rax)\n",
        1,
        2,
        "ambiguous instructions require an explicit suffix",
    );
}

/// A tiny deterministic PRNG (xorshift64*).
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

fn assemble_both(src: &str) {
    let backend = X86Backend;
    let mut o = ObjectStreamer::new(&backend);
    if asm::assemble(src, "fuzz.s", &mut o, &X86AsmParser).is_ok() {
        let _ = o.finish();
    }
    let mut a = AsmStreamer::new(&backend, true);
    let _ = asm::assemble(src, "fuzz.s", &mut a, &X86AsmParser);
}

#[test]
fn random_tokens_never_panic() {
    let toks = [
        "movl",
        "addq",
        "jmp",
        "je",
        "lea",
        ".byte",
        ".long",
        ".quad",
        ".section",
        ".p2align",
        ".cfi_startproc",
        ".cfi_endproc",
        ".cfi_offset",
        ".set",
        ".size",
        ".comm",
        ".zero",
        ".ascii",
        ".globl",
        ".type",
        "%eax",
        "%rax",
        "%r15",
        "%ah",
        "%st(",
        "%fs:",
        "$",
        "$-1",
        "0x7fffffffffffffff",
        "(",
        ")",
        ",",
        ":",
        "foo",
        ".Lx",
        "@PLT",
        "@GOTPCREL",
        "*",
        "-",
        "+",
        "<<",
        "\"",
        "'",
        "#",
        ";",
        "é",
        "\\",
        "1",
        "8",
        "rep",
        "lock",
        ".",
        "=",
        "@function",
        "\"aMS\"",
        "@progbits",
    ];
    let mut rng = Rng(0x1234_5678_9abc_def1);
    for _ in 0..3000 {
        let mut src = String::new();
        for _ in 0..rng.below(6) + 1 {
            for _ in 0..rng.below(7) {
                src.push_str(toks[rng.below(toks.len())]);
                if rng.below(2) == 0 {
                    src.push(' ');
                }
            }
            src.push('\n');
        }
        assemble_both(&src);
    }
}

#[test]
fn random_bytes_never_panic() {
    let mut rng = Rng(0xdead_beef_cafe_f00d);
    for _ in 0..2000 {
        let n = rng.below(120);
        let bytes: Vec<u8> = (0..n).map(|_| rng.next() as u8).collect();
        assemble_both(&String::from_utf8_lossy(&bytes));
    }
}

#[test]
fn mutated_assembly_never_panics() {
    let base = "\t.text\n\t.globl\tf\n\t.p2align\t4, 0x90\n\t.type\tf,@function\nf:\n\t.cfi_startproc\n\tpushq\t%rbp\n\t.cfi_def_cfa_offset 16\n\t.cfi_offset %rbp, -16\n\tmovq\t%rsp, %rbp\n\tleaq\t.L.str(%rip), %rdi\n\tcallq\tputs@PLT\n\tjmp\t.LBB0_2\n.LBB0_2:\n\tmovl\t8(%rbx,%rcx,4), %eax\n\tpopq\t%rbp\n\tretq\n.Lfunc_end0:\n\t.size\tf, .Lfunc_end0-f\n\t.cfi_endproc\n\t.section\t.rodata.str1.1,\"aMS\",@progbits,1\n.L.str:\n\t.asciz\t\"hi\"\n";
    let mut rng = Rng(42);
    for _ in 0..3000 {
        let mut b: Vec<u8> = base.as_bytes().to_vec();
        for _ in 0..rng.below(4) + 1 {
            let i = rng.below(b.len());
            match rng.below(3) {
                0 => {
                    b.remove(i);
                }
                1 => b.insert(i, b"%$(),:.-0x9@*\"\n"[rng.below(15)]),
                _ => b[i] = rng.next() as u8 & 0x7f,
            }
        }
        assemble_both(&String::from_utf8_lossy(&b));
    }
}
