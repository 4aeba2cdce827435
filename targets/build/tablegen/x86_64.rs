//! The x86-64 vocabulary of rcc's TableGen: what `registers.desc` and
//! `instructions.desc` mean, on top of the shared description language of
//! [`super::core`].
//!
//! - register lines: `gpr` families (64/32/16/8-bit and high-byte parts,
//!   REX constraints), `vec` (XMM with its YMM), `x87`, `reg`, `seg` and
//!   `class`; the sub-register indices (`SUBIDX`) and register flags;
//! - instruction rows: operand kinds (`r32`, `m64`, `i32i8`, fixed
//!   registers `%cl`, literals), roles (`r`, `w`, `rw`), encodings (opcode
//!   bytes, ModRM forms, prefixes) and attributes; the Intel mnemonic
//!   derived from the AT&T one;
//! - [`generate`]: writes `x86_64_gen.rs` (register, class and opcode
//!   constants, the instruction descriptors, the memory-operand folding
//!   table of [`super::x86_64_folds`] and its inverse for loads, the
//!   assembler's matcher table).

use super::core::{alias_sets, class_members, fail, parse_insts};
use super::x86_64_patterns::{self, Form, Slot};
use super::ImmKind;
use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::fmt::Write as _;

// ---------------------------------------------------------------- registers

struct RegDef {
    name: String,
    asm: String,
    enc: u8,
    bits: u16,
    /// DWARF register number (`u16::MAX` if none).
    dwarf: u16,
    /// Register flags, see `RegFlags` in desc.rs.
    flags: u8,
    /// (sub-register index, sub-register name)
    subs: Vec<(usize, String)>,
    units: Vec<u32>,
}

const SUBIDX: [&str; 5] = [
    "sub_8bit",
    "sub_8bit_hi",
    "sub_16bit",
    "sub_32bit",
    "sub_xmm",
];
const RF_NEEDS_REX: u8 = 1;
const RF_NO_REX: u8 = 2;
const RF_EXT: u8 = 4;
const RF_GPR: u8 = 8;

struct ClassDef {
    name: String,
    spill: u32,
    members: Vec<String>,
}

struct Regs {
    regs: Vec<RegDef>,
    index: HashMap<String, usize>,
    classes: Vec<ClassDef>,
}

fn parse_regs(file: &str, text: &str) -> Regs {
    let mut regs: Vec<RegDef> = Vec::new();
    let mut classes = Vec::new();
    let mut unit = 0u32;
    let mut next_unit = || {
        unit += 1;
        unit - 1
    };
    for (ln, line) in text.lines().enumerate() {
        let ln = ln + 1;
        let line = line.split('#').next().unwrap_or("").trim();
        if line.is_empty() {
            continue;
        }
        let t: Vec<&str> = line.split_whitespace().collect();
        let num = |s: &str| -> u8 {
            s.parse()
                .unwrap_or_else(|_| fail(file, ln, format!("bad number {s}")))
        };
        let simple = |name: &str, enc: u8, bits: u16, flags: u8, units: Vec<u32>| RegDef {
            name: name.to_string(),
            asm: name.to_ascii_lowercase(),
            enc,
            bits,
            dwarf: u16::MAX,
            flags,
            subs: Vec::new(),
            units,
        };
        match t[0] {
            "gpr" => {
                if t.len() != 8 {
                    fail(file, ln, "gpr wants 7 fields");
                }
                let enc = num(t[6]);
                let ext = if enc >= 8 { RF_EXT } else { 0 };
                let lo = next_unit();
                let hi = next_unit();
                let lo_flags = if (4..8).contains(&enc) {
                    RF_NEEDS_REX
                } else {
                    0
                };
                let mut r64 = simple(t[1], enc, 64, RF_GPR | ext, vec![lo, hi]);
                let mut r32 = simple(t[2], enc, 32, RF_GPR | ext, vec![lo, hi]);
                let mut r16 = simple(t[3], enc, 16, RF_GPR | ext, vec![lo, hi]);
                let r8 = simple(t[4], enc, 8, RF_GPR | ext | lo_flags, vec![lo]);
                r16.subs.push((0, t[4].into()));
                r32.subs.push((0, t[4].into()));
                r64.subs.push((0, t[4].into()));
                r32.subs.push((2, t[3].into()));
                r64.subs.push((2, t[3].into()));
                r64.subs.push((3, t[2].into()));
                r64.dwarf = t[7]
                    .parse()
                    .unwrap_or_else(|_| fail(file, ln, "bad DWARF number"));
                let mut out = vec![r64, r32, r16, r8];
                if t[5] != "-" {
                    for r in out.iter_mut().take(3) {
                        r.subs.push((1, t[5].into()));
                    }
                    out.push(simple(t[5], enc + 4, 8, RF_GPR | RF_NO_REX, vec![hi]));
                }
                regs.extend(out);
            }
            "reg" | "seg" => {
                if t.len() != 3 && t.len() != 4 {
                    fail(file, ln, "reg wants 2 or 3 fields");
                }
                let u = next_unit();
                let bits = if t[0] == "seg" { 16 } else { 64 };
                let mut r = simple(t[1], num(t[2]), bits, 0, vec![u]);
                if let Some(d) = t.get(3) {
                    r.dwarf = d
                        .parse()
                        .unwrap_or_else(|_| fail(file, ln, "bad DWARF number"));
                }
                regs.push(r);
            }
            "vec" => {
                let n = num(t[3]);
                for i in 0..n {
                    let u = next_unit();
                    let ext = if i >= 8 { RF_EXT } else { 0 };
                    let x = format!("{}{i}", t[1]);
                    let mut xr = simple(&x, i, 128, ext, vec![u]);
                    xr.dwarf = t[4]
                        .parse::<u16>()
                        .unwrap_or_else(|_| fail(file, ln, "bad DWARF base"))
                        + u16::from(i);
                    regs.push(xr);
                    let mut y = simple(&format!("{}{i}", t[2]), i, 256, ext, vec![u]);
                    y.subs.push((4, x));
                    regs.push(y);
                }
            }
            "x87" => {
                let n = num(t[2]);
                for i in 0..n {
                    let u = next_unit();
                    let mut r = simple(&format!("{}{i}", t[1]), i, 80, 0, vec![u]);
                    r.asm = format!("st({i})");
                    r.dwarf = t[3]
                        .parse::<u16>()
                        .unwrap_or_else(|_| fail(file, ln, "bad DWARF base"))
                        + u16::from(i);
                    regs.push(r);
                }
            }
            "class" => {
                if t.len() < 4 {
                    fail(file, ln, "class wants a name, a spill size and members");
                }
                let members = class_members(file, ln, &t[3..]);
                let spill = t[2]
                    .parse()
                    .unwrap_or_else(|_| fail(file, ln, "bad spill size"));
                classes.push(ClassDef {
                    name: t[1].into(),
                    spill,
                    members,
                });
            }
            k => fail(file, ln, format!("unknown register line kind {k}")),
        }
    }
    let mut index = HashMap::new();
    for (i, r) in regs.iter().enumerate() {
        if index.insert(r.name.clone(), i + 1).is_some() {
            fail(file, 0, format!("duplicate register {}", r.name));
        }
    }
    for c in &classes {
        for m in &c.members {
            if !index.contains_key(m) {
                fail(
                    file,
                    0,
                    format!("class {} names unknown register {m}", c.name),
                );
            }
        }
    }
    Regs {
        regs,
        index,
        classes,
    }
}

/// The Intel-syntax mnemonic derived from the AT&T one: a trailing size
/// suffix (b, w, l, q) is dropped when an operand of that size (a general
/// register, a sized memory operand, a fixed register or an immediate of
/// that operation width) says the same; vector forms and string forms keep
/// their names. Irregular names are given with `intel=` in the row.
fn intel_mnemonic(mn: &str, operands: &[String], regs: &Regs) -> String {
    let Some(last) = mn.chars().last() else {
        return String::new();
    };
    let want = match last {
        'b' => 8,
        'w' => 16,
        'l' => 32,
        'q' => 64,
        _ => return mn.to_string(),
    };
    let mut sizes = Vec::new();
    for o in operands {
        let kind = o.split(':').next().unwrap_or("");
        if o.starts_with("lit:") || kind == "x" || kind == "y" {
            return mn.to_string();
        }
        let size = match kind {
            "r8" | "r8x" | "m8" | "i8" => 8,
            "r16" | "m16" | "i16" | "i16i8" => 16,
            "r32" | "m32" | "i32" | "i32i8" => 32,
            "r64" | "r64tc" | "m64" | "i64" | "i64i8" | "i64i32" => 64,
            _ => match kind
                .strip_prefix('%')
                .and_then(|r| regs.index.get(&r.to_ascii_uppercase()))
            {
                Some(&i) => regs.regs[i - 1].bits as u32,
                None => 0,
            },
        };
        sizes.push(size);
    }
    if sizes.contains(&want) {
        mn[..mn.len() - 1].to_string()
    } else {
        mn.to_string()
    }
}

fn is_hex_byte(s: &str) -> bool {
    s.len() == 2
        && s.chars()
            .all(|c| c.is_ascii_hexdigit() && !c.is_ascii_lowercase())
}

/// The generated Rust sources.
pub struct Generated {
    /// Registers, classes, opcodes, descriptors, the assembler's matcher.
    pub tables: String,
    /// The instruction selector's pattern rows.
    pub patterns: String,
}

/// A description file: its name (for errors) and its text.
pub struct Source<'a> {
    pub file: &'a str,
    pub text: &'a str,
}

/// Generates the x86-64 tables from the description files.
pub fn generate(regs: Source<'_>, insts: Source<'_>, pattern_src: Source<'_>) -> Generated {
    let (reg_file, reg_text, inst_file, inst_text) = (regs.file, regs.text, insts.file, insts.text);
    let regs = parse_regs(reg_file, reg_text);
    let insts = parse_insts(inst_file, inst_text);
    let mut o = String::new();
    o.push_str(
        "// @generated by targets/build/tablegen/x86_64.rs from registers.desc and instructions.desc.\n\n",
    );

    // Registers.
    let nregs = regs.regs.len() + 1;
    o.push_str(
        "/// Register constants (index 0 is `Reg::NONE`).\npub mod regs {\n    use rcc_mc::Reg;\n",
    );
    for (i, r) in regs.regs.iter().enumerate() {
        writeln!(o, "    pub const {}: Reg = Reg({});", r.name, i + 1).unwrap();
    }
    o.push_str("}\n\n");
    writeln!(o, "/// Number of register table entries, including the none entry.\npub const NUM_REGS: usize = {nregs};").unwrap();
    writeln!(o, "/// Sub-register index names, in `SubRegIdx` order.\npub const SUBREG_INDEX_NAMES: [&str; {}] = {:?};", SUBIDX.len(), SUBIDX).unwrap();
    o.push_str("/// Per-register data.\npub static REG_INFO: [RegInfo; NUM_REGS] = [\n");
    o.push_str("    RegInfo { name: \"NoRegister\", asm: \"\", enc: 0, bits: 0, dwarf: u16::MAX, flags: RegFlags(0), subregs: [0; 5] },\n");
    let subs_of = |r: &RegDef| {
        let mut s = [0usize; 5];
        for (k, n) in &r.subs {
            s[*k] = regs.index[n];
        }
        s
    };
    for r in &regs.regs {
        writeln!(
            o,
            "    RegInfo {{ name: {:?}, asm: {:?}, enc: {}, bits: {}, dwarf: {}, flags: RegFlags({}), subregs: {:?} }},",
            r.name,
            r.asm,
            r.enc,
            r.bits,
            r.dwarf,
            r.flags,
            subs_of(r)
        )
        .unwrap();
    }
    o.push_str("];\n\n");
    // Registers by AT&T name, sorted for binary search.
    let mut by_asm: Vec<(&str, usize)> = regs
        .regs
        .iter()
        .enumerate()
        .map(|(i, r)| (r.asm.as_str(), i + 1))
        .collect();
    by_asm.sort();
    writeln!(o, "/// Registers by AT&T name (without `%`), sorted by name.\npub static REG_BY_ASM: [(&str, u16); {}] = {:?};", by_asm.len(), by_asm).unwrap();
    // Alias sets through units.
    let units: Vec<&[u32]> = regs.regs.iter().map(|r| r.units.as_slice()).collect();
    let (pool, ranges) = alias_sets(&units);
    writeln!(o, "/// Flattened alias sets; `REG_ALIAS_RANGES[r]` is `r`'s range (includes `r`).\npub static REG_ALIAS_POOL: [u16; {}] = {:?};", pool.len(), pool).unwrap();
    writeln!(o, "/// Range of each register's aliases in `REG_ALIAS_POOL`.\npub static REG_ALIAS_RANGES: [(u16, u16); NUM_REGS] = {:?};", ranges).unwrap();
    // Classes.
    o.push_str("\n/// Register class constants.\npub mod class {\n    use super::RegClass;\n");
    for (i, c) in regs.classes.iter().enumerate() {
        writeln!(o, "    pub const {}: RegClass = RegClass({i});", c.name).unwrap();
    }
    o.push_str("}\n\n");
    writeln!(o, "/// Register classes: members in allocation order.\npub static CLASSES: [RegClassInfo; {}] = [", regs.classes.len()).unwrap();
    let mut masks = vec![0u32; nregs];
    for (i, c) in regs.classes.iter().enumerate() {
        let members: Vec<String> = c.members.iter().map(|m| format!("regs::{m}")).collect();
        writeln!(
            o,
            "    RegClassInfo {{ name: {:?}, spill_size: {}, members: &[{}] }},",
            c.name,
            c.spill,
            members.join(", ")
        )
        .unwrap();
        for m in &c.members {
            masks[regs.index[m]] |= 1 << i;
        }
    }
    o.push_str("];\n");
    writeln!(o, "/// Bit `c` set iff the register is in class `c`.\npub static REG_CLASS_MASK: [u32; NUM_REGS] = {:?};\n", masks).unwrap();

    // Instructions.
    let mut by_name: HashMap<&str, usize> = HashMap::new();
    for (i, r) in insts.rows.iter().enumerate() {
        if by_name.insert(&r.name, i).is_some() {
            fail(
                inst_file,
                r.line,
                format!("duplicate instruction {}", r.name),
            );
        }
    }
    let class_of = |k: &str| -> Option<&str> {
        Some(match k {
            "r8" => "GR8",
            "r8x" => "GR8_NOREX",
            "r16" => "GR16",
            "r32" => "GR32",
            "r64" => "GR64",
            "r64tc" => "GR64_TC",
            "x" => "VR128",
            "y" => "VR256",
            "st" => "RST",
            _ => return None,
        })
    };
    o.push_str("/// Opcode constants, one per instruction form, named as in the description.\n#[allow(non_upper_case_globals)]\npub mod op {\n    use super::Opcode;\n");
    for (i, r) in insts.rows.iter().enumerate() {
        writeln!(o, "    pub const {}: Opcode = Opcode({i});", r.name).unwrap();
    }
    o.push_str("}\n\n");
    writeln!(
        o,
        "/// Number of instruction forms.\npub const NUM_OPCODES: usize = {};",
        insts.rows.len()
    )
    .unwrap();
    writeln!(o, "/// The instruction descriptors, indexed by `Opcode`.\npub static DESCS: [InstDesc; NUM_OPCODES] = [").unwrap();
    // What the pattern compiler needs of each form.
    let mut forms: Vec<Form> = Vec::new();
    for r in &insts.rows {
        let f = |m: String| -> ! { fail(inst_file, r.line, format!("{}: {m}", r.name)) };
        let mut ops = Vec::new();
        let mut idefs: Vec<String> = Vec::new();
        let mut iuses: Vec<String> = Vec::new();
        let mut has_load = false;
        let mut has_store = false;
        let mut slots = Vec::new();
        let mut has_def = false;
        for opnd in &r.operands {
            if let Some(text) = opnd.strip_prefix("lit:") {
                ops.push(format!(
                    "OperandInfo {{ kind: OpKind::Lit({text:?}), role: Role::Use }}"
                ));
                continue;
            }
            let (kind, role) = match opnd.split_once(':') {
                Some((k, r)) => (k, r),
                None => (opnd.as_str(), "r"),
            };
            let role_s = match role {
                "r" => "Role::Use",
                "w" => "Role::Def",
                "rw" => "Role::UseDef",
                _ => f(format!("bad role {role}")),
            };
            let imm = |k: ImmKind| (format!("OpKind::Imm(ImmKind::{k:?})"), Some(Slot::Imm(k)));
            let (kind_s, slot) = if let Some(c) = class_of(kind) {
                has_def |= role != "r";
                let slot = (role != "w").then_some(Slot::Reg);
                (format!("OpKind::Reg(class::{c})"), slot)
            } else if let Some(reg) = kind.strip_prefix('%') {
                let up = reg.to_ascii_uppercase();
                if !regs.index.contains_key(&up) {
                    f(format!("unknown fixed register {reg}"));
                }
                if role != "w" {
                    iuses.push(up.clone());
                }
                if role != "r" {
                    idefs.push(up.clone());
                }
                (format!("OpKind::Fixed(regs::{up})"), None)
            } else if let Some(sz) = kind.strip_prefix('m').filter(|_| kind != "moffs") {
                let size = match sz {
                    "" => "Any",
                    "8" => "B8",
                    "16" => "B16",
                    "32" => "B32",
                    "64" => "B64",
                    "80" => "B80",
                    "128" => "B128",
                    "256" => "B256",
                    _ => f(format!("bad memory kind {kind}")),
                };
                if !sz.is_empty() {
                    has_load |= role != "w";
                    has_store |= role != "r";
                }
                (
                    format!("OpKind::Mem(MemSize::{size})"),
                    Some(Slot::Mem {
                        address_only: sz.is_empty(),
                    }),
                )
            } else {
                match kind {
                    "i8" => imm(ImmKind::I8),
                    "i16" => imm(ImmKind::I16),
                    "i32" => imm(ImmKind::I32),
                    "i64" => imm(ImmKind::I64),
                    "i16i8" => imm(ImmKind::I16I8),
                    "i32i8" => imm(ImmKind::I32I8),
                    "i64i8" => imm(ImmKind::I64I8),
                    "i64i32" => imm(ImmKind::I64I32),
                    "u8" => imm(ImmKind::U8),
                    "rel8" => ("OpKind::Rel(1)".into(), Some(Slot::Block)),
                    "rel32" => ("OpKind::Rel(4)".into(), Some(Slot::Block)),
                    // Taken by patterns as 32-bit immediates.
                    "moffs" => ("OpKind::MemOffs".into(), Some(Slot::Imm(ImmKind::I32))),
                    "cc" => ("OpKind::Cond".into(), Some(Slot::Cond)),
                    "fcc" => ("OpKind::FCond".into(), Some(Slot::Imm(ImmKind::I32))),
                    _ => f(format!("unknown operand kind {kind}")),
                }
            };
            slots.extend(slot);
            ops.push(format!("OperandInfo {{ kind: {kind_s}, role: {role_s} }}"));
        }
        let mc_ops = r
            .operands
            .iter()
            .filter(|o| !o.starts_with("lit:") && !o.starts_with('%'))
            .count();
        if mc_ops > 4 {
            f("more than MCInst::MAX_OPERANDS operands".into());
        }
        // Encoding.
        let mut opcode: Vec<String> = Vec::new();
        let mut map = "OneByte";
        let mut form: Option<String> = None;
        let mut enc_flags: Vec<&str> = Vec::new();
        let mut prefix = "None";
        for e in &r.enc {
            let e = e.as_str();
            if is_hex_byte(e) {
                opcode.push(format!("0x{e}"));
                continue;
            }
            match e {
                "TB" => map = "TB",
                "T38" => map = "T38",
                "T3A" => map = "T3A",
                "PD" => prefix = "PD",
                "XS" => prefix = "XS",
                "XD" => prefix = "XD",
                "OpSize16" | "REX_W" | "VEX" | "VEX_4V" | "VEX_L" | "VEX_W" | "Is4" | "LOCK"
                | "NOTRACK" => enc_flags.push(e),
                "RawFrm" | "AddRegFrm" | "MRMDestReg" | "MRMDestMem" | "MRMSrcReg"
                | "MRMSrcMem" | "Pseudo" => form = Some(e.to_string()),
                _ => {
                    if let Some(d) = e
                        .strip_prefix("MRM")
                        .and_then(|s| s.strip_suffix('r'))
                        .and_then(|s| s.parse::<u8>().ok())
                    {
                        form = Some(format!("MRMr({d})"));
                    } else if let Some(d) = e
                        .strip_prefix("MRM")
                        .and_then(|s| s.strip_suffix('m'))
                        .and_then(|s| s.parse::<u8>().ok())
                    {
                        form = Some(format!("MRMm({d})"));
                    } else {
                        f(format!("unknown encoding token {e}"));
                    }
                }
            }
        }
        let form = form.unwrap_or_else(|| f("no form".into()));
        if form == "Pseudo" {
            if !opcode.is_empty() {
                f("a pseudo has no opcode bytes".into());
            }
        } else if opcode.is_empty() || opcode.len() > 3 {
            f("wants 1..3 opcode bytes".into());
        }
        let enc_s = if enc_flags.is_empty() {
            "0".to_string()
        } else {
            enc_flags
                .iter()
                .map(|e| format!("enc::{}", e.to_ascii_uppercase()))
                .collect::<Vec<_>>()
                .join(" | ")
        };
        // Attributes.
        let mut flags: Vec<&str> = Vec::new();
        let mut relax = "u16::MAX".to_string();
        let mut imm1 = "u16::MAX".to_string();
        let mut feature = "Feature::Base";
        let mut intel_explicit: Option<String> = None;
        let mut key = String::new();
        for a in &r.attrs {
            for piece in a.split(',') {
                let v = match piece.split_once('=') {
                    Some((k, v)) => {
                        key = k.to_string();
                        v
                    }
                    None if !key.is_empty() => piece,
                    None => {
                        let fl = match piece {
                            "commutable" => "COMMUTABLE",
                            "terminator" => "TERMINATOR",
                            "branch" => "BRANCH",
                            "indirect" => "INDIRECT",
                            "call" => "CALL",
                            "return" => "RETURN",
                            "barrier" => "BARRIER",
                            "remat" => "REMAT",
                            "cheap" => "CHEAP_AS_MOVE",
                            "side" => "SIDE_EFFECTS",
                            "gotrelax" => "GOT_RELAX",
                            "prefix" => "PREFIX",
                            "load" => {
                                has_load = true;
                                continue;
                            }
                            "store" => {
                                has_store = true;
                                continue;
                            }
                            _ => f(format!("unknown attribute {piece}")),
                        };
                        flags.push(fl);
                        continue;
                    }
                };
                let reg_of = |v: &str| {
                    if !regs.index.contains_key(v) {
                        f(format!("unknown register {v}"));
                    }
                    v.to_string()
                };
                match key.as_str() {
                    "def" => idefs.push(reg_of(v)),
                    "use" => iuses.push(reg_of(v)),
                    "relax" => {
                        let t = by_name
                            .get(v)
                            .unwrap_or_else(|| f(format!("unknown relax target {v}")));
                        relax = t.to_string();
                    }
                    "imm1" => {
                        let t = by_name
                            .get(v)
                            .unwrap_or_else(|| f(format!("unknown imm1 target {v}")));
                        imm1 = t.to_string();
                    }
                    "feat" => {
                        feature = match v {
                            "sse3" => "Feature::Sse3",
                            "ssse3" => "Feature::Ssse3",
                            "sse41" => "Feature::Sse41",
                            "sse42" => "Feature::Sse42",
                            "avx" => "Feature::Avx",
                            "avx2" => "Feature::Avx2",
                            "popcnt" => "Feature::Popcnt",
                            "lzcnt" => "Feature::Lzcnt",
                            "bmi" => "Feature::Bmi",
                            "cx16" => "Feature::Cx16",
                            _ => f(format!("unknown feature {v}")),
                        }
                    }
                    "alt" => {}
                    "intel" => intel_explicit = Some(v.to_string()),
                    _ => f(format!("unknown attribute key {key}")),
                }
            }
            key.clear();
        }
        let intel =
            intel_explicit.unwrap_or_else(|| intel_mnemonic(&r.mnemonic, &r.operands, &regs));
        if has_load {
            flags.push("MAY_LOAD");
        }
        if has_store {
            flags.push("MAY_STORE");
        }
        let flags_s = if flags.is_empty() {
            "0".to_string()
        } else {
            flags
                .iter()
                .map(|x| format!("iflag::{x}"))
                .collect::<Vec<_>>()
                .join(" | ")
        };
        let dedup = |v: &mut Vec<String>| {
            let mut seen = BTreeSet::new();
            v.retain(|x| seen.insert(x.clone()));
        };
        dedup(&mut idefs);
        dedup(&mut iuses);
        forms.push(Form {
            name: r.name.clone(),
            slots,
            has_def,
            defs_flags: idefs.iter().any(|x| x == "EFLAGS"),
            uses_flags: iuses.iter().any(|x| x == "EFLAGS"),
        });
        let rl = |v: &[String]| {
            v.iter()
                .map(|x| format!("regs::{x}"))
                .collect::<Vec<_>>()
                .join(", ")
        };
        writeln!(
            o,
            "    InstDesc {{ name: {:?}, mnemonic: {:?}, intel: {intel:?}, num_mc_operands: {mc_ops}, operands: &[{}], opcode: &[{}], map: OpMap::{map}, prefix: Prefix::{prefix}, form: Form::{form}, enc: {enc_s}, flags: {flags_s}, implicit_defs: &[{}], implicit_uses: &[{}], relax_to: Opcode({relax}), imm1_form: Opcode({imm1}), feature: {feature}, group: {:?} }},",
            r.name,
            r.mnemonic,
            ops.join(", "),
            opcode.join(", "),
            rl(&idefs),
            rl(&iuses),
            r.group
        )
        .unwrap();
    }
    o.push_str("];\n\n");

    // Memory-operand folding table.
    let folds = super::x86_64_folds::derive(&insts.rows);
    writeln!(o, "/// Memory-operand folding: register form, descriptor operand index, memory form, bytes accessed, kind; sorted by (register form, operand).\npub static FOLD_TABLE: [FoldEntry; {}] = [", folds.len()).unwrap();
    for fo in &folds {
        let kind = match fo.role {
            "w" => "Store",
            "rw" => "ReadModifyWrite",
            _ => "Load",
        };
        writeln!(
            o,
            "    FoldEntry {{ reg_form: op::{}, operand: {}, mem_form: op::{}, bytes: {}, kind: FoldKind::{kind} }},",
            insts.rows[fo.reg_form].name, fo.operand, insts.rows[fo.mem_form].name, fo.bytes
        )
        .unwrap();
    }
    o.push_str("];\n\n");
    // Its inverse for loads (LLVM's unfolding table): memory form -> the
    // FOLD_TABLE entry that loads, one per memory form (the first register
    // form in table order), sorted by memory form.
    let mut unfold: Vec<(usize, usize)> = folds
        .iter()
        .enumerate()
        .filter(|(_, fo)| fo.role == "r")
        .map(|(k, fo)| (fo.mem_form, k))
        .collect();
    unfold.sort_unstable();
    unfold.dedup_by_key(|&mut (m, _)| m);
    writeln!(o, "/// Load unfolding: for each memory form that a load fold produces, its index in [`FOLD_TABLE`]; sorted by memory form.\npub static UNFOLD_TABLE: [u16; {}] = [", unfold.len()).unwrap();
    for (_, k) in &unfold {
        writeln!(o, "    {k},").unwrap();
    }
    o.push_str("];\n\n");

    // Matcher table: mnemonic -> opcodes in priority order; patterns with
    // {cc}/{fcc} go into a separate table keyed by (prefix, suffix).
    let mut table: BTreeMap<String, Vec<usize>> = BTreeMap::new();
    let mut patterns: BTreeMap<(String, String, bool), Vec<usize>> = BTreeMap::new();
    let mut alts: Vec<(String, usize)> = Vec::new();
    for (i, r) in insts.rows.iter().enumerate() {
        // Locked and notrack forms are written `lock`/`notrack` + the plain
        // form in assembly;
        // pseudos are never written.
        if r.enc
            .iter()
            .any(|e| e == "LOCK" || e == "NOTRACK" || e == "Pseudo")
        {
            continue;
        }
        let m = &r.mnemonic;
        if let Some((p, s)) = m.split_once("{cc}") {
            patterns
                .entry((p.to_string(), s.to_string(), false))
                .or_default()
                .push(i);
        } else if let Some((p, s)) = m.split_once("{fcc}") {
            patterns
                .entry((p.to_string(), s.to_string(), true))
                .or_default()
                .push(i);
        } else {
            table.entry(m.clone()).or_default().push(i);
        }
        for a in &r.attrs {
            if let Some(alt) = a.strip_prefix("alt=") {
                alts.push((alt.to_string(), i));
            }
        }
    }
    for (alt, i) in alts {
        table.entry(alt).or_default().push(i);
    }
    writeln!(o, "/// Assembler matcher table: mnemonic -> forms in priority order, sorted by mnemonic.\npub static MATCH_TABLE: [(&str, &[u16]); {}] = [", table.len()).unwrap();
    for (m, v) in &table {
        writeln!(o, "    ({m:?}, &{v:?}),").unwrap();
    }
    o.push_str("];\n");
    writeln!(o, "/// Mnemonics with an embedded condition: (prefix, suffix, is SSE predicate, forms).\npub static MATCH_PATTERNS: [(&str, &str, bool, &[u16]); {}] = [", patterns.len()).unwrap();
    for ((p, s, fcc), v) in &patterns {
        writeln!(o, "    ({p:?}, {s:?}, {fcc}, &{v:?}),").unwrap();
    }
    o.push_str("];\n");
    let mut aliases = insts.aliases.clone();
    aliases.sort();
    writeln!(o, "/// Mnemonic aliases (from, to), sorted by `from`.\npub static MNEMONIC_ALIASES: [(&str, &str); {}] = {:?};", aliases.len(), aliases).unwrap();
    let vocab = x86_64_patterns::Vocabulary {
        forms: &forms,
        regs: regs
            .regs
            .iter()
            .map(|r| (r.asm.as_str(), r.name.as_str()))
            .collect(),
        subregs: &SUBIDX,
    };
    let patterns = x86_64_patterns::compile(pattern_src.file, pattern_src.text, &vocab);
    Generated {
        tables: o,
        patterns,
    }
}
