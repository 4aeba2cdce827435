//! Target-independent tests of recording and replay: the destination is
//! another recorder, whose context shows how ids were mapped. Tests with
//! real instructions and object/assembly output are in
//! `targets/tests/fragments.rs` and `driver/tests/fragments.rs`.

use super::*;
use crate::expr::{BinOp, VariantKind};
use crate::inst::{Disp, MCOperand, MemRef};
use crate::reg::Reg;
use crate::section::{shf, sht};
use crate::streamer::{McError, Streamer};
use crate::symbol::SymbolType;
use rcc_ir::entity::EntityId;

/// A toy function: `name: ... jmp .Ltmp; .Ltmp: call callee`, with an
/// anonymous loop label, a `.size` expression and a comdat section.
fn emit_fn(s: &mut dyn Streamer, name: &str, callee: &str) -> Result<(), McError> {
    let text = s.ctx().text();
    s.switch_section(text);
    let f = s.ctx().symbol(name);
    s.emit_symbol_attr(f, SymbolAttr::Global)?;
    s.emit_symbol_attr(f, SymbolAttr::Type(SymbolType::Func))?;
    s.emit_label(f)?;
    let l = s.ctx().temp_symbol();
    let lref = s.ctx().sym_ref(l, VariantKind::None);
    let mut jmp = MCInst::new(1);
    jmp.push(MCOperand::Expr(lref)).ok_or(McError::NoSection)?;
    s.emit_inst(&jmp)?;
    s.emit_label(l)?;
    let c = s.ctx().symbol(callee);
    let cref = s.ctx().sym_ref(c, VariantKind::Plt);
    let mut call = MCInst::new(2);
    call.push(MCOperand::Expr(cref)).ok_or(McError::NoSection)?;
    s.emit_inst(&call)?;
    let mut load = MCInst::new(3);
    load.push(MCOperand::Reg(Reg(1)))
        .ok_or(McError::NoSection)?;
    load.push(MCOperand::Mem(MemRef::new(
        Reg(2),
        Reg::NONE,
        1,
        Disp::Expr(lref),
    )))
    .ok_or(McError::NoSection)?;
    s.emit_inst(&load)?;
    let end = s.ctx().temp_symbol();
    s.emit_label(end)?;
    let e = s.ctx().sym_ref(end, VariantKind::None);
    let b = s.ctx().sym_ref(f, VariantKind::None);
    let size = s.ctx().expr(Expr::Binary(BinOp::Sub, e, b));
    s.emit_size(f, size)?;
    let g = s.ctx().symbol(name);
    let sec = s.ctx().section(
        ".text.cold",
        sht::PROGBITS,
        shf::ALLOC | shf::EXECINSTR,
        0,
        Some(g),
    );
    s.switch_section(sec);
    s.emit_bytes(&[0xcc])?;
    Ok(())
}

fn record(name: &str, callee: &str) -> Fragment {
    let mut r = RecordingStreamer::new();
    emit_fn(&mut r, name, callee).expect("records");
    r.finish()
}

#[test]
fn names_merge_and_temporaries_stay_apart() {
    let a = record("f", "g");
    let b = record("g", "f");
    let mut dest = RecordingStreamer::new();
    a.replay(&mut dest).expect("replays");
    b.replay(&mut dest).expect("replays");
    let ctx = dest.ctx();
    let names: Vec<&str> = ctx.symbols.values().map(|s| s.name.as_str()).collect();
    // `f` and `g` once each; four distinct anonymous labels.
    assert_eq!(
        names,
        [
            "f",
            ".Lrcc.tmp0",
            "g",
            ".Lrcc.tmp1",
            ".Lrcc.tmp2",
            ".Lrcc.tmp3"
        ]
    );
    assert_eq!(ctx.symbols.values().filter(|s| s.anonymous).count(), 4);
    // `.text` once; one `.text.cold` per comdat group.
    let secs: Vec<(&str, Option<&str>)> = ctx
        .sections
        .values()
        .map(|s| {
            let g = s.group.expand().map(|g| ctx.symbols[g].name.as_str());
            (s.name.as_str(), g)
        })
        .collect();
    assert_eq!(
        secs,
        [
            (".text", None),
            (".text.cold", Some("f")),
            (".text.cold", Some("g"))
        ]
    );
}

#[test]
fn expressions_and_operands_are_remapped() {
    let a = record("f", "g");
    let b = record("g", "f");
    let mut dest = RecordingStreamer::new();
    a.replay(&mut dest).expect("replays");
    b.replay(&mut dest).expect("replays");
    let frag = dest.finish();
    // The second function's call goes to `f@PLT` in the destination and its
    // load's displacement to its own loop label.
    let call = frag.log.insts[4];
    let MCOperand::Expr(e) = call.operands()[0] else {
        panic!("call operand")
    };
    let Expr::Symbol(s, VariantKind::Plt) = frag.exprs[e.index()] else {
        panic!("call target")
    };
    assert_eq!(s.index(), 0, "f");
    let jmp = frag.log.insts[3];
    let load = frag.log.insts[5];
    let MCOperand::Expr(j) = jmp.operands()[0] else {
        panic!("jmp operand")
    };
    let MCOperand::Mem(m) = load.operands()[1] else {
        panic!("load operand")
    };
    assert_eq!(m.disp(), Disp::Expr(j));
    let Expr::Symbol(l, VariantKind::None) = frag.exprs[j.index()] else {
        panic!("label ref")
    };
    assert!(frag.symbols[l.index()].anonymous);
    assert_ne!(l.index(), 1, "not the first fragment's label");
}

#[test]
fn replay_into_a_recorder_reproduces_the_fragment() {
    let a = record("f", "g");
    let mut dest = RecordingStreamer::new();
    a.replay(&mut dest).expect("replays");
    assert_eq!(dest.finish(), a);
}

#[test]
fn instructions_are_one_event_per_run() {
    let mut r = RecordingStreamer::new();
    let text = r.ctx().text();
    r.switch_section(text);
    for _ in 0..10 {
        r.emit_inst(&MCInst::new(7)).expect("records");
    }
    let f = r.finish();
    assert_eq!(f.inst_count(), 10);
    assert_eq!(
        f.log.events,
        [
            Event::DeclareSections(1),
            Event::SwitchSection(text),
            Event::Insts(10)
        ]
    );
}

#[test]
fn content_needs_a_section_of_the_fragments_own() {
    let mut r = RecordingStreamer::new();
    let l = r.ctx().temp_symbol();
    assert_eq!(r.emit_label(l), Err(McError::NoSection));
    assert_eq!(r.emit_bytes(&[1]), Err(McError::NoSection));
    assert_eq!(r.emit_cfi(crate::Cfi::StartProc), Err(McError::NoSection));
}

#[test]
fn clear_keeps_capacity_and_forgets_everything() {
    let mut r = RecordingStreamer::new();
    emit_fn(&mut r, "f", "g").expect("records");
    let first = r.finish();
    assert!(r.is_empty());
    let caps = (
        r.log.events.capacity(),
        r.log.insts.capacity(),
        r.log.bytes.capacity(),
    );
    assert!(caps.0 >= first.log.events.len() && caps.1 >= first.inst_count());
    // The same function again records the same fragment into the same
    // buffers: nothing of the first survives but capacity.
    emit_fn(&mut r, "f", "g").expect("records");
    assert_eq!(
        caps,
        (
            r.log.events.capacity(),
            r.log.insts.capacity(),
            r.log.bytes.capacity()
        )
    );
    assert_eq!(r.finish(), first);
    // A finished fragment is exactly sized.
    assert_eq!(first.log.events.capacity(), first.log.events.len());
}

#[test]
fn every_directive_round_trips() {
    use crate::dwarf_line::{DwarfFile, DwarfLoc};
    let emit = |s: &mut dyn Streamer| -> Result<(), McError> {
        s.emit_file("a.c");
        s.emit_ident("rcc");
        s.emit_verbatim("\t.code64");
        s.emit_dwarf_file(
            0,
            DwarfFile {
                dir: Some("/src".into()),
                name: "a.c".into(),
                md5: Some([7; 16]),
            },
        )?;
        s.emit_dwarf_file(
            1,
            DwarfFile {
                dir: None,
                name: "b.h".into(),
                md5: None,
            },
        )?;
        let data = s.ctx().default_section(".data");
        s.switch_section(data);
        let x = s.ctx().symbol("x");
        s.emit_align(8, Some(0), u64::MAX)?;
        s.emit_label(x)?;
        let xr = s.ctx().sym_ref(x, VariantKind::None);
        s.emit_value(xr, 8)?;
        s.emit_leb128(xr, true)?;
        s.emit_fill(100, 0xaa)?;
        let c = s.ctx().symbol("c");
        s.emit_common(c, 24, 8)?;
        let y = s.ctx().symbol("y");
        s.emit_assignment(y, xr)?;
        s.emit_addrsig(None);
        s.emit_addrsig(Some(x));
        s.emit_dwarf_loc(DwarfLoc {
            file: 1,
            line: 3,
            column: 4,
            flags: 1,
            isa: 0,
            discriminator: 2,
        })?;
        s.emit_cfi(crate::Cfi::StartProc)?;
        s.emit_cfi(crate::Cfi::Offset {
            reg: 6,
            offset: -16,
        })?;
        s.emit_cfi(crate::Cfi::EndProc)
    };
    let mut r = RecordingStreamer::new();
    emit(&mut r).expect("records");
    let frag = r.finish();
    let mut dest = RecordingStreamer::new();
    frag.replay(&mut dest).expect("replays");
    assert_eq!(dest.finish(), frag);
}

#[test]
fn foreign_ids_are_errors_not_panics() {
    let mut r = RecordingStreamer::new();
    let text = r.ctx().text();
    r.switch_section(text);
    // An id from some other context.
    r.emit_label(SymbolId::from_u32(40)).expect("recorded");
    let frag = r.finish();
    let mut dest = RecordingStreamer::new();
    assert!(matches!(frag.replay(&mut dest), Err(McError::BadExpr(_))));

    // An expression node naming a later node.
    let mut r = RecordingStreamer::new();
    let e = r.ctx().expr(Expr::Neg(ExprId::from_u32(5)));
    let text = r.ctx().text();
    r.switch_section(text);
    r.emit_value(e, 4).expect("recorded");
    let frag = r.finish();
    let mut dest = RecordingStreamer::new();
    assert!(matches!(frag.replay(&mut dest), Err(McError::BadExpr(_))));
}
