//! The exception table (LSDA, `.gcc_except_table`) of a function and the
//! personality/LSDA directives of its frame, as llc-19's `EHStreamer` and
//! `DwarfCFIException` write them for x86-64 ELF.
//!
//! Encodings: in PIC the personality is reached through the hidden
//! `DW.ref.<name>` word (`.cfi_personality 155`), the LSDA PC-relative
//! (`.cfi_lsda 27`) and type infos through `.L<name>.DW.stub` words
//! (TType 155); without PIC all three are absolute `udata4` (3). The
//! module emitter writes the stubs and `DW.ref` words
//! ([`ExceptionRefs`]).
//!
//! Table layout: header (`@LPStart` omitted, TType encoding and the offset
//! to the type table when there are type infos or filters), the call-site
//! table in ULEB128 (one entry per invoke range, merged when pad and
//! action agree, plus "no landing pad" entries covering calls that may
//! throw between them), the action table, the type infos last id first,
//! the filter lists. Type ids, filters and actions follow LLVM's
//! numbering (clauses last to first; pads sorted by their type-id lists
//! when sharing action records), so `llvm.eh.typeid.for` agrees with the
//! table.
//!
//! Invariants: labels named here are the function's `EH_LABEL`s,
//! `.Lfunc_begin<F>` (emitted by the body when the function has landing
//! pads) and `.Lfunc_end<F>`.

use super::{EmitContext, EmitError, FnEmitter};
use crate::x86_64::X86Info;
use rcc_ir::entity::PackedOption;
use rcc_ir::GlobalId;
use rcc_mach::eh::{
    emitted_personality, is_nounwind, label_of, EhClauseKind, ExceptionRefs, LabelRole,
};
use rcc_mach::symbols::{
    eh_label, exception_label, func_begin_label, func_end_label, type_info_stub,
};
use rcc_mach::{iflag, MOpc, MachFunction, OpKind, SymTarget, TargetInfo};
use rcc_mc::{BinOp, Cfi, Expr, ExprId, Streamer, SymbolId};

const PIC_PERSONALITY: u8 = 0x9b;
const PIC_LSDA: u8 = 0x1b;
const ABS_UDATA4: u8 = 0x03;
const OMIT: u8 = 0xff;

/// The personality of `mf` if its frame names one, with whether it has an
/// exception table.
fn frame_personality(mf: &MachFunction, cx: EmitContext<'_>) -> Option<GlobalId> {
    if !mf.frame.emit_cfi {
        return None;
    }
    emitted_personality(cx.emitter.module(), mf.func, mf.eh.has_pads())
}

/// What the module emitter must provide for `mf`.
pub fn exception_refs(mf: &MachFunction, cx: EmitContext<'_>) -> ExceptionRefs {
    let personality = frame_personality(mf, cx);
    let mut type_infos = Vec::new();
    if personality.is_some() && mf.eh.has_pads() && cx.pic {
        type_infos.extend(mf.eh.type_ids.iter().filter_map(|t| t.expand()));
    }
    ExceptionRefs {
        personality,
        type_infos,
    }
}

/// Whether the function's exception table refers to its `.Lfunc_begin`
/// label (emitted before `.cfi_startproc`).
pub(super) fn needs_begin_label(mf: &MachFunction, cx: EmitContext<'_>) -> bool {
    mf.eh.has_pads() && frame_personality(mf, cx).is_some()
}

/// The `.cfi_personality` / `.cfi_lsda` of the function, right after
/// `.cfi_startproc`.
pub(super) fn emit_frame_refs(e: &FnEmitter<'_>, s: &mut dyn Streamer) -> Result<(), EmitError> {
    let (mf, cx) = (e.mf, e.cx);
    let Some(p) = frame_personality(mf, cx) else {
        return Ok(());
    };
    let f = cx.fn_number;
    let name = cx.emitter.symbol_name(p).to_string();
    let (penc, sym) = if cx.pic {
        (PIC_PERSONALITY, s.ctx().symbol(&format!("DW.ref.{name}")))
    } else {
        (ABS_UDATA4, s.ctx().symbol(&name))
    };
    s.emit_cfi(Cfi::Personality { enc: penc, sym })
        .map_err(|x| e.mc(x))?;
    if mf.eh.has_pads() {
        let l = s.ctx().symbol(&exception_label(f));
        let enc = if cx.pic { PIC_LSDA } else { ABS_UDATA4 };
        s.emit_cfi(Cfi::Lsda { enc, sym: l }).map_err(|x| e.mc(x))?;
    }
    Ok(())
}

/// The type ids of each pad (LLVM's `LandingPadInfo::TypeIds`: 0 for
/// cleanup first, then the clauses last to first, a catch's type id, a
/// filter's negative id; a cleanup alone is no type id) and the filter
/// list.
fn pad_type_ids(mf: &MachFunction) -> (Vec<Vec<i32>>, Vec<u32>) {
    let eh = &mf.eh;
    let id = |t: PackedOption<GlobalId>| {
        eh.type_ids
            .iter()
            .position(|&x| x == t)
            .map_or(0, |k| k as u32 + 1)
    };
    let mut filters: Vec<u32> = Vec::new();
    let mut ends: Vec<usize> = Vec::new();
    let mut out = Vec::new();
    for p in eh.pads() {
        let mut ids = Vec::new();
        if p.cleanup {
            ids.push(0);
        }
        for c in eh.pad_clauses(p).iter().rev() {
            let tys: Vec<u32> = eh.clause_types(c).iter().map(|&t| id(t)).collect();
            match c.kind {
                EhClauseKind::Catch => ids.push(tys.first().copied().unwrap_or(0) as i32),
                EhClauseKind::Filter => {
                    // Reuse a filter that ends with the same list.
                    let found = ends.iter().find_map(|&end| {
                        (end >= tys.len() && filters[end - tys.len()..end] == tys[..])
                            .then(|| end - tys.len())
                    });
                    let at = match found {
                        Some(at) => at,
                        None => {
                            let at = filters.len();
                            filters.extend_from_slice(&tys);
                            ends.push(filters.len());
                            filters.push(0);
                            at
                        }
                    };
                    ids.push(-(1 + at as i32));
                }
            }
        }
        if ids == [0] {
            ids.clear();
        }
        out.push(ids);
    }
    (out, filters)
}

fn sleb_size(v: i64) -> u32 {
    let mut b = Vec::new();
    rcc_mc::leb::sleb(&mut b, v);
    b.len() as u32
}

fn uleb_size(v: u64) -> i32 {
    let mut b = Vec::new();
    rcc_mc::leb::uleb(&mut b, v);
    b.len() as i32
}

/// Action records (type filter, next) and the first action of each pad
/// (1-based offset into the table, 0: cleanup only), as LLVM's
/// `computeActionsTable`.
fn actions(type_ids: &[Vec<i32>], filters: &[u32]) -> (Vec<(i64, i64)>, Vec<u32>) {
    let mut filter_offsets = Vec::new();
    let mut off: i32 = -1;
    for &f in filters {
        filter_offsets.push(off);
        off -= uleb_size(f as u64);
    }
    let mut order: Vec<usize> = (0..type_ids.len()).collect();
    order.sort_by(|&a, &b| type_ids[a].cmp(&type_ids[b]));
    // (value, next, previous index)
    let mut acts: Vec<(i64, i64, usize)> = Vec::new();
    let mut first = vec![0u32; type_ids.len()];
    let mut size_actions: u32 = 0;
    let mut first_action: u32 = 0;
    let mut prev: Option<usize> = None;
    for &k in &order {
        let ids = &type_ids[k];
        let shared = prev.map_or(0, |p: usize| {
            type_ids[p]
                .iter()
                .zip(ids)
                .take_while(|(a, b)| a == b)
                .count()
        });
        let mut size_site = 0u32;
        if shared < ids.len() {
            let mut size_entry: u32 = 0;
            let mut prev_action = usize::MAX;
            if shared > 0 {
                let p = prev.map_or(0, |p| type_ids[p].len());
                prev_action = acts.len() - 1;
                size_entry = sleb_size(acts[prev_action].1) + sleb_size(acts[prev_action].0);
                for _ in shared..p {
                    size_entry -= sleb_size(acts[prev_action].0);
                    size_entry = (size_entry as i64 - acts[prev_action].1) as u32;
                    prev_action = acts[prev_action].2;
                }
            }
            for &t in &ids[shared..] {
                let value = if t < 0 {
                    filter_offsets[(-1 - t) as usize] as i64
                } else {
                    t as i64
                };
                let size_type = sleb_size(value);
                let next = if size_entry != 0 {
                    -((size_entry + size_type) as i64)
                } else {
                    0
                };
                size_entry = size_type + sleb_size(next);
                size_site += size_entry;
                acts.push((value, next, prev_action));
                prev_action = acts.len() - 1;
            }
            first_action = size_actions + size_site - size_entry + 1;
        }
        first[k] = if ids.is_empty() { 0 } else { first_action };
        size_actions += size_site;
        prev = Some(k);
    }
    (acts.into_iter().map(|a| (a.0, a.1)).collect(), first)
}

/// One call-site entry: begin, end labels (`None`: function begin / end),
/// landing pad label, action.
type Site = (Option<SymbolId>, Option<SymbolId>, Option<u32>, u32);

/// Emits the exception table of `mf` (nothing without landing pads) into
/// `.gcc_except_table` (`.gcc_except_table.<name>` in the function's
/// COMDAT group or with `-function-sections`). `text` is the function's
/// section.
pub fn emit_exception_table(
    mf: &MachFunction,
    cx: EmitContext<'_>,
    text: rcc_mc::SectionId,
    s: &mut dyn Streamer,
) -> Result<(), EmitError> {
    let e = FnEmitter::new(cx, mf);
    if frame_personality(mf, cx).is_none() || !mf.eh.has_pads() {
        return Ok(());
    }
    let f = cx.fn_number;
    let m = cx.emitter.module();
    let (type_ids, filters) = pad_type_ids(mf);
    let (acts, first) = actions(&type_ids, &filters);
    // Call sites, in layout order.
    let mut sites: Vec<Site> = Vec::new();
    let mut last: Option<u32> = None;
    let mut throwing = false;
    let mut prev_invoke = false;
    let t = &X86Info;
    for &b in &mf.order {
        for &i in mf.block_insts(b) {
            let opc = mf.opc(i);
            if opc != MOpc::EH_LABEL {
                let call = opc
                    .as_target()
                    .is_some_and(|op| t.inst_flags(op) & iflag::CALL != 0);
                if call {
                    let nounwind = mf.operands(i).iter().any(|o| {
                        o.kind() == OpKind::Sym
                            && matches!(mf.sym_of(*o), Some(so) if matches!(so.target,
                                SymTarget::Global(g) if is_nounwind(m, g)))
                    });
                    throwing |= !nounwind;
                }
                continue;
            }
            let Some(n) = label_of(mf, i) else {
                continue;
            };
            if Some(n) == last {
                throwing = false;
            }
            let LabelRole::Begin(k) = mf.eh.role(n) else {
                continue;
            };
            let inv = mf.eh.invokes()[k as usize];
            let sym = |s: &mut dyn Streamer, n: u32| s.ctx().symbol(&eh_label(f, n));
            if throwing {
                let l = last.map(|l| sym(s, l));
                let bl = sym(s, n);
                sites.push((l, Some(bl), None, 0));
                prev_invoke = false;
            }
            last = Some(inv.end);
            let pad = mf.eh.pads()[inv.pad as usize];
            let action = first[inv.pad as usize];
            let (bl, el) = (sym(s, inv.begin), sym(s, inv.end));
            if prev_invoke {
                if let Some(p) = sites.last_mut() {
                    if p.2 == Some(pad.label) && p.3 == action {
                        p.1 = Some(el);
                        continue;
                    }
                }
            }
            sites.push((Some(bl), Some(el), Some(pad.label), action));
            prev_invoke = true;
        }
    }
    if throwing {
        let l = last.map(|l| s.ctx().symbol(&eh_label(f, l)));
        sites.push((l, None, None, 0));
    }

    let mc = |x| e.mc(x);
    // The section: `.gcc_except_table`, or `.gcc_except_table.<name>` in
    // the function's COMDAT group or with -function-sections. (llc links it
    // to the function with SHF_LINK_ORDER only for binutils 2.36 or later,
    // not its default.)
    use rcc_mc::section::{shf, sht};
    let group = s.ctx().sections[text].group.expand();
    let sec = if group.is_some() || cx.emitter.options().function_sections {
        let name = format!(
            ".gcc_except_table.{}",
            rcc_mach::symbols::display_name(m, mf.func)
        );
        let flags = shf::ALLOC | if group.is_some() { shf::GROUP } else { 0 };
        s.ctx().section(&name, sht::PROGBITS, flags, 0, group)
    } else {
        s.ctx()
            .section(".gcc_except_table", sht::PROGBITS, shf::ALLOC, 0, None)
    };
    s.switch_section(sec);
    s.emit_align(4, Some(0), u64::MAX).map_err(mc)?;
    let gcc = s.ctx().symbol(&format!("GCC_except_table{f}"));
    s.emit_label(gcc).map_err(mc)?;
    let lsda = s.ctx().symbol(&exception_label(f));
    s.emit_label(lsda).map_err(mc)?;
    let have_tt = !mf.eh.type_ids.is_empty() || !filters.is_empty();
    let tt_enc = match (have_tt, cx.pic) {
        (false, _) => OMIT,
        (true, true) => PIC_PERSONALITY,
        (true, false) => ABS_UDATA4,
    };
    each_byte(s, &[OMIT, tt_enc]).map_err(mc)?;
    let diff = |s: &mut dyn Streamer, a: SymbolId, b: SymbolId| -> ExprId {
        let ctx = s.ctx();
        let (x, y) = (
            ctx.sym_ref(a, rcc_mc::VariantKind::None),
            ctx.sym_ref(b, rcc_mc::VariantKind::None),
        );
        ctx.expr(Expr::Binary(BinOp::Sub, x, y))
    };
    let tt_base = s.ctx().temp_symbol();
    if have_tt {
        let r = s.ctx().temp_symbol();
        let d = diff(s, tt_base, r);
        s.emit_leb128(d, false).map_err(mc)?;
        s.emit_label(r).map_err(mc)?;
    }
    each_byte(s, &[1]).map_err(mc)?;
    let (cb, ce) = (s.ctx().temp_symbol(), s.ctx().temp_symbol());
    let d = diff(s, ce, cb);
    s.emit_leb128(d, false).map_err(mc)?;
    s.emit_label(cb).map_err(mc)?;
    let fb = s.ctx().symbol(&func_begin_label(f));
    let fe = s.ctx().symbol(&func_end_label(f));
    for (b, en, pad, action) in sites {
        let b = b.unwrap_or(fb);
        let en = en.unwrap_or(fe);
        let d = diff(s, b, fb);
        s.emit_leb128(d, false).map_err(mc)?;
        let d = diff(s, en, b);
        s.emit_leb128(d, false).map_err(mc)?;
        match pad {
            Some(l) => {
                let l = s.ctx().symbol(&eh_label(f, l));
                let d = diff(s, l, fb);
                s.emit_leb128(d, false).map_err(mc)?;
            }
            None => each_byte(s, &[0]).map_err(mc)?,
        }
        let mut bytes = Vec::new();
        rcc_mc::leb::uleb(&mut bytes, action as u64);
        each_byte(s, &bytes).map_err(mc)?;
    }
    s.emit_label(ce).map_err(mc)?;
    let mut bytes = Vec::new();
    for (v, n) in acts {
        rcc_mc::leb::sleb(&mut bytes, v);
        rcc_mc::leb::sleb(&mut bytes, n);
    }
    each_byte(s, &bytes).map_err(mc)?;
    if have_tt {
        s.emit_align(4, Some(0), u64::MAX).map_err(mc)?;
        for t in mf.eh.type_ids.iter().rev() {
            match t.expand() {
                None => {
                    let zero = s.ctx().expr(Expr::Constant(0));
                    s.emit_value(zero, 4).map_err(mc)?;
                }
                Some(g) if cx.pic => {
                    let name = cx.emitter.symbol_name(g);
                    let stub = s.ctx().symbol(&type_info_stub(name));
                    let here = s.ctx().temp_symbol();
                    s.emit_label(here).map_err(mc)?;
                    let d = diff(s, stub, here);
                    s.emit_value(d, 4).map_err(mc)?;
                }
                Some(g) => {
                    let sym = cx.emitter.symbol(g, s);
                    let r = s.ctx().sym_ref(sym, rcc_mc::VariantKind::None);
                    s.emit_value(r, 4).map_err(mc)?;
                }
            }
        }
        s.emit_label(tt_base).map_err(mc)?;
        let mut bytes = Vec::new();
        for &id in &filters {
            rcc_mc::leb::uleb(&mut bytes, id as u64);
        }
        each_byte(s, &bytes).map_err(mc)?;
    }
    s.emit_align(4, Some(0), u64::MAX).map_err(mc)?;
    Ok(())
}

/// Emits `data` one byte at a time (`.byte N` lines in assembly, as llc
/// writes the table).
fn each_byte(s: &mut dyn Streamer, data: &[u8]) -> Result<(), rcc_mc::McError> {
    for b in data {
        s.emit_bytes(std::slice::from_ref(b))?;
    }
    Ok(())
}
