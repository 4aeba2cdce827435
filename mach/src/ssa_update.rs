//! Repairs SSA form after a pass gives a virtual register more than one
//! definition (LLVM's `MachineSSAUpdater`): given the register `%v`, the
//! blocks at whose end a value of `%v` is available (the original def's
//! block and the blocks that received a copy of it, each with its own
//! register), every use of `%v` outside the original def's block is
//! rewritten to the value reaching it, with new PHIs where values meet.
//!
//! Method (the on-demand construction of Braun et al., done without
//! recursion): every block whose entry value is needed (a use's block, or
//! a predecessor on the way back to the available values) gets a
//! placeholder PHI over its unique predecessors; placeholders whose inputs
//! are all one value (ignoring themselves) are that value, repeated to a
//! fixpoint; what remains becomes real PHIs. A needed block without
//! predecessors (unreachable) reads an `IMPLICIT_DEF`.
//!
//! Invariants: the available values must be correct at the end of their
//! blocks; a PHI use reads the value at the end of its incoming block, any
//! other use the value at its block's entry (so a use before a copy in the
//! same block is right). The updater creates instructions but does not
//! place them: [`SsaUpdater::inserted`] lists them with their blocks (PHIs
//! go to the block's start, `IMPLICIT_DEF`s after its PHIs).

use crate::func::{MBlock, MInst, MachFunction, Preds};
use crate::operand::{flag, OpKind, Operand};
use crate::reg::{Reg, VReg};
use crate::target::MOpc;
use rcc_ir::entity::EntityId;

const NONE: u32 = u32::MAX;
/// Values with this bit are placeholders: `NODE | node index`.
const NODE: u32 = 1 << 31;

/// A use to rewrite: operand `op` of `inst`, placed in `block`.
#[derive(Copy, Clone, Debug)]
pub struct Use {
    pub block: MBlock,
    pub inst: MInst,
    pub op: u32,
}

/// Reused buffers of the updater.
#[derive(Default)]
pub struct SsaUpdater {
    /// Per block: the value available at its end (`NONE`: none).
    avail: Vec<u32>,
    /// Per block: its placeholder (`NONE`: none).
    node: Vec<u32>,
    /// Blocks whose `avail`/`node` entries are set.
    touched: Vec<MBlock>,
    /// Per placeholder: its block, its inputs (`inc[start..end]`) and the
    /// value it stands for once known.
    nodes: Vec<MBlock>,
    inc_start: Vec<u32>,
    inc: Vec<(u32, MBlock)>,
    resolved: Vec<u32>,
    phi_reg: Vec<u32>,
    work: Vec<MBlock>,
    uniq: Vec<MBlock>,
    /// The instructions the last [`SsaUpdater::rewrite`] created, with the
    /// block each belongs to (see the module comment for where).
    pub inserted: Vec<(MBlock, MInst)>,
}

impl SsaUpdater {
    /// Rewrites `uses` of `v` (see the module comment): `def_block` holds
    /// the original def, if it is still there; `avail` lists the other
    /// blocks with a value of `v` at their end. Returns the number of PHIs
    /// created.
    pub fn rewrite(
        &mut self,
        mf: &mut MachFunction,
        preds: &Preds,
        v: VReg,
        def_block: Option<MBlock>,
        avail: &[(MBlock, VReg)],
        uses: &[Use],
    ) -> usize {
        let n = mf.blocks.len();
        for &b in &self.touched {
            if let Some(x) = self.avail.get_mut(b.index()) {
                *x = NONE;
            }
            if let Some(x) = self.node.get_mut(b.index()) {
                *x = NONE;
            }
        }
        self.touched.clear();
        self.avail.resize(n, NONE);
        self.node.resize(n, NONE);
        self.nodes.clear();
        self.inc_start.clear();
        self.inc.clear();
        self.resolved.clear();
        self.phi_reg.clear();
        self.work.clear();
        self.inserted.clear();
        if let Some(d) = def_block {
            self.avail[d.index()] = v.as_u32();
            self.touched.push(d);
        }
        for &(b, r) in avail {
            self.avail[b.index()] = r.as_u32();
            self.touched.push(b);
        }
        // The blocks whose entry value is needed.
        for u in uses {
            match self.need(mf, def_block, u) {
                Some(b) if self.avail[b.index()] == NONE || !is_phi_use(mf, u) => self.add_node(b),
                _ => {}
            }
        }
        while let Some(b) = self.work.pop() {
            for k in 0..preds.of(b).len() {
                let p = preds.of(b)[k];
                if self.avail[p.index()] == NONE {
                    self.add_node(p);
                }
            }
        }
        // Placeholder inputs: the value at the end of each unique
        // predecessor.
        for k in 0..self.nodes.len() {
            let b = self.nodes[k];
            self.inc_start.push(self.inc.len() as u32);
            self.uniq.clear();
            for &p in preds.of(b) {
                if !self.uniq.contains(&p) {
                    self.uniq.push(p);
                }
            }
            for j in 0..self.uniq.len() {
                let p = self.uniq[j];
                let val = self.end_value(p);
                self.inc.push((val, p));
            }
        }
        self.inc_start.push(self.inc.len() as u32);
        self.resolved.resize(self.nodes.len(), NONE);
        // A needed block without predecessors reads an undefined value.
        for k in 0..self.nodes.len() {
            if self.inc_start[k] == self.inc_start[k + 1] {
                let r = mf.new_vreg(mf.class_of(v));
                let i = mf.create(MOpc::IMPLICIT_DEF, &[Operand::reg_def(Reg::virt(r))]);
                self.inserted.push((self.nodes[k], i));
                self.resolved[k] = r.as_u32();
            }
        }
        // Placeholders with one input value (themselves aside) are it.
        loop {
            let mut changed = false;
            for k in 0..self.nodes.len() {
                if self.resolved[k] != NONE {
                    continue;
                }
                let me = NODE | k as u32;
                let mut one = NONE;
                let mut many = false;
                for j in self.inc_start[k]..self.inc_start[k + 1] {
                    let r = self.res(self.inc[j as usize].0);
                    if r == me || r == one {
                        continue;
                    }
                    if one != NONE {
                        many = true;
                        break;
                    }
                    one = r;
                }
                if !many && one != NONE {
                    self.resolved[k] = one;
                    changed = true;
                }
            }
            if !changed {
                break;
            }
        }
        // The rest are PHIs.
        self.phi_reg.resize(self.nodes.len(), NONE);
        let mut phis = 0;
        for k in 0..self.nodes.len() {
            if self.resolved[k] == NONE {
                self.phi_reg[k] = mf.new_vreg(mf.class_of(v)).as_u32();
            }
        }
        let mut ops = Vec::new();
        for k in 0..self.nodes.len() {
            if self.resolved[k] != NONE {
                continue;
            }
            ops.clear();
            ops.push(Operand::reg_def(Reg::virt(VReg::from_u32(self.phi_reg[k]))));
            for j in self.inc_start[k]..self.inc_start[k + 1] {
                let (val, p) = self.inc[j as usize];
                ops.push(Operand::reg_use(Reg::virt(self.final_value(val))));
                ops.push(Operand::block(p));
            }
            let i = mf.create(MOpc::PHI, &ops);
            self.inserted.push((self.nodes[k], i));
            phis += 1;
        }
        // The uses.
        for u in uses {
            let val = if is_phi_use(mf, u) {
                let Some(p) = incoming(mf, u) else { continue };
                self.end_value(p)
            } else {
                if def_block == Some(u.block) {
                    continue;
                }
                NODE | self.node[u.block.index()]
            };
            let r = self.final_value(val);
            let o = &mut mf.operands_mut(u.inst)[u.op as usize];
            o.set_reg(Reg::virt(r));
            o.set(flag::KILL, false);
        }
        phis
    }

    /// The block whose entry (or end, for a PHI use) value `u` needs.
    fn need(&self, mf: &MachFunction, def_block: Option<MBlock>, u: &Use) -> Option<MBlock> {
        if is_phi_use(mf, u) {
            incoming(mf, u)
        } else if def_block == Some(u.block) {
            None
        } else {
            Some(u.block)
        }
    }

    fn add_node(&mut self, b: MBlock) {
        if self.node[b.index()] == NONE {
            self.node[b.index()] = self.nodes.len() as u32;
            self.nodes.push(b);
            self.touched.push(b);
            self.work.push(b);
        }
    }

    /// The value at the end of `p`: its own, else its entry value.
    fn end_value(&self, p: MBlock) -> u32 {
        match self.avail[p.index()] {
            NONE => NODE | self.node[p.index()],
            r => r,
        }
    }

    /// Follows resolved placeholders.
    fn res(&self, mut val: u32) -> u32 {
        while val & NODE != 0 {
            match self.resolved[(val & !NODE) as usize] {
                NONE => break,
                r => val = r,
            }
        }
        val
    }

    /// The register a value finally is.
    fn final_value(&self, val: u32) -> VReg {
        let r = self.res(val);
        if r & NODE != 0 {
            VReg::from_u32(self.phi_reg[(r & !NODE) as usize])
        } else {
            VReg::from_u32(r)
        }
    }
}

fn is_phi_use(mf: &MachFunction, u: &Use) -> bool {
    mf.opc(u.inst) == MOpc::PHI
}

/// The block a PHI input comes from.
fn incoming(mf: &MachFunction, u: &Use) -> Option<MBlock> {
    mf.operands(u.inst)
        .get(u.op as usize + 1)
        .filter(|o| o.kind() == OpKind::Block)
        .map(|o| MBlock::from_u32(o.payload()))
}
