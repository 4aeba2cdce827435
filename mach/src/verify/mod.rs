//! The machine verifier (`-verify-machineinstrs`): checks a
//! [`MachFunction`] against the target's operand descriptions and against
//! what its [`prop`](crate::func::prop) bits promise, and returns every
//! problem found, each naming the function, the block, the instruction
//! (printed by the MIR printer) and the problem.
//!
//! Checks, by module:
//! - here: the layout (block ranges inside the layout, every placed
//!   instruction once, valid opcodes), then the per-area checks below,
//!   which may index freely once the layout is sound;
//! - [`operands`]: operand counts and kinds against
//!   [`constraint`](crate::constraint) entries for target opcodes and the
//!   fixed shapes of generic opcodes; register classes (a virtual
//!   register's class must be a sub- or super-class of the slot's, or, with
//!   a sub-register index, have a member whose part is in the slot's class;
//!   a physical register must be in the slot's class); tied operands;
//!   no virtual registers once `NO_VREGS`, no PHIs once `NO_PHIS`;
//! - [`flow`]: PHIs only at block starts, terminators only at block ends,
//!   nothing after a barrier, branch targets and fall-through agreeing with
//!   the successor lists;
//! - [`ssa`] (while `IS_SSA`): one def per virtual register, defs
//!   dominating uses (by order within a block, by the dominator tree across
//!   blocks; a PHI input at the end of its predecessor), one PHI input per
//!   predecessor;
//! - [`phys`] (once `NO_VREGS`): no physical register read in a block
//!   before it is written there, unless it is live into the block
//!   (reserved registers and `undef` reads excepted).
//!
//! The verifier never panics on a malformed function: every index is
//! checked before use.

mod flow;
mod operands;
mod phys;
mod ssa;

use crate::func::{prop, MBlock, MInst, MachFunction};
use crate::printer::print_inst;
use crate::target::{MOpc, TargetInfo};
use rcc_ir::entity::EntityId;
use rcc_ir::Module;
use std::fmt;

/// One problem the verifier found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VerifyError {
    /// The function's name.
    pub func: String,
    /// The block, if the problem is inside one.
    pub block: Option<MBlock>,
    /// The instruction as MIR text, if the problem is about one.
    pub inst: Option<String>,
    pub message: String,
}

impl fmt::Display for VerifyError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "in function '{}'", self.func)?;
        if let Some(b) = self.block {
            write!(f, ", {b}")?;
        }
        if let Some(i) = &self.inst {
            write!(f, ", `{i}`")?;
        }
        write!(f, ": {}", self.message)
    }
}

/// Shared state of one verification.
pub(crate) struct Verifier<'a> {
    pub mf: &'a MachFunction,
    pub m: &'a Module,
    pub t: &'a dyn TargetInfo,
    pub errors: Vec<VerifyError>,
}

impl Verifier<'_> {
    /// Records a problem at block `b` / instruction `i`.
    pub fn err(&mut self, b: Option<MBlock>, i: Option<MInst>, message: impl Into<String>) {
        let g = &self.m.globals[self.mf.func];
        let inst = i.map(|i| {
            let mut s = String::new();
            print_inst(&mut s, self.mf, self.m, self.t, i);
            s
        });
        self.errors.push(VerifyError {
            func: self.m.str(g.name).to_string(),
            block: b,
            inst,
            message: message.into(),
        });
    }

    /// The name of physical register `r`, with its sigil.
    pub fn preg_name(&self, r: crate::reg::PReg) -> String {
        format!("${}", self.t.reg_name(r))
    }
}

/// Verifies `mf`; an empty list means it is well formed.
pub fn verify(mf: &MachFunction, m: &Module, t: &dyn TargetInfo) -> Vec<VerifyError> {
    let mut v = Verifier {
        mf,
        m,
        t,
        errors: Vec::new(),
    };
    if !check_layout(&mut v) {
        return v.errors;
    }
    operands::check(&mut v);
    flow::check(&mut v);
    if mf.has_prop(prop::IS_SSA) {
        ssa::check(&mut v);
    }
    if mf.has_prop(prop::NO_VREGS) {
        phys::check(&mut v);
    }
    v.errors
}

/// Verifies `mf` and renders the errors, one per line, or `Ok`.
pub fn verify_to_string(mf: &MachFunction, m: &Module, t: &dyn TargetInfo) -> Result<(), String> {
    let errs = verify(mf, m, t);
    if errs.is_empty() {
        return Ok(());
    }
    let mut s = String::new();
    for e in &errs {
        s.push_str(&e.to_string());
        s.push('\n');
    }
    Err(s)
}

/// Block ranges, instruction ids and opcodes; false if later checks could
/// not index safely.
fn check_layout(v: &mut Verifier) -> bool {
    let mf = v.mf;
    let mut ok = true;
    if mf.order.is_empty() {
        v.err(None, None, "function has no blocks");
        return false;
    }
    let mut block_seen = vec![false; mf.blocks.len()];
    let mut inst_seen = vec![false; mf.num_insts()];
    for &b in &mf.order {
        if b.index() >= mf.blocks.len() {
            v.err(None, None, format!("{b} in the block order does not exist"));
            return false;
        }
        if std::mem::replace(&mut block_seen[b.index()], true) {
            v.err(Some(b), None, "block appears twice in the block order");
            ok = false;
        }
        let d = &mf.blocks[b];
        if d.start > d.end || d.end as usize > mf.layout.len() {
            v.err(Some(b), None, "block range lies outside the layout");
            ok = false;
            continue;
        }
        for &i in mf.block_insts(b) {
            if i.index() >= mf.num_insts() {
                v.err(Some(b), None, format!("{i} does not exist"));
                ok = false;
                continue;
            }
            if std::mem::replace(&mut inst_seen[i.index()], true) {
                v.err(Some(b), Some(i), "instruction placed twice");
                ok = false;
            }
            let opc = mf.opc(i);
            let valid = match opc.as_target() {
                Some(op) => op < v.t.num_opcodes(),
                None => opc.0 < MOpc::NUM_GENERIC,
            };
            if !valid {
                v.err(Some(b), None, format!("{i} has invalid opcode {}", opc.0));
                ok = false;
            }
        }
        for &s in mf.succs(b) {
            if s.index() >= mf.blocks.len() {
                v.err(Some(b), None, format!("successor {s} does not exist"));
                ok = false;
            } else if !mf.order.contains(&s) {
                v.err(
                    Some(b),
                    None,
                    format!("successor {s} is not in the block order"),
                );
            }
        }
    }
    ok
}
