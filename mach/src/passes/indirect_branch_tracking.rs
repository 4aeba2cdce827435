//! Indirect branch tracking (llc's `x86-indirect-branch-tracking`, run when
//! the module flag `cf-protection-branch` is present, `-fcf-protection`):
//! an `endbr` instruction (the target's, e.g. x86's `endbr64`) at every
//! place an indirect branch or call may land, as LLVM's
//! `X86IndirectBranchTrackingPass` places them:
//!
//! - the function entry, unless `nocf_check`, when the function is not
//!   local or its address is taken (a use other than as a direct callee;
//!   `blockaddress` uses do not count);
//! - after every call to a `returns_twice` function (`setjmp`: `longjmp`
//!   returns there indirectly);
//! - the start of every block whose address a `blockaddress` takes (jump
//!   table targets are reached by a `notrack` jump and get none);
//! - after the first `EH_LABEL` of every landing pad.
//!
//! Nothing is inserted where an `endbr` is already the next instruction.
//! Runs after block placement; the analysis of the module (which local
//! functions have their address taken) is made once, [`IbtModule`].

use crate::func::{MachFunction, SymTarget};
use crate::passes::frame_layout::for_each_fn_attr;
use crate::target::{iflag, MOpc, TargetInfo};
use rcc_ir::attrs::Attr;
use rcc_ir::constant::{ConstKind, ConstPool};
use rcc_ir::entity::EntityId;
use rcc_ir::inst::Opcode;
use rcc_ir::value::ValueTag;
use rcc_ir::{GlobalId, Module, Value};

/// What the pass needs to know about the module: present only under
/// `cf-protection-branch`.
#[derive(Clone, Debug)]
pub struct IbtModule {
    /// Per global: a function whose address is taken.
    address_taken: Vec<bool>,
}

impl IbtModule {
    /// The module's analysis, or `None` without `cf-protection-branch`.
    pub fn new(m: &Module) -> Option<IbtModule> {
        m.module_flag("cf-protection-branch")?;
        let mut taken = vec![false; m.globals.len()];
        let mut mark = |v: Value| {
            if let Some(g) = v.as_entity::<GlobalId>(ValueTag::Global) {
                taken[g.index()] = true;
            }
        };
        // Constants: every reference but the function of a blockaddress.
        let pool_uses = |pool: &ConstPool, mark: &mut dyn FnMut(Value)| {
            for &v in &pool.elems {
                mark(v);
            }
            for (_, d) in pool.data.iter() {
                if let ConstKind::DsoLocalEquivalent(v) | ConstKind::NoCfi(v) = d.kind {
                    mark(v)
                }
            }
        };
        pool_uses(&m.consts, &mut mark);
        for f in &m.bodies {
            pool_uses(&f.consts, &mut mark);
            for b in f.blocks.keys() {
                for i in f.block_insts(b) {
                    let callee = matches!(f.op(i), Opcode::Call | Opcode::Invoke | Opcode::CallBr);
                    for (k, &v) in f.inst_ops(i).iter().enumerate() {
                        if !(callee && k == 0) {
                            mark(v);
                        }
                    }
                }
            }
        }
        crate::emit::global_refs(m, &mut mark);
        Some(IbtModule {
            address_taken: taken,
        })
    }
}

fn has_word_attr(m: &Module, g: GlobalId, word: &str) -> bool {
    let mut found = false;
    for_each_fn_attr(m, g, |a| {
        if let Attr::Word(s) | Attr::Raw(s) = a {
            found |= m.str(*s) == word;
        }
    });
    found
}

/// Inserts the `endbr` instructions (opcode `endbr`) into `mf`, function
/// `g` of `m`; `blockaddr(ir_block)`: a global initializer takes the
/// address of that block. Returns the number inserted.
pub fn insert_endbr(
    mf: &mut MachFunction,
    m: &Module,
    g: GlobalId,
    info: &IbtModule,
    t: &dyn TargetInfo,
    endbr: MOpc,
    blockaddr: &dyn Fn(u32) -> bool,
) -> u32 {
    let gl = &m.globals[g];
    let entry_needed = !has_word_attr(m, g, "nocf_check")
        && (!gl.linkage.is_local() || info.address_taken[g.index()]);
    let in_jump_table = |mf: &MachFunction, b| {
        (0..mf.jump_tables.len()).any(|j| mf.jump_tables[j].get(&mf.jt_pool).contains(&b))
    };
    let returns_twice = |mf: &MachFunction, i| {
        let o = mf.operands(i).first().copied();
        match o.and_then(|o| mf.sym_of(o)) {
            Some(s) => match s.target {
                SymTarget::Global(c) => has_word_attr(m, c, "returns_twice"),
                _ => false,
            },
            None => false,
        }
    };
    let entry = mf.order.first().copied();
    let mut added = 0;
    let mut layout = Vec::new();
    mf.rewrite(&mut layout, |mf, b, old, out| {
        let d = mf.blocks[b];
        let bb_target = (d.address_taken && !in_jump_table(mf, b))
            || (d.ir_block != u32::MAX && blockaddr(d.ir_block));
        let pad = mf.eh.is_pad(b);
        let mut want_next = (Some(b) == entry && entry_needed) || bb_target;
        let mut label_seen = false;
        for &i in old {
            if want_next {
                want_next = false;
                if mf.opc(i) != endbr {
                    out.push(mf.create(endbr, &[]));
                    added += 1;
                }
            }
            out.push(i);
            let opc = mf.opc(i);
            if pad && opc == MOpc::EH_LABEL && !label_seen {
                label_seen = true;
                want_next = true;
            }
            if opc
                .as_target()
                .is_some_and(|o| t.inst_flags(o) & iflag::CALL != 0)
                && returns_twice(mf, i)
            {
                want_next = true;
            }
        }
        if want_next {
            out.push(mf.create(endbr, &[]));
            added += 1;
        }
    });
    added
}
