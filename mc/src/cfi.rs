//! Call frame information: collects `.cfi_*` directives per function and
//! writes `.eh_frame` (one CIE, one FDE per `.cfi_startproc`) once code
//! layout is final.
//!
//! The CIE is LLVM's: augmentation "zR", code alignment 1, FDE pointers
//! PC-relative sdata4; the data alignment, return-address column, initial
//! CFA rule and return-address slot are the target's ([`CfiInfo`]; on
//! x86-64: -8, 16, rsp + 8, CFA - 8). A frame
//! with `.cfi_personality` / `.cfi_lsda` needs a CIE of its own ("zPLR":
//! personality pointer and LSDA encoding) and carries its LSDA pointer in
//! its FDE's augmentation data. As llvm-mc, frames are stably sorted by
//! their CIE key (personality, its encoding, LSDA encoding; frames without
//! a personality first) and each CIE is written before its first FDE.
//! CIEs and FDEs are padded to 4 bytes, the last FDE to 8.
//! Invariants: frames do not nest; every directive is attached to a label
//! placed where it appeared, so advances are exact after relaxation.

use crate::expr::{SymbolId, VariantKind};
use crate::fixup::{Fixup, FixupKind};
use crate::leb::{sleb, uleb};
use crate::object::ObjectStreamer;
use crate::section::SectionId;
use crate::streamer::{Cfi, McError};
use crate::target::CfiInfo;

#[derive(Clone, Debug)]
struct Frame {
    start: SymbolId,
    end: Option<SymbolId>,
    instrs: Vec<(SymbolId, Cfi)>,
    /// `.cfi_personality`: (encoding, routine).
    personality: Option<(u8, SymbolId)>,
    /// `.cfi_lsda`: (encoding, table).
    lsda: Option<(u8, SymbolId)>,
}

/// What frames sharing a CIE agree on: personality (encoding, routine)
/// and LSDA encoding (0: none).
type CieKey = (Option<(SymbolId, u8)>, u8);

fn cie_key(f: &Frame) -> CieKey {
    (
        f.personality.map(|(e, s)| (s, e)),
        f.lsda.map_or(0, |(e, _)| e),
    )
}

/// The size of a pointer with DWARF encoding `enc` (absolute or
/// PC-relative, 4 or 8 bytes; indirection is the pointee's business).
fn pointer_size(enc: u8) -> Result<usize, McError> {
    Ok(match (enc & 0x70, enc & 0x0f) {
        (0x10, 0x0b) | (0x10, 0x03) | (0x00, 0x03) | (0x00, 0x0b) => 4,
        (0x00, 0x04) | (0x00, 0x0c) | (0x00, 0x00) => 8,
        _ => {
            return Err(McError::Unsupported(format!(
                "CFI pointer encoding {enc:#x}"
            )))
        }
    })
}

/// The fixup kind and size of a pointer with DWARF encoding `enc`.
fn pointer_fixup(enc: u8, info: &CfiInfo) -> Result<(FixupKind, usize), McError> {
    let size = pointer_size(enc)?;
    let kind = match (enc & 0x70, enc & 0x0f) {
        (0x10, _) => FixupKind::PCREL32,
        (_, 0x0b) => info.sdata4_fixup,
        (_, 0x03) => FixupKind::ABS32,
        _ => FixupKind::ABS64,
    };
    Ok((kind, size))
}

/// Frames collected so far.
#[derive(Clone, Debug, Default)]
pub struct CfiBuilder {
    frames: Vec<Frame>,
    open: bool,
}

impl CfiBuilder {
    /// Whether a frame is open.
    pub fn in_proc(&self) -> bool {
        self.open
    }

    /// Whether any frame was recorded.
    pub fn has_frames(&self) -> bool {
        !self.frames.is_empty()
    }

    /// `.cfi_startproc` at label `l`.
    pub fn start(&mut self, l: SymbolId, _sec: SectionId) -> Result<(), McError> {
        if self.open {
            return Err(McError::Cfi(
                "starting new .cfi frame before finishing the previous one".into(),
            ));
        }
        self.frames.push(Frame {
            start: l,
            end: None,
            instrs: Vec::new(),
            personality: None,
            lsda: None,
        });
        self.open = true;
        Ok(())
    }

    /// `.cfi_endproc` at label `l`.
    pub fn end(&mut self, l: SymbolId) -> Result<(), McError> {
        match self.frames.last_mut() {
            Some(f) if self.open => {
                f.end = Some(l);
                self.open = false;
                Ok(())
            }
            _ => Err(McError::Cfi(
                "this directive must appear between .cfi_startproc and .cfi_endproc directives"
                    .into(),
            )),
        }
    }

    /// Another directive at label `l`.
    pub fn push(&mut self, l: SymbolId, c: Cfi) -> Result<(), McError> {
        match self.frames.last_mut() {
            Some(f) if self.open => {
                match c {
                    Cfi::Personality { enc, sym } => {
                        pointer_size(enc)?;
                        f.personality = Some((enc, sym));
                    }
                    Cfi::Lsda { enc, sym } => {
                        pointer_size(enc)?;
                        f.lsda = Some((enc, sym));
                    }
                    _ => f.instrs.push((l, c)),
                }
                Ok(())
            }
            _ => Err(McError::Cfi(
                "this directive must appear between .cfi_startproc and .cfi_endproc directives"
                    .into(),
            )),
        }
    }

    /// Writes `.eh_frame` contents; addresses come from the laid-out streamer.
    pub(crate) fn write_eh_frame(
        self,
        s: &mut ObjectStreamer<'_>,
        out: &mut Vec<u8>,
        fixups: &mut Vec<Fixup>,
    ) -> Result<(), McError> {
        let info = s.target.cfi_info();
        let mut frames = self.frames;
        frames.sort_by_key(|f| {
            let (p, l) = cie_key(f);
            (p.map(|(s, e)| (s.as_u32(), e)), l)
        });
        // Offsets of the CIEs written so far, by key.
        let mut cies: Vec<(CieKey, usize)> = Vec::new();
        let addr = |s: &ObjectStreamer<'_>, l: SymbolId| {
            s.symbol_addr(l)
                .map(|(_, a)| a)
                .ok_or_else(|| McError::Cfi("undefined CFI label".into()))
        };
        let n_frames = frames.len();
        for (fi, f) in frames.into_iter().enumerate() {
            let key = cie_key(&f);
            let cie_at = match cies.iter().find(|c| c.0 == key) {
                Some(c) => c.1,
                None => {
                    let at = out.len();
                    write_cie(s, &info, out, fixups, f.personality, f.lsda.map(|l| l.0))?;
                    cies.push((key, at));
                    at
                }
            };
            let end = f
                .end
                .ok_or_else(|| McError::Cfi("unfinished frame".into()))?;
            let start_addr = addr(s, f.start)?;
            let end_addr = addr(s, end)?;
            let mut body = Vec::new();
            let mut loc = start_addr;
            let mut cfa_off: i64 = info.cfa_offset;
            for (l, c) in f.instrs {
                let at = addr(s, l)?;
                let delta = at.saturating_sub(loc);
                if delta > 0 {
                    if delta < 64 {
                        body.push(0x40 | delta as u8);
                    } else if delta <= 0xff {
                        body.extend_from_slice(&[0x02, delta as u8]);
                    } else if delta <= 0xffff {
                        body.push(0x03);
                        body.extend_from_slice(&(delta as u16).to_le_bytes());
                    } else {
                        body.push(0x04);
                        body.extend_from_slice(&(delta as u32).to_le_bytes());
                    }
                    loc = at;
                }
                match c {
                    Cfi::DefCfa { reg, offset } => {
                        cfa_off = offset;
                        body.push(0x0c);
                        uleb(&mut body, reg as u64);
                        uleb(&mut body, offset as u64);
                    }
                    Cfi::DefCfaOffset(o) => {
                        cfa_off = o;
                        body.push(0x0e);
                        uleb(&mut body, o as u64);
                    }
                    Cfi::AdjustCfaOffset(d) => {
                        cfa_off += d;
                        body.push(0x0e);
                        uleb(&mut body, cfa_off as u64);
                    }
                    Cfi::DefCfaRegister(r) => {
                        body.push(0x0d);
                        uleb(&mut body, r as u64);
                    }
                    Cfi::Offset { reg, offset } => offset_rule(&mut body, &info, reg, offset),
                    Cfi::RelOffset { reg, offset } => {
                        offset_rule(&mut body, &info, reg, offset - cfa_off)
                    }
                    Cfi::Restore(r) => {
                        if r < 64 {
                            body.push(0xc0 | r as u8);
                        } else {
                            body.push(0x06);
                            uleb(&mut body, r as u64);
                        }
                    }
                    Cfi::SameValue(r) => {
                        body.push(0x08);
                        uleb(&mut body, r as u64);
                    }
                    Cfi::Undefined(r) => {
                        body.push(0x07);
                        uleb(&mut body, r as u64);
                    }
                    Cfi::RememberState => body.push(0x0a),
                    Cfi::RestoreState => body.push(0x0b),
                    Cfi::Escape
                    | Cfi::StartProc
                    | Cfi::EndProc
                    | Cfi::Personality { .. }
                    | Cfi::Lsda { .. } => {}
                }
            }
            // FDE: length, CIE pointer, pc_begin, pc_range, aug length, body.
            let fde_start = out.len();
            let aug_len = match f.lsda {
                Some((e, _)) => pointer_size(e)?,
                None => 0,
            };
            let mut len = 4 + 4 + 4 + 1 + aug_len + body.len();
            // FDEs are padded to 4 bytes; the last one to 8 so the section
            // size is a multiple of its alignment (as llvm-mc does).
            let align = if fi + 1 == n_frames { 8 } else { 4 };
            while !(fde_start + 4 + len).is_multiple_of(align) {
                len += 1;
            }
            out.extend_from_slice(&(len as u32).to_le_bytes());
            out.extend_from_slice(&((fde_start + 4 - cie_at) as u32).to_le_bytes());
            let start_ref = s.ctx.sym_ref(f.start, VariantKind::None);
            Fixup::push_field(out, 0, fixups, FixupKind::PCREL32, 4, start_ref, 0);
            out.extend_from_slice(&(end_addr.wrapping_sub(start_addr) as u32).to_le_bytes());
            out.push(aug_len as u8);
            if let Some((e, sym)) = f.lsda {
                let r = s.ctx.sym_ref(sym, VariantKind::None);
                let (kind, size) = pointer_fixup(e, &info)?;
                Fixup::push_field(out, 0, fixups, kind, size, r, 0);
            }
            out.extend_from_slice(&body);
            out.resize(fde_start + 4 + len, 0);
        }
        Ok(())
    }
}

/// Writes the offset rule "`reg` saved at CFA + `off`".
fn offset_rule(body: &mut Vec<u8>, info: &CfiInfo, reg: u16, off: i64) {
    let factored = off / info.data_align;
    if reg < 64 && factored >= 0 {
        body.push(0x80 | reg as u8);
        uleb(body, factored as u64);
    } else {
        body.push(0x11);
        uleb(body, reg as u64);
        sleb(body, factored);
    }
}

/// Writes a CIE: "zR", or "zPLR" (parts present) with a personality and
/// an LSDA encoding.
fn write_cie(
    s: &mut ObjectStreamer<'_>,
    info: &CfiInfo,
    out: &mut Vec<u8>,
    fixups: &mut Vec<Fixup>,
    personality: Option<(u8, SymbolId)>,
    lsda: Option<u8>,
) -> Result<(), McError> {
    let start = out.len();
    out.extend_from_slice(&[0, 0, 0, 0, 0, 0, 0, 0, 1, b'z']);
    if personality.is_some() {
        out.push(b'P');
    }
    if lsda.is_some() {
        out.push(b'L');
    }
    out.extend_from_slice(b"R\0");
    uleb(out, 1);
    sleb(out, info.data_align);
    uleb(out, info.return_address_reg as u64);
    let mut aug_len = 1;
    if let Some((e, _)) = personality {
        aug_len += 1 + pointer_size(e)?;
    }
    if lsda.is_some() {
        aug_len += 1;
    }
    uleb(out, aug_len as u64);
    if let Some((e, sym)) = personality {
        out.push(e);
        let r = s.ctx.sym_ref(sym, VariantKind::None);
        let (kind, size) = pointer_fixup(e, info)?;
        Fixup::push_field(out, 0, fixups, kind, size, r, 0);
    }
    if let Some(e) = lsda {
        out.push(e);
    }
    out.push(0x1b);
    // Initial instructions: DW_CFA_def_cfa, then the return address's slot.
    out.push(0x0c);
    uleb(out, info.cfa_reg as u64);
    uleb(out, info.cfa_offset as u64);
    offset_rule(
        out,
        info,
        info.return_address_reg,
        info.return_address_offset,
    );
    while !(out.len() - start).is_multiple_of(4) {
        out.push(0);
    }
    let len = (out.len() - start - 4) as u32;
    out[start..start + 4].copy_from_slice(&len.to_le_bytes());
    Ok(())
}
