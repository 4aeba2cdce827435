//! Golden tests: each `tests/golden/NAME.s` is assembled by rcc-mc with
//! `-show-encoding` and compared with `NAME.expected`, and as an object
//! whose sections (hex) and relocations are compared with
//! `NAME.obj.expected` (this covers relaxation and fixup resolution). Run with
//! `RCC_BLESS=1` to (re)write the expectations after checking them (e.g.
//! against `llvm-mc-19 -show-encoding`). These run without LLVM installed.

use rcc_mc::asm_parser as asm;
use rcc_mc::asm_streamer::AsmStreamer;
use rcc_mc::ObjectStreamer;
use rcc_targets::x86_64::{X86AsmParser, X86Backend};
use std::path::PathBuf;

#[test]
fn golden_show_encoding() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/golden");
    let bless = std::env::var_os("RCC_BLESS").is_some();
    let mut inputs: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("golden dir")
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "s"))
        .collect();
    inputs.sort();
    assert!(!inputs.is_empty());
    let mut failures = Vec::new();
    for input in inputs {
        let src = std::fs::read_to_string(&input).expect("read");
        let backend = X86Backend;
        let mut s = AsmStreamer::new(&backend, true);
        let got = match asm::assemble(&src, "golden.s", &mut s, &X86AsmParser) {
            Ok(()) => s.finish(),
            Err(errs) => errs.iter().map(|e| format!("{e}\n")).collect(),
        };
        let mut o = ObjectStreamer::new(&backend);
        let obj = match asm::assemble(&src, "golden.s", &mut o, &X86AsmParser) {
            Ok(()) => o
                .finish()
                .map(|b| dump_elf(&b))
                .unwrap_or_else(|e| format!("error: {e}\n")),
            Err(_) => String::new(),
        };
        let obj_path = input.with_extension("obj.expected");
        if bless {
            std::fs::write(&obj_path, &obj).expect("bless");
        } else if std::fs::read_to_string(&obj_path).unwrap_or_default() != obj {
            failures.push(format!(
                "{}: object differs (RCC_BLESS=1 to update)\n--- got ---\n{obj}",
                input.display()
            ));
        }
        let expected_path = input.with_extension("expected");
        if bless {
            std::fs::write(&expected_path, &got).expect("bless");
            continue;
        }
        let want = std::fs::read_to_string(&expected_path).unwrap_or_default();
        if want != got {
            failures.push(format!(
                "{}: output differs (RCC_BLESS=1 to update)\n--- got ---\n{got}",
                input.display()
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

fn u16_at(b: &[u8], o: usize) -> usize {
    u16::from_le_bytes([b[o], b[o + 1]]) as usize
}

fn u32_at(b: &[u8], o: usize) -> usize {
    u32::from_le_bytes(b[o..o + 4].try_into().expect("4 bytes")) as usize
}

fn u64_at(b: &[u8], o: usize) -> u64 {
    u64::from_le_bytes(b[o..o + 8].try_into().expect("8 bytes"))
}

/// Section names, contents (hex) and relocations of an ELF64 object.
fn dump_elf(b: &[u8]) -> String {
    let shoff = u64_at(b, 0x28) as usize;
    let shnum = u16_at(b, 0x3c);
    let shstrndx = u16_at(b, 0x3e);
    let sh = |i: usize| shoff + i * 64;
    let strtab_off = u64_at(b, sh(shstrndx) + 0x18) as usize;
    let name = |i: usize| {
        let start = strtab_off + u32_at(b, sh(i));
        let end = b[start..]
            .iter()
            .position(|&c| c == 0)
            .map_or(b.len(), |n| start + n);
        String::from_utf8_lossy(&b[start..end]).into_owned()
    };
    let mut out = String::new();
    for i in 1..shnum {
        let ty = u32_at(b, sh(i) + 4);
        let off = u64_at(b, sh(i) + 0x18) as usize;
        let size = u64_at(b, sh(i) + 0x20) as usize;
        match ty {
            1 => {
                out.push_str(&format!("section {}:", name(i)));
                for (k, byte) in b[off..off + size].iter().enumerate() {
                    if k % 16 == 0 {
                        out.push_str("\n ");
                    }
                    out.push_str(&format!(" {byte:02x}"));
                }
                out.push('\n');
            }
            4 => {
                out.push_str(&format!("relocations {}:\n", name(i)));
                for r in (off..off + size).step_by(24) {
                    let info = u64_at(b, r + 8);
                    out.push_str(&format!(
                        "  {:#x} type {} sym {} addend {}\n",
                        u64_at(b, r),
                        info & 0xffff_ffff,
                        info >> 32,
                        u64_at(b, r + 16) as i64
                    ));
                }
            }
            _ => {}
        }
    }
    out
}
