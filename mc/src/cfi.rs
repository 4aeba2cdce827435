//! Call frame information: collects `.cfi_*` directives per function and
//! writes `.eh_frame` (one CIE, one FDE per `.cfi_startproc`) once code
//! layout is final.
//!
//! The CIE matches what x86-64 compilers emit: augmentation "zR", code
//! alignment 1, data alignment -8, return address column 16, FDE pointers
//! PC-relative sdata4, initial rule CFA = rsp + 8, RA at CFA - 8. A frame
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

/// The fixup of a pointer with DWARF encoding `enc` (absolute or
/// PC-relative, 4 or 8 bytes; indirection is the pointee's business).
fn pointer_fixup(enc: u8) -> Result<FixupKind, McError> {
    Ok(match (enc & 0x70, enc & 0x0f) {
        (0x10, 0x0b) | (0x10, 0x03) => FixupKind::PcRel32,
        (0x00, 0x03) => FixupKind::Abs32,
        (0x00, 0x0b) => FixupKind::Abs32S,
        (0x00, 0x04) | (0x00, 0x0c) | (0x00, 0x00) => FixupKind::Abs64,
        _ => {
            return Err(McError::Unsupported(format!(
                "CFI pointer encoding {enc:#x}"
            )))
        }
    })
}

/// Frames collected so far.
#[derive(Clone, Debug, Default)]
pub struct CfiBuilder {
    frames: Vec<Frame>,
    open: bool,
}

const DATA_ALIGN: i64 = -8;
const RA_REG: u8 = 16;

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
                        pointer_fixup(enc)?;
                        f.personality = Some((enc, sym));
                    }
                    Cfi::Lsda { enc, sym } => {
                        pointer_fixup(enc)?;
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
                    write_cie(s, out, fixups, f.personality, f.lsda.map(|l| l.0))?;
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
            let mut cfa_off: i64 = 8;
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
                let offset_rule = |body: &mut Vec<u8>, reg: u16, off: i64| {
                    let factored = off / DATA_ALIGN;
                    if reg < 64 && factored >= 0 {
                        body.push(0x80 | reg as u8);
                        uleb(body, factored as u64);
                    } else {
                        body.push(0x11);
                        uleb(body, reg as u64);
                        sleb(body, factored);
                    }
                };
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
                    Cfi::Offset { reg, offset } => offset_rule(&mut body, reg, offset),
                    Cfi::RelOffset { reg, offset } => offset_rule(&mut body, reg, offset - cfa_off),
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
                Some((e, _)) => pointer_fixup(e)?.size(),
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
            Fixup::push_field(out, 0, fixups, FixupKind::PcRel32, start_ref, 0);
            out.extend_from_slice(&(end_addr.wrapping_sub(start_addr) as u32).to_le_bytes());
            out.push(aug_len as u8);
            if let Some((e, sym)) = f.lsda {
                let r = s.ctx.sym_ref(sym, VariantKind::None);
                Fixup::push_field(out, 0, fixups, pointer_fixup(e)?, r, 0);
            }
            out.extend_from_slice(&body);
            out.resize(fde_start + 4 + len, 0);
        }
        Ok(())
    }
}

/// Writes a CIE: "zR", or "zPLR" (parts present) with a personality and
/// an LSDA encoding.
fn write_cie(
    s: &mut ObjectStreamer<'_>,
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
    sleb(out, DATA_ALIGN);
    uleb(out, RA_REG as u64);
    let mut aug_len = 1;
    if let Some((e, _)) = personality {
        aug_len += 1 + pointer_fixup(e)?.size();
    }
    if lsda.is_some() {
        aug_len += 1;
    }
    uleb(out, aug_len as u64);
    if let Some((e, sym)) = personality {
        out.push(e);
        let r = s.ctx.sym_ref(sym, VariantKind::None);
        Fixup::push_field(out, 0, fixups, pointer_fixup(e)?, r, 0);
    }
    if let Some(e) = lsda {
        out.push(e);
    }
    out.push(0x1b);
    out.extend_from_slice(&[0x0c, 7, 8, 0x80 | RA_REG, 1]);
    while !(out.len() - start).is_multiple_of(4) {
        out.push(0);
    }
    let len = (out.len() - start - 4) as u32;
    out[start..start + 4].copy_from_slice(&len.to_le_bytes());
    Ok(())
}
