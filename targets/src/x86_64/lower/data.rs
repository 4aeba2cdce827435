//! A function's read-only data: its constant pool (before the function)
//! and its jump tables (after it), as llc lays them out on ELF.
//!
//! - A constant of 4, 8, 16 or 32 bytes goes to the mergeable section
//!   `.rodata.cst<size>` (flags `aM`, entry size = its size), anything else
//!   to `.rodata`; sections appear in the order of their first entry and
//!   entries keep pool order within a section. Each entry is aligned and
//!   labelled `.LCPI<F>_<n>`; its bytes are written as `.quad`/`.long`
//!   words when the size allows.
//! - Jump tables go to `.rodata` (with `-function-sections`,
//!   `.rodata.<function>` in its COMDAT group) labelled `.LJTI<F>_<n>`:
//!   4-byte `.LBB - .LJTI` differences with PIC, 8-byte block addresses
//!   without.

use super::{EmitContext, EmitError, FnEmitter};
use rcc_mach::symbols::{const_pool_label, jump_table_label};
use rcc_mach::MachFunction;
use rcc_mc::section::{shf, sht};
use rcc_mc::{BinOp, Expr, SectionId, Streamer, VariantKind};

/// The section of a constant of `size` bytes.
fn const_section(s: &mut dyn Streamer, size: usize) -> SectionId {
    match size {
        4 | 8 | 16 | 32 => s.ctx().section(
            &format!(".rodata.cst{size}"),
            sht::PROGBITS,
            shf::ALLOC | shf::MERGE,
            size as u64,
            None,
        ),
        _ => s
            .ctx()
            .section(".rodata", sht::PROGBITS, shf::ALLOC, 0, None),
    }
}

/// Writes `bytes` as 8- or 4-byte little-endian words when they divide
/// evenly, else as bytes.
fn emit_words(s: &mut dyn Streamer, bytes: &[u8]) -> Result<(), rcc_mc::McError> {
    let word = if bytes.len().is_multiple_of(8) {
        8
    } else if bytes.len().is_multiple_of(4) {
        4
    } else {
        return s.emit_bytes(bytes);
    };
    for w in bytes.chunks(word) {
        let mut v = [0u8; 8];
        v[..word].copy_from_slice(w);
        let e = s.ctx().exprs.constant(i64::from_le_bytes(v));
        s.emit_value(e, word as u8)?;
    }
    Ok(())
}

/// Emits the constant pool of `mf` (nothing if it is empty).
pub fn emit_constant_pool(
    mf: &MachFunction,
    cx: EmitContext<'_>,
    s: &mut dyn Streamer,
) -> Result<(), EmitError> {
    let e = FnEmitter::new(cx, mf);
    let mut done = vec![false; mf.const_pool.len()];
    for first in 0..mf.const_pool.len() {
        if done[first] {
            continue;
        }
        let size = mf.const_pool[first].bytes.len();
        let sec = const_section(s, size);
        s.switch_section(sec);
        for (n, c) in mf.const_pool.iter().enumerate().skip(first) {
            if done[n] || const_section(s, c.bytes.len()) != sec {
                continue;
            }
            done[n] = true;
            let label = s.ctx().symbol(&const_pool_label(cx.fn_number, n as u32));
            s.emit_align(u64::from(c.align.max(1)), Some(0), u64::MAX)
                .and_then(|_| s.emit_label(label))
                .and_then(|_| emit_words(s, c.bytes.get(&mf.const_bytes)))
                .map_err(|x| e.mc(x))?;
        }
    }
    Ok(())
}

/// The section of `mf`'s jump tables: `.rodata`, or with
/// `-function-sections` `.rodata.<name>` in the function's COMDAT group
/// (llc's `getSectionForJumpTable`).
fn jump_table_section(mf: &MachFunction, cx: EmitContext<'_>, s: &mut dyn Streamer) -> SectionId {
    if !cx.emitter.options().function_sections {
        return s
            .ctx()
            .section(".rodata", sht::PROGBITS, shf::ALLOC, 0, None);
    }
    let name = format!(".rodata.{}", cx.emitter.symbol_name(mf.func));
    let group = cx.emitter.comdat_group(mf.func).map(|g| s.ctx().symbol(&g));
    let flags = shf::ALLOC | if group.is_some() { shf::GROUP } else { 0 };
    s.ctx().section(&name, sht::PROGBITS, flags, 0, group)
}

/// Emits the jump tables of `mf` (nothing if it has none).
pub fn emit_jump_tables(
    mf: &MachFunction,
    cx: EmitContext<'_>,
    s: &mut dyn Streamer,
) -> Result<(), EmitError> {
    if mf.jump_tables.is_empty() {
        return Ok(());
    }
    let e = FnEmitter::new(cx, mf);
    let sec = jump_table_section(mf, cx, s);
    s.switch_section(sec);
    let entry: u8 = if cx.pic { 4 } else { 8 };
    for (n, t) in mf.jump_tables.iter().enumerate() {
        let label = s.ctx().symbol(&jump_table_label(cx.fn_number, n as u32));
        s.emit_align(u64::from(entry), Some(0), u64::MAX)
            .and_then(|_| s.emit_label(label))
            .map_err(|x| e.mc(x))?;
        for &b in t.get(&mf.jt_pool) {
            let target = e.block_sym(s, b)?;
            let ctx = s.ctx();
            let mut v = ctx.sym_ref(target, VariantKind::None);
            if cx.pic {
                let base = ctx.sym_ref(label, VariantKind::None);
                v = ctx.expr(Expr::Binary(BinOp::Sub, v, base));
            }
            s.emit_value(v, entry).map_err(|x| e.mc(x))?;
        }
    }
    Ok(())
}
