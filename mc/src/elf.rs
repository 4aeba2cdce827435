//! The ELF64 relocatable object writer (little-endian, x86-64 style RELA).
//!
//! Output layout: ELF header, section contents (each at its alignment),
//! section header table. Section header order: null, then for each section
//! in creation order its COMDAT `.group` (before the group's first member),
//! the section and its `.rela` section; then `.llvm_addrsig` and `.symtab`.
//! One `.strtab` (section 1, as llvm-mc does) holds symbol and section names.
//!
//! Symbol table order: null, `STT_FILE` symbols, section symbols that
//! relocations need, other locals, then globals and weaks (as ELF requires,
//! `sh_info` of `.symtab` is the first non-local index). A COMDAT signature
//! nothing defines or refers to is a local symbol of its `.group` section.
//! `.llvm_addrsig` lists the address-significant symbols that are in the
//! table for another reason (a temporary label by its section's symbol). Relocations against
//! local labels are rewritten against their section symbol unless the
//! relocation type needs the symbol (GOT/TLS) or the section is mergeable
//! and the addend is non-zero (unless the label is a section-start label,
//! `SymbolType::Section`, used for `section + offset` references) (a linker merging strings cannot tell which
//! string `section+offset` meant).

use crate::context::MCContext;
use crate::expr::SymbolId;
use crate::section::{shf, sht, SectionId};
use crate::symbol::{Binding, SymbolType, Visibility};
use crate::target::TargetBackend;
use ahash::AHashMap as HashMap;
use rcc_ir::entity::EntityId;

/// A relocation before symbol-table assignment.
#[derive(Clone, Debug)]
pub struct ElfReloc {
    pub offset: u64,
    pub sym: SymbolId,
    pub ty: u32,
    /// Full addend (expression constant + fixup addend).
    pub addend: i64,
}

/// Where a symbol's value lives.
#[derive(Copy, Clone, Debug)]
pub enum SymSection {
    Undefined,
    Absolute,
    Common,
    Section(SectionId),
}

/// A symbol's final value.
#[derive(Copy, Clone, Debug)]
pub struct SymValue {
    pub section: SymSection,
    pub value: u64,
    pub size: u64,
    /// The ELF type (for `.set` symbols, merged with their base's).
    pub ty: SymbolType,
}

/// Everything the writer needs.
pub struct ElfInput<'a> {
    pub ctx: &'a MCContext,
    pub contents: &'a [Vec<u8>],
    pub sizes: &'a [u64],
    pub relocs: &'a [Vec<ElfReloc>],
    pub symbol_values: &'a [SymValue],
    pub file_names: &'a [String],
    pub addrsig: bool,
    pub target: &'a dyn TargetBackend,
}

struct OutSection {
    name_off: u32,
    sh_type: u32,
    flags: u64,
    size: u64,
    link: u32,
    info: u32,
    align: u64,
    entsize: u64,
    data: Vec<u8>,
}

struct StrTab {
    data: Vec<u8>,
    map: HashMap<String, u32>,
}

impl StrTab {
    fn add(&mut self, s: &str) -> u32 {
        if s.is_empty() {
            return 0;
        }
        if let Some(&o) = self.map.get(s) {
            return o;
        }
        let o = self.data.len() as u32;
        self.data.extend_from_slice(s.as_bytes());
        self.data.push(0);
        self.map.insert(s.to_string(), o);
        o
    }
}

/// Writes the object file.
pub fn write(inp: &ElfInput<'_>) -> Vec<u8> {
    let ctx = inp.ctx;
    let nsec = ctx.sections.len();
    let mut strtab = StrTab {
        data: vec![0],
        map: HashMap::new(),
    };

    // Which symbols need to be in the table, and relocation targets.
    let mut needed = vec![false; ctx.symbols.len()];
    let mut tls = vec![false; ctx.symbols.len()];
    for r in inp.relocs.iter().flatten() {
        if inp.target.reloc_is_tls(r.ty) {
            tls[r.sym.index()] = true;
        }
    }
    let mut sec_sym_needed = vec![false; nsec];
    // Per relocation: Ok(symbol) or Err(section), and the adjusted addend.
    let mut reloc_targets: Vec<Vec<(Result<SymbolId, SectionId>, i64)>> = Vec::with_capacity(nsec);
    for rs in inp.relocs {
        let mut v = Vec::with_capacity(rs.len());
        for r in rs {
            let sym = &ctx.symbols[r.sym];
            let val = inp.symbol_values[r.sym.index()];
            let target = match val.section {
                SymSection::Section(s)
                    if sym.binding == Binding::Local
                        && sym.ty != SymbolType::GnuIndirectFunc
                        && !inp.target.reloc_needs_symbol(r.ty) =>
                {
                    let merge = ctx.sections[s].flags & shf::MERGE != 0;
                    if merge && r.addend != 0 && sym.ty != SymbolType::Section {
                        needed[r.sym.index()] = true;
                        (Ok(r.sym), r.addend)
                    } else {
                        sec_sym_needed[s.index()] = true;
                        (Err(s), r.addend + val.value as i64)
                    }
                }
                _ => {
                    needed[r.sym.index()] = true;
                    (Ok(r.sym), r.addend)
                }
            };
            v.push(target);
        }
        reloc_targets.push(v);
    }
    for (id, sym) in ctx.symbols.iter() {
        let val = inp.symbol_values[id.index()];
        let defined = !matches!(val.section, SymSection::Undefined);
        if sym.temporary {
            continue;
        }
        if defined || sym.binding != Binding::Local || sym.used {
            needed[id.index()] = true;
        }
    }
    // An address-significant temporary label is represented by its
    // section's symbol.
    if inp.addrsig {
        for (id, sym) in ctx.symbols.iter() {
            if let (true, true, SymSection::Section(s)) = (
                sym.addrsig,
                sym.temporary,
                inp.symbol_values[id.index()].section,
            ) {
                sec_sym_needed[s.index()] = true;
            }
        }
    }
    // Group signatures must be in the table.
    for (_, s) in ctx.sections.iter() {
        if let Some(g) = s.group.expand() {
            needed[g.index()] = true;
        }
    }

    // Section header indices.
    let mut groups: Vec<(SymbolId, Vec<usize>)> = Vec::new();
    for (sid, s) in ctx.sections.iter() {
        if let Some(g) = s.group.expand() {
            match groups.iter_mut().find(|(gs, _)| *gs == g) {
                Some((_, m)) => m.push(sid.index()),
                None => groups.push((g, vec![sid.index()])),
            }
        }
    }
    let mut shndx = vec![0u32; nsec];
    let mut rela_idx = vec![0u32; nsec];
    let mut groups_numbered: Vec<SymbolId> = Vec::new();
    // As llvm-mc: .strtab is section 1, .symtab the last.
    let strtab_idx = 1u32;
    let mut next = 2u32;
    // Header index of each group's `.group` section, by signature.
    let mut group_shndx: HashMap<SymbolId, u32> = HashMap::new();
    for (sid, s) in ctx.sections.iter() {
        if let Some(g) = s.group.expand() {
            if !groups_numbered.contains(&g) {
                groups_numbered.push(g);
                group_shndx.insert(g, next);
                next += 1;
            }
        }
        shndx[sid.index()] = next;
        next += 1;
        if !inp.relocs[sid.index()].is_empty() {
            rela_idx[sid.index()] = next;
            next += 1;
        }
    }
    let addrsig_idx = if inp.addrsig {
        next += 1;
        next - 1
    } else {
        0
    };
    let symtab_idx = next;
    let shnum = next + 1;

    // Symbol table.
    let mut symtab: Vec<u8> = vec![0; 24];
    let mut sym_index: Vec<u32> = vec![0; ctx.symbols.len()];
    let mut sec_sym_index = vec![0u32; nsec];
    let mut nsyms = 1u32;
    let mut push_sym =
        |symtab: &mut Vec<u8>, name: u32, info: u8, other: u8, shn: u16, value: u64, size: u64| {
            symtab.extend_from_slice(&name.to_le_bytes());
            symtab.push(info);
            symtab.push(other);
            symtab.extend_from_slice(&shn.to_le_bytes());
            symtab.extend_from_slice(&value.to_le_bytes());
            symtab.extend_from_slice(&size.to_le_bytes());
            nsyms += 1;
            nsyms - 1
        };
    for f in inp.file_names {
        let n = strtab.add(f);
        push_sym(&mut symtab, n, 4, 0, 0xfff1, 0, 0);
    }
    for si in 0..nsec {
        if sec_sym_needed[si] {
            sec_sym_index[si] = push_sym(&mut symtab, 0, 3, 0, shndx[si] as u16, 0, 0);
        }
    }
    let mut in_reloc = vec![false; ctx.symbols.len()];
    for r in inp.relocs.iter().flatten() {
        in_reloc[r.sym.index()] = true;
    }
    let sym_entry = |id: SymbolId| {
        let sym = &ctx.symbols[id];
        let val = inp.symbol_values[id.index()];
        // As llvm-mc: a group signature that nothing defines, binds or
        // relocates against is a local symbol of its `.group` section.
        if matches!(val.section, SymSection::Undefined)
            && sym.binding == Binding::Local
            && !sym.explicit_local
            && !in_reloc[id.index()]
        {
            if let Some(&gi) = group_shndx.get(&id) {
                return (0u8, 0u8, 0u8, gi as u16, 0, 0);
            }
        }
        let ty = match val.ty {
            SymbolType::NoType if tls[id.index()] => 6,
            SymbolType::NoType => 0,
            SymbolType::Object => 1,
            SymbolType::Func => 2,
            SymbolType::Section => 3,
            SymbolType::File => 4,
            SymbolType::Tls => 6,
            SymbolType::GnuIndirectFunc => 10,
        };
        let undefined = matches!(val.section, SymSection::Undefined);
        let bind = match sym.binding {
            Binding::Local if undefined => 1,
            Binding::Local => 0,
            Binding::Global => 1,
            Binding::Weak => 2,
        };
        let other = match sym.visibility {
            Visibility::Default => 0,
            Visibility::Internal => 1,
            Visibility::Hidden => 2,
            Visibility::Protected => 3,
        };
        let shn = match val.section {
            SymSection::Undefined => 0,
            SymSection::Absolute => 0xfff1,
            SymSection::Common => 0xfff2,
            SymSection::Section(s) => shndx[s.index()] as u16,
        };
        (bind, (bind << 4) | ty, other, shn, val.value, val.size)
    };
    for pass_local in [true, false] {
        for (id, sym) in ctx.symbols.iter() {
            if !needed[id.index()] {
                continue;
            }
            let (bind, info, other, shn, value, size) = sym_entry(id);
            if (bind == 0) != pass_local {
                continue;
            }
            let n = strtab.add(&sym.name);
            sym_index[id.index()] = push_sym(&mut symtab, n, info, other, shn, value, size);
        }
    }
    let first_global = {
        let mut i = 1;
        while i < nsyms && symtab[i as usize * 24 + 4] >> 4 == 0 {
            i += 1;
        }
        i
    };

    // Output sections in header order; .strtab's contents are filled in last.
    let mut out: Vec<OutSection> = vec![OutSection {
        name_off: 0,
        sh_type: sht::STRTAB,
        flags: 0,
        size: 0,
        link: 0,
        info: 0,
        align: 1,
        entsize: 0,
        data: Vec::new(),
    }];
    let mut emitted_groups: Vec<SymbolId> = Vec::new();
    for (sid, s) in ctx.sections.iter() {
        let si = sid.index();
        if let Some(g) = s.group.expand() {
            if !emitted_groups.contains(&g) {
                emitted_groups.push(g);
                let members = &groups
                    .iter()
                    .find(|(gs, _)| *gs == g)
                    .expect("group recorded")
                    .1;
                let mut data = 1u32.to_le_bytes().to_vec();
                for &m in members {
                    data.extend_from_slice(&shndx[m].to_le_bytes());
                    if rela_idx[m] != 0 {
                        data.extend_from_slice(&rela_idx[m].to_le_bytes());
                    }
                }
                out.push(OutSection {
                    name_off: strtab.add(".group"),
                    sh_type: sht::GROUP,
                    flags: 0,
                    size: data.len() as u64,
                    link: symtab_idx,
                    info: sym_index[g.index()],
                    align: 4,
                    entsize: 4,
                    data,
                });
            }
        }
        out.push(OutSection {
            name_off: strtab.add(&s.name),
            sh_type: s.sh_type,
            flags: s.flags,
            size: inp.sizes[si],
            link: s.link.expand().map_or(0, |l| shndx[l.index()]),
            info: 0,
            align: s.align,
            entsize: s.entsize,
            data: inp.contents[si].clone(),
        });
        if rela_idx[si] != 0 {
            let mut data = Vec::with_capacity(inp.relocs[si].len() * 24);
            for (r, (t, addend)) in inp.relocs[si].iter().zip(&reloc_targets[si]) {
                let symi = match t {
                    Ok(s) => sym_index[s.index()],
                    Err(sec) => sec_sym_index[sec.index()],
                };
                data.extend_from_slice(&r.offset.to_le_bytes());
                data.extend_from_slice(&((u64::from(symi) << 32) | u64::from(r.ty)).to_le_bytes());
                data.extend_from_slice(&addend.to_le_bytes());
            }
            out.push(OutSection {
                name_off: strtab.add(&format!(".rela{}", s.name)),
                sh_type: sht::RELA,
                flags: shf::INFO_LINK | (s.flags & shf::GROUP),
                size: data.len() as u64,
                link: symtab_idx,
                info: shndx[si],
                align: 8,
                entsize: 24,
                data,
            });
        }
    }
    if addrsig_idx != 0 {
        let mut data = Vec::new();
        for (id, sym) in ctx.symbols.iter() {
            let index = match inp.symbol_values[id.index()].section {
                SymSection::Section(s) if sym.temporary => sec_sym_index[s.index()],
                _ => sym_index[id.index()],
            };
            if sym.addrsig && index != 0 {
                let mut v = u64::from(index);
                loop {
                    let b = (v & 0x7f) as u8;
                    v >>= 7;
                    data.push(if v == 0 { b } else { b | 0x80 });
                    if v == 0 {
                        break;
                    }
                }
            }
        }
        out.push(OutSection {
            name_off: strtab.add(".llvm_addrsig"),
            sh_type: sht::LLVM_ADDRSIG,
            flags: shf::EXCLUDE,
            size: data.len() as u64,
            link: symtab_idx,
            info: 0,
            align: 1,
            entsize: 0,
            data,
        });
    }
    out.push(OutSection {
        name_off: strtab.add(".symtab"),
        sh_type: sht::SYMTAB,
        flags: 0,
        size: symtab.len() as u64,
        link: strtab_idx,
        info: first_global,
        align: 8,
        entsize: 24,
        data: symtab,
    });
    out[0].name_off = strtab.add(".strtab");
    out[0].size = strtab.data.len() as u64;
    out[0].data = std::mem::take(&mut strtab.data);
    debug_assert_eq!(out.len() as u32 + 1, shnum);

    // File layout.
    let mut file = vec![0u8; 64];
    let mut offsets = Vec::with_capacity(out.len());
    for s in &out {
        let a = s.align.max(1) as usize;
        while !file.len().is_multiple_of(a) {
            file.push(0);
        }
        offsets.push(file.len() as u64);
        file.extend_from_slice(&s.data);
    }
    while !file.len().is_multiple_of(8) {
        file.push(0);
    }
    let shoff = file.len() as u64;
    file.extend_from_slice(&[0; 64]);
    for (s, off) in out.iter().zip(&offsets) {
        let mut h = Vec::with_capacity(64);
        h.extend_from_slice(&s.name_off.to_le_bytes());
        h.extend_from_slice(&s.sh_type.to_le_bytes());
        h.extend_from_slice(&s.flags.to_le_bytes());
        h.extend_from_slice(&0u64.to_le_bytes());
        h.extend_from_slice(&off.to_le_bytes());
        h.extend_from_slice(&s.size.to_le_bytes());
        h.extend_from_slice(&s.link.to_le_bytes());
        h.extend_from_slice(&s.info.to_le_bytes());
        h.extend_from_slice(&s.align.max(1).to_le_bytes());
        h.extend_from_slice(&s.entsize.to_le_bytes());
        file.extend_from_slice(&h);
    }
    // ELF header.
    let mut hdr = Vec::with_capacity(64);
    hdr.extend_from_slice(&[0x7f, b'E', b'L', b'F', 2, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
    hdr.extend_from_slice(&1u16.to_le_bytes());
    hdr.extend_from_slice(&inp.target.elf_machine().to_le_bytes());
    hdr.extend_from_slice(&1u32.to_le_bytes());
    hdr.extend_from_slice(&0u64.to_le_bytes());
    hdr.extend_from_slice(&0u64.to_le_bytes());
    hdr.extend_from_slice(&shoff.to_le_bytes());
    hdr.extend_from_slice(&0u32.to_le_bytes());
    hdr.extend_from_slice(&64u16.to_le_bytes());
    hdr.extend_from_slice(&0u16.to_le_bytes());
    hdr.extend_from_slice(&0u16.to_le_bytes());
    hdr.extend_from_slice(&64u16.to_le_bytes());
    hdr.extend_from_slice(&(shnum as u16).to_le_bytes());
    hdr.extend_from_slice(&(strtab_idx as u16).to_le_bytes());
    file[..64].copy_from_slice(&hdr);
    file
}
