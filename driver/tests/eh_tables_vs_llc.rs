//! Exception tables against llc-19: small functions with landing pads are
//! compiled to objects by rcc-par and by llc-19 (PIC and static), and the
//! `.gcc_except_table` of each is decoded: the header encodings, every
//! call-site entry's landing-pad presence and action, the action records
//! (compared byte for byte), the highest type id and the filter lists.
//! Code offsets differ between the compilers and are not compared. The
//! CIE augmentations (`zR`/`zPLR`, personality and LSDA encodings) from
//! `llvm-objdump-19 --dwarf=frames` must match too. Skips with a notice
//! when llc-19 is absent.

#[path = "support/scratch_dir.rs"]
mod scratch_dir;
use scratch_dir::ScratchDir;
use std::path::Path;
use std::process::Command;

const HEAD: &str = "@A = external constant ptr
@B = external constant ptr
@C = external constant ptr
declare void @g(i32)
declare void @quiet(i32) nounwind
declare i32 @__gxx_personality_v0(...)
declare i32 @llvm.eh.typeid.for.p0(ptr)
";

/// (name, function bodies): each input exercises one table shape.
const CASES: &[(&str, &str)] = &[
    (
        "cleanup_only",
        "define void @f(i32 %x) personality ptr @__gxx_personality_v0 {
entry:
  call void @g(i32 0)
  invoke void @g(i32 %x) to label %ok unwind label %lp
ok:
  call void @quiet(i32 1)
  call void @g(i32 2)
  ret void
lp:
  %l = landingpad { ptr, i32 } cleanup
  call void @g(i32 3)
  resume { ptr, i32 } %l
}
",
    ),
    (
        "catches_and_catch_all",
        "define i32 @f(i32 %x) personality ptr @__gxx_personality_v0 {
entry:
  invoke void @g(i32 %x) to label %a unwind label %lp1
a:
  invoke void @g(i32 1) to label %b unwind label %lp1
b:
  invoke void @g(i32 2) to label %ok unwind label %lp2
ok:
  ret i32 0
lp1:
  %l1 = landingpad { ptr, i32 } catch ptr @A catch ptr null
  %s1 = extractvalue { ptr, i32 } %l1, 1
  ret i32 %s1
lp2:
  %l2 = landingpad { ptr, i32 } cleanup catch ptr @B catch ptr @A
  %t = call i32 @llvm.eh.typeid.for.p0(ptr @B)
  ret i32 %t
}
",
    ),
    (
        "filters",
        "define void @f(i32 %x) personality ptr @__gxx_personality_v0 {
entry:
  invoke void @g(i32 %x) to label %a unwind label %lp1
a:
  invoke void @g(i32 1) to label %b unwind label %lp2
b:
  invoke void @g(i32 2) to label %ok unwind label %lp3
ok:
  ret void
lp1:
  %l1 = landingpad { ptr, i32 } filter [2 x ptr] [ptr @A, ptr @B]
  resume { ptr, i32 } %l1
lp2:
  %l2 = landingpad { ptr, i32 } filter [0 x ptr] zeroinitializer
  resume { ptr, i32 } %l2
lp3:
  %l3 = landingpad { ptr, i32 } catch ptr @C filter [1 x ptr] [ptr @B]
  resume { ptr, i32 } %l3
}
",
    ),
];

fn have_llc() -> bool {
    let ok = Command::new("llc-19").arg("--version").output().is_ok()
        && Command::new("llvm-objdump-19")
            .arg("--version")
            .output()
            .is_ok();
    if !ok {
        eprintln!("NOTICE: llc-19/llvm-objdump-19 not found; skipping");
    }
    ok
}

fn run(cmd: &str, args: &[&str]) -> Result<Vec<u8>, String> {
    let out = Command::new(cmd)
        .args(args)
        .output()
        .map_err(|e| format!("{cmd}: {e}"))?;
    if !out.status.success() {
        return Err(format!(
            "{cmd} {args:?} failed: {}",
            String::from_utf8_lossy(&out.stderr)
        ));
    }
    Ok(out.stdout)
}

/// The contents of section `name` of an ELF64 little-endian object.
fn section(obj: &[u8], name: &str) -> Option<Vec<u8>> {
    let u16_at = |o: usize| u16::from_le_bytes(obj[o..o + 2].try_into().unwrap()) as usize;
    let u32_at = |o: usize| u32::from_le_bytes(obj[o..o + 4].try_into().unwrap()) as usize;
    let u64_at = |o: usize| u64::from_le_bytes(obj[o..o + 8].try_into().unwrap()) as usize;
    let shoff = u64_at(0x28);
    let (shentsize, shnum, shstrndx) = (u16_at(0x3a), u16_at(0x3c), u16_at(0x3e));
    let hdr = |k: usize| shoff + k * shentsize;
    let strtab = u64_at(hdr(shstrndx) + 0x18);
    for k in 0..shnum {
        let h = hdr(k);
        let n = strtab + u32_at(h);
        let end = obj[n..].iter().position(|&b| b == 0)? + n;
        if &obj[n..end] == name.as_bytes() {
            let (off, size) = (u64_at(h + 0x18), u64_at(h + 0x20));
            return Some(obj[off..off + size].to_vec());
        }
    }
    None
}

fn uleb(b: &[u8], p: &mut usize) -> u64 {
    let (mut v, mut sh) = (0u64, 0);
    loop {
        let x = b[*p];
        *p += 1;
        v |= u64::from(x & 0x7f) << sh;
        sh += 7;
        if x & 0x80 == 0 {
            return v;
        }
    }
}

fn sleb(b: &[u8], p: &mut usize) -> i64 {
    let (mut v, mut sh) = (0i64, 0);
    loop {
        let x = b[*p];
        *p += 1;
        v |= i64::from(x & 0x7f) << sh;
        sh += 7;
        if x & 0x80 == 0 {
            if sh < 64 && x & 0x40 != 0 {
                v |= -1 << sh;
            }
            return v;
        }
    }
}

/// What must agree between the two compilers' LSDA.
#[derive(Debug, PartialEq)]
struct Lsda {
    tt_enc: u8,
    /// (has a landing pad, action) per call site.
    sites: Vec<(bool, u64)>,
    actions: Vec<u8>,
    max_type: i64,
    filters: Vec<u64>,
}

fn decode(t: &[u8]) -> Lsda {
    let mut p = 0;
    assert_eq!(t[p], 0xff, "@LPStart");
    let tt_enc = t[1];
    p = 2;
    let tt_base = if tt_enc != 0xff {
        let off = uleb(t, &mut p) as usize;
        Some(p + off)
    } else {
        None
    };
    assert_eq!(t[p], 1, "call sites in ULEB128");
    p += 1;
    let len = uleb(t, &mut p) as usize;
    let cs_end = p + len;
    let mut sites = Vec::new();
    while p < cs_end {
        let _start = uleb(t, &mut p);
        let _len = uleb(t, &mut p);
        let lp = uleb(t, &mut p);
        let action = uleb(t, &mut p);
        sites.push((lp != 0, action));
    }
    // Every record is reachable from some call site; follow the chains.
    let (mut end, mut max_type, mut min_filter) = (cs_end, 0i64, 0i64);
    for &(_, a) in &sites {
        let mut at = a as usize;
        while at != 0 {
            let mut q = cs_end + at - 1;
            let filter = sleb(t, &mut q);
            max_type = max_type.max(filter);
            min_filter = min_filter.min(filter);
            let next_at = q;
            let next = sleb(t, &mut q);
            end = end.max(q);
            at = if next == 0 {
                0
            } else {
                (next_at as i64 + next - cs_end as i64 + 1) as usize
            };
        }
    }
    let mut filters = Vec::new();
    if let Some(base) = tt_base {
        let mut q = base;
        while q < t.len() && filters.len() < (-min_filter) as usize {
            filters.push(uleb(t, &mut q));
        }
    }
    Lsda {
        tt_enc,
        sites,
        actions: t[cs_end..end].to_vec(),
        max_type,
        filters,
    }
}

/// The CIE lines of `llvm-objdump-19 --dwarf=frames` that name the
/// augmentation and its data.
fn cies(obj: &Path) -> Result<Vec<String>, String> {
    let out = run(
        "llvm-objdump-19",
        &["--dwarf=frames", obj.to_str().unwrap()],
    )?;
    Ok(String::from_utf8_lossy(&out)
        .lines()
        .filter(|l| l.contains("Augmentation"))
        .map(|l| l.trim().to_string())
        .collect())
}

fn tmpdir(tag: &str) -> ScratchDir {
    ScratchDir::new("rcc-eh-test", tag)
}

#[test]
fn exception_tables_match_llc() {
    if !have_llc() {
        return;
    }
    let mut failures = Vec::new();
    for &(name, body) in CASES {
        for reloc in ["pic", "static"] {
            let dir = tmpdir(&format!("{name}-{reloc}"));
            let ll = dir.join("in.ll");
            std::fs::write(&ll, format!("{HEAD}{body}")).expect("write");
            let model = format!("-relocation-model={reloc}");
            let mut objs = Vec::new();
            for (tool, out) in [
                ("llc-19", "llc.o"),
                (env!("CARGO_BIN_EXE_rcc-par"), "rcc.o"),
            ] {
                let o = dir.join(out);
                let args = [
                    "-O0",
                    "-filetype=obj",
                    model.as_str(),
                    ll.to_str().unwrap(),
                    "-o",
                    o.to_str().unwrap(),
                ];
                run(tool, &args).unwrap();
                objs.push(o);
            }
            let read = |p: &Path| std::fs::read(p).expect("object");
            let (theirs, ours) = (read(&objs[0]), read(&objs[1]));
            let t = section(&theirs, ".gcc_except_table").expect("llc wrote an LSDA");
            let Some(o) = section(&ours, ".gcc_except_table") else {
                failures.push(format!("{name} {reloc}: no .gcc_except_table"));
                continue;
            };
            let (a, b) = (decode(&t), decode(&o));
            if a != b {
                failures.push(format!("{name} {reloc}:\n  llc-19: {a:?}\n  rcc:    {b:?}"));
            }
            let (ca, cb) = (cies(&objs[0]).unwrap(), cies(&objs[1]).unwrap());
            if ca != cb {
                failures.push(format!(
                    "{name} {reloc} CIEs:\n  llc-19: {ca:?}\n  rcc:    {cb:?}"
                ));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
