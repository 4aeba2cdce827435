//! The target-independent half of prolog/epilog insertion: what the frame
//! must do (options from the function's attributes and the command line),
//! what the calls need (the call-frame summary) and where the stack slots
//! go (placement by alignment).
//!
//! Conventions shared with the targets: frame objects are placed *down*
//! from a reference address `R` (the canonical frame address on x86-64)
//! that is aligned to the stack alignment; an object's distance `d` below
//! `R` is a multiple of its alignment, so the object is aligned whenever
//! `R` is. `FrameObject::offset` is relative to the stack pointer at entry,
//! which is `bias` bytes below `R` (8 on x86-64: the return address), so
//! `offset = bias - d`.
//!
//! Invariants: placement never moves fixed objects; placed objects do not
//! overlap each other or the `start` bytes reserved right below `R`; the
//! order is deterministic (alignment, largest first, then object index).

use crate::frame::{FrameIdx, FrameInfo, FrameKind};
use crate::func::MachFunction;
use crate::operand::OpKind;
use crate::target::{iflag, MOpc, TargetInfo};
use rcc_ir::attrs::Attr;
use rcc_ir::module::GlobalKind;
use rcc_ir::{GlobalId, Module};

/// When a function keeps a frame pointer (`-frame-pointer=`, the
/// `"frame-pointer"` function attribute).
#[derive(Copy, Clone, PartialEq, Eq, Debug, Default)]
pub enum FramePointer {
    /// Only when the frame needs one (dynamic allocas, realignment).
    #[default]
    None,
    /// In functions that call.
    NonLeaf,
    /// Always.
    All,
    /// Only when the frame needs one, but the register stays reserved (not
    /// allocated) everywhere.
    Reserved,
}

impl FramePointer {
    /// Parses llc's spelling (`all`, `non-leaf`, `reserved`, `none`).
    pub fn parse(s: &str) -> Option<FramePointer> {
        match s {
            "all" => Some(FramePointer::All),
            "non-leaf" => Some(FramePointer::NonLeaf),
            "reserved" => Some(FramePointer::Reserved),
            "none" => Some(FramePointer::None),
            _ => None,
        }
    }
}

/// How the prologue touches a large frame page by page (the
/// `"probe-stack"` function attribute), so that a guard page below the
/// stack cannot be jumped over.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Default)]
pub enum StackProbe {
    /// No probes.
    #[default]
    None,
    /// `"probe-stack"="inline-asm"`: the prologue stores to every page it
    /// allocates (LLVM's `inlineStackProbe`).
    Inline,
    /// `"probe-stack"="<symbol>"`: the prologue calls the named probe
    /// function with the frame size in `%rax` (`__chkstk`-style); the span
    /// is the attribute's value, quotes included.
    Call(rcc_ir::span::Span),
}

/// The default `"stack-probe-size"`: one page.
pub const DEFAULT_PROBE_SIZE: u64 = 4096;

/// What prolog/epilog insertion may and must do for one function.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct FrameOptions {
    pub frame_pointer: FramePointer,
    /// Leaf functions may keep data below the stack pointer (the 128-byte
    /// red zone of the x86-64 System V ABI); false for `noredzone` and
    /// with a call-based stack probe (as llc).
    pub red_zone: bool,
    /// Emit call-frame information: LLVM's `needsUnwindTableEntry`
    /// (`uwtable`, or not `nounwind`, or a personality).
    pub emit_cfi: bool,
    /// Stack probing of the prologue's allocation.
    pub probe: StackProbe,
    /// The probe interval (`"stack-probe-size"`, default 4096).
    pub probe_size: u64,
}

impl Default for FrameOptions {
    fn default() -> Self {
        FrameOptions {
            frame_pointer: FramePointer::None,
            red_zone: true,
            emit_cfi: true,
            probe: StackProbe::None,
            probe_size: DEFAULT_PROBE_SIZE,
        }
    }
}

impl FrameOptions {
    /// The options of function `g`: its attributes, with `cli_frame_pointer`
    /// (an explicit `-frame-pointer=`) taking precedence, as in llc.
    pub fn for_function(
        m: &Module,
        g: GlobalId,
        cli_frame_pointer: Option<FramePointer>,
    ) -> FrameOptions {
        let mut fp_attr = None;
        let (mut nounwind, mut uwtable, mut noredzone) = (false, false, false);
        let mut probe = StackProbe::None;
        let mut probe_size = DEFAULT_PROBE_SIZE;
        for_each_fn_attr(m, g, |a| match a {
            Attr::Word(s) | Attr::Raw(s) => {
                let w = m.str(*s);
                let word = w.split('(').next().unwrap_or(w);
                match word {
                    "nounwind" => nounwind = true,
                    "uwtable" => uwtable = !w.contains("(none)"),
                    "noredzone" => noredzone = true,
                    _ => {}
                }
            }
            Attr::Str { key, value } => match m.str(*key) {
                "\"frame-pointer\"" => {
                    fp_attr = FramePointer::parse(m.str(*value).trim_matches('"'));
                }
                "\"probe-stack\"" => {
                    probe = match m.str(*value).trim_matches('"') {
                        "inline-asm" => StackProbe::Inline,
                        _ => StackProbe::Call(*value),
                    };
                }
                // LLVM's getFnAttributeAsParsedInteger: a malformed value
                // is the default.
                "\"stack-probe-size\"" => {
                    probe_size = m
                        .str(*value)
                        .trim_matches('"')
                        .parse()
                        .ok()
                        .filter(|&n| n > 0)
                        .unwrap_or(DEFAULT_PROBE_SIZE);
                }
                _ => {}
            },
            _ => {}
        });
        let personality = match &m.globals[g].kind {
            GlobalKind::Func(f) => f.personality.is_some(),
            _ => false,
        };
        FrameOptions {
            frame_pointer: cli_frame_pointer.or(fp_attr).unwrap_or_default(),
            red_zone: !noredzone && !matches!(probe, StackProbe::Call(_)),
            emit_cfi: uwtable || !nounwind || personality,
            probe,
            probe_size,
        }
    }
}

/// Calls `f` on every function attribute of `g`, attribute groups expanded.
pub fn for_each_fn_attr(m: &Module, g: GlobalId, mut f: impl FnMut(&Attr)) {
    let GlobalKind::Func(decl) = &m.globals[g].kind else {
        return;
    };
    for a in m.attrs.get(decl.fn_attrs) {
        match a {
            Attr::Group(n) => {
                if let Some((_, r)) = m.attr_groups.iter().find(|(k, _)| k == n) {
                    m.attrs.get(*r).iter().for_each(&mut f);
                }
            }
            _ => f(a),
        }
    }
}

/// What the calls of a function need from its frame.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Default)]
pub struct CallFrame {
    /// The function calls (a call instruction, a call-frame pseudo or
    /// `FrameInfo::has_calls`).
    pub has_calls: bool,
    /// The largest outgoing argument area: the largest
    /// `ADJCALLSTACKDOWN` amount, or `FrameInfo::max_call_frame` if larger.
    pub max_call_frame: u64,
}

/// Scans `mf` for calls and call-frame pseudos.
pub fn call_frame(mf: &MachFunction, t: &dyn TargetInfo) -> CallFrame {
    let mut c = CallFrame {
        has_calls: mf.frame.has_calls,
        max_call_frame: mf.frame.max_call_frame,
    };
    for &i in &mf.layout {
        let opc = mf.opc(i);
        if opc == MOpc::ADJCALLSTACKDOWN || opc == MOpc::ADJCALLSTACKUP {
            c.has_calls = true;
            if let Some(n) = call_frame_amount(mf, i) {
                c.max_call_frame = c.max_call_frame.max(n);
            }
        } else if let Some(op) = opc.as_target() {
            c.has_calls |= t.inst_flags(op) & iflag::CALL != 0;
        }
    }
    c
}

/// The byte count of an `ADJCALLSTACKDOWN`/`UP` (its first immediate).
pub fn call_frame_amount(mf: &MachFunction, i: crate::func::MInst) -> Option<u64> {
    mf.operands(i)
        .iter()
        .find(|o| matches!(o.kind(), OpKind::Imm | OpKind::Imm64))
        .and_then(|&o| mf.imm_of(o))
        .and_then(|v| u64::try_from(v).ok())
}

/// The largest alignment of the objects placement will place.
pub fn max_placed_align(frame: &FrameInfo) -> u32 {
    frame
        .objects
        .values()
        .filter(|o| o.kind != FrameKind::Fixed)
        .map(|o| o.align)
        .max()
        .unwrap_or(1)
}

/// Places every non-fixed object below `start` bytes under the reference
/// address (see the module comment), largest alignment first, and sets its
/// `offset` to `bias - distance`. Returns the distance of the lowest byte
/// used (at least `start`). `order` is a reused scratch buffer.
pub fn place_objects(
    frame: &mut FrameInfo,
    start: u64,
    bias: i64,
    order: &mut Vec<FrameIdx>,
) -> u64 {
    order.clear();
    order.extend(
        frame
            .objects
            .iter()
            .filter(|(_, o)| o.kind != FrameKind::Fixed)
            .map(|(fi, _)| fi),
    );
    // Stable: equal alignments keep index order.
    order.sort_by_key(|&fi| std::cmp::Reverse(frame.objects[fi].align));
    let mut cur = start;
    for &fi in order.iter() {
        let o = &mut frame.objects[fi];
        let align = u64::from(o.align.max(1));
        cur = (cur + o.size).next_multiple_of(align);
        o.offset = bias - cur as i64;
    }
    cur
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn placement_aligns_and_orders_by_alignment() {
        let mut f = FrameInfo::default();
        let a = f.create(4, 4, FrameKind::Local);
        let b = f.create(16, 16, FrameKind::Local);
        let c = f.create(8, 8, FrameKind::Spill);
        let d = f.create_fixed(8, 8);
        let mut order = Vec::new();
        // 16 bytes already used below R (return address + one push).
        let end = place_objects(&mut f, 16, 8, &mut order);
        // b: 16+16 = 32 (aligned); c: 40; a: 44.
        assert_eq!(f.objects[b].offset, 8 - 32);
        assert_eq!(f.objects[c].offset, 8 - 40);
        assert_eq!(f.objects[a].offset, 8 - 44);
        assert_eq!(f.objects[d].offset, 8, "fixed objects stay");
        assert_eq!(end, 44);
        assert_eq!(max_placed_align(&f), 16);
    }

    #[test]
    fn options_from_attributes() {
        let src = r#"
define void @a() #0 { ret void }
define void @b() nounwind noredzone { ret void }
define void @c() nounwind uwtable "frame-pointer"="non-leaf" { ret void }
attributes #0 = { nounwind "frame-pointer"="all" }
"#;
        let m = rcc_ir::parse_module(src, "t.ll").expect("parses");
        let g = |n: &str| {
            m.globals
                .iter()
                .find(|(_, x)| m.str(x.name) == n)
                .map(|(id, _)| id)
                .expect("global")
        };
        let a = FrameOptions::for_function(&m, g("a"), None);
        assert_eq!(a.frame_pointer, FramePointer::All);
        assert!(!a.emit_cfi && a.red_zone);
        let b = FrameOptions::for_function(&m, g("b"), None);
        assert_eq!(b.frame_pointer, FramePointer::None);
        assert!(!b.red_zone && !b.emit_cfi);
        let c = FrameOptions::for_function(&m, g("c"), None);
        assert_eq!(c.frame_pointer, FramePointer::NonLeaf);
        assert!(c.emit_cfi);
        let c2 = FrameOptions::for_function(&m, g("c"), Some(FramePointer::None));
        assert_eq!(c2.frame_pointer, FramePointer::None);
    }
}
